#pragma once
/// \file
/// The engine end of UBGI (docs/ubgi.md): a Session reads a host's lines and answers them for an
/// engine the user writes as an ubgi::Engine (its identity, its options, and three decisions: the
/// checker play, the double, the answer to a double), each decision given as a State at that
/// decision with the match context (score, cube, Crawford game) the host sent. run() drives a
/// session over two streams (stdin and stdout for an engine program):
///
///     struct MyEngine : boardrules::backgammon::ubgi::Engine { ... };
///     int main() { MyEngine e; return boardrules::backgammon::ubgi::run(e, std::cin, std::cout); }
///
/// The session speaks both drafts (formats/ubgi.hpp). The handshake answers `ubgi` with the id
/// lines, an `option` line for each option, `ubgiok` (v0.1's end of the handshake) and `readyok`
/// (draft 0.01's); a host of v0.1 then sends `isready`, which that `readyok` already answered, so
/// an `isready` right after the handshake gets no second one: every `readyok` a host reads
/// answers exactly one of its questions, whichever draft it speaks. A bare XGID line is draft
/// 0.01's question, answered at once with a bare move, `double`, `roll`, `take`, `drop` or an
/// empty line; once a host has sent one (and no v0.1 command since), what the session cannot
/// answer is `sorry`, else `error <code> <message>`.
///
/// Positions: `position gnubgid <PositionID>` is the board seen from the player on roll; the match
/// context then comes from the context commands (newsession, setscore, setcube, setturn: by
/// default money play, score 0-0, the cube centred at 1, p0 on roll), and `dice` gives the throw.
/// A GNUbg ID `PositionID:MatchID` or an XGID carries the whole state instead (the context
/// commands do not change it). A rejected position, throw or context command leaves no position:
/// `go` then answers `error missing_context position`, never for an earlier one.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/ubgi.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {
namespace ubgi {

/// An engine's `id` lines.
struct Identity {
  std::string name;
  std::string author;
  std::string version;
};

/// What an engine author writes (see the file comment). The session calls the decisions only
/// where there is a choice: a throw with one legal play (or none) and a player who may not double
/// are answered without asking.
class Engine {
 public:
  Engine() = default;
  Engine(const Engine&) = default;
  Engine& operator=(const Engine&) = default;
  virtual ~Engine() = default;

  /// The `id name`, `id author` and `id version` lines.
  [[nodiscard]] virtual Identity identity() const = 0;
  /// The options offered (announced at the handshake, set by `setoption` or `set`).
  [[nodiscard]] virtual std::vector<OptionSpec> options() const { return {}; }
  /// Sets `option` to `value`, already checked against its type (OptionSpec::check). An Error
  /// refuses the value (the host reads `error bad_argument <message>`) and keeps the old one.
  virtual Status set_option(const OptionSpec& /*option*/, const std::string& /*value*/) { return {}; }
  /// The play of the player on roll in `state` (Phase::Rolled, at least two legal plays). A play
  /// that is not legal there is refused (the host reads `error internal …`).
  [[nodiscard]] virtual Play choose_play(const State& state, const SearchLimits& limits) = 0;
  /// Whether the player on roll doubles, at the start of its turn in `state` (it may double).
  /// Nothing: this engine does not decide the cube (`error unsupported_feature`, draft 0.01's
  /// `sorry`).
  [[nodiscard]] virtual std::optional<bool> offer_double(const State& /*state*/, const SearchLimits& /*limits*/) {
    return std::nullopt;
  }
  /// The answer to the double offered in `state` (Phase::Doubled; the player to decide is
  /// state.current_player()): Take, Drop, or Beaver where the rules allow it (BG-9.4). Nothing:
  /// this engine does not answer doubles.
  [[nodiscard]] virtual std::optional<CubeAction> answer_double(const State& /*state*/,
                                                                const SearchLimits& /*limits*/) {
    return std::nullopt;
  }
  /// `newgame`: a new game starts (the session forgets the position and the dice itself).
  virtual void new_game() {}
};

/// The longest line a session reads (longer ones are refused whole).
inline constexpr std::size_t kMaxLine = 65536;

/// One engine's end of the protocol (see the file comment): handle() takes one line from the host
/// and returns the lines to answer, in order (none for commands without an answer).
class Session {
 public:
  /// A session for `engine`, which must outlive it. Each option starts at its default.
  explicit Session(Engine& engine) : engine_(engine), specs_(engine.options()) {
    for (const OptionSpec& o : specs_) values_.push_back(o.default_value);
  }

