// The engine end of UBGI (ai/ubgi_engine.hpp) driven from strings: the handshake of both drafts,
// positions and their context, each decision and what the engine is shown of it, the errors, and
// the defects a host would hit (a rejected position, dice with a double offered, an option's
// maximum). The engine here is scripted: it plays the play it is told to and records what it saw.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "boardrules/backgammon/ai/ubgi_engine.hpp"

namespace ubgi_session_test {
namespace bg = boardrules::backgammon;
namespace ubgi = boardrules::backgammon::ubgi;

struct Scripted final : ubgi::Engine {
  bg::Play play;                                // what choose_play returns
  std::optional<bool> doubles;                  // what offer_double returns
  std::optional<ubgi::CubeAction> answer;       // what answer_double returns
  std::vector<bg::State> seen;                  // the states of the decisions asked
  std::vector<std::string> set;                 // "name=value" of each option set
  bool refuse_seed_7 = true;

  ubgi::Identity identity() const override { return {"scripted", "tests", "1.0"}; }
  std::vector<ubgi::OptionSpec> options() const override {
    return {{"Seed", "engine.seed", ubgi::OptionType::Spin, 0, 18446744073709551615ULL, {}, "0"},
            {"Style", "engine.style", ubgi::OptionType::Combo, 0, 0, {"safe", "bold"}, "safe"}};
  }
  boardrules::Status set_option(const ubgi::OptionSpec& o, const std::string& v) override {
    if (refuse_seed_7 && o.name == "Seed" && v == "7")
      return boardrules::make_error(boardrules::ErrorCode::out_of_range, "7 is unlucky", "Seed");
    set.push_back(o.name + "=" + v);
    return {};
  }
  bg::Play choose_play(const bg::State& s, const ubgi::SearchLimits&) override {
    seen.push_back(s);
    return play;
  }
  std::optional<bool> offer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    seen.push_back(s);
    return doubles;
  }
  std::optional<ubgi::CubeAction> answer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    seen.push_back(s);
    return answer;
  }
};

bg::Play play_of(std::initializer_list<std::pair<int, int>> steps) {
  bg::Play p;
  for (auto [from, to] : steps) p.add(from, to, false);
  return p;
}

using Lines = std::vector<std::string>;

// The answers to `lines`, each line's answers in order.
Lines talk(ubgi::Session& s, std::initializer_list<std::string_view> lines) {
  Lines out;
  for (std::string_view l : lines)
    for (std::string& a : s.handle(l)) out.push_back(std::move(a));
  return out;
}

constexpr const char* kStart = "position gnubgid 4HPwATDgc/ABMA";


TEST_CASE("UBGI session: the handshake answers hosts of both drafts, one readyok a question") {
  Scripted e;
  ubgi::Session s(e);
  CHECK(talk(s, {"ubgi"}) == Lines{"id name scripted", "id author tests", "id version 1.0",
                                   "option name Seed type spin default 0 min 0 max 18446744073709551615",
                                   "option name Style type combo default safe var safe var bold",
                                   "ubgiok", "readyok"});
  // A v0.1 host's isready right after the handshake: the handshake's readyok answered it.
  CHECK(talk(s, {"isready"}).empty());
  CHECK(talk(s, {"isready"}) == Lines{"readyok"});
  CHECK(talk(s, {"newgame", "isready"}) == Lines{"readyok"});
  // Another command first: the next isready gets its own readyok.
  ubgi::Session s2(e);
  (void)talk(s2, {"ubgi"});
  CHECK(talk(s2, {"setoption name Seed value 3", "isready"}) == Lines{"readyok"});
  CHECK(!s2.quit());
  CHECK(talk(s2, {"quit"}).empty());
  CHECK(s2.quit());
}

