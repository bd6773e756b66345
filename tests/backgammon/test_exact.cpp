// The endgame databases in use (backgammon/db/exact.hpp): exact_value gives a covered position's
// own database entry, values worked out by hand, and nothing for positions outside a database
// (contact, too many checkers, a checker outside the home points, the wrong variant, checkers
// not accounted for, a gammon still possible); database_value's one-sided race estimate; the
// State overload at the start of a turn only, without money cube values in a match.
#include <doctest/doctest.h>

#include <initializer_list>
#include <utility>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/exact.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"

namespace bg = boardrules::backgammon;

namespace exact_test {

// The databases of these tests, built once: two-sided 3x3 and Hypergammon of 1 checker (well
// under a second each), one-sided of 1 point.
inline const bg::TwoSidedBearoff& two_sided_3x3() {
  static const bg::TwoSidedBearoff db = bg::build_two_sided_bearoff(3, 3).value();
  return db;
}
inline const bg::HyperDatabase& hyper_1() {
  static const bg::HyperDatabase db = bg::build_hyper(1).value();
  return db;
}
inline const bg::OneSidedBearoff& one_sided_1() {
  static const bg::OneSidedBearoff db = bg::build_one_sided_bearoff(1).value();
  return db;
}

// A position of variant V: (point, checkers) pairs of each side in its own numbering, the rest of
// the variant's checkers borne off (`off` false: none set off, the count left at 0).
template <class V = bg::Standard>
bg::BasicPosition<V> make_position(std::initializer_list<std::pair<int, int>> mover,
                                   std::initializer_list<std::pair<int, int>> opponent, bool off = true) {
  bg::BasicPosition<V> p;
  int a = 0, b = 0;
  for (const auto& [pt, n] : mover) p.set(bg::Side::Mover, pt, n), a += n;
  for (const auto& [pt, n] : opponent) p.set(bg::Side::Opponent, pt, n), b += n;
  if (off) {
    p.set(bg::Side::Mover, bg::kOff, V::kCheckers - a);
    p.set(bg::Side::Opponent, bg::kOff, V::kCheckers - b);
  }
  return p;
}

// A Hypergammon position of the N-checker game: the checkers given, N - those borne off.
bg::HypergammonPosition hyper_game_position(int n, std::initializer_list<std::pair<int, int>> mover,
                                            std::initializer_list<std::pair<int, int>> opponent) {
  auto p = make_position<bg::Hypergammon>(mover, opponent, false);
  p.set(bg::Side::Mover, bg::kOff, n - p.on_board(bg::Side::Mover));
  p.set(bg::Side::Opponent, bg::kOff, n - p.on_board(bg::Side::Opponent));
  return p;
}

inline bg::EndgameDatabases all_test_databases() {
  return {.two_sided = &two_sided_3x3(), .hyper = &hyper_1(), .one_sided = &one_sided_1()};
}

}  // namespace exact_test

TEST_CASE("exact: two-sided bear-off, values by hand (BG-6, BG-7.1, BG-8)") {
  using exact_test::make_position;
  const bg::EndgameDatabases dbs{.two_sided = &exact_test::two_sided_3x3()};

  // One checker on the 1-point each: the player on roll bears off at once, +1 under every cube.
  const auto won = bg::exact_value(make_position({{1, 1}}, {{1, 1}}), dbs);
  REQUIRE(won);
  CHECK(won->source == bg::DatabaseSource::TwoSidedBearoff);
  CHECK(won->exact);
  CHECK(won->equity == 1.0);
  CHECK(won->probability[0] == 1.0);
  CHECK(won->probability[1] == 0.0);
  CHECK(won->probability[3] == 0.0);
  CHECK(won->cubeful);
  CHECK(won->owner == 1.0);
  CHECK(won->centered == 1.0);
  CHECK(won->centered_jacoby == 1.0);
  CHECK(won->opponent_owns == 1.0);

  // Two checkers on the 3-point against one on the 1-point: the player on roll must bear both off
  // now. Non-doubles with both dice 3..6: 12 of 36; doubles 2-2 (3/1 3/1 1/off 1/off) to 6-6: 5;
  // 1-1 leaves a checker. p = 17/36, equity 2p - 1 = -1/18. The cube changes nothing: doubling
  // would lose twice as much, and the opponent wins on its roll whatever the cube.
  const auto race = bg::exact_value(make_position({{3, 2}}, {{1, 1}}), dbs);
  REQUIRE(race);
  CHECK(race->probability[0] == doctest::Approx(17.0 / 36).epsilon(1e-4));
  CHECK(race->equity == doctest::Approx(-1.0 / 18).epsilon(1e-4));
  CHECK(race->owner == doctest::Approx(-1.0 / 18).epsilon(1e-4));
  CHECK(race->centered == doctest::Approx(-1.0 / 18).epsilon(1e-4));
  CHECK(race->opponent_owns == doctest::Approx(-1.0 / 18).epsilon(1e-4));
  CHECK(bg::money_cube_equity(*race, bg::CubeAccess::Centered, false) == race->centered);

  // The database's own entry, for every covered pair of one side's positions.
  const auto& db = exact_test::two_sided_3x3();
  for (std::uint32_t m = 1; m < db.side_positions(); ++m)
    for (std::uint32_t o = 1; o < db.side_positions(); ++o) {
      const bg::BearoffBoard a = bg::bearoff_unrank(m, 3, 3), b = bg::bearoff_unrank(o, 3, 3);
      auto pos = make_position({}, {});
      for (int i = 0; i < 3; ++i) {
        pos.set(bg::Side::Mover, i + 1, a[static_cast<std::size_t>(i)]);
        pos.set(bg::Side::Opponent, i + 1, b[static_cast<std::size_t>(i)]);
      }
      pos.set(bg::Side::Mover, bg::kOff, 15 - bg::bearoff_checkers(a));
      pos.set(bg::Side::Opponent, bg::kOff, 15 - bg::bearoff_checkers(b));
      const auto v = bg::exact_value(pos, dbs);
      REQUIRE(v);
      CHECK(v->equity == bg::BearoffEquities::equity(db.entry(m, o).cubeless));
      CHECK(v->centered == bg::BearoffEquities::equity(db.entry(m, o).centered));
    }
}