  /// The host sent `quit`: stop reading.
  [[nodiscard]] bool quit() const noexcept { return quit_; }

  /// The current value of the option named `name` (its name or its key), or nothing.
  [[nodiscard]] std::optional<std::string> option_value(std::string_view name) const {
    if (const OptionSpec* o = find(name)) return values_[static_cast<std::size_t>(o - specs_.data())];
    return std::nullopt;
  }

  /// The answers to `line` (one line, without its newline).
  [[nodiscard]] std::vector<std::string> handle(std::string_view line) {
    auto parsed = parse_command(line);
    if (parsed && std::holds_alternative<Blank>(*parsed)) return {};
    const bool readyok_pending = std::exchange(readyok_pending_, false);
    if (!parsed) {
      // A rejected position, throw or context leaves no position: `go` must not answer for the
      // one before.
      const std::string_view word = ubgi_detail::split_word(line).first;
      if (word == "position" || word == "dice" || word == "newsession" || word == "setscore" || word == "setcube" ||
          word == "setturn") {
        position_.reset();
        dice_.reset();
      }
      if (draft_) return {"sorry"};
      return {error_line("bad_argument", parsed.error().to_string())};
    }
    Command& c = *parsed;
    if (std::holds_alternative<DraftPosition>(c)) return {draft(std::get<DraftPosition>(c))};
    if (std::holds_alternative<Unknown>(c)) {
      if (draft_) return {"sorry"};
      return {error_line("unknown_command", shown(std::get<Unknown>(c).word, 40))};
    }
    if (!std::holds_alternative<Blank>(c) && !std::holds_alternative<Hello>(c) && !std::holds_alternative<Stop>(c) &&
        !std::holds_alternative<Quit>(c))
      draft_ = false;  // a v0.1 command: the host speaks v0.1
    return std::visit([&](auto& cmd) { return command(cmd, readyok_pending); }, c);
  }

 private:
  static std::string error_line(std::string_view code, const std::string& message) {
    return "error " + std::string(code) + " " + shown(message, 200);
  }

  const OptionSpec* find(std::string_view name) const {
    for (const OptionSpec& o : specs_)
      if (o.name == name || o.key_or_name() == name) return &o;
    return nullptr;
  }

