// The host end of UBGI (ai/ubgi_host.hpp) against engines in memory: the library's own Session,
// and scripted engines that behave as the public ones do (an engine of draft 0.01; one that reads
// only `go` and no context command; one without cube answers), and as broken ones do (answers
// twice, late, garbage, errors, silence). What each engine received is checked line by line.
#include <doctest/doctest.h>

#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "boardrules/backgammon/ai/ubgi_engine.hpp"
#include "boardrules/backgammon/ai/ubgi_host.hpp"

namespace ubgi_host_test {
namespace bg = boardrules::backgammon;
namespace ubgi = boardrules::backgammon::ubgi;
using Lines = std::vector<std::string>;

// A channel to an engine in memory: each line written is answered at once by `reply`; the answers
// wait in a queue; reading an empty queue is a timeout (nothing more will come).
struct MemoryChannel final : ubgi::Channel {
  std::function<Lines(const std::string&)> reply;
  Lines received;
  std::deque<std::string> waiting;
  bool closed = false;

  boardrules::Status write_line(std::string_view line) override {
    if (closed) return boardrules::make_error(boardrules::ErrorCode::io, "closed", "test");
    received.emplace_back(line);
    for (std::string& a : reply(std::string(line))) waiting.push_back(std::move(a));
    return {};
  }
  Read read_line(std::string& line, int) override {
    if (waiting.empty()) return closed ? Read::Closed : Read::Timeout;
    line = waiting.front();
    waiting.pop_front();
    return Read::Line;
  }
};

// The library's engine session behind a channel.
struct SessionEngine final : ubgi::Engine {
  bool cube = true;
  std::vector<bg::State> seen;
  ubgi::Identity identity() const override { return {"in-memory", "tests", "0"}; }
  bg::Play choose_play(const bg::State& s, const ubgi::SearchLimits&) override {
    seen.push_back(s);
    bg::PlayList plays;
    s.game().legal_plays(plays);
    return plays[plays.size() - 1];
  }
  std::optional<bool> offer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    seen.push_back(s);
    if (!cube) return std::nullopt;
    return true;
  }
  std::optional<ubgi::CubeAction> answer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    seen.push_back(s);
    if (!cube) return std::nullopt;
    return ubgi::CubeAction::Drop;
  }
};

void connect(MemoryChannel& ch, ubgi::Session& s) {
  ch.reply = [&s](const std::string& line) { return s.handle(line); };
}

// A host that has shaken hands with the library's session over a memory channel; `cube`: whether
// the engine answers cube questions.
struct SessionHost {
  SessionEngine engine;
  ubgi::Session session{engine};
  MemoryChannel channel;
  ubgi::Host host{channel};
  explicit SessionHost(bool cube = true) {
    engine.cube = cube;
    connect(channel, session);
    const boardrules::Status shaken = host.handshake();
    REQUIRE_MESSAGE(shaken.has_value(), shaken.error().to_string());
  }
};

// A 7-point match at 0-0, player 0 to roll, no dice thrown, cube 1 centred.
bg::BasicMatch<bg::Standard> match_start() {
  bg::MatchIdFields f;
  f.match_length = 7;
  return bg::match_from_gnubg(bg::Position::start(), f, bg::SessionRules::match(7)).value();
}

// A 7-point match at 3-5 (player 1 leads), player 1 on roll with `d1`-`d2` thrown, cube 2 owned by player 0.
bg::BasicMatch<bg::Standard> rolled_match(int d1, int d2) {
  bg::MatchIdFields f;
  f.match_length = 7;
  f.score = {3, 5};
  f.on_roll = f.turn = 1;
  f.cube_value = 2;
  f.cube_owner = 0;
  f.die1 = d1;
  f.die2 = d2;
  return bg::match_from_gnubg(bg::Position::start(), f, bg::SessionRules::match(7)).value();
}

