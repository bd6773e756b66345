// Cube decisions of database positions (db/cube_decision.hpp) against GNU Backgammon's `hint`
// (gen_gnubg_cube.py in tests/data/backgammon/cube/ regenerates the figures):
//  - gnubg_cube.txt: 5,000 two-sided bear-offs of gnubg's 6x6 database given as XGIDs (money
//    play with every cube position, the Jacoby rule and beavers; match play at every kind of
//    score, cube value and owner, Crawford and post-Crawford), each with gnubg's proper cube
//    action and its equities. The database is the library's own 6x6 build, which is gnubg's file
//    byte for byte (test_bearoff.cpp, compare_full.sh). Each XGID is read by the library into a
//    State, once before the cube decision and once with the double offered (the same decision,
//    from the doubler's view).
//  - gnubg_cube_hyper1.txt: every position of 1-checker Hypergammon, once in money and once in
//    match play, with gnubg's own database (makehyper's file).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/cube_decision.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/formats/file.hpp"
#include "cube_oracle.hpp"

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

// Whether the library's words `ours` are gnubg's `theirs`, or the other side of a tie in gnubg's
// own figures (no double and double/take, or no double and double/pass, printed within `tie`):
// there the decision is worth the same either way, and which one gnubg prints is decided by the
// last bits of its float arithmetic (the library computes in double). Counts the ties taken.
inline bool same_or_tie(const std::string& ours, const std::string& theirs, double nd, double dt, double dp, double tie,
                        int& ties) {
  if (ours == theirs) return true;
  const auto is = [](const std::string& w, const char* a) { return w.find(a) != std::string::npos; };
  const bool take = is(ours, "take") && is(theirs, "take");
  const bool pass = is(ours, "pass") && is(theirs, "pass");
  // No double against an optional double, both taken: no double worth double/take.
  const bool nd_dt = take && std::fabs(nd - dt) <= tie && (is(ours, "Optional") || is(theirs, "Optional"));
  // Too good, double or optional double, all passed: no double worth double/pass.
  const bool nd_dp = pass && std::fabs(nd - dp) <= tie;
  if (!nd_dt && !nd_dp) return false;
  ++ties;
  return true;
}

// The largest difference of the decision's figures from gnubg's (money: equities; match: MWC),
// each CHECKed within `tolerance`.
inline double check_figures(const bg::CubeDecision& d, const cube_oracle::Line& l, double tolerance) {
  const double got[3] = {l.match ? d.mwc_no_double : d.no_double, l.match ? d.mwc_double_take : d.double_take,
                         l.match ? d.mwc_double_pass : d.double_pass};
  const double want[3] = {l.nd, l.dt, l.dp};
  double worst = 0;
  for (int i = 0; i < 3; ++i) {
    CHECK(std::fabs(got[i] - want[i]) <= tolerance);
    worst = std::max(worst, std::fabs(got[i] - want[i]));
  }
  return worst;
}

}  // namespace cube_gnubg_test

TEST_CASE("cube decisions: two-sided bear-offs, money and match play, as GNU Backgammon's hint") {
  using namespace cube_gnubg_test;
  const bg::EndgameDatabases dbs{.two_sided = &database()};
  int cases[2] = {0, 0}, available[2] = {0, 0};
  double worst[2] = {0, 0};
  cube_oracle::for_each_line("gnubg_cube.txt", [&](const cube_oracle::Line& l) {
    INFO(l.text);
    const bg::State s = cube_oracle::state_of(l.xgid);
    const auto d = bg::cube_decision(s, dbs);
    REQUIRE(d.has_value());
    ++cases[l.match];
    if (l.cannot()) {
      CHECK_FALSE(d->available);
      CHECK(d->action == bg::DoubleAction::NoDouble);
      return;
    }
    ++available[l.match];
    REQUIRE(d->available);
    CHECK(gnubg_words(*d, !s.game().cube().is_centered()) == l.action);
    // gnubg prints 6 decimals of money equity, 7 of MWC, computed in float (the largest
    // difference seen: 6.1e-7 in money play, 2.0e-7 in match play).
    worst[l.match] = std::max(worst[l.match], check_figures(*d, l, 2e-6));
    // The same decision with the double offered (the XGID's dice "D"): the doubler's view.
    const bg::State o = cube_oracle::state_of(cube_oracle::with_dice(l.xgid, "D"));
    REQUIRE(o.game().phase() == bg::Phase::Doubled);
    const auto od = bg::cube_decision(o, dbs);
    REQUIRE(od.has_value());
    CHECK(od->response == d->response);
    CHECK(od->no_double == d->no_double);
  });
  MESSAGE("money: " << cases[0] << " positions (" << available[0] << " with a decision), largest difference "
                    << worst[0] << "; match: " << cases[1] << " (" << available[1] << "), " << worst[1]);
  CHECK(cases[0] == 2000);
  CHECK(cases[1] == 3000);
}

