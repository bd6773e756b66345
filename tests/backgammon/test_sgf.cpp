// GNU Backgammon's SGF (sgf.hpp): gnubg's own saves of the matches and money sessions of
// tests/data/backgammon/records/ read, replayed with every decision's GNUbg ID equal to the one
// gnubg gave while playing, written back byte for byte, and converted to the .mat gnubg wrote;
// errors on damaged and hand-made files.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boardrules/backgammon/ai/record_actions.hpp"
#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "records_data.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

// The .mat text without its header tags (the .sgf has the date in another form).
std::string sgf_mat_without_tags(const std::string& text) {
  std::string out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(pos, end - pos);
    if (line.rfind("; [", 0) != 0) out += line + "\n";
    pos = end + 1;
  }
  return records_data::normalise(out);
}

Error sgf_error_of(const std::string& text) {
  auto r = parse_sgf(text);
  REQUIRE_FALSE(r.has_value());
  return r.error();
}
}  // namespace

TEST_CASE("sgf: gnubg's saves replay with every decision's GNUbg ID equal to gnubg's, and are written back") {
  const auto files = records_data::corpus(".sgf");
  REQUIRE(files.size() >= 20);
  std::size_t lines = 0;
  for (const auto& path : files) {
    const std::string name = path.stem().string();
    CAPTURE(name);
    const std::string text = records_data::read_file(path);
    SessionRules options;
    options.beavers = records_data::rules_of(name).beavers;  // the one rule the .sgf does not write
    auto rec = parse_sgf(text, options);
    REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
    CHECK(rec->rules.crawford == records_data::rules_of(name).crawford);
    CHECK(rec->rules.jacoby == records_data::rules_of(name).jacoby);
    const auto got = records_data::lines_of(*rec);
    records_data::check_lines(got, records_data::expected_lines(path));
    lines += got.size();
    CHECK(format_sgf(*rec) == text);
    // The same match as gnubg's .mat export of it.
    const std::filesystem::path mat = path.parent_path() / (name + ".mat");
    CHECK(records_data::normalise(format_mat(*rec)) == sgf_mat_without_tags(records_data::read_file(mat)));
  }
  MESSAGE("records: " << files.size() << ", gnubg lines (IDs and results) compared: " << lines);
  CHECK(lines > 1500);
}

TEST_CASE("sgf: .mat to .sgf and back") {
  // A record read from .mat (no SGF root kept) written as SGF, read back: the same games.
  for (const auto& path : records_data::corpus(".mat")) {
    const std::string name = path.stem().string();
    CAPTURE(name);
    auto rec = parse_mat(records_data::read_file(path), records_data::rules_of(name));
    REQUIRE(rec.has_value());
    const std::string sgf = format_sgf(*rec);
    SessionRules options;
    options.beavers = rec->rules.beavers;
    auto back = parse_sgf(sgf, options);
    REQUIRE_MESSAGE(back.has_value(), back.error().to_string());
    CHECK(back->players == rec->players);
    CHECK(back->rules.match_length == rec->rules.match_length);
    REQUIRE(back->games.size() == rec->games.size());
    for (std::size_t gi = 0; gi < rec->games.size(); ++gi) {
      CHECK(back->games[gi].steps == rec->games[gi].steps);
      CHECK(back->games[gi].winner == rec->games[gi].winner);
      CHECK(back->games[gi].points == rec->games[gi].points);
    }
  }
}

