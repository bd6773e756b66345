// warri_endgame_mpi: a sliced Warri endgame table built over the ranks of an MPI job
// (docs/databases.md#distributed-build).
//
//   mpirun -np <ranks> warri_endgame_mpi --seeds N --slices DIR [--variant V] [--threads T]
//          [--partition ranges|blocks] [--batch B] [--move-cache MIB] [--out-of-core] [decisions]
//
// The options and the decision flags are those of `warri endgame build --slices` (examples/
// warri.cpp, parsed by the same code); --threads, --move-cache and the memory count per rank.
// Each rank holds its part of every layer (endgame::build_sliced over an MPI communicator): the
// children and captures it does not hold it asks their owners for, many look-ups to one rank in
// one message (MPI_Alltoallv), and writes its slice of each layer into DIR (shared by the ranks);
// rank 0 writes the manifest once every slice of a layer is on disk. A job run again on DIR goes
// on after the last finished layer, on any number of ranks. `warri endgame join DIR -o FILE`
// gives the file of `warri endgame build -o FILE`, byte for byte. Only the main thread of a rank
// calls MPI (MPI_THREAD_FUNNELED).

#include <mpi.h>

#include <algorithm>
#include <cinttypes>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <new>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>
#if __has_include(<unistd.h>)
#include <sys/resource.h>
#include <unistd.h>
#endif

#include "boardrules/db/memory.hpp"
#include "boardrules/warri/db/distributed_build.hpp"
#include "boardrules/warri/db/slice_file.hpp"
#include "common/progress.hpp"
#include "common/warri_cli.hpp"
#include "common/warri_sliced.hpp"

namespace {

using namespace examples::warri_cli;

constexpr const char* kUsage =
    "usage: mpirun -np <ranks> warri_endgame_mpi --seeds N --slices DIR [--variant V] [--threads T]\n"
    "           [--partition ranges|blocks] [--batch B] [--move-cache MIB] [--out-of-core]\n"
    "           [--feeding ...] [--grand-slam ...] [--starvation-award ...] [--cycle-award ...]\n"
    "           [--odd-seed ...] [--split-at-every-end]\n"
    "  the sliced table of `warri endgame build --slices DIR` with the same options (see\n"
    "  `warri --help`), each layer dealt to the ranks; --threads T, --move-cache MIB per rank\n";

/// MPI_COMM_WORLD as the build's endgame::Comm: all-to-all as MPI_Alltoall of the counts then
/// MPI_Alltoallv of the bytes, the reductions as MPI_Allreduce.
class MpiComm final : public endgame::Comm {
 public:
  MpiComm() {
    int r = 0, n = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    rank_ = static_cast<std::uint32_t>(r);
    ranks_ = static_cast<std::uint32_t>(n);
  }
  [[nodiscard]] std::uint32_t rank() const noexcept override { return rank_; }
  [[nodiscard]] std::uint32_t ranks() const noexcept override { return ranks_; }

