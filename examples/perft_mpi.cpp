// perft_mpi: perft over the ranks of an MPI job, each rank counting on its threads with its own
// transposition table. Prints what the CLIs' perft prints (stdout of rank 0).
//
//   mpirun -np <ranks> perft_mpi backgammon <depth> [<position-id>] [options]
//   mpirun -np <ranks> perft_mpi warri <depth> [<position>] [--variant V] [options]
//   options: [--leaves count|list|make] [--divide] [--threads N] [--hash MB]
//
// Every rank splits the tree the same way (perft_split) into many jobs; rank 0 hands them out in
// small batches on request, so that a rank that finishes early asks for more (a dynamic work
// queue), and counts jobs itself on its threads from the same queue while its main thread
// serves. Only the main thread of a rank calls MPI (MPI_THREAD_FUNNELED). The run's figures
// (ranks, threads, jobs, time) go to stderr.

#include <mpi.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/perft/backgammon.hpp"
#include "boardrules/perft/runner.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/perft/warri.hpp"
#include "common/args.hpp"

namespace {

using namespace boardrules;
// The runner's parts (split, queue, drain) are implementation; this program spreads them over ranks.
using namespace boardrules::perft_detail;
namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;

constexpr const char* kUsage =
    "usage: perft_mpi backgammon <depth> [<position-id>] [options]\n"
    "       perft_mpi warri <depth> [<position>] [--variant speightstown|bridgetown|abapa] [options]\n"
    "options: --leaves count|list|make, --divide, --threads N (per rank; default all hardware\n"
    "         threads), --hash MB (per rank; default 0: no table)\n";

constexpr int kTagRequest = 1;  // worker -> rank 0: the counts of its last batch, asks for more
constexpr int kTagBatch = 2;    // rank 0 -> worker: [first, last) of the next batch (empty: done)

struct Args {
  std::string game;
  int depth = -1;
  std::string position;  // empty: the start
  std::string variant = "speightstown";
  Leaves leaves = Leaves::Count;
  bool divide = false;
  PerftOptions options;
};

std::optional<Args> parse(int argc, char** argv, std::string& error) {
  Args a;
  if (argc < 3) {
    error = "missing game or depth";
    return std::nullopt;
  }
  a.game = argv[1];
  if (a.game != "backgammon" && a.game != "warri") {
    error = "unknown game '" + a.game + "'";
    return std::nullopt;
  }
  examples::Args args(std::span<char* const>(argv + 2, static_cast<std::size_t>(argc - 2)));
  while (const auto next = args.next()) {
    const std::string_view s = *next;
    const bool has_value = args.more();
    if (s == "--divide") {
      a.divide = true;
    } else if (s == "--leaves" && has_value) {
      const std::string_view v = *args.next();
      if (v == "count") a.leaves = Leaves::Count;
      else if (v == "list") a.leaves = Leaves::List;
      else if (v == "make") a.leaves = Leaves::Make;
      else error = "--leaves: expected count, list or make";
    } else if (s == "--variant" && has_value) {
      a.variant = *args.next();
      if (a.variant != "speightstown" && a.variant != "bridgetown" && a.variant != "abapa")
        error = "--variant: expected speightstown, bridgetown or abapa";
    } else if (s == "--threads" && has_value) {
      const std::string_view v = *args.next();
      if (!examples::parse_int(v, 0u, examples::kMaxThreads, a.options.threads))
        error = examples::range_problem(s, 0u, examples::kMaxThreads, v, examples::kThreadsNote);
    } else if (s == "--hash" && has_value) {
      const std::string_view v = *args.next();
      if (!examples::parse_int(v, std::size_t{0}, examples::kMaxHashMb, a.options.hash_mb))
        error = examples::range_problem(s, std::size_t{0}, examples::kMaxHashMb, v, examples::kHashNote);
    } else if (s.starts_with("--")) {
      error = "unknown option or missing value: " + std::string(s);
    } else if (a.depth < 0) {
      if (!examples::parse_int(s, 0, 200, a.depth)) error = examples::range_problem("the depth", 0, 200, s);
    } else {
      if (!a.position.empty()) a.position += ' ';  // a Warri position may come as three fields
      a.position += s;
    }
    if (!error.empty()) return std::nullopt;
  }
  if (a.depth < 0) {
    error = "missing depth";
    return std::nullopt;
  }
  return a;
}

// Rank 0's main thread: answers the other ranks' requests (their results come with them) until
// every one of them has been told that the queue is empty. Polls, so that it does not spin a
// core its own counting threads need.
void serve(int ranks, std::size_t batch, PerftQueue& queue, std::span<std::uint64_t> results) {
  std::vector<std::uint64_t> buf(2 + batch);
  int working = ranks - 1;
  while (working > 0) {
    MPI_Request req;
    MPI_Irecv(buf.data(), static_cast<int>(buf.size()), MPI_UINT64_T, MPI_ANY_SOURCE, kTagRequest, MPI_COMM_WORLD,
              &req);
    MPI_Status st;
    for (int done = 0;;) {
      MPI_Test(&req, &done, &st);
      if (done != 0) break;
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    for (std::uint64_t i = buf[0]; i < buf[1]; ++i) results[i] = buf[2 + (i - buf[0])];
    const auto [first, last] = queue.take(batch);
    const std::array<std::uint64_t, 2> range{first, last};
    MPI_Send(range.data(), 2, MPI_UINT64_T, st.MPI_SOURCE, kTagBatch, MPI_COMM_WORLD);
    if (first == last) --working;
  }
}

template <class G>
int run(const Args& a, const typename G::Node& root, std::size_t roots, int rank, int ranks,
        const std::vector<std::string>& root_names) {
  const auto t0 = std::chrono::steady_clock::now();
  const unsigned threads = perft_threads(a.options.threads);
  std::vector<std::uint64_t> per_root(roots);
  std::size_t job_count = 0;
  if (a.depth >= 1) {
    std::unique_ptr<PerftTable> table;
    if (a.options.hash_mb != 0) table = std::make_unique<PerftTable>(PerftTable::megabytes(a.options.hash_mb));
    const std::vector<PerftJob<G>> jobs =
        perft_split<G>(root, a.depth, kPerftJobsPerThread * threads * static_cast<std::size_t>(ranks));
    job_count = jobs.size();
    std::vector<std::uint64_t> results(jobs.size());
    const std::size_t batch = 2 * static_cast<std::size_t>(threads);
    if (rank == 0) {
      PerftQueue queue(jobs.size());
      std::thread counting([&] { perft_drain<G>(jobs, queue, threads, a.leaves, table.get(), results); });
      serve(ranks, batch, queue, results);
      counting.join();
      for (std::size_t i = 0; i < jobs.size(); ++i) per_root[jobs[i].root] += results[i];
    } else {
      std::vector<std::uint64_t> msg{0, 0};
      for (;;) {
        MPI_Send(msg.data(), static_cast<int>(msg.size()), MPI_UINT64_T, 0, kTagRequest, MPI_COMM_WORLD);
        std::array<std::uint64_t, 2> range{};
        MPI_Recv(range.data(), 2, MPI_UINT64_T, 0, kTagBatch, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (range[0] == range[1]) break;
        const std::size_t n = range[1] - range[0];
        PerftQueue local(n);
        const std::span<const PerftJob<G>> mine(jobs.data() + range[0], n);
        perft_drain<G>(mine, local, threads, a.leaves, table.get(), std::span(results.data() + range[0], n));
        msg.assign(range.begin(), range.end());
        msg.insert(msg.end(), results.begin() + static_cast<std::ptrdiff_t>(range[0]),
                   results.begin() + static_cast<std::ptrdiff_t>(range[1]));
      }
    }
  }
  if (rank != 0) return 0;
  std::uint64_t total = a.depth == 0 ? 1 : 0;
  for (std::size_t i = 0; i < per_root.size(); ++i) {
    if (a.divide && a.depth >= 1 && i < root_names.size())
      std::printf("%s%" PRIu64 "\n", root_names[i].c_str(), per_root[i]);
    total += per_root[i];
  }
  std::printf("%" PRIu64 "\n", total);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "perft_mpi: %d ranks x %u threads, table %zu MiB per rank, %zu jobs, %.3f s\n", ranks, threads,
               a.options.hash_mb, job_count, secs);
  return 0;
}

int run_backgammon(const Args& a, int rank, int ranks, std::string& error) {
  bg::Position pos = bg::Position::start();
  if (!a.position.empty()) {
    auto r = bg::parse_position_id(a.position);
    if (!r) {
      error = r.error().to_string();
      return 2;
    }
    pos = *r;
  }
  std::vector<std::string> names;
  for (const bg::Dice& d : bg::kAllRolls)
    names.push_back(std::to_string(d.high()) + "-" + std::to_string(d.low()) + " ");
  return run<bg::PerftGame<bg::Standard>>(a, pos, bg::kAllRolls.size(), rank, ranks, names);
}

template <class R>
int run_warri(const Args& a, int rank, int ranks, std::string& error) {
  wa::BasicPosition<R> p = wa::BasicPosition<R>::start();
  if (!a.position.empty()) {
    auto r = wa::parse_position<R>(a.position);
    if (!r) {
      error = r.error().to_string();
      return 2;
    }
    p = *r;
  }
  wa::MoveList moves;
  wa::generate_moves(p, moves);
  std::vector<std::string> names;
  for (const wa::Move m : moves) names.push_back(std::string(1, wa::move_letter(m)) + ": ");
  return run<wa::PerftGame<R>>(a, p, wa::kMaxMoves, rank, ranks, names);
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::string error;
  int rc = 2;
  if (provided < MPI_THREAD_FUNNELED) {
    error = "the MPI library does not support threads (MPI_THREAD_FUNNELED)";
  } else if (const std::optional<Args> a = parse(argc, argv, error)) {
    try {
      if (a->game == "backgammon") rc = run_backgammon(*a, rank, ranks, error);
      else if (a->variant == "bridgetown") rc = run_warri<wa::Bridgetown>(*a, rank, ranks, error);
      else if (a->variant == "abapa") rc = run_warri<wa::Abapa>(*a, rank, ranks, error);
      else rc = run_warri<wa::Speightstown>(*a, rank, ranks, error);
    } catch (const std::exception& e) {  // bad_alloc for the table, thread creation
      std::fprintf(stderr, "perft_mpi: rank %d: %s\n", rank, e.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
  if (!error.empty() && rank == 0) std::fprintf(stderr, "perft_mpi: %s\n%s", error.c_str(), kUsage);
  MPI_Finalize();
  return rc;
}