  // -- commands without a position --------------------------------------------------------------
  std::vector<std::string> command(const Hello&, bool) {
    const Identity id = engine_.identity();
    std::vector<std::string> out{"id name " + id.name, "id author " + id.author, "id version " + id.version};
    for (const OptionSpec& o : specs_) out.push_back(format_option_line(o));
    out.emplace_back("ubgiok");
    out.emplace_back("readyok");
    readyok_pending_ = true;
    return out;
  }
  std::vector<std::string> command(const IsReady&, bool readyok_pending) {
    if (readyok_pending) return {};  // the handshake's readyok answered it
    return {"readyok"};
  }
  std::vector<std::string> command(const NewGame&, bool) {
    position_.reset();
    dice_.reset();
    engine_.new_game();
    return {};
  }
  std::vector<std::string> command(const Stop&, bool) { return {}; }
  std::vector<std::string> command(const Quit&, bool) {
    quit_ = true;
    return {};
  }
  std::vector<std::string> command(const Blank&, bool) { return {}; }
  std::vector<std::string> command(const Unknown&, bool) { return {}; }
  std::vector<std::string> command(const DraftPosition&, bool) { return {}; }
  std::vector<std::string> command(const SetOption& o, bool) { return set(o.name, o.value); }
  std::vector<std::string> command(const Set& s, bool) { return set(s.key, s.value); }
  std::vector<std::string> command(const Get& g, bool) {
    const auto v = option_value(g.key);
    if (!v) return {error_line("unsupported_feature", "no option '" + g.key + "'")};
    return {"value " + g.key + " " + *v};
  }
  std::vector<std::string> command(const Keys&, bool) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
      OptionSpec now = specs_[i];
      now.default_value = values_[i];
      out.push_back(format_key_line(now));
    }
    return out;
  }
  std::vector<std::string> set(std::string_view name, const std::string& value) {
    const OptionSpec* o = find(name);
    if (o == nullptr) return {error_line("unsupported_feature", "no option '" + std::string(name) + "'")};
    auto v = o->check(value);
    if (!v) return {error_line("bad_argument", v.error().to_string())};
    if (Status st = engine_.set_option(*o, *v); !st.has_value())
      return {error_line("bad_argument", st.error().to_string())};
    values_[static_cast<std::size_t>(o - specs_.data())] = *v;
    return {};
  }

  // -- the context of a bare Position ID --------------------------------------------------------
  std::vector<std::string> command(const NewSession& s, bool) {
    session_ = s;
    return {};
  }
  std::vector<std::string> command(const SetScore& s, bool) {
    score_ = s.score;
    return {};
  }
  std::vector<std::string> command(const SetCube& s, bool) {
    cube_ = s;
    return {};
  }
  std::vector<std::string> command(const SetTurn& s, bool) {
    turn_ = s.player;
    return {};
  }
  std::vector<std::string> command(const PositionCommand& p, bool) {
    position_ = p;
    dice_.reset();
    return {};
  }
  std::vector<std::string> command(const DiceCommand& d, bool) {
    dice_ = d.dice;
    return {};
  }

  // The match at the position given, its context from the ID or from the context commands.
  Result<BasicMatch<Standard>> match_for(const PositionCommand& p) const {
    if (p.fields) {
      const MatchIdFields& f = *p.fields;
      SessionRules r = f.match_length > 0 ? SessionRules::match(f.match_length) : SessionRules::money({.jacoby = f.jacoby});
      if (p.format == PositionFormat::Xgid) {  // the rules an XGID states (xgid_rules)
        r.beavers = p.beavers && f.match_length == 0 ? 3 : 0;
        r.cube_cap = 1 << p.max_cube_log2;
      }
      return match_from_gnubg(p.position, f, r);
    }
    MatchIdFields f;
    f.cube_value = cube_.value;
    f.cube_owner = cube_.owner;
    f.on_roll = f.turn = turn_;
    f.match_length = session_.match_length;
    f.score = f.match_length > 0 ? score_ : std::array<int, 2>{0, 0};
    SessionRules r;
    if (f.match_length > 0) {
      r = SessionRules::match(f.match_length);
      const bool one_away = f.match_length > 1 && (f.score[0] == f.match_length - 1 || f.score[1] == f.match_length - 1);
      f.crawford = one_away && session_.crawford.value_or(true);
    } else {
      f.jacoby = session_.jacoby.value_or(false);
      r = SessionRules::money({.jacoby = f.jacoby});
    }
    return match_from_gnubg(p.position, f, r);
  }

  // The legal play the engine chose (read back through the move text, which finds the legal play
  // it means whatever the order of its steps), or why it is refused.
  Result<Play> engine_play(const BasicMatch<Standard>& m, const SearchLimits& limits) {
    PlayList plays;
    m.game().legal_plays(plays);
    if (plays.size() == 1) return plays[0];
    const Play p = engine_.choose_play(State(m, StateOptions{}), limits);
    if (!play_shape_ok(p)) return make_error(ErrorCode::illegal_action, "the engine chose a play that is not a play", "engine");
    auto legal = parse_move(m.game().position(), m.game().dice(), format_move(p));
    if (!legal) return make_error(ErrorCode::illegal_action, "the engine chose an illegal play: " + legal.error().to_string(), "engine");
    return *legal;
  }

  // The engine's answer to the double offered in `m`, checked against the rules.
  Result<CubeAction> engine_answer(const BasicMatch<Standard>& m, const SearchLimits& limits) {
    const auto a = engine_.answer_double(State(m, StateOptions{}), limits);
    if (!a) return make_error(ErrorCode::unsupported, "this engine does not answer doubles", "go role take");
    if (*a == CubeAction::Beaver && !m.game().may_beaver())
      return make_error(ErrorCode::illegal_action, "the engine beavered where the rules allow none (BG-9.4)", "engine");
    if (*a != CubeAction::Take && *a != CubeAction::Drop && *a != CubeAction::Beaver)
      return make_error(ErrorCode::illegal_action, "the engine answered a double with neither take, drop nor beaver", "engine");
    return *a;
  }

  static std::string error_of(const Error& e) {
    const char* code = e.code == ErrorCode::unsupported      ? "unsupported_feature"
                       : e.code == ErrorCode::illegal_action ? "internal"
                       : e.code == ErrorCode::invalid_state  ? "bad_state"
                                                             : "bad_argument";
    return error_line(code, e.to_string());
  }

  std::vector<std::string> command(const Go& g, bool) {
    if (!position_) return {error_line("missing_context", "position: none given (position gnubgid <ID>)")};
    auto m = match_for(*position_);
    if (!m) return {error_line("bad_argument", "position: " + m.error().to_string())};
    const Phase ph = m->game().phase();
    // The ID's own throw had no legal play: the turn passed at once (BG-3.8), the empty play.
    const bool passed = position_->fields && position_->fields->die1 != 0 && ph != Phase::Rolled;
    const Role role = g.role ? *g.role
                      : ph == Phase::Doubled ? Role::Take
                      : ph == Phase::Rolled || dice_ || passed ? Role::Chequer
                                                               : Role::Cube;
    const auto state_error = [](const std::string& why) { return std::vector<std::string>{error_line("bad_state", why)}; };
    if (passed) {
      if (role == Role::Chequer) return {format_answer(BestMove{})};
      if (role == Role::Turn) return {format_answer(BestTurn{})};
      return state_error("the dice are thrown: the decision is the checker play");
    }
    switch (role) {
      case Role::Chequer:
      case Role::Turn: {
        if (ph == Phase::Doubled) return state_error("a double is offered: the decision is its answer (go role take)");
        if (ph != Phase::Rolled && ph != Phase::TurnStart) return state_error("no decision in this position");
        if (ph == Phase::Rolled && dice_ && !m->game().dice().same_roll(*dice_))
          return {error_line("bad_argument", "dice: the position's throw is another")};
        bool doubles = false;
        if (ph == Phase::TurnStart) {
          if (!dice_) return {error_line("missing_context", "dice: none given (dice <d1> <d2>)")};
          if (role == Role::Turn && m->game().may_double()) {
            doubles = engine_.offer_double(State(*m, StateOptions{}), g.limits).value_or(false);
            if (doubles) {
              m->double_cube().ignore();  // may_double(): accepted
              m->take().ignore();         // the play is that of the game going on
            }
          }
          if (Status st = m->roll(*dice_); !st.has_value()) return {error_of(st.error())};
        }
        Play play;  // a throw with no legal play passes the turn (BG-3.8): the empty play
        if (m->game().phase() == Phase::Rolled) {
          auto p = engine_play(*m, g.limits);
          if (!p) return {error_of(p.error())};
          play = *p;
        }
        if (role == Role::Turn) return {format_answer(BestTurn{doubles, format_move(play)})};
        return {format_answer(BestMove{format_move(play)})};
      }
      case Role::Cube: {
        if (ph == Phase::Doubled) return take(*m, g.limits);
        if (ph == Phase::Rolled) return state_error("the dice are thrown: the decision is the checker play");
        if (ph != Phase::TurnStart) return state_error("no decision in this position");
        if (!m->game().may_double()) return {format_answer(BestCube{CubeAction::NoDouble})};
        const auto d = engine_.offer_double(State(*m, StateOptions{}), g.limits);
        if (!d) return {error_line("unsupported_feature", "go role cube: this engine does not decide the cube")};
        return {format_answer(BestCube{*d ? CubeAction::Double : CubeAction::NoDouble})};
      }
      case Role::Take: {
        if (ph == Phase::TurnStart) {
          // The player on roll doubles now; the answer is its opponent's.
          if (!m->game().may_double()) return state_error("the player on roll may not double (BG-8.3, BG-10.2)");
          m->double_cube().ignore();  // may_double(): accepted
        } else if (ph != Phase::Doubled) {
          return state_error("no double to answer in this position");
        }
        return take(*m, g.limits);
      }
    }
    return state_error("no decision in this position");
  }

  std::vector<std::string> take(const BasicMatch<Standard>& m, const SearchLimits& limits) {
    const auto a = engine_answer(m, limits);
    if (!a) return {error_of(a.error())};
    return {format_answer(BestCube{*a})};
  }

  // Draft 0.01's question: the decision the XGID has, answered at once with a bare word.
  std::string draft(const DraftPosition& d) {
    draft_ = true;
    auto m = match_for(d.position);
    if (!m) return "sorry";
    const SearchLimits none;
    // A throw with no legal play: the turn passed at once (BG-3.8); the draft's empty line.
    if (d.position.fields->die1 != 0 && m->game().phase() != Phase::Rolled) return "";
    switch (m->game().phase()) {
      case Phase::Rolled: {
        auto p = engine_play(*m, none);
        return p ? format_move(*p) : "sorry";
      }
      case Phase::TurnStart: {
        if (!m->game().may_double()) return "roll";
        const auto db = engine_.offer_double(State(*m, StateOptions{}), none);
        if (!db) return "sorry";
        return *db ? "double" : "roll";
      }
      case Phase::Doubled: {
        const auto a = engine_answer(*m, none);
        if (!a) return "sorry";
        return *a == CubeAction::Drop ? "drop" : "take";  // the draft has no beaver: a beaver is at least a take
      }
      default: return "sorry";
    }
  }

  Engine& engine_;
  std::vector<OptionSpec> specs_;
  std::vector<std::string> values_;
  NewSession session_{};
  std::array<int, 2> score_{0, 0};
  SetCube cube_{};
  int turn_ = 0;
  std::optional<PositionCommand> position_;
  std::optional<Dice> dice_;
  bool quit_ = false;
  bool readyok_pending_ = false;  // the handshake's readyok, not yet matched by an isready
  bool draft_ = false;            // the host speaks draft 0.01
};