TEST_CASE("UBGI host with the library's session: v0.1, every probe passes, the context in the mover's frame") {
  SessionHost t;
  CHECK(t.host.info().dialect == ubgi::Dialect::V01);
  CHECK(t.host.info().name == "in-memory");
  CHECK(t.host.info().can.context);
  CHECK(t.host.info().can.go_role);
  CHECK(t.host.info().can.cube);
  CHECK(t.host.info().can.take);
  t.engine.seen.clear();
  t.channel.received.clear();

  auto m = rolled_match(5, 2);
  auto r = t.host.ask(m, ubgi::Role::Chequer);
  REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
  CHECK(r->kind == ubgi::Reply::Kind::Play);
  bg::PlayList plays;
  m.game().legal_plays(plays);
  CHECK(r->play == plays[plays.size() - 1]);
  CHECK(t.channel.received == Lines{"newsession type match length 7 crawford off", "setscore 5 3",
                                    "setcube value 2 owner p1", "setturn p0", "position gnubgid 4HPwATDgc/ABMA",
                                    "dice 5 2", "go role chequer", "isready"});
  // What the engine was shown: the same decision, in the frame where the player on roll is p0.
  REQUIRE(t.engine.seen.size() == 1);
  CHECK(t.engine.seen[0].match().score()[0] == 5);
  CHECK(t.engine.seen[0].match().score()[1] == 3);
  CHECK(t.engine.seen[0].game().cube().owner() == 1);
  CHECK(t.engine.seen[0].game().position() == m.game().position());

  // The cube: player 1 may not double (player 0 owns the cube): the host does not ask.
  CHECK(!t.host.ask(m, ubgi::Role::Cube).has_value());
  auto start = match_start();
  r = t.host.ask(start, ubgi::Role::Cube);
  REQUIRE(r.has_value());
  CHECK(r->kind == ubgi::Reply::Kind::Cube);
  CHECK(r->cube == ubgi::CubeAction::Double);
  REQUIRE(start.double_cube().has_value());
  t.channel.received.clear();
  r = t.host.ask(start, ubgi::Role::Take);
  REQUIRE(r.has_value());
  CHECK(r->cube == ubgi::CubeAction::Drop);
  CHECK(t.channel.received.back() == "isready");
  CHECK(t.channel.received[t.channel.received.size() - 2] == "go role take");
  t.host.new_game();
  t.channel.received.clear();
  (void)t.host.ask(rolled_match(3, 1), ubgi::Role::Chequer);
  CHECK(t.channel.received.front() == "newgame");
}

TEST_CASE("UBGI host: the Crawford game is `crawford on`, the games after it `crawford off`") {
  SessionHost t;
  bg::MatchIdFields f;
  f.match_length = 5;
  f.score = {4, 1};
  f.crawford = true;
  f.die1 = 6;
  f.die2 = 5;
  t.channel.received.clear();
  (void)t.host.ask(bg::match_from_gnubg(bg::Position::start(), f, bg::SessionRules::match(5)).value(),
                   ubgi::Role::Chequer);
  CHECK(t.channel.received[0] == "newsession type match length 5 crawford on");
  CHECK(t.channel.received[1] == "setscore 4 1");
  f.crawford = false;
  t.channel.received.clear();
  (void)t.host.ask(bg::match_from_gnubg(bg::Position::start(), f, bg::SessionRules::match(5)).value(),
                   ubgi::Role::Chequer);
  CHECK(t.channel.received[0] == "newsession type match length 5 crawford off");
}

TEST_CASE("UBGI host: an engine without cube answers leaves the cube to the caller") {
  SessionHost t(false);
  CHECK(!t.host.info().can.cube);
  CHECK(!t.host.info().can.take);
  t.channel.received.clear();
  auto r = t.host.ask(match_start(), ubgi::Role::Cube);
  REQUIRE(r.has_value());
  CHECK(r->kind == ubgi::Reply::Kind::Unsupported);
  CHECK(t.channel.received.empty());  // not asked again
}

// The first word of a line.
std::string word(const std::string& line) { return line.substr(0, line.find(' ')); }

// An engine that answers as GNU Backgammon's UBGI fork does: the context commands accepted, the
// play by `go role chequer` (or `go`), the cube questions refused.
Lines gnubg_like(const std::string& line) {
  if (line == "ubgi") return {"id name GNU Backgammon", "id author x", "id version 1.08.003", "proto 0.2",
                              "key engine.ply int 0..7 2", "ubgiok"};
  if (line == "isready") return {"readyok"};
  if (line == "go role cube") return {"error unsupported_feature go_role_cube"};
  if (line == "go role take") return {"error bad_argument go"};
  if (line == "go role chequer" || line == "go") return {"bestmove 24/18 13/11"};
  return {};
}

