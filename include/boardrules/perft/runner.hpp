#pragma once
/// \file
/// perft at scale, for any game: a shared transposition table of exact counts (PerftTable), a
/// dynamic job queue (PerftQueue), and a runner that splits the tree near the root into many
/// small jobs and counts them on several threads (perft_split, PerftWorker, perft_drain,
/// perft_run). The games plug in through a small policy (backgammon/perft_parallel.hpp,
/// perft/warri.hpp).
///
/// Memory is sized before the run: the table, the job list and each thread's scratch are
/// allocated up front, and counting allocates nothing.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <span>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "boardrules/core/leaves.hpp"
#include "boardrules/perft/checkpoint.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// How a parallel perft runs.
struct PerftOptions {
  unsigned threads = 0;     ///< worker threads; 0: all hardware threads
  std::size_t hash_mb = 0;  ///< transposition table size in MiB (2^20 bytes); 0: no table
  /// A journal of finished jobs to resume from and append to (perft_checkpoint.hpp); null: none.
  PerftCheckpoint* checkpoint = nullptr;
};

/// The thread count `requested` stands for: itself, or all hardware threads when 0 (at least 1).
[[nodiscard]] inline unsigned perft_threads(unsigned requested) noexcept {
  if (requested != 0) return requested;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : n;
}

/// A table key: a whole position in a compact exact encoding plus the remaining depth, in two
/// words. Two keys are equal only for the same position at the same depth (never a hash alone).
/// A key is never all zeros (the games put depth >= 1 into it), which marks an empty slot.
struct PerftKey {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  friend constexpr bool operator==(const PerftKey&, const PerftKey&) noexcept = default;
};

/// A fixed-size table of exact perft counts, shared by threads without locks.
///
/// Buckets of one 64-byte cache line hold two entries {sequence, key, count}. An entry is a
/// seqlock: a writer takes it by moving its sequence from even to odd with a compare-exchange
/// (a store that finds it taken is dropped: storing is optional), writes key and count, and
/// makes the sequence even again; a reader keeps what it read only if the sequence was even and
/// unchanged around the read. So a hit always returns a count stored with exactly that key:
/// the key is compared whole, and torn reads are detected, not trusted. All fields are atomics
/// (relaxed loads and stores, which are plain moves on x86-64), so there is no data race.
/// Replacement: the first entry of a bucket keeps the larger count (the larger subtree, the more
/// work a hit saves), the second takes whatever the first does not.
class PerftTable {
 public:
  static constexpr std::size_t kBucketBytes = 64;

  /// A table of at most `bytes` bytes: the largest power of two of buckets that fits, at least
  /// one bucket. Allocates (and zeroes) it all now; may throw std::bad_alloc.
  explicit PerftTable(std::size_t bytes) : buckets_(bucket_count(bytes)), mask_(buckets_ - 1) {
    table_ = std::make_unique<Bucket[]>(buckets_);
  }

  /// A table of `mb` MiB.
  [[nodiscard]] static PerftTable megabytes(std::size_t mb) { return PerftTable(mb << 20); }

  /// Number of buckets (two entries each).
  [[nodiscard]] std::size_t buckets() const noexcept { return buckets_; }
  /// Size in bytes.
  [[nodiscard]] std::size_t bytes() const noexcept { return buckets_ * kBucketBytes; }

  /// The count stored under `key`, if any: true and `count` set on a hit.
  [[nodiscard]] bool probe(const PerftKey& key, std::uint64_t& count) const noexcept {
    const Bucket& b = table_[index(key)];
    for (const Entry& e : b.e) {
      const std::uint64_t s1 = e.seq.load(std::memory_order_acquire);
      if ((s1 & 1u) != 0) continue;
      const std::uint64_t lo = e.lo.load(std::memory_order_relaxed);
      const std::uint64_t hi = e.hi.load(std::memory_order_relaxed);
      const std::uint64_t n = e.count.load(std::memory_order_relaxed);
      std::atomic_thread_fence(std::memory_order_acquire);
      if (e.seq.load(std::memory_order_relaxed) != s1) continue;
      if (lo == key.lo && hi == key.hi) {
        count = n;
        return true;
      }
    }
    return false;
  }

