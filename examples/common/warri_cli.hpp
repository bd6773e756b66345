#pragma once
// The command line of the Warri programs (warri, warri_endgame_mpi): the arguments, the variant's
// decisions they choose (docs/rules/warri.md) and the dispatch on those decisions to rules
// structs known at compile time.

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/args.hpp"

#include "boardrules/warri.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/value.hpp"

namespace examples::warri_cli {

using namespace boardrules;
using namespace boardrules::warri;

/// Thrown (only inside the Warri programs) for bad command-line arguments: usage, exit 2.
struct UsageError {
  std::string message;
};

/// The command line of `warri <command> ...` (parse_args): every command's options, those given set.
struct Args {
  std::string command;
  std::vector<std::string> positional;
  std::string variant = "speightstown";
  std::optional<std::string> leaves;  // count when not given
  std::optional<std::string> cycle;   // first when not given
  std::optional<std::string> start;
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> threads;   // all hardware threads when not given
  std::optional<std::uint64_t> hash;      // MiB; none when not given
  std::optional<std::string> checkpoint;  // perft's journal file
  std::optional<std::uint64_t> seeds;     // endgame build: the largest layer
  std::optional<std::string> output;      // endgame build: the database file
  std::optional<std::string> db;          // play: an endgame database the North bot plays by
  std::optional<std::string> slices;      // endgame build: the directory of a sliced table
  std::optional<std::string> partition;   // endgame build --slices: ranges|blocks
  std::optional<std::uint64_t> batch;     // endgame build --slices: boards a rank sweeps in a round
  std::optional<std::uint64_t> move_cache;  // endgame build --slices: MiB a rank keeps moves in
  std::optional<std::uint64_t> sample;      // endgame verify: boards a layer valued again, 0: all
  bool out_of_core = false;                 // sliced tables: mapped, not read into memory
  bool decisions_given = false;           // --variant or a decision flag on the command line
  std::optional<std::string> feeding, grand_slam, starvation_award, cycle_award, odd_seed;
  bool divide = false;
  bool split_every_end = false;  // split the seeds left also after a capture to 25 (WA-5.4)
  bool series = false;
  bool quiet = false;
};

inline std::optional<std::uint64_t> to_u64(std::string_view s) {
  std::uint64_t v = 0;
  if (s.empty()) return std::nullopt;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

/// argv[1] the command, then its arguments: the positional ones in order, options anywhere
/// (`--name value` or `--name=value`, `-o` for `--output`). A UsageError for an unknown option, a
/// missing or bad value, or an unknown variant; which options a command takes is the caller's.
inline Args parse_args(int argc, char** argv) {
  if (argc < 2) throw UsageError{"missing command"};
  Args a;
  a.command = argv[1];
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "-o") arg = "--output";
    if (arg.rfind("--", 0) != 0 || arg == "--") {
      a.positional.push_back(arg);
      continue;
    }
    std::string name = arg;
    std::optional<std::string> value;
    if (const auto eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
    }
    auto take = [&]() -> std::string {
      if (value) return *value;
      if (i + 1 >= argc) throw UsageError{(std::string_view(argv[i]) == "-o" ? "-o" : name) + " needs a value"};
      return argv[++i];
    };
    auto flag = [&]() {
      if (value) throw UsageError{name + " takes no value"};
    };
    if (name == "--variant" || name == "--feeding" || name == "--grand-slam" || name == "--starvation-award" ||
        name == "--cycle-award" || name == "--odd-seed" || name == "--split-at-every-end") {
      a.decisions_given = true;
    }
    if (name == "--variant") a.variant = take();
    else if (name == "--output") {
      a.output = take();
      if (a.output->empty()) throw UsageError{"-o needs a file name"};
    } else if (name == "--leaves") a.leaves = take();
    else if (name == "--cycle") a.cycle = take();
    else if (name == "--start") a.start = take();
    else if (name == "--feeding") a.feeding = take();
    else if (name == "--grand-slam") a.grand_slam = take();
    else if (name == "--starvation-award") a.starvation_award = take();
    else if (name == "--cycle-award") a.cycle_award = take();
    else if (name == "--odd-seed") a.odd_seed = take();
    else if (name == "--db") {
      a.db = take();
      if (a.db->empty()) throw UsageError{"--db needs a file name"};
    } else if (name == "--slices") {
      a.slices = take();
      if (a.slices->empty()) throw UsageError{"--slices needs a directory"};
    } else if (name == "--partition") {
      a.partition = take();
      if (*a.partition != "ranges" && *a.partition != "blocks")
        throw UsageError{"--partition: expected ranges or blocks, found " + *a.partition};
    } else if (name == "--out-of-core") {
      flag();
      a.out_of_core = true;
    } else if (name == "--checkpoint") {
      a.checkpoint = take();
      if (a.checkpoint->empty()) throw UsageError{"--checkpoint needs a file name"};
    } else if (name == "--seed") {
      const std::string v = take();
      const auto n = to_u64(v);
      if (!n) throw UsageError{examples::range_problem(name, std::uint64_t{0}, ~std::uint64_t{0}, v)};
      a.seed = *n;
    } else if (name == "--threads" || name == "--hash" || name == "--seeds" || name == "--batch" ||
               name == "--move-cache" || name == "--sample") {
      const std::string v = take();
      const auto n = to_u64(v);
      const std::uint64_t least = name == "--batch" ? 1u : 0u;
      const std::uint64_t most = name == "--threads" ? examples::kMaxThreads
                                 : name == "--hash"  ? examples::kMaxHashMb
                                 : name == "--seeds" ? static_cast<std::uint64_t>(endgame::kMaxBoardSeeds)
                                 : name == "--sample" ? std::uint64_t{1} << 40
                                                     : std::uint64_t{1} << 30;
      const std::string_view note = name == "--threads"      ? examples::kThreadsNote
                                    : name == "--hash"       ? examples::kHashNote
                                    : name == "--seeds"      ? "seeds on the board"
                                    : name == "--move-cache" ? "MiB a rank, 0: none"
                                    : name == "--sample"     ? "boards a layer, 0: all of them"
                                                             : "boards a message";
      if (!n || *n < least || *n > most)
        throw UsageError{examples::range_problem(name, least, most, v, note)};
      (name == "--threads" ? a.threads
       : name == "--hash"  ? a.hash
       : name == "--seeds" ? a.seeds
       : name == "--batch" ? a.batch
       : name == "--sample" ? a.sample
                           : a.move_cache) = *n;
    } else if (name == "--divide") {
      flag();
      a.divide = true;
    } else if (name == "--split-at-every-end") {
      flag();
      a.split_every_end = true;
    } else if (name == "--series") {
      flag();
      a.series = true;
    } else if (name == "--quiet") {
      flag();
      a.quiet = true;
    } else {
      throw UsageError{"unknown option " + name};
    }
  }
  if (a.variant != "speightstown" && a.variant != "bridgetown" && a.variant != "abapa") {
    throw UsageError{"--variant: expected speightstown, bridgetown or abapa, found " + a.variant};
  }
  return a;
}