// An engine that answers as bkgm's engine loop does: no context commands, the play by a bare `go`.
Lines bkgm_like(const std::string& line) {
  if (line == "ubgi") return {"id name bkgm-random", "id author bkgm", "id version 0.6.0", "proto 0.2", "ubgiok"};
  if (line == "isready") return {"readyok"};
  if (line == "go") return {"bestmove 13/7 13/11"};
  const std::string w = word(line);
  if (w == "position" || w == "dice" || w == "newgame") return {};
  return {"error bad_command unknown"};
}

// An engine of draft 0.01: `ubgi` answered by id lines and `readyok`, a bare XGID by a bare answer.
Lines draft_like(const std::string& line) {
  if (line == "ubgi") return {"id name draft001-random", "id author x", "id version 0.01", "readyok"};
  if (line.rfind("XGID=", 0) == 0) {
    if (line.find(":00:") != std::string::npos) return {"roll"};
    if (line.find(":D:") != std::string::npos) return {"take"};
    return {"13-7 13-11"};
  }
  if (line == "stop") return {};
  return {"sorry"};
}

// How a scripted engine answers each line it is sent.
using Replies = std::function<Lines(const std::string&)>;

// A host that has shaken hands with a scripted engine.
struct ScriptedHost {
  MemoryChannel channel;
  ubgi::Host host;
  explicit ScriptedHost(const Replies& replies, ubgi::HostOptions options = {}) : host(channel, options) {
    channel.reply = replies;
    REQUIRE(host.handshake().has_value());
  }
};

TEST_CASE("UBGI host and an engine like gnubg-ubgi: context and roles, no cube") {
  ScriptedHost t(gnubg_like);
  CHECK(t.host.info().dialect == ubgi::Dialect::V01);
  CHECK(t.host.info().name == "GNU Backgammon");
  CHECK(t.host.info().announced == Lines{"proto 0.2", "key engine.ply int 0..7 2"});
  CHECK(t.host.info().can.context);
  CHECK(t.host.info().can.go_role);
  CHECK(!t.host.info().can.cube);
  t.channel.received.clear();
  auto r = t.host.ask(rolled_match(6, 2), ubgi::Role::Chequer);
  REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
  CHECK(ubgi::format_move(r->play) == "24/18 13/11");
  CHECK(t.channel.received[4] == "position gnubgid 4HPwATDgc/ABMA");
  CHECK(t.channel.received[6] == "go role chequer");
}

TEST_CASE("UBGI host and an engine like bkgm's: no context commands sent, the play asked by `go`") {
  ScriptedHost t(bkgm_like);
  CHECK(!t.host.info().can.context);
  CHECK(!t.host.info().can.go_role);
  CHECK(!t.host.info().can.cube);
  t.channel.received.clear();
  auto r = t.host.ask(rolled_match(6, 2), ubgi::Role::Chequer);
  REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
  CHECK(ubgi::format_move(r->play) == "13/7 13/11");
  CHECK(t.channel.received == Lines{"position gnubgid 4HPwATDgc/ABMA", "dice 6 2", "go", "isready"});
}

TEST_CASE("UBGI host and an engine of draft 0.01: bare XGID questions, bare answers") {
  ScriptedHost t(draft_like);
  CHECK(t.host.info().dialect == ubgi::Dialect::Draft001);
  CHECK(t.channel.received == Lines{"ubgi"});  // no isready, no probe: the draft has neither
  auto r = t.host.ask(rolled_match(6, 2), ubgi::Role::Chequer);
  REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
  CHECK(ubgi::format_move(r->play) == "13/7 13/11");
  CHECK(t.channel.received.back() == "XGID=-b----E-C---eE---c-e----B-:1:-1:1:62:5:3:0:7:10");
  auto start = match_start();
  r = t.host.ask(start, ubgi::Role::Cube);
  REQUIRE(r.has_value());
  CHECK(r->cube == ubgi::CubeAction::NoDouble);
  REQUIRE(start.double_cube().has_value());
  r = t.host.ask(start, ubgi::Role::Take);
  REQUIRE(r.has_value());
  CHECK(r->cube == ubgi::CubeAction::Take);
  // "sorry" to a cube question: the engine leaves it to the caller; to a play: a fault.
  t.channel.reply = [](const std::string&) { return Lines{"sorry"}; };
  r = t.host.ask(start, ubgi::Role::Take);
  REQUIRE(r.has_value());
  CHECK(r->kind == ubgi::Reply::Kind::Unsupported);
  CHECK(t.host.ask(rolled_match(6, 2), ubgi::Role::Chequer).error().message == "the engine answered 'sorry'");
}

