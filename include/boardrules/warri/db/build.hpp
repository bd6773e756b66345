#pragma once
/// \file
/// The retrograde solver of Warri endgame boards (WA-8.6): layer after layer from 0 seeds up,
/// each layer a fixpoint over its own moves (a move that captures leads to a smaller layer,
/// already solved), on threads, with the memory sized before the run and progress on a terminal;
/// optionally split over processes (BuildSplit).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/db/memory.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/value.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/outcome.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// The values of every board of 0 .. max_seeds seeds for one set of decisions: values[i] is the
/// board of index i (board_index, index.hpp).
struct Table {
  std::string variant;  ///< the variant's name (R::name, or the caller's)
  Decisions decisions;
  int max_seeds = 0;
  std::vector<Value> values;

  /// The value of a board (WA-8.5); nullopt when it has more than max_seeds seeds. Allocation-free.
  [[nodiscard]] std::optional<Value> probe(const Board& b) const noexcept {
    if (board_seeds(b) > max_seeds) return std::nullopt;
    return values[static_cast<std::size_t>(board_index(b))];
  }
  /// The value of a position's board (WA-8.1: from the side to move's view).
  template <class R>
  [[nodiscard]] std::optional<Value> probe(const BasicPosition<R>& p) const noexcept {
    return probe(board_of(p));
  }
};

/// What a build did in one layer (docs/databases.md).
struct LayerStats {
  int seeds = 0;
  std::uint64_t boards = 0;
  std::uint64_t wins = 0, draws = 0, losses = 0;  ///< for the mover, stores as even as can be (WA-8.5)
  std::uint64_t terminal = 0;                     ///< boards without a legal move (WA-4.2)
  std::uint64_t cycling = 0;                      ///< boards where the two fixpoints differ (WA-8.4, WA-8.6)
  int sweeps = 0;                                 ///< passes until both fixpoints held
  double seconds = 0;                             ///< wall-clock time
  double cpu_seconds = 0;  ///< processor time of the whole process (all threads), as std::clock counts it

  /// Counts one board of verdict v.
  constexpr void add(Verdict v) noexcept {
    switch (v) {
      case Verdict::Win: ++wins; break;
      case Verdict::Draw: ++draws; break;
      case Verdict::Loss: ++losses; break;
    }
  }
  /// Adds the wins, draws, losses and cycling boards that o counted.
  constexpr void add_counts(const LayerStats& o) noexcept {
    wins += o.wins;
    draws += o.draws;
    losses += o.losses;
    cycling += o.cycling;
  }
};

namespace detail {

// The seeds of the mover's row of a board.
[[nodiscard]] constexpr int own_row(const Board& b) noexcept {
  int own = 0;
  for (int h = 0; h < kRowHouses; ++h) own += b[static_cast<std::size_t>(h)];
  return own;
}

// WA-8.6: a board's value from the solver's two fixpoints, the lower lo and the upper hi: lo
// where they meet (each side forces what it can); where they differ play may go round, and each
// side takes the seeds of the cycle's end `cycle_end`, kept between the two bounds.
[[nodiscard]] constexpr Value settle(Value lo, Value hi, Value cycle_end) noexcept {
  if (hi == lo) return lo;
  return Value{std::min(std::max(cycle_end.mover, lo.mover), hi.mover),
               std::min(std::max(cycle_end.other, lo.other), hi.other)};
}

// The counts of layer n whose board of rank r has the value value_of(r), as a build counts them.
template <class F>
[[nodiscard]] LayerStats count_verdicts(int n, int win_seeds, const F& value_of) {
  LayerStats s;
  s.seeds = n;
  s.boards = layer_size(n);
  for (std::uint64_t r = 0; r < s.boards; ++r) s.add(even_stores_verdict(value_of(r), n, win_seeds));
  return s;
}

[[nodiscard]] inline Error no_layer(int n, int max_seeds) {
  return make_error(ErrorCode::out_of_range,
                    "no layer " + std::to_string(n) + " in a table of 0.." + std::to_string(max_seeds) + " seeds",
                    "layer");
}

}  // namespace detail