TEST_CASE("exact: two-sided bear-off, positions outside the database") {
  using exact_test::make_position;
  const bg::EndgameDatabases dbs{.two_sided = &exact_test::two_sided_3x3()};
  CHECK_FALSE(bg::exact_value(bg::Position::start(), dbs));                                 // contact, 15 checkers
  CHECK_FALSE(bg::exact_value(make_position({{4, 1}}, {{1, 1}}), dbs));                     // above the 3 points
  CHECK_FALSE(bg::exact_value(make_position({{1, 1}}, {{19, 1}}), dbs));                    // outside its home board
  CHECK_FALSE(bg::exact_value(make_position({{1, 4}}, {{1, 1}}), dbs));                     // 4 checkers
  CHECK_FALSE(bg::exact_value(make_position({{bg::kBar, 1}}, {{1, 1}}), dbs));              // on the bar
  CHECK_FALSE(bg::exact_value(make_position({{1, 1}}, {{1, 1}}, false), dbs));              // none off: not accounted
  CHECK_FALSE(bg::exact_value(make_position({{1, 1}}, {{1, 1}}), bg::EndgameDatabases{}));  // nothing loaded
  // Hypergammon, 3 checkers: with one off each the bear-off database answers; with all three
  // on the board a gammon is possible, which it does not count.
  CHECK(bg::exact_value(make_position<bg::Hypergammon>({{1, 1}, {2, 1}}, {{1, 2}}), dbs));
  CHECK_FALSE(bg::exact_value(make_position<bg::Hypergammon>({{1, 1}, {2, 2}}, {{1, 2}}), dbs));
  // A database never loaded (default-constructed) covers nothing.
  const bg::TwoSidedBearoff empty;
  CHECK_FALSE(bg::exact_value(make_position({{1, 1}}, {{1, 1}}), bg::EndgameDatabases{.two_sided = &empty}));
}

