#pragma once
/// \file
/// UBGI's lines from a host to an engine (docs/ubgi.md), both drafts: read into values
/// (parse_command) and written back (format_command), with the checks of their arguments (a
/// position, the dice, the cube, the score) as they are read. The engine's answers, the move
/// text and the options are ubgi.hpp, which includes this header.

#include "boardrules/core/config.hpp"

#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <variant>
#include <vector>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/game/session_rules.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {
namespace ubgi {

/// The decision `go` asks for: the checker play (`chequer`), the cube decision of the player on
/// roll before its throw (`cube`), the answer to a double (`take`), or both decisions of a turn
/// (`turn`: the cube, then the play with the dice given).
enum class Role : std::uint8_t { Chequer, Cube, Take, Turn };

/// The role's word in `go role <word>`.
[[nodiscard]] constexpr std::string_view role_name(Role r) noexcept {
  switch (r) {
    case Role::Chequer: return "chequer";
    case Role::Cube: return "cube";
    case Role::Take: return "take";
    case Role::Turn: return "turn";
  }
  return "?";
}

/// `ubgi`: the handshake (both drafts).
struct Hello {};
/// `isready`: answered `readyok` once every command before it is done.
struct IsReady {};
/// `newgame` (also `ubginewgame`): forget the position and the dice.
struct NewGame {};
/// `stop`: end a search (every answer of this library's session is immediate).
struct Stop {};
/// `quit`: end the engine.
struct Quit {};
/// An empty line (or only blanks): ignored.
struct Blank {};
/// `setoption name <Name> [value <Value>]` (the name and the value may hold blanks).
struct SetOption {
  std::string name;
  std::string value;
};
/// `set <key> <value>`.
struct Set {
  std::string key;
  std::string value;
};
/// `get <key>`: answered `value <key> <value>`.
struct Get {
  std::string key;
};
/// `keys`: answered by the `key` lines.
struct Keys {};
/// `newsession type money|match [length N] [jacoby on|off] [crawford on|off]`. `crawford on`
/// says that the Crawford rule restricts the game being played (BG-10.2): at a score where a
/// player is 1 point away, the Crawford game; `off` there, a game after it.
struct NewSession {
  int match_length = 0;  ///< 0 = money play
  std::optional<bool> jacoby;
  std::optional<bool> crawford;
};
/// `setscore <p0> <p1>`: the points each player has won in the match.
struct SetScore {
  std::array<int, 2> score{0, 0};
};
/// `setcube value <N> owner center|p0|p1`.
struct SetCube {
  int value = 1;   ///< a power of two, 1..kMaxCubeValue
  int owner = -1;  ///< -1 centered, else 0 or 1
};
/// `setturn p0|p1`: the player on roll.
struct SetTurn {
  int player = 0;
};
/// How a position was given.
enum class PositionFormat : std::uint8_t { GnubgId, Xgid };
/// `position gnubgid <PositionID>` (or `<PositionID>:<MatchID>`) or `position xgid <XGID>`.
struct PositionCommand {
  PositionFormat format = PositionFormat::GnubgId;
  Position position;                    ///< seen from the player on roll
  std::optional<MatchIdFields> fields;  ///< the match state, when the ID carries it (Match ID, XGID)
  int max_cube_log2 = 10;               ///< an XGID's cube limit field
  bool beavers = false;                 ///< an XGID's beaver flag (money play)
};
/// Draft 0.01's question: a bare XGID line (with or without `XGID=`).
struct DraftPosition {
  PositionCommand position;
};
/// `dice <d1> <d2>`: the throw of the player on roll.
struct DiceCommand {
  Dice dice;
};
/// The search limits of `go` (ignored by engines that answer at once).
struct SearchLimits {
  std::optional<std::uint64_t> movetime_ms;
  std::optional<std::uint64_t> depth;
  std::optional<std::uint64_t> nodes;
  std::optional<std::uint64_t> trials;
};
/// `go [role chequer|cube|take|turn] [movetime N] [depth N] [nodes N] [trials N]`; also `go
/// chequer|cube|turn` without `role`. No role: the decision the position has.
struct Go {
  std::optional<Role> role;
  SearchLimits limits;
};
/// A line whose first word is no command (kept for the answer: `error unknown_command` or `sorry`).
struct Unknown {
  std::string word;
};

/// One line from a host, read.
using Command = std::variant<Hello, IsReady, NewGame, Stop, Quit, Blank, SetOption, Set, Get, Keys, NewSession,
                             SetScore, SetCube, SetTurn, PositionCommand, DraftPosition, DiceCommand, Go, Unknown>;

namespace ubgi_detail {

constexpr bool blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

constexpr std::string_view trim(std::string_view s) noexcept {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

/// The first word of `s` and what follows it (blanks around both removed).
constexpr std::pair<std::string_view, std::string_view> split_word(std::string_view s) noexcept {
  s = trim(s);
  std::size_t j = 0;
  while (j < s.size() && !blank(s[j])) ++j;
  return {s.substr(0, j), trim(s.substr(j))};
}

/// The words of `s`.
inline std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  for (;;) {
    const auto [w, rest] = split_word(s);
    if (w.empty()) return out;
    out.push_back(w);
    s = rest;
  }
}

/// A whole unsigned decimal number.
inline std::optional<std::uint64_t> number(std::string_view s) noexcept {
  std::uint64_t v = 0;
  if (s.empty() || s.front() == '+' || s.front() == '-') return std::nullopt;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

/// A whole number lo..hi.
inline std::optional<int> small_number(std::string_view s, int lo, int hi) noexcept {
  const auto v = number(s);
  if (!v || *v < static_cast<std::uint64_t>(lo) || *v > static_cast<std::uint64_t>(hi)) return std::nullopt;
  return static_cast<int>(*v);
}

inline std::optional<bool> on_off(std::string_view s) noexcept {
  if (s == "on" || s == "true" || s == "1") return true;
  if (s == "off" || s == "false" || s == "0") return false;
  return std::nullopt;
}

/// `p0`/`p1` as 0/1.
inline std::optional<int> player(std::string_view s) noexcept {
  if (s == "p0") return 0;
  if (s == "p1") return 1;
  return std::nullopt;
}

}  // namespace ubgi_detail

/// `text` as a message may quote it: bytes outside printable ASCII as `\xNN`, at most `max`
/// bytes of it followed by `...`.
[[nodiscard]] inline std::string shown(std::string_view text, std::size_t max = 80) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < text.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      s += static_cast<char>(c);
    } else {
      s += "\\x";
      s += kHex[c >> 4];
      s += kHex[c & 15];
    }
  }
  if (text.size() > max) s += "...";
  return s;
}

