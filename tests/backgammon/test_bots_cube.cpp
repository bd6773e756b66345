// The example bots' cube decisions (examples/common/bots.hpp, cube_bot.hpp, database_bot.hpp)
// where a pip count, a short race or the match equity table decides: the database bot against
// GNU Backgammon's hint in every two-sided bear-off of tests/data/backgammon/cube/gnubg_cube.txt
// it covers, the heuristic and cube bots in those of up to 4 checkers a side (last-roll and
// two-roll positions), and by hand or by gnubg's hint (the XGIDs below, `set xgid` then `hint`
// in `gnubg -t`, GNU Backgammon 1.07.001): dead cubes, the Crawford game and after it, too good
// to double.
#include <doctest/doctest.h>

#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "common/database_bot.hpp"
#include "cube_oracle.hpp"

namespace bg = boardrules::backgammon;

namespace bots_cube_test {

// The heuristic bot, the cube bot and the database bot (with `dbs`): their action in `s`.
template <class F>
void each_bot(const bg::State& s, const bg::EndgameDatabases& dbs, F&& check) {
  boardrules::Rng rng(1);
  check("heuristic", bots::heuristic_action(s, rng));
  check("cube", bots::cube_bot_action(s, rng));
  check("database", bots::database_action(s, rng, dbs));
}

// gnubg's action for the player on roll and the answer to its double, from its words.
inline bg::ActionKind gnubg_double(const std::string& words) {
  const bool doubles =
      words.rfind("Double", 0) == 0 || words.rfind("Redouble", 0) == 0 || words.rfind("Optional", 0) == 0;
  return doubles ? bg::ActionKind::Double : bg::ActionKind::NoDouble;
}
inline bg::ActionKind gnubg_answer(const std::string& words) {
  return words.find("beaver") != std::string::npos ? bg::ActionKind::Beaver
         : words.find("pass") != std::string::npos ? bg::ActionKind::Drop
                                                   : bg::ActionKind::Take;
}

// The most checkers either side has on the board in an XGID (its first 26 characters after '=').
inline int most_checkers(const std::string& xgid) {
  int side[2] = {0, 0};
  for (std::size_t i = 5; i < 31; ++i) {
    const char c = xgid[i];
    if (c >= 'A' && c <= 'O') side[0] += c - 'A' + 1;
    if (c >= 'a' && c <= 'o') side[1] += c - 'a' + 1;
  }
  return side[0] > side[1] ? side[0] : side[1];
}

}  // namespace bots_cube_test

TEST_CASE("bots: the database bot's cube is GNU Backgammon's in the bear-offs it covers; short races for all") {
  using namespace bots_cube_test;
  // The two-sided database of 6 points and 5 checkers (the lines of up to 5 checkers a side).
  static const bg::TwoSidedBearoff db = bg::build_two_sided_bearoff(6, 5, {.threads = 2, .progress = {}}).value();
  const bg::EndgameDatabases dbs{.two_sided = &db};
  int covered = 0, short_races = 0;
  cube_oracle::for_each_line("gnubg_cube.txt", [&](const cube_oracle::Line& l) {
    const int checkers = most_checkers(l.xgid);
    if (checkers > 5) return;
    INFO(l.text);
    ++covered;
    const bool all_bots = checkers <= 4;
    short_races += all_bots;
    const bg::State before = cube_oracle::state_of(l.xgid);
    // gnubg's "cannot double": the State has no cube decision (the Crawford game, the opponent's
    // cube: the throw follows), or the cube is one that already wins the match: no double.
    if (l.cannot() && before.is_chance_node()) return;
    const auto expect_double = l.cannot() ? bg::ActionKind::NoDouble : gnubg_double(l.action);
    each_bot(before, dbs, [&](const char* who, const bg::Action& a) {
      INFO(who);
      if (all_bots || std::string(who) == "database") CHECK(a.kind == expect_double);
    });
    if (l.cannot()) return;
    const bg::State offered = cube_oracle::state_of(cube_oracle::with_dice(l.xgid, "D"));
    const auto expect_answer = gnubg_answer(l.action);
    each_bot(offered, dbs, [&](const char* who, const bg::Action& a) {
      INFO(who);
      if (all_bots || std::string(who) == "database") CHECK(a.kind == expect_answer);
    });
  });
  MESSAGE(covered << " positions of up to 5 checkers a side, " << short_races << " of up to 4");
  CHECK(short_races > 500);
}