  void all_to_all(std::span<const std::uint8_t> send, std::span<const std::uint64_t> send_counts,
                  std::vector<std::uint8_t>& recv, std::vector<std::uint64_t>& recv_counts) override {
    recv_counts.assign(ranks_, 0);
    MPI_Alltoall(send_counts.data(), 1, MPI_UINT64_T, recv_counts.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
    to_ints(send_counts, scounts_, sdispls_);
    to_ints(recv_counts, rcounts_, rdispls_);
    recv.resize(static_cast<std::size_t>(rdispls_.back() + rcounts_.back()));
    MPI_Alltoallv(send.data(), scounts_.data(), sdispls_.data(), MPI_BYTE, recv.data(), rcounts_.data(),
                  rdispls_.data(), MPI_BYTE, MPI_COMM_WORLD);
  }
  void sum(std::span<std::uint64_t> values) override {
    MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
  }
  void bit_or(std::span<std::uint64_t> values) override {
    MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, MPI_BOR, MPI_COMM_WORLD);
  }
  [[nodiscard]] std::vector<std::uint64_t> all_gather(std::uint64_t value) override {
    std::vector<std::uint64_t> all(ranks_);
    MPI_Allgather(&value, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
    return all;
  }

 private:
  // MPI's counts and displacements are ints: a round's bytes to one rank stay far below 2 GiB
  // (a batch of B boards sends at most 48·B bytes a rank), checked all the same.
  static void to_ints(std::span<const std::uint64_t> counts, std::vector<int>& out, std::vector<int>& displs) {
    out.resize(counts.size());
    displs.resize(counts.size());
    std::uint64_t at = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
      if (counts[i] > INT_MAX || at > INT_MAX) throw std::length_error("a round's message exceeds MPI's int counts");
      out[i] = static_cast<int>(counts[i]);
      displs[i] = static_cast<int>(at);
      at += counts[i];
    }
  }
  std::uint32_t rank_ = 0, ranks_ = 1;
  std::vector<int> scounts_, sdispls_, rcounts_, rdispls_;
};

/// The largest resident size of this process so far, in bytes (getrusage); 0 where unknown.
std::uint64_t peak_resident() {
#if __has_include(<unistd.h>)
  rusage u{};
  if (getrusage(RUSAGE_SELF, &u) == 0) return static_cast<std::uint64_t>(u.ru_maxrss) * 1024;
#endif
  return 0;
}

template <class R, class Score>
int build(const Args& a, const endgame::Decisions& decisions, const Score& score) {
  MpiComm comm;
  const std::uint32_t rank = comm.rank(), ranks = comm.ranks();
  const bool lead = rank == 0;  // prints
  const int seeds = static_cast<int>(*a.seeds);
  const std::string& dir = *a.slices;
  endgame::SlicedBuildOptions options = sliced_options(a);

  // The memory of the ranks on this node (the model: endgame::sliced_build_bytes) against what
  // the node has, before anything is allocated.
  int first = 0;
  if (Result<endgame::Manifest> m = endgame::read_manifest(dir); m) first = static_cast<int>(m->layers.size());
  const std::uint64_t need = endgame::sliced_build_bytes(std::min(first, seeds), seeds, rank, ranks, options);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, static_cast<int>(rank), MPI_INFO_NULL, &node);
  int node_rank = 0;
  MPI_Comm_rank(node, &node_rank);
  std::uint64_t node_need = 0;
  MPI_Allreduce(&need, &node_need, 1, MPI_UINT64_T, MPI_SUM, node);
  MPI_Comm_free(&node);
  std::uint64_t refused = 0;
  if (node_rank == 0) {
    if (Status s = check_memory(node_need, "the ranks of a node"); !s) {
      std::fprintf(stderr, "warri_endgame_mpi: rank %u: %s\n", rank, s.error().to_string().c_str());
      refused = 1;
    }
  }
  comm.sum({&refused, 1});
  if (refused != 0) return 1;
  std::vector<std::uint64_t> needs = comm.all_gather(need);
  if (lead) {
    if (first > 0) std::fprintf(stderr, "endgame build: layers 0..%d from %s\n", first - 1, printable(dir).c_str());
    std::fprintf(stderr,
                 "endgame build: %s, %d seeds, %" PRIu64 " boards, %s of memory a rank (at most), %u rank(s) x %u "
                 "thread(s), %s partition, sliced in %s\n",
                 a.variant.c_str(), seeds, endgame::layer_offset(seeds + 1),
                 format_bytes(*std::max_element(needs.begin(), needs.end())).c_str(), ranks, options.threads,
                 std::string(endgame::partition_name(options.partition)).c_str(), printable(dir).c_str());
  }
#if __has_include(<unistd.h>)
  const bool terminal = lead && isatty(fileno(stderr)) != 0;
#else
  const bool terminal = false;
#endif
  examples::ProgressLine progress(terminal, "board sweeps");
  options.progress = [&progress](std::size_t done, std::size_t all) { progress(done, all); };
  options.on_layer = [terminal, lead](const endgame::SlicedLayerStats& s) {
    if (lead) print_sliced_layer(s, terminal);
  };
  const double started = MPI_Wtime();
  const Result<endgame::SlicedBuildSummary> r = endgame::build_sliced<R>(dir, seeds, comm, options, score, decisions);
  if (!r) {  // every rank has the error; rank 0 says it
    if (lead) std::fprintf(stderr, "warri_endgame_mpi: %s\n", r.error().to_string().c_str());
    return 1;
  }
  // The peak resident memory of each rank (the whole process: the table, the work space, MPI's
  // buffers and the program).
  const std::vector<std::uint64_t> peaks = comm.all_gather(peak_resident());
  if (lead) {
    std::string list;
    for (const std::uint64_t p : peaks) list += (list.empty() ? "" : ", ") + format_bytes(p);
    std::fprintf(stderr, "endgame build: %.2f s on %u rank(s); peak resident memory a rank: %s\n",
                 MPI_Wtime() - started, ranks, list.c_str());
  }
  return 0;
}

/// The options of `warri endgame build --slices` (parse_args of warri_cli.hpp, as `warri endgame
/// build <args>`); the usage errors of anything else.
Args parse(int argc, char** argv) {
  std::vector<char*> args{argv[0]};
  std::string command = "endgame", sub = "build";
  args.push_back(command.data());
  args.push_back(sub.data());
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  Args a = parse_args(static_cast<int>(args.size()), args.data());
  if (a.positional.size() > 1) throw UsageError{"unexpected argument " + a.positional[1]};
  if (a.leaves || a.divide || a.hash || a.cycle || a.start || a.seed || a.series || a.quiet || a.db)
    throw UsageError{"the options of `warri endgame build --slices` only"};
  if (a.output || a.checkpoint)
    throw UsageError{"-o and --checkpoint are for `warri endgame build`; this program writes --slices DIR "
                     "(`warri endgame join DIR -o FILE` makes the file)"};
  if (!a.seeds) throw UsageError{"missing --seeds N"};
  if (!a.slices) throw UsageError{"missing --slices DIR"};
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int rc = 2;
  try {
    if (provided < MPI_THREAD_FUNNELED)
      throw UsageError{"the MPI library does not support threads (MPI_THREAD_FUNNELED)"};
    const Args a = parse(argc, argv);
    const endgame::Decisions d = parse_decisions(a);
    rc = dispatch(d, [&]<class R>(auto score) { return build<R>(a, d, score); });
  } catch (const UsageError& e) {  // every rank parses the same arguments: all stop here
    if (rank == 0) std::fprintf(stderr, "warri_endgame_mpi: %s\n%s", printable(e.message).c_str(), kUsage);
    rc = 2;
  } catch (const std::exception& e) {  // bad_alloc for the work space, thread creation
    std::fprintf(stderr, "warri_endgame_mpi: rank %d: %s\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return rc;
}