/// Reads a position ID as `position gnubgid` gives it: a bare 14-character Position ID (the
/// board alone, seen from the player on roll) or a GNUbg ID `PositionID:MatchID`.
[[nodiscard]] inline Result<PositionCommand> parse_gnubgid_argument(std::string_view id) {
  id = ubgi_detail::trim(id);
  PositionCommand p;
  p.format = PositionFormat::GnubgId;
  if (id.find(':') == std::string_view::npos) {
    auto pos = parse_position_id<Standard>(id);
    if (!pos) return pos.error();
    p.position = *pos;
    return p;
  }
  auto g = parse_gnubg_id<Standard>(id);
  if (!g) return g.error();
  p.position = g->position;
  p.fields = g->fields;
  return p;
}

/// Reads an XGID as `position xgid` (or draft 0.01's bare line) gives it.
[[nodiscard]] inline Result<PositionCommand> parse_xgid_argument(std::string_view text) {
  auto x = parse_xgid<Standard>(ubgi_detail::trim(text));
  if (!x) return x.error();
  PositionCommand p;
  p.format = PositionFormat::Xgid;
  p.position = x->position;
  p.fields = x->fields;
  p.max_cube_log2 = x->max_cube_log2;
  p.beavers = x->beavers;
  return p;
}

/// True when `line` is draft 0.01's question: an XGID, with or without `XGID=` (26 board
/// characters, then a ':').
[[nodiscard]] constexpr bool looks_like_xgid(std::string_view line) noexcept {
  line = ubgi_detail::trim(line);
  if (line.substr(0, 5) == "XGID=") return true;
  if (line.size() <= 26 || line[26] != ':') return false;
  for (std::size_t i = 0; i < 26; ++i) {
    const char c = line[i];
    if (c != '-' && !(c >= 'a' && c <= 'p') && !(c >= 'A' && c <= 'P')) return false;
  }
  return true;
}

