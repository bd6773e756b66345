// The .mat match records (mat.hpp, match_record.hpp): GNU Backgammon's own exports of the
// matches and money sessions of tests/data/backgammon/records/ read, replayed with every
// decision's GNUbg ID equal to the one gnubg gave while playing, and written back as gnubg wrote
// them; liberal reading and clear errors on hand-written records.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "records_data.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;
}  // namespace

TEST_CASE("mat: gnubg's records replay with every decision's GNUbg ID equal to gnubg's, and are written back") {
  const auto files = records_data::corpus(".mat");
  REQUIRE(files.size() >= 20);
  std::size_t lines = 0, steps = 0;
  int kinds[6] = {};
  for (const auto& path : files) {
    const std::string name = path.stem().string();
    CAPTURE(name);
    const std::string text = records_data::read_file(path);
    auto rec = parse_mat(text, records_data::rules_of(name));
    REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
    const auto got = records_data::lines_of(*rec);
    records_data::check_lines(got, records_data::expected_lines(path));
    lines += got.size();
    // The GNUbg ID before every decision (record_ids) as gnubg gave it.
    auto decisions = record_ids(*rec);
    REQUIRE(decisions.has_value());
    records_data::check_lines(*decisions, records_data::expected_lines(path, ".decisions"));
    lines += decisions->size();
    for (const auto& g : rec->games) {
      steps += g.steps.size();
      for (const auto& s : g.steps) ++kinds[static_cast<int>(s.kind)];
    }
    // Written back as gnubg wrote it, and read again to the same record.
    CHECK(records_data::normalise(format_mat(*rec)) == records_data::normalise(text));
    auto again = parse_mat(format_mat(*rec), records_data::rules_of(name));
    REQUIRE(again.has_value());
    CHECK(*again == *rec);
  }
  MESSAGE("records: " << files.size() << ", steps: " << steps << ", gnubg lines (IDs and results) compared: " << lines
                      << ", doubles: " << kinds[1] << ", drops: " << kinds[3] << ", beavers: " << kinds[4]
                      << ", resignations: " << kinds[5]);
  CHECK(lines > 3000);
  for (int k : kinds) CHECK(k > 0);
}

namespace {
// A record written by hand: CRLF, tabs, upper and lower case, a comment, `bar`, a repeat `(2)`,
// a hit without `*`, the player on the right starting, a resignation (Alice on roll concedes a
// single game at cube 2).
constexpr const char* kMatHand =
    "; [Site \"hand\"]\r\n"
    "# a comment line\r\n"
    "\r\n"
    " 3 POINT MATCH\r\n"
    "\r\n"
    " game 1\r\n"
    " Alice : 0\t\t\tBob : 0\r\n"
    "  1)                             31: 8/5 6/5\r\n"
    "  2) 64: 24/18 13/9              62: 13/7 13/11\r\n"
    "  3) 33: BAR/22 13/10(2) 6/3      doubles => 2\r\n"
    "  4)  takes                      21: 11/9 7/6\r\n"
    "                                  wins 2 points\r\n";

// kMatHand as GNU Backgammon writes it (laid out by hand from its exports in tests/data).
constexpr const char* kMatHandWritten =
    "; [Site \"hand\"]\n"
    "\n"
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " Alice : 0                      Bob : 0\n"
    "  1)                             31: 8/5 6/5 \n"
    "  2) 64: 24/18 13/9              62: 13/7* 13/11 \n"
    "  3) 33: 25/22 13/10 13/10 6/3    Doubles => 2\n"
    "  4)  Takes                      21: 11/9 7/6 \n"
    "                                  Wins 2 points\n"
    "\n";

// The error of parse_mat(text); REQUIREs that there is one.
Error mat_error_of(const std::string& text, const SessionRules& rules = SessionRules{}) {
  auto r = parse_mat(text, rules);
  REQUIRE_FALSE(r.has_value());
  return r.error();
}

// A 3-point match of one game, `lines` after the score line.
std::string mat_game(const std::string& lines, const std::string& score = "0 : 0") {
  const auto colon = score.find(':');
  return " 3 point match\n\n Game 1\n A : " + score.substr(0, colon - 1) + "    B : " + score.substr(colon + 2) + "\n" +
         lines;
}
}  // namespace

