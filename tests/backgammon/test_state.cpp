// The OpenSpiel-like interface: chance nodes and their outcomes (the 21 rolls at
// 1/36 and 2/36, the ordered opening throws), decisions with cube actions and plays, refused
// actions with the state unchanged, terminal states and returns, cheap independent copies.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"

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
  for (const auto& o : c) {
    // the numbers of the ordered opening pairs (actions.hpp), their Action by to_action
    REQUIRE((o.action >= kFirstOpeningChance && o.action < kMaxChanceOutcomes));
    const Result<Action> a = s.to_action(o.action);
    REQUIRE(a.has_value());
    CHECK(a->kind == ActionKind::OpeningRoll);
    CHECK(a->dice.d1() != a->dice.d2());
  }
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
  for (const auto& o : c)
    CHECK(o.probability == doctest::Approx(roll_of_chance_id(o.action).is_double() ? 1.0 / 36 : 2.0 / 36));
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
  CHECK(s.is_chance_node());                                          // player 1 cannot redouble
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

namespace {
/// from_string(s.to_string()) gives s back: the same text, match, options and player.
void restores(const State& s) {
  const std::string text = s.to_string();
  const auto back = State::from_string(text);
  REQUIRE_MESSAGE(back.has_value(), text, ": ", back.has_value() ? std::string() : back.error().to_string());
  CHECK(back->to_string() == text);
  CHECK(back->current_player() == s.current_player());
  CHECK(back->match().rules() == s.match().rules());
  CHECK(back->match().score() == s.match().score());
  CHECK(back->match().games_played() == s.match().games_played());
  CHECK(back->game().position() == s.game().position());
  CHECK(back->game().cube() == s.game().cube());
  CHECK(back->options().resignations == s.options().resignations);
  CHECK(back->options().money_games == s.options().money_games);
  ActionIdList a;
  ActionIdList b;
  s.legal_actions(a);
  back->legal_actions(b);
  CHECK(std::vector<int>(a.begin(), a.end()) == std::vector<int>(b.begin(), b.end()));
}
}  // namespace