/// What read_line() found.
enum class LineRead : std::uint8_t { Line, TooLong, End };

/// Reads one line of at most `max` bytes from `in` into `line` (without its "\n"); a longer line
/// is read to its end and dropped (TooLong).
inline LineRead read_line(std::istream& in, std::string& line, std::size_t max = kMaxLine) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  if (buf == nullptr) return LineRead::End;
  bool any = false;
  bool too_long = false;
  for (;;) {
    const auto c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      if (!any) return LineRead::End;
      break;
    }
    any = true;
    if (c == '\n') break;
    if (line.size() < max) line += static_cast<char>(c);
    else too_long = true;
  }
  return too_long ? LineRead::TooLong : LineRead::Line;
}

/// Runs a session for `engine` on `in` (the host's lines) and `out` (the answers, flushed after
/// each line's), until `quit` or the end of `in`. Returns 0 (an engine program's exit status).
inline int run(Engine& engine, std::istream& in, std::ostream& out) {
  Session session(engine);
  std::string line;
  while (!session.quit()) {
    const LineRead r = read_line(in, line);
    if (r == LineRead::End) break;
    if (r == LineRead::TooLong) {
      out << "error bad_argument a line longer than " << kMaxLine << " bytes" << '\n' << std::flush;
      continue;
    }
    for (const std::string& a : session.handle(line)) out << a << '\n';
    out.flush();
  }
  return 0;
}

}  // namespace ubgi
}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
