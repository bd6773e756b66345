// The replay .mat and .sgf share (formats/record_replay.hpp): one game written in both formats
// reads to the same steps, written out here by hand from the rules (BG-2.1 the opening throw,
// BG-5.1 the hit, BG-8 the cube, BG-7.7 the resignation); the same illegal steps are refused in
// both with the same message and place; the steps fed to the replay directly give that record.
#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/record_replay.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

// Alice (player 0, White) and Bob (player 1, Black), 3-point match: Bob wins the opening throw
// with 3-1, Bob hits with 62, Alice enters with 33, Bob doubles, Alice takes, Bob throws 21 and
// Alice, on roll, resigns a single game at cube 2.
constexpr std::string_view kMat =
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " Alice : 0                      Bob : 0\n"
    "  1)                             31: 8/5 6/5\n"
    "  2) 64: 24/18 13/9              62: 13/7* 13/11\n"
    "  3) 33: 25/22 13/10 13/10 6/3    Doubles => 2\n"
    "  4)  Takes                      21: 11/9 7/6\n"
    "                                  Wins 2 points\n";

// The same game in GNU Backgammon's SGF: points a..x from White's side, y the bar.
constexpr std::string_view kSgf =
    "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[Alice]PB[Bob]RU[Crawford]RE[B+2R]\n"
    ";B[31qtst]\n;W[64xrmi]\n;B[62lrln]\n;W[33yvmjmjfc]\n;B[double]\n;W[take]\n;B[21nprs])\n";

RecordStep roll(int player, int d1, int d2, std::vector<std::pair<int, int>> moves, unsigned hits = 0) {
  RecordStep s;
  s.kind = StepKind::Roll;
  s.player = player;
  s.dice = Dice::unchecked(d1, d2);
  for (const auto& [from, to] : moves) s.play.add(from, to, false);
  s.play.hits = static_cast<std::uint8_t>(hits);
  return s;
}

RecordStep cube_step(StepKind kind, int player, int cube = 0) {
  RecordStep s;
  s.kind = kind;
  s.player = player;
  s.cube = cube;
  return s;
}

// The game above, step by step, in each mover's numbering (BG-1.3).
std::vector<RecordStep> expected_steps() {
  RecordStep resign = cube_step(StepKind::Resign, 0);
  resign.resign = Resign::Single;
  return {roll(1, 3, 1, {{8, 5}, {6, 5}}),
          roll(0, 6, 4, {{24, 18}, {13, 9}}),
          roll(1, 6, 2, {{13, 7}, {13, 11}}, 0b1),  // 13/7 hits Alice's checker on her 18 (BG-5.1)
          roll(0, 3, 3, {{25, 22}, {13, 10}, {13, 10}, {6, 3}}),
          cube_step(StepKind::Double, 1, 2),
          cube_step(StepKind::Take, 0),
          roll(1, 2, 1, {{11, 9}, {7, 6}}),
          resign};
}

void check_game(const MatchRecord& rec) {
  CHECK(rec.players[0] == "Alice");
  CHECK(rec.players[1] == "Bob");
  CHECK(rec.rules.match_length == 3);
  REQUIRE(rec.games.size() == 1);
  const GameRecord& g = rec.games[0];
  CHECK(g.score == std::array<int, 2>{0, 0});
  const auto want = expected_steps();
  REQUIRE(g.steps.size() == want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    CAPTURE(i);
    CHECK(g.steps[i] == want[i]);
  }
  CHECK(g.winner == 1);
  CHECK(g.points == 2);
}

// `text` with `from` (its first occurrence) replaced by `to`, and the offset of `to`.
std::pair<std::string, std::size_t> edit(std::string_view text, std::string_view from, std::string_view to) {
  std::string t(text);
  const std::size_t at = t.find(from);
  REQUIRE(at != std::string::npos);
  t.replace(at, from.size(), to);
  return {t, at};
}
}  // namespace

TEST_CASE("record replay: the same game as .mat and as .sgf replays to the same steps, written by hand") {
  const auto mat = parse_mat(kMat);
  REQUIRE_MESSAGE(mat.has_value(), mat.error().to_string());
  check_game(*mat);
  const auto sgf = parse_sgf(kSgf);
  REQUIRE_MESSAGE(sgf.has_value(), sgf.error().to_string());
  check_game(*sgf);
  // where each step was read: the move number (.mat's line, the SGF node) and the offset
  CHECK(mat->games[0].steps[3].number == 3);
  CHECK(mat->games[0].steps[3].offset == kMat.find("33:"));
  CHECK(sgf->games[0].steps[3].number == 4);
  CHECK(sgf->games[0].steps[3].offset == kSgf.find("W[33"));
}

