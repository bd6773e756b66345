// Records as other programs write them (mat.hpp, sgf.hpp, match_record.hpp): the dialects GNU
// Backgammon imports (a record starting at a score, `Cannot Move`, `Losses`, `Doubles ==>`,
// points capped to the match, GNU Gibbon's resign:/accept), lenient reading (ReadOptions: a
// warning for each thing wrong, the file's version kept) and the GNUbg ID before every record.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

// A 5-point match that starts at 1-2 (a match resumed), the dialect of other programs: a score
// line without a blank before the colon, `Cannot Move`, `Doubles ==> 2`, a `Losses` line (the
// files of tests/data/backgammon/wild have the rest: `Bar/..`, `/Off`, capped points).
constexpr const char* kResumed =
    "; [Site \"elsewhere\"]\n"
    "; [CubeLimit \"1024\"]\n"
    "; [Unrated \"Off\"]\n"
    "5 point match\n"
    "\n"
    " Game 1\n"
    " Ann: 1                          Bob: 2\n"
    "  1) 31: 8/5 6/5                 64: 24/18 18/14\n"
    "  2)  Doubles ==> 2               Drops\n"
    "      Wins 1 point               Losses 1 point\n"
    "\n"
    " Game 2\n"
    " Ann: 2                          Bob: 2\n"
    "  1) 31: 8/5 6/5                 66: Cannot Move\n";

TEST_CASE("mat wild: a record may start at any score; dialects of other programs") {
  auto rec = parse_mat(kResumed);
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  REQUIRE(rec->games.size() == 2);
  CHECK(rec->games[0].score == std::array<int, 2>{1, 2});
  CHECK(rec->games[0].winner == 0);
  CHECK(rec->games[0].points == 1);
  // `Cannot Move` is read as no play: the record may end there, but Bob's 66 has a legal play,
  // so a step after it is refused.
  auto strict = parse_mat(std::string(kResumed) + "  2) 21: 6/4 5/4\n");
  CHECK_FALSE(strict.has_value());
}

TEST_CASE("mat wild: lenient reading warns and keeps what the file gives") {
  // Bob's 66 has a legal play but none is written: strict refuses it; lenient warns (with the
  // offset of the throw) and passes the turn with the checkers where they are.
  const std::string text = std::string(kResumed) + "  2) 21: 6/4 5/4\n";
  auto strict = parse_mat(text);
  REQUIRE_FALSE(strict.has_value());
  CHECK(strict.error().message.find("legal play but none is written") != std::string::npos);
  std::vector<Error> warnings;
  auto lenient = parse_mat(text, SessionRules{}, ReadOptions{true, &warnings});
  REQUIRE_MESSAGE(lenient.has_value(), lenient.error().to_string());
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].message.find("the turn passes") != std::string::npos);
  CHECK(warnings[0].offset == text.find("66: Cannot"));
  // The record read leniently says what was made of it: the throw not played, then the turn
  // given to the other player (a Setup step, as GNU Backgammon's import passes it); it replays.
  const auto& steps = lenient->games.back().steps;
  REQUIRE(steps.size() >= 3);
  const RecordStep& turn = steps[steps.size() - 2];
  CHECK(turn.kind == StepKind::Setup);
  CHECK(turn.setup == SetupKind::Turn);
  CHECK_FALSE(steps[steps.size() - 3].played);
  CHECK(replay_record(*lenient, ReadOptions{true, nullptr}).has_value());
  // No warnings pointer: lenient all the same.
  CHECK(parse_mat(text, SessionRules{}, ReadOptions{true, nullptr}).has_value());
}