namespace ubgi_detail {

inline Error bad(std::string_view command, const std::string& why, ErrorCode code = ErrorCode::syntax) {
  return make_error(code, why, std::string(command));
}

inline Result<Command> parse_go(std::string_view rest) {
  Go g;
  const std::vector<std::string_view> w = words(rest);
  std::size_t i = 0;
  const auto role_of = [](std::string_view s) -> std::optional<Role> {
    if (s == "chequer" || s == "checker") return Role::Chequer;
    if (s == "cube") return Role::Cube;
    if (s == "take") return Role::Take;
    if (s == "turn") return Role::Turn;
    return std::nullopt;
  };
  if (i < w.size() && role_of(w[i])) g.role = role_of(w[i++]);  // `go cube`: without `role`
  while (i < w.size()) {
    const std::string_view key = w[i];
    if (i + 1 >= w.size()) return bad("go", "'" + shown(key) + "' needs a value");
    const std::string_view value = w[i + 1];
    if (key == "role") {
      if (g.role) return bad("go", "the role is given twice");
      g.role = role_of(value);
      if (!g.role) return bad("go", "role '" + shown(value) + "' is not chequer, cube, take or turn");
    } else {
      std::optional<std::uint64_t>* limit = key == "movetime" ? &g.limits.movetime_ms
                                            : key == "depth"  ? &g.limits.depth
                                            : key == "nodes"  ? &g.limits.nodes
                                            : key == "trials" ? &g.limits.trials
                                                              : nullptr;
      if (limit == nullptr) return bad("go", "unknown argument '" + shown(key) + "'");
      *limit = number(value);
      if (!*limit) return bad("go", std::string(key) + " needs a whole number, not '" + shown(value) + "'");
    }
    i += 2;
  }
  return Command(g);
}

inline Result<Command> parse_newsession(std::string_view rest) {
  NewSession s;
  const std::vector<std::string_view> w = words(rest);
  std::optional<bool> match;
  std::optional<int> length;
  for (std::size_t i = 0; i < w.size(); i += 2) {
    if (i + 1 >= w.size()) return bad("newsession", "'" + shown(w[i]) + "' needs a value");
    const std::string_view key = w[i], value = w[i + 1];
    if (key == "type") {
      if (value != "money" && value != "match") return bad("newsession", "type is money or match");
      match = value == "match";
    } else if (key == "length") {
      length = small_number(value, 1, kMaxMatchLength);
      if (!length)
        return bad("newsession", "length needs 1.." + std::to_string(kMaxMatchLength), ErrorCode::out_of_range);
    } else if (key == "jacoby" || key == "crawford") {
      const auto v = on_off(value);
      if (!v) return bad("newsession", std::string(key) + " is on or off");
      (key == "jacoby" ? s.jacoby : s.crawford) = v;
    } else {
      return bad("newsession", "unknown argument '" + shown(key) + "'");
    }
  }
  if (!match) return bad("newsession", "expected: newsession type money|match [length N] [jacoby on|off] [crawford on|off]");
  if (*match && !length) return bad("newsession", "a match needs its length");
  if (!*match && length) return bad("newsession", "money play has no length");
  s.match_length = *match ? *length : 0;
  return Command(s);
}

inline Result<Command> parse_setcube(std::string_view rest) {
  const std::vector<std::string_view> w = words(rest);
  std::optional<int> value;
  std::optional<int> owner;
  for (std::size_t i = 0; i < w.size(); i += 2) {
    if (i + 1 >= w.size()) return bad("setcube", "'" + shown(w[i]) + "' needs a value");
    if (w[i] == "value") {
      value = small_number(w[i + 1], 1, kMaxCubeValue);
      if (!value || (*value & (*value - 1)) != 0)
        return bad("setcube", "the cube value is a power of two 1.." + std::to_string(kMaxCubeValue),
                   ErrorCode::out_of_range);
    } else if (w[i] == "owner") {
      owner = w[i + 1] == "center" || w[i + 1] == "centre" ? std::optional<int>(-1) : player(w[i + 1]);
      if (!owner) return bad("setcube", "the owner is center, p0 or p1");
    } else {
      return bad("setcube", "unknown argument '" + shown(w[i]) + "'");
    }
  }
  if (!value || !owner) return bad("setcube", "expected: setcube value <N> owner center|p0|p1");
  if (*value == 1 && *owner != -1) return bad("setcube", "a cube of 1 is in the center (BG-8.2)", ErrorCode::out_of_range);
  return Command(SetCube{*value, *owner});
}

inline Result<Command> parse_setoption(std::string_view rest) {
  // setoption name <Name> [value <Value>]: the name runs to " value " (names and values may hold blanks)
  const auto [kw, r] = split_word(rest);
  if (kw != "name" || r.empty()) return bad("setoption", "expected: setoption name <Name> value <Value>");
  SetOption o;
  const std::size_t v = r.find(" value ");
  if (v == std::string_view::npos) {
    o.name = std::string(trim(r));
  } else {
    o.name = std::string(trim(r.substr(0, v)));
    o.value = std::string(trim(r.substr(v + 7)));
  }
  if (o.name.empty()) return bad("setoption", "the option has no name");
  return Command(o);
}

}  // namespace ubgi_detail

