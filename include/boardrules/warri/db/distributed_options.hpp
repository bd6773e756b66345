#pragma once
/// \file
/// How a distributed build (distributed_build.hpp) runs, what it reports, and the memory a rank
/// of it allocates (docs/databases.md#cost-model).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/partition.hpp"

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
/// cache, and the buffers of a round (about 220 bytes a board of a batch).
[[nodiscard]] constexpr std::uint64_t sliced_layer_bytes(int n, std::uint32_t rank, std::uint32_t ranks,
                                                         const SlicedBuildOptions& o) noexcept {
  std::uint64_t below = 0;
  for (int m = 0; m < n && !o.map_finished; ++m) below += Partition{o.partition, layer_size(m), ranks}.count(rank);
  const std::uint64_t mine = Partition{o.partition, layer_size(n), ranks}.count(rank);
  const std::uint64_t cache = layer_size(n) <= (std::uint64_t{1} << 32) ? std::min(o.move_cache_bytes / 25, mine) : 0;
  return below + 7 * mine + 25 * cache + 220 * std::min(o.batch, mine);
}

/// The most sliced_layer_bytes over the layers first..max_seeds.
[[nodiscard]] constexpr std::uint64_t sliced_build_bytes(int first, int max_seeds, std::uint32_t rank,
                                                         std::uint32_t ranks, const SlicedBuildOptions& o) noexcept {
  std::uint64_t most = 0;
  for (int n = first; n <= max_seeds; ++n) most = std::max(most, sliced_layer_bytes(n, rank, ranks, o));
  return most;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
