#pragma once
/// \file
/// The retrograde solver of WA-8.6 over the ranks of a distributed job, writing a sliced table
/// (slice_file.hpp; docs/databases.md#distributed-build). Each rank holds only its part of every
/// layer (partition.hpp): of the finished layers their values at one byte a board (compact.hpp),
/// of the layer being solved the two fixpoints and the captures' values. The children a rank does
/// not hold it asks their owners for, in rounds: many look-ups to one rank travel as one message
/// (message combining), answered in one message. The same table comes out on any number of ranks,
/// byte for byte: the fixpoints are unique (WA-8.6), whatever the order values arrive in.
///
/// Per layer: (1) each rank generates the moves of its boards; a capture's value (a smaller layer,
/// WA-8.2) is asked of its owner once, and the captures of a board are folded into one pair;
/// (2) passes until no rank changes a word: each rank sweeps its unsolved boards in rounds,
/// generating their moves again (or reading them from a move cache when one is given), asking the
/// owners for the children's words; (3) the values (the cycle end clamped between the fixpoints),
/// the layer's palette (the union of the ranks' pairs), each rank's slice written, and the manifest
/// (by rank 0) once every slice is on disk. A build finds the layers of an earlier, stopped run in
/// the directory's manifest and goes on after them, on any number of ranks.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/comm.hpp"
#include "boardrules/warri/db/compact.hpp"
#include "boardrules/warri/db/exchange.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/partition.hpp"
#include "boardrules/warri/db/slice_file.hpp"
#include "boardrules/warri/db/sliced_table.hpp"
#include "boardrules/warri/db/value.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// What a distributed build did in one layer, over all ranks.
struct SlicedLayerStats {
  /// The layer's counts (summed over the ranks), passes, wall seconds, and processor seconds
  /// summed over the ranks.
  LayerStats layer;
  std::uint64_t bytes_sent = 0;      ///< look-ups and answers the ranks sent each other (payload bytes)
  std::uint64_t messages = 0;        ///< messages that carried them (one per pair of ranks and round with any)
  std::uint64_t lookups = 0;         ///< children and captures looked up, held or not
  std::uint64_t remote_lookups = 0;  ///< those asked of another rank
  std::uint64_t board_sweeps = 0;    ///< unsolved boards swept over all passes
  std::uint64_t rank_bytes = 0;      ///< the most memory a rank had allocated for the layer (the model's figure)
};

/// How a distributed build runs.
struct SlicedBuildOptions {
  unsigned threads = 1;                             ///< worker threads a rank (0: all hardware threads)
  PartitionKind partition = PartitionKind::Ranges;  ///< how each new layer is dealt to the ranks
  std::uint64_t batch = std::uint64_t{1} << 16;     ///< boards a rank sweeps in a round (>= 1)
  /// Memory a rank may give to keeping its boards' moves from one pass to the next (25 bytes a
  /// board, in layers of up to 2^32 boards): the boards it covers are not generated again. 0: the
  /// moves are generated in every pass (least memory).
  std::uint64_t move_cache_bytes = 0;
  /// Out of core: the finished layers are read from this rank's slice files through the page
  /// cache (mapped) instead of being held in memory.
  bool map_finished = false;
  std::string variant;  ///< the name the table records (its first 16 characters); empty: R::name
  /// Progress after every pass, on every rank: the board sweeps done over all ranks, and those of
  /// the whole build as estimated so far (done == all at the end).
  std::function<void(std::size_t done, std::size_t all)> progress;
  /// After each layer is in the manifest, on every rank, with the same figures.
  std::function<void(const SlicedLayerStats&)> on_layer;
};

/// What build_sliced did: the layers it found finished, and the table's layers now.
struct SlicedBuildSummary {
  int resumed_layers = 0;  ///< layers 0 .. resumed_layers - 1 were in the manifest already
  int max_seeds = 0;
  std::uint64_t rank_bytes = 0;  ///< the most memory this rank allocated (the model's figure)
};