/// The wins, draws and losses of layer n of a table (0 <= n <= t.max_seeds), counted as a build
/// counts them (`even_stores_verdict`): `seeds`, `boards` and those three set, the rest zero.
/// Reads a finished table, such as one loaded from a file. An Error (out_of_range, where "layer")
/// for a layer the table does not hold.
[[nodiscard]] inline Result<LayerStats> layer_verdicts(const Table& t, int n) {
  if (n < 0 || n > t.max_seeds || t.values.size() < layer_offset(n + 1))
    return detail::no_layer(n, t.max_seeds);
  const std::uint64_t first = layer_offset(n);
  return detail::count_verdicts(n, t.decisions.win_seeds,
                                [&](std::uint64_t r) { return t.values[static_cast<std::size_t>(first + r)]; });
}

/// A build split over processes (an MPI job: examples/warri_endgame_mpi.cpp). Every process holds
/// each layer's words whole but sweeps only its own part of the boards; between passes the parts
/// are joined, so a pass reads every board's words as they were after the last one. The two
/// fixpoints of WA-8.6 are unique and reached from below (above) in any order, so every split
/// gives the same table as one process.
struct BuildSplit {
  /// The boards [first, last) of a layer of `size` boards that this process solves.
  std::function<std::pair<std::uint64_t, std::uint64_t>(std::uint64_t size)> part;
  /// Called once the moves are found and after each pass, with the layer's words (one a board:
  /// the least fixpoint in the low 16 bits, the greatest in the high 16), this process's part
  /// current: must make the other parts current from the processes that solve them, and return
  /// whether any process changed a word in the pass (`changed`: whether this one did).
  std::function<bool(std::span<std::uint32_t> words, bool changed)> join;
  /// Called once the layer is solved, with its values (this process's part set): must set the
  /// others and add the other processes' counts (terminal, wins, draws, losses, cycling) to stats.
  std::function<void(std::span<Value> values, LayerStats& stats)> gather;
};

/// How a build runs.
struct BuildOptions {
  unsigned threads = 1;                             ///< worker threads (0: all hardware threads)
  /// Progress after every pass: the board sweeps done, and those of the whole build as estimated
  /// so far (done == all at the last pass); the kind of callback the backgammon databases' builds
  /// take. The library prints nothing.
  std::function<void(std::size_t done, std::size_t all)> progress;
  std::function<void(const LayerStats&)> on_layer;  ///< called after each layer
  /// Called with the table after each layer, layers 0..seeds solved and max_seeds = seeds (a
  /// database of its own: written to a file, it is a checkpoint that `resume` takes).
  std::function<void(const Table&)> on_table;
  /// A solved table of fewer seeds and the same decisions (a checkpoint): its layers are taken,
  /// not solved again.
  const Table* resume = nullptr;
  std::string variant;  ///< the name the table records; empty: R::name
  /// Solve a part of each layer and join the parts (BuildSplit); null: every board here.
  const BuildSplit* split = nullptr;
};

/// The largest database the solver builds: an in-layer rank must fit 31 bits.
inline constexpr int kMaxBuildSeeds = 28;

/// Bytes a build of max_seeds seeds allocates (all before the first board is solved): the table,
/// 2 bytes a board, and the work space of the largest layer, 29 bytes a board (6 moves of 4
/// bytes, a move count, the two fixpoints in 4 bytes).
[[nodiscard]] constexpr std::uint64_t build_bytes(int max_seeds) noexcept {
  return 2 * layer_offset(max_seeds + 1) + 29 * layer_size(max_seeds);
}

/// The end of the game in a position, scored with the variant's awards: `cycled` false for an
/// end by WA-4.1 or WA-4.2 (`outcome`), true for the cycle end of WA-4.3 (`cycle_outcome`).
template <class R>
struct DefaultScore {
  [[nodiscard]] Outcome operator()(const BasicPosition<R>& p, bool cycled) const noexcept {
    return cycled ? cycle_outcome(p) : outcome(p);
  }
};

