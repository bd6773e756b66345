// backgammon perft <depth> [<position-id>] [--leaves count|list|make] [--divide] [--threads N]
//                  [--hash MB]
// perft as docs/rules/backgammon.md defines it, from the given position (the start by default; the player on
// roll is the one to move). The count alone on the last line of stdout; --divide first prints one
// line per roll, "<high>-<low> <count>", in the order of kAllRolls. --threads N counts on N threads
// (default or 0: all hardware threads; 1 without --hash is the single-threaded perft()), --hash MB
// with a transposition table of MB MiB (default 0: none). --checkpoint FILE journals each finished
// job in FILE and, when FILE holds the journal of the same run, resumes it (docs/perft.md).
#include <array>
#include <cinttypes>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/perft/backgammon.hpp"
#include "command.hpp"
#include "common/args.hpp"

namespace {
namespace cmd_perft {  // this file's names, distinct in the unity build of the program

namespace bg = boardrules::backgammon;

constexpr examples::Usage kUsage{
    "backgammon", "perft",
    "perft <depth> [<position-id>] [--leaves count|list|make] [--divide] [--threads N] [--hash MB]"
    " [--checkpoint FILE]"};

int run(std::span<char* const> argv) {
  int depth = -1;
  bool have_depth = false;
  bool divide = false;
  boardrules::Leaves leaves = boardrules::Leaves::Count;
  std::optional<bg::Position> given;  // the position; the start when not given
  boardrules::PerftOptions options;
  std::string checkpoint;
  examples::Args args(argv);
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    if (a == "--divide") {
      divide = true;
    } else if (a == "--leaves") {
      const auto v = args.next();
      if (!v) return kUsage.error("--leaves needs a value: count, list or make");
      if (*v == "count") leaves = boardrules::Leaves::Count;
      else if (*v == "list") leaves = boardrules::Leaves::List;
      else if (*v == "make") leaves = boardrules::Leaves::Make;
      else return kUsage.error("unknown --leaves value '" + std::string(*v) + "' (count, list or make)");
    } else if (a == "--threads" || a == "--hash") {
      const auto v = args.next();
      if (!v) return kUsage.error(std::string(a) + " needs a value");
      if (a == "--threads" && !examples::parse_int(*v, 0u, examples::kMaxThreads, options.threads))
        return kUsage.error(examples::range_problem(a, 0u, examples::kMaxThreads, v, examples::kThreadsNote));
      if (a == "--hash" && !examples::parse_int(*v, std::size_t{0}, examples::kMaxHashMb, options.hash_mb))
        return kUsage.error(examples::range_problem(a, std::size_t{0}, examples::kMaxHashMb, v, examples::kHashNote));
    } else if (a == "--checkpoint") {
      const auto v = args.next();
      if (!v || v->empty()) return kUsage.error("--checkpoint needs a file name");
      checkpoint = *v;
    } else if (!have_depth && !a.starts_with("--")) {
      if (!examples::parse_int(a, 0, 64, depth)) {
        return kUsage.error(examples::range_problem("the depth", 0, 64, a));
      }
      have_depth = true;
    } else if (!given && !a.starts_with("--")) {
      if (!(given = bgcli::position_arg(kUsage, a))) return 2;
    } else {
      return kUsage.unexpected(a);
    }
  }
  if (!have_depth) return kUsage.error("missing <depth>");
  const bg::Position pos = given.value_or(bg::Position::start());
  std::uint64_t total = 0;
  std::optional<boardrules::PerftCheckpoint> journal;
  if (!checkpoint.empty() && depth >= 1) {
    static constexpr std::array<const char*, 3> kLeaves{"count", "list", "make"};
    std::string run = "backgammon standard perft ";  // appended one by one (g++ 12 -Wrestrict)
    run.append(std::to_string(depth)).append(" ").append(bg::format_position_id(pos)).append(" leaves ");
    run.append(kLeaves[static_cast<std::size_t>(leaves)]);
    auto j = boardrules::PerftCheckpoint::open(checkpoint, std::move(run));
    if (!j) {
      std::fprintf(stderr, "backgammon perft: %s\n", j.error().to_string().c_str());
      return 1;
    }
    journal.emplace(std::move(*j));
    options.checkpoint = &*journal;
    if (journal->resumed() != 0)
      std::fprintf(stderr, "backgammon perft: %zu jobs resumed from %s\n", journal->resumed(),
                   boardrules::printable(checkpoint).c_str());
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
  if (journal && !journal->status().has_value()) {
    std::fprintf(stderr, "backgammon perft: %s\n", journal->status().error().to_string().c_str());
    return 1;
  }
  return 0;
}

}  // namespace cmd_perft
}  // namespace

const bgcli::Command bgcli::perft_command{"perft", cmd_perft::kUsage.line, &cmd_perft::run};
