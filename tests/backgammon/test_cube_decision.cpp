// Cube decisions of database positions (db/cube_decision.hpp), worked out by hand: last-roll
// bear-offs in money play and at match scores (the chances counted from the dice, the match
// figures read from the Kazaross-XG2 table), GNU Backgammon's decision rules on equities made up
// for each branch (beavers, the Jacoby paradox, too good to double, optional doubles), and the
// State overload's nodes and rules. test_cube_decision_gnubg.cpp holds the decisions against
// gnubg itself.
#include <doctest/doctest.h>

#include <initializer_list>
#include <utility>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/cube_decision.hpp"
#include "cube_oracle.hpp"

namespace bg = boardrules::backgammon;

namespace cube_hand_test {

// The two-sided database of 6 points and 2 checkers (784 entries, instant).
inline const bg::TwoSidedBearoff& database() {
  static const bg::TwoSidedBearoff db = bg::build_two_sided_bearoff(6, 2).value();
  return db;
}

// A bear-off: (point, checkers) of each side in its own numbering, the rest borne off.
inline bg::Position bearoff(std::initializer_list<std::pair<int, int>> mover,
                            std::initializer_list<std::pair<int, int>> opponent) {
  bg::Position p;
  int a = 0, b = 0;
  for (const auto& [pt, n] : mover) p.set(bg::Side::Mover, pt, n), a += n;
  for (const auto& [pt, n] : opponent) p.set(bg::Side::Opponent, pt, n), b += n;
  p.set(bg::Side::Mover, bg::kOff, 15 - a);
  p.set(bg::Side::Opponent, bg::kOff, 15 - b);
  return p;
}

inline bg::DatabaseValue value_of(const bg::Position& p) {
  const auto v = bg::exact_value(p, bg::EndgameDatabases{.two_sided = &database()});
  REQUIRE(v.has_value());
  return *v;
}

// Two checkers on the 2-point against one on the 1-point: the player on roll wins when it bears
// both off now, every roll but those with a 1 (11) and 1-1 bears both off (2/1/off twice): 26/36.
// Two checkers on the 6-point: only 3-3, 4-4, 5-5 and 6-6 bear both off: 4/36. Either way a miss
// loses (the opponent's one checker on its 1-point always comes off), so every cube value of the
// database is the cubeless one.
inline const bg::Position kLastRoll26 = bearoff({{2, 2}}, {{1, 1}});
inline const bg::Position kLastRoll4 = bearoff({{6, 2}}, {{1, 1}});

// A value with the given cubeless chances and cubeful money equities (a made-up position).
inline bg::DatabaseValue made_up(double win, double gammon, double centered, double owner, double opponent_owns) {
  bg::DatabaseValue v;
  v.source = bg::DatabaseSource::Hypergammon;
  v.probability = {win, gammon, 0, 0, 0};
  v.equity = 2 * win - 1 + gammon;
  v.cubeful = true;
  v.centered = v.centered_jacoby = centered;
  v.owner = owner;
  v.opponent_owns = opponent_owns;
  return v;
}

}  // namespace cube_hand_test