  /// Stores `count` under `key` (may be dropped when another thread is writing the entry).
  void store(const PerftKey& key, std::uint64_t count) noexcept {
    Bucket& b = table_[index(key)];
    Entry& e = count >= b.e[0].count.load(std::memory_order_relaxed) ? b.e[0] : b.e[1];
    std::uint64_t s = e.seq.load(std::memory_order_relaxed);
    if ((s & 1u) != 0 || !e.seq.compare_exchange_strong(s, s + 1, std::memory_order_relaxed)) return;
    std::atomic_thread_fence(std::memory_order_release);
    e.lo.store(key.lo, std::memory_order_relaxed);
    e.hi.store(key.hi, std::memory_order_relaxed);
    e.count.store(count, std::memory_order_relaxed);
    e.seq.store(s + 2, std::memory_order_release);
  }

 private:
  struct Entry {
    std::atomic<std::uint64_t> seq{0};
    std::atomic<std::uint64_t> lo{0};
    std::atomic<std::uint64_t> hi{0};
    std::atomic<std::uint64_t> count{0};
  };
  struct alignas(kBucketBytes) Bucket {
    Entry e[2];
  };
  static_assert(sizeof(Bucket) == kBucketBytes);

  static std::size_t bucket_count(std::size_t bytes) noexcept {
    std::size_t n = 1;
    while (n * 2 * kBucketBytes <= bytes && n * 2 != 0) n *= 2;
    return n;
  }
  // A 128-to-64-bit mix (the multiply-xorshift finaliser of SplitMix64 over both words).
  [[nodiscard]] std::size_t index(const PerftKey& k) const noexcept {
    std::uint64_t h = k.lo * 0x9E3779B97F4A7C15ull ^ (k.hi + 0x632BE59BD9B4E019ull);
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
    h ^= h >> 31;
    return static_cast<std::size_t>(h) & mask_;
  }

  std::size_t buckets_;
  std::size_t mask_;
  std::unique_ptr<Bucket[]> table_;
};

// The runner's parts: a split into jobs, a queue that hands them out, one worker per thread.
// Implementation, not API: perft_run (below) and the games' perft_parallel are the interface.
namespace perft_detail {

/// Hands out job indices 0..size-1 to whoever asks, in order, each once (thread-safe).
class PerftQueue {
 public:
  explicit PerftQueue(std::size_t jobs) noexcept : size_(jobs) {}
  /// Takes up to `n` jobs: the range [first, last), empty when none are left.
  [[nodiscard]] std::pair<std::size_t, std::size_t> take(std::size_t n = 1) noexcept {
    const std::size_t first = std::min(next_.fetch_add(n, std::memory_order_relaxed), size_);
    return {first, std::min(first + n, size_)};
  }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  std::atomic<std::size_t> next_{0};
  std::size_t size_;
};

/// A job: the subtree of `node` to `depth` more plies, counted for the root child `root` (the
/// index that --divide reports: a roll for backgammon, a move for Warri).
template <class G>
struct PerftJob {
  typename G::Node node;
  int depth = 0;
  std::uint32_t root = 0;
};

/// One thread's counter: its scratch (sized for `max_depth` once, here) and the shared table.
///
/// The policy G gives: `Node`; `Scratch` (constructible from a depth); `kTableMinDepth` and
/// `kBaseMaxDepth`; `base(node, depth, leaves)`, the library's own perft; `key(node, depth)`,
/// exact; `children(node, depth, scratch, f)`, calling f(child, root index) for each child of the
/// tree (none for a finished game), the index being the child's position in the root's --divide
/// list.
template <class G>
class PerftWorker {
 public:
  PerftWorker(int max_depth, Leaves leaves, PerftTable* table) : scratch_(max_depth), leaves_(leaves), table_(table) {}