// A host that has shaken hands with an engine like gnubg-ubgi, waiting 100 ms for an answer and
// 1 s for the handshake.
struct GnubgHost : ScriptedHost {
  GnubgHost() : ScriptedHost(gnubg_like, {100, 1000}) {}
};

// Faults: an engine like gnubg-ubgi that goes wrong once shaken hands.
std::string fault_of(const Replies& after, int d1 = 6, int d2 = 2) {
  GnubgHost t;
  t.channel.reply = after;
  auto r = t.host.ask(rolled_match(d1, d2), ubgi::Role::Chequer);
  REQUIRE(!r.has_value());
  return r.error().message;
}

TEST_CASE("UBGI host: an answer given twice, or late, answers no question and is never played") {
  // Twice at once.
  CHECK(fault_of([](const std::string& l) {
          return l == "go role chequer" ? Lines{"bestmove 24/18 13/11", "bestmove 24/18 13/11"} : gnubg_like(l);
        }).rfind("an answer to no question: 'bestmove 24/18 13/11'", 0) == 0);
  // Two readyoks before the answer: the second answers no question.
  CHECK(fault_of([](const std::string& l) {
          return l == "go role chequer" ? Lines{"readyok"} : gnubg_like(l);
        }) == "an answer to no question: a second 'readyok'");
  // Late: after the readyok of its question, waiting when the next question is asked.
  GnubgHost t;
  t.channel.reply = [](const std::string& l) {
    return l == "isready" ? Lines{"readyok", "bestmove 24/18 13/11"} : gnubg_like(l);
  };
  REQUIRE(t.host.ask(rolled_match(6, 2), ubgi::Role::Chequer).has_value());
  auto r = t.host.ask(rolled_match(6, 2), ubgi::Role::Chequer);
  REQUIRE(!r.has_value());
  CHECK(r.error().message == "an answer to no question: 'bestmove 24/18 13/11'");
  // Late, arriving after the next question was sent and before its answer: it is read, then the
  // real answer is a second one: refused, not played.
  GnubgHost late;
  bool first = true;
  late.channel.reply = [&first](const std::string& l) {
    if (l.rfind("newsession", 0) == 0 && !first) return Lines{"bestmove 13/11 6/2"};  // the last answer again
    if (l == "go role chequer") first = false;
    return gnubg_like(l);
  };
  REQUIRE(late.host.ask(rolled_match(6, 2), ubgi::Role::Chequer).has_value());
  r = late.host.ask(rolled_match(6, 2), ubgi::Role::Chequer);
  REQUIRE(!r.has_value());
  CHECK(r.error().message.rfind("an answer to no question: 'bestmove 24/18 13/11' after 'bestmove 13/11 6/2'", 0) == 0);
}

TEST_CASE("UBGI host: errors, garbage, illegal plays, wrong cube words, silence, a dead engine") {
  CHECK(fault_of([](const std::string& l) {
          return l == "go role chequer" ? Lines{"error internal find_best_move_failed"} : gnubg_like(l);
        }) == "the engine answered 'error internal find_best_move_failed'");
  CHECK(fault_of([](const std::string& l) {
          return l == "go role chequer" ? Lines{std::string("\x1b[2Jgarbage\x00", 12)} : gnubg_like(l);
        }) == "not a play: '\\x1b[2Jgarbage\\x00' (bestmove expected)");
  CHECK(fault_of([](const std::string& l) {
          return l == "go role chequer" ? Lines{"bestmove 24/18 13/10"} : gnubg_like(l);
        }).rfind("an illegal play '24/18 13/10': ", 0) == 0);
  CHECK(fault_of([](const std::string& l) { return l == "go role chequer" ? Lines{} : gnubg_like(l); }) ==
        "no answer in time (the answer)");
  // Bestmove answered, readyok never: still a fault (the question is not closed).
  CHECK(fault_of([](const std::string& l) { return l == "isready" ? Lines{} : gnubg_like(l); }) ==
        "no answer in time (the answer)");
  GnubgHost dead;
  dead.channel.closed = true;
  CHECK(dead.host.ask(rolled_match(6, 2), ubgi::Role::Chequer).error().message ==
        "the engine's output ended (its output ended)");
  // A take where a double or no double is asked.
  SessionHost t;
  ubgi::Session& s = t.session;
  t.channel.reply = [&s](const std::string& l) { return l == "go role cube" ? Lines{"bestcube take"} : s.handle(l); };
  CHECK(t.host.ask(match_start(), ubgi::Role::Cube).error().message ==
        "a wrong answer to a cube decision: 'bestcube take' (double or nodouble expected)");
}