/// Reads one line from a host (a trailing "\r\n" or blanks ignored). An unknown first word is
/// an Unknown command, not an Error; Errors (ErrorCode::syntax or out_of_range, `where` = the
/// command) are for known commands with bad arguments: a position that is not a position, a die
/// of 7, a cube of 3, a score of -1.
[[nodiscard]] inline Result<Command> parse_command(std::string_view line) {
  using namespace ubgi_detail;
  line = trim(line);
  if (line.empty()) return Command(Blank{});
  if (looks_like_xgid(line)) {
    auto p = parse_xgid_argument(line);
    if (!p) return p.error();
    return Command(DraftPosition{*p});
  }
  const auto words_of_line = split_word(line);  // not a structured binding: a lambda below captures them
  const std::string_view cmd = words_of_line.first;
  const std::string_view rest = words_of_line.second;
  const auto no_argument = [&](Command c) -> Result<Command> {
    if (!rest.empty()) return bad(cmd, "takes no argument");
    return c;
  };
  if (cmd == "ubgi") return no_argument(Hello{});
  if (cmd == "isready") return no_argument(IsReady{});
  if (cmd == "newgame" || cmd == "ubginewgame") return no_argument(NewGame{});
  if (cmd == "stop") return no_argument(Stop{});
  if (cmd == "quit") return no_argument(Quit{});
  if (cmd == "keys") return no_argument(Keys{});
  if (cmd == "setoption") return parse_setoption(rest);
  if (cmd == "set") {
    const auto [key, value] = split_word(rest);
    if (key.empty() || value.empty()) return bad(cmd, "expected: set <key> <value>");
    return Command(Set{std::string(key), std::string(value)});
  }
  if (cmd == "get") {
    const auto [key, more] = split_word(rest);
    if (key.empty() || !more.empty()) return bad(cmd, "expected: get <key>");
    return Command(Get{std::string(key)});
  }
  if (cmd == "newsession") return parse_newsession(rest);
  if (cmd == "setscore") {
    const std::vector<std::string_view> w = words(rest);
    const auto a = w.size() == 2 ? small_number(w[0], 0, kMaxMatchLength) : std::nullopt;
    const auto b = w.size() == 2 ? small_number(w[1], 0, kMaxMatchLength) : std::nullopt;
    if (!a || !b)
      return bad(cmd, "expected: setscore <p0> <p1>, points 0.." + std::to_string(kMaxMatchLength), ErrorCode::out_of_range);
    return Command(SetScore{{*a, *b}});
  }
  if (cmd == "setcube") return parse_setcube(rest);
  if (cmd == "setturn") {
    const auto p = player(rest);
    if (!p) return bad(cmd, "expected: setturn p0|p1");
    return Command(SetTurn{*p});
  }
  if (cmd == "position") {
    const auto [kind, arg] = split_word(rest);
    Result<PositionCommand> p = kind == "gnubgid" ? parse_gnubgid_argument(arg)
                                : kind == "xgid"  ? parse_xgid_argument(arg)
                                                  : Result<PositionCommand>(bad(cmd, "expected: position gnubgid <ID> or position xgid <XGID>"));
    if (!p) {
      Error e = p.error();
      e.where = "position " + std::string(kind) + (e.where.empty() ? "" : ": " + e.where);
      return e;
    }
    return Command(*p);
  }
  if (cmd == "dice") {
    const std::vector<std::string_view> w = words(rest);
    const auto a = w.size() == 2 ? small_number(w[0], 1, 6) : std::nullopt;
    const auto b = w.size() == 2 ? small_number(w[1], 1, 6) : std::nullopt;
    if (!a || !b) return bad(cmd, "expected: dice <d1> <d2>, each 1..6", ErrorCode::out_of_range);
    return Command(DiceCommand{Dice::unchecked(*a, *b)});
  }
  if (cmd == "go") return parse_go(rest);
  return Command(Unknown{std::string(cmd)});
}