/// The memory rank `rank` of `ranks` allocates to solve layer n (docs/databases.md#cost-model):
/// its part of the layers below at a byte a board (none when they are mapped), 7 bytes a board of
/// its part of layer n (the two fixpoints, the captures' values, the compact values), the move
/// cache, and the buffers of a round (about 140 bytes a board of a batch).
[[nodiscard]] constexpr std::uint64_t sliced_layer_bytes(int n, std::uint32_t rank, std::uint32_t ranks,
                                                         const SlicedBuildOptions& o) noexcept {
  std::uint64_t below = 0;
  for (int m = 0; m < n && !o.map_finished; ++m) below += Partition{o.partition, layer_size(m), ranks}.count(rank);
  const std::uint64_t mine = Partition{o.partition, layer_size(n), ranks}.count(rank);
  const std::uint64_t cache = layer_size(n) <= (std::uint64_t{1} << 32) ? std::min(o.move_cache_bytes / 25, mine) : 0;
  return below + 7 * mine + 25 * cache + 140 * std::min(o.batch, mine);
}

/// The most sliced_layer_bytes over the layers first..max_seeds.
[[nodiscard]] constexpr std::uint64_t sliced_build_bytes(int first, int max_seeds, std::uint32_t rank,
                                                         std::uint32_t ranks, const SlicedBuildOptions& o) noexcept {
  std::uint64_t most = 0;
  for (int n = first; n <= max_seeds; ++n) most = std::max(most, sliced_layer_bytes(n, rank, ranks, o));
  return most;
}

namespace detail {

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

}  // namespace detail

