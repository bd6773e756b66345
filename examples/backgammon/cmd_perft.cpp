// backgammon perft <depth> [<position-id>] [--leaves count|list|make] [--divide] [--threads N]
//                  [--hash MB]
// perft as docs/rules/backgammon.md defines it, from the given position (the start by default; the player on
// roll is the one to move). The count alone on the last line of stdout; --divide first prints one
// line per roll, "<high>-<low> <count>", in the order of kAllRolls. --threads N counts on N threads
// (default or 0: all hardware threads; 1 without --hash is the single-threaded perft()), --hash MB
// with a transposition table of MB MiB (default 0: none). --checkpoint FILE journals each finished
// job in FILE and, when FILE holds the journal of the same run, resumes it (docs/perft.md).
#include <array>
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/perft.hpp"
#include "boardrules/backgammon/perft_parallel.hpp"
#include "boardrules/backgammon/position_id.hpp"
#include "../parse_number.hpp"
#include "command.hpp"

namespace {

namespace bg = boardrules::backgammon;

constexpr std::string_view kUsage =
    "perft <depth> [<position-id>] [--leaves count|list|make] [--divide] [--threads N] [--hash MB]"
    " [--checkpoint FILE]";

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
  boardrules::PerftOptions options;
  std::string checkpoint;
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
    } else if (a == "--threads" || a == "--hash") {
      if (i + 1 >= args.size()) return usage(std::string(a) + " needs a value");
      const std::string_view v = args[++i];
      const bool ok = a == "--threads" ? parse_number(v, 4096u, options.threads)
                                       : parse_number(v, std::size_t{1} << 30, options.hash_mb);
      if (!ok) return usage(std::string(a) + " needs a whole number, not '" + std::string(v) + "'");
    } else if (a == "--checkpoint") {
      if (i + 1 >= args.size() || std::string_view(args[i + 1]).empty()) return usage("--checkpoint needs a file name");
      checkpoint = args[++i];
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
  std::optional<boardrules::PerftCheckpoint> journal;
  if (!checkpoint.empty() && depth >= 1) {
    static constexpr std::array<const char*, 3> kLeaves{"count", "list", "make"};
    std::string run = "backgammon standard perft ";  // appended one by one (g++ 12 -Wrestrict)
    run.append(std::to_string(depth)).append(" ").append(bg::position_id(pos)).append(" leaves ");
    run.append(kLeaves[static_cast<std::size_t>(leaves)]);
    auto j = boardrules::PerftCheckpoint::open(checkpoint, std::move(run));
    if (!j) {
      std::fprintf(stderr, "backgammon perft: %s\n", j.error().to_string().c_str());
      return 1;
    }
    journal.emplace(std::move(*j));
    options.checkpoint = &*journal;
    if (journal->resumed() != 0)
      std::fprintf(stderr, "backgammon perft: %zu jobs resumed from %s\n", journal->resumed(), checkpoint.c_str());
  }
  const bool single =
      boardrules::perft_threads(options.threads) == 1 && options.hash_mb == 0 && options.checkpoint == nullptr;
  try {
    if (divide && depth >= 1) {
      std::array<std::uint64_t, 21> rolls{};
      if (single) {
        for (std::size_t r = 0; r < rolls.size(); ++r) rolls[r] = bg::perft_roll(pos, bg::kAllRolls[r], depth, leaves);
      } else {
        rolls = bg::perft_parallel_divide(pos, depth, leaves, options);
      }
      for (std::size_t r = 0; r < rolls.size(); ++r) {
        std::printf("%d-%d %" PRIu64 "\n", bg::kAllRolls[r].high(), bg::kAllRolls[r].low(), rolls[r]);
        total += rolls[r];
      }
    } else {
      total = single ? bg::perft(pos, depth, leaves) : bg::perft_parallel(pos, depth, leaves, options);
    }
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "backgammon perft: not enough memory for a %zu MiB table\n", options.hash_mb);
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "backgammon perft: %s\n", e.what());
    return 1;
  }
  std::printf("%" PRIu64 "\n", total);
  if (journal && !journal->status().ok()) {
    std::fprintf(stderr, "backgammon perft: %s\n", journal->status().error().to_string().c_str());
    return 1;
  }
  return 0;
}

const bgcli::Registration registration{bgcli::Command{"perft", kUsage, &run}};

}  // namespace
