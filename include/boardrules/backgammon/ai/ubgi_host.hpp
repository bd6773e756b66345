#pragma once
/// \file
/// The host end of UBGI (docs/ubgi.md): a Host shakes hands with an engine, finds out which draft
/// it speaks and what it can answer, then asks it the decisions of a match, in the form that
/// engine reads, and checks each answer against the rules. The line channel to the engine is the
/// caller's (a Channel: pipes to a process, or a Session in memory), so the whole exchange is
/// tested without a process.
///
/// Handshake: `ubgi`, then lines up to `ubgiok` (v0.1) or `readyok` (draft 0.01, which has no
/// `ubgiok`). A v0.1 engine is then sent `isready`, and probed once, each probe closed by
/// `isready`: whether it accepts the context commands (newsession, setscore, setcube, setturn),
/// whether it reads `go role chequer` or only `go`, and whether it answers `go role cube` and
/// `go role take`. An engine that answers no cube question leaves those decisions to the caller
/// (Reply::Unsupported).
///
/// Questions: to a v0.1 engine, `position gnubgid <PositionID>` (the board from the player on
/// roll) with the context in the frame of the player on roll (it is p0: `setturn p0`,
/// `setscore <its score> <the other's>`, `setcube … owner p0|p1|center`, `newsession … crawford
/// on` exactly in the Crawford game), `dice` for a play, `go role chequer|cube|take`, then
/// `isready`: the answer and the `readyok` close the question, and any other answer line before
/// both have come is an answer to no question (an engine out of step), refused, never played. To
/// a draft 0.01 engine, the XGID line alone; its bare answer. Lines waiting before a question
/// are answers to no question too. The draft's bare answers (a move, `double`, `roll`, `take`,
/// `drop`) are taken from an engine of either draft, and `sorry` to a cube question leaves it to
/// the caller.

#include "boardrules/core/config.hpp"

#include <chrono>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/formats/ubgi.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {
namespace ubgi {

/// A line channel to an engine: its input and its output.
class Channel {
 public:
  /// What read_line() found.
  enum class Read : std::uint8_t { Line, Timeout, Closed };

  Channel() = default;
  Channel(const Channel&) = default;
  Channel& operator=(const Channel&) = default;
  virtual ~Channel() = default;

  /// Writes `line` and a newline. An Error when the engine cannot be written to (it has gone).
  virtual Status write_line(std::string_view line) = 0;
  /// The next line (without its newline), waiting at most `timeout_ms` milliseconds (0: only a
  /// line already there). Closed: the engine's output has ended.
  virtual Read read_line(std::string& line, int timeout_ms) = 0;
  /// How the engine's output ended, for messages (e.g. "exit status 3").
  [[nodiscard]] virtual std::string end_reason() { return "its output ended"; }
};

/// The draft an engine speaks, as its handshake shows.
enum class Dialect : std::uint8_t {
  V01,       ///< `ubgiok`: v0.1 (and the `set`/`get` engines built on it)
  Draft001,  ///< `readyok` without `ubgiok`: draft 0.01 (bare XGID questions)
};

/// What a v0.1 engine showed it does, probe by probe (see the file comment).
struct Capabilities {
  bool context = false;  ///< newsession, setscore, setcube and setturn accepted
  bool go_role = false;  ///< `go role chequer` (else the play is asked by a bare `go`)
  bool cube = false;     ///< `go role cube` answered
  bool take = false;     ///< `go role take` answered
};

/// An engine as its handshake showed it.
struct EngineInfo {
  Dialect dialect = Dialect::V01;
  std::string name;     ///< `id name` (as `shown` quotes it: no control characters, at most 120 bytes)
  std::string author;   ///< `id author` (quoted so)
  std::string version;  ///< `id version` (quoted so)
  std::vector<std::string> announced;  ///< its `option`, `key` and `proto` lines (quoted so)
  Capabilities can;
};

/// The time limits of a host.
struct HostOptions {
  int answer_ms = 10000;     ///< per question (`info` lines do not extend it)
  int handshake_ms = 30000;  ///< the handshake and the probes, together
};

/// An engine's answer to a question, checked.
struct Reply {
  /// What the answer is.
  enum class Kind : std::uint8_t {
    Play,         ///< `play`: a legal play of the throw
    Cube,         ///< `cube`: double / nodouble, or take / drop / beaver
    Unsupported,  ///< the engine does not answer this kind of question: the caller decides
  };
  Kind kind = Kind::Unsupported;
  Play play;
  CubeAction cube = CubeAction::NoDouble;
};

/// The host's end (see the file comment). A fault (an Error from handshake() or ask()) leaves the
/// engine in an unknown state: the caller ends it and starts another, with a new Host.
class Host {
 public:
  /// The most `option`, `key` and `proto` lines a handshake may announce.
  static constexpr std::size_t kMaxAnnounced = 1024;
  /// The most answer lines a probe reads before its `readyok`.
  static constexpr std::size_t kMaxProbeLines = 64;