TEST_CASE("to_string: the GNUbg ID, then what it does not hold; from_string reads it back") {
  // The default: one money game, a bare ID (match length 0, cube centred: key bytes 30 00 00 ...,
  // Jacoby off: bit 66 set).
  const State d;
  CHECK(d.to_string() == "4HPwATDgc/ABMA:MAAAAAAAAAAE");
  restores(d);
  // The rules and options the ID does not hold.
  SessionRules r = SessionRules::money({.jacoby = true, .auto_doubles = 3});
  r.cube_cap = 16;
  r.beavers = 2;
  r.bg_as_gammon = true;
  r.auto_forced_moves = true;
  r.crawford = false;
  const State all(r, StateOptions{true, 5});
  const std::string all_id = format_gnubg_id(all.match());
  CHECK(all.to_string() == all_id +
                               " no-crawford auto-doubles=3 cube-cap=16 bg-as-gammon beavers=2 auto-forced-moves "
                               "resignations money-games=5");
  restores(all);
  // The words in another order, blanks around them.
  const auto shuffled = State::from_string(
      "  " + all_id +
      "\tmoney-games=5 resignations beavers=2 bg-as-gammon cube-cap=16 auto-doubles=3 auto-forced-moves "
      "no-crawford ");
  REQUIRE(shuffled.has_value());
  CHECK(shuffled->to_string() == all.to_string());

  // After "no double" the throw is next: a chance node the ID alone would read as the cube decision.
  State s(SessionRules::match(5));
  REQUIRE(s.apply_action(Action::opening(3, 1)).has_value());
  REQUIRE(s.apply_action(26 * 7 + 5).has_value());  // 8/5 6/5
  const State before_roll = s;
  REQUIRE(s.apply_action(kActionNoDouble).has_value());
  CHECK(s.is_chance_node());
  CHECK(s.to_string() == before_roll.to_string() + " no-double");
  restores(s);
  restores(before_roll);
  CHECK_FALSE(State::from_string(before_roll.to_string()).value().is_chance_node());

  // A rejected resignation: only a higher one may follow.
  State on(SessionRules::money(), StateOptions{true, 1});
  REQUIRE(on.apply_action(Action::opening(2, 1)).has_value());
  REQUIRE(on.apply_action(Action::resignation(Resign::Gammon)).has_value());
  restores(on);
  REQUIRE(on.apply_action(Action::of(ActionKind::Reject)).has_value());
  CHECK(on.to_string().find(" declined=gammon") != std::string::npos);
  restores(on);

  // Automatic doubles before the opening throw: the cube of the ID, read back as tied throws.
  State autos(SessionRules::money({.auto_doubles = 2}));
  REQUIRE(autos.apply_action(Action::opening(4, 4)).has_value());
  CHECK(autos.game().cube().value() == 2);
  restores(autos);
  ChanceOutcomeList c;
  State::from_string(autos.to_string()).value().chance_outcomes(c);
  CHECK(c.size() == 36);  // a second tie still doubles

  // A money session over after its games: the wait for a next opening throw, games= says it is the end.
  State money(SessionRules::money(), StateOptions{false, 2});
  for (int g = 0; g < 2; ++g) {
    REQUIRE(money.apply_action(Action::opening(2, 1)).has_value());
    ActionIdList plays;
    money.legal_actions(plays);
    REQUIRE(money.apply_action(plays[0]).has_value());
    REQUIRE(money.apply_action(Action::of(ActionKind::Double)).has_value());
    REQUIRE(money.apply_action(Action::of(ActionKind::Drop)).has_value());
  }
  CHECK(money.is_terminal());
  CHECK(money.to_string().find(" money-games=2 games=2") != std::string::npos);
  restores(money);
  CHECK(State::from_string(money.to_string()).value().is_terminal());

  // A finished match: bear-off, drop and accepted resignation (conceded= says which).
  State dropped(SessionRules::match(1));
  REQUIRE(dropped.apply_action(Action::opening(5, 6)).has_value());
  ActionIdList ids;
  dropped.legal_actions(ids);
  REQUIRE(dropped.apply_action(ids[0]).has_value());
  REQUIRE(dropped.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(dropped.apply_action(Action::of(ActionKind::Drop)).has_value());
  REQUIRE(dropped.is_terminal());
  restores(dropped);
  State conceded(SessionRules::match(3), StateOptions{true, 1});
  REQUIRE(conceded.apply_action(Action::opening(5, 6)).has_value());
  conceded.legal_actions(ids);
  REQUIRE(conceded.apply_action(ids[0]).has_value());
  REQUIRE(conceded.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(conceded.apply_action(Action::of(ActionKind::Take)).has_value());
  REQUIRE(conceded.apply_action(kActionNoDouble).has_value());  // no access to the cube, but resignations are on
  REQUIRE(conceded.apply_action(Action::roll(Dice(6, 5))).has_value());
  REQUIRE(conceded.apply_action(Action::resignation(Resign::Gammon)).has_value());
  REQUIRE(conceded.apply_action(Action::of(ActionKind::Accept)).has_value());
  REQUIRE(conceded.is_terminal());
  CHECK(conceded.to_string().find(" games=1 conceded=gammon") != std::string::npos);
  restores(conceded);
  // (Bear-offs end most of the random matches of tests/generic/test_game_state.cpp.)
}

TEST_CASE("from_string refuses a bad text, naming the word or the field") {
  const std::string id = State().to_string();
  const auto refused = [](const std::string& text, std::string_view where) {
    const auto r = State::from_string(text);
    REQUIRE_FALSE(r.has_value());
    CHECK_MESSAGE(r.error().where.find(where) != std::string::npos, text, ": ", r.error().to_string());
  };
  refused("nonsense", "gnubg id");
  refused(id + " sometimes", "state text");
  refused(id + " beavers", "beavers");
  refused(id + " resignations=1", "resignations");
  refused(id + " resignations resignations", "resignations");
  refused(id + " cube-cap=3", "cube cap");
  refused(id + " cube-cap=x", "cube-cap");
  refused(id + " auto-doubles=16", "auto-doubles");
  refused(id + " money-games=0", "money-games");
  refused(id + " money-games=2147484", "money-games");  // max_game_length() would pass INT_MAX
  CHECK(State::from_string(id + " money-games=2147483").value().max_game_length() == 2147483000);
  CHECK(State::make(SessionRules::money(), {.money_games = 2147484}).error().code == ErrorCode::out_of_range);
  refused(id + " declined=double", "declined");
  refused(id + " beavers-in-a-row=2", "beavers-in-a-row");
  refused(id + " no-double", "state text");                                 // before the opening throw
  refused(id + " conceded=single", "conceded");                             // no match ended by a resignation
  refused(State(SessionRules::money()).to_string() + " games=2", "games");  // a 1-game session is over after it
  // The start position's ID at a throw of player 0, a cube decision to come: no-double is read,
  // but not at a throw with the dice already set.
  State s(SessionRules::match(5));
  REQUIRE(s.apply_action(Action::opening(3, 1)).has_value());
  refused(s.to_string() + " no-double", "no-double");
  refused(s.to_string() + " declined=single", "declined");  // resignations are off
  // A match finished by a resignation, from a bare GNUbg ID: which one is not in it.
  State conceded(SessionRules::match(1), StateOptions{true, 1});
  REQUIRE(conceded.apply_action(Action::opening(5, 6)).has_value());
  REQUIRE(conceded.apply_action(Action::resignation(Resign::Single)).has_value());
  REQUIRE(conceded.apply_action(Action::of(ActionKind::Accept)).has_value());
  const std::string text = conceded.to_string();
  refused(text.substr(0, text.find(' ')), "conceded");
  // The rules argument stands for the words a text leaves out.
  SessionRules capped = SessionRules::match(1);
  capped.cube_cap = 2;
  const auto with = State::from_string(id, capped);
  REQUIRE(with.has_value());
  CHECK(with->match().rules().cube_cap == 2);
  CHECK(with->to_string() == id + " cube-cap=2");
}