TEST_CASE("UBGI session: a bare Position ID with dice and go role chequer (bgci's and gnubg-ubgi's question)") {
  Scripted e;
  e.play = play_of({{8, 5}, {6, 5}});
  ubgi::Session s(e);
  CHECK(talk(s, {kStart, "dice 3 1", "go role chequer"}) == Lines{"bestmove 8/5 6/5"});
  REQUIRE(e.seen.size() == 1);
  const bg::State& st = e.seen[0];
  CHECK(st.game().phase() == bg::Phase::Rolled);
  CHECK(st.game().dice().same_roll(bg::Dice::unchecked(3, 1)));
  CHECK(st.game().position() == bg::Position::start());
  CHECK(!st.match().rules().is_match());  // no newsession: money play
  // The steps in another order, or a checker's two steps: the same legal play, written canonically.
  e.play = play_of({{6, 5}, {8, 5}});
  CHECK(talk(s, {"go"}) == Lines{"bestmove 8/5 6/5"});  // the dice stay until the next position
  // An illegal play from the engine is never answered as a play.
  e.play = play_of({{8, 4}, {6, 5}});
  const Lines bad = talk(s, {"go role chequer"});
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].rfind("error internal engine: the engine chose an illegal play", 0) == 0);
  e.play = play_of({{30, 5}});
  CHECK(talk(s, {"go role chequer"})[0].rfind("error internal", 0) == 0);
}

TEST_CASE("UBGI session: forced plays and no play are answered without asking the engine") {
  Scripted e;
  ubgi::Session s(e);
  // X (on roll) has one checker on the bar; O holds points 1..6 of X's entry board except none:
  // a closed board. XGID from X's view, money, 6-6 thrown: no legal play.
  CHECK(talk(s, {"position xgid XGID=-N----------------cbbbbbbA:0:0:1:66:0:0:0:0:10", "go role chequer"}) ==
        Lines{"bestmove pass"});
  CHECK(e.seen.empty());
  // Draft 0.01: an empty line when no play is legal.
  CHECK(talk(s, {"XGID=-N----------------cbbbbbbA:0:0:1:66:0:0:0:0:10"}) == Lines{""});
  CHECK(e.seen.empty());
}

TEST_CASE("UBGI session: a rejected position leaves none; go then refuses instead of answering the old one") {
  Scripted e;
  e.play = play_of({{8, 5}, {6, 5}});
  ubgi::Session s(e);
  CHECK(talk(s, {kStart, "dice 3 1", "go role chequer"}) == Lines{"bestmove 8/5 6/5"});
  const Lines refused = talk(s, {"position gnubgid 4HPwATDgc/ABM!", "dice 3 1", "go role chequer"});
  REQUIRE(refused.size() == 2);
  CHECK(refused[0].rfind("error bad_argument position gnubgid", 0) == 0);
  CHECK(refused[1] == "error missing_context position: none given (position gnubgid <ID>)");
  CHECK(talk(s, {kStart, "go role chequer"}) == Lines{"error missing_context dice: none given (dice <d1> <d2>)"});
  CHECK(talk(s, {"newgame", "go"})[0].rfind("error missing_context position", 0) == 0);
}

TEST_CASE("UBGI session: the context commands reach the engine's State, in any frame") {
  Scripted e;
  e.doubles = true;
  ubgi::Session s(e);
  // A 7-point match at 2-4, p1 on roll owning a cube of 2.
  CHECK(talk(s, {"newsession type match length 7 crawford on", "setscore 2 4", "setcube value 2 owner p1",
                 "setturn p1", kStart, "go role cube"}) == Lines{"bestcube double"});
  REQUIRE(e.seen.size() == 1);
  const bg::State& st = e.seen[0];
  CHECK(st.match().rules().match_length == 7);
  CHECK(st.match().score()[0] == 2);
  CHECK(st.match().score()[1] == 4);
  CHECK(st.game().on_roll() == 1);
  CHECK(st.game().cube().value() == 2);
  CHECK(st.game().cube().owner() == 1);
  CHECK(st.game().phase() == bg::Phase::TurnStart);
  // p0 owns the cube: p1 may not double (BG-8.3), answered without asking.
  CHECK(talk(s, {"setcube value 2 owner p0", "go role cube"}) == Lines{"bestcube nodouble"});
  CHECK(e.seen.size() == 1);
  // The Crawford game (p1 1-away, crawford on): no double (BG-10.2).
  CHECK(talk(s, {"setcube value 1 owner center", "setscore 2 6", "go role cube"}) == Lines{"bestcube nodouble"});
  CHECK(e.seen.size() == 1);
  // The same score after the Crawford game (crawford off): the trailer may double.
  CHECK(talk(s, {"newsession type match length 7 crawford off", "go role cube"}) == Lines{"bestcube double"});
  REQUIRE(e.seen.size() == 2);
  CHECK(!e.seen[1].game().crawford());
  CHECK(e.seen[1].match().post_crawford());
  // A score the match cannot have.
  CHECK(talk(s, {"setscore 7 0", "go role cube"})[0].rfind("error bad_argument position:", 0) == 0);
  // Money play with the Jacoby rule.
  CHECK(talk(s, {"newsession type money jacoby on", "go role cube"}) == Lines{"bestcube double"});
  CHECK(e.seen.back().match().rules().effective_jacoby());
}