TEST_CASE("mat: liberal reading of a hand-written record") {
  auto rec = parse_mat(kMatHand);
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  CHECK(rec->players[0] == "Alice");
  CHECK(rec->players[1] == "Bob");
  CHECK(rec->rules.match_length == 3);
  REQUIRE(rec->tags.size() == 1);
  CHECK(rec->tags[0].first == "Site");
  CHECK(rec->tags[0].second == "hand");
  REQUIRE(rec->games.size() == 1);
  const auto& steps = rec->games[0].steps;
  // Bob's opening 31, Alice 64, Bob 62, Alice 33, Bob doubles, Alice takes, Bob 21, Alice resigns.
  REQUIRE(steps.size() == 8);
  CHECK(steps[0].kind == StepKind::Roll);
  CHECK(steps[0].player == 1);
  CHECK(steps[0].number == 1);
  CHECK(steps[2].play.hits == 1);  // 13/7 hits Alice's blot on her 18 (BG-5.1), `*` or not
  CHECK(steps[3].play.size == 4);
  CHECK(steps[3].play.from[0] == 25);  // from the bar
  CHECK(steps[3].play.to[0] == 22);
  CHECK(steps[4].kind == StepKind::Double);
  CHECK(steps[4].cube == 2);
  CHECK(steps[5].kind == StepKind::Take);
  CHECK(steps[5].player == 0);
  CHECK(steps[7].kind == StepKind::Resign);
  CHECK(steps[7].player == 0);
  CHECK(steps[7].resign == Resign::Single);
  CHECK(rec->games[0].winner == 1);
  CHECK(rec->games[0].points == 2);
  CHECK(format_mat(*rec) == kMatHandWritten);
  // The decisions' IDs: one per throw played and cube action (the 8 steps but the resignation);
  // the first is the start position (its Position ID as GNU Backgammon gives it), Bob to play 31.
  auto ids = record_ids(*rec);
  REQUIRE(ids.has_value());
  CHECK(ids->size() == 7);
  CHECK(ids->front().rfind("4HPwATDgc/ABMA:", 0) == 0);
}

TEST_CASE("mat: `and the match` after Wins, as other programs write it") {
  // Bob, on roll after Alice's play, resigns a single game
  auto rec = parse_mat(mat_game("  1) 52: 13/8 13/11\n      Wins 1 point and the match\n"));
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  CHECK(rec->games[0].winner == 0);
  CHECK(rec->games[0].points == 1);
  CHECK(rec->games[0].steps.back().kind == StepKind::Resign);
}