TEST_CASE("cube decision, money: last rolls (BG-8.1, BG-9.4)") {
  using namespace cube_hand_test;
  // 26/36: no double +16/36 (the cubeless equity 2p - 1), double/take twice that, double/pass +1:
  // double, take.
  const bg::DatabaseValue v = value_of(kLastRoll26);
  for (const bg::CubeAccess cube : {bg::CubeAccess::Centered, bg::CubeAccess::Owner}) {
    const auto d = bg::money_cube_decision(v, cube, false, false);
    REQUIRE(d);
    CHECK(d->available);
    CHECK(d->no_double == doctest::Approx(16.0 / 36).epsilon(1e-4));
    CHECK(d->double_take == doctest::Approx(32.0 / 36).epsilon(1e-4));
    CHECK(d->double_pass == 1.0);
    CHECK(d->action == bg::DoubleAction::Double);
    CHECK(d->response == bg::TakeAction::Take);
    CHECK_FALSE(d->optional);
    CHECK(d->optimal == d->double_take);
  }
  // 4/36: no double -28/36, double/take -56/36: no double; the opponent, at +56/36 when it takes,
  // takes, or beavers where beavers are allowed (its take is worth more than 0).
  const bg::DatabaseValue w = value_of(kLastRoll4);
  const auto no_beaver = bg::money_cube_decision(w, bg::CubeAccess::Centered, false, false);
  REQUIRE(no_beaver);
  CHECK(no_beaver->no_double == doctest::Approx(-28.0 / 36).epsilon(1e-4));
  CHECK(no_beaver->double_take == doctest::Approx(-56.0 / 36).epsilon(1e-4));
  CHECK(no_beaver->action == bg::DoubleAction::NoDouble);
  CHECK(no_beaver->response == bg::TakeAction::Take);
  CHECK(no_beaver->optimal == no_beaver->no_double);
  const auto beaver = bg::money_cube_decision(w, bg::CubeAccess::Centered, true, true);
  REQUIRE(beaver);
  CHECK(beaver->action == bg::DoubleAction::NoDouble);
  CHECK(beaver->response == bg::TakeAction::Beaver);
  // The opponent owns the cube: no decision, the value is the opponent-owns one.
  const auto theirs = bg::money_cube_decision(v, bg::CubeAccess::Opponent, false, false);
  REQUIRE(theirs);
  CHECK_FALSE(theirs->available);
  CHECK(theirs->action == bg::DoubleAction::NoDouble);
  CHECK(theirs->no_double == v.opponent_owns);
  // A database without cubeful values gives no decision.
  bg::DatabaseValue cubeless = v;
  cubeless.cubeful = false;
  CHECK_FALSE(bg::money_cube_decision(cubeless, bg::CubeAccess::Centered, false, false));
}

TEST_CASE("cube decision, money: each branch of the decision (BG-8.1, BG-9.2, BG-9.4)") {
  using namespace cube_hand_test;
  const auto decide = [](const bg::DatabaseValue& v, bg::CubeAccess cube, bool jacoby, bool beavers) {
    const auto d = bg::money_cube_decision(v, cube, jacoby, beavers);
    REQUIRE(d);
    return *d;
  };
  // The Jacoby paradox: no double -0.5, double/take -0.2 (better), double/pass +1. With beavers
  // the taker (+0.2) beavers; the beaver costs the doubler -0.4, still better than -0.5: double,
  // beaver. At no double -0.3 the beaver (-0.4) is worse: no double, beaver.
  auto d = decide(made_up(0.4, 0, -0.5, -0.5, -0.1), bg::CubeAccess::Centered, false, true);
  CHECK(d.action == bg::DoubleAction::Double);
  CHECK(d.response == bg::TakeAction::Beaver);
  d = decide(made_up(0.4, 0, -0.3, -0.3, -0.1), bg::CubeAccess::Centered, false, true);
  CHECK(d.action == bg::DoubleAction::NoDouble);
  CHECK(d.response == bg::TakeAction::Beaver);
  d = decide(made_up(0.4, 0, -0.3, -0.3, -0.1), bg::CubeAccess::Centered, false, false);  // no beavers
  CHECK(d.action == bg::DoubleAction::Double);
  CHECK(d.response == bg::TakeAction::Take);
  // Too good: no double +1.2, double/take +1.4, double/pass +1: the opponent passes, and playing
  // on is worth more than its pass when gammons can be won: too good, pass; with no gammon to win
  // the same figures are a double and a pass.
  d = decide(made_up(0.8, 0.3, 1.2, 1.2, 0.7), bg::CubeAccess::Centered, false, false);
  CHECK(d.action == bg::DoubleAction::TooGood);
  CHECK(d.response == bg::TakeAction::Drop);
  CHECK(d.optimal == 1.2);
  d = decide(made_up(0.8, 0.0, 1.2, 1.2, 0.7), bg::CubeAccess::Centered, false, false);
  CHECK(d.action == bg::DoubleAction::Double);
  CHECK(d.response == bg::TakeAction::Drop);
  // No double +1.3, double/take +0.9, double/pass +1: too good, and the opponent would take.
  d = decide(made_up(0.8, 0.3, 1.3, 1.3, 0.45), bg::CubeAccess::Owner, false, false);
  CHECK(d.action == bg::DoubleAction::TooGood);
  CHECK(d.response == bg::TakeAction::Take);
  // No double exactly +1 (the pass), double/take +1.5: an optional double with gammons to win,
  // except under the Jacoby rule with the cube centred (the gammons do not count there).
  d = decide(made_up(0.8, 0.3, 1.0, 1.0, 0.75), bg::CubeAccess::Owner, false, false);
  CHECK(d.action == bg::DoubleAction::Double);
  CHECK(d.response == bg::TakeAction::Drop);
  CHECK(d.optional);
  d = decide(made_up(0.8, 0.3, 1.0, 1.0, 0.75), bg::CubeAccess::Centered, true, false);
  CHECK_FALSE(d.optional);
  // The Jacoby rule reads the Hypergammon database's Jacoby value of a centred cube.
  bg::DatabaseValue j = made_up(0.6, 0.2, 0.5, 0.5, 0.1);
  j.centered_jacoby = 0.4;
  CHECK(decide(j, bg::CubeAccess::Centered, true, false).no_double == 0.4);
  CHECK(decide(j, bg::CubeAccess::Centered, false, false).no_double == 0.5);
}