// ---- the variant's decisions -------------------------------------------------------------

/// The decisions of docs/rules/warri.md chosen at run time: the variant's, then the flags'
/// (the set an endgame database records).
using Decisions = endgame::Decisions;
using endgame::decisions_of;

/// The value of `flag` named `text` among `names` (a usage error naming the flag and the
/// accepted values otherwise).
template <class T, std::size_t N>
T flag_value(std::string_view flag, const std::string& text, const std::pair<std::string_view, T> (&names)[N]) {
  std::string accepted;
  for (const auto& [name, value] : names) {
    if (text == name) return value;
    accepted += accepted.empty() ? "" : "|";
    accepted += name;
  }
  throw UsageError{std::string(flag) + ": expected " + accepted + ", found " + text};
}

inline Decisions parse_decisions(const Args& a) {
  Decisions d = a.variant == "bridgetown" ? decisions_of<Bridgetown>()
                : a.variant == "abapa"    ? decisions_of<Abapa>()
                                          : decisions_of<Speightstown>();
  if (a.feeding) {
    d.feeding = flag_value<Feeding>("--feeding", *a.feeding,
                                    {{"sows", Feeding::SowsIntoRow}, {"leaves-seeds", Feeding::LeavesSeedsInRow}});
  }
  if (a.grand_slam) {
    d.grand_slam = flag_value<GrandSlam>("--grand-slam", *a.grand_slam,
                                         {{"capture", GrandSlam::Captures},
                                          {"no-capture", GrandSlam::CapturesNothing},
                                          {"illegal", GrandSlam::Illegal}});
  }
  if (a.starvation_award) {
    d.starvation_award = flag_value<StarvationAward>("--starvation-award", *a.starvation_award,
                                                     {{"starved", StarvationAward::StarvedTakes},
                                                      {"mover", StarvationAward::MoverTakes},
                                                      {"split", StarvationAward::Split}});
  }
  if (a.cycle_award) {
    d.cycle_award = flag_value<CycleAward>(
        "--cycle-award", *a.cycle_award,
        {{"nobody", CycleAward::Nobody}, {"split", CycleAward::Split}, {"own-side", CycleAward::OwnSide}});
  }
  if (a.odd_seed) {
    d.odd_seed = flag_value<OddSeed>(
        "--odd-seed", *a.odd_seed,
        {{"leader", OddSeed::ToLeader}, {"trailer", OddSeed::ToTrailer}, {"nobody", OddSeed::Nobody}});
  }
  if (a.split_every_end) d.split_at_capture_end = true;
  return d;
}

