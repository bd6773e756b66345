// backgammon perft <depth> [<position-id>] [--leaves count|list|make] [--divide]
// perft as docs/rules/backgammon.md defines it, from the given position (the start by default;
// the player on roll is the one to move). The count alone on the last line of stdout; --divide first prints one
// line per roll, "<high>-<low> <count>", in the order of kAllRolls.
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/perft.hpp"
#include "boardrules/backgammon/position_id.hpp"
#include "command.hpp"

namespace {

namespace bg = boardrules::backgammon;

constexpr std::string_view kUsage =
    "perft <depth> [<position-id>] [--leaves count|list|make] [--divide]";

int usage(const std::string& problem) {
  std::fprintf(stderr, "backgammon perft: %s\nusage: backgammon %.*s\n", problem.c_str(),
               static_cast<int>(kUsage.size()), kUsage.data());
  return 2;
}

int run(std::span<char* const> args) {
  int depth = -1;
  bool have_depth = false;
  bool divide = false;
  boardrules::Leaves leaves = boardrules::Leaves::Count;
  bg::Position pos = bg::Position::start();
  bool have_pos = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--divide") {
      divide = true;
    } else if (a == "--leaves") {
      if (i + 1 >= args.size()) return usage("--leaves needs a value: count, list or make");
      const std::string_view v = args[++i];
      if (v == "count") leaves = boardrules::Leaves::Count;
      else if (v == "list") leaves = boardrules::Leaves::List;
      else if (v == "make") leaves = boardrules::Leaves::Make;
      else return usage("unknown --leaves value '" + std::string(v) + "' (count, list or make)");
    } else if (a.starts_with("--")) {
      return usage("unknown option '" + std::string(a) + "'");
    } else if (!have_depth) {
      int d = 0;
      const auto [end, ec] = std::from_chars(a.data(), a.data() + a.size(), d);
      if (ec != std::errc{} || end != a.data() + a.size() || d < 0 || d > 64) {
        return usage("depth must be an integer from 0 to 64, not '" + std::string(a) + "'");
      }
      depth = d;
      have_depth = true;
    } else if (!have_pos) {
      auto r = bg::from_position_id(a);
      if (!r) return usage(r.error().to_string());
      pos = *r;
      have_pos = true;
    } else {
      return usage("unexpected argument '" + std::string(a) + "'");
    }
  }
  if (!have_depth) return usage("missing <depth>");
  std::uint64_t total = 0;
  if (divide && depth >= 1) {
    for (const bg::Dice& dice : bg::kAllRolls) {
      const std::uint64_t n = bg::perft_roll(pos, dice, depth, leaves);
      std::printf("%d-%d %" PRIu64 "\n", dice.high(), dice.low(), n);
      total += n;
    }
  } else {
    total = bg::perft(pos, depth, leaves);
  }
  std::printf("%" PRIu64 "\n", total);
  return 0;
}

const bgcli::Registration registration{bgcli::Command{"perft", kUsage, &run}};

}  // namespace
