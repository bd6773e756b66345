// Match play (BG-10) and money sessions (BG-9) over BasicMatch, and the Match ID of a match state:
// Crawford game exactly once, post-Crawford, match winner, a refused double scoring the
// pre-double value, Jacoby and automatic doubles off in a match, GNUbg IDs written by gnubg.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/game/match.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {
// Gives `winner` a game: the other player wins the opening throw and resigns `kind` at once.
void give(Match& m, int winner, Resign kind = Resign::Single) {
  REQUIRE(m.game().phase() == Phase::Opening);
  REQUIRE(m.opening_roll(winner == 0 ? 1 : 6, winner == 0 ? 6 : 1).has_value());
  REQUIRE(m.resign(kind).has_value());
  REQUIRE(m.accept().has_value());
}
// Plays the opening 3-1 for whoever won it, so that the other player is at the start of a turn.
void open_and_play(Match& m, int first) {
  REQUIRE(m.opening_roll(first == 0 ? 3 : 1, first == 0 ? 1 : 3).has_value());
  Play p{};
  p.add(8, 5, false);
  p.add(6, 5, false);
  REQUIRE(m.play(p).has_value());
}
}  // namespace

TEST_CASE("BG-10.2: the Crawford game comes exactly once, when a player first reaches N-1") {
  Match m(SessionRules::match(3));
  give(m, 0);
  CHECK_FALSE(m.crawford_game());
  give(m, 0);  // 2-0: player 0 is 1 away
  CHECK(m.score() == std::array<int, 2>{2, 0});
  CHECK(m.crawford_game());
  CHECK(match_id_fields(m).crawford);
  open_and_play(m, 0);
  CHECK(m.game().phase() == Phase::TurnStart);
  CHECK_FALSE(m.game().may_double());
  const Match before = m;
  const auto st = m.double_cube();
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(st.error().message.find("Crawford") != std::string::npos);
  CHECK(m == before);
  REQUIRE(m.resign(Resign::Single).has_value());  // player 1 resigns the Crawford game
  REQUIRE(m.reject().has_value());
  REQUIRE(m.resign(Resign::Gammon).has_value());
  REQUIRE(m.accept().has_value());  // 2-0 + 2 for player 0: the match is over
  CHECK(m.over());
  CHECK(m.winner() == 0);
  CHECK(m.score() == std::array<int, 2>{4, 0});
  const auto after = m.roll(Dice(3, 1));
  CHECK_FALSE(after.has_value());
  CHECK(after.error().code == boardrules::ErrorCode::illegal_action);
}

TEST_CASE("BG-10.2: post-Crawford games use the cube, and no second Crawford game") {
  Match m(SessionRules::match(3));
  give(m, 1);
  give(m, 1);  // 0-2
  CHECK(m.crawford_game());
  give(m, 0);  // Crawford game won by the trailer: 1-2
  CHECK_FALSE(m.crawford_game());
  CHECK(m.post_crawford());
  open_and_play(m, 0);
  CHECK(m.game().may_double());
  REQUIRE(m.double_cube().has_value());
  REQUIRE(m.drop().has_value());  // player 1 doubled, player 0 passed: 1-3, match over
  CHECK(m.over());
  CHECK(m.winner() == 1);

  Match n(SessionRules::match(5));
  give(n, 0, Resign::Gammon);
  give(n, 0, Resign::Gammon);  // 4-0: Crawford
  CHECK(n.crawford_game());
  give(n, 1, Resign::Backgammon);  // 4-3
  give(n, 1);                      // 4-4: both 1 away, still post-Crawford
  CHECK_FALSE(n.crawford_game());
  CHECK(n.post_crawford());
  CHECK_FALSE(match_id_fields(n).crawford);
}

TEST_CASE("BG-10.2: without the Crawford rule there is no Crawford game") {
  Match m(SessionRules::match(3, {.crawford = false}));
  give(m, 0);
  give(m, 0);
  CHECK_FALSE(m.crawford_game());
  open_and_play(m, 1);
  CHECK(m.game().may_double());
}

TEST_CASE("BG-10.1: the first to reach or pass N wins; a refused double scores the pre-double value") {
  Match m(SessionRules::match(5));
  open_and_play(m, 0);
  REQUIRE(m.double_cube().has_value());  // player 1 doubles to 2
  REQUIRE(m.take().has_value());
  REQUIRE(m.roll(Dice(2, 1)).has_value());
  Play p{};
  p.add(13, 11, false);
  p.add(24, 23, false);
  REQUIRE(m.play(p).has_value());
  REQUIRE(m.double_cube().has_value());  // player 0 redoubles to 4
  REQUIRE(m.drop().has_value());         // player 1 passes: player 0 wins 2, not 4
  CHECK(m.score() == std::array<int, 2>{2, 0});
  CHECK(m.last_result().points == 2);
  CHECK(m.games_played() == 1);
  CHECK(m.game().phase() == Phase::Opening);  // the next game starts by itself
  give(m, 0, Resign::Backgammon);             // 5-0: passed N
  CHECK(m.over());
  CHECK(m.winner() == 0);
}