namespace detail {

inline constexpr std::uint32_t kExit = 0x8000'0000u;  // a move that captures: its value inline

// The runner: f(begin, end) over [0, count) in chunks, on `threads` threads (the calling thread
// among them), chunks handed out in order so that uneven work balances.
template <class F>
void for_chunks(std::uint64_t count, unsigned threads, F&& f) {
  constexpr std::uint64_t kChunk = 1u << 13;
  std::atomic<std::uint64_t> next{0};
  const auto work = [&]() noexcept {
    for (;;) {
      const std::uint64_t b = next.fetch_add(kChunk, std::memory_order_relaxed);
      if (b >= count) return;
      f(b, std::min(b + kChunk, count));
    }
  };
  if (threads <= 1 || count <= kChunk) {
    work();
    return;
  }
  std::vector<std::jthread> pool;
  pool.reserve(threads - 1);
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
}

// 25 (win_seeds) minus the smallest store s = 0 .. win_seeds of one side with which
// `wins(s, the other side's store)` holds (WA-8.5); a store beyond the seeds there are is taken
// to win, as a store of win_seeds does.
template <class F>
[[nodiscard]] int forced(int seeds, int win_seeds, F&& wins) {
  for (int s = 0; s < win_seeds; ++s) {
    const int rest = kTotalSeeds - seeds - s;
    if (rest < 0) break;  // no such store: none wins (WA-8.5)
    if (wins(s, rest)) return win_seeds - s;
  }
  return 0;
}

// The value of an end (WA-8.5) scored by score(position, cycled) for every store split.
template <class R, class Score>
[[nodiscard]] Value end_value(const Board& b, int seeds, bool cycled, const Score& score) {
  const auto mover = forced(seeds, R::win_seeds, [&](int s, int t) {
    const Outcome o = score(position_of<R>(b, s, t), cycled);
    return o.winner == Player::South;
  });
  const auto other = forced(seeds, R::win_seeds, [&](int t, int s) {
    const Outcome o = score(position_of<R>(b, s, t), cycled);
    return o.winner == Player::North;
  });
  return Value{static_cast<std::uint8_t>(mover), static_cast<std::uint8_t>(other)};
}

[[nodiscard]] constexpr std::uint16_t pack(int mover, int other) noexcept {
  return static_cast<std::uint16_t>(mover | other << 8);
}

}  // namespace detail