TEST_CASE("mat wild: a resignation out of turn, a resignation of odd points, a score that does not follow") {
  // Bob wins while on roll after Ann's play: Ann resigned out of turn (as FIBS allows).
  const std::string out_of_turn =
      "3 point match\n\n Game 1\n A : 0                          B : 0\n"
      "  1) 31: 8/5 6/5                 Wins 1 point\n";
  CHECK_FALSE(parse_mat(out_of_turn).has_value());
  std::vector<Error> w;
  auto r = parse_mat(out_of_turn, SessionRules{}, ReadOptions{true, &w});
  REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
  CHECK(r->games[0].winner == 1);
  CHECK(r->games[0].points == 1);
  REQUIRE(w.size() == 1);
  CHECK(w[0].message.find("only the player on roll may resign") != std::string::npos);
  // 100 points conceded at cube 1: read as a backgammon (3 points), as GNU Backgammon does.
  const std::string odd =
      "7 point match\n\n Game 1\n A : 0                          B : 0\n"
      "  1) 31: 8/5 6/5                 64: 24/18 18/14\n"
      "  2) 52:                         Wins 100 points\n";
  w.clear();
  CHECK_FALSE(parse_mat(odd).has_value());
  auto o = parse_mat(odd, SessionRules{}, ReadOptions{true, &w});
  REQUIRE_MESSAGE(o.has_value(), o.error().to_string());
  CHECK(o->games[0].points == 3);
  CHECK(w.size() == 1);
  // The second game's score does not follow: lenient takes the file's, with a warning.
  const std::string jump = std::string(out_of_turn) + "\n Game 2\n A : 0                          B : 2\n";
  w.clear();
  CHECK(parse_mat(jump, SessionRules{}, ReadOptions{true, nullptr}).has_value());
  auto j = parse_mat(jump, SessionRules{}, ReadOptions{true, &w});
  REQUIRE(j.has_value());
  CHECK(j->games[1].score == std::array<int, 2>{0, 2});
  CHECK(w.size() == 2);
  CHECK_FALSE(parse_mat(jump).has_value());
}

TEST_CASE("mat wild: the GNUbg ID before every record, forced passes and resignations included") {
  // Two throws, a double, a take, a throw not played, and A's resignation (B wins 2 at cube 2).
  const std::string text =
      "0 point match\n\n Game 1\n A : 0                          B : 0\n"
      "  1) 31: 8/5 6/5                 64: 24/18 18/14\n"
      "  2)  Doubles => 2                Takes\n"
      "  3) 52:                          Wins 2 points\n";
  auto rec = parse_mat(text);
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  auto all = record_ids(*rec, IdScope::Records);
  auto decisions = record_ids(*rec, IdScope::Decisions);
  REQUIRE(all.has_value());
  REQUIRE(decisions.has_value());
  // throws 31 and 64, double, take, the throw 52 not played, the resignation
  CHECK(all->size() == 6);
  CHECK(decisions->size() == 4);
  // The first ID: the start position with 31 thrown, Ann (player 0) on roll; its position as
  // GNU Backgammon lists it (tests/data/backgammon/wild/gnubg_oracle.txt has the same).
  CHECK((*all)[0].substr(0, 14) == "4HPwATDgc/ABMA");
  CHECK((*all)[0] == (*decisions)[0]);
  // The throw not played: the ID before its dice (as GNU Backgammon shows that record); the
  // resignation after it: the same position with the dice thrown.
  CHECK((*all)[4].substr(0, 14) == (*all)[5].substr(0, 14));
  CHECK((*all)[4] != (*all)[5]);
  CHECK((*all)[4].substr(0, 14) == (*decisions)[3].substr(0, 14));  // no checker moved since the take
}

TEST_CASE("sgf wild: GNU Gibbon's resign:N and accept") {
  const std::string text =
      "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[A]PB[B]RE[W+2Resign]RU[Crawford]"
      ";W[31hefe];B[resign:2];W[accept])";
  auto rec = parse_sgf(text);
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  REQUIRE(rec->games[0].steps.size() == 2);
  CHECK(rec->games[0].steps[1].kind == StepKind::Resign);
  CHECK(rec->games[0].winner == 0);
  CHECK(rec->games[0].points == 2);
  CHECK_FALSE(parse_sgf("(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0];W[31hefe];W[accept])").has_value());
}

}  // namespace
