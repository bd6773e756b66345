// The cube-aware example player (examples/common/cube_bot.hpp): its bear-off chances in
// positions whose result is known, its cube decisions where the match score decides them
// (post-Crawford, the Crawford game, the leader at 1-away), and that the baseline never doubles.
#include <doctest/doctest.h>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/bearoff.hpp"
#include "common/cube_bot.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

/// A 3-point match after the Crawford game at 2-0 (player 0 1-away, player 1 3-away), the
/// opening 3-1 thrown (`first` moves first) and played: the other player is at the start of its
/// turn.
State post_crawford(int first) {
  const SessionRules rules = SessionRules::match(3);
  const Match m(rules, MatchInProgress<Standard>{Game(rules, false), {2, 0}, true, false, 1});
  State s(m, StateOptions{});
  REQUIRE(s.apply_action(first == 0 ? Action::opening(3, 1) : Action::opening(1, 3)).has_value());
  REQUIRE(s.apply_action(*s.string_to_action("move 8/5 6/5")).has_value());
  REQUIRE(s.current_player() == 1 - first);
  return s;
}

}  // namespace

TEST_CASE("cube bot: bear-off chances from the one-sided database") {
  const auto db = build_one_sided_bearoff(2);
  REQUIRE(db.has_value());
  // The mover's last checker on its 2-point, the opponent's on its 1-point: every throw bears
  // the mover's off at once.
  Position q = Position::start();  // emptied below
  for (int pt = 1; pt <= 24; ++pt) {
    q.set(Side::Mover, pt, 0);
    q.set(Side::Opponent, pt, 0);
  }
  q.set(Side::Mover, kOff, 14);
  q.set(Side::Mover, 2, 1);
  q.set(Side::Opponent, kOff, 14);
  q.set(Side::Opponent, 1, 1);
  CHECK(bots::game_chances(q, &*db) == doctest::Approx(1.0));
  // Two checkers on the mover's 6-point (off the 2-point database: the race formula) against
  // one on the opponent's 1-point: behind, under 50%.
  q.set(Side::Mover, 2, 0);
  q.set(Side::Mover, kOff, 13);
  q.set(Side::Mover, 6, 2);
  CHECK(bots::game_chances(q, &*db) < 0.5);
}

TEST_CASE("cube bot: decisions the score makes") {
  Rng rng(1);
  // Post-Crawford, the trailer doubles at once (losing any game loses the match anyway).
  State t = post_crawford(0);
  CHECK(bots::cube_bot_action(t, rng).kind == ActionKind::Double);
  CHECK(bots::cube_bot_action(t, rng, bots::CubeBot{.doubles = false}).kind == ActionKind::NoDouble);
  // The leader at 1-away never doubles: its win is the match at any cube.
  State l = post_crawford(1);
  CHECK(bots::cube_bot_action(l, rng).kind == ActionKind::NoDouble);
  // The start of a 7-point match: an even position, no double; the baseline never doubles.
  State s(SessionRules::match(7));
  REQUIRE(s.apply_action(Action::opening(3, 1)).has_value());
  REQUIRE(s.apply_action(*s.string_to_action("move 8/5 6/5")).has_value());
  CHECK(bots::cube_bot_action(s, rng).kind == ActionKind::NoDouble);
  // Facing a double at 0-0 in the opening: an easy take.
  REQUIRE(s.apply_action(Action::of(ActionKind::Double)).has_value());
  CHECK(bots::cube_bot_action(s, rng).kind == ActionKind::Take);
}
