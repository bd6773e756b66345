// The doubling cube (BG-7.2, BG-8.3, BG-8.4, BG-9.1, BG-9.4) and the scoring of a game (BG-7.3 to
// BG-7.6, BG-9.2, BG-9.3). Expected values written from the rules.
#include <doctest/doctest.h>

#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/game/scoring.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

TEST_CASE("BG-7.2: the cube starts centered at 1; either player has access (BG-8.3)") {
  constexpr Cube c;
  static_assert(c.value() == 1 && c.is_centered());
  CHECK(c.has_access(0));
  CHECK(c.has_access(1));
}

TEST_CASE("BG-8.4/BG-8.3: a taken double doubles the stake and the taker owns the cube") {
  const Cube c = Cube{}.taken_by(1);
  CHECK(c.value() == 2);
  CHECK(c.owner() == 1);
  CHECK_FALSE(c.is_centered());
  CHECK(c.has_access(1));
  CHECK_FALSE(c.has_access(0));
  const Cube r = c.taken_by(0);  // redouble taken by player 0
  CHECK(r.value() == 4);
  CHECK(r.owner() == 0);
}

TEST_CASE("BG-9.1: an automatic double leaves the cube centered; BG-9.4: a beaver is x4 kept by the beaverer") {
  CHECK(Cube{}.auto_doubled() == Cube::centered_at(2));
  CHECK(Cube{}.auto_doubled().is_centered());
  CHECK(Cube{}.beavered_by(0) == Cube::owned_by(0, 4));
  CHECK(Cube{}.beavered_by(0).value() == 4);
}

TEST_CASE("BG-7.3..BG-7.5: single, gammon, backgammon score 1, 2, 3 times the cube") {
  const SessionRules money = SessionRules::money();
  for (int lg = 0; lg <= 6; ++lg) {
    const Cube c = Cube::from_log2(lg, 0);
    CHECK(game_points(WinKind::Single, c, money) == (1 << lg));
    CHECK(game_points(WinKind::Gammon, c, money) == 2 * (1 << lg));
    CHECK(game_points(WinKind::Backgammon, c, money) == 3 * (1 << lg));
  }
}

TEST_CASE("BG-7.6: with the option a backgammon counts as a gammon") {
  SessionRules r = SessionRules::match(7);
  r.bg_as_gammon = true;
  CHECK(game_points(WinKind::Backgammon, Cube::owned_by(1, 2), r) == 4);
  CHECK(game_points(WinKind::Gammon, Cube::owned_by(1, 2), r) == 4);
}

TEST_CASE("BG-9.2: Jacoby: gammons and backgammons count single until the cube is turned") {
  const SessionRules j = SessionRules::money({.jacoby = true});
  CHECK(game_points(WinKind::Gammon, Cube{}, j) == 1);
  CHECK(game_points(WinKind::Backgammon, Cube{}, j) == 1);
  CHECK(game_points(WinKind::Gammon, Cube{}.auto_doubled(), j) == 2);  // cube never turned: single x 2
  CHECK(game_points(WinKind::Gammon, Cube{}.taken_by(0), j) == 4);     // turned: gammon counts
  CHECK(game_points(WinKind::Backgammon, Cube{}.taken_by(1), j) == 6);
}

TEST_CASE("BG-9.3: neither Jacoby nor automatic doubles nor beavers in a match") {
  SessionRules r = SessionRules::match(5);
  r.jacoby = true;
  r.auto_doubles = 3;
  r.beavers = 1;
  CHECK_FALSE(r.effective_jacoby());
  CHECK(r.effective_auto_doubles() == 0);
  CHECK_FALSE(r.effective_beavers());
  CHECK(game_points(WinKind::Gammon, Cube{}, r) == 2);
}

TEST_CASE("BG-8.5: the cube cap; rules validation says what is wrong") {
  SessionRules r = SessionRules::money();
  CHECK(r.max_cube() == kMaxCubeValue);
  r.cube_cap = 64;
  CHECK(r.max_cube() == 64);
  CHECK(validate(r).has_value());
  r.cube_cap = 48;
  CHECK(validate(r).error().where == "cube cap");
  r.cube_cap = 0;
  r.match_length = -1;
  CHECK(validate(r).error().where == "match length");
  r.match_length = 0;
  r.auto_doubles = 16;
  CHECK(validate(r).error().where == "auto doubles");
}

TEST_CASE("BG-8.3: the cube's named factories say what they make") {
  CHECK(Cube{}.value() == 1);
  CHECK(Cube{}.is_centered());
  CHECK(Cube::centered_at(8).value() == 8);
  CHECK(Cube::centered_at(8).is_centered());
  CHECK(Cube::owned_by(1, 16).value() == 16);
  CHECK(Cube::owned_by(1, 16).owner() == 1);
  CHECK(Cube::from_log2(3, -1) == Cube::centered_at(8));
  CHECK(Cube::from_log2(2, 0) == Cube::owned_by(0, 4));
  CHECK(Cube::owned_by(0, 2) == Cube{}.taken_by(0));
  static_assert(Cube::centered_at(kMaxCubeValue).log2_value() == 15);
}

TEST_CASE("BG-9/BG-10: SessionRules::money and ::match take their options by name") {
  const SessionRules m = SessionRules::money({.jacoby = true, .beavers = 2, .cube_cap = 16});
  CHECK_FALSE(m.is_match());
  CHECK(m.jacoby);
  CHECK(m.auto_doubles == 0);
  CHECK(m.beavers == 2);
  CHECK(m.cube_cap == 16);
  CHECK_FALSE(m.bg_as_gammon);
  const SessionRules plain = SessionRules::money();
  CHECK_FALSE(plain.jacoby);
  CHECK(plain.beavers == 0);
  const SessionRules x = SessionRules::match(7, {.crawford = false, .bg_as_gammon = true});
  CHECK(x.match_length == 7);
  CHECK_FALSE(x.crawford);
  CHECK(x.bg_as_gammon);
  CHECK(SessionRules::match(5).crawford);  // BG-10.2: on unless turned off
}
