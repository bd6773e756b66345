// The OpenSpiel-like interface: chance nodes and their outcomes (the 21 rolls at
// 1/36 and 2/36, the ordered opening throws), decisions with cube actions and plays, refused
// actions with the state unchanged, terminal states and returns, cheap independent copies.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <type_traits>

#include "boardrules/backgammon/state.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

static_assert(std::is_trivially_copyable_v<Match>);
static_assert(std::is_trivially_copyable_v<State>);

namespace {
double total(const ChanceOutcomeList& c) {
  double s = 0;
  for (const auto& o : c) s += o.probability;
  return s;
}
void refused(State& s, const Action& a) {
  const Match before = s.match();
  const int who = s.current_player();
  const Status st = s.apply_action(a);
  CHECK_FALSE(st.has_value());
  CHECK_FALSE(st.error().message.empty());
  CHECK(s.match() == before);
  CHECK(s.current_player() == who);
}
}  // namespace

TEST_CASE("the opening throw is a chance node: 30 ordered pairs, or 36 while ties double the cube") {
  State s(SessionRules::match(5));
  CHECK(s.is_chance_node());
  CHECK(s.current_player() == kChancePlayer);
  ChanceOutcomeList c;
  s.chance_outcomes(c);
  CHECK(c.size() == 30);
  CHECK(std::fabs(total(c) - 1.0) < 1e-12);
  for (const auto& o : c) CHECK(o.action.dice.d1 != o.action.dice.d2);
  State a(SessionRules::money({.auto_doubles = 1}));
  a.chance_outcomes(c);
  CHECK(c.size() == 36);
  CHECK(std::fabs(total(c) - 1.0) < 1e-12);
  REQUIRE(a.apply_action(Action::opening(4, 4)).has_value());
  a.chance_outcomes(c);
  CHECK(c.size() == 30);  // the one automatic double is used
  CHECK(a.game().cube().value() == 2);
}

TEST_CASE("decisions: the plays of the throw (gnubg: 15 for an opening 2-1), then cube actions") {
  State s(SessionRules::match(5));
  refused(s, Action::of(ActionKind::Double));
  REQUIRE(s.apply_action(Action::opening(2, 1)).has_value());
  CHECK(s.current_player() == 0);
  ActionList acts;
  s.legal_actions(acts);
  CHECK(acts.size() == 15);
  for (const auto& a : acts) CHECK(a.kind == ActionKind::Move);
  refused(s, Action::roll(Dice(3, 1)));
  refused(s, Action::of(ActionKind::Take));
  Play bad{};
  bad.add(8, 4, false);
  refused(s, Action::move(bad));
  REQUIRE(s.apply_action(acts[0]).has_value());
  // player 1 at the start of its turn: roll or double
  CHECK(s.current_player() == 1);
  s.legal_actions(acts);
  REQUIRE(acts.size() == 2);
  CHECK(acts[0].kind == ActionKind::NoDouble);
  CHECK(acts[1].kind == ActionKind::Double);
  State copy = s;
  REQUIRE(s.apply_action(Action::of(ActionKind::NoDouble)).has_value());
  CHECK(s.is_chance_node());
  ChanceOutcomeList c;
  s.chance_outcomes(c);
  REQUIRE(c.size() == 21);
  CHECK(std::fabs(total(c) - 1.0) < 1e-12);
  for (const auto& o : c) CHECK(o.probability == doctest::Approx(o.action.dice.is_double() ? 1.0 / 36 : 2.0 / 36));
  // the copy is independent
  CHECK(copy.current_player() == 1);
  REQUIRE(copy.apply_action(Action::of(ActionKind::Double)).has_value());
  CHECK(copy.current_player() == 0);
  copy.legal_actions(acts);
  REQUIRE(acts.size() == 2);
  CHECK(acts[0].kind == ActionKind::Take);
  CHECK(acts[1].kind == ActionKind::Drop);
  CHECK(s.is_chance_node());
}

TEST_CASE("without access to the cube (or in the Crawford game) the turn starts with the throw") {
  State s(SessionRules::match(5));
  REQUIRE(s.apply_action(Action::opening(2, 1)).has_value());
  ActionList acts;
  s.legal_actions(acts);
  REQUIRE(s.apply_action(acts[0]).has_value());
  REQUIRE(s.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(s.apply_action(Action::of(ActionKind::Take)).has_value());  // player 0 owns the cube
  CHECK(s.is_chance_node());                                   // player 1 cannot redouble
  REQUIRE(s.apply_action(Action::roll(Dice(6, 5))).has_value());
  CHECK(s.current_player() == 1);
}

TEST_CASE("terminal states and returns: a money game ended by a drop; a match") {
  State s(SessionRules::money());
  REQUIRE(s.apply_action(Action::opening(2, 1)).has_value());
  ActionList acts;
  s.legal_actions(acts);
  REQUIRE(s.apply_action(acts[3]).has_value());
  REQUIRE(s.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(s.apply_action(Action::of(ActionKind::Drop)).has_value());
  CHECK(s.is_terminal());
  CHECK(s.current_player() == kTerminalPlayer);
  CHECK(s.returns() == std::array<double, 2>{-1.0, 1.0});
  s.legal_actions(acts);
  CHECK(acts.empty());
  CHECK_FALSE(s.apply_action(Action::of(ActionKind::NoDouble)).has_value());

  State m(SessionRules::match(1));
  REQUIRE(m.apply_action(Action::opening(5, 6)).has_value());
  CHECK(m.returns() == std::array<double, 2>{0.0, 0.0});
  m.legal_actions(acts);
  REQUIRE(m.apply_action(acts[0]).has_value());
  REQUIRE(m.apply_action(Action::of(ActionKind::Double)).has_value());  // allowed (BG-10.3: dead cube)
  REQUIRE(m.apply_action(Action::of(ActionKind::Drop)).has_value());
  CHECK(m.is_terminal());
  CHECK(m.returns() == std::array<double, 2>{1.0, -1.0});
}

TEST_CASE("resignations are actions only when the state offers them") {
  State off(SessionRules::money());
  REQUIRE(off.apply_action(Action::opening(2, 1)).has_value());
  refused(off, Action::resignation(Resign::Single));
  State on(SessionRules::money(), StateOptions{true, 1});
  REQUIRE(on.apply_action(Action::opening(2, 1)).has_value());
  ActionList acts;
  on.legal_actions(acts);
  CHECK(acts.size() == 15 + 3);
  CHECK(acts.back() == Action::resignation(Resign::Backgammon));
  REQUIRE(on.apply_action(Action::resignation(Resign::Gammon)).has_value());
  CHECK(on.current_player() == 1);
  on.legal_actions(acts);
  REQUIRE(acts.size() == 2);
  CHECK(acts[0].kind == ActionKind::Accept);
  REQUIRE(on.apply_action(acts[1]).has_value());  // reject
  on.legal_actions(acts);
  CHECK(acts.size() == 15 + 1);  // only a backgammon may be offered now
  CHECK(State::action_to_string(acts.back()) == "resign backgammon");
}

TEST_CASE("action_to_string") {
  Play p{};
  p.add(13, 7, false);
  p.add(7, 4, true);
  CHECK(State::action_to_string(Action::move(p)) == "move 13/7 7/4*");
  CHECK(State::action_to_string(Action::roll(Dice(6, 2))) == "roll 6-2");
  CHECK(State::action_to_string(Action::opening(1, 4)) == "opening 1-4");
  CHECK(State::action_to_string(Action::of(ActionKind::Beaver)) == "beaver");
}