  /// A host on `channel`, which must outlive it.
  explicit Host(Channel& channel, HostOptions options = {}) : ch_(channel), opt_(options) {}

  /// The engine, once handshake() has succeeded.
  [[nodiscard]] const EngineInfo& info() const noexcept { return info_; }

  /// Shakes hands and probes the engine (see the file comment). Errors: no answer in time, the
  /// engine gone, an `error` line to `ubgi`, or an engine that answers no checker play.
  Status handshake() {
    using Clock = std::chrono::steady_clock;
    deadline_ = Clock::now() + std::chrono::milliseconds(opt_.handshake_ms);
    if (Status st = send("ubgi"); !st) return st;
    for (;;) {
      auto line = next("the handshake");
      if (!line) return line.error();
      const Answer a = parse_answer(*line);
      if (const auto* id = std::get_if<IdLine>(&a)) {
        if (id->field == "name") info_.name = shown(id->value, 120);
        else if (id->field == "author") info_.author = shown(id->value, 120);
        else if (id->field == "version") info_.version = shown(id->value, 120);
      } else if (const auto* an = std::get_if<Announce>(&a)) {
        if (info_.announced.size() == kMaxAnnounced)
          return fault("the handshake: more than " + std::to_string(kMaxAnnounced) + " option, key and proto lines");
        info_.announced.push_back(shown(an->text, 400));
      } else if (std::holds_alternative<UbgiOk>(a)) {
        info_.dialect = Dialect::V01;
        break;
      } else if (std::holds_alternative<ReadyOk>(a)) {
        info_.dialect = Dialect::Draft001;
        return {};
      } else if (const auto* e = std::get_if<ErrorLine>(&a)) {
        return fault("the handshake: the engine answered 'error " + shown(e->code + " " + e->message) + "'");
      }
    }
    if (Status st = barrier("the handshake"); !st) return st;
    // The probes, at the start of a 7-point match (a position every engine reads).
    Capabilities& can = info_.can;
    can.context = true;
    for (const char* c : {"newsession type match length 7 crawford off", "setscore 0 0", "setcube value 1 owner center",
                          "setturn p0"}) {
      auto r = probe({c});
      if (!r) return r.error();
      if (!r->empty()) can.context = false;
    }
    const std::string start = "position gnubgid " + format_position_id(Position::start());
    auto chequer = probe({start, "dice 3 1", "go role chequer"});
    if (!chequer) return chequer.error();
    can.go_role = a_move(*chequer);
    if (!can.go_role) {
      auto bare = probe({start, "dice 3 1", "go"});
      if (!bare) return bare.error();
      if (!a_move(*bare))
        return fault("the probe: 'go' at the start with dice 3 1 got no bestmove" + first_line(*bare));
    }
    if (can.go_role) {
      auto cube = probe({start, "go role cube"});
      if (!cube) return cube.error();
      can.cube = answered<BestCube>(*cube);
      if (can.cube) {
        auto take = probe({start, "go role take"});
        if (!take) return take.error();
        can.take = answered<BestCube>(*take);
      }
    }
    if (auto r = probe({"newgame"}); !r) return r.error();
    return {};
  }

  /// The decision `role` of match `m`: Chequer (Phase::Rolled, some legal play), Cube (TurnStart,
  /// the player on roll may double) or Take (Doubled). A fault is an Error naming what was wrong
  /// (no answer in time, the engine gone, an `error` line, garbage, an illegal play, a cube
  /// action that does not fit, an answer to no question).
  [[nodiscard]] Result<Reply> ask(const BasicMatch<Standard>& m, Role role) {
    const auto& g = m.game();
    if ((role == Role::Chequer && g.phase() != Phase::Rolled) || (role == Role::Cube && !g.may_double()) ||
        (role == Role::Take && g.phase() != Phase::Doubled) || role == Role::Turn)
      return make_error(ErrorCode::usage, "the match has no such decision now", "ask");
    const bool draft = info_.dialect == Dialect::Draft001;
    if (!draft && ((role == Role::Cube && !info_.can.cube) || (role == Role::Take && !info_.can.take)))
      return Reply{};
    // Lines already waiting answer nothing asked.
    std::string stale;
    for (;;) {
      const Channel::Read r = ch_.read_line(stale, 0);
      if (r == Channel::Read::Closed) return fault("the engine's output ended (" + ch_.end_reason() + ")");
      if (r == Channel::Read::Timeout) break;
      if (!ignorable(stale, draft)) return fault("an answer to no question: '" + shown(stale) + "'");
    }
    deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(opt_.answer_ms);
    std::optional<Answer> answer;
    if (draft) {
      if (Status st = send(format_xgid(id_position(m), match_id_fields(m), xgid_cube_limit(m.rules()),
                                       m.rules().effective_beavers()));
          !st)
        return st.error();
      auto line = next("the answer");
      if (!line) return line.error();
      answer = parse_answer(*line);
    } else {
      for (const std::string& l : question_lines(m, role))
        if (Status st = send(l); !st) return st.error();
      bool ready = false;
      while (!answer || !ready) {
        auto line = next("the answer");
        if (!line) return line.error();
        if (ignorable(*line, false)) continue;
        Answer a = parse_answer(*line);
        if (std::holds_alternative<ReadyOk>(a) && !ready) {
          ready = true;
          continue;
        }
        if (answer)
          return fault("an answer to no question: '" + shown(*line) + "' after '" + shown(format_answer(*answer)) + "'");
        if (std::holds_alternative<ReadyOk>(a)) return fault("an answer to no question: a second 'readyok'");
        answer = std::move(a);
      }
    }
    return check(m, role, *answer);
  }

