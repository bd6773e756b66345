// backgammon ubgi: one of the project's bots as a UBGI engine on stdin/stdout (docs/ubgi.md), a
// thin program over the library's session (boardrules/backgammon/ai/ubgi_engine.hpp) and the
// bots' engine (common/bot_engine.hpp). --bot random|heuristic|database|cube chooses the player;
// the database bot plays and decides the cube by its --db files where they cover the position
// (common/database_bot.hpp) and otherwise as the cube bot. --seed S seeds the bots' random choices.
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/ai/ubgi_engine.hpp"
#include "command.hpp"
#include "common/args.hpp"
#include "common/bot_engine.hpp"

namespace {
namespace cmd_ubgi {  // this file's names, distinct in the unity build of the program

constexpr examples::Usage kUsage{
    "backgammon", "ubgi",
    "ubgi [--bot random|heuristic|database|cube] [--seed S] [--db FILE]...   (a UBGI engine on "
    "stdin/stdout, docs/ubgi.md)"};

int run(std::span<char* const> argv) {
  bot_engine::Bot bot = bot_engine::Bot::Heuristic;
  unsigned long long seed = 0;
  dbfiles::Loaded databases;
  examples::Args args(argv);
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    const bool valued = args.more();
    if (a == "--bot" && valued) {
      const auto b = bot_engine::bot_of(*args.next());
      if (!b) return kUsage.error("--bot needs random, heuristic, database or cube");
      bot = *b;
    } else if (a == "--seed" && valued) {
      if (!examples::parse_int(*args.next(), 0ULL, ~0ULL, seed))
        return kUsage.error("--seed needs an unsigned 64-bit number");
    } else if (a == "--db" && valued) {
      if (const auto problem = dbfiles::load(std::string(*args.next()), databases)) {
        std::fprintf(stderr, "backgammon ubgi: --db: %s\n", problem->c_str());
        return 1;
      }
    } else {
      return kUsage.other(a);
    }
  }
  if (!databases.empty() && bot != bot_engine::Bot::Database) return kUsage.error("--db is for --bot database");
  if (const auto problem = dbfiles::unusable_for<boardrules::backgammon::Standard>(databases))
    return kUsage.error(*problem);
  std::ios::sync_with_stdio(false);
  bot_engine::BotEngine engine(bot, seed, &databases);
  return boardrules::backgammon::ubgi::run(engine, std::cin, std::cout);
}

}  // namespace cmd_ubgi
}  // namespace

const bgcli::Command bgcli::ubgi_command{"ubgi", cmd_ubgi::kUsage.line, &cmd_ubgi::run};
