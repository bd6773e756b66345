// warri_endgame_mpi: `warri endgame build` over the ranks of an MPI job; the same file, byte for
// byte (docs/databases.md#mpi-build).
//
//   mpirun -np <ranks> warri_endgame_mpi --seeds N -o FILE [--variant V] [--threads T] [decisions]
//
// The options and the decision flags are those of `warri endgame build` (examples/warri.cpp,
// parsed by the same code); --threads T counts per rank (default 1, 0: all hardware threads).
// Every rank holds the whole table and the words of the layer being solved, and sweeps an equal
// share of the layer's boards, in rank order, on its threads (endgame::BuildSplit). After each
// pass the ranks all-gather their shares of the words (4 bytes a board: the two fixpoints of
// WA-8.6) and OR whether they changed any; after each layer they all-gather their values (2 bytes
// a board: a capture reaches any smaller layer) and add up the counts. Rank 0 prints the layer
// lines on stderr and writes FILE with the library's writer. Only the main thread of a rank calls
// MPI (MPI_THREAD_FUNNELED).

#include <mpi.h>

#include <climits>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <span>
#include <string>
#include <utility>
#include <vector>
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

#include "boardrules/warri/endgame/build.hpp"
#include "boardrules/warri/endgame/file.hpp"
#include "boardrules/warri/endgame/index.hpp"
#include "common/progress.hpp"
#include "common/warri_cli.hpp"

namespace {

using namespace examples::warri_cli;

constexpr const char* kUsage =
    "usage: mpirun -np <ranks> warri_endgame_mpi --seeds N -o FILE [--variant V] [--threads T]\n"
    "           [--feeding ...] [--grand-slam ...] [--starvation-award ...] [--cycle-award ...]\n"
    "           [--odd-seed ...] [--split-at-every-end]\n"
    "  the file of `warri endgame build` with the same options (see `warri --help`), each layer\n"
    "  split over the ranks; --threads T per rank (default 1, 0: all hardware threads)\n";

/// The boards [first, last) of a layer of `size` boards that `rank` of `ranks` solves: equal
/// shares in rank order.
std::pair<std::uint64_t, std::uint64_t> share(std::uint64_t size, int rank, int ranks) {
  const auto r = static_cast<std::uint64_t>(rank);
  const auto k = static_cast<std::uint64_t>(ranks);
  return {size * r / k, size * (r + 1) / k};
}

/// Every rank's share of a layer as MPI_Allgatherv counts and displacements (ints: a layer of up
/// to kMaxBuildSeeds seeds, 1.7 × 10⁹ boards, fits: main asserts it).
struct Shares {
  std::vector<int> counts, displs;
  Shares(std::uint64_t size, int ranks) {
    for (int r = 0; r < ranks; ++r) {
      const auto [first, last] = share(size, r, ranks);
      counts.push_back(static_cast<int>(last - first));
      displs.push_back(static_cast<int>(first));
    }
  }
};

template <class R, class Score>
int build(const Args& a, const endgame::Decisions& decisions, const Score& score, int rank, int ranks) {
  const int seeds = static_cast<int>(*a.seeds);
  const bool lead = rank == 0;  // prints and writes
  endgame::BuildSplit split;
  split.part = [rank, ranks](std::uint64_t size) { return share(size, rank, ranks); };
  split.join = [ranks](std::span<std::uint32_t> words, bool changed) {
    const Shares s(words.size(), ranks);
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, words.data(), s.counts.data(), s.displs.data(), MPI_UINT32_T,
                   MPI_COMM_WORLD);
    int mine = changed ? 1 : 0;
    int any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return any != 0;
  };
  MPI_Datatype value_type;  // one Value, two bytes (mover, other)
  MPI_Type_contiguous(static_cast<int>(sizeof(endgame::Value)), MPI_BYTE, &value_type);
  MPI_Type_commit(&value_type);
  split.gather = [ranks, value_type](std::span<endgame::Value> values, endgame::LayerStats& stats) {
    const Shares s(values.size(), ranks);
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, values.data(), s.counts.data(), s.displs.data(), value_type,
                   MPI_COMM_WORLD);
    std::uint64_t counts[5] = {stats.terminal, stats.wins, stats.draws, stats.losses, stats.cycling};
    MPI_Allreduce(MPI_IN_PLACE, counts, 5, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    stats.terminal = counts[0];
    stats.wins = counts[1];
    stats.draws = counts[2];
    stats.losses = counts[3];
    stats.cycling = counts[4];
  };

