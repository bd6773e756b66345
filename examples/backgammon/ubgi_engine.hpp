#pragma once
// The engine end of UBGI (docs/ubgi.md): the project's bots answering positions given as XGIDs.
// Portable (no process or pipe code): `backgammon ubgi` feeds it stdin's lines, and `backgammon
// duel` calls decide() directly for its built-in players, so that a bot run in process and the
// same bot over UBGI make the same decisions.
//  - decide(): the answer of a bot to an XGID: "bestmove <play>" (Rolled), "bestcube double" or
//    "bestcube nodouble" (the player on roll, dice "00"), "bestcube take|drop|beaver" (a double
//    offered, dice "D"). A bot's random choices (the random bot's, the heuristic bot's ties) are
//    drawn from a generator seeded by the XGID and the engine's seed: the same position always
//    gets the same answer, whatever was asked before.
//  - Session: the line protocol (handshake, options, position, dice, go, quit).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/version.hpp"
#include "common/bots.hpp"
#include "common/cube_bot.hpp"
#include "common/databases.hpp"

namespace ubgi {

namespace bg = boardrules::backgammon;

/// The project's players over UBGI: the random and heuristic bots (common/bots.hpp), the
/// database bot (the heuristic bot playing by the bear-off databases where they cover every
/// play), the cube bot (common/cube_bot.hpp: the heuristic bot's plays, cube decisions by the
/// match equity table).
enum class Bot { Random, Heuristic, Database, Cube };

/// The name of a bot as the command line and the `id name` line write it.
inline const char* bot_name(Bot b) {
  return b == Bot::Random ? "random" : b == Bot::Heuristic ? "heuristic" : b == Bot::Cube ? "cube" : "database";
}

/// The bot named `s`, if it is one.
inline std::optional<Bot> bot_of(std::string_view s) {
  if (s == "random") return Bot::Random;
  if (s == "heuristic") return Bot::Heuristic;
  if (s == "database" || s == "db") return Bot::Database;
  if (s == "cube") return Bot::Cube;
  return std::nullopt;
}

/// What a bot needs: which bot, its seed, and (the database bot) its bear-off databases.
struct EngineConfig {
  Bot bot = Bot::Heuristic;
  unsigned long long seed = 0;
  const dbfiles::Loaded* databases = nullptr;  ///< the database bot's; none: it plays as the heuristic bot
};

/// FNV-1a of `s`, mixed with `seed` (splitmix64 finaliser).
inline std::uint64_t position_seed(std::string_view s, std::uint64_t seed) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  std::uint64_t z = h + seed * 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// A play in UBGI's move text: every step written out as from/to in the mover's numbering, "bar"
/// for 25, "off" for 0, no hit marks and no repeat counts (docs/ubgi.md); "pass" for the empty play.
inline std::string move_text(const bg::Play& p) {
  if (p.size == 0) return "pass";
  std::string s;
  const auto point = [](int n) {
    return n == bg::kBar ? std::string("bar") : n == bg::kOff ? std::string("off") : std::to_string(n);
  };
  for (std::size_t i = 0; i < p.size; ++i) {
    if (i) s += ' ';
    s += point(p.from[i]) + "/" + point(p.to[i]);
  }
  return s;
}

/// The match of an XGID (its rules from the XGID: length, Crawford game, Jacoby, beavers, cube
/// limit); with `dice` (from a `dice` command) thrown when the XGID has none.
inline boardrules::Result<bg::BasicMatch<bg::Standard>> match_of(std::string_view xgid,
                                                                 std::optional<bg::Dice> dice = std::nullopt) {
  auto x = bg::parse_xgid<bg::Standard>(xgid);
  if (!x.has_value()) return x.error();
  auto m = bg::match_from_gnubg(x->position, x->fields, bg::xgid_rules(*x));
  if (!m.has_value()) return m.error();
  if (dice) {
    if (m->game().phase() == bg::Phase::Rolled && !m->game().dice().same_roll(*dice))
      return boardrules::make_error(boardrules::ErrorCode::invalid_state, "the XGID has other dice", "dice");
    if (m->game().phase() == bg::Phase::TurnStart) {
      if (auto st = m->roll(*dice); !st.has_value()) return st.error();
    }
  }
  return m;
}

/// The answer of the bot of `cfg` to the XGID `xgid` (see the file comment), or an error line's
/// code and message. A throw with no legal play (the turn has passed) is "bestmove pass".
struct Answer {
  bool ok = false;
  std::string text;  ///< the answer line, or the error's "<code> <message>"
};

inline Answer decide(const EngineConfig& cfg, std::string_view xgid, std::optional<bg::Dice> dice = std::nullopt,
                     std::string_view role = {}) {
  auto m = match_of(xgid, dice);
  if (!m.has_value()) return {false, "bad_argument " + m.error().to_string()};
  // The generator of this decision: seeded by the position as the XGID gives it (canonical form).
  const bg::MatchIdFields f = bg::match_id_fields(*m);
  const std::string key = bg::format_xgid(bg::id_position(*m), f);
  boardrules::Rng rng(position_seed(key, cfg.seed));
  const auto& g = m->game();
  if (g.phase() != bg::Phase::Rolled && g.phase() != bg::Phase::TurnStart && g.phase() != bg::Phase::Doubled)
    return {false, "bad_state no decision in this position"};
  // Dice thrown (in the XGID or by `dice`) but no play to make: the turn passed at once (BG-3.8).
  const bool thrown = dice.has_value() || bg::parse_xgid<bg::Standard>(xgid)->fields.die1 != 0;
  if (thrown && role == "cube") return {false, "bad_state the dice are thrown: go role chequer"};
  if (thrown && g.phase() != bg::Phase::Rolled) return {true, "bestmove pass"};
  if (role == "chequer" && !thrown) return {false, "missing_context dice"};
  if (g.phase() == bg::Phase::Rolled && cfg.bot == Bot::Database && cfg.databases && !cfg.databases->empty()) {
    bg::PlayList plays;
    g.legal_plays(plays);
    if (const auto best = dbfiles::best_play(g.position(), plays, cfg.databases->view()))
      return {true, "bestmove " + move_text(plays[best->first])};
  }
  // The player on roll who may not double (Crawford game, the opponent's cube, the cube limit)
  // only rolls: the state has no decision there.
  if (g.phase() == bg::Phase::TurnStart && !g.may_double()) return {true, "bestcube nodouble"};
  const bg::BasicState<bg::Standard> s(*m, bg::StateOptions{false, 1});
  const bg::Action a = cfg.bot == Bot::Random ? bots::random_action(s, rng)
                       : cfg.bot == Bot::Cube ? bots::cube_bot_action(s, rng)
                                              : bots::heuristic_action(s, rng);
  switch (a.kind) {
    case bg::ActionKind::Move: return {true, "bestmove " + move_text(a.play)};
    case bg::ActionKind::Double: return {true, "bestcube double"};
    case bg::ActionKind::NoDouble: return {true, "bestcube nodouble"};
    case bg::ActionKind::Take: return {true, "bestcube take"};
    case bg::ActionKind::Drop: return {true, "bestcube drop"};
    case bg::ActionKind::Beaver: return {true, "bestcube beaver"};
    default: return {false, "internal the bot chose no decision"};
  }
}

/// The UBGI line protocol of one engine (docs/ubgi.md). handle() takes one line from the host and
/// returns the lines to answer (none for commands without an answer).
class Session {
 public:
  explicit Session(EngineConfig cfg) : cfg_(cfg) {}