TEST_CASE("UBGI session: the answer to a double, given by XGID, by Match ID, or asked with go role take") {
  Scripted e;
  e.answer = ubgi::CubeAction::Take;
  ubgi::Session s(e);
  // XGID with "D": the double is offered; the dice command does not turn it into a play.
  const char* doubled = "position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:7:10";
  CHECK(talk(s, {doubled, "dice 3 1", "go"}) == Lines{"bestcube take"});
  REQUIRE(e.seen.size() == 1);
  CHECK(e.seen[0].game().phase() == bg::Phase::Doubled);
  CHECK(talk(s, {doubled, "go role cube"}) == Lines{"bestcube take"});
  CHECK(talk(s, {doubled, "go role take"}) == Lines{"bestcube take"});
  CHECK(talk(s, {doubled, "go role chequer"})[0].rfind("error bad_state", 0) == 0);
  // go role take at the start of a turn: the player on roll doubles now, its opponent answers.
  e.answer = ubgi::CubeAction::Drop;
  CHECK(talk(s, {"newsession type match length 7", kStart, "go role take"}) == Lines{"bestcube drop"});
  CHECK(e.seen.back().game().phase() == bg::Phase::Doubled);
  CHECK(e.seen.back().game().offered_value() == 2);
  // A beaver where the rules allow none is refused; in money play with beavers (XGID flag 2) taken.
  e.answer = ubgi::CubeAction::Beaver;
  CHECK(talk(s, {doubled, "go role take"})[0].rfind("error internal", 0) == 0);
  CHECK(talk(s, {"position xgid XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:2:0:10", "go role take"}) ==
        Lines{"bestcube beaver"});
  // An engine that does not decide the cube.
  e.answer.reset();
  CHECK(talk(s, {doubled, "go role take"})[0].rfind("error unsupported_feature", 0) == 0);
  CHECK(talk(s, {kStart, "go role cube"})[0].rfind("error unsupported_feature", 0) == 0);
}

TEST_CASE("UBGI session: go role turn answers both decisions of a turn") {
  Scripted e;
  e.doubles = true;
  e.play = play_of({{24, 21}, {6, 5}});
  ubgi::Session s(e);
  CHECK(talk(s, {"newsession type match length 5", kStart, "dice 3 1", "go role turn"}) ==
        Lines{"bestturn cube=double move=24/21 6/5"});
  REQUIRE(e.seen.size() == 2);
  CHECK(e.seen[1].game().cube().value() == 2);  // the play after the double taken
  CHECK(e.seen[1].game().phase() == bg::Phase::Rolled);
  e.doubles = false;
  CHECK(talk(s, {"go role turn"}) == Lines{"bestturn cube=nodouble move=24/21 6/5"});
  CHECK(talk(s, {kStart, "go role turn"})[0].rfind("error missing_context dice", 0) == 0);
}

TEST_CASE("UBGI session: options by setoption and by set, up to the maximum announced") {
  Scripted e;
  ubgi::Session s(e);
  CHECK(talk(s, {"setoption name Seed value 18446744073709551615"}).empty());
  CHECK(s.option_value("engine.seed") == "18446744073709551615");
  CHECK(talk(s, {"get engine.seed"}) == Lines{"value engine.seed 18446744073709551615"});
  CHECK(talk(s, {"set engine.seed 18446744073709551616"})[0].rfind("error bad_argument engine.seed:", 0) == 0);
  CHECK(talk(s, {"set engine.style bold", "get Style"}) == Lines{"value Style bold"});
  CHECK(talk(s, {"set engine.seed 7"}) == Lines{"error bad_argument Seed: 7 is unlucky"});
  CHECK(s.option_value("Seed") == "18446744073709551615");  // a refused value keeps the old one
  CHECK(talk(s, {"setoption name Threads value 4"})[0] == "error unsupported_feature no option 'Threads'");
  CHECK(talk(s, {"keys"}) == Lines{"key engine.seed int 0..18446744073709551615 18446744073709551615",
                                   "key engine.style enum safe|bold bold"});
  CHECK(e.set == std::vector<std::string>{"Seed=18446744073709551615", "Style=bold"});
}