TEST_CASE("sgf: errors and what is skipped") {
  const std::string root = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]";
  SUBCASE("analysis properties are skipped, the steps read") {
    // White 52: 13/8 13/11 (m->h, m->k), with an analysis property and a comment
    auto r = parse_sgf(root + "\n;W[52mhmk]A[2][x]C[a comment \\] with a bracket]\n;B[double]\n;W[drop])\n");
    REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
    REQUIRE(r->games[0].steps.size() == 3);
    CHECK(r->games[0].steps[0].play.from[0] == 13);
    CHECK(r->games[0].steps[0].play.to[0] == 8);
    CHECK(r->games[0].steps[0].play.to[1] == 11);
    CHECK(r->games[0].winner == 1);
    CHECK(r->games[0].points == 1);
  }
  SUBCASE("an illegal play names the game, the move and the player") {
    const std::string text = root + "\n;W[52mhmg])\n";  // 13/7 with a 2
    const Error e = sgf_error_of(text);
    CHECK(e.where == "game 1, move 1, left column");
    CHECK(e.code == boardrules::ErrorCode::illegal_action);
    CHECK(e.offset == text.find("W[52"));
  }
  SUBCASE("a result the play does not give") {
    CHECK(sgf_error_of(root + "RE[W+2]\n;W[52mhmk]\n;B[double]\n;W[drop])\n").code ==
          boardrules::ErrorCode::invalid_state);
  }
  SUBCASE("a resignation by the player not on roll") {
    // after White's play Black is on roll: a resignation gives White the game, not Black
    CHECK(sgf_error_of(root + "RE[B+1R]\n;W[52mhmk])\n").code == boardrules::ErrorCode::illegal_action);
    CHECK(sgf_error_of(root + "RE[B+1R]\n;W[52mhmk])\n").message.find("BG-7.7") != std::string::npos);
  }
  SUBCASE("setup, variations and broken syntax") {
    CHECK(sgf_error_of(root + "AB[a])").code == boardrules::ErrorCode::unsupported);
    CHECK(sgf_error_of(root + "(;W[52mhmk]))").code == boardrules::ErrorCode::unsupported);
    CHECK(sgf_error_of(root + ";W[52mhmk").code == boardrules::ErrorCode::syntax);
    CHECK(sgf_error_of("(;FF[4]GM[1])").code == boardrules::ErrorCode::unsupported);
    CHECK(sgf_error_of("").code == boardrules::ErrorCode::syntax);
    CHECK(sgf_error_of(root + ";W[52mh9k])").where == "game 1, move 1, left column");
  }
  SUBCASE("a property of too many values, a node of too many properties") {
    std::string ae = root + "\n;AE";
    for (int i = 0; i < 65; ++i) ae += "[a]";
    Error e = sgf_error_of(ae + ")");
    CHECK(e.code == ErrorCode::syntax);
    CHECK(e.message == "more than 64 values");
    CHECK(e.where == "AE");
    std::string many = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]";
    for (int i = 0; i < 300; ++i)
      many += "X" + std::string(1, static_cast<char>('A' + i % 26)) + std::string(1, static_cast<char>('A' + i / 26)) +
              "[v]";
    e = sgf_error_of(many + ")");
    CHECK(e.code == ErrorCode::unsupported);
    CHECK(e.message == "a node of more than 256 properties");
    // After the root only the properties read count: 300 comments and analyses are dropped as read.
    std::string skipped = root + "\n;W[52mhmk]";
    for (int i = 0; i < 300; ++i) skipped += "C[" + std::to_string(i) + "]";
    CHECK(parse_sgf(skipped + ")").has_value());
    std::string moves = root + "\n;";
    for (int i = 0; i < 300; ++i) moves += "W[11]";
    CHECK(sgf_error_of(moves + ")").message == "a node of more than 256 properties");
  }
  SUBCASE("an empty game tree is refused, not read") {
    // "()" holds no node, so no root to take the rules from
    for (const std::string text : {"()", " ( ) ", "()(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0])"}) {
      const Error e = sgf_error_of(text);
      CHECK(e.where == "game 1");
      CHECK(e.message == "an empty game tree");
    }
    CHECK(sgf_error_of(root + ";W[52mhmk];B[double];W[drop])()").where == "game 2");
  }
  SUBCASE("every game states the first game's match length") {
    const std::string game1 = root + "\n;W[52mhmk]\n;B[double]\n;W[drop])\n";  // Black wins 1 point
    const std::string game2 = "(;FF[4]GM[6]MI[length:L][game:1][ws:0][bs:1]PW[A]PB[B]RU[Crawford]\n;W[52mhmk])\n";
    const auto with_length = [&](const std::string& mi) {
      std::string g2 = game2;
      g2.replace(g2.find("length:L"), 8, mi);
      return game1 + g2;
    };
    const auto same = parse_sgf(with_length("length:3"));
    REQUIRE_MESSAGE(same.has_value(), same.error().to_string());
    CHECK(same->games.size() == 2);
    const std::string other = with_length("length:5");
    const Error e = sgf_error_of(other);
    CHECK(e.where == "game 2");
    CHECK(e.code == ErrorCode::invalid_state);
    CHECK(e.message.find("length:5") != std::string::npos);
    CHECK(e.offset == other.find("MI[length:5"));
    CHECK(sgf_error_of(with_length("lenth:3")).where == "game 2");  // no length at all
  }
}

