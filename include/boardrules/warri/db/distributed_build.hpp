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
/// The parts: the collectives (comm.hpp), the rounds of look-ups (exchange.hpp), the options,
/// figures and memory model (distributed_options.hpp), one layer on one rank in its stages
/// (distributed_layer.hpp); here, the table found in the directory and build_sliced. A build finds
/// the layers of an earlier, stopped run in the directory's manifest and goes on after them, on any
/// number of ranks: each rank holds its part of them, from its own slice when the layer was dealt
/// as now, else copied from the slices.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/comm.hpp"
#include "boardrules/warri/db/distributed_layer.hpp"
#include "boardrules/warri/db/distributed_options.hpp"
#include "boardrules/warri/db/partition.hpp"
#include "boardrules/warri/db/slice_file.hpp"
#include "boardrules/warri/db/sliced_table.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

namespace detail {

// The table so far in `dir` (created if need be): every rank reads the manifest (a shared
// directory) and makes the same decision. A new table's manifest has no layer.
[[nodiscard]] inline Result<Manifest> open_table(const std::string& dir, Comm& comm, const std::string& variant,
                                                 const Decisions& decisions) {
  Manifest manifest;
  manifest.variant = variant;
  manifest.decisions = decisions;
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
  if (any_rank(comm, failed)) {
    if (failed) return error;
    return make_error(ErrorCode::io, "another rank could not use the directory", dir);
  }
  return manifest;
}

// Finished layer m, dealt as now: rank `me`'s own slice, loaded or mapped, into h.
[[nodiscard]] inline Status hold_own_slice(HeldLayer& h, const std::string& dir, const Manifest& manifest, int m,
                                           std::uint32_t me, std::uint32_t ranks, bool map) {
  const ManifestLayer& l = manifest.layers[static_cast<std::size_t>(m)];
  const std::string path = slice_path(dir, m, me, ranks);
  Result<SliceData> s = SliceData::open(path, map ? SliceAccess::Map : SliceAccess::Load);
  Status st = s ? slice_matches(s->info, manifest, l, me, path) : Status(s.error());
  if (!st) return st;
  h.codec = s->info.codec;
  if (s->mapped()) {
    h.slice = std::move(*s);
    h.data = h.slice.values();
  } else {
    h.bytes.assign(s->values(), s->values() + s->info.boards * s->info.codec.value_bytes());
    h.data = h.bytes.data();
  }
  return {};
}

// Finished layer m, dealt otherwise: the boards `now` gives rank `me`, copied from every slice
// (mapped) into h.
[[nodiscard]] inline Status gather_from_slices(HeldLayer& h, const std::string& dir, const Manifest& manifest, int m,
                                               const Partition& now, std::uint32_t me) {
  const ManifestLayer& l = manifest.layers[static_cast<std::size_t>(m)];
  const Partition old{l.kind, l.stats.boards, l.parts};
  std::vector<SliceData> slices;
  for (std::uint32_t k = 0; k < l.parts; ++k) {
    const std::string path = slice_path(dir, m, k, l.parts);
    Result<SliceData> s = SliceData::open(path, SliceAccess::Map);
    Status st = s ? slice_matches(s->info, manifest, l, k, path) : Status(s.error());
    if (!st) return st;
    slices.push_back(std::move(*s));
  }
  h.codec = slices[0].info.codec;
  const std::size_t vb = h.codec.value_bytes();
  const std::uint64_t count = now.count(me);
  h.bytes.resize(static_cast<std::size_t>(count * vb));
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint64_t r = now.global(me, i);
    std::memcpy(&h.bytes[static_cast<std::size_t>(i * vb)], slices[old.owner(r)].values() + old.local(r) * vb, vb);
  }
  h.data = h.bytes.data();
  return {};
}

// This rank's part of each finished layer of `manifest` into `held`: its own slice when the layer
// was dealt as now, else its boards copied from the slices (a resumed build on another number of
// ranks).
[[nodiscard]] inline Status hold_finished(std::vector<HeldLayer>& held, const std::string& dir, const Manifest& manifest,
                                          Comm& comm, const SlicedBuildOptions& options) {
  const std::uint32_t me = comm.rank(), ranks = comm.ranks();
  Status st;
  for (std::size_t m = 0; m < manifest.layers.size() && st; ++m) {
    const ManifestLayer& l = manifest.layers[m];
    const Partition now{options.partition, layer_size(static_cast<int>(m)), ranks};
    st = l.kind == now.kind && l.parts == now.parts
             ? hold_own_slice(held[m], dir, manifest, static_cast<int>(m), me, ranks, options.map_finished)
             : gather_from_slices(held[m], dir, manifest, static_cast<int>(m), now, me);
  }
  if (any_rank(comm, !st)) {
    if (!st) return st;
    return make_error(ErrorCode::io, "another rank could not read the finished layers", dir);
  }
  return {};
}

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
  const std::uint32_t ranks = comm.ranks();
  if (max_seeds < 0 || max_seeds > kMaxSlicedSeeds)
    return make_error(ErrorCode::out_of_range,
                      "seeds must be 0.." + std::to_string(kMaxSlicedSeeds) + ", found " + std::to_string(max_seeds),
                      "seeds");
  if (options.batch == 0 || ranks == 0 || ranks > kMaxParts)
    return make_error(ErrorCode::usage, "a batch of 0 boards, or ranks out of 1..65536", "options");
  // The name as the files hold it: at most 16 characters (slice_file.hpp, file.hpp).
  std::string variant = (options.variant.empty() ? std::string(R::name) : options.variant).substr(0, 16);
  Result<Manifest> manifest = detail::open_table(dir, comm, variant, decisions);
  if (!manifest) return manifest.error();
  SlicedBuildSummary summary;
  summary.resumed_layers = static_cast<int>(manifest->layers.size());
  if (summary.resumed_layers > max_seeds) {
    summary.max_seeds = summary.resumed_layers - 1;
    return summary;
  }
  std::vector<detail::HeldLayer> held(static_cast<std::size_t>(max_seeds) + 1);
  if (Status st = detail::hold_finished(held, dir, *manifest, comm, options); !st) return st.error();
  detail::LayerSolver<R, Score> solver(dir, max_seeds, comm, options, score, decisions, std::move(variant),
                                       std::move(*manifest), std::move(held));
  summary.rank_bytes = sliced_build_bytes(summary.resumed_layers, max_seeds, comm.rank(), ranks, options);
  for (int n = summary.resumed_layers; n <= max_seeds; ++n)
    if (Status st = solver.solve_layer(n); !st) return st.error();
  summary.max_seeds = max_seeds;
  return summary;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
