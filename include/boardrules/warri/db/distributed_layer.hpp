#pragma once
/// \file
/// One layer of the distributed build (distributed_build.hpp) on one rank, in stages: (1) the
/// moves of the rank's boards, a capture's value (a smaller layer, WA-8.2) asked of its owner once
/// and the captures of a board folded into one pair; (2) passes until no rank changes a word, each
/// rank sweeping its unsolved boards in rounds, generating their moves again (or reading them from
/// the move cache), asking the owners for the children's words (exchange.hpp); (3) the values (the
/// cycle end clamped between the fixpoints), the layer's palette (the union of the ranks' values),
/// the rank's slice written, and the manifest (by rank 0) once every slice is on disk.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/comm.hpp"
#include "boardrules/warri/db/compact.hpp"
#include "boardrules/warri/db/distributed_options.hpp"
#include "boardrules/warri/db/exchange.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/partition.hpp"
#include "boardrules/warri/db/slice_file.hpp"
#include "boardrules/warri/db/sliced_table.hpp"
#include "boardrules/warri/db/value.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame::detail {

// A rank's part of a finished layer, for the captures' look-ups.
struct HeldLayer {
  LayerCodec codec;
  std::vector<std::uint8_t> bytes;  // held in memory, or
  SliceData slice;                  // mapped
  const std::uint8_t* data = nullptr;
  [[nodiscard]] Value at(std::uint64_t local) const noexcept { return codec.decode(data, local); }
};

// The boards of a layer by rank, for ranks that mostly increase by a little: the next ranks are
// stepped to (next_board), others unranked.
class BoardWalker {
 public:
  explicit BoardWalker(int n) noexcept : n_(n) {}
  [[nodiscard]] const Board& at(std::uint64_t r) noexcept {
    if (valid_ && r > r_ && r - r_ <= 16) {
      while (r_ < r) {
        (void)next_board(b_);
        ++r_;
      }
    } else if (!valid_ || r != r_) {
      b_ = unrank(n_, r);
      r_ = r;
      valid_ = true;
    }
    return b_;
  }

 private:
  int n_;
  bool valid_ = false;
  std::uint64_t r_ = 0;
  Board b_{};
};

[[nodiscard]] inline double cpu_now() noexcept { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }
// A layer being solved: what its stages (SlicedBuild::solve_layer) hand each other.
struct SlicedLayer {
  int n = 0;
  Partition part;
  std::uint64_t mine = 0;    // the boards this rank holds
  std::uint64_t cached = 0;  // those of them whose moves the move cache keeps
  SlicedLayerStats stats;
  std::vector<Value> cycle_end;  // by the seeds of the mover's row (WA-8.4)
  std::chrono::steady_clock::time_point start;
  double cpu_start = 0;
  LayerStats counted;  // the values' counts on this rank (stage 3)
};