  endgame::BuildOptions options;
  options.threads = a.threads ? static_cast<unsigned>(*a.threads) : 1;
  options.variant = a.variant;
  options.split = &split;
#if __has_include(<unistd.h>)
  const bool terminal = lead && isatty(fileno(stderr)) != 0;
#else
  const bool terminal = false;
#endif
  examples::ProgressLine progress(terminal, "board sweeps");  // on a terminal, redrawn in place
  options.progress = [&progress](std::size_t done, std::size_t all) { progress(done, all); };
  options.on_layer = [terminal, lead](const endgame::LayerStats& s) {
    double cpu = s.cpu_seconds;  // of all ranks
    MPI_Reduce(lead ? MPI_IN_PLACE : &cpu, &cpu, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    if (!lead) return;
    std::fprintf(stderr, "%slayer %2d: %llu boards, %d passes, %.2f s (%.2f s CPU), wins %llu draws %llu losses %llu\n",
                 terminal ? "\r\x1b[K" : "", s.seeds, static_cast<unsigned long long>(s.boards), s.sweeps, s.seconds,
                 cpu, static_cast<unsigned long long>(s.wins), static_cast<unsigned long long>(s.draws),
                 static_cast<unsigned long long>(s.losses));
  };
  if (lead) {
    // A rank's memory: the table, the layer's words, and the moves of its share (25 bytes a board).
    const std::uint64_t largest = endgame::layer_size(seeds);
    const std::uint64_t bytes =
        2 * endgame::layer_offset(seeds + 1) + 4 * largest +
        25 * (largest + static_cast<std::uint64_t>(ranks) - 1) / static_cast<std::uint64_t>(ranks);
    std::fprintf(stderr,
                 "endgame build: %s, %d seeds, %llu boards, %.1f MiB of memory a rank, %d rank(s) x %u thread(s)\n",
                 a.variant.c_str(), seeds, static_cast<unsigned long long>(endgame::layer_offset(seeds + 1)),
                 static_cast<double>(bytes) / (1 << 20), ranks, options.threads);
  }
  const double started = MPI_Wtime();
  Result<endgame::Table> table = endgame::build<R>(seeds, options, score, decisions);
  MPI_Type_free(&value_type);
  if (!table) throw UsageError{"endgame build: " + table.error().to_string()};
  if (!lead) return 0;
  if (Status s = endgame::write_database(*a.output, *table); !s) {
    std::fprintf(stderr, "warri_endgame_mpi: %s\n", s.error().to_string().c_str());
    return 1;
  }
  std::fprintf(stderr, "endgame build: %.2f s on %d rank(s)\n", MPI_Wtime() - started, ranks);
  return 0;
}

/// The options of `warri endgame build` (parse_args of warri_cli.hpp, as `warri endgame build
/// <args>`), less --checkpoint; the usage errors of anything else.
Args parse(int argc, char** argv) {
  std::vector<char*> args{argv[0]};
  std::string command = "endgame", sub = "build";
  args.push_back(command.data());
  args.push_back(sub.data());
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  Args a = parse_args(static_cast<int>(args.size()), args.data());
  if (a.positional.size() > 1) throw UsageError{"unexpected argument " + a.positional[1]};
  if (a.leaves || a.divide || a.hash || a.cycle || a.start || a.seed || a.series || a.quiet)
    throw UsageError{"the options of `warri endgame build` only"};
  if (a.checkpoint) throw UsageError{"--checkpoint is for `warri endgame build` only"};
  if (!a.seeds) throw UsageError{"missing --seeds N"};
  if (!a.output) throw UsageError{"missing -o FILE"};
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  static_assert(sizeof(endgame::Value) == 2);
  static_assert(endgame::layer_size(endgame::kMaxBuildSeeds) <= INT_MAX, "a layer's share fits MPI's int counts");
  int rc = 2;
  try {
    if (provided < MPI_THREAD_FUNNELED)
      throw UsageError{"the MPI library does not support threads (MPI_THREAD_FUNNELED)"};
    const Args a = parse(argc, argv);
    const endgame::Decisions d = parse_decisions(a);
    rc = dispatch(d, [&]<class R>(auto score) { return build<R>(a, d, score, rank, ranks); });
  } catch (const UsageError& e) {  // every rank parses the same arguments: all stop here
    if (rank == 0) std::fprintf(stderr, "warri_endgame_mpi: %s\n%s", e.message.c_str(), kUsage);
    rc = 2;
  } catch (const std::exception& e) {  // bad_alloc for the table, thread creation
    std::fprintf(stderr, "warri_endgame_mpi: rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return rc;
}