/// A rules struct with the given decisions (win_seeds and cycle_rule as in every variant; the
/// cycle rule of a game is chosen per game with --cycle).
template <Feeding F, GrandSlam G, StarvationAward S, CycleAward C, OddSeed O, bool E>
struct CliRules : Speightstown {
  static constexpr std::string_view name = "warri-cli";
  static constexpr Feeding feeding = F;
  static constexpr GrandSlam grand_slam = G;
  static constexpr StarvationAward starvation_award = S;
  static constexpr CycleAward cycle_award = C;
  static constexpr OddSeed odd_seed = O;
  static constexpr bool split_at_capture_end = E;
};

/// Calls f(std::integral_constant<T, V>{}) for the one V of Values equal to the run-time value.
/// When the decision cannot matter (Used false), only Default is instantiated.
template <bool Used, auto Default, auto... Values, class T, class F>
auto with_constant(T value, F&& f) {
  if constexpr (!Used) {
    return f(std::integral_constant<T, Default>{});
  } else {
    std::optional<decltype(f(std::integral_constant<T, Default>{}))> result;
    const auto try_value = [&](auto v) {
      if (value == decltype(v)::value) result = f(v);
    };
    (try_value(std::integral_constant<T, Values>{}), ...);
    if (!result) throw UsageError{"a decision value without an instantiation"};  // all are listed
    return *result;
  }
}

/// The rules that decide the moves and when the game ends: feeding and grand slam (the awards
/// only score an end, WA-4.2, WA-4.3, WA-5).
template <Feeding F, GrandSlam G>
using MoveRules = CliRules<F, G, Speightstown::starvation_award, Speightstown::cycle_award, Speightstown::odd_seed,
                           Speightstown::split_at_capture_end>;

/// The outcome of the final position p (an end by cycling when `cycled`) with the awards of d:
/// each run-time award becomes a compile-time constant in turn, only those that can matter (the
/// cycle award for a cycling end, the other awards otherwise, the odd seed only where seeds are
/// split, WA-5.2).
template <Feeding F, GrandSlam G>
Outcome final_outcome(const Decisions& d, const BasicPosition<MoveRules<F, G>>& p, bool cycled) {
  using S = Speightstown;
  const auto score = [&](auto cycled_end, auto starved, auto cycle, auto every_end) {
    constexpr bool splits = decltype(starved)::value == StarvationAward::Split ||
                            decltype(cycle)::value == CycleAward::Split || decltype(every_end)::value;
    return with_constant<splits, S::odd_seed, OddSeed::ToLeader, OddSeed::ToTrailer, OddSeed::Nobody>(
        d.odd_seed, [&](auto odd) {
          using R = CliRules<F, G, decltype(starved)::value, decltype(cycle)::value, decltype(odd)::value,
                             decltype(every_end)::value>;
          BasicPosition<R> q;
          q.bytes() = p.bytes();  // the same position under the full rules
          if constexpr (decltype(cycled_end)::value) return cycle_outcome(q);
          else return outcome(q);
        });
  };
  using DefaultStarved = std::integral_constant<StarvationAward, S::starvation_award>;
  using DefaultCycle = std::integral_constant<CycleAward, S::cycle_award>;
  using DefaultEveryEnd = std::bool_constant<S::split_at_capture_end>;
  if (cycled) {
    return with_constant<true, S::cycle_award, CycleAward::Nobody, CycleAward::Split, CycleAward::OwnSide>(
        d.cycle_award, [&](auto cycle) { return score(std::true_type{}, DefaultStarved{}, cycle, DefaultEveryEnd{}); });
  }
  return with_constant<true, S::starvation_award, StarvationAward::StarvedTakes, StarvationAward::MoverTakes,
                       StarvationAward::Split>(d.starvation_award, [&](auto starved) {
    return with_constant<true, S::split_at_capture_end, false, true>(d.split_at_capture_end, [&](auto every_end) {
      return score(std::false_type{}, starved, DefaultCycle{}, every_end);
    });
  });
}

/// Runs command.operator()<M>(score) with M = MoveRules of d's feeding and grand slam and
/// score(p, cycled) = final_outcome of d: the heavy code (moves, perft, game records) is compiled
/// for the 6 move rules, only the scoring of an end for every combination of awards.
template <class Command>
int dispatch(const Decisions& d, Command&& command) {
  using S = Speightstown;
  return with_constant<true, S::feeding, Feeding::SowsIntoRow, Feeding::LeavesSeedsInRow>(d.feeding, [&](auto feeding) {
    return with_constant<true, S::grand_slam, GrandSlam::Captures, GrandSlam::CapturesNothing, GrandSlam::Illegal>(
        d.grand_slam, [&](auto slam) {
          constexpr Feeding F = decltype(feeding)::value;
          constexpr GrandSlam G = decltype(slam)::value;
          const auto score = [&](const BasicPosition<MoveRules<F, G>>& p, bool cycled) {
            return final_outcome<F, G>(d, p, cycled);
          };
          return command.template operator()<MoveRules<F, G>>(score);
        });
  });
}

}  // namespace examples::warri_cli