TEST_CASE("cube decisions: 1-checker Hypergammon, money and match play, as GNU Backgammon's hint") {
  using namespace cube_gnubg_test;
  // gnubg's own database, makehyper -c 1 (tests/data/backgammon/bearoff/hyper1.bd, which the
  // oracle's makehyper wrote again byte for byte): the library's build agrees with it only
  // within the convergence threshold, and a tie (no double worth exactly the pass) falls on the
  // side the last bit of the value gives. In match play the cube efficiency is unbounded for
  // Hypergammon, (cubeful - cubeless) / (live - cubeless) over a difference as small as 1e-4
  // (gnubg's MWC then leave 0..1): gnubg's float and the library's double give MWC within 1e-4
  // there, and ties of no double and double/take (equal to gnubg's 7 printed digits) fall
  // either way.
  const auto file = boardrules::read_file(BOARDRULES_TEST_DATA_DIR "/backgammon/bearoff/hyper1.bd", std::size_t{1} << 20);
  REQUIRE(file.has_value());
  static const bg::HyperDatabase hyper = bg::parse_hyper(*file).value();
  const bg::EndgameDatabases dbs{.hyper = &hyper};
  int cases[2] = {0, 0}, available[2] = {0, 0}, ties[2] = {0, 0};
  double worst[2] = {0, 0};
  cube_oracle::for_each_line("gnubg_cube_hyper1.txt", [&](const cube_oracle::Line& l) {
    INFO(l.text);
    // The XGID's position, one checker a side: none borne off (the parser counts the
    // variant's 3).
    auto x = bg::parse_xgid<bg::Hypergammon>(l.xgid);
    REQUIRE(x.has_value());
    for (const bg::Side side : {bg::Side::Mover, bg::Side::Opponent}) x->position.set(side, bg::kOff, 0);
    const auto v = bg::exact_value(x->position, dbs);
    REQUIRE(v.has_value());
    const bg::MatchIdFields& m = x->fields;
    const int k = m.on_roll;
    std::optional<bg::CubeDecision> d;
    if (l.match) {
      d = bg::match_cube_decision(*v, bg::default_met(), m.match_length - m.score[0], m.match_length - m.score[1],
                                  m.crawford, m.cube_value, m.cube_owner, k);
    } else {
      const bg::CubeAccess access = m.cube_owner < 0    ? bg::CubeAccess::Centered
                                    : m.cube_owner == k ? bg::CubeAccess::Owner
                                                        : bg::CubeAccess::Opponent;
      d = bg::money_cube_decision(*v, access, m.jacoby, x->beavers);
    }
    REQUIRE(d.has_value());
    ++cases[l.match];
    if (l.cannot()) {
      CHECK_FALSE(d->available);
      return;
    }
    ++available[l.match];
    REQUIRE(d->available);
    CHECK(same_or_tie(gnubg_words(*d, m.cube_owner >= 0), l.action, l.nd, l.dt, l.dp, 2e-7, ties[l.match]));
    worst[l.match] = std::max(worst[l.match], check_figures(*d, l, l.match ? 1e-4 : 2e-6));
  });
  MESSAGE("Hypergammon money: " << cases[0] << " positions (" << available[0] << " with a decision, " << ties[0]
                                << " ties), largest difference " << worst[0] << "; match: " << cases[1] << " ("
                                << available[1] << ", " << ties[1] << " ties), " << worst[1]);
  CHECK(cases[0] == 601);
  CHECK(cases[1] == 601);
}
