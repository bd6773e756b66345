#pragma once
/// \file
/// UBGI, the Universal Backgammon Interface, as text (docs/ubgi.md): the lines a host sends to an
/// engine read into values (parse_command) and written back (format_command; ubgi_command.hpp),
/// the lines an engine answers read into values (parse_answer) and written (format_answer), the
/// move text (format_move, parse_move) and the options an engine offers (OptionSpec). No state and no I/O:
/// the engine's session (ai/ubgi_engine.hpp) and the host (ai/ubgi_host.hpp) are built on it.
///
/// Both drafts of the protocol are read:
///  - UBGI v0.1: a handshake `ubgi` … `ubgiok`, `isready`/`readyok`, options `setoption name N
///    value V` (and `set`/`get`/`keys`, which its implementations add), the context commands
///    `newsession`, `setscore`, `setcube`, `setturn`, a position `position gnubgid <PositionID>`
///    (also `PositionID:MatchID`) or `position xgid <XGID>`, `dice d1 d2`, and `go [role
///    chequer|cube|turn]` answered `bestmove`, `bestcube`, `bestturn`, or `error <code> <text>`;
///    `go role take` (the answer to a double) is this library's addition, answered `bestcube
///    take|drop|beaver`;
///  - draft 0.01: `ubgi` answered by `id` lines and `readyok`; a bare XGID line is the question
///    itself, answered by a bare move (`8/5 6/5`, also with `-` or a blank between a step's two
///    points), `double`, `roll`, `take`, `drop`, or an empty line when no play is legal; `sorry`
///    for what an engine cannot answer.
/// Positions and dice are checked as they are read (a Position ID with 16 checkers, a die of 7:
/// an Error naming the command); whether the position has the decision asked is the session's
/// business.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/ubgi_command.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {
namespace ubgi {

// ---------------------------------------------------------------------------------------------
// Moves

/// `play` in UBGI's move text: every step from/to in the mover's numbering, `bar` for 25 and
/// `off` for 0, no hit marks and no repeat counts (`6/2 6/2 6/2 6/2`), in the order of the
/// play's steps, so that each step can be made in turn; the empty play is the empty string.
[[nodiscard]] inline std::string format_move(const Play& play) {
  std::string s;
  const auto point = [](int n) { return n == kBar ? std::string("bar") : n == kOff ? std::string("off") : std::to_string(n); };
  for (std::size_t i = 0; i < play.size; ++i) {
    if (i) s += ' ';
    s += point(play.from[i]) + "/" + point(play.to[i]);
  }
  return s;
}

/// The legal play of `dice` in `pos` that `text` means, in any form of both drafts: steps from/to
/// (`8/5 6/5`), with `-` (`8-5 6-5`) or a blank (`8 5 6 5`) between a step's two points, `bar`
/// or 25, `off` or 0, hit marks, repeat counts and chains (`13/7*/5`, `8/5(2)`) as the notation
/// reader takes them (notation.hpp); `pass` or nothing for the empty play. Errors: text that is
/// no move, a move that is not a legal play (resolve_play's message).
[[nodiscard]] inline Result<Play> parse_move(const Position& pos, Dice dice, std::string_view text) {
  std::vector<std::string> w;
  for (std::string_view x : ubgi_detail::words(text)) w.emplace_back(x);
  std::string joined;
  if (!(w.size() == 1 && w[0] == "pass")) {
    bool slash = false;
    for (std::string& x : w) {
      for (std::size_t i = 1; i + 1 < x.size(); ++i)
        if (x[i] == '-') x[i] = '/';
      if (x.find('/') != std::string::npos) slash = true;
    }
    const bool pairs = !slash && w.size() % 2 == 0;  // "8 5 6 5": pairs of points
    for (std::size_t i = 0; i < w.size(); ++i) joined += (i == 0 ? "" : pairs && i % 2 == 1 ? "/" : " ") + w[i];
  }
  return parse_play(pos, dice, joined);
}

// ---------------------------------------------------------------------------------------------
// Options

/// The kind of an option's value: `spin` an integer in a range, `check` true or false, `combo`
/// one of its choices, `string` any text (v0.1's names; the `key` lines call them int, bool,
/// enum, string).
enum class OptionType : std::uint8_t { Spin, Check, Combo, String };

/// An option an engine offers. It is announced twice at the handshake, as a v0.1 `option` line
/// (`option name Seed type spin default 0 min 0 max 18446744073709551615`) and as a `key` line
/// of `set`/`get` (`key engine.seed int 0..18446744073709551615 0`), and set by either name.
struct OptionSpec {
  std::string name;  ///< the name of `setoption name <name>` (no blanks)
  std::string key;   ///< the key of `set`/`get` (empty: the name)
  OptionType type = OptionType::String;
  std::int64_t min = 0;   ///< Spin: the least value
  std::uint64_t max = 0;  ///< Spin: the greatest value
  std::vector<std::string> choices;  ///< Combo: the values allowed
  std::string default_value;