TEST_CASE("sgf: an unplayed throw without a legal play, as .mat, reads back as the empty play made") {
  // Found by fuzz_bg_sgf. Black's 4-4 closes the points 21 and 23 of White, who has two checkers
  // on the bar: White's 4-2 has no legal play (BG-3.8). PL[W]DI[42] leaves it unplayed; .mat
  // writes "42:" alike for it and for the empty play, and reads that as the empty play made.
  const auto rec = parse_sgf("(;GM[6];B[54lqae]W[32hemk]B[32ye]W[22yufdfd]B[44ququswsw]PL[W]DI[42])");
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  REQUIRE(rec->games.size() == 1);
  const RecordStep& last = rec->games[0].steps.back();
  CHECK(last.kind == StepKind::Roll);
  CHECK_FALSE(last.played);
  CHECK(last.player == 0);
  const auto mat = parse_mat(format_mat(*rec), rec->rules);
  REQUIRE_MESSAGE(mat.has_value(), mat.error().to_string());
  REQUIRE(mat->games[0].steps.size() == rec->games[0].steps.size());
  RecordStep made = last;
  made.played = true;  // the empty play
  CHECK(mat->games[0].steps.back() == made);
  for (std::size_t i = 0; i + 1 < rec->games[0].steps.size(); ++i)
    CHECK(mat->games[0].steps[i] == rec->games[0].steps[i]);
}

TEST_CASE("sgf: an opening throw not played, then a resignation, as .mat and back") {
  // Found by fuzz_bg_sgf. Black wins the opening throw (4-2) and resigns a backgammon before
  // playing (BG-7.7): .mat writes the throw in Black's column, so that it reads back with Black
  // on roll and resigning.
  const auto rec = parse_sgf("(;GM[6]MI[length:7][game:0][ws:0][bs:0]RU[Crawford]RE[W+3R];PL[B]DI[42])");
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  REQUIRE(rec->games[0].steps.size() == 2);
  CHECK(rec->games[0].steps[0].player == 1);
  CHECK(rec->games[0].steps[1].kind == StepKind::Resign);
  CHECK(rec->games[0].winner == 0);
  CHECK(rec->games[0].points == 3);
  const std::string mat = format_mat(*rec);
  CHECK(mat.find("  1)                             42: \n") != std::string::npos);  // the right column
  const auto back = parse_mat(mat, rec->rules);
  REQUIRE_MESSAGE(back.has_value(), back.error().to_string());
  CHECK(back->games[0].steps == rec->games[0].steps);
  CHECK(back->games[0].winner == 0);
  CHECK(back->games[0].points == 3);
}

TEST_CASE("sgf: a record ending with the take of a beaver, as .mat and back") {
  // Found by fuzz_bg_sgf. .mat leaves a beaver's take out (the next step implies it, BG-9.4); at
  // the end of the record nothing follows, so the take is written.
  const auto rec = parse_sgf("(;GM[6];W[51mhxw];B[42qusu];W[32mjxv];B[double];W[double];B[take])",
                             SessionRules::money({.beavers = 1}));
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  REQUIRE(rec->games[0].steps.size() == 6);
  CHECK(rec->games[0].steps[4].kind == StepKind::Beaver);
  CHECK(rec->games[0].steps[5].kind == StepKind::Take);
  const std::string mat = format_mat(*rec);
  CHECK(mat.find("Beavers => 4                Takes\n") != std::string::npos);
  const auto back = parse_mat(mat, rec->rules);
  REQUIRE_MESSAGE(back.has_value(), back.error().to_string());
  CHECK(back->games[0].steps == rec->games[0].steps);
}

TEST_CASE("sgf: damaged files are refused with an Error, never a crash") {
  records_data::check_damaged(".sgf", "[];()WBabxyz0123456\n", 777, 30,
                              [](const std::string& t, const SessionRules& rules) {
                                SessionRules options;
                                options.beavers = rules.beavers;  // the one rule the .sgf does not write
                                return parse_sgf(t, options);
                              });
}

TEST_CASE("sgf: the example of docs/formats.md, as .sgf and as .mat") {
  const std::string sgf =
      "(;FF[4]GM[6]CA[UTF-8]AP[boardrules]MI[length:3][game:0][ws:0][bs:0]PW[Alice]PB[Bob]RU[Crawford]RE[B+2R]\n"
      ";B[31qtst]\n;W[64xrmi]\n;B[62lrln]\n;W[33yvmjmjfc]\n;B[double]\n;W[take]\n;B[21nprs])\n";
  // Laid out by hand: Bob's 31 (8/5 6/5 from q=8, t=5, s=6 counted from White's side), ...
  const std::string mat =
      "\n 3 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
      "  1)                             31: 8/5 6/5 \n"
      "  2) 64: 24/18 13/9              62: 13/7* 13/11 \n"
      "  3) 33: 25/22 13/10 13/10 6/3    Doubles => 2\n"
      "  4)  Takes                      21: 11/9 7/6 \n"
      "                                  Wins 2 points\n\n";
  auto rec = parse_sgf(sgf);
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  CHECK(format_mat(*rec) == mat);
  CHECK(format_sgf(*rec) == sgf);
  auto from_mat = parse_mat(mat);
  REQUIRE(from_mat.has_value());
  CHECK(format_sgf(*from_mat) == sgf);
}