  /// Sets the engine's option `name` to `value`, in the form its handshake announced it:
  /// `setoption name <name> value <value>` for an `option name <name> …` line, `set <name>
  /// <value>` for a `key <name> …` line, then `isready`. Errors: an option the engine did not
  /// announce (or a draft 0.01 engine, which has none), an `error` line before `readyok`.
  Status set_option(std::string_view name, std::string_view value) {
    std::string line;
    for (const std::string& a : info_.announced) {
      const auto w = ubgi_detail::words(a);
      if (w.size() >= 3 && w[0] == "option" && w[1] == "name" && w[2] == name)
        line = "setoption name " + std::string(name) + " value " + std::string(value);
      else if (w.size() >= 2 && w[0] == "key" && w[1] == name && line.empty())
        line = "set " + std::string(name) + " " + std::string(value);
    }
    if (line.empty()) return make_error(ErrorCode::usage, "the engine announced no option " + shown(name), "option");
    deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(opt_.answer_ms);
    if (Status st = send(line); !st) return st;
    return barrier(line.c_str());
  }

  /// A new game starts: the next question of a v0.1 engine is preceded by `newgame`.
  void new_game() noexcept { new_game_ = true; }

 private:
  Error fault(const std::string& why) const { return make_error(ErrorCode::invalid_state, why, "engine"); }

  Status send(const std::string& line) {
    if (Status st = ch_.write_line(line); !st) return fault("cannot write to the engine (" + ch_.end_reason() + ")");
    return {};
  }

