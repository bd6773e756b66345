// eXtreme Gammon .xg files (formats/xg.hpp): the files of tests/data/backgammon/xg, built by
// make_xg.py from the documented layout, read to the records their hand-written .mat twins
// give; the candidate plays' equities kept; clear errors for other versions, variations, a
// missing magic number, an illegal play, and every cut and many damaged copies of a file.
#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "boardrules/backgammon/formats/xg.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

std::vector<std::uint8_t> bytes_of(const std::string& name) {
  std::ifstream in(std::string(BOARDRULES_TEST_DATA_DIR "/backgammon/xg/") + name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), name);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string text_of(const std::string& name) {
  const auto b = bytes_of(name);
  return {b.begin(), b.end()};
}

Result<XgFile> read(const std::vector<std::uint8_t>& b) { return parse_xg(std::span<const std::uint8_t>(b)); }
}  // namespace

TEST_CASE("xg: a 3-point match reads as its .mat twin, with the file's names, rules, tags and analysis") {
  auto x = read(bytes_of("match3.xg"));
  REQUIRE_MESSAGE(x.has_value(), x.error().to_string());
  CHECK(x->version == 32);
  const MatchRecord& r = x->record;
  CHECK(r.players[0] == "Alice");
  CHECK(r.players[1] == "Bob");
  CHECK(r.rules.match_length == 3);
  CHECK(r.rules.crawford);
  REQUIRE(r.tags.size() == 2);
  CHECK(r.tags[0] == std::pair<std::string, std::string>{"Event", "Test Cup"});
  CHECK(r.tags[1] == std::pair<std::string, std::string>{"EventDate", "2023.03.15"});  // day 45000
  auto mat = parse_mat(text_of("match3.mat"), SessionRules::match(3));
  REQUIRE_MESSAGE(mat.has_value(), mat.error().to_string());
  CHECK(r.games == mat->games);
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0].winner == 1);
  CHECK(r.games[0].points == 2);
  CHECK(r.games[0].steps.back().kind == StepKind::Resign);
  CHECK(r.games[1].steps.back().resign == Resign::Gammon);
  // The analysis of Bob's opening 3-1: two candidates, the first the play made.
  REQUIRE(x->plays.size() == 1);
  CHECK(x->plays[0].game == 0);
  CHECK(x->plays[0].step == 0);
  REQUIRE(x->plays[0].candidates.size() == 2);
  CHECK(x->plays[0].candidates[0].play == r.games[0].steps[0].play);
  CHECK(x->plays[0].candidates[0].equity == 0.125f);
  CHECK(x->plays[0].candidates[1].equity == -0.03125f);
  CHECK(x->plays[0].candidates[1].play.size == 2);
  // Converted to .sgf and read back: the same games.
  auto sgf = parse_sgf(format_sgf(r), SessionRules::match(3));
  REQUIRE_MESSAGE(sgf.has_value(), sgf.error().to_string());
  REQUIRE(sgf->games.size() == r.games.size());
  for (std::size_t g = 0; g < r.games.size(); ++g) {
    CHECK(sgf->games[g].steps == r.games[g].steps);
    CHECK(sgf->games[g].score == r.games[g].score);
    CHECK(sgf->games[g].winner == r.games[g].winner);
    CHECK(sgf->games[g].points == r.games[g].points);
  }
}

TEST_CASE("xg: a money session with Jacoby, a beaver and a pass reads as its .mat twin") {
  auto x = read(bytes_of("money.xg"));
  REQUIRE_MESSAGE(x.has_value(), x.error().to_string());
  CHECK(!x->record.rules.is_match());
  CHECK(x->record.rules.jacoby);
  CHECK(x->record.rules.beavers == 1);
  auto mat = parse_mat(text_of("money.mat"), SessionRules::money({.jacoby = true, .beavers = 1}));
  REQUIRE_MESSAGE(mat.has_value(), mat.error().to_string());
  CHECK(x->record.games == mat->games);
  CHECK(x->plays.empty());
}

