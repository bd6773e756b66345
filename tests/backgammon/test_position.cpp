// Position properties the generator relies on: flipped twice is the identity, apply keeps the
// checker counts, and the layout bytes 26..31 and 58..63 stay zero; validate() tells a position
// that keeps these invariants from one that does not, and the game layer refuses the latter.

#include <doctest/doctest.h>

#include <string>

#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/game/game.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "test_gen_util.hpp"

using namespace gen_test;

TEST_CASE("flipped twice is the identity; flipped swaps the sides") {
  Rng rng(11);
  for (int i = 0; i < 2000; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % 5));
    CHECK(p.flipped().flipped() == p);
    for (int q = 0; q <= 25; ++q) {
      CHECK(p.flipped().mover(q) == p.opponent(q));
      CHECK(p.flipped().opponent(q) == p.mover(q));
    }
  }
  CHECK(Position::start().flipped() == Position::start());
}

namespace {
// Calls f(p, play) for every legal play of n random scatters (of the first `kinds` kinds in turn),
// each with a random throw, drawn from Rng(seed).
template <class F>
void for_each_random_play(std::uint64_t seed, int n, int kinds, F&& f) {
  Rng rng(seed);
  PlayList list;
  for (int i = 0; i < n; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % kinds));
    const Dice d = Dice::unchecked(rng.die(), rng.die());
    generate_plays(p, d, list);
    for (const Play& play : list) f(p, play);
  }
}
}  // namespace

TEST_CASE("apply keeps 15 checkers a side and the padding bytes zero") {
  for_each_random_play(12, 2000, 5, [](const Position& p, const Play& play) {
    const auto r = apply(p, play);
    CHECK(r.on_board(Side::Mover) + r.borne_off(Side::Mover) == 15);
    CHECK(r.on_board(Side::Opponent) + r.borne_off(Side::Opponent) == 15);
    for (std::size_t b = 26; b < 32; ++b) {
      CHECK(r.bytes()[b] == 0);
      CHECK(r.bytes()[b + 32] == 0);
    }
    // The opponent's checkers only go to the bar (BG-5.1); the mover's pips drop by the dice.
    CHECK(r.pips(Side::Opponent) >= p.pips(Side::Opponent));
    CHECK(r.pips(Side::Mover) < p.pips(Side::Mover));
  });
}

TEST_CASE("apply_flipped equals apply then flipped") {
  for_each_random_play(13, 3000, 6, [](const Position& p, const Play& play) {
    CHECK(apply_flipped(p, play) == apply(p, play).flipped());
  });
}

// ---- validate: the invariants of a position (BG-1.1, BG-1.3) --------------------------------

namespace {
// The error of validate(p), or "" when it succeeds.
template <class V>
std::string position_error(const BasicPosition<V>& p) {
  const Status st = validate(p);
  if (st.has_value()) return "";
  CHECK(st.error().code == ErrorCode::invalid_state);
  CHECK(st.error().where == "position");
  return st.error().message;
}
bool mentions(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }
}  // namespace

TEST_CASE("validate: the starting positions of the three variants and random scatters are valid") {
  CHECK(position_error(Position::start()).empty());
  CHECK(position_error(NackgammonPosition::start()).empty());
  CHECK(position_error(HypergammonPosition::start()).empty());
  static_assert(is_valid(Position::start()) && is_valid(HypergammonPosition::start()));
  Rng rng(5);
  for (int i = 0; i < 500; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % 6));
    CHECK(position_error(p).empty());
    CHECK(is_valid(p));
  }
}

TEST_CASE("validate: a side with more or fewer checkers than the variant has (BG-1.1)") {
  // 24 checkers of the mover, one on each point; the opponent's 15 on its bar. Given to the
  // generator with 1-1 it would make it write past the PlayList (precondition_abort.cpp).
  Position crowded;
  for (int q = 1; q <= 24; ++q) crowded.set(Side::Mover, q, 1);
  crowded.set(Side::Opponent, kBar, 15);
  CHECK(mentions(position_error(crowded), "the player on roll has 24 checkers"));
  CHECK_FALSE(is_valid(crowded));
  // The empty board: no checker at all.
  CHECK(mentions(position_error(Position{}), "the player on roll has 0 checkers"));
  // One checker missing from the other player (14 on board and off).
  Position short_one = Position::start();
  short_one.set(Side::Opponent, 6, 4);
  CHECK(mentions(position_error(short_one), "the other player has 14 checkers"));
  // Borne-off checkers count: 15 on the board and 1 off is 16.
  Position extra_off = Position::start();
  extra_off.set(Side::Mover, kOff, 1);
  CHECK(mentions(position_error(extra_off), "has 16 checkers"));
  // Hypergammon has 3 a side: the standard start is not one of its positions.
  HypergammonPosition hyper;
  hyper.bytes() = Position::start().bytes();
  CHECK(mentions(position_error(hyper), "has 15 checkers on its points, its bar and off, not 3"));
}

