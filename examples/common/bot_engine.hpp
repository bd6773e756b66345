#pragma once
/// \file
/// The project's bots as a UBGI engine (boardrules' ubgi::Engine, docs/ubgi.md): the random,
/// heuristic and cube bots (common/bots.hpp, common/cube_bot.hpp) and the database bot
/// (common/database_bot.hpp: the plays and the cube from the databases where they cover the
/// position, the cube bot elsewhere; without databases, the heuristic bot). `backgammon
/// ubgi` runs one over stdin and stdout; `backgammon duel` calls its decide() directly for a
/// built-in player, so that a bot in process and the same bot over UBGI decide alike.
///
/// Each decision's random choices (the random bot's, the heuristic bot's ties) come from a
/// generator seeded by the engine's seed and the decision, written in the frame of the player to
/// decide (its board, its score and the other's, the cube's value and whether it owns it, the
/// Crawford game, the throw, a double offered): the same decision always gets the same answer,
/// whichever player it is and whatever was asked before, in process or over UBGI in any form.
/// Included as "common/bot_engine.hpp" with examples/ on the include path.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/ai/ubgi_engine.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/version.hpp"
#include "common/bots.hpp"
#include "common/cube_bot.hpp"
#include "common/database_bot.hpp"
#include "common/databases.hpp"

namespace bot_engine {

namespace bg = boardrules::backgammon;
namespace ubgi = boardrules::backgammon::ubgi;

/// The players (see the file comment).
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

/// FNV-1a of `s`, mixed with `seed` (splitmix64 finaliser).
inline std::uint64_t mixed_seed(std::string_view s, std::uint64_t seed) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  std::uint64_t z = h + seed * 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/// The decision of `s` written in the frame of the player to decide (see the file comment).
inline std::string decision_key(const bg::State& s) {
  const auto& m = s.match();
  const auto& g = m.game();
  const int me = g.turn();
  std::string k = bg::format_position_id(g.position_of(me));
  k += ' ' + std::to_string(m.rules().match_length) + ' ' + std::to_string(m.score()[static_cast<std::size_t>(me)]) +
       ' ' + std::to_string(m.score()[static_cast<std::size_t>(1 - me)]);
  k += ' ' + std::to_string(g.cube().value()) + (g.cube().is_centered() ? 'c' : g.cube().owner() == me ? 'm' : 'o');
  k += g.crawford() ? " C" : m.post_crawford() ? " P" : " -";
  k += ' ' + std::to_string(static_cast<int>(g.phase()));
  if (g.phase() == bg::Phase::Rolled) k += ' ' + std::to_string(g.dice().high()) + std::to_string(g.dice().low());
  return k;
}

/// The project's bots as a UBGI engine (see the file comment).
class BotEngine final : public ubgi::Engine {
 public:
  /// `databases`: the database bot's (null or empty: it plays as the heuristic bot); must outlive the engine.
  explicit BotEngine(Bot bot = Bot::Heuristic, std::uint64_t seed = 0, const dbfiles::Loaded* databases = nullptr)
      : bot_(bot), seed_(seed), databases_(databases) {}

  [[nodiscard]] Bot bot() const noexcept { return bot_; }

  ubgi::Identity identity() const override {
    return {std::string("boardrules ") + bot_name(bot_), "boardrules", BOARDRULES_VERSION_STRING};
  }

  std::vector<ubgi::OptionSpec> options() const override {
    return {{"Bot", "engine.bot", ubgi::OptionType::Combo, 0, 0, {"random", "heuristic", "database", "cube"},
             bot_name(bot_)},
            {"Seed", "engine.seed", ubgi::OptionType::Spin, 0, ~std::uint64_t{0}, {}, std::to_string(seed_)},
            {"Variant", "game.variant", ubgi::OptionType::Combo, 0, 0, {"backgammon"}, "backgammon"}};
  }

  boardrules::Status set_option(const ubgi::OptionSpec& o, const std::string& value) override {
    if (o.name == "Bot") bot_ = *bot_of(value);  // checked: one of the choices
    if (o.name == "Seed") seed_ = std::stoull(value);
    return {};
  }

  /// The bot's action at `s` (a decision node: a play, a double or not, an answer to a double).
  [[nodiscard]] bg::Action decide(const bg::State& s) const {
    boardrules::Rng rng(mixed_seed(decision_key(s), seed_));
    switch (bot_) {
      case Bot::Random: return bots::random_action(s, rng);
      case Bot::Cube: return bots::cube_bot_action(s, rng);
      case Bot::Database:
        if (databases_ != nullptr && !databases_->empty()) return bots::database_action(s, rng, databases_->view());
        return bots::heuristic_action(s, rng);
      default: return bots::heuristic_action(s, rng);
    }
  }

  bg::Play choose_play(const bg::State& s, const ubgi::SearchLimits&) override { return decide(s).play; }
  std::optional<bool> offer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    return decide(s).kind == bg::ActionKind::Double;
  }
  std::optional<ubgi::CubeAction> answer_double(const bg::State& s, const ubgi::SearchLimits&) override {
    const bg::ActionKind k = decide(s).kind;
    return k == bg::ActionKind::Beaver ? ubgi::CubeAction::Beaver
           : k == bg::ActionKind::Drop ? ubgi::CubeAction::Drop
                                       : ubgi::CubeAction::Take;
  }

 private:
  Bot bot_;
  std::uint64_t seed_;
  const dbfiles::Loaded* databases_;
};

}  // namespace bot_engine
