// Cube decisions in two-sided bear-offs (db/cube_decision.hpp) against GNU Backgammon's `hint`:
// tests/data/backgammon/cube/gnubg_cube.txt, 5,000 positions of gnubg's 6x6 database given as
// XGIDs (money play with every cube position, the Jacoby rule and beavers; match play at every
// kind of score, cube value and owner, Crawford and post-Crawford), each with gnubg's proper cube
// action and its equities (gen_gnubg_cube.py there regenerates them). The database is the
// library's own 6x6 build, which is gnubg's file byte for byte (test_bearoff.cpp,
// compare_full.sh). Each XGID is read by the library into a State, once before the cube
// decision and once with the double offered (the same decision, from the doubler's view).
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/cube_decision.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"

namespace bg = boardrules::backgammon;

namespace cube_gnubg_test {

// The library's 6x6 two-sided database: gnubg's gnubg_ts0.bd (about a second to build).
inline const bg::TwoSidedBearoff& database() {
  static const bg::TwoSidedBearoff db = bg::build_two_sided_bearoff(6, 6, {.threads = 2, .progress = {}}).value();
  return db;
}

// gnubg's words for a decision (its GetCubeRecommendation), from the library's decision: the
// wording is gnubg's, the mapping is this test's, so that a decision is compared whole.
inline std::string gnubg_words(const bg::CubeDecision& d, bool owned) {
  const std::string re = owned ? "redouble" : "double";
  const std::string answer = d.response == bg::TakeAction::Take   ? "take"
                             : d.response == bg::TakeAction::Drop ? "pass"
                                                                  : "beaver";
  switch (d.action) {
    case bg::DoubleAction::Double:
      return (d.optional ? "Optional " + re : owned ? "Redouble" : "Double") + ", " + answer;
    case bg::DoubleAction::TooGood: return "Too good to " + re + ", " + answer;
    case bg::DoubleAction::NoDouble: break;
  }
  return (owned ? "No redouble" : "No double") + std::string(", ") + answer;
}

// The State of an XGID (its rules from the XGID).
inline bg::State state_of(const std::string& xgid) {
  const auto x = bg::parse_xgid<bg::Standard>(xgid);
  REQUIRE(x.has_value());
  auto m = bg::match_from_gnubg(x->position, x->fields, bg::xgid_rules(*x));
  REQUIRE(m.has_value());
  return bg::State(*m, bg::StateOptions{false, 1});
}

}  // namespace cube_gnubg_test

TEST_CASE("cube decisions: two-sided bear-offs, money and match play, as GNU Backgammon's hint") {
  using namespace cube_gnubg_test;
  const bg::EndgameDatabases dbs{.two_sided = &database()};
  std::ifstream in(BOARDRULES_TEST_DATA_DIR "/backgammon/cube/gnubg_cube.txt");
  REQUIRE(in.good());
  std::string line;
  int cases[2] = {0, 0}, available[2] = {0, 0};
  double worst[2] = {0, 0};
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string kind, xgid, action;
    f >> kind >> xgid >> action;
    REQUIRE(f);
    for (char& ch : action)
      if (ch == '_') ch = ' ';
    const bool match = kind == "match";
    INFO(line);
    const bg::State s = state_of(xgid);
    const auto d = bg::cube_decision(s, dbs);
    REQUIRE(d.has_value());
    ++cases[match];
    if (action == "cannot") {
      CHECK_FALSE(d->available);
      CHECK(d->action == bg::DoubleAction::NoDouble);
      continue;
    }
    ++available[match];
    double nd = 0, dt = 0, dp = 0;
    f >> nd >> dt >> dp;
    REQUIRE(f);
    REQUIRE(d->available);
    const bool owned = !s.game().cube().is_centered();
    CHECK(gnubg_words(*d, owned) == action);
    // gnubg prints 6 decimals of money equity, 7 of MWC, computed in float (the largest
    // difference seen: 6.1e-7 in money play, 2.0e-7 in match play).
    const double tolerance = 2e-6;
    const double got[3] = {match ? d->mwc_no_double : d->no_double, match ? d->mwc_double_take : d->double_take,
                           match ? d->mwc_double_pass : d->double_pass};
    const double want[3] = {nd, dt, dp};
    for (int i = 0; i < 3; ++i) {
      CHECK(std::fabs(got[i] - want[i]) <= tolerance);
      worst[match] = std::max(worst[match], std::fabs(got[i] - want[i]));
    }
    // The same decision with the double offered (the XGID's dice "D"): the doubler's view.
    std::string offered = xgid;
    const auto colon = [&](int n) {
      std::size_t at = 0;
      for (int i = 0; i < n; ++i) at = offered.find(':', at) + 1;
      return at;
    };
    offered.replace(colon(4), 2, "D");
    const bg::State o = state_of(offered);
    REQUIRE(o.game().phase() == bg::Phase::Doubled);
    const auto od = bg::cube_decision(o, dbs);
    REQUIRE(od.has_value());
    CHECK(od->response == d->response);
    CHECK(od->no_double == d->no_double);
  }
  MESSAGE("money: " << cases[0] << " positions (" << available[0] << " with a decision), largest difference "
                    << worst[0] << "; match: " << cases[1] << " (" << available[1] << "), " << worst[1]);
  CHECK(cases[0] == 2000);
  CHECK(cases[1] == 3000);
}