TEST_CASE("mat: errors name the game, the move, the column and the offset") {
  SUBCASE("an illegal play") {
    const std::string text = mat_game("  1) 52: 13/8 13/7              \n");
    const Error e = mat_error_of(text);
    CHECK(e.where == "game 1, move 1, left column");
    CHECK(e.offset == text.find("52:"));
  }
  SUBCASE("a double in the Crawford game (BG-10.2)") {
    const std::string text = mat_game("  1) 52: 13/8 13/11              Doubles => 2\n", "2 : 0");
    // a record may start at any score (a match resumed): at 2-0 its first game could be the
    // Crawford game or one after it; the double says it is one after it
    auto resumed = parse_mat(text);
    REQUIRE_MESSAGE(resumed.has_value(), resumed.error().to_string());
    CHECK(resumed->games[0].score == std::array<int, 2>{2, 0});
    const std::string two_games =
        " 3 point match\n\n Game 1\n A : 0    B : 0\n  1)  Doubles => 2                Drops\n      Wins 1 "
        "point\n\n Game 2\n A : 1    B : 0\n  1) 52: 13/8 13/11              Doubles => 2\n";
    // A doubling before the opening throw is refused: the first step of a game is its opening throw.
    CHECK(mat_error_of(two_games).where == "game 1, move 1, left column");
    // Game 1: Bob, on roll after Alice's play, concedes a gammon (2 points); game 2 is the
    // Crawford game, Alice 1 point away.
    const std::string crawford =
        " 3 point match\n\n Game 1\n A : 0    B : 0\n  1) 52: 13/8 13/11\n      Wins 2 points\n\n Game 2\n A : 2 "
        "   B : 0\n  1)                             31: 8/5 6/5\n  2)  Doubles => 2\n";
    const Error e = mat_error_of(crawford);
    CHECK(e.where == "game 2, move 2, left column");
    CHECK(e.code == boardrules::ErrorCode::illegal_action);
    CHECK(e.message.find("BG-10.2") != std::string::npos);
    CHECK(e.offset == crawford.rfind("Doubles"));
  }
  SUBCASE("a throw by the player not on roll") {
    const std::string text = mat_game("  1) 52: 13/8 13/11\n  2) 31: 8/5 6/5\n");
    const Error e = mat_error_of(text);
    CHECK(e.where == "game 1, move 2, left column");
    CHECK(e.code == boardrules::ErrorCode::illegal_action);
  }
  SUBCASE("a throw with a legal play written without one, then another step") {
    const std::string text = mat_game("  1) 52:                         31: 8/5 6/5\n");
    const Error e = mat_error_of(text);
    CHECK(e.code == boardrules::ErrorCode::illegal_action);
    CHECK(e.message.find("BG-3.5") != std::string::npos);
    CHECK(e.offset == text.find("52:"));
  }
  SUBCASE("points that do not match the result") {
    const std::string text = mat_game(
        "  1) 52: 13/8 13/11               Doubles => 2\n  2)  Drops                       "
        "Wins 2 points\n");
    // dropping a double at cube 1 loses 1 point (BG-8.4)
    const Error e = mat_error_of(text);
    CHECK(e.code == boardrules::ErrorCode::invalid_state);
  }
  SUBCASE("a resignation won by the player on roll") {
    // after Alice's play Bob is on roll: only he may resign, and Alice would win
    const std::string text = mat_game("  1) 52: 13/8 13/11\n                                  Wins 1 point\n");
    const Error e = mat_error_of(text);
    CHECK(e.where == "game 1, move 1, right column");
    CHECK(e.code == boardrules::ErrorCode::illegal_action);
    CHECK(e.message.find("BG-7.7") != std::string::npos);
  }
  SUBCASE("a resignation worth no kind of game") {
    const std::string text = mat_game("  1) 52: 13/8 13/11\n      Wins 5 points\n");
    CHECK(mat_error_of(text).message.find("BG-7.7") != std::string::npos);
  }
  SUBCASE("a beaver in a match (BG-9.4)") {
    const std::string text = mat_game("  1) 52: 13/8 13/11               Doubles => 2\n  2)  Beavers => 4\n");
    CHECK(mat_error_of(text).code == boardrules::ErrorCode::illegal_action);
    CHECK(mat_error_of(text).message.find("BG-9.4") != std::string::npos);
  }
  SUBCASE("unreadable text") {
    const std::string text = mat_game("  1) 52: 13/8 13/11 hello\n");
    const Error e = mat_error_of(text);
    CHECK(e.offset != Error::npos);
    CHECK(e.code == boardrules::ErrorCode::syntax);
    CHECK(mat_error_of("no match here\n").where == "header");
    CHECK(mat_error_of("").where == "header");
    CHECK(mat_error_of(" 3 point match\n\n Game 2\n").code == boardrules::ErrorCode::syntax);
    CHECK(mat_error_of(" 3 point match\n\n Game 1\n").code == boardrules::ErrorCode::syntax);
  }
}

TEST_CASE("mat: damaged records are refused with an Error, never a crash") {
  // Every record of the corpus cut short and with bytes changed.
  records_data::check_damaged(".mat", " 0123456789/:*()\nabTWDr", 12345, 40,
                              [](const std::string& t, const SessionRules& rules) { return parse_mat(t, rules); });
}