TEST_CASE("UBGI session: draft 0.01, a bare XGID answered at once with a bare word") {
  Scripted e;
  e.play = play_of({{13, 11}, {6, 5}});
  e.doubles = false;
  e.answer = ubgi::CubeAction::Drop;
  ubgi::Session s(e);
  CHECK(talk(s, {"ubgi"}).back() == "readyok");
  CHECK(talk(s, {"XGID=-b----E-C---eE---c-e----B-:0:0:1:21:0:0:0:0:10"}) == Lines{"13/11 6/5"});
  CHECK(talk(s, {"-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"}) == Lines{"roll"});
  e.doubles = true;
  CHECK(talk(s, {"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"}) == Lines{"double"});
  CHECK(talk(s, {"XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:0:10"}) == Lines{"drop"});
  e.answer = ubgi::CubeAction::Beaver;  // no beaver in draft 0.01: a beaver is at least a take
  CHECK(talk(s, {"XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:2:0:10"}) == Lines{"take"});
  // Not a question, or one it cannot answer: sorry (or nothing for stop).
  CHECK(talk(s, {"analyse"}) == Lines{"sorry"});
  CHECK(talk(s, {"XGID=-b----E-C---eE---c-e----B-:0:0:1:99:0:0:0:0:10"}) == Lines{"sorry"});
  CHECK(talk(s, {"stop"}).empty());
  e.doubles.reset();
  CHECK(talk(s, {"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"}) == Lines{"sorry"});
  // A v0.1 command: errors are error lines again.
  CHECK(talk(s, {"isready", "analyse"}) == Lines{"readyok", "error unknown_command analyse"});
}

TEST_CASE("UBGI session: errors say what and where, and quote the input printably") {
  Scripted e;
  ubgi::Session s(e);
  CHECK(talk(s, {"uci"}) == Lines{"error unknown_command uci"});
  CHECK(talk(s, {std::string_view("go\x1b[2J\0x", 8)}) == Lines{"error unknown_command go\\x1b[2J\\x00x"});
  CHECK(talk(s, {"dice 9 9"}) == Lines{"error bad_argument dice: expected: dice <d1> <d2>, each 1..6"});
  CHECK(talk(s, {"go role queen"})[0] == "error bad_argument go: role 'queen' is not chequer, cube, take or turn");
  CHECK(talk(s, {"go"})[0] == "error missing_context position: none given (position gnubgid <ID>)");
  const std::string huge(500, 'z');
  const Lines l = talk(s, {huge});
  REQUIRE(l.size() == 1);
  CHECK(l[0].size() < 80);
}

TEST_CASE("UBGI run(): a whole session over streams, an overlong line refused, the end of input") {
  Scripted e;
  e.play = play_of({{8, 5}, {6, 5}});
  std::istringstream in("ubgi\nisready\n" + std::string("position gnubgid 4HPwATDgc/ABMA\r\n") + "dice 3 1\n" +
                        std::string(ubgi::kMaxLine + 10, 'x') + "\ngo role chequer\nquit\nisready\n");
  std::ostringstream out;
  CHECK(ubgi::run(e, in, out) == 0);
  CHECK(out.str() ==
        "id name scripted\nid author tests\nid version 1.0\n"
        "option name Seed type spin default 0 min 0 max 18446744073709551615\n"
        "option name Style type combo default safe var safe var bold\nubgiok\nreadyok\n"
        "error bad_argument a line longer than 65536 bytes\nbestmove 8/5 6/5\n");
  std::istringstream empty("");
  std::ostringstream none;
  CHECK(ubgi::run(e, empty, none) == 0);
  CHECK(none.str().empty());
}

}  // namespace ubgi_session_test