TEST_CASE("sgf: an edited position (setup nodes) as GNU Backgammon reads it") {
  // GNU Gibbon's edited.sgf: PL[W]DI[53], CV[2], CO[w] (skipped), CP[w], then AE/AB/AW. GNU
  // Backgammon 1.07 lists four records (tests/data/backgammon/wild/gnubg_oracle.txt) with these
  // GNUbg IDs before them, and sets the position 4HPiAWAzTvABMA (White on roll).
  const std::string text = records_data::read_file(BOARDRULES_TEST_DATA_DIR "/backgammon/wild/gibbon/edited.sgf");
  auto rec = parse_sgf(text);
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  REQUIRE(rec->games.size() == 1);
  const auto& steps = rec->games[0].steps;
  REQUIRE(steps.size() == 4);
  CHECK(steps[1].kind == StepKind::Setup);
  CHECK(steps[1].setup == SetupKind::CubeValue);
  CHECK(steps[2].setup == SetupKind::CubeOwner);
  CHECK(steps[3].setup == SetupKind::Board);
  auto ids = record_ids(*rec, IdScope::Records);
  REQUIRE_MESSAGE(ids.has_value(), ids.error().to_string());
  CHECK(*ids == std::vector<std::string>{"4HPwATDgc/ABMA:MAHgAGAAGAAE", "4HPwATDgc/ABMA:MIHuAGAAGAAE",
                                         "4HPwATDgc/ABMA:MYHuAGAAGAAE", "4HPwATDgc/ABMA:AYHuAGAAGAAE"});
  auto m = replay_record(*rec);
  REQUIRE_MESSAGE(m.has_value(), m.error().to_string());
  // the position set, White (player 0) on roll with 53, the cube at 2 White's (GNU Backgammon's
  // ID after the last record: the match ID of the last record, the position it lists)
  CHECK(format_gnubg_id(*m) == "4HPiAWAzTvABMA:AYHuAGAAGAAE");
  // written back as GNU Backgammon 1.07 saves the same file (`save match`), node for node
  const std::string out = format_sgf(*rec);
  CHECK(
      out.substr(out.find('\n')) ==
      "\n;PL[W]DI[53]\n;CV[2]\n;CP[w]\n"
      ";PL[W]AE[a:y]AW[a][a][c][c][f][f][f][h][m][m][m][m][m][x][x]AB[s][s][s][s][s][q][q][q][o][l][l][l][l][y][y])\n");
  auto again = parse_sgf(out);
  REQUIRE_MESSAGE(again.has_value(), again.error().to_string());
  CHECK(again->games[0].steps == steps);
  // .mat holds no edited position: check_mat refuses the record rather than let format_mat
  // write it without its setups (as GNU Backgammon exports it), which would not read back
  CHECK_FALSE(check_mat(*rec).has_value());
}

TEST_CASE("sgf: a game played on from an edited position, and the turn GNU Backgammon's files leave implied") {
  // GNU Backgammon's own save of a game played from an edited position (tests/data/backgammon/
  // edited, make_edited.py): `set turn 0` is not written, White's throw after the edit takes the
  // turn. Every record's ID is checked against gnubg by cli_bg_wild_gnubg_edited; here the steps.
  const std::string text =
      records_data::read_file(BOARDRULES_TEST_DATA_DIR "/backgammon/edited/gnubg_edited_match5.sgf");
  auto rec = parse_sgf(text);
  REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
  const auto& steps = rec->games[0].steps;
  REQUIRE(steps.size() > 6);
  CHECK(steps[4].kind == StepKind::Setup);
  CHECK(steps[4].setup == SetupKind::Turn);
  CHECK(steps[4].player == 0);
  CHECK(steps[5].kind == StepKind::Roll);
  CHECK(rec->games[0].winner == 0);
  CHECK(rec->games[0].points == 4);  // RE[W+4R]: a gammon resigned at cube 2
  // the turn is written (PL alone) and read back; the IDs stay: one fewer than the steps
  auto again = parse_sgf(format_sgf(*rec));
  REQUIRE_MESSAGE(again.has_value(), again.error().to_string());
  CHECK(again->games[0].steps == steps);
  auto ids = record_ids(*rec, IdScope::Records);
  REQUIRE(ids.has_value());
  CHECK(ids->size() + 1 == steps.size());
  // the decisions of the game after the edit: the state starts at the position set
  auto d = record_decisions(*rec);
  REQUIRE_MESSAGE(d.has_value(), d.error().to_string());
  CHECK(!d->empty());
}