  /// perft(node, depth). Without a table: the library's perft. With one: nodes of depth
  /// G::kTableMinDepth or more are looked up and stored; a node is counted by the library's perft
  /// up to depth G::kBaseMaxDepth, above that as the sum over its children.
  [[nodiscard]] std::uint64_t count(const typename G::Node& node, int depth) noexcept {
    if (table_ == nullptr || depth < G::kTableMinDepth) return G::base(node, depth, leaves_);
    const PerftKey key = G::key(node, depth);
    std::uint64_t n = 0;
    if (table_->probe(key, n)) return n;
    if (depth <= G::kBaseMaxDepth) {
      n = G::base(node, depth, leaves_);
    } else {
      G::children(node, depth, scratch_,
                  [&](const typename G::Node& child, std::uint32_t) { n += count(child, depth - 1); });
    }
    table_->store(key, n);
    return n;
  }

 private:
  typename G::Scratch scratch_;
  Leaves leaves_;
  PerftTable* table_;
};

/// The jobs of perft(root, depth), depth >= 1: the root's children (each with its root index),
/// then, while there are fewer than `min_jobs` and the jobs are at least `min_split_depth` deep,
/// the children of all of them (ply by ply, so every job of a list has the same depth).
/// Their counts add up to perft(root, depth); a finished game has no jobs.
template <class G>
[[nodiscard]] std::vector<PerftJob<G>> perft_split(const typename G::Node& root, int depth, std::size_t min_jobs,
                                                   int min_split_depth = 3) {
  typename G::Scratch scratch(depth);
  std::vector<PerftJob<G>> jobs;
  G::children(root, depth, scratch, [&](const typename G::Node& child, std::uint32_t i) {
    jobs.push_back({child, depth - 1, i});
  });
  while (jobs.size() < min_jobs && !jobs.empty() && jobs.front().depth >= min_split_depth) {
    std::vector<PerftJob<G>> next;
    for (const PerftJob<G>& j : jobs) {
      G::children(j.node, j.depth, scratch, [&](const typename G::Node& child, std::uint32_t) {
        next.push_back({child, j.depth - 1, j.root});
      });
    }
    jobs = std::move(next);
  }
  return jobs;
}

/// A digest of a job list (each job's node and depth by its table key, its root index, in
/// order): equal lists have equal digests, so a journal can tell another split from its own.
/// FNV-1a over the 64-bit words, stable across builds and platforms.
template <class G>
[[nodiscard]] std::uint64_t perft_jobs_digest(std::span<const PerftJob<G>> jobs) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ull;
  const auto mix = [&h](std::uint64_t w) noexcept {
    for (int i = 0; i < 8; ++i) {
      h ^= (w >> (8 * i)) & 0xFFu;
      h *= 0x100000001b3ull;
    }
  };
  for (const PerftJob<G>& j : jobs) {
    const PerftKey k = G::key(j.node, j.depth);
    mix(k.lo);
    mix(k.hi);
    mix(j.root);
  }
  return h;
}

/// The default job hook of perft_drain: nothing.
struct PerftNoHook {
  void operator()(std::size_t, std::uint64_t) const noexcept {}
};

/// Counts the jobs that `queue` hands out on `threads` threads (the calling thread alone when
/// 1), one job at a time so that uneven subtrees balance, into results[job index], calling
/// on_done(job index, count) (noexcept, from the counting thread) as each job finishes.
/// Allocation (the threads' scratch) happens before any counting starts. May throw
/// std::bad_alloc or std::system_error (thread creation) before counting.
template <class G, class F = PerftNoHook>
void perft_drain(std::span<const PerftJob<G>> jobs, PerftQueue& queue, unsigned threads, Leaves leaves,
                 PerftTable* table, std::span<std::uint64_t> results, F&& on_done = F{}) {
  int max_depth = 0;
  for (const PerftJob<G>& j : jobs) max_depth = std::max(max_depth, j.depth);
  std::vector<std::unique_ptr<PerftWorker<G>>> workers;
  for (unsigned t = 0; t < std::max(threads, 1u); ++t)
    workers.push_back(std::make_unique<PerftWorker<G>>(max_depth, leaves, table));
  auto work = [&](PerftWorker<G>& w) noexcept {
    for (;;) {
      const std::size_t i = queue.take().first;
      if (i >= jobs.size()) return;
      results[i] = w.count(jobs[i].node, jobs[i].depth);
      on_done(i, results[i]);
    }
  };
  if (workers.size() == 1) {
    work(*workers[0]);
    return;
  }
  std::vector<std::jthread> pool;
  pool.reserve(workers.size() - 1);
  for (std::size_t t = 1; t < workers.size(); ++t) pool.emplace_back(work, std::ref(*workers[t]));
  work(*workers[0]);
}

