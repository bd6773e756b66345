// The match equity table and the arithmetic of a score (game/match_equity.hpp): the built-in
// Kazaross-XG2 figures as its file writes them, the Crawford and post-Crawford lookups, a
// game's result at the cube, the money-like equity. GNU Backgammon's own figures for every
// table and score are checked in test_met_gnubg.cpp.
#include <doctest/doctest.h>

#include <boardrules/backgammon/game/match_cube.hpp>

namespace bg = boardrules::backgammon;

TEST_CASE("met: the built-in table is Kazaross-XG2, as its file writes it") {
  const bg::MatchEquityTable& met = bg::default_met();
  CHECK(met.name() == "Kazaross XG2 25 point MET");
  CHECK(met.length() == 25);
  // Figures read off Kazaross-XG2.xml (row = player 0's away, column = player 1's).
  CHECK(met.pre_crawford(1, 1) == 0.5f);
  CHECK(met.pre_crawford(1, 2) == 0.67736f);
  CHECK(met.pre_crawford(2, 1) == 0.32264f);
  CHECK(met.pre_crawford(3, 5) == 0.64795f);
  CHECK(met.pre_crawford(1, 10) == 0.959275f);
  CHECK(met.post_crawford(0, 2) == 0.48803f);
  CHECK(met.post_crawford(1, 3) == 0.32264f);
  CHECK(met.post_crawford(0, 24) == met.post_crawford(1, 24));
  // Beyond the file: the mirror halves add up to 1, and a longer lead is worth more.
  CHECK(met.pre_crawford(30, 40) == 1.0f - met.pre_crawford(40, 30));
  CHECK(met.pre_crawford(64, 1) < met.pre_crawford(64, 2));
  CHECK(met.post_crawford(0, 26) < met.post_crawford(0, 24));
}

TEST_CASE("met: the chances at a score, Crawford and post-Crawford") {
  const bg::MatchEquityTable& met = bg::default_met();
  // 1-away against 2-away: the Crawford game (pre table) and after it (post table).
  CHECK(bg::match_winning_chances(met, 1, 2, true, 0) == doctest::Approx(0.67736).epsilon(1e-6));
  CHECK(bg::match_winning_chances(met, 1, 2, false, 0) == doctest::Approx(1.0 - 0.48803).epsilon(1e-6));
  CHECK(bg::match_winning_chances(met, 2, 1, false, 0) == doctest::Approx(0.48803).epsilon(1e-6));
  CHECK(bg::match_winning_chances(met, 2, 1, false, 1) == doctest::Approx(1.0 - 0.48803).epsilon(1e-6));
  // The double match point, and the crawford flag ignored away from 1-away.
  CHECK(bg::match_winning_chances(met, 1, 1, false) == 0.5);
  CHECK(bg::match_winning_chances(met, 3, 5, true) == bg::match_winning_chances(met, 3, 5, false));
  // A won match.
  CHECK(bg::match_winning_chances(met, 0, 5, false, 0) == 1.0);
  CHECK(bg::match_winning_chances(met, 0, 5, false, 1) == 0.0);
  CHECK(bg::match_winning_chances(met, 4, -2, false, 0) == 0.0);
  // Beyond 64-away: read as 64-away.
  CHECK(bg::match_winning_chances(met, 200, 64, false) == bg::match_winning_chances(met, 64, 64, false));
}

TEST_CASE("met: a game's result at the cube") {
  const bg::MatchEquityTable& met = bg::default_met();
  // 5-away/5-away, cube 2: a single win leaves 3-away/5-away, a gammon 1-away (the Crawford game
  // next), a backgammon wins the match; with bg_as_gammon the backgammon counts 4 points.
  CHECK(bg::result_winning_chances(met, 5, 5, 0, bg::WinKind::Single, 2, 0) ==
        doctest::Approx(0.64795).epsilon(1e-6));
  CHECK(bg::result_winning_chances(met, 5, 5, 0, bg::WinKind::Gammon, 2, 0) ==
        doctest::Approx(0.84179).epsilon(1e-6));
  CHECK(bg::result_winning_chances(met, 5, 5, 0, bg::WinKind::Backgammon, 2, 0) == 1.0);
  CHECK(bg::result_winning_chances(met, 5, 5, 0, bg::WinKind::Backgammon, 2, 0, true) ==
        doctest::Approx(0.84179).epsilon(1e-6));
  CHECK(bg::result_winning_chances(met, 5, 5, 1, bg::WinKind::Single, 1, 0) ==
        doctest::Approx(0.42268).epsilon(1e-6));
  // After the Crawford game (1-away, 4-away): the trailer winning 2 is 2-away post-Crawford.
  CHECK(bg::match_winning_chances_after(met, 1, 4, 1, 2, 1) == doctest::Approx(0.48803).epsilon(1e-6));
  // A post-Crawford loss of the leader's is the double match point, then the match.
  CHECK(bg::match_winning_chances_after(met, 1, 2, 1, 1, 1) == 0.5);
  CHECK(bg::match_winning_chances_after(met, 1, 2, 0, 1, 1) == 0.0);
}

