// The observation tensor (observation.hpp) on hand-checked positions: TD-Gammon's per-point
// units, bar, borne off, who is on roll, cube, match score, dice, pending offers, from either
// player's perspective.
#include <doctest/doctest.h>

#include <array>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {
using Obs = std::array<float, kObservationSize>;

// The four units of a point holding n checkers, worked by hand.
void units(const Obs& o, std::size_t at, float a, float b, float c, float d) {
  CAPTURE(at);
  CHECK(o[at] == a);
  CHECK(o[at + 1] == b);
  CHECK(o[at + 2] == c);
  CHECK(o[at + 3] == doctest::Approx(d));
}

// The observation of a money game at `p`, its player on roll to act (a restored state).
Obs observe(const Position& p) {
  const Match m = match_from_gnubg(p, MatchIdFields{}, SessionRules::money()).value();
  Obs o{};
  State(m, StateOptions{}).observation_tensor(o);
  return o;
}
}  // namespace

TEST_CASE("the start of a money game, before the opening throw") {
  const State s(SessionRules::money());
  Obs o{};
  o.fill(-9.0f);
  s.observation_tensor(o);
  CHECK(State::observation_shape()[0] == 210);
  for (std::size_t side = 0; side < 2; ++side) {
    const std::size_t base = 96 * side;
    units(o, base + 4 * 5, 1, 1, 1, 1);   // 6-point: 5 checkers, (5 - 3) / 2 = 1
    units(o, base + 4 * 7, 1, 1, 1, 0);   // 8-point: 3
    units(o, base + 4 * 12, 1, 1, 1, 1);  // 13-point: 5
    units(o, base + 4 * 23, 1, 1, 0, 0);  // 24-point: 2
    units(o, base + 4 * 0, 0, 0, 0, 0);   // 1-point: empty
  }
  for (std::size_t i = 192; i < 198; ++i) CHECK(o[i] == 0.0f);  // bars, off, nobody on roll
  CHECK(o[198] == 0.0f);                                        // cube 1
  CHECK(o[199] == 1.0f);                                        // centred
  CHECK(o[200] == 0.0f);
  CHECK(o[201] == 0.0f);
  CHECK(o[202] == 0.0f);  // money play
  CHECK(o[203] == 0.0f);
  CHECK(o[204] == 0.0f);
  CHECK(o[205] == 0.0f);
  CHECK(o[206] == 0.0f);
  CHECK(o[207] == 0.0f);
  CHECK(o[208] == 0.0f);
  CHECK(o[209] == 0.0f);
}

TEST_CASE("a 5-point match: the dice, who is on roll, a double offered and taken, both perspectives") {
  State s(SessionRules::match(5));
  REQUIRE(s.apply_action(opening_chance_id(3, 1)).has_value());  // player 0 plays 3-1
  Obs o{};
  s.observation_tensor(o);
  CHECK(s.observer() == 0);
  CHECK(o[196] == 1.0f);
  CHECK(o[197] == 0.0f);
  CHECK(o[206] == doctest::Approx(3.0 / 6.0));
  CHECK(o[207] == doctest::Approx(1.0 / 6.0));
  CHECK(o[202] == 1.0f);
  CHECK(o[203] == 1.0f);  // 5 away of 5
  CHECK(o[204] == 1.0f);
  REQUIRE(s.apply_action(26 * 7 + 5).has_value());  // 8/5 6/5
  // Player 1 on roll: it may double (centred cube, not Crawford).
  REQUIRE(s.current_player() == 1);
  s.observation_tensor(o);
  CHECK(s.observer() == 1);
  CHECK(o[196] == 1.0f);
  CHECK(o[206] == 0.0f);  // not thrown yet
  // Player 1 sees player 0's points in player 0's numbering at [96, 192): 5-point 2, 6-point 4,
  // 8-point 2.
  units(o, 96 + 4 * 4, 1, 1, 0, 0);
  units(o, 96 + 4 * 5, 1, 1, 1, 0.5f);
  units(o, 96 + 4 * 7, 1, 1, 0, 0);
  REQUIRE(s.apply_action(kActionDouble).has_value());
  REQUIRE(s.current_player() == 0);
  s.observation_tensor(o);
  CHECK(o[196] == 0.0f);  // player 0 decides, player 1 is on roll
  CHECK(o[197] == 1.0f);
  CHECK(o[208] == 1.0f);  // a double is offered to me
  REQUIRE(s.apply_action(kActionTake).has_value());
  s.observation_tensor(0, o);
  CHECK(o[198] == doctest::Approx(1.0 / 6.0));  // cube 2
  CHECK(o[199] == 0.0f);
  CHECK(o[200] == 1.0f);  // player 0 owns it
  s.observation_tensor(1, o);
  CHECK(o[201] == 1.0f);
  CHECK(o[200] == 0.0f);
  // Player 1 throws 5-2 and plays 13/8 13/11 (high die from its 13-point, low die from it too).
  REQUIRE(s.is_chance_node());
  REQUIRE(s.apply_action(roll_chance_id(Dice(5, 2))).has_value());
  REQUIRE(s.apply_action(26 * 12 + 12).has_value());
  s.observation_tensor(o);
  CHECK(s.observer() == 0);
  units(o, 96 + 4 * 12, 1, 1, 1, 0);  // player 1's 13-point: 3 left
}

TEST_CASE("the bar and borne-off units") {
  Position p;
  p.set(Side::Mover, kBar, 3);
  p.set(Side::Mover, kOff, 12);
  p.set(Side::Opponent, 1, 7);
  p.set(Side::Opponent, kOff, 8);
  const Obs o = observe(p);
  CHECK(o[192] == doctest::Approx(1.5));
  CHECK(o[193] == 0.0f);
  CHECK(o[194] == doctest::Approx(12.0 / 15.0));
  CHECK(o[195] == doctest::Approx(8.0 / 15.0));
  units(o, 96, 1, 1, 1, 2);  // opponent's 1-point: 7 checkers, (7 - 3) / 2
}

TEST_CASE("every count a point can hold: 0 to 15 checkers") {
  // The mover's 15 checkers on one point, the opponent's 14 on another and 1 on the bar.
  Position p;
  p.set(Side::Mover, 6, 15);
  p.set(Side::Opponent, 24, 14);
  p.set(Side::Opponent, kBar, 1);
  Obs o = observe(p);
  units(o, 4 * 5, 1, 1, 1, 6);          // (15 - 3) / 2
  units(o, 96 + 4 * 23, 1, 1, 1, 5.5);  // (14 - 3) / 2
  CHECK(o[193] == doctest::Approx(0.5));
  for (std::size_t at = 0; at < 192; at += 4)
    if (at != 4 * 5 && at != 96 + 4 * 23) units(o, at, 0, 0, 0, 0);
  // Counts 1 to 4 (a point's units are 1, 1 1, 1 1 1, then the excess by halves).
  for (int n = 1; n <= 4; ++n) {
    Position q;
    q.set(Side::Mover, 1, n);
    q.set(Side::Mover, kOff, 15 - n);
    q.set(Side::Opponent, 1, 15);
    o = observe(q);
    CAPTURE(n);
    units(o, 0, 1, n >= 2 ? 1.0f : 0.0f, n >= 3 ? 1.0f : 0.0f, n == 4 ? 0.5f : 0.0f);
  }
}