TEST_CASE("xg: other versions, variations and damaged structures are clear errors") {
  struct Case {
    const char* file;
    ErrorCode code;
    const char* where;
    std::size_t offset;
    const char* message;
  };
  const Case cases[] = {
      {"version33.xg", ErrorCode::unsupported, "xg game file", 552, "game file version 33 is not read (1..32)"},
      {"nackgammon.xg", ErrorCode::unsupported, "xg game file", 96, "variation 1 is not read (only backgammon)"},
      {"no_magic.xg", ErrorCode::corrupted, "xg game file", 556, "the match header has no DMLI magic number"},
      {"header_version2.xg", ErrorCode::unsupported, "xg header", 4, "header version 2 is not read (only 1)"},
      // Bob's opening 3-1 written as 8/4 6/5: record 4 of temp.xg (offset 7680), its moves at +68.
      {"illegal_play.xg", ErrorCode::illegal_action, "game 1, move 1, right column", 7748, "step 2 (6/5)"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.file);
    auto x = read(bytes_of(c.file));
    REQUIRE(!x.has_value());
    CHECK(x.error().code == c.code);
    CHECK(x.error().where == c.where);
    CHECK(x.error().offset == c.offset);
    CHECK(x.error().message.find(c.message) == 0);
  }
  auto empty = read({});
  REQUIRE(!empty.has_value());
  CHECK(empty.error().code == ErrorCode::corrupted);
  CHECK(empty.error().message == "not an eXtreme Gammon file (no RGMH header)");
  auto text = parse_xg(std::string_view("; [Site \"x\"]\n 3 point match\n"));
  REQUIRE(!text.has_value());
  CHECK(text.error().where == "xg header");
}

TEST_CASE("xg, xgp: one game file, entries that share no data, streams within their entries") {
  // Archives whose CRC-32s and sizes are all right (make_xg.py, hostile_archives): a reader that
  // inflated each entry would hold many copies of one stream (many_game_files.xg: 64 entries
  // over one stream of 1 MiB of zeros, 64 MiB). Each is refused from its index, before the game
  // file is read (offsets: the index, just before the 36-byte trailer).
  struct Case {
    const char* file;
    const char* where;
    const char* message;
  };
  const Case cases[] = {
      {"two_game_files.xg", "xg archive: temp.xg", "a second entry named temp.xg"},
      {"many_game_files.xg", "xg archive: temp.xg", "a second entry named temp.xg"},
      {"shared_stream.xg", "xg archive: temp.xgi", "the entry's data overlaps that of temp.xg"},
      {"stream_past_entry.xg", "xg archive: temp.xg", "the stream is cut short"},
  };
  for (const Case& c : cases) {
    const std::string file = c.file;
    CAPTURE(file);
    const auto bytes = bytes_of(file);
    auto x = read(bytes);
    REQUIRE(!x.has_value());
    CHECK(x.error().code == ErrorCode::corrupted);
    CHECK(x.error().where == c.where);
    CHECK(x.error().message.find(c.message) == 0);
    auto p = parse_xgp(std::span<const std::uint8_t>(bytes));  // the same container
    REQUIRE(!p.has_value());
    CHECK(p.error().message == x.error().message);
  }
}

TEST_CASE("xg: every cut of a file (each length past the header) is an error; damaged bytes give an error or the same record") {
  const auto full = bytes_of("match3.xg");
  const auto good = read(full);
  REQUIRE(good.has_value());
  for (std::size_t n = 0; n < full.size(); n += (n < 8232 ? 37 : 1)) {
    const std::vector<std::uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
    auto x = read(cut);
    REQUIRE_MESSAGE(!x.has_value(), n);
    CHECK(x.error().code == ErrorCode::corrupted);
  }
  // Each byte after the header (the archive), the header's checked fields, and a sample of the
  // rest of the header (names and comments the reader does not read).
  int errors = 0, same = 0;
  for (std::size_t i = 0; i < full.size(); i += (i >= 24 && i < 8232) ? 331 : 1) {
    auto damaged = full;
    damaged[i] ^= 0x5A;
    auto x = read(damaged);
    if (x.has_value()) {
      CHECK_MESSAGE(x->record == good->record, i);
      ++same;
    } else {
      ++errors;
    }
  }
  CHECK(errors > 500);
  CHECK(same > 20);
}