TEST_CASE("BG-9.3: no automatic doubles and no Jacoby rule in a match") {
  SessionRules r = SessionRules::match(7);
  r.auto_doubles = 2;
  r.jacoby = true;
  Match m(r);
  REQUIRE(m.opening_roll(5, 5).has_value());
  CHECK(m.game().cube().value() == 1);
  CHECK_FALSE(match_id_fields(m).jacoby);
  // a gammon with the cube centered counts 2 in the match
  Position p;
  p.set(Side::Mover, 1, 1);
  p.set(Side::Mover, kOff, 14);
  p.set(Side::Opponent, 12, 15);
  MatchIdFields f{.on_roll = 1, .turn = 1, .die1 = 2, .die2 = 1, .match_length = 7};
  auto g = match_from_gnubg(p, f, r);
  REQUIRE(g.has_value());
  Match mm = *g;
  Play off{};
  off.add(1, 0, false);
  REQUIRE(mm.play(off).has_value());
  CHECK(mm.score() == std::array<int, 2>{0, 2});
  // the same in money play with Jacoby: 1 point
  f.match_length = 0;
  f.jacoby = true;
  auto money = match_from_gnubg(p, f, SessionRules::money({.jacoby = true}));
  REQUIRE(money.has_value());
  Match mo = *money;
  REQUIRE(mo.play(off).has_value());
  CHECK(mo.score() == std::array<int, 2>{0, 1});
  CHECK(mo.game().phase() == Phase::Opening);  // money sessions go on
  CHECK_FALSE(mo.over());
}

TEST_CASE("Match ID of a match state equals GNU Backgammon's") {
  // gnubg: new 5-point match, player 1 won the opening with 2-1
  Match m(SessionRules::match(5));
  REQUIRE(m.opening_roll(1, 2).has_value());
  CHECK(format_gnubg_id(m) == "4HPwATDgc/ABMA:cAmlAAAAAAAE");
  // gnubg: money session with Jacoby, player 0 played 2-1 (24/23 13/11), player 1 doubled
  Match j(SessionRules::money({.jacoby = true}));
  REQUIRE(j.opening_roll(2, 1).has_value());
  Play p{};
  p.add(24, 23, false);
  p.add(13, 11, false);
  REQUIRE(j.play(p).has_value());
  REQUIRE(j.double_cube().has_value());
  CHECK(format_gnubg_id(j) == "4HPkASjgc/ABMA:cBEAAAAAAAAA");
  REQUIRE(j.take().has_value());
  REQUIRE(j.roll(Dice(4, 1)).has_value());
  CHECK(format_gnubg_id(j) == "4HPkASjgc/ABMA:QQkGAAAAAAAA");
  REQUIRE(j.resign(Resign::Gammon).has_value());
  CHECK(format_gnubg_id(j) == "4HPkASjgc/ABMA:QUEGAAAAAAAA");
  REQUIRE(j.accept().has_value());
  CHECK(j.score() == std::array<int, 2>{4, 0});  // gnubg: "gnubg wins a gammon and 4 points"
}

TEST_CASE("from_gnubg: every final GNUbg ID of the gnubg-recorded replays decodes and re-encodes") {
  const std::filesystem::path dir = std::filesystem::path(BOARDRULES_TEST_DATA_DIR) / "backgammon" / "replays";
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".expected") continue;
    std::ifstream in(e.path());
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("id ", 0) != 0) continue;
      const std::string id = line.substr(3);
      CAPTURE(id);
      auto d = parse_gnubg_id<>(id);
      REQUIRE(d.has_value());
      SessionRules r = SessionRules::match(1);
      auto m = match_from_gnubg(d->position, d->fields, r);
      REQUIRE(m.has_value());
      CHECK(format_gnubg_id(*m) == id);
      ++n;
    }
  }
  CHECK(n >= 10);
}

TEST_CASE("from_gnubg refuses inconsistent IDs with a reason") {
  MatchIdFields f;
  f.match_length = 5;
  f.score = {5, 0};
  auto won = match_from_gnubg(Position::start(), f);
  REQUIRE_FALSE(won.has_value());
  CHECK(won.error().where == "score");
  f.score = {2, 1};
  f.crawford = true;
  CHECK(match_from_gnubg(Position::start(), f).error().where == "crawford");
  f.crawford = false;
  f.state = MatchIdGameState::Over;
  CHECK(match_from_gnubg(Position::start(), f).error().where == "game state");
  f.state = MatchIdGameState::Playing;
  f.doubled = true;  // turn must be the opponent
  CHECK(match_from_gnubg(Position::start(), f).error().where == "turn");
}

TEST_CASE("dice from the library's Rng: the opening is thrown until the dice differ, then turns") {
  Rng rng(5);
  Match m(SessionRules::money({.auto_doubles = 1}));
  REQUIRE(m.roll(rng).has_value());
  CHECK(m.game().phase() == Phase::Rolled);
  CHECK(m.game().dice().d1() != m.game().dice().d2());
  PlayList plays;
  m.game().legal_plays(plays);
  REQUIRE(m.play(plays[0]).has_value());
  REQUIRE(m.roll(rng).has_value());
  if (m.game().phase() == Phase::Rolled) {  // thrown again before playing: refused, unchanged
    const Match before = m;
    CHECK_FALSE(m.roll(rng).has_value());
    CHECK(m == before);
  }
}
