#pragma once
// The sliced builds of the Warri programs (`warri endgame build --slices`, warri_endgame_mpi):
// their options from the command line, and the line each prints per layer.

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <string>

#include "boardrules/db/memory.hpp"
#include "boardrules/warri/db/distributed_build.hpp"
#include "common/warri_cli.hpp"

namespace examples::warri_cli {

/// The options of a sliced build from the command line: --threads (default 1), --partition
/// (default ranges), --batch (default 65,536 boards), --move-cache MiB (default 0),
/// --out-of-core.
inline endgame::SlicedBuildOptions sliced_options(const Args& a) {
  endgame::SlicedBuildOptions o;
  o.threads = a.threads ? static_cast<unsigned>(*a.threads) : 1;
  o.partition = a.partition.value_or("ranges") == "blocks" ? endgame::PartitionKind::Blocks
                                                           : endgame::PartitionKind::Ranges;
  if (a.batch) o.batch = *a.batch;
  o.move_cache_bytes = a.move_cache.value_or(0) << 20;
  o.map_finished = a.out_of_core;
  o.variant = a.variant;
  return o;
}

/// A layer's line on stderr: the figures of `warri endgame build -o` (boards, passes, wall and
/// processor seconds, wins, draws, losses), then the unsolved boards swept, the bytes the ranks
/// sent each other (and a board's share), and the most memory a rank had for the layer (the
/// model's figure). On a terminal the progress line is cleared first.
inline void print_sliced_layer(const endgame::SlicedLayerStats& s, bool terminal) {
  const endgame::LayerStats& l = s.layer;
  std::fprintf(stderr,
               "%slayer %2d: %" PRIu64 " boards, %d passes, %.2f s (%.2f s CPU), wins %" PRIu64 " draws %" PRIu64
               " losses %" PRIu64 "; %" PRIu64 " sweeps, %" PRIu64 " bytes sent (%.1f a board), %s a rank\n",
               terminal ? "\r\x1b[K" : "", l.seeds, l.boards, l.sweeps, l.seconds, l.cpu_seconds, l.wins, l.draws,
               l.losses, s.board_sweeps, s.bytes_sent,
               static_cast<double>(s.bytes_sent) / static_cast<double>(l.boards), format_bytes(s.rank_bytes).c_str());
}

}  // namespace examples::warri_cli