/// The line of a command, as a host writes it (parse_command reads it back to the same value).
[[nodiscard]] inline std::string format_command(const Command& c) {
  struct Writer {
    std::string operator()(const Hello&) const { return "ubgi"; }
    std::string operator()(const IsReady&) const { return "isready"; }
    std::string operator()(const NewGame&) const { return "newgame"; }
    std::string operator()(const Stop&) const { return "stop"; }
    std::string operator()(const Quit&) const { return "quit"; }
    std::string operator()(const Blank&) const { return ""; }
    std::string operator()(const SetOption& o) const {
      return "setoption name " + o.name + (o.value.empty() ? "" : " value " + o.value);
    }
    std::string operator()(const Set& s) const { return "set " + s.key + " " + s.value; }
    std::string operator()(const Get& g) const { return "get " + g.key; }
    std::string operator()(const Keys&) const { return "keys"; }
    std::string operator()(const NewSession& s) const {
      std::string t = s.match_length > 0 ? "newsession type match length " + std::to_string(s.match_length)
                                         : std::string("newsession type money");
      if (s.jacoby) t += *s.jacoby ? " jacoby on" : " jacoby off";
      if (s.crawford) t += *s.crawford ? " crawford on" : " crawford off";
      return t;
    }
    std::string operator()(const SetScore& s) const {
      return "setscore " + std::to_string(s.score[0]) + " " + std::to_string(s.score[1]);
    }
    std::string operator()(const SetCube& s) const {
      return "setcube value " + std::to_string(s.value) + " owner " +
             (s.owner < 0 ? std::string("center") : "p" + std::to_string(s.owner));
    }
    std::string operator()(const SetTurn& s) const { return "setturn p" + std::to_string(s.player); }
    std::string operator()(const PositionCommand& p) const {
      if (p.format == PositionFormat::Xgid)
        return "position xgid " + format_xgid(p.position, p.fields.value_or(MatchIdFields{}), p.max_cube_log2, p.beavers);
      return "position gnubgid " +
             (p.fields ? format_gnubg_id(p.position, *p.fields) : format_position_id(p.position));
    }
    std::string operator()(const DraftPosition& d) const {
      return format_xgid(d.position.position, d.position.fields.value_or(MatchIdFields{}), d.position.max_cube_log2,
                         d.position.beavers);
    }
    std::string operator()(const DiceCommand& d) const {
      return "dice " + std::to_string(d.dice.high()) + " " + std::to_string(d.dice.low());
    }
    std::string operator()(const Go& g) const {
      std::string t = "go";
      if (g.role) t += " role " + std::string(role_name(*g.role));
      const auto limit = [&t](const char* name, const std::optional<std::uint64_t>& v) {
        if (v) t += std::string(" ") + name + " " + std::to_string(*v);
      };
      limit("movetime", g.limits.movetime_ms);
      limit("depth", g.limits.depth);
      limit("nodes", g.limits.nodes);
      limit("trials", g.limits.trials);
      return t;
    }
    std::string operator()(const Unknown& u) const { return u.word; }
  };
  return std::visit(Writer{}, c);
}

}  // namespace ubgi
}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