TEST_CASE("cube decision, match: last rolls at 2-away/2-away and after the Crawford game (BG-10)") {
  using namespace cube_hand_test;
  const bg::MatchEquityTable& met = bg::default_met();
  const double p = value_of(kLastRoll26).probability[0];
  REQUIRE(p == doctest::Approx(26.0 / 36).epsilon(1e-4));
  // 2-away/2-away (player 1 on roll), cube centred: a win of 1 leaves 1-away/2-away, the Crawford
  // game (Kazaross-XG2: 0.67736), a loss 2-away/1-away (0.32264); at 2 the match is won or lost.
  // No double 0.7222 x 0.67736 + 0.2778 x 0.32264 = 0.5788, double/take 0.7222, double/pass
  // 0.67736: double, pass.
  auto d = bg::match_cube_decision(value_of(kLastRoll26), met, 2, 2, false, 1, -1, 1);
  REQUIRE(d);
  CHECK(d->available);
  CHECK(d->mwc_no_double == doctest::Approx(p * 0.67736 + (1 - p) * 0.32264).epsilon(1e-6));
  CHECK(d->mwc_double_take == doctest::Approx(p).epsilon(1e-9));
  CHECK(d->mwc_double_pass == doctest::Approx(0.67736).epsilon(1e-6));
  CHECK(d->action == bg::DoubleAction::Double);
  CHECK(d->response == bg::TakeAction::Drop);
  CHECK(d->mwc_optimal == d->mwc_double_pass);
  // In equity: losing 1 is -1, winning 1 +1.
  CHECK(d->double_pass == doctest::Approx(1.0));
  // Post-Crawford, player 0 trailing 4-away against the 1-away leader, cube centred. The cube
  // values of this last roll are the cubeless ones, so the cube efficiency is 0: no double
  // p x post(3) (0.32264) + 0, double/take p x post(2) (0.48803) + 0, double/pass post(3).
  // 26/36: 0.2330, 0.3525 and 0.3226: double, pass.
  d = bg::match_cube_decision(value_of(kLastRoll26), met, 4, 1, false, 1, -1, 0);
  REQUIRE(d);
  CHECK(d->mwc_no_double == doctest::Approx(p * 0.32264).epsilon(1e-6));
  CHECK(d->mwc_double_take == doctest::Approx(p * 0.48803).epsilon(1e-6));
  CHECK(d->mwc_double_pass == doctest::Approx(0.32264).epsilon(1e-6));
  CHECK(d->action == bg::DoubleAction::Double);
  CHECK(d->response == bg::TakeAction::Drop);
  // 4/36: 0.0358, 0.0542 and 0.3226: the trailer doubles at once, the leader takes.
  const double q = value_of(kLastRoll4).probability[0];
  d = bg::match_cube_decision(value_of(kLastRoll4), met, 4, 1, false, 1, -1, 0);
  REQUIRE(d);
  CHECK(d->mwc_no_double == doctest::Approx(q * 0.32264).epsilon(1e-6));
  CHECK(d->mwc_double_take == doctest::Approx(q * 0.48803).epsilon(1e-6));
  CHECK(d->action == bg::DoubleAction::Double);
  CHECK(d->response == bg::TakeAction::Take);
  // No cube to turn: the leader after the Crawford game, the Crawford game itself, the cube
  // owned by the opponent, a cube of 2 held by a player 2-away (it already wins the match).
  const bg::DatabaseValue v = value_of(kLastRoll26);
  CHECK_FALSE(bg::match_cube_decision(v, met, 4, 1, false, 1, -1, 1)->available);
  CHECK_FALSE(bg::match_cube_decision(v, met, 4, 1, true, 1, -1, 0)->available);
  CHECK_FALSE(bg::match_cube_decision(v, met, 5, 3, false, 2, 1, 0)->available);
  const auto dead = bg::match_cube_decision(v, met, 2, 5, false, 2, 0, 0);
  CHECK_FALSE(dead->available);
  CHECK(dead->action == bg::DoubleAction::NoDouble);
  CHECK(dead->mwc_optimal == dead->mwc_no_double);
}