/// Jobs per thread the split aims at: many more than threads, so that the last, uneven jobs
/// leave little idle time.
inline constexpr std::size_t kPerftJobsPerThread = 64;

}  // namespace perft_detail

/// perft(root, depth) per root index (the --divide list: `roots` entries) on
/// options.threads threads with a table of options.hash_mb MiB, or `table` when not null (which
/// then wins over hash_mb). With options.checkpoint, the jobs it holds are taken from it, not
/// counted, and each job counted is recorded in it as it finishes (the split is the journal's
/// when it has one, so a resumed run makes the same jobs whatever its thread count; a new
/// journal's split is at most kPerftMaxSplit); throws
/// std::invalid_argument (std::abort() without exceptions), before counting, when the journal's
/// jobs are not this run's.
/// Precondition: depth >= 1.
template <class G>
[[nodiscard]] std::vector<std::uint64_t> perft_run(const typename G::Node& root, int depth, Leaves leaves,
                                                   const PerftOptions& options, std::size_t roots,
                                                   PerftTable* table = nullptr) {
  const unsigned threads = perft_threads(options.threads);
  std::unique_ptr<PerftTable> own;
  if (table == nullptr && options.hash_mb != 0) {
    own = std::make_unique<PerftTable>(PerftTable::megabytes(options.hash_mb));
    table = own.get();
  }
  PerftCheckpoint* const journal = options.checkpoint;
  // With a journal, the split its file gives, or at most kPerftMaxSplit (what a journal holds).
  const std::size_t asked = perft_detail::kPerftJobsPerThread * threads;
  const std::size_t split = journal == nullptr      ? asked
                            : journal->split() != 0 ? journal->split()
                                                    : std::min(asked, kPerftMaxSplit);
  const std::vector<perft_detail::PerftJob<G>> jobs = perft_detail::perft_split<G>(root, depth, split);
  std::vector<std::uint64_t> results(jobs.size());
  if (journal == nullptr) {
    perft_detail::PerftQueue queue(jobs.size());
    perft_detail::perft_drain<G>(jobs, queue, threads, leaves, table, results);
  } else {
    if (const Status s = journal->begin(split, jobs.size(), perft_detail::perft_jobs_digest<G>(jobs)); !s.has_value()) {
#if defined(__cpp_exceptions)
      throw std::invalid_argument(s.error().to_string());
#else
      // Built without exceptions: stop as a failed allocation would.
      std::fprintf(stderr, "%s\n", s.error().to_string().c_str());
      std::abort();
#endif
    }
    std::vector<perft_detail::PerftJob<G>> pending;
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
      if (journal->done(i, results[i])) continue;
      pending.push_back(jobs[i]);
      index.push_back(i);
    }
    std::vector<std::uint64_t> counted(pending.size());
    perft_detail::PerftQueue queue(pending.size());
    perft_detail::perft_drain<G>(pending, queue, threads, leaves, table, counted,
                                 [&](std::size_t k, std::uint64_t n) noexcept { journal->record(index[k], n); });
    for (std::size_t k = 0; k < pending.size(); ++k) results[index[k]] = counted[k];
  }
  std::vector<std::uint64_t> per_root(roots);
  for (std::size_t i = 0; i < jobs.size(); ++i) per_root[jobs[i].root] += results[i];
  return per_root;
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