TEST_CASE("xgp: position files read to the position, score, cube and dice GNU Backgammon gives") {
  // Each position_*.xgp (make_xg.py) beside the same position written by hand as GNU
  // Backgammon's setup nodes (position_*.sgf); xgp_gnubg_ids.txt is the GNUbg ID GNU Backgammon
  // 1.07 gives after loading that .sgf (xgp_ids.py).
  std::ifstream in(BOARDRULES_TEST_DATA_DIR "/backgammon/xg/xgp_gnubg_ids.txt");
  std::string name, id;
  int n = 0;
  while (in >> name >> id) {
    CAPTURE(name);
    const auto b = bytes_of(name + ".xgp");
    auto x = parse_xgp(std::span<const std::uint8_t>(b));
    REQUIRE_MESSAGE(x.has_value(), x.error().to_string());
    CHECK(x->gnubg_id == id);
    CHECK(x->checker_play == (name != "position_cube"));
    CHECK(x->record.players == std::array<std::string, 2>{"Alice", "Bob"});
    // the record replays to the position, and written as .sgf reads back to the same ID
    auto m = replay_record(x->record);
    REQUIRE_MESSAGE(m.has_value(), m.error().to_string());
    auto again = parse_sgf(format_sgf(x->record));
    REQUIRE_MESSAGE(again.has_value(), again.error().to_string());
    auto m2 = replay_record(*again);
    REQUIRE(m2.has_value());
    CHECK(format_gnubg_id(*m2) == id);
    // the XGID is the GNUbg ID's position (XGID's players are GNU Backgammon's the other way
    // round, xgid.hpp)
    auto from_xgid = parse_xgid<>(x->xgid);
    REQUIRE_MESSAGE(from_xgid.has_value(), x->xgid);
    CHECK(format_gnubg_id(from_xgid->position, from_xgid->fields).substr(0, 14) == id.substr(0, 14));
    ++n;
  }
  CHECK(n == 3);
}

TEST_CASE("xgp: cut, other-version, match and impossible position files are clear errors") {
  auto err = [](const std::string& name) {
    const auto b = bytes_of(name);
    auto x = parse_xgp(std::span<const std::uint8_t>(b));
    REQUIRE_FALSE(x.has_value());
    return x.error();
  };
  CHECK(err("position_cut.xgp").code == ErrorCode::corrupted);
  CHECK(err("position_cut.xgp").where == "xg header");
  const Error v = err("position_version33.xgp");
  CHECK(v.code == ErrorCode::unsupported);
  CHECK(v.message.find("version 33") != std::string::npos);
  const Error two = err("position_two_moves.xgp");
  CHECK(two.code == ErrorCode::unsupported);
  CHECK(two.where == "xg game file, record 5");
  const Error over = err("position_16_checkers.xgp");
  CHECK(over.message.find("player 0 has 16 checkers on the board") != std::string::npos);
  CHECK(over.where == "xg game file, record 4");
  CHECK(over.offset == 3 * 2560 + 9);  // the move record's position
  const Error crawford = err("position_crawford_cube.xgp");
  CHECK(crawford.message.find("BG-10.2") != std::string::npos);
  // a match file is no position file
  CHECK(err("match3.xg").code == ErrorCode::unsupported);
  // every cut of a position file is an error, never a crash
  const auto whole = bytes_of("position_checker.xgp");
  for (std::size_t len = 0; len < whole.size(); len += 97) {
    auto x = parse_xgp(std::span<const std::uint8_t>(whole.data(), len));
    CHECK_FALSE(x.has_value());
  }
}