TEST_CASE("exact: Hypergammon of 1 checker, values by hand (BG-7.4, BG-7.5, BG-9.2)") {
  using exact_test::hyper_game_position;
  const bg::EndgameDatabases dbs{.hyper = &exact_test::hyper_1()};

  // Each side's checker on its 1-point, none off: the player on roll bears off at once and the
  // loser has none off: a gammon (BG-7.4), not a backgammon (the loser's checker is on the
  // winner's 24-point, BG-7.5). +2 under every cube; +1 centred under the Jacoby rule.
  const auto gammon = bg::exact_value(hyper_game_position(1, {{1, 1}}, {{1, 1}}), dbs);
  REQUIRE(gammon);
  CHECK(gammon->source == bg::DatabaseSource::Hypergammon);
  CHECK(gammon->exact);
  CHECK(gammon->equity == doctest::Approx(2.0));
  CHECK(gammon->probability[0] == doctest::Approx(1.0));
  CHECK(gammon->probability[1] == doctest::Approx(1.0));
  CHECK(gammon->probability[2] == doctest::Approx(0.0));
  CHECK(gammon->owner == doctest::Approx(2.0));
  CHECK(gammon->centered == doctest::Approx(2.0));
  CHECK(gammon->centered_jacoby == doctest::Approx(1.0));
  CHECK(gammon->opponent_owns == doctest::Approx(2.0));

  // The opponent's checker on its 19-point, inside the winner's home board: a backgammon, +3.
  const auto backgammon = bg::exact_value(hyper_game_position(1, {{1, 1}}, {{19, 1}}), dbs);
  REQUIRE(backgammon);
  CHECK(backgammon->equity == doctest::Approx(3.0));
  CHECK(backgammon->probability[2] == doctest::Approx(1.0));
  CHECK(backgammon->centered_jacoby == doctest::Approx(1.0));

  // The database's own entry, for every pair of positions of the game.
  const auto& db = exact_test::hyper_1();
  for (std::uint32_t m = 0; m < db.side_positions(); ++m)
    for (std::uint32_t o = 0; o < db.side_positions(); ++o) {
      const bg::HyperBoard a = bg::hyper_unrank(m, 1), b = bg::hyper_unrank(o, 1);
      bg::HypergammonPosition pos;
      for (int i = 0; i < 24; ++i) {
        pos.set(bg::Side::Mover, i + 1, a[static_cast<std::size_t>(i)]);
        pos.set(bg::Side::Opponent, i + 1, b[static_cast<std::size_t>(i)]);
      }
      pos.set(bg::Side::Mover, bg::kBar, a[24]);
      pos.set(bg::Side::Opponent, bg::kBar, b[24]);
      pos.set(bg::Side::Mover, bg::kOff, 1 - pos.on_board(bg::Side::Mover));
      pos.set(bg::Side::Opponent, bg::kOff, 1 - pos.on_board(bg::Side::Opponent));
      bool clash = false;
      for (int p = 1; p <= 24; ++p) clash = clash || (pos.mover(p) != 0 && pos.opponent_at_mover_point(p) != 0);
      const auto v = bg::exact_value(pos, dbs);
      REQUIRE(v.has_value() == !clash);
      if (!v) continue;
      for (std::size_t i = 0; i < 5; ++i) {
        CHECK(v->probability[i] == static_cast<double>(db.entry(m, o).probability[i]));
        CHECK((i == 0   ? v->equity
               : i == 1 ? v->owner
               : i == 2 ? v->centered
               : i == 3 ? v->centered_jacoby
                        : v->opponent_owns) == static_cast<double>(db.entry(m, o).equity[i]));
      }
    }
}

TEST_CASE("exact: Hypergammon, positions outside the database") {
  using exact_test::hyper_game_position;
  using exact_test::make_position;
  const bg::EndgameDatabases dbs{.hyper = &exact_test::hyper_1()};
  // The 3-checker game (two off each, as a Position ID is read): not the 1-checker game.
  CHECK_FALSE(bg::exact_value(make_position<bg::Hypergammon>({{1, 1}}, {{1, 1}}), dbs));
  CHECK_FALSE(bg::exact_value(hyper_game_position(2, {{1, 2}}, {{1, 1}}), dbs));   // 2 checkers
  CHECK_FALSE(bg::exact_value(hyper_game_position(1, {{6, 1}}, {{19, 1}}), dbs));  // both on one point
  // Standard backgammon is not Hypergammon, whatever the checkers.
  auto standard = make_position({{1, 1}}, {{1, 1}}, false);
  CHECK_FALSE(bg::exact_value(standard, dbs));
  standard.set(bg::Side::Mover, bg::kOff, 14);
  standard.set(bg::Side::Opponent, bg::kOff, 14);
  CHECK_FALSE(bg::exact_value(standard, dbs));
  const bg::HyperDatabase empty;
  CHECK_FALSE(bg::exact_value(hyper_game_position(1, {{1, 1}}, {{1, 1}}), bg::EndgameDatabases{.hyper = &empty}));
}

