// backgammon ubgi: one of the project's bots as a UBGI engine (docs/ubgi.md) on stdin/stdout:
// positions given as XGIDs, answers "bestmove <play>" and "bestcube double|nodouble|take|drop".
// --bot random|heuristic|database|cube chooses the player (examples/common/bots.hpp, and
// common/cube_bot.hpp: cube decisions by the match equity table); the database bot plays every
// throw whose plays all reach positions its --db files cover by the databases (a two-sided
// bear-off database: perfectly, cubeless) and otherwise as the heuristic bot. --seed S
// seeds the bots' random choices (each decision's generator is seeded by S and the position).
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "command.hpp"
#include "common/args.hpp"
#include "ubgi_engine.hpp"

namespace {

constexpr examples::Usage kUsage{
    "backgammon", "ubgi",
    "ubgi [--bot random|heuristic|database|cube] [--seed S] [--db FILE]...   (a UBGI engine on "
    "stdin/stdout, docs/ubgi.md)"};

int run(std::span<char* const> argv) {
  ubgi::EngineConfig cfg;
  dbfiles::Loaded databases;
  examples::Args args(argv);
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    const bool valued = args.more();
    if (a == "--bot" && valued) {
      const auto b = ubgi::bot_of(*args.next());
      if (!b) return kUsage.error("--bot needs random, heuristic, database or cube");
      cfg.bot = *b;
    } else if (a == "--seed" && valued) {
      if (!examples::parse_int(*args.next(), 0ULL, ~0ULL, cfg.seed))
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
  if (!databases.empty() && cfg.bot != ubgi::Bot::Database) return kUsage.error("--db is for --bot database");
  if (const auto problem = dbfiles::unusable_for<boardrules::backgammon::Standard>(databases))
    return kUsage.error(*problem);
  cfg.databases = &databases;
  std::ios::sync_with_stdio(false);
  ubgi::Session session(cfg);
  std::string line;
  while (!session.quit() && std::getline(std::cin, line)) {
    for (const std::string& out : session.handle(line)) std::cout << out << '\n';
    std::cout.flush();  // every answer at once: the host waits for it
  }
  return 0;
}

}  // namespace

const bgcli::Command bgcli::ubgi_command{"ubgi", kUsage.line, &run};