/// Solves every board of 0 .. max_seeds seeds (WA-8.6) for the moves of R, the ends scored by
/// score(position, cycled), over the ranks of `comm` (every rank calls it with the same
/// arguments), into the sliced table in `dir` (created if need be). A table already in `dir` of the
/// same decisions and variant is gone on from after its last finished layer; one of others is
/// refused. Errors (the same on every rank): max_seeds not 0..48 (out_of_range), options out of
/// range or a table of other decisions in `dir` (usage), a directory or slice that cannot be read
/// or written (io), a finished layer that does not read back (corrupted). May throw std::bad_alloc.
template <class R, class Score = DefaultScore<R>>
[[nodiscard]] Result<SlicedBuildSummary> build_sliced(const std::string& dir, int max_seeds, Comm& comm,
                                                      const SlicedBuildOptions& options = {}, const Score& score = {},
                                                      const Decisions& decisions = decisions_of<R>()) {
  using detail::kRemote;
  const std::uint32_t me = comm.rank(), ranks = comm.ranks();
  if (max_seeds < 0 || max_seeds > kMaxSlicedSeeds)
    return make_error(ErrorCode::out_of_range,
                      "seeds must be 0.." + std::to_string(kMaxSlicedSeeds) + ", found " + std::to_string(max_seeds),
                      "seeds");
  if (options.batch == 0 || ranks == 0 || ranks > kMaxParts)
    return make_error(ErrorCode::usage, "a batch of 0 boards, or ranks out of 1..65536", "options");
  const unsigned threads = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  // The name as the files hold it: at most 16 characters (slice_file.hpp, file.hpp).
  const std::string variant = (options.variant.empty() ? std::string(R::name) : options.variant).substr(0, 16);

  // The table so far: every rank reads the manifest (a shared directory) and makes the same
  // decision; each then holds its part of the finished layers.
  Manifest manifest;
  manifest.variant = variant;
  manifest.decisions = decisions;
  {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    bool failed = !std::filesystem::is_directory(dir, ec);
    Error error = make_error(ErrorCode::io, "not a directory, and cannot be made one", dir);
    if (!failed && std::filesystem::exists(manifest_path(dir), ec)) {
      Result<Manifest> m = read_manifest(dir);
      if (!m) {
        failed = true;
        error = m.error();
      } else if (!(m->decisions == decisions) || m->variant != variant) {
        failed = true;
        error = make_error(ErrorCode::usage,
                           "holds a table of other decisions (" + m->variant + ": " + describe(m->decisions) +
                               "), not " + variant + ": " + describe(decisions),
                           dir);
      } else {
        manifest = std::move(*m);
      }
    }
    if (detail::any_rank(comm, failed)) {
      if (failed) return error;
      return make_error(ErrorCode::io, "another rank could not use the directory", dir);
    }
  }
  SlicedBuildSummary summary;
  summary.resumed_layers = static_cast<int>(manifest.layers.size());
  if (summary.resumed_layers > max_seeds) {
    summary.max_seeds = summary.resumed_layers - 1;
    return summary;
  }
  const int first_layer = summary.resumed_layers;
  const auto partition_of = [&](int n) { return Partition{options.partition, layer_size(n), ranks}; };

  std::vector<detail::HeldLayer> held(static_cast<std::size_t>(max_seeds) + 1);
  {
    // This rank's part of each finished layer: its own slice when the layer was dealt as now,
    // else its boards copied from the slices (a resumed build on another number of ranks).
    bool failed = false;
    Error error;
    for (int m = 0; m < first_layer && !failed; ++m) {
      const ManifestLayer& l = manifest.layers[static_cast<std::size_t>(m)];
      detail::HeldLayer& h = held[static_cast<std::size_t>(m)];
      const Partition now = partition_of(m);
      if (l.kind == now.kind && l.parts == now.parts) {
        const std::string path = slice_path(dir, m, me, ranks);
        Result<SliceData> s = SliceData::open(path, options.map_finished ? SliceAccess::Map : SliceAccess::Load);
        Status st = s ? detail::slice_matches(s->info, manifest, l, me, path) : Status(s.error());
        if (!st) {
          failed = true;
          error = st.error();
          break;
        }
        h.codec = s->info.codec;
        if (s->mapped()) {
          h.slice = std::move(*s);
          h.data = h.slice.values();
        } else {
          h.bytes.assign(s->values(), s->values() + s->info.boards * s->info.codec.value_bytes());
          h.data = h.bytes.data();
        }
        continue;
      }
      const Partition old{l.kind, l.stats.boards, l.parts};
      std::vector<SliceData> slices;
      for (std::uint32_t k = 0; k < l.parts && !failed; ++k) {
        const std::string path = slice_path(dir, m, k, l.parts);
        Result<SliceData> s = SliceData::open(path, SliceAccess::Map);
        Status st = s ? detail::slice_matches(s->info, manifest, l, k, path) : Status(s.error());
        if (!st) {
          failed = true;
          error = st.error();
        } else {
          slices.push_back(std::move(*s));
        }
      }
      if (failed) break;
      h.codec = slices[0].info.codec;
      const std::size_t vb = h.codec.value_bytes();
      const std::uint64_t count = now.count(me);
      h.bytes.resize(static_cast<std::size_t>(count * vb));
      for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t r = now.global(me, i);
        std::memcpy(&h.bytes[static_cast<std::size_t>(i * vb)], slices[old.owner(r)].values() + old.local(r) * vb,
                    vb);
      }
      h.data = h.bytes.data();
    }
    if (detail::any_rank(comm, failed)) {
      if (failed) return error;
      return make_error(ErrorCode::io, "another rank could not read the finished layers", dir);
    }
  }

  // The work space, sized for the largest layer before the first board is solved.
  std::uint64_t largest = 0;
  std::uint64_t largest_cached = 0;
  for (int n = first_layer; n <= max_seeds; ++n) {
    const std::uint64_t mine = partition_of(n).count(me);
    largest = std::max(largest, mine);
    if (layer_size(n) <= (std::uint64_t{1} << 32))
      largest_cached = std::max(largest_cached, std::min(options.move_cache_bytes / 25, mine));
  }
  std::vector<std::uint32_t> words(static_cast<std::size_t>(largest));  // lo | hi << 16 (build.hpp)
  std::vector<std::uint16_t> fold(static_cast<std::size_t>(largest));   // the captures' pair, then the value
  std::vector<std::uint8_t> cache_count(static_cast<std::size_t>(largest_cached));
  std::vector<std::uint32_t> cache_kids(static_cast<std::size_t>(largest_cached) * kMaxMoves);
  const std::size_t batch = static_cast<std::size_t>(std::min<std::uint64_t>(options.batch, std::max<std::uint64_t>(largest, 1)));
  detail::Round<std::uint16_t> exits;
  detail::Round<std::uint32_t> round;
  exits.resize(batch);
  round.resize(batch);
  std::vector<std::uint64_t> items(batch);     // the local indices of a round's boards
  std::vector<std::uint64_t> unsolved;         // once few are left: their local indices
  std::vector<std::uint8_t> captured(batch * kMaxMoves);  // seeds a capture took, per entry
  summary.rank_bytes = sliced_build_bytes(first_layer, max_seeds, me, ranks, options);

  double sweeps_done = 0, work_per_board = 0;
  std::uint64_t boards_done = 0;
  for (int n = first_layer; n <= max_seeds; ++n) {
    const auto layer_start = std::chrono::steady_clock::now();
    const double cpu_start = detail::cpu_now();
    const Partition part = partition_of(n);
    const std::uint64_t mine = part.count(me);
    const std::uint64_t cached = layer_size(n) <= (std::uint64_t{1} << 32) ? std::min(options.move_cache_bytes / 25, mine) : 0;
    SlicedLayerStats stats;
    stats.layer.seeds = n;
    stats.layer.boards = layer_size(n);
    stats.rank_bytes = sliced_layer_bytes(n, me, ranks, options);
    std::vector<Value> cycle_end(static_cast<std::size_t>(n) + 1);  // by the seeds of the mover's row (WA-8.4)
    for (int k = 0; k <= n; ++k) {
      Board b{};
      b[0] = static_cast<std::uint8_t>(k);
      b[kRowHouses] = static_cast<std::uint8_t>(n - k);
      cycle_end[static_cast<std::size_t>(k)] = detail::end_value<R>(b, n, true, score);
    }
    const auto serve_word = [&](std::uint64_t key) {
      return std::atomic_ref<std::uint32_t>(words[static_cast<std::size_t>(key)]).load(std::memory_order_relaxed);
    };
    const auto serve_value = [&](std::uint64_t key) {
      const Value v = held[static_cast<std::size_t>(key >> detail::kLayerShift)].at(key & detail::kLocalMask);
      return detail::pack(v.mover, v.other);
    };

    // (1) The moves: the ends, the captures' values asked of their owners and folded, the
    // children in the layer kept in the move cache where there is one.
    std::atomic<std::uint64_t> terminal{0};
    for (std::uint64_t start = 0;; start += batch) {
      const std::size_t count = static_cast<std::size_t>(start < mine ? std::min<std::uint64_t>(batch, mine - start) : 0);
      detail::for_chunks(count, threads, [&](std::uint64_t begin, std::uint64_t end) {
        std::uint64_t ends = 0;
        detail::BoardWalker walk(n);
        for (std::uint64_t j = begin; j < end; ++j) {
          const std::uint64_t i = start + j;
          const Board b = walk.at(part.global(me, i));
          const BasicPosition<R> p = position_of<R>(b);
          MoveList moves;
          generate_moves(p, moves);
          std::uint8_t caps = 0, kids = 0;
          if (moves.empty()) {
            const Value v = detail::end_value<R>(b, n, false, score);
            const std::uint32_t x = detail::pack(v.mover, v.other);
            words[static_cast<std::size_t>(i)] = x | x << 16;
            ++ends;
          } else {
            words[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(detail::pack(n, n)) << 16;
          }
          const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
          for (const Move m : moves) {
            const BasicPosition<R> q = apply(p, m);
            const int c = q.store(Player::South);
            const std::uint64_t child = rank(board_of(q));
            if (c == 0) {
              if (i < cached) cache_kids[static_cast<std::size_t>(i) * kMaxMoves + kids] = static_cast<std::uint32_t>(child);
              ++kids;
              continue;
            }
            const Partition::Place at = partition_of(n - c).locate(child);
            exits.owner[e0 + caps] = at.owner;
            exits.key[e0 + caps] = at.local | static_cast<std::uint64_t>(n - c) << detail::kLayerShift;
            captured[e0 + caps] = static_cast<std::uint8_t>(c);
            ++caps;
          }
          exits.count[static_cast<std::size_t>(j)] = caps;
          if (i < cached) cache_count[static_cast<std::size_t>(i)] = kids;
        }
        terminal.fetch_add(ends, std::memory_order_relaxed);
      });
      exits.route(count, me, ranks);
      exits.exchange(comm, threads, serve_value);
      detail::for_chunks(count, threads, [&](std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t j = begin; j < end; ++j) {
          int em = 0, eo = 255;  // the captures' best: most for the mover, least for the other side
          const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
          for (std::size_t e = e0; e < e0 + exits.count[static_cast<std::size_t>(j)]; ++e) {
            const std::uint64_t k = exits.key[e];
            const std::uint16_t x = (k & kRemote) != 0 ? exits.answers[static_cast<std::size_t>(k & ~kRemote)] : serve_value(k);
            // The child's pair is the other side's (WA-8.6): M = O(q) + c, O = M(q).
            em = std::max(em, (x >> 8) + captured[e]);
            eo = std::min(eo, x & 0xFF);
          }
          fold[static_cast<std::size_t>(start + j)] = static_cast<std::uint16_t>(em | eo << 8);
        }
      });
      if (!detail::any_rank(comm, start + batch < mine)) break;
    }
    stats.layer.terminal = terminal.load();

    // (2) Both fixpoints (WA-8.6), lo from nothing and hi from everything, in passes over the
    // unsolved boards; a pass that changes no word on any rank ends the layer.
    unsolved.clear();
    bool listed = false;  // sweep `unsolved` rather than every board
    std::uint64_t sweeps_layer = 0;
    for (;;) {
      std::atomic<bool> changed{false};
      std::uint64_t swept = 0;
      std::uint64_t cursor = 0;  // into the boards, or into `unsolved`
      const std::uint64_t end_cursor = listed ? unsolved.size() : mine;
      for (;;) {
        std::size_t count = 0;
        while (cursor < end_cursor && count < batch) {
          const std::uint64_t i = listed ? unsolved[static_cast<std::size_t>(cursor)] : cursor;
          ++cursor;
          const std::uint32_t w = words[static_cast<std::size_t>(i)];
          if ((w & 0xFFFFu) != w >> 16) items[count++] = i;
        }
        swept += count;
        detail::for_chunks(count, threads, [&](std::uint64_t begin, std::uint64_t end) {
          detail::BoardWalker walk(n);
          for (std::uint64_t j = begin; j < end; ++j) {
            const std::uint64_t i = items[static_cast<std::size_t>(j)];
            const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
            std::uint8_t kids = 0;
            const auto add = [&](std::uint64_t child) {
              const Partition::Place at = part.locate(child);
              round.owner[e0 + kids] = at.owner;
              round.key[e0 + kids] = at.local;
              ++kids;
            };
            if (i < cached) {
              for (std::size_t k = 0; k < cache_count[static_cast<std::size_t>(i)]; ++k)
                add(cache_kids[static_cast<std::size_t>(i) * kMaxMoves + k]);
            } else {
              const BasicPosition<R> p = position_of<R>(walk.at(part.global(me, i)));
              MoveList moves;
              generate_moves(p, moves);
              for (const Move m : moves) {
                const BasicPosition<R> q = apply(p, m);
                if (q.store(Player::South) == 0) add(rank(board_of(q)));
              }
            }
            round.count[static_cast<std::size_t>(j)] = kids;
          }
        });
        round.route(count, me, ranks);
        round.exchange(comm, threads, serve_word);
        detail::for_chunks(count, threads, [&](std::uint64_t begin, std::uint64_t end) {
          bool any = false;
          for (std::uint64_t j = begin; j < end; ++j) {
            const std::size_t i = static_cast<std::size_t>(items[static_cast<std::size_t>(j)]);
            const std::uint16_t f = fold[i];
            int lo_m = f & 0xFF, lo_o = f >> 8, hi_m = lo_m, hi_o = lo_o;
            const std::size_t e0 = static_cast<std::size_t>(j) * kMaxMoves;
            for (std::size_t e = e0; e < e0 + round.count[static_cast<std::size_t>(j)]; ++e) {
              const std::uint64_t k = round.key[e];
              const std::uint32_t x =
                  (k & kRemote) != 0 ? round.answers[static_cast<std::size_t>(k & ~kRemote)] : serve_word(k);
              // The child's pair is the other side's: its `other` is this mover's (WA-8.6).
              lo_m = std::max(lo_m, static_cast<int>(x >> 8 & 0xFFu));
              lo_o = std::min(lo_o, static_cast<int>(x & 0xFFu));
              hi_m = std::max(hi_m, static_cast<int>(x >> 24));
              hi_o = std::min(hi_o, static_cast<int>(x >> 16 & 0xFFu));
            }
            const std::uint32_t now = detail::pack(lo_m, lo_o) | static_cast<std::uint32_t>(detail::pack(hi_m, hi_o)) << 16;
            std::atomic_ref<std::uint32_t> ref(words[i]);
            if (ref.load(std::memory_order_relaxed) != now) {
              ref.store(now, std::memory_order_relaxed);
              any = true;
            }
          }
          if (any) changed.store(true, std::memory_order_relaxed);
        });
        if (!detail::any_rank(comm, cursor < end_cursor)) break;
      }
      ++stats.layer.sweeps;
      std::uint64_t pass[2] = {changed.load() ? 1u : 0u, swept};
      comm.sum(pass);
      sweeps_layer += pass[1];
      sweeps_done += static_cast<double>(pass[1]);
      if (options.progress) {
        // Left: this layer's boards at the sweeps a board took in the layers before (at least
        // one more pass of the boards unsolved now), then the layers above alike.
        const double per_board = boards_done > 0 ? work_per_board / static_cast<double>(boards_done) : 14.0;
        const double this_layer = std::max(per_board * static_cast<double>(layer_size(n)), static_cast<double>(sweeps_layer));
        double left = pass[0] != 0 ? this_layer - static_cast<double>(sweeps_layer) : 0.0;
        left += static_cast<double>(layer_offset(max_seeds + 1) - layer_offset(n + 1)) * per_board;
        options.progress(static_cast<std::size_t>(sweeps_done), static_cast<std::size_t>(sweeps_done + left));
      }
      if (pass[0] == 0) break;
      // Once an eighth of the boards or fewer are unsolved, the passes sweep a list of them.
      if (!listed && 8 * swept <= mine) {
        for (std::uint64_t i = 0; i < mine; ++i)
          if ((words[static_cast<std::size_t>(i)] & 0xFFFFu) != words[static_cast<std::size_t>(i)] >> 16)
            unsolved.push_back(i);
        listed = true;
      } else if (listed) {
        std::erase_if(unsolved, [&](std::uint64_t i) {
          const std::uint32_t w = words[static_cast<std::size_t>(i)];
          return (w & 0xFFFFu) == w >> 16;
        });
      }
    }
    std::vector<std::uint64_t>().swap(unsolved);
    stats.board_sweeps = sweeps_layer;
    work_per_board += static_cast<double>(sweeps_layer);
    boards_done += layer_size(n);

    // (3) The values: each side forces what it can, the cycle end counts in between (WA-8.6).
    LayerStats counted;
    ValueSet present{};
    std::mutex present_lock;
    detail::for_chunks(mine, threads, [&](std::uint64_t begin, std::uint64_t end) {
      LayerStats part_stats;
      ValueSet mine_set{};
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint32_t x = words[static_cast<std::size_t>(i)];
        const Value lo{static_cast<std::uint8_t>(x & 0xFF), static_cast<std::uint8_t>(x >> 8 & 0xFF)};
        const Value hi{static_cast<std::uint8_t>(x >> 16 & 0xFF), static_cast<std::uint8_t>(x >> 24)};
        Value v = lo;
        if (hi != lo) {  // neither side can force all: play may go round
          ++part_stats.cycling;
          v = detail::settle(lo, hi, cycle_end[static_cast<std::size_t>(detail::own_row(unrank(n, part.global(me, i))))]);
        }
        fold[static_cast<std::size_t>(i)] = detail::pack(v.mover, v.other);
        add_value(mine_set, v);
        part_stats.add(even_stores_verdict(v, n, R::win_seeds));
      }
      const std::lock_guard<std::mutex> lock(present_lock);
      counted.add_counts(part_stats);
      for (std::size_t k = 0; k < present.size(); ++k) present[k] |= mine_set[k];
    });
    comm.bit_or(present);
    detail::HeldLayer& h = held[static_cast<std::size_t>(n)];
    h.codec = LayerCodec(present);
    const std::size_t vb = h.codec.value_bytes();
    h.bytes.resize(static_cast<std::size_t>(mine * vb));
    detail::for_chunks(mine, threads, [&](std::uint64_t begin, std::uint64_t end) {
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::uint16_t x = fold[static_cast<std::size_t>(i)];
        h.codec.encode(Value{static_cast<std::uint8_t>(x & 0xFF), static_cast<std::uint8_t>(x >> 8)},
                       h.bytes.data() + i * vb);
      }
    });
    h.data = h.bytes.data();

    // This rank's slice, then the manifest once every slice is on disk.
    SliceInfo info;
    info.variant = variant;
    info.decisions = decisions;
    info.seeds = n;
    info.partition = part;
    info.part = me;
    info.codec = h.codec;
    info.boards = mine;
    const std::string path = slice_path(dir, n, me, ranks);
    Result<std::uint64_t> sum = write_slice(path, info, h.bytes);
    Error error = sum ? Error{} : sum.error();
    if (sum && options.map_finished) {
      Result<SliceData> mapped = SliceData::open(path, SliceAccess::Map);
      if (mapped) {
        h.slice = std::move(*mapped);
        h.data = h.slice.values();
        std::vector<std::uint8_t>().swap(h.bytes);
      } else {
        error = mapped.error();
      }
    }
    const bool failed = !error.message.empty();
    const std::vector<std::uint64_t> sums = comm.all_gather(sum ? *sum : 0);
    std::uint64_t counts[10] = {stats.layer.terminal,
                                counted.wins,
                                counted.draws,
                                counted.losses,
                                counted.cycling,
                                static_cast<std::uint64_t>((detail::cpu_now() - cpu_start) * 1e6),
                                exits.bytes_sent + round.bytes_sent,
                                exits.messages + round.messages,
                                exits.lookups + round.lookups,
                                exits.remote + round.remote};
    comm.sum(counts);
    exits.bytes_sent = round.bytes_sent = exits.messages = round.messages = 0;
    exits.lookups = round.lookups = exits.remote = round.remote = 0;
    std::uint64_t most_bytes = stats.rank_bytes;
    std::vector<std::uint64_t> rank_bytes = comm.all_gather(most_bytes);
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
    stats.layer.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - layer_start).count();
    if (detail::any_rank(comm, failed)) {
      if (failed) return error;
      return make_error(ErrorCode::io, "another rank could not write its slice of layer " + std::to_string(n), dir);
    }
    ManifestLayer line;
    line.stats = stats.layer;
    line.kind = part.kind;
    line.parts = ranks;
    line.value_bytes = vb;
    line.palette = h.codec.palette().size();
    line.bytes_sent = stats.bytes_sent;
    line.checksums = sums;
    manifest.layers.push_back(std::move(line));
    Status written = me == 0 ? write_manifest(dir, manifest) : Status{};
    if (detail::any_rank(comm, !written)) {
      if (!written) return written.error();
      return make_error(ErrorCode::io, "rank 0 could not write the manifest", dir);
    }
    if (options.on_layer) options.on_layer(stats);
  }
  summary.max_seeds = max_seeds;
  return summary;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