TEST_CASE("check_mat: a name or tag .mat cannot hold, or an edited position, is refused, not written wrong") {
  // A one-game record read from .sgf, whose names hold what .sgf holds; then written as .mat
  // and read back with the same rules. check_mat must accept exactly the records whose text
  // reads back with the same players, tags and games (the reading judged here, not check_mat).
  const auto read_sgf = [](const std::string& name0) {
    const std::string text =
        "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[" + name0 + "]PB[Bob]RU[Crawford]\n;W[31hefe])\n";
    auto rec = parse_sgf(text);
    REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
    return *rec;
  };
  const auto reads_back = [](const MatchRecord& rec) {
    const auto back = parse_mat(format_mat(rec), rec.rules);
    return back.has_value() && back->players == rec.players && back->tags == rec.tags && back->rules == rec.rules &&
           back->games.size() == rec.games.size() && back->games[0].steps == rec.games[0].steps;
  };
  struct Name {
    std::string name;
    const char* why;  // what check_mat says, or nullptr when it accepts
  };
  for (const Name& n : {Name{"Ann", nullptr}, Name{"", nullptr}, Name{"A\vB", nullptr}, Name{"A\x1b[31mB", nullptr},
                        Name{"J\xC3\xBCrgen 2nd", nullptr}, Name{"A:B", "holds a ':'"}, Name{"\vAnn", "starts or ends"},
                        Name{"Ann\v", "starts or ends"}, Name{" Ann", "starts or ends"},
                        Name{"; Ann", "starts with ';'"}, Name{"# Ann", "starts with ';' or '#'"}}) {
    CAPTURE(printable(n.name));
    const MatchRecord rec = read_sgf(n.name);
    const Status st = check_mat(rec);
    CHECK(st.has_value() == (n.why == nullptr));
    CHECK(reads_back(rec) == (n.why == nullptr));
    if (n.why != nullptr) {
      REQUIRE_FALSE(st.has_value());
      CHECK(st.error().code == ErrorCode::unsupported);
      CHECK(st.error().where == "players");
      CHECK(st.error().message.find(n.why) != std::string::npos);
      CHECK(st.error().to_string().find('\v') == std::string::npos);  // the name's control bytes escaped
    }
  }
  // A line break in a name (which .sgf holds: a soft break is removed, a hard one kept).
  MatchRecord broken = read_sgf("Ann");
  broken.players[1] = "Bo\nb";
  CHECK_FALSE(check_mat(broken).has_value());
  CHECK_FALSE(reads_back(broken));
  // Tags: a value with a quote or a bracket is held; a line break or a quote in the key is not;
  // a rules tag that says other than the record's rules would change the rules read back.
  MatchRecord tagged = read_sgf("Ann");
  tagged.tags = {{"Event", "The \"big\" one [final]"}, {"Crawford", "On"}};
  CHECK(check_mat(tagged).has_value());
  CHECK(reads_back(tagged));
  for (const auto& tag : std::vector<std::pair<std::string, std::string>>{{"Event", "two\nlines"},
                                                                          {"Ev\"ent", "x"},
                                                                          {" Event", "x"},
                                                                          {"Crawford", "Off"},
                                                                          {"Variation", "Nackgammon"}}) {
    CAPTURE(tag.first);
    MatchRecord t = read_sgf("Ann");
    t.tags = {tag};
    const Status st = check_mat(t);
    REQUIRE_FALSE(st.has_value());
    CHECK(st.error().where == "tags");
    CHECK_FALSE(reads_back(t));
  }
  // An edited position (.sgf setup nodes, GNU Backgammon's own save of a game played on from
  // one): .mat has no way to write it.
  const auto edited =
      parse_sgf(records_data::read_file(BOARDRULES_TEST_DATA_DIR "/backgammon/edited/gnubg_edited_match5.sgf"));
  REQUIRE_MESSAGE(edited.has_value(), edited.error().to_string());
  const Status st = check_mat(*edited);
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().message.find("an edited position") != std::string::npos);
  CHECK(st.error().where.starts_with("game 1"));
  CHECK_FALSE(reads_back(*edited));
}