TEST_CASE("sgf: bad setup values are refused with what and where") {
  const std::string root = "(;FF[4]GM[6]MI[length:7][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]";
  const std::string empty = "\n;PL[W]AE[a:y]";
  SUBCASE("a point that is no letter a..y") {
    const std::string text = root + empty + "AW[z])";
    const Error e = sgf_error_of(text);
    CHECK(e.code == ErrorCode::syntax);
    CHECK(e.where == "game 1, move 1");
    CHECK(e.offset == text.find("AW[z]"));
    CHECK(e.message.find("AW[z]") != std::string::npos);
    CHECK(sgf_error_of(root + empty + "AB[A])").message.find("AB[A]") != std::string::npos);
    CHECK(sgf_error_of(root + "\n;AE[x:a])").code == ErrorCode::syntax);
  }
  SUBCASE("more than 15 checkers of a player") {
    std::string text = root + empty + "AB[a]AW";
    for (int i = 0; i < 16; ++i) text += "[f]";
    text += ")";
    const Error e = sgf_error_of(text);
    CHECK(e.code == ErrorCode::out_of_range);
    CHECK(e.message.find("White would have more than 15 checkers") != std::string::npos);
    CHECK(e.where == "game 1, move 1");
    // added to the starting position's 15
    CHECK(sgf_error_of(root + "\n;AW[c])").message.find("more than 15") != std::string::npos);
  }
  SUBCASE("both colours on a point") {
    const std::string text = root + empty + "AW[f]AB[f])";
    const Error e = sgf_error_of(text);
    CHECK(e.code == ErrorCode::invalid_state);
    CHECK(e.message.find("both players have checkers on player 0's point 6") != std::string::npos);
    CHECK(e.where == "game 1, move 1, left column");
    CHECK(e.offset == text.find("AE[a:y]"));
  }
  SUBCASE("a player with no checker left, a cube that is no power of two, an owner that is none") {
    CHECK(sgf_error_of(root + empty + "AW[f])").message.find("no checker on the board") != std::string::npos);
    CHECK(sgf_error_of(root + "\n;CV[3])").message.find("CV takes the cube value") != std::string::npos);
    CHECK(sgf_error_of(root + "\n;CP[x])").message.find("CP takes the cube's owner") != std::string::npos);
    CHECK(sgf_error_of(root + "\n;PL[Q])").message.find("PL must name W or B") != std::string::npos);
  }
  SUBCASE("a setup node with a throw, a setup while a double is offered") {
    CHECK(sgf_error_of(root + empty + "AW[f]AB[a]DI[53])").message.find("holds no throw") != std::string::npos);
    const Error e = sgf_error_of(root + "\n;W[52mhmk]\n;B[double]\n;CV[4])");
    CHECK(e.message.find("double or resignation is pending") != std::string::npos);
    CHECK(e.where.rfind("game 1, move 3", 0) == 0);
  }
  SUBCASE("the Crawford game keeps the cube out of play (BG-10.2)") {
    const std::string crawford = "(;FF[4]GM[6]MI[length:7][game:0][ws:6][bs:0]PW[A]PB[B]RU[Crawford:CrawfordGame]";
    CHECK(sgf_error_of(crawford + "\n;CV[2])").message.find("BG-10.2") != std::string::npos);
  }
  SUBCASE("a setup at the start, then a double throw: not an opening throw") {
    // White on roll at a set position throws 66 (an opening throw is never a double, BG-2.1)
    auto r = parse_sgf(root +
                       "\n;PL[W]AE[a:y]AW[f][f][f][f][f][h][h][h][m][m][m][m][m][x][x]AB[a][a][l][l][l][l][l]"
                       "[q][q][q][s][s][s][s][s]\n;W[66xrxrmgmg])");
    REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
    CHECK(r->games[0].steps.size() == 2);
  }
}