TEST_CASE("record replay: an illegal step is refused in both formats with the same message and place") {
  struct Case {
    const char* what;
    std::string_view mat_from, mat_to, sgf_from, sgf_to;
    const char* message;
    const char* mat_where;
    const char* sgf_where;  // `move N`: the node's number
  };
  const Case cases[] = {
      {"a play the throw does not allow (BG-3): 64 played with a 5", "64: 24/18 13/9", "64: 24/18 13/8", "W[64xrmi]",
       "W[64xrmh]", "step 2 (13/8): no die of 5 is left to play", "game 1, move 2, left column",
       "game 1, move 2, left column"},
      {"a throw while a double is pending (BG-8.4)", "Takes", "52: 13/8 13/11", "W[take]", "W[52]",
       "a throw is not expected here: a decision is pending", "game 1, move 4, left column",
       "game 1, move 6, left column"},
      {"a redouble by the player whose opponent owns the cube (BG-8.3)", "21: 11/9 7/6", "Doubles => 4", "B[21nprs]",
       "B[double]", "the opponent owns the cube (BG-8.3)", "game 1, move 4, right column",
       "game 1, move 7, right column"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const auto [mat_text, mat_at] = edit(kMat, c.mat_from, c.mat_to);
    const auto [sgf_text, sgf_at] = edit(kSgf, c.sgf_from, c.sgf_to);
    const auto mat = parse_mat(mat_text);
    const auto sgf = parse_sgf(sgf_text);
    REQUIRE_FALSE(mat.has_value());
    REQUIRE_FALSE(sgf.has_value());
    CHECK(mat.error().code == ErrorCode::illegal_action);
    CHECK(sgf.error().code == ErrorCode::illegal_action);
    CHECK(mat.error().message == c.message);
    CHECK(sgf.error().message == c.message);
    CHECK(mat.error().where == c.mat_where);
    CHECK(sgf.error().where == c.sgf_where);
    CHECK(mat.error().offset == mat_at);
    CHECK(sgf.error().offset == sgf_at);
  }
}

TEST_CASE("record replay: the steps fed to the replay directly give the record both readers give") {
  using read_detail::ReadKind;
  using read_detail::ReadStep;
  MatchRecord start;
  start.rules.match_length = 3;
  ReadOptions opt;
  read_detail::RecordReplay<Standard> replay(start, BasicMatch<Standard>::make(start.rules).value(), opt, {});
  auto step = [](ReadKind kind, int player) {
    ReadStep r;
    r.kind = kind;
    r.player = player;
    return r;
  };
  REQUIRE(replay.feed(step(ReadKind::Game, 0)).has_value());
  REQUIRE(replay.feed(step(ReadKind::Score, 0)).has_value());
  for (const RecordStep& s : expected_steps()) {
    if (s.kind == StepKind::Resign) break;  // the result written: Wins 2 in Bob's column
    ReadStep r = step(s.kind == StepKind::Roll     ? ReadKind::Roll
                      : s.kind == StepKind::Double ? ReadKind::Double
                                                   : ReadKind::Take,
                      s.player);
    r.dice = s.dice;
    r.play = s.play;
    r.play.hits = 0;  // the replay marks them
    const auto st = replay.feed(r);
    REQUIRE_MESSAGE(st.has_value(), st.error().to_string());
  }
  ReadStep wins = step(ReadKind::Wins, 1);
  wins.value = 2;
  REQUIRE(replay.feed(wins).has_value());
  ReadStep end = step(ReadKind::End, 0);
  end.last = true;
  REQUIRE(replay.feed(end).has_value());
  MatchRecord rec = std::move(replay).take();
  rec.players = {"Alice", "Bob"};
  check_game(rec);

  // A throw by the player not on roll is refused, named by its game, move and column.
  read_detail::RecordReplay<Standard> again(start, BasicMatch<Standard>::make(start.rules).value(), opt, {});
  REQUIRE(again.feed(step(ReadKind::Game, 0)).has_value());
  REQUIRE(again.feed(step(ReadKind::Score, 0)).has_value());
  ReadStep first = step(ReadKind::Roll, 1);
  first.dice = Dice::unchecked(3, 1);
  first.play = expected_steps()[0].play;
  REQUIRE(again.feed(first).has_value());
  ReadStep twice = first;
  twice.number = 2;
  twice.offset = 40;
  const auto st = again.feed(twice);
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().message == "this player is not on roll");
  CHECK(st.error().where == "game 1, move 2, right column");
  CHECK(st.error().offset == 40);
}