TEST_CASE("is_playable: the generators' precondition, at most the variant's checkers a side") {
  // A side short of checkers (a study; a Hypergammon database of 1 checker) is no position of
  // the game, but the generators take it; more checkers than the variant has, they do not.
  Position short_one = Position::start();
  short_one.set(Side::Opponent, 6, 4);
  CHECK_FALSE(is_valid(short_one));
  CHECK(is_playable(short_one));
  HypergammonPosition one;  // one checker a side (build_hyper(1)'s positions), none off
  one.set(Side::Mover, 6, 1);
  one.set(Side::Opponent, 6, 1);
  CHECK_FALSE(is_valid(one));
  CHECK(is_playable(one));
  Position crowded;
  for (int q = 1; q <= 24; ++q) crowded.set(Side::Mover, q, 1);
  CHECK_FALSE(is_playable(crowded));
  Position shared = Position::start();
  shared.set(Side::Mover, 6, 4);
  shared.set(Side::Mover, 1, 1);
  CHECK_FALSE(is_playable(shared));
  Position pad = Position::start();
  pad.bytes()[30] = 1;
  CHECK_FALSE(is_playable(pad));
  static_assert(is_playable(Position::start()) && is_playable(Position{}));
}

TEST_CASE("validate: a point held by both sides, a padding byte set") {
  // The mover's 1-point is the opponent's 24-point, where the opponent starts with 2 (BG-1.4).
  Position shared = Position::start();
  shared.set(Side::Mover, 6, 4);
  shared.set(Side::Mover, 1, 1);
  CHECK(mentions(position_error(shared), "point 1 of the player on roll (point 24 of the other player)"));
  CHECK_FALSE(is_valid(shared));
  // The bars are not points: both sides may have checkers there.
  Position bars = Position::start();
  bars.set(Side::Mover, 6, 4);
  bars.set(Side::Mover, kBar, 1);
  bars.set(Side::Opponent, 6, 4);
  bars.set(Side::Opponent, kBar, 1);
  CHECK(position_error(bars).empty());
  for (const std::size_t byte : {26u, 31u, 58u, 63u}) {
    Position p = Position::start();
    p.bytes()[byte] = 1;
    CHECK(mentions(position_error(p), ("byte " + std::to_string(byte) + " is padding").c_str()));
    CHECK_FALSE(is_valid(p));
  }
}

TEST_CASE("validate at the boundaries: Game::resume and parse_play refuse a position that breaks it") {
  Position crowded;
  for (int q = 1; q <= 24; ++q) crowded.set(Side::Mover, q, 1);
  crowded.set(Side::Opponent, kBar, 15);
  const auto g = Game::resume(SessionRules{}, {.position = crowded, .on_roll = 0, .phase = Phase::TurnStart});
  REQUIRE_FALSE(g.has_value());
  CHECK(g.error().code == ErrorCode::invalid_state);
  CHECK(mentions(g.error().message, "24 checkers"));
  // A rolled game with it would have generated the plays of 1-1 at once.
  const auto rolled =
      Game::resume(SessionRules{}, {.position = crowded, .on_roll = 0, .phase = Phase::Rolled, .dice = Dice(1, 1)});
  REQUIRE_FALSE(rolled.has_value());
  CHECK(rolled.error().code == ErrorCode::invalid_state);
  // parse_play (resolve_play) generates the plays of the position it is given: refused first.
  const auto play = parse_play(crowded, Dice(1, 1), "24/23");
  REQUIRE_FALSE(play.has_value());
  CHECK(play.error().code == ErrorCode::invalid_state);
  CHECK(play.error().where == "position");
  // An edited position short of a checker (14 for the other player) is refused too.
  Position short_one = Position::start();
  short_one.set(Side::Opponent, 6, 4);
  CHECK_FALSE(Game::resume(SessionRules{}, {.position = short_one, .phase = Phase::TurnStart}).has_value());
}