TEST_CASE("bots: dead cubes, the Crawford game and after it (BG-10.2, BG-10.3)") {
  using namespace bots_cube_test;
  const bg::EndgameDatabases none{};
  // The opening position, X on roll, in a 7-point match (XGID scores: X's, then O's).
  const std::string start = "XGID=-b----E-C---eE---c-e----B-";
  const auto expect = [&](const std::string& xgid, bg::ActionKind kind) {
    INFO(xgid);
    each_bot(cube_oracle::state_of(xgid), none, [&](const char* who, const bg::Action& a) {
      INFO(who);
      CHECK(a.kind == kind);
    });
  };
  // X 2-away holding the cube at 2: any win at 2 already wins the match; a double only hands
  // the cube over. No double.
  expect(start + ":1:1:1:00:5:3:0:7:10", bg::ActionKind::NoDouble);
  // X 4-away holding 2, O 2-away: O wins the match with any win at 2, so X loses nothing more at
  // 4: double at once.
  expect(start + ":1:1:1:00:3:5:0:7:10", bg::ActionKind::Double);
  // After the Crawford game, the trailer (X, 4-away) doubles at once: a loss loses the match
  // whatever the cube. The leader (X, 1-away) never doubles: its win is the match at any cube.
  expect(start + ":0:0:1:00:3:6:0:7:10", bg::ActionKind::Double);
  expect(start + ":0:0:1:00:6:3:0:7:10", bg::ActionKind::NoDouble);
  // The Crawford game: no cube decision (the throw follows at once), so no double.
  const bg::State crawford = cube_oracle::state_of(start + ":0:0:1:00:3:6:1:7:10");
  CHECK(crawford.is_chance_node());
  each_bot(crawford, none, [&](const char* who, const bg::Action& a) {
    INFO(who);
    CHECK(a.kind == bg::ActionKind::Roll);
  });
  // The leader facing the trailer's double, the trailer 4-away (Kazaross-XG2 after the Crawford
  // game: the trailer wins 0.32264 at 3-away, 0.48803 at 2-away). Passing leaves the trailer
  // 3-away: the leader keeps 0.67736. Taking, it wins the match with chances q, else the trailer
  // is 2-away: q + (1 - q) 0.51197, worth the pass from q = 0.338. The opening position (q about
  // a half): take. A race of 46 pips (X) against 150 (q near 0): pass.
  expect(start + ":0:0:1:D:3:6:0:7:10", bg::ActionKind::Take);
  expect("XGID=-CCCCBA------ccccc--------:0:0:1:D:3:6:0:7:10", bg::ActionKind::Drop);
}

TEST_CASE("bots: too good to double where a gammon is likely (GNU Backgammon's hint)") {
  using namespace bots_cube_test;
  const bg::EndgameDatabases none{};
  const auto expect = [&](const std::string& xgid, bg::ActionKind kind) {
    INFO(xgid);
    each_bot(cube_oracle::state_of(xgid), none, [&](const char* who, const bg::Action& a) {
      INFO(who);
      CHECK(a.kind == kind);
    });
  };
  // Money, X on roll, O with no checker off. gnubg: "Too good to double, pass" for
  // X 3 on its 1-point against 15 on O's 11- to 13-points (+2.000 no double);
  // X 10 on its 1- to 3-points against 15 on O's 7-point (+1.132);
  // X 6 on its 1- to 3-points against 15 on O's 7- to 9-points (+2.000);
  // X 12 on its 1- to 4-points against 15 on O's 8- to 10-points (+1.954);
  // X 4 on its 1-point against 2 on O's 8-point and 13 home (+1.884).
  for (const char* xgid :
       {"XGID=-C----------eee-----------:0:0:1:00:0:0:0:0:10", "XGID=-DCC--------------o-------:0:0:1:00:0:0:0:0:10",
        "XGID=-BBB------------eee-------:0:0:1:00:0:0:0:0:10", "XGID=-CCCC----------eee--------:0:0:1:00:0:0:0:0:10",
        "XGID=-D---------------b-cccbb--:0:0:1:00:0:0:0:0:10"})
    expect(xgid, bg::ActionKind::NoDouble);
  // O has a checker off, so no gammon: X 6 on its 1- and 2-points against 14 on O's 6-point:
  // gnubg "Double, pass".
  expect("XGID=-CC----------------n------:0:0:1:00:0:0:0:0:10", bg::ActionKind::Double);
  // The first position under the Jacoby rule (flag 1), the cube centred: the gammon counts single
  // unless the cube is turned (BG-9.2), so no double is worth the pass: gnubg "Double, pass".
  expect("XGID=-C----------eee-----------:0:0:1:00:0:0:1:0:10", bg::ActionKind::Double);
}