  // The next line before the deadline, or the fault.
  Result<std::string> next(const char* waiting_for) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - std::chrono::steady_clock::now()).count();
    std::string line;
    switch (ch_.read_line(line, left > 0 ? static_cast<int>(left) : 0)) {
      case Channel::Read::Line: return line;
      case Channel::Read::Timeout: return fault(std::string("no answer in time (") + waiting_for + ")");
      case Channel::Read::Closed: break;
    }
    return fault(std::string("the engine's output ended (") + ch_.end_reason() + ") before " + waiting_for);
  }

  static bool ignorable(std::string_view line, bool draft) {
    const Answer a = parse_answer(line);
    if (std::holds_alternative<Info>(a)) return true;
    return !draft && std::holds_alternative<Other>(a) && std::get<Other>(a).text.empty();
  }

  // `isready` and the lines up to its `readyok`, the fault if an error line comes first.
  Status barrier(const char* what) {
    if (Status st = send("isready"); !st) return st;
    for (;;) {
      auto line = next(what);
      if (!line) return line.error();
      const Answer a = parse_answer(*line);
      if (std::holds_alternative<ReadyOk>(a)) return {};
      if (const auto* e = std::get_if<ErrorLine>(&a))
        return fault(std::string(what) + ": 'error " + shown(e->code + " " + e->message) + "'");
    }
  }

  // Sends `lines` and `isready`; the answers before `readyok`.
  Result<std::vector<Answer>> probe(std::initializer_list<std::string_view> lines) {
    for (std::string_view l : lines)
      if (Status st = send(std::string(l)); !st) return st.error();
    if (Status st = send("isready"); !st) return st.error();
    std::vector<Answer> got;
    for (;;) {
      auto line = next("a probe of the engine");
      if (!line) return line.error();
      if (ignorable(*line, false)) continue;
      Answer a = parse_answer(*line);
      if (std::holds_alternative<ReadyOk>(a)) return got;
      if (got.size() == kMaxProbeLines) return fault("a probe of the engine: more than 64 lines before readyok");
      got.push_back(std::move(a));
    }
  }

  template <class T>
  static bool answered(const std::vector<Answer>& got) {
    return got.size() == 1 && std::holds_alternative<T>(got[0]);
  }
  // One answer that can be a move: `bestmove`, or a bare line (draft 0.01's form).
  static bool a_move(const std::vector<Answer>& got) {
    return answered<BestMove>(got) || (answered<Other>(got) && !std::get<Other>(got[0]).text.empty());
  }
  static std::string first_line(const std::vector<Answer>& got) {
    return got.empty() ? std::string() : " but '" + shown(format_answer(got[0])) + "'";
  }

  // The lines of a v0.1 question (see the file comment).
  std::vector<std::string> question_lines(const BasicMatch<Standard>& m, Role role) {
    const auto& g = m.game();
    const int me = g.on_roll();
    std::vector<std::string> out;
    if (std::exchange(new_game_, false)) out.emplace_back("newgame");
    if (info_.can.context) {
      NewSession s;
      s.match_length = m.rules().match_length;
      if (m.rules().is_match()) s.crawford = g.crawford();
      else s.jacoby = m.rules().effective_jacoby();
      out.push_back(format_command(s));
      out.push_back(format_command(SetScore{{m.score()[static_cast<std::size_t>(me)],
                                             m.score()[static_cast<std::size_t>(1 - me)]}}));
      const int owner = g.cube().is_centered() ? -1 : g.cube().owner() == me ? 0 : 1;
      out.push_back(format_command(SetCube{g.cube().value(), owner}));
      out.emplace_back("setturn p0");
    }
    out.push_back("position gnubgid " + format_position_id(id_position(m)));
    if (role == Role::Chequer)
      out.push_back(format_command(DiceCommand{g.dice()}));
    out.push_back(role == Role::Chequer && !info_.can.go_role ? std::string("go")
                                                               : "go role " + std::string(role_name(role)));
    out.emplace_back("isready");
    return out;
  }

  // The answer read as the decision asked, checked against the rules.
  Result<Reply> check(const BasicMatch<Standard>& m, Role role, const Answer& a) {
    const auto& g = m.game();
    const std::string text = format_answer(a);
    if (const auto* e = std::get_if<ErrorLine>(&a)) {
      const bool unsupported = e->code == "unsupported_feature" || e->code == "unsupported" ||
                               e->code == "unknown_command" || e->code == "bad_command";
      if (role != Role::Chequer && unsupported) {
        (role == Role::Cube ? info_.can.cube : info_.can.take) = false;
        return Reply{};
      }
      return fault("the engine answered '" + shown(text) + "'");
    }
    if (std::holds_alternative<Sorry>(a)) {
      if (role != Role::Chequer) return Reply{};
      return fault("the engine answered 'sorry'");
    }
    if (role == Role::Chequer) {
      // `bestmove <move>`, or draft 0.01's bare move (taken from an engine of either draft)
      const std::string* move = std::get_if<BestMove>(&a) ? &std::get<BestMove>(a).move
                                : std::get_if<Other>(&a)  ? &std::get<Other>(a).text
                                                          : nullptr;
      if (move == nullptr) return fault("not a play: '" + shown(text) + "' (bestmove expected)");
      auto play = parse_move(g.position(), g.dice(), *move);
      if (!play && play.error().code == ErrorCode::syntax && std::holds_alternative<Other>(a))
        return fault("not a play: '" + shown(text) + "' (bestmove expected)");
      if (!play) return fault("an illegal play '" + shown(*move) + "': " + play.error().to_string());
      Reply r;
      r.kind = Reply::Kind::Play;
      r.play = *play;
      return r;
    }
    const auto* c = std::get_if<BestCube>(&a);
    const bool fits = c != nullptr && (role == Role::Cube ? c->action == CubeAction::Double || c->action == CubeAction::NoDouble
                                                          : c->action == CubeAction::Take || c->action == CubeAction::Drop ||
                                                                (c->action == CubeAction::Beaver && g.may_beaver()));
    if (!fits)
      return fault(std::string("a wrong answer to ") + (role == Role::Cube ? "a cube decision" : "a double") + ": '" +
                   shown(text) + "' (" +
                   (role == Role::Cube ? "double or nodouble" : g.may_beaver() ? "take, drop or beaver" : "take or drop") +
                   " expected)");
    Reply r;
    r.kind = Reply::Kind::Cube;
    r.cube = c->action;
    return r;
  }

  Channel& ch_;
  HostOptions opt_;
  EngineInfo info_;
  std::chrono::steady_clock::time_point deadline_{};
  bool new_game_ = false;
};

}  // namespace ubgi
}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