/// Solves every board of 0 .. max_seeds seeds (WA-8.6) for the moves of R, the ends scored by
/// score(position, cycled) (DefaultScore<R>: the variant's own). The memory (build_bytes) is
/// allocated before any board is solved; may throw std::bad_alloc or std::system_error then.
/// An Error when max_seeds is not 0 .. kMaxBuildSeeds, and (ErrorCode::resource) when the
/// machine has less memory available than build_bytes (db/memory.hpp, check_memory).
template <class R, class Score = DefaultScore<R>>
[[nodiscard]] Result<Table> build(int max_seeds, const BuildOptions& options = {}, const Score& score = {},
                                  const Decisions& decisions = decisions_of<R>()) {
  if (max_seeds < 0 || max_seeds > kMaxBuildSeeds) {
    return make_error(ErrorCode::out_of_range,
                      "seeds must be 0.." + std::to_string(kMaxBuildSeeds) + ", found " + std::to_string(max_seeds),
                      "seeds");
  }
  // Refused before anything is allocated when the machine has less memory than the build takes
  // (a split build, one process of several, takes less: its parts are not known yet here).
  if (options.split == nullptr) {
    if (Status s = check_memory(build_bytes(max_seeds), "a build of " + std::to_string(max_seeds) + " seeds"); !s)
      return s.error();
  }
  const unsigned threads = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  Table table;
  table.variant = options.variant.empty() ? std::string(R::name) : options.variant;
  table.decisions = decisions;
  table.max_seeds = max_seeds;
  table.values.resize(static_cast<std::size_t>(layer_offset(max_seeds + 1)));
  int first_layer = 0;
  if (const Table* r = options.resume; r != nullptr) {
    if (!(r->decisions == decisions) || r->max_seeds > max_seeds ||
        r->values.size() != static_cast<std::size_t>(layer_offset(r->max_seeds + 1))) {
      return make_error(ErrorCode::usage, "the table to resume from is of other decisions or more seeds", "resume");
    }
    std::copy(r->values.begin(), r->values.end(), table.values.begin());
    first_layer = r->max_seeds + 1;
  }
  const BuildSplit* split = options.split;
  // The boards [first, last) of a layer that this process solves: all of them unless split.
  const auto part_of = [split](std::uint64_t size) {
    return split != nullptr ? split->part(size) : std::pair<std::uint64_t, std::uint64_t>{0, size};
  };
  const auto largest = static_cast<std::size_t>(layer_size(max_seeds));
  std::size_t largest_part = 0;  // the moves and their counts are kept for this process's part only
  for (int n = first_layer; n <= max_seeds; ++n) {
    const auto [first, last] = part_of(layer_size(n));
    if (first > last || last > layer_size(n))
      return make_error(ErrorCode::out_of_range, "a split part outside its layer", "split");
    largest_part = std::max(largest_part, static_cast<std::size_t>(last - first));
  }
  std::vector<std::uint32_t> edges(largest_part * kMaxMoves);
  std::vector<std::uint8_t> counts(largest_part);
  // Both fixpoints of a board in one word (the least in the low half): one cache line per child.
  std::vector<std::uint32_t> both(largest);

  double work_done = 0;  // board sweeps so far, for the progress
  double work_per_board = 0;
  std::uint64_t boards_done = 0;
  for (int n = first_layer; n <= max_seeds; ++n) {
    const auto layer_start = std::chrono::steady_clock::now();
    const std::clock_t layer_clock = std::clock();
    const std::uint64_t size = layer_size(n);
    const std::uint64_t offset = layer_offset(n);
    const std::pair<std::uint64_t, std::uint64_t> part = part_of(size);
    const std::uint64_t first = part.first, last = part.second;
    const std::span<std::uint32_t> words(both.data(), static_cast<std::size_t>(size));
    LayerStats stats;
    stats.seeds = n;
    stats.boards = size;
    // The cycle end by the seeds in the mover's row (WA-8.4): every award reads only the row counts.
    std::vector<Value> cycle_end(static_cast<std::size_t>(n) + 1);
    for (int k = 0; k <= n; ++k) {
      Board b{};
      b[0] = static_cast<std::uint8_t>(k);
      b[kRowHouses] = static_cast<std::uint8_t>(n - k);
      cycle_end[static_cast<std::size_t>(k)] = detail::end_value<R>(b, n, true, score);
    }
    // The moves of every board: a move into the layer by its child's rank, a capture by the
    // values it gives (WA-8.6: O(q) + c for the mover, M(q) for the other side); the ends.
    // Board r of the part is counts[i] and edges[6 i ..], i = r - first.
    std::atomic<std::uint64_t> terminal{0};
    detail::for_chunks(last - first, threads, [&](std::uint64_t begin, std::uint64_t end) {
      std::uint64_t ends = 0;
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint64_t r = first + i;
        const Board b = unrank(n, r);
        const BasicPosition<R> p = position_of<R>(b);
        MoveList moves;
        generate_moves(p, moves);
        counts[i] = static_cast<std::uint8_t>(moves.size());
        if (moves.empty()) {
          const Value v = detail::end_value<R>(b, n, false, score);
          const std::uint32_t x = detail::pack(v.mover, v.other);
          both[r] = x | x << 16;
          ++ends;
          continue;
        }
        both[r] = static_cast<std::uint32_t>(detail::pack(n, n)) << 16;
        std::size_t j = static_cast<std::size_t>(i) * kMaxMoves;
        for (const Move m : moves) {
          const BasicPosition<R> q = apply(p, m);
          const int c = q.store(Player::South);
          const Board child = board_of(q);
          if (c == 0) {
            edges[j++] = static_cast<std::uint32_t>(rank(child));
          } else {
            const Value v = table.values[static_cast<std::size_t>(layer_offset(n - c) + rank(child))];
            edges[j++] = detail::kExit | static_cast<std::uint32_t>(detail::pack(v.other + c, v.mover));
          }
        }
      }
      terminal.fetch_add(ends, std::memory_order_relaxed);
    });
    stats.terminal = terminal.load();
    if (split != nullptr) (void)split->join(words, true);  // the other parts' starting words
    // Both fixpoints of the layer (WA-8.6): lo rises from nothing, hi falls from everything.
    // Passes update in place (chaotic iteration: a monotone map from the bottom, or the top,
    // still reaches the least, or greatest, fixpoint); a pass that changes nothing ends it.
    for (;;) {
      std::atomic<bool> changed{false};
      detail::for_chunks(last - first, threads, [&](std::uint64_t begin, std::uint64_t end) {
        bool any = false;
        for (std::uint64_t i = begin; i < end; ++i) {
          const std::uint64_t r = first + i;
          const int k = counts[i];
          if (k == 0) continue;
          std::atomic_ref<std::uint32_t> ref(both[r]);
          const std::uint32_t was = ref.load(std::memory_order_relaxed);
          // The least fixpoint only rises and the greatest only falls, the board's value between
          // them: once they meet, the board is solved.
          if ((was & 0xFFFFu) == was >> 16) continue;
          int lo_m = 0, lo_o = 255, hi_m = 0, hi_o = 255;
          const std::uint32_t* e = &edges[static_cast<std::size_t>(i) * kMaxMoves];
          for (int j = 0; j < k; ++j) {
            std::uint32_t x;  // the child's values, the least fixpoint low, the greatest high
            if ((e[j] & detail::kExit) != 0) {
              x = e[j] & 0xFFFFu;
              x |= x << 16;
            } else {
              x = std::atomic_ref<std::uint32_t>(both[e[j]]).load(std::memory_order_relaxed);
            }
            // Child values are (mover, other) of the other side: its `other` is this mover's
            // (an exit holds this board's own (mover, other) already, see above).
            const bool exit = (e[j] & detail::kExit) != 0;
            const int l_mover = static_cast<int>(exit ? (x & 0xFFu) : (x >> 8 & 0xFFu));
            const int l_other = static_cast<int>(exit ? (x >> 8 & 0xFFu) : (x & 0xFFu));
            const int h_mover = static_cast<int>(exit ? (x >> 16 & 0xFFu) : (x >> 24 & 0xFFu));
            const int h_other = static_cast<int>(exit ? (x >> 24 & 0xFFu) : (x >> 16 & 0xFFu));
            lo_m = std::max(lo_m, l_mover);
            lo_o = std::min(lo_o, l_other);
            hi_m = std::max(hi_m, h_mover);
            hi_o = std::min(hi_o, h_other);
          }
          const std::uint32_t now = detail::pack(lo_m, lo_o) | static_cast<std::uint32_t>(detail::pack(hi_m, hi_o))
                                                                   << 16;
          if (was != now) {
            ref.store(now, std::memory_order_relaxed);
            any = true;
          }
        }
        if (any) changed.store(true, std::memory_order_relaxed);
      });
      // A split build: a pass ends when no process changed a word.
      const bool any_changed = split != nullptr ? split->join(words, changed.load()) : changed.load();
      ++stats.sweeps;
      work_done += static_cast<double>(size);
      if (options.progress) {
        // The sweeps left: another of this layer unless this pass was its last, then the boards
        // of the layers above, each swept as often as the boards so far were on average.
        const double per_board = boards_done > 0 ? work_per_board / static_cast<double>(boards_done) : stats.sweeps;
        const double left = (any_changed ? static_cast<double>(size) : 0.0) +
                            static_cast<double>(layer_offset(max_seeds + 1) - offset - size) * per_board;
        options.progress(static_cast<std::size_t>(work_done), static_cast<std::size_t>(work_done + left));
      }
      if (!any_changed) break;
    }
    work_per_board += static_cast<double>(stats.sweeps) * static_cast<double>(size);
    boards_done += size;
    // The values: each side forces what it can, the cycle end counts in between (WA-8.6).
    LayerStats counted;
    std::mutex counted_lock;
    detail::for_chunks(last - first, threads, [&](std::uint64_t begin, std::uint64_t end) {
      LayerStats mine;
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint64_t r = first + i;
        const Value lo{static_cast<std::uint8_t>(both[r] & 0xFF), static_cast<std::uint8_t>(both[r] >> 8 & 0xFF)};
        const Value hi{static_cast<std::uint8_t>(both[r] >> 16 & 0xFF), static_cast<std::uint8_t>(both[r] >> 24)};
        Value v = lo;
        if (counts[i] != 0 && hi != lo) {  // neither side can force all: play may go round
          ++mine.cycling;
          v = detail::settle(lo, hi, cycle_end[static_cast<std::size_t>(detail::own_row(unrank(n, r)))]);
        }
        table.values[static_cast<std::size_t>(offset + r)] = v;
        mine.add(even_stores_verdict(v, n, R::win_seeds));
      }
      const std::lock_guard<std::mutex> lock(counted_lock);
      counted.add_counts(mine);
    });
    stats.add_counts(counted);
    if (split != nullptr) split->gather({table.values.data() + offset, static_cast<std::size_t>(size)}, stats);
    stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - layer_start).count();
    stats.cpu_seconds = static_cast<double>(std::clock() - layer_clock) / CLOCKS_PER_SEC;
    if (options.on_layer) options.on_layer(stats);
    if (options.on_table) {
      // The layers solved so far as a table of n seeds: a view of the same values, for a moment.
      Table done;
      done.variant = table.variant;
      done.decisions = table.decisions;
      done.max_seeds = n;
      done.values.swap(table.values);
      done.values.resize(static_cast<std::size_t>(layer_offset(n + 1)));
      options.on_table(done);
      done.values.resize(static_cast<std::size_t>(layer_offset(max_seeds + 1)));
      table.values.swap(done.values);
    }
  }
  return table;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