  /// The host sent `quit` (or closed stdin): stop reading.
  [[nodiscard]] bool quit() const noexcept { return quit_; }

  std::vector<std::string> handle(std::string_view line) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.empty()) return {};
    const auto [cmd, rest] = split_word(line);
    if (cmd == "ubgi") {
      return {std::string("id name boardrules ") + bot_name(cfg_.bot),
              "id author boardrules",
              "id version " BOARDRULES_VERSION_STRING,
              "proto 0.2",
              "key game.variant enum backgammon backgammon",
              "key engine.bot enum random|heuristic|database|cube " + std::string(bot_name(cfg_.bot)),
              "key engine.seed int 0..18446744073709551615 " + std::to_string(cfg_.seed),
              "ubgiok"};
    }
    if (cmd == "isready") return {"readyok"};
    if (cmd == "quit") {
      quit_ = true;
      return {};
    }
    if (cmd == "newgame" || cmd == "ubginewgame" || cmd == "stop") {
      if (cmd != "stop") dice_.reset(), position_.clear();
      return {};
    }
    if (cmd == "keys")
      return {"key game.variant enum backgammon backgammon",
              "key engine.bot enum random|heuristic|database|cube " + std::string(bot_name(cfg_.bot)),
              "key engine.seed int 0..18446744073709551615 " + std::to_string(cfg_.seed)};
    if (cmd == "get") {
      if (rest == "game.variant") return {"value game.variant backgammon"};
      if (rest == "engine.bot") return {std::string("value engine.bot ") + bot_name(cfg_.bot)};
      if (rest == "engine.seed") return {"value engine.seed " + std::to_string(cfg_.seed)};
      return {"error unsupported key"};
    }
    if (cmd == "set" || cmd == "setoption") return set(cmd, rest);
    if (cmd == "position") {
      const auto [kind, id] = split_word(rest);
      if (kind != "xgid" && kind != "gnubgid") return {"error bad_command expected: position xgid <XGID>"};
      if (kind == "gnubgid") {
        // A GNUbg ID: kept as the XGID of the same match (the rules an ID does not carry: the defaults).
        auto g = bg::parse_gnubg_id<bg::Standard>(id);
        if (!g.has_value()) return {"error bad_argument " + g.error().to_string()};
        auto m = bg::match_from_gnubg(g->position, g->fields);
        if (!m.has_value()) return {"error bad_argument " + m.error().to_string()};
        position_ = bg::format_xgid(bg::id_position(*m), bg::match_id_fields(*m));
      } else {
        auto m = match_of(id);
        if (!m.has_value()) return {"error bad_argument " + m.error().to_string()};
        position_ = std::string(id);
      }
      dice_.reset();
      return {};
    }
    if (cmd == "dice") {
      const auto [a, b] = split_word(rest);
      if (a.size() != 1 || b.size() != 1 || a[0] < '1' || a[0] > '6' || b[0] < '1' || b[0] > '6')
        return {"error bad_argument dice: two dice 1..6"};
      dice_ = bg::Dice::unchecked(a[0] - '0', b[0] - '0');
      return {};
    }
    if (cmd == "go") {
      std::string_view role;
      if (!rest.empty()) {
        const auto [kw, r] = split_word(rest);
        const auto [name, more] = split_word(r);
        if (kw != "role" || (name != "chequer" && name != "checker" && name != "cube" && name != "turn"))
          return {"error bad_argument go: expected go [role chequer|cube|turn]"};
        role = name == "checker" ? std::string_view("chequer") : name == "turn" ? std::string_view() : name;
      }
      if (position_.empty()) return {"error missing_context position"};
      const Answer a = decide(cfg_, position_, dice_, role);
      return {a.ok ? a.text : "error " + a.text};
    }
    return {"error unknown_command " + std::string(cmd.substr(0, 40)) + (cmd.size() > 40 ? "..." : "")};
  }

 private:
  static std::pair<std::string_view, std::string_view> split_word(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    std::size_t k = j;
    while (k < s.size() && (s[k] == ' ' || s[k] == '\t')) ++k;
    return {s.substr(i, j - i), s.substr(k)};
  }

  // `set <key> <value>` (UBGI 0.2) or `setoption name <Name> value <Value>` (0.1).
  std::vector<std::string> set(std::string_view cmd, std::string_view rest) {
    std::string_view key, value;
    if (cmd == "set") {
      const auto kv = split_word(rest);
      key = kv.first;
      value = kv.second;
    } else {
      const auto [kw, r] = split_word(rest);
      const std::size_t v = r.find(" value ");
      if (kw != "name" || v == std::string_view::npos)
        return {"error bad_command expected: setoption name <N> value <V>"};
      key = r.substr(0, v);
      value = split_word(r.substr(v + 7)).first;
      if (key == "Seed") key = "engine.seed";
      else if (key == "Bot") key = "engine.bot";
      else if (key == "Variant") key = "game.variant";
    }
    if (key.empty() || value.empty()) return {"error bad_command expected: set <key> <value>"};
    if (key == "game.variant") {
      if (value != "backgammon") return {"error bad_value game.variant"};
      return {};
    }
    if (key == "engine.bot") {
      const auto b = bot_of(value);
      if (!b) return {"error bad_value engine.bot"};
      cfg_.bot = *b;
      return {};
    }
    if (key == "engine.seed") {
      std::uint64_t v = 0;
      for (char c : value) {
        if (c < '0' || c > '9' || v > (~0ULL - 9) / 10) return {"error bad_value engine.seed"};
        v = v * 10 + static_cast<std::uint64_t>(c - '0');
      }
      cfg_.seed = v;
      return {};
    }
    return {"error unsupported key"};
  }

  EngineConfig cfg_;
  std::string position_;
  std::optional<bg::Dice> dice_;
  bool quit_ = false;
};

}  // namespace ubgi