TEST_CASE("met: equity in money-like units") {
  const bg::MatchEquityTable& met = bg::default_met();
  // The cube's value won is +1, lost -1; the conversions invert each other.
  const double win = bg::result_winning_chances(met, 7, 5, 0, bg::WinKind::Single, 2, 0);
  const double lose = bg::result_winning_chances(met, 7, 5, 1, bg::WinKind::Single, 2, 0);
  CHECK(bg::mwc_to_equity(met, 7, 5, 2, 0, win) == doctest::Approx(1.0));
  CHECK(bg::mwc_to_equity(met, 7, 5, 2, 0, lose) == doctest::Approx(-1.0));
  CHECK(bg::equity_to_mwc(met, 7, 5, 2, 0, 0.0) == doctest::Approx((win + lose) / 2));
  CHECK(bg::equity_to_mwc(met, 7, 5, 2, 0, bg::mwc_to_equity(met, 7, 5, 2, 0, 0.37)) == doctest::Approx(0.37));
}

TEST_CASE("met: a table from figures refuses what is not one") {
  using Info = bg::MatchEquityTable::Info;
  const float pre[4] = {0.5f, 0.7f, 0.3f, 0.5f};
  const float post[2] = {0.5f, 0.48f};
  CHECK(bg::MatchEquityTable::from_figures(Info{"t", "", 2}, pre, post, post).has_value());
  auto r = bg::MatchEquityTable::from_figures(Info{"t", "", 65}, pre, post, post);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().code == boardrules::ErrorCode::out_of_range);
  r = bg::MatchEquityTable::from_figures(Info{"t", "", 3}, pre, post, post);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().code == boardrules::ErrorCode::corrupted);
  const float bad[4] = {0.5f, 1.5f, 0.3f, 0.5f};
  r = bg::MatchEquityTable::from_figures(Info{"t", "", 2}, bad, post, post);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().code == boardrules::ErrorCode::out_of_range);
  CHECK(r.error().to_string().find("outside 0..1") != std::string::npos);
}

TEST_CASE("met: money cube points at a cube efficiency between dead and live") {
  // Expected values: the points where the decisions' equities cross, found by bisection on the
  // model itself (cubeful equity = (1 - x) dead + x live, the live equity piecewise linear
  // through the live take and cash points as GNU Backgammon's MoneyLive draws it), for a
  // player winning 1.29 and losing 1.22 on average.
  struct Case {
    double x;
    bool jacoby;
    double take, beaver, initial, redouble, cash;
  };
  const Case cases[] = {
      {0.68, false, 0.252631578947, 0.428070175439, 0.644359699840, 0.666666666667, 0.722807017544},
      {0.68, true, 0.252631578947, 0.428070175439, 0.629447431644, 0.666666666667, 0.722807017544},
      {0.25, false, 0.273244781784, 0.462998102467, 0.538972387277, 0.557874762808, 0.700189753321},
      {0.25, true, 0.273244781784, 0.462998102467, 0.524096385542, 0.557874762808, 0.700189753321},
  };
  for (const Case& c : cases) {
    INFO("x = " << c.x << (c.jacoby ? ", Jacoby" : ""));
    const bg::MoneyCubePoints p = bg::money_cube_points(1.29, 1.22, c.x, c.jacoby);
    CHECK(p.take == doctest::Approx(c.take).epsilon(1e-9));
    CHECK(p.beaver == doctest::Approx(c.beaver).epsilon(1e-9));
    CHECK(p.initial_double == doctest::Approx(c.initial).epsilon(1e-9));
    CHECK(p.redouble == doctest::Approx(c.redouble).epsilon(1e-9));
    CHECK(p.cash == doctest::Approx(c.cash).epsilon(1e-9));
  }
  CHECK(bg::average_win_value(0.25, 0.02) == doctest::Approx(1.29));
}

TEST_CASE("met: no cube action in the Crawford game") {
  const bg::GammonRates rates{{0.25, 0.2}, {0.02, 0.01}};
  CHECK_FALSE(bg::match_cube_points(bg::default_met(), 1, 5, true, 1, 1, rates).has_value());
  CHECK_FALSE(bg::match_cube_points(bg::default_met(), 5, 1, true, 1, 0, rates).has_value());
  // Post-Crawford the trailer doubles; the leader's double is worthless to it (window 1..1).
  const auto trailer = bg::match_cube_points(bg::default_met(), 1, 5, false, 1, 1, rates);
  REQUIRE(trailer.has_value());
  CHECK(trailer->dead_after_double);
  const auto leader = bg::match_cube_points(bg::default_met(), 1, 5, false, 1, 0, rates);
  REQUIRE(leader.has_value());
  CHECK(leader->dead.double_point == 1.0);
  CHECK(leader->dead.cash_point == 1.0);
}

TEST_CASE("met: a match take point between the dead and the live cube") {
  const bg::MatchEquityTable& met = bg::default_met();
  const bg::GammonRates rates{{0.25, 0.2}, {0.02, 0.01}};
  // 9-away / 9-away, cube 1: the doubled cube is live, so the live take point is lower.
  const double dead = *bg::match_take_point(met, 9, 9, false, 1, 1, rates, 0.0);
  const double live = *bg::match_take_point(met, 9, 9, false, 1, 1, rates, 1.0);
  const double mid = *bg::match_take_point(met, 9, 9, false, 1, 1, rates, 0.68);
  CHECK(live < mid);
  CHECK(mid < dead);
  const auto w = bg::match_cube_points(met, 9, 9, false, 1, 0, rates);
  REQUIRE(w.has_value());
  CHECK(dead == doctest::Approx(1.0 - w->dead.cash_point));
  CHECK(live == doctest::Approx(1.0 - w->live.cash_point));
  CHECK_FALSE(bg::match_take_point(met, 1, 9, true, 1, 1, rates, 0.5).has_value());
}