TEST_CASE("exact: the one-sided database gives an estimate, never an exact value") {
  using exact_test::make_position;
  const bg::EndgameDatabases dbs{.one_sided = &exact_test::one_sided_1()};
  // Three checkers on the 1-point against one: the player on roll wins only with a double, 6/36.
  const auto pos = make_position({{1, 3}}, {{1, 1}});
  CHECK_FALSE(bg::exact_value(pos, dbs));
  const auto v = bg::database_value(pos, dbs);
  REQUIRE(v);
  CHECK(v->source == bg::DatabaseSource::OneSidedBearoff);
  CHECK_FALSE(v->exact);
  CHECK_FALSE(v->cubeful);
  CHECK(v->probability[0] == doctest::Approx(1.0 / 6).epsilon(1e-4));
  CHECK(v->probability[1] == 0.0);
  CHECK(v->equity == doctest::Approx(-2.0 / 3).epsilon(1e-4));
  // One checker against fifteen none of which is off: a gammon at once (BG-7.4), +2.
  const auto g = bg::database_value(make_position({{1, 1}}, {{1, 15}}), dbs);
  REQUIRE(g);
  CHECK(g->probability[0] == doctest::Approx(1.0));
  CHECK(g->probability[1] == doctest::Approx(1.0));
  CHECK(g->probability[3] == doctest::Approx(0.0));
  CHECK(g->equity == doctest::Approx(2.0));
  // The other way round: fifteen against one, the player on roll bears off 2 to 4 checkers, then
  // the opponent its last one: a sure single loss (BG-7.3), -1.
  const auto lost = bg::database_value(make_position({{1, 15}}, {{1, 1}}), dbs);
  REQUIRE(lost);
  CHECK(lost->probability[0] == doctest::Approx(0.0));
  CHECK(lost->probability[3] == doctest::Approx(0.0));
  CHECK(lost->equity == doctest::Approx(-1.0));
  // An exact database answers first.
  const auto both = bg::database_value(pos, exact_test::all_test_databases());
  REQUIRE(both);
  CHECK(both->source == bg::DatabaseSource::TwoSidedBearoff);
  // Hypergammon with every checker on the board: the 15-checker gammon distributions do not
  // apply; outside the 1 point: not covered.
  CHECK_FALSE(bg::database_value(make_position<bg::Hypergammon>({{1, 3}}, {{1, 3}}), dbs));
  CHECK(bg::database_value(make_position<bg::Hypergammon>({{1, 2}}, {{1, 2}}), dbs));
  CHECK_FALSE(bg::database_value(make_position({{2, 1}}, {{1, 1}}), dbs));
}

TEST_CASE("exact: the cube decision on money cube values (BG-8.1, BG-8.4)") {
  bg::DatabaseValue v;
  v.equity = 0.3;
  CHECK(bg::money_cube_equity(v, bg::CubeAccess::Centered, false) == 0.3);  // no cubeful values
  v.cubeful = true;
  v.owner = 0.6;
  v.centered = 0.5;
  v.centered_jacoby = 0.45;
  v.opponent_owns = 0.4;
  // Take worth 0.8 >= 0.5, pass 1: doubled, taken: 0.8.
  CHECK(bg::money_cube_equity(v, bg::CubeAccess::Centered, false) == doctest::Approx(0.8));
  CHECK(bg::money_cube_equity(v, bg::CubeAccess::Centered, false, false) == 0.5);
  CHECK(bg::money_cube_equity(v, bg::CubeAccess::Opponent, false) == 0.4);
  v.opponent_owns = 0.6;  // take worth 1.2: the opponent passes, +1
  CHECK(bg::money_cube_equity(v, bg::CubeAccess::Owner, false) == 1.0);
  v.opponent_owns = 0.2;  // take worth 0.4 < 0.45: no double
  CHECK(bg::money_cube_equity(v, bg::CubeAccess::Centered, true) == 0.45);
}

TEST_CASE("exact: a State at the start of a turn, money cube values only in money play") {
  using exact_test::make_position;
  const bg::EndgameDatabases dbs{.two_sided = &exact_test::two_sided_3x3()};
  const auto pos = make_position({{3, 2}}, {{1, 1}});
  const auto state_of = [&](const bg::SessionRules& rules, int die1, int die2) {
    bg::MatchIdFields f;
    f.match_length = rules.match_length;
    f.die1 = die1;
    f.die2 = die2;
    auto m = bg::match_from_gnubg(pos, f, rules);
    REQUIRE(m);
    return bg::State(*m, bg::StateOptions{});
  };
  const auto money = bg::exact_value(state_of(bg::SessionRules::money(), 0, 0), dbs);
  REQUIRE(money);
  CHECK(money->equity == doctest::Approx(-1.0 / 18).epsilon(1e-4));
  CHECK(money->cubeful);
  const auto match = bg::exact_value(state_of(bg::SessionRules::match(5), 0, 0), dbs);
  REQUIRE(match);
  CHECK(match->probability[0] == doctest::Approx(17.0 / 36).epsilon(1e-4));
  CHECK_FALSE(match->cubeful);
  CHECK_FALSE(bg::exact_value(state_of(bg::SessionRules::money({.beavers = 1}), 0, 0), dbs)->cubeful);
  // After the throw the value is no longer that of the position before it.
  CHECK_FALSE(bg::exact_value(state_of(bg::SessionRules::money(), 6, 5), dbs));
  // The start of a game: not covered.
  CHECK_FALSE(bg::exact_value(bg::State(), dbs));
}