TEST_CASE("UBGI host: options set in the form the engine announced them") {
  ScriptedHost gnubg(gnubg_like);  // announces `key engine.ply …`: set with `set`
  gnubg.channel.received.clear();
  CHECK(gnubg.host.set_option("engine.ply", "0").has_value());
  CHECK(gnubg.channel.received == Lines{"set engine.ply 0", "isready"});
  CHECK(gnubg.host.set_option("Threads", "2").error().message == "the engine announced no option Threads");
  // the library's session announces `option name …`: set with `setoption`
  struct WithSeed final : ubgi::Engine {
    ubgi::Identity identity() const override { return {"seeded", "", ""}; }
    std::vector<ubgi::OptionSpec> options() const override {
      return {{"Seed", "", ubgi::OptionType::Spin, 0, 9, {}, "0"}};
    }
    bg::Play choose_play(const bg::State& s, const ubgi::SearchLimits&) override {
      bg::PlayList p;
      s.game().legal_plays(p);
      return p[0];
    }
  } seeded;
  ubgi::Session s(seeded);
  MemoryChannel ch;
  connect(ch, s);
  ubgi::Host h2(ch);
  REQUIRE(h2.handshake().has_value());
  ch.received.clear();
  CHECK(h2.set_option("Seed", "7").has_value());
  CHECK(ch.received == Lines{"setoption name Seed value 7", "isready"});
  CHECK(s.option_value("Seed") == "7");
  CHECK(h2.set_option("Seed", "10").error().message.rfind("setoption name Seed value 10: 'error bad_argument", 0) == 0);
  ScriptedHost draft(draft_like);
  CHECK(!draft.host.set_option("Seed", "1").has_value());
}

// The fault of a handshake, waiting 100 ms, with a scripted engine.
std::string handshake_fault(const Replies& replies) {
  MemoryChannel ch;
  ch.reply = replies;
  ubgi::Host host(ch, {100, 100});
  const boardrules::Status st = host.handshake();
  REQUIRE_FALSE(st.has_value());
  return st.error().message;
}

TEST_CASE("UBGI host: handshakes that fail") {
  CHECK(handshake_fault([](const std::string&) { return Lines{}; }) == "no answer in time (the handshake)");
  CHECK(handshake_fault([](const std::string&) { return Lines{"error unknown_command ubgi"}; }) ==
        "the handshake: the engine answered 'error unknown_command ubgi'");
  // An engine that announces options without end.
  CHECK(handshake_fault([](const std::string&) { return Lines(2000, "option name X type check default true"); }) ==
        "the handshake: more than 1024 option, key and proto lines");
  // One that answers a probe with lines without end.
  CHECK(handshake_fault([](const std::string& l) {
          if (l == "ubgi") return Lines{"ubgiok"};
          if (l == "isready") return Lines{"readyok"};
          return Lines(100, "bestmove 8/5 6/5");
        }) == "a probe of the engine: more than 64 lines before readyok");
  // One that shakes hands but answers no checker play at all.
  CHECK(handshake_fault([](const std::string& l) {
          if (l == "ubgi") return Lines{"ubgiok"};
          if (l == "isready") return Lines{"readyok"};
          return Lines{};
        }) == "the probe: 'go' at the start with dice 3 1 got no bestmove");
}

}  // namespace ubgi_host_test