TEST_CASE("cube decision of a State: its nodes, the cube cap, beavers allowed now") {
  using namespace cube_hand_test;
  const bg::EndgameDatabases dbs{.two_sided = &database()};
  using cube_oracle::state_of;
  // The cube decision at an XGID's State, REQUIREd to be one.
  const auto decision = [&dbs](const char* xgid) {
    const auto d = bg::cube_decision(state_of(xgid), dbs);
    REQUIRE(d);
    return *d;
  };
  // The last roll of 26/36 (X on roll), money, cube centred: double, take, at either node.
  CHECK(decision("XGID=--B---------------------a-:0:0:1:00:0:0:0:0:10").action == bg::DoubleAction::Double);
  CHECK(decision("XGID=--B---------------------a-:0:0:1:D:0:0:0:0:10").response == bg::TakeAction::Take);
  // The dice thrown: no cube decision.
  CHECK_FALSE(bg::cube_decision(state_of("XGID=--B---------------------a-:0:0:1:52:0:0:0:0:10"), dbs));
  // A cube cap of 1 (log2 0): no double.
  const auto capped = decision("XGID=--B---------------------a-:0:0:1:00:0:0:0:0:0");
  CHECK_FALSE(capped.available);
  CHECK(capped.action == bg::DoubleAction::NoDouble);
  // 4/36 with beavers (rules 2): the double offered is beavered; with a cap of 2 the beaver
  // (to 4) is not allowed, so take.
  CHECK(decision("XGID=------B-----------------a-:0:0:1:D:0:0:2:0:10").response == bg::TakeAction::Beaver);
  CHECK(decision("XGID=------B-----------------a-:0:0:1:D:0:0:2:0:1").response == bg::TakeAction::Take);
  // Not covered: contact.
  CHECK_FALSE(bg::cube_decision(bg::State(bg::SessionRules::money()), dbs));
}
