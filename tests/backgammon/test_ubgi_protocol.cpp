// UBGI as text (formats/ubgi.hpp): every command of both drafts read into its value and written
// back, the answers, the move text in every form the drafts allow, and options. Expected values
// are written from the drafts' texts (docs/ubgi.md), not from the code.
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "boardrules/backgammon/formats/ubgi.hpp"

namespace ubgi_text_test {
namespace bg = boardrules::backgammon;
namespace ubgi = boardrules::backgammon::ubgi;

template <class T>
T command(std::string_view line) {
  auto c = ubgi::parse_command(line);
  REQUIRE_MESSAGE(c.has_value(), c.error().to_string());
  REQUIRE_MESSAGE(std::holds_alternative<T>(*c), line);
  return std::get<T>(*c);
}

boardrules::Error refused(std::string_view line) {
  auto c = ubgi::parse_command(line);
  REQUIRE_MESSAGE(!c.has_value(), line);
  return c.error();
}

// The line written back for what `line` reads as.
std::string rewritten(std::string_view line) {
  auto c = ubgi::parse_command(line);
  REQUIRE_MESSAGE(c.has_value(), line);
  return ubgi::format_command(*c);
}


TEST_CASE("UBGI commands without arguments, both drafts") {
  command<ubgi::Hello>("ubgi");
  command<ubgi::IsReady>("isready");
  command<ubgi::NewGame>("newgame");
  command<ubgi::NewGame>("ubginewgame");
  command<ubgi::Stop>("stop");
  command<ubgi::Quit>("quit\r");  // a host on Windows ends lines with \r\n
  command<ubgi::Keys>("keys");
  command<ubgi::Blank>("");
  command<ubgi::Blank>(" \t ");
  CHECK(command<ubgi::Unknown>("uci").word == "uci");
  CHECK(command<ubgi::Unknown>("board:You:Opp:3:0:0").word == "board:You:Opp:3:0:0");
  CHECK(refused("isready now").where == "isready");
  CHECK(refused("quit 1").message == "takes no argument");
}

TEST_CASE("UBGI options: setoption (v0.1) and set/get (its implementations)") {
  auto o = command<ubgi::SetOption>("setoption name Seed value 42");
  CHECK(o.name == "Seed");
  CHECK(o.value == "42");
  o = command<ubgi::SetOption>("setoption name Eval Plies value 2 ply");  // blanks in name and value
  CHECK(o.name == "Eval Plies");
  CHECK(o.value == "2 ply");
  o = command<ubgi::SetOption>("setoption name Clear Hash");  // a button: no value
  CHECK(o.name == "Clear Hash");
  CHECK(o.value.empty());
  CHECK(refused("setoption Seed 42").where == "setoption");
  const auto s = command<ubgi::Set>("set engine.seed  7 ");
  CHECK(s.key == "engine.seed");
  CHECK(s.value == "7");
  CHECK(command<ubgi::Get>("get engine.seed").key == "engine.seed");
  refused("set engine.seed");
  refused("get");
  refused("get a b");
  CHECK(rewritten("setoption name Seed value 42") == "setoption name Seed value 42");
  CHECK(rewritten("set engine.seed 7") == "set engine.seed 7");
}

TEST_CASE("UBGI v0.1 context commands") {
  auto n = command<ubgi::NewSession>("newsession type match length 7 jacoby off crawford on");
  CHECK(n.match_length == 7);
  CHECK(n.jacoby == false);
  CHECK(n.crawford == true);
  n = command<ubgi::NewSession>("newsession type money jacoby on");
  CHECK(n.match_length == 0);
  CHECK(n.jacoby == true);
  CHECK(!n.crawford.has_value());
  n = command<ubgi::NewSession>("newsession crawford off length 3 type match");  // any order
  CHECK(n.match_length == 3);
  CHECK(refused("newsession type match").message == "a match needs its length");
  CHECK(refused("newsession type money length 5").message == "money play has no length");
  CHECK(refused("newsession type chouette").message == "type is money or match");
  CHECK(refused("newsession type match length 0").code == boardrules::ErrorCode::out_of_range);
  CHECK(refused("newsession type match length 32768").code == boardrules::ErrorCode::out_of_range);
  refused("newsession type match length 7 crawford maybe");
  refused("newsession type match length");
  CHECK(rewritten("newsession type match length 7 crawford on") == "newsession type match length 7 crawford on");

  const auto sc = command<ubgi::SetScore>("setscore 3 5");
  CHECK(sc.score[0] == 3);
  CHECK(sc.score[1] == 5);
  refused("setscore 3");
  refused("setscore -1 0");
  refused("setscore 1 x");
  refused("setscore 99999999999999999999 0");

  auto cube = command<ubgi::SetCube>("setcube value 4 owner p1");
  CHECK(cube.value == 4);
  CHECK(cube.owner == 1);
  cube = command<ubgi::SetCube>("setcube owner center value 1");
  CHECK(cube.owner == -1);
  CHECK(refused("setcube value 3 owner p0").code == boardrules::ErrorCode::out_of_range);
  CHECK(refused("setcube value 65536 owner p0").code == boardrules::ErrorCode::out_of_range);
  CHECK(refused("setcube value 1 owner p0").message == "a cube of 1 is in the center (BG-8.2)");
  refused("setcube value 2 owner p2");
  refused("setcube value 2");
  CHECK(rewritten("setcube value 2 owner p0") == "setcube value 2 owner p0");

  CHECK(command<ubgi::SetTurn>("setturn p1").player == 1);
  refused("setturn 1");
}

TEST_CASE("UBGI positions: a bare Position ID, a GNUbg ID, an XGID, draft 0.01's bare XGID") {
  // The bare 14-character Position ID, as bgci and gnubg-ubgi send it.
  auto p = command<ubgi::PositionCommand>("position gnubgid 4HPwATDgc/ABMA");
  CHECK(p.format == ubgi::PositionFormat::GnubgId);
  CHECK(p.position == bg::Position::start());
  CHECK(!p.fields.has_value());
  CHECK(rewritten("position gnubgid 4HPwATDgc/ABMA") == "position gnubgid 4HPwATDgc/ABMA");
  // With its Match ID: the match state too (money, cube 1 centred, player 1 on roll, 5-2 thrown).
  p = command<ubgi::PositionCommand>("position gnubgid 4HPwATDgc/ABMA:cIkKAAAAAAAA");
  REQUIRE(p.fields.has_value());
  CHECK(p.fields->die1 + p.fields->die2 == 7);
  CHECK(p.fields->match_length == 0);
  CHECK(rewritten("position gnubgid 4HPwATDgc/ABMA:cIkKAAAAAAAA") == "position gnubgid 4HPwATDgc/ABMA:cIkKAAAAAAAA");
  // XGID: the start of a 7-point match, player on roll to throw.
  p = command<ubgi::PositionCommand>("position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10");
  CHECK(p.format == ubgi::PositionFormat::Xgid);
  CHECK(p.position == bg::Position::start());
  REQUIRE(p.fields.has_value());
  CHECK(p.fields->match_length == 7);
  CHECK(rewritten("position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10") ==
        "position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10");
  // Draft 0.01: the XGID line alone, with or without "XGID=".
  auto d = command<ubgi::DraftPosition>("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10");
  CHECK(d.position.fields->die1 == 3);
  d = command<ubgi::DraftPosition>("-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10");
  CHECK(d.position.fields->doubled);

  // Refused, naming the command: 16 checkers, a bad character, a colon-less ID of the wrong
  // length, an unknown kind, nothing.
  CHECK(refused("position gnubgid 4HPwATDgc/ABM").where.rfind("position gnubgid", 0) == 0);
  refused("position gnubgid 4HPwATDgc/AB!A");
  refused("position gnubgid ////////////AA");
  refused("position gnubgid 4HPwATDgc/ABMA:xxxx");
  CHECK(refused("position fen rnbqkbnr").where == "position fen: position");
  refused("position gnubgid");
  refused("position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:77:0:0:0:0:10");
  refused("XGID=garbage");
}

TEST_CASE("UBGI dice and go") {
  auto d = command<ubgi::DiceCommand>("dice 3 1");
  CHECK(d.dice.high() == 3);
  CHECK(d.dice.low() == 1);
  CHECK(rewritten("dice 1 3") == "dice 3 1");
  CHECK(refused("dice 7 1").code == boardrules::ErrorCode::out_of_range);
  refused("dice 0 1");
  refused("dice 31");
  refused("dice 3 1 2");

  auto g = command<ubgi::Go>("go");
  CHECK(!g.role.has_value());
  g = command<ubgi::Go>("go role chequer movetime 500 depth 2");
  CHECK(g.role == ubgi::Role::Chequer);
  CHECK(g.limits.movetime_ms == 500u);
  CHECK(g.limits.depth == 2u);
  CHECK(!g.limits.nodes.has_value());
  CHECK(command<ubgi::Go>("go role checker").role == ubgi::Role::Chequer);
  CHECK(command<ubgi::Go>("go role cube").role == ubgi::Role::Cube);
  CHECK(command<ubgi::Go>("go role take").role == ubgi::Role::Take);
  CHECK(command<ubgi::Go>("go role turn trials 1296").role == ubgi::Role::Turn);
  CHECK(command<ubgi::Go>("go cube").role == ubgi::Role::Cube);  // bkgm's form, without "role"
  refused("go role queen");
  refused("go role cube role cube");
  refused("go depth");
  refused("go depth -1");
  refused("go ponder");
  CHECK(rewritten("go role turn nodes 100") == "go role turn nodes 100");
}

TEST_CASE("UBGI answers: read and written back") {
  using A = ubgi::Answer;
  const auto read = [](std::string_view line) { return ubgi::parse_answer(line); };
  CHECK(std::get<ubgi::IdLine>(read("id name GNU Backgammon")).value == "GNU Backgammon");
  CHECK(std::holds_alternative<ubgi::UbgiOk>(read("ubgiok")));
  CHECK(std::holds_alternative<ubgi::ReadyOk>(read("readyok\r")));
  CHECK(std::holds_alternative<ubgi::Sorry>(read("sorry")));
  CHECK(std::get<ubgi::Announce>(read("key engine.seed int 0..4294967295 0")).text == "key engine.seed int 0..4294967295 0");
  CHECK(std::get<ubgi::BestMove>(read("bestmove 8/5 6/5")).move == "8/5 6/5");
  CHECK(std::get<ubgi::BestCube>(read("bestcube nodouble")).action == ubgi::CubeAction::NoDouble);
  CHECK(std::get<ubgi::BestCube>(read("bestcube beaver")).action == ubgi::CubeAction::Beaver);
  const auto t = std::get<ubgi::BestTurn>(read("bestturn cube=double move=bar/22 6/2"));
  CHECK(t.doubles);
  CHECK(t.move == "bar/22 6/2");
  const auto e = std::get<ubgi::ErrorLine>(read("error unsupported_feature go_role_cube"));
  CHECK(e.code == "unsupported_feature");
  CHECK(e.message == "go_role_cube");
  // Draft 0.01's bare words, and what is anything else.
  auto bare = std::get<ubgi::BestCube>(read("roll"));
  CHECK(bare.bare);
  CHECK(bare.action == ubgi::CubeAction::NoDouble);
  CHECK(std::get<ubgi::BestCube>(read("drop")).action == ubgi::CubeAction::Drop);
  CHECK(std::get<ubgi::Other>(read("8-5 6-5")).text == "8-5 6-5");
  CHECK(std::get<ubgi::Other>(read("")).text.empty());
  CHECK(std::holds_alternative<ubgi::Other>(read("bestcube maybe")));
  CHECK(std::holds_alternative<ubgi::Other>(read("nodouble")));  // not a bare word of draft 0.01
  for (const char* line : {"id name x y", "ubgiok", "readyok", "info depth 2 eq 0.1", "bestmove 24/18 13/12",
                           "bestmove pass", "bestcube double", "bestcube take", "bestturn cube=nodouble move=8/5 6/5",
                           "value engine.seed 3", "error bad_argument dice", "sorry", "double", "roll", "take", "drop"}) {
    const A a = read(line);
    CHECK(ubgi::format_answer(a) == line);
  }
}

TEST_CASE("UBGI move text: written as every draft asks, read in each of their forms") {
  const bg::Position start = bg::Position::start();
  bg::Play p;
  p.add(8, 5, false);
  p.add(6, 5, false);
  CHECK(ubgi::format_move(p) == "8/5 6/5");
  bg::Play q;  // a double: every step written out, no repeat count
  for (int i = 0; i < 4; ++i) q.add(6, 2, false);
  CHECK(ubgi::format_move(q) == "6/2 6/2 6/2 6/2");
  bg::Play bar_off;
  bar_off.add(bg::kBar, 22, true);
  bar_off.add(3, bg::kOff, false);
  CHECK(ubgi::format_move(bar_off) == "bar/22 3/off");
  CHECK(ubgi::format_move(bg::Play{}).empty());

  const bg::Dice d31 = bg::Dice::unchecked(3, 1);
  for (const char* text : {"8/5 6/5", "8-5 6-5", "8 5 6 5", "6/5 8/5", "8/5, 6/5", "8/5(1) 6/5"}) {
    auto r = ubgi::parse_move(start, d31, text);
    REQUIRE_MESSAGE(r.has_value(), text);
    CHECK_MESSAGE(ubgi::format_move(*r) == "8/5 6/5", text);
  }
  // A checker moved twice: the intermediate point written out (24/23 23/20) or as a chain.
  auto r = ubgi::parse_move(start, d31, "24/23 23/20");
  REQUIRE(r.has_value());
  CHECK(ubgi::parse_move(start, d31, "24/20")->from == r->from);
  CHECK(!ubgi::parse_move(start, d31, "8/4 6/5").has_value());  // a 4 was not thrown
  CHECK(!ubgi::parse_move(start, d31, "pass").has_value());     // a play exists
  CHECK(!ubgi::parse_move(start, d31, "e2e4").has_value());
  CHECK(!ubgi::parse_move(start, d31, "8 5 6").has_value());
}

TEST_CASE("UBGI options: the announced lines and the check of a value") {
  ubgi::OptionSpec seed{"Seed", "engine.seed", ubgi::OptionType::Spin, 0, 18446744073709551615ULL, {}, "0"};
  CHECK(ubgi::format_option_line(seed) == "option name Seed type spin default 0 min 0 max 18446744073709551615");
  CHECK(ubgi::format_key_line(seed) == "key engine.seed int 0..18446744073709551615 0");
  CHECK(seed.check("18446744073709551615").value() == "18446744073709551615");  // the maximum it announces
  CHECK(seed.check("007").value() == "7");
  CHECK(!seed.check("18446744073709551616").has_value());
  CHECK(!seed.check("-1").has_value());
  CHECK(!seed.check("1e3").has_value());
  CHECK(!seed.check("").has_value());
  ubgi::OptionSpec temp{"Temp", "", ubgi::OptionType::Spin, -5, 5, {}, "0"};
  CHECK(temp.check("-5").value() == "-5");
  CHECK(!temp.check("-6").has_value());
  CHECK(!temp.check("6").has_value());
  ubgi::OptionSpec bot{"Bot", "engine.bot", ubgi::OptionType::Combo, 0, 0, {"random", "heuristic"}, "heuristic"};
  CHECK(ubgi::format_option_line(bot) == "option name Bot type combo default heuristic var random var heuristic");
  CHECK(ubgi::format_key_line(bot) == "key engine.bot enum random|heuristic heuristic");
  CHECK(bot.check("random").value() == "random");
  const auto e = bot.check("gnubg").error();
  CHECK(e.where == "engine.bot");
  CHECK(e.message == "'gnubg': one of random, heuristic");
  ubgi::OptionSpec det{"Deterministic", "", ubgi::OptionType::Check, 0, 0, {}, "true"};
  CHECK(ubgi::format_option_line(det) == "option name Deterministic type check default true");
  CHECK(ubgi::format_key_line(det) == "key Deterministic bool true|false true");
  CHECK(det.check("off").value() == "false");
  CHECK(!det.check("maybe").has_value());
}

TEST_CASE("UBGI: what a message quotes of the input is printable") {
  CHECK(ubgi::shown(std::string("a\0b\x1b[2J\r", 8)) == "a\\x00b\\x1b[2J\\x0d");
  CHECK(ubgi::shown(std::string(100, 'x'), 10) == "xxxxxxxxxx...");
}

}  // namespace ubgi_text_test