  /// The key, or the name when there is none.
  [[nodiscard]] const std::string& key_or_name() const noexcept { return key.empty() ? name : key; }

  /// `value` checked against the type: the value as it will be stored (`check`: `true` or
  /// `false`; also on/off and 1/0 on input), or an Error (out_of_range) naming the option and
  /// what it takes. Control characters are refused in every type.
  [[nodiscard]] Result<std::string> check(std::string_view value) const {
    value = ubgi_detail::trim(value);
    const auto fail = [&](const std::string& what) {
      return make_error(ErrorCode::out_of_range, "'" + shown(value) + "': " + what, key_or_name());
    };
    for (char c : value)  // answers echo values (`value`, `keys`): no control characters in them
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return fail("a value without control characters");
    switch (type) {
      case OptionType::Spin: {
        const std::string range = std::to_string(min) + ".." + std::to_string(max);
        if (!value.empty() && value.front() == '-') {
          std::int64_t v = 0;
          const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
          if (ec != std::errc() || end != value.data() + value.size() || v < min)
            return fail("a whole number " + range);
          return std::string(value);
        }
        const auto v = ubgi_detail::number(value);
        if (!v || *v > max || (min > 0 && *v < static_cast<std::uint64_t>(min))) return fail("a whole number " + range);
        return std::to_string(*v);
      }
      case OptionType::Check: {
        const auto v = ubgi_detail::on_off(value);
        if (!v) return fail("true or false");
        return std::string(*v ? "true" : "false");
      }
      case OptionType::Combo: {
        for (const std::string& c : choices)
          if (c == value) return c;
        std::string all;
        for (const std::string& c : choices) all += (all.empty() ? "" : ", ") + c;
        return fail("one of " + all);
      }
      case OptionType::String: return std::string(value);
    }
    return fail("?");
  }
};

/// The v0.1 `option` line of `o`.
[[nodiscard]] inline std::string format_option_line(const OptionSpec& o) {
  static constexpr const char* kType[] = {"spin", "check", "combo", "string"};
  std::string s = "option name " + o.name + " type " + kType[static_cast<int>(o.type)] + " default " +
                  (o.default_value.empty() && o.type == OptionType::String ? "<empty>" : o.default_value);
  if (o.type == OptionType::Spin) s += " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
  for (const std::string& c : o.choices) s += " var " + c;
  return s;
}

/// The `key` line of `o` (as `keys` lists them): `key <key> <int|bool|enum|string> <domain> <default>`.
[[nodiscard]] inline std::string format_key_line(const OptionSpec& o) {
  std::string s = "key " + o.key_or_name() + " ";
  switch (o.type) {
    case OptionType::Spin: s += "int " + std::to_string(o.min) + ".." + std::to_string(o.max); break;
    case OptionType::Check: s += "bool true|false"; break;
    case OptionType::Combo: {
      s += "enum ";
      for (std::size_t i = 0; i < o.choices.size(); ++i) s += (i ? "|" : "") + o.choices[i];
      break;
    }
    case OptionType::String: s += "string *"; break;
  }
  return s + " " + o.default_value;
}

// ---------------------------------------------------------------------------------------------
// Answers

/// A cube action as an answer writes it: `bestcube double|nodouble|take|drop|beaver`, or draft
/// 0.01's bare `double`, `roll` (= nodouble), `take`, `drop`.
enum class CubeAction : std::uint8_t { Double, NoDouble, Take, Drop, Beaver };

/// `id name|author|version <text>`.
struct IdLine {
  std::string field;
  std::string value;
};
/// `option name …` (v0.1) or `key …` (set/get) or `proto <version>`: what an engine announces.
struct Announce {
  std::string text;
};
/// `ubgiok`: the end of the v0.1 handshake.
struct UbgiOk {};
/// `readyok`.
struct ReadyOk {};
/// `info …`: search progress (answers nothing).
struct Info {
  std::string text;
};
/// `bestmove <move>` (`pass`: no legal play).
struct BestMove {
  std::string move;
};
/// `bestcube <action>`; `bare`: draft 0.01's bare word.
struct BestCube {
  CubeAction action = CubeAction::NoDouble;
  bool bare = false;
};
/// `bestturn cube=double|nodouble move=<move>`.
struct BestTurn {
  bool doubles = false;
  std::string move;
};
/// `value <key> <value>` (the answer to `get`).
struct ValueLine {
  std::string key;
  std::string value;
};
/// `error <code> <message>`.
struct ErrorLine {
  std::string code;
  std::string message;
};
/// `sorry`: draft 0.01's "cannot answer that".
struct Sorry {};
/// Any other line: in draft 0.01 a bare move, or the empty line of no legal play.
struct Other {
  std::string text;
};

/// One line from an engine, read.
using Answer = std::variant<IdLine, Announce, UbgiOk, ReadyOk, Info, BestMove, BestCube, BestTurn, ValueLine,
                            ErrorLine, Sorry, Other>;

namespace ubgi_detail {
inline std::optional<CubeAction> cube_action(std::string_view w, bool bare) noexcept {
  if (w == "double") return CubeAction::Double;
  if (w == (bare ? "roll" : "nodouble")) return CubeAction::NoDouble;
  if (w == "take") return CubeAction::Take;
  if (w == "drop" || (!bare && w == "pass")) return CubeAction::Drop;
  if (w == "beaver") return CubeAction::Beaver;
  return std::nullopt;
}
}  // namespace ubgi_detail

/// The word of `a` (`bestcube <word>`; `bare`: draft 0.01's word, `roll` for no double).
[[nodiscard]] constexpr std::string_view cube_action_name(CubeAction a, bool bare = false) noexcept {
  switch (a) {
    case CubeAction::Double: return "double";
    case CubeAction::NoDouble: return bare ? "roll" : "nodouble";
    case CubeAction::Take: return "take";
    case CubeAction::Drop: return "drop";
    case CubeAction::Beaver: return "beaver";
  }
  return "?";
}

/// Reads one line from an engine (a trailing "\r" or blanks ignored). Never fails: a line that is
/// none of the known answers is Other (a bare move of draft 0.01, the empty line, or garbage the
/// host refuses). A known keyword with a malformed rest (`bestcube maybe`) is Other too.
[[nodiscard]] inline Answer parse_answer(std::string_view line) {
  using namespace ubgi_detail;
  line = trim(line);
  const auto [word, rest] = split_word(line);
  if (word == "ubgiok" && rest.empty()) return UbgiOk{};
  if (word == "readyok" && rest.empty()) return ReadyOk{};
  if (word == "sorry" && rest.empty()) return Sorry{};
  if (word == "info") return Info{std::string(rest)};
  if (word == "id") {
    const auto [field, value] = split_word(rest);
    return IdLine{std::string(field), std::string(value)};
  }
  if (word == "option" || word == "key" || word == "proto") return Announce{std::string(line)};
  if (word == "bestmove" && !rest.empty()) return BestMove{std::string(rest)};
  if (word == "bestcube") {
    if (const auto a = cube_action(rest, false)) return BestCube{*a, false};
  }
  if (word == "bestturn" && rest.substr(0, 5) == "cube=") {
    const auto [cube, move] = split_word(rest.substr(5));
    if ((cube == "double" || cube == "nodouble") && move.substr(0, 5) == "move=")
      return BestTurn{cube == "double", std::string(trim(move.substr(5)))};
  }
  if (word == "value" && !rest.empty()) {
    const auto [key, value] = split_word(rest);
    return ValueLine{std::string(key), std::string(value)};
  }
  if (word == "error") {
    const auto [code, message] = split_word(rest);
    return ErrorLine{std::string(code), std::string(message)};
  }
  if (rest.empty()) {
    if (const auto a = cube_action(word, true)) return BestCube{*a, true};
  }
  return Other{std::string(line)};
}

/// The line of an answer, as an engine writes it (parse_answer reads it back to the same value).
[[nodiscard]] inline std::string format_answer(const Answer& a) {
  struct Writer {
    std::string operator()(const IdLine& i) const { return "id " + i.field + " " + i.value; }
    std::string operator()(const Announce& a) const { return a.text; }
    std::string operator()(const UbgiOk&) const { return "ubgiok"; }
    std::string operator()(const ReadyOk&) const { return "readyok"; }
    std::string operator()(const Info& i) const { return i.text.empty() ? "info" : "info " + i.text; }
    std::string operator()(const BestMove& m) const { return "bestmove " + (m.move.empty() ? "pass" : m.move); }
    std::string operator()(const BestCube& c) const {
      return c.bare ? std::string(cube_action_name(c.action, true)) : "bestcube " + std::string(cube_action_name(c.action));
    }
    std::string operator()(const BestTurn& t) const {
      return std::string("bestturn cube=") + (t.doubles ? "double" : "nodouble") + " move=" +
             (t.move.empty() ? "pass" : t.move);
    }
    std::string operator()(const ValueLine& v) const { return "value " + v.key + " " + v.value; }
    std::string operator()(const ErrorLine& e) const { return "error " + e.code + (e.message.empty() ? "" : " " + e.message); }
    std::string operator()(const Sorry&) const { return "sorry"; }
    std::string operator()(const Other& o) const { return o.text; }
  };
  return std::visit(Writer{}, a);
}

}  // namespace ubgi
}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