// One rank's build of the layers after the finished ones, layer by layer (solve_layer), in stages;
// every stage that calls the ranks' collectives calls them in the same order on every rank.
template <class R, class Score>
class LayerSolver {
 public:
  // `manifest` and `held`: the table so far (distributed_build.hpp), its finished layers held.
  LayerSolver(const std::string& dir, int max_seeds, Comm& comm, const SlicedBuildOptions& options,
              const Score& score, const Decisions& decisions, std::string variant, Manifest manifest,
              std::vector<HeldLayer> held)
      : dir_(dir),
        max_seeds_(max_seeds),
        comm_(comm),
        options_(options),
        score_(score),
        decisions_(decisions),
        me_(comm.rank()),
        ranks_(comm.ranks()),
        threads_(options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency())),
        variant_(std::move(variant)),
        manifest_(std::move(manifest)),
        held_(std::move(held)) {
    make_work_space(static_cast<int>(manifest_.layers.size()));
  }

  // Layer n: (1) its moves and captures, (2) the passes, (3) its values, written.
  Status solve_layer(int n) {
    SlicedLayer layer = start_layer(n);
    solve_moves(layer);
    run_passes(layer);
    settle_values(layer);
    return publish(layer);
  }

 private:
  [[nodiscard]] Partition partition_of(int n) const noexcept { return Partition{options_.partition, layer_size(n), ranks_}; }

  // The work space, sized for the largest layer before the first board is solved.
  void make_work_space(int first_layer) {
    std::uint64_t largest = 0;
    std::uint64_t largest_cached = 0;
    for (int n = first_layer; n <= max_seeds_; ++n) {
      const std::uint64_t mine = partition_of(n).count(me_);
      largest = std::max(largest, mine);
      if (layer_size(n) <= (std::uint64_t{1} << 32))
        largest_cached = std::max(largest_cached, std::min(options_.move_cache_bytes / 25, mine));
    }
    words_.resize(static_cast<std::size_t>(largest));
    fold_.resize(static_cast<std::size_t>(largest));
    cache_count_.resize(static_cast<std::size_t>(largest_cached));
    cache_kids_.resize(static_cast<std::size_t>(largest_cached) * kMaxMoves);
    batch_ = static_cast<std::size_t>(std::min<std::uint64_t>(options_.batch, std::max<std::uint64_t>(largest, 1)));
    exits_.resize(batch_);
    round_.resize(batch_);
    items_.resize(batch_);
    captured_.resize(batch_ * kMaxMoves);
  }

  // The answers to the other ranks: a board's word in the layer being solved, a capture's value.
  [[nodiscard]] std::uint32_t serve_word(std::uint64_t key) noexcept {
    return std::atomic_ref<std::uint32_t>(words_[static_cast<std::size_t>(key)]).load(std::memory_order_relaxed);
  }
  [[nodiscard]] std::uint16_t serve_value(std::uint64_t key) const noexcept {
    const Value v = held_[static_cast<std::size_t>(key >> kLayerShift)].at(key & kLocalMask);
    return pack(v.mover, v.other);
  }

  // Layer n begun: its clocks started, this rank's boards, the cycle end of each mover's row.
  SlicedLayer start_layer(int n) {
    SlicedLayer layer;
    layer.start = std::chrono::steady_clock::now();
    layer.cpu_start = cpu_now();
    layer.n = n;
    layer.part = partition_of(n);
    layer.mine = layer.part.count(me_);
    layer.cached = layer_size(n) <= (std::uint64_t{1} << 32) ? std::min(options_.move_cache_bytes / 25, layer.mine) : 0;
    layer.stats.layer.seeds = n;
    layer.stats.layer.boards = layer_size(n);
    layer.stats.rank_bytes = sliced_layer_bytes(n, me_, ranks_, options_);
    layer.cycle_end.resize(static_cast<std::size_t>(n) + 1);
    for (int k = 0; k <= n; ++k) {
      Board b{};
      b[0] = static_cast<std::uint8_t>(k);
      b[kRowHouses] = static_cast<std::uint8_t>(n - k);
      layer.cycle_end[static_cast<std::size_t>(k)] = end_value<R>(b, n, true, score_);
    }
    return layer;
  }

  // (1) The moves, in rounds of a batch: the ends, the captures' values asked of their owners and
  // folded, the children in the layer kept in the move cache where there is one.
  void solve_moves(SlicedLayer& layer) {
    std::atomic<std::uint64_t> terminal{0};
    for (std::uint64_t start = 0;; start += batch_) {
      const std::size_t count =
          static_cast<std::size_t>(start < layer.mine ? std::min<std::uint64_t>(batch_, layer.mine - start) : 0);
      for_chunks(count, threads_, [&](std::uint64_t begin, std::uint64_t end) {
        terminal.fetch_add(generate_batch(layer, start, begin, end), std::memory_order_relaxed);
      });
      exits_.route(count, me_, ranks_);
      exits_.exchange(comm_, threads_, [this](std::uint64_t key) { return serve_value(key); });
      for_chunks(count, threads_, [&](std::uint64_t begin, std::uint64_t end) { fold_captures(start, begin, end); });
      if (!any_rank(comm_, start + batch_ < layer.mine)) break;
    }
    layer.stats.layer.terminal = terminal.load();
  }

  // Items begin..end of the round from board `start`: an end's value in both fixpoints, else the
  // captures' look-ups in `exits_` and the children in the layer in the move cache. Returns the ends.
  std::uint64_t generate_batch(SlicedLayer& layer, std::uint64_t start, std::uint64_t begin, std::uint64_t end) {
    const int n = layer.n;
    std::uint64_t ends = 0;
    BoardWalker walk(n);
    for (std::uint64_t j = begin; j < end; ++j) {
      const std::uint64_t i = start + j;
      const Board b = walk.at(layer.part.global(me_, i));
      const BasicPosition<R> p = position_of<R>(b);
      MoveList moves;
      generate_moves(p, moves);
      std::uint8_t caps = 0, kids = 0;
      if (moves.empty()) {
        const Value v = end_value<R>(b, n, false, score_);
        const std::uint32_t x = pack(v.mover, v.other);
        words_[static_cast<std::size_t>(i)] = x | x << 16;
        ++ends;
      } else {
        words_[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(pack(n, n)) << 16;
      }
      const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
      for (const Move m : moves) {
        const BasicPosition<R> q = apply(p, m);
        const int c = q.store(Player::South);
        const std::uint64_t child = rank(board_of(q));
        if (c == 0) {
          if (i < layer.cached) cache_kids_[static_cast<std::size_t>(i) * kMaxMoves + kids] = static_cast<std::uint32_t>(child);
          ++kids;
          continue;
        }
        const Partition::Place at = partition_of(n - c).locate(child);
        exits_.owner[e0 + caps] = at.owner;
        exits_.key[e0 + caps] = at.local | static_cast<std::uint64_t>(n - c) << kLayerShift;
        captured_[e0 + caps] = static_cast<std::uint8_t>(c);
        ++caps;
      }
      exits_.count[static_cast<std::size_t>(j)] = caps;
      if (i < layer.cached) cache_count_[static_cast<std::size_t>(i)] = kids;
    }
    return ends;
  }

  // Items begin..end of the round from board `start`: the captures folded into one pair.
  void fold_captures(std::uint64_t start, std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t j = begin; j < end; ++j) {
      int em = 0, eo = 255;  // the captures' best: most for the mover, least for the other side
      const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
      for (std::size_t e = e0; e < e0 + exits_.count[static_cast<std::size_t>(j)]; ++e) {
        const std::uint64_t k = exits_.key[e];
        const std::uint16_t x = (k & kRemote) != 0 ? exits_.answers[static_cast<std::size_t>(k & ~kRemote)] : serve_value(k);
        // The child's pair is the other side's (WA-8.6): M = O(q) + c, O = M(q).
        em = std::max(em, (x >> 8) + captured_[e]);
        eo = std::min(eo, x & 0xFF);
      }
      fold_[static_cast<std::size_t>(start + j)] = static_cast<std::uint16_t>(em | eo << 8);
    }
  }

  // (2) Both fixpoints (WA-8.6), lo from nothing and hi from everything, in passes over the
  // unsolved boards; a pass that changes no word on any rank ends the layer.
  void run_passes(SlicedLayer& layer) {
    unsolved_.clear();
    bool listed = false;  // sweep `unsolved_` rather than every board
    std::uint64_t sweeps_layer = 0;
    for (;;) {
      std::atomic<bool> changed{false};
      const std::uint64_t swept = sweep(layer, listed, changed);
      ++layer.stats.layer.sweeps;
      std::uint64_t pass[2] = {changed.load() ? 1u : 0u, swept};
      comm_.sum(pass);
      sweeps_layer += pass[1];
      sweeps_done_ += static_cast<double>(pass[1]);
      if (options_.progress) report_progress(layer.n, sweeps_layer, pass[0] != 0);
      if (pass[0] == 0) break;
      // Once an eighth of the boards or fewer are unsolved, the passes sweep a list of them.
      if (!listed && 8 * swept <= layer.mine) {
        for (std::uint64_t i = 0; i < layer.mine; ++i)
          if ((words_[static_cast<std::size_t>(i)] & 0xFFFFu) != words_[static_cast<std::size_t>(i)] >> 16)
            unsolved_.push_back(i);
        listed = true;
      } else if (listed) {
        std::erase_if(unsolved_, [&](std::uint64_t i) {
          const std::uint32_t w = words_[static_cast<std::size_t>(i)];
          return (w & 0xFFFFu) == w >> 16;
        });
      }
    }
    std::vector<std::uint64_t>().swap(unsolved_);
    layer.stats.board_sweeps = sweeps_layer;
    work_per_board_ += static_cast<double>(sweeps_layer);
    boards_done_ += layer_size(layer.n);
  }

  // One pass over the unsolved boards (all of them, or those listed), in rounds of a batch: each
  // board's children asked of their owners, its words raised or lowered. Returns the boards swept.
  std::uint64_t sweep(SlicedLayer& layer, bool listed, std::atomic<bool>& changed) {
    std::uint64_t swept = 0;
    std::uint64_t cursor = 0;  // into the boards, or into `unsolved_`
    const std::uint64_t end_cursor = listed ? unsolved_.size() : layer.mine;
    for (;;) {
      std::size_t count = 0;
      while (cursor < end_cursor && count < batch_) {
        const std::uint64_t i = listed ? unsolved_[static_cast<std::size_t>(cursor)] : cursor;
        ++cursor;
        const std::uint32_t w = words_[static_cast<std::size_t>(i)];
        if ((w & 0xFFFFu) != w >> 16) items_[count++] = i;
      }
      swept += count;
      for_chunks(count, threads_, [&](std::uint64_t begin, std::uint64_t end) { ask_children(layer, begin, end); });
      round_.route(count, me_, ranks_);
      round_.exchange(comm_, threads_, [this](std::uint64_t key) { return serve_word(key); });
      for_chunks(count, threads_, [&](std::uint64_t begin, std::uint64_t end) {
        if (update_words(layer, begin, end)) changed.store(true, std::memory_order_relaxed);
      });
      if (!any_rank(comm_, cursor < end_cursor)) break;
    }
    return swept;
  }

  // Items begin..end of a round: their children in the layer (from the move cache, or generated)
  // as look-ups in `round_`.
  void ask_children(const SlicedLayer& layer, std::uint64_t begin, std::uint64_t end) {
    BoardWalker walk(layer.n);
    for (std::uint64_t j = begin; j < end; ++j) {
      const std::uint64_t i = items_[static_cast<std::size_t>(j)];
      const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
      std::uint8_t kids = 0;
      const auto add = [&](std::uint64_t child) {
        const Partition::Place at = layer.part.locate(child);
        round_.owner[e0 + kids] = at.owner;
        round_.key[e0 + kids] = at.local;
        ++kids;
      };
      if (i < layer.cached) {
        for (std::size_t k = 0; k < cache_count_[static_cast<std::size_t>(i)]; ++k)
          add(cache_kids_[static_cast<std::size_t>(i) * kMaxMoves + k]);
      } else {
        const BasicPosition<R> p = position_of<R>(walk.at(layer.part.global(me_, i)));
        MoveList moves;
        generate_moves(p, moves);
        for (const Move m : moves) {
          const BasicPosition<R> q = apply(p, m);
          if (q.store(Player::South) == 0) add(rank(board_of(q)));
        }
      }
      round_.count[static_cast<std::size_t>(j)] = kids;
    }
  }

  // Items begin..end of a round: each board's words from its captures' pair and its children's
  // answers. A child whose words have met (lo = hi: both fixpoints agree, and lo only rises and hi
  // only falls) has its final pair: a board in the move cache folds it into its captures' pair
  // and drops it from its list, so that no later pass asks for it again. Returns whether a word
  // changed.
  bool update_words(const SlicedLayer& layer, std::uint64_t begin, std::uint64_t end) {
    bool any = false;
    for (std::uint64_t j = begin; j < end; ++j) {
      const std::size_t i = static_cast<std::size_t>(items_[static_cast<std::size_t>(j)]);
      const std::uint16_t f = fold_[i];
      int lo_m = f & 0xFF, lo_o = f >> 8, hi_m = lo_m, hi_o = lo_o;
      int fold_m = lo_m, fold_o = lo_o;
      const bool cached = i < layer.cached;
      std::uint32_t* const kids = cached ? cache_kids_.data() + i * kMaxMoves : nullptr;
      std::size_t keep = 0;  // the cached children still asked for
      const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
      for (std::size_t e = e0; e < e0 + round_.count[static_cast<std::size_t>(j)]; ++e) {
        const std::uint64_t k = round_.key[e];
        const std::uint32_t x = (k & kRemote) != 0 ? round_.answers[static_cast<std::size_t>(k & ~kRemote)] : serve_word(k);
        // The child's pair is the other side's: its `other` is this mover's (WA-8.6).
        lo_m = std::max(lo_m, static_cast<int>(x >> 8 & 0xFFu));
        lo_o = std::min(lo_o, static_cast<int>(x & 0xFFu));
        hi_m = std::max(hi_m, static_cast<int>(x >> 24));
        hi_o = std::min(hi_o, static_cast<int>(x >> 16 & 0xFFu));
        if (!cached) continue;
        if ((x & 0xFFFFu) == x >> 16) {
          fold_m = std::max(fold_m, static_cast<int>(x >> 8 & 0xFFu));
          fold_o = std::min(fold_o, static_cast<int>(x & 0xFFu));
        } else {
          kids[keep++] = kids[e - e0];
        }
      }
      if (cached) {
        cache_count_[i] = static_cast<std::uint8_t>(keep);
        fold_[i] = pack(fold_m, fold_o);
      }
      const std::uint32_t now = pack(lo_m, lo_o) | static_cast<std::uint32_t>(pack(hi_m, hi_o)) << 16;
      std::atomic_ref<std::uint32_t> ref(words_[i]);
      if (ref.load(std::memory_order_relaxed) != now) {
        ref.store(now, std::memory_order_relaxed);
        any = true;
      }
    }
    return any;
  }

  // The progress after a pass of layer n: the sweeps done over all ranks, and those left as
  // estimated: this layer's boards at the sweeps a board took in the layers before (at least one
  // more pass of the boards unsolved now when `going_on`), then the layers above alike.
  void report_progress(int n, std::uint64_t sweeps_layer, bool going_on) const {
    const double per_board = boards_done_ > 0 ? work_per_board_ / static_cast<double>(boards_done_) : 14.0;
    const double this_layer = std::max(per_board * static_cast<double>(layer_size(n)), static_cast<double>(sweeps_layer));
    double left = going_on ? this_layer - static_cast<double>(sweeps_layer) : 0.0;
    left += static_cast<double>(layer_offset(max_seeds_ + 1) - layer_offset(n + 1)) * per_board;
    options_.progress(static_cast<std::size_t>(sweeps_done_), static_cast<std::size_t>(sweeps_done_ + left));
  }

  // (3) The values: each side forces what it can, the cycle end counts in between (WA-8.6); the
  // layer's palette, the union of the ranks' values; the values encoded into this rank's part.
  void settle_values(SlicedLayer& layer) {
    ValueSet present{};
    std::mutex present_lock;
    for_chunks(layer.mine, threads_, [&](std::uint64_t begin, std::uint64_t end) {
      LayerStats part_stats;
      ValueSet mine_set{};
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint32_t x = words_[static_cast<std::size_t>(i)];
        const Value lo{static_cast<std::uint8_t>(x & 0xFF), static_cast<std::uint8_t>(x >> 8 & 0xFF)};
        const Value hi{static_cast<std::uint8_t>(x >> 16 & 0xFF), static_cast<std::uint8_t>(x >> 24)};
        Value v = lo;
        if (hi != lo) {  // neither side can force all: play may go round
          ++part_stats.cycling;
          const Board b = unrank(layer.n, layer.part.global(me_, i));
          v = settle(lo, hi, layer.cycle_end[static_cast<std::size_t>(own_row(b))]);
        }
        fold_[static_cast<std::size_t>(i)] = pack(v.mover, v.other);
        add_value(mine_set, v);
        part_stats.add(even_stores_verdict(v, layer.n, R::win_seeds));
      }
      const std::lock_guard<std::mutex> lock(present_lock);
      layer.counted.add_counts(part_stats);
      for (std::size_t k = 0; k < present.size(); ++k) present[k] |= mine_set[k];
    });
    comm_.bit_or(present);
    HeldLayer& h = held_[static_cast<std::size_t>(layer.n)];
    h.codec = LayerCodec(present);
    const std::size_t vb = h.codec.value_bytes();
    h.bytes.resize(static_cast<std::size_t>(layer.mine * vb));
    for_chunks(layer.mine, threads_, [&](std::uint64_t begin, std::uint64_t end) {
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint16_t x = fold_[static_cast<std::size_t>(i)];
        h.codec.encode(Value{static_cast<std::uint8_t>(x & 0xFF), static_cast<std::uint8_t>(x >> 8)},
                       h.bytes.data() + i * vb);
      }
    });
    h.data = h.bytes.data();
  }

  // This rank's slice written (and mapped, out of core); its checksum in `sum`. Returns the error,
  // if any (an empty message: none).
  Error write_own_slice(const SlicedLayer& layer, std::uint64_t& sum) {
    HeldLayer& h = held_[static_cast<std::size_t>(layer.n)];
    SliceInfo info;
    info.variant = variant_;
    info.decisions = decisions_;
    info.seeds = layer.n;
    info.partition = layer.part;
    info.part = me_;
    info.codec = h.codec;
    info.boards = layer.mine;
    const std::string path = slice_path(dir_, layer.n, me_, ranks_);
    Result<std::uint64_t> written = write_slice(path, info, h.bytes);
    sum = written ? *written : 0;
    Error error = written ? Error{} : written.error();
    if (written && options_.map_finished) {
      Result<SliceData> mapped = SliceData::open(path, SliceAccess::Map);
      if (mapped) {
        h.slice = std::move(*mapped);
        h.data = h.slice.values();
        std::vector<std::uint8_t>().swap(h.bytes);
      } else {
        error = mapped.error();
      }
    }
    return error;
  }

  // The layer's figures summed (or the most) over the ranks, into layer.stats; the look-up
  // counters start again.
  void total_stats(SlicedLayer& layer) {
    SlicedLayerStats& stats = layer.stats;
    std::uint64_t counts[10] = {stats.layer.terminal,
                                layer.counted.wins,
                                layer.counted.draws,
                                layer.counted.losses,
                                layer.counted.cycling,
                                static_cast<std::uint64_t>((cpu_now() - layer.cpu_start) * 1e6),
                                exits_.bytes_sent + round_.bytes_sent,
                                exits_.messages + round_.messages,
                                exits_.lookups + round_.lookups,
                                exits_.remote + round_.remote};
    comm_.sum(counts);
    exits_.bytes_sent = round_.bytes_sent = exits_.messages = round_.messages = 0;
    exits_.lookups = round_.lookups = exits_.remote = round_.remote = 0;
    std::vector<std::uint64_t> rank_bytes = comm_.all_gather(stats.rank_bytes);
    stats.rank_bytes = *std::max_element(rank_bytes.begin(), rank_bytes.end());
    stats.layer.terminal = counts[0];
    stats.layer.wins = counts[1];
    stats.layer.draws = counts[2];
    stats.layer.losses = counts[3];
    stats.layer.cycling = counts[4];
    stats.layer.cpu_seconds = static_cast<double>(counts[5]) / 1e6;
    stats.bytes_sent = counts[6];
    stats.messages = counts[7];
    stats.lookups = counts[8];
    stats.remote_lookups = counts[9];
    stats.layer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - layer.start).count();
  }

  // This rank's slice, the figures over the ranks, then the manifest (by rank 0) once every slice
  // is on disk.
  Status publish(SlicedLayer& layer) {
    std::uint64_t sum = 0;
    const Error error = write_own_slice(layer, sum);
    const bool failed = !error.message.empty();
    const std::vector<std::uint64_t> sums = comm_.all_gather(sum);
    total_stats(layer);
    if (any_rank(comm_, failed)) {
      if (failed) return error;
      return make_error(ErrorCode::io, "another rank could not write its slice of layer " + std::to_string(layer.n), dir_);
    }
    ManifestLayer line;
    line.stats = layer.stats.layer;
    line.kind = layer.part.kind;
    line.parts = ranks_;
    line.value_bytes = held_[static_cast<std::size_t>(layer.n)].codec.value_bytes();
    line.palette = held_[static_cast<std::size_t>(layer.n)].codec.palette().size();
    line.bytes_sent = layer.stats.bytes_sent;
    line.checksums = sums;
    manifest_.layers.push_back(std::move(line));
    Status written = me_ == 0 ? write_manifest(dir_, manifest_) : Status{};
    if (any_rank(comm_, !written)) {
      if (!written) return written;
      return make_error(ErrorCode::io, "rank 0 could not write the manifest", dir_);
    }
    if (options_.on_layer) options_.on_layer(layer.stats);
    return {};
  }

  const std::string& dir_;
  int max_seeds_;
  Comm& comm_;
  const SlicedBuildOptions& options_;
  const Score& score_;
  const Decisions& decisions_;
  std::uint32_t me_, ranks_;
  unsigned threads_;
  std::string variant_;
  Manifest manifest_;
  std::vector<HeldLayer> held_;  // this rank's part of each layer, once finished
  // The work space (make_work_space).
  std::vector<std::uint32_t> words_;  // lo | hi << 16 (build.hpp)
  std::vector<std::uint16_t> fold_;   // the captures' pair, then the value
  std::vector<std::uint8_t> cache_count_;
  std::vector<std::uint32_t> cache_kids_;
  std::size_t batch_ = 1;
  Round<std::uint16_t> exits_;
  Round<std::uint32_t> round_;
  std::vector<std::uint64_t> items_;     // the local indices of a round's boards
  std::vector<std::uint64_t> unsolved_;  // once few are left: their local indices
  std::vector<std::uint8_t> captured_;   // seeds a capture took, per entry
  // The progress estimate: the sweeps done over all ranks, and those a board took in the layers done.
  double sweeps_done_ = 0, work_per_board_ = 0;
  std::uint64_t boards_done_ = 0;
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame::detail
