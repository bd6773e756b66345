#pragma once
/// \file
/// A sliced Warri endgame table read as one table (docs/databases.md#sliced-tables): the
/// directory's manifest and every slice of every finished layer, each checked against the
/// manifest; probes by board or position, constant time and allocation-free, as Table's.
/// Also: verify_sliced (every slice's checksum and every layer's counts, streamed), and
/// join_sliced (the one-file table of table_file.hpp, streamed, equal byte for byte to the file a
/// single-process build writes).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/formats/file.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/compact.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/partition.hpp"
#include "boardrules/warri/db/slice_file.hpp"
#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/value.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// The path of a slice of the table in `dir`.
[[nodiscard]] inline std::string slice_path(const std::string& dir, int seeds, std::uint32_t part,
                                            std::uint32_t parts) {
  return (std::filesystem::path(dir) / slice_name(seeds, part, parts)).string();
}

namespace detail {

// Whether a slice's header agrees with the manifest's line for its layer and part.
[[nodiscard]] inline Status slice_matches(const SliceInfo& s, const Manifest& m, const ManifestLayer& l,
                                          std::uint32_t part, const std::string& where) {
  const auto differ = [&](const std::string& what) {
    return make_error(ErrorCode::corrupted, what + " differs from the manifest's", where);
  };
  if (!(s.decisions == m.decisions) || s.variant != m.variant) return differ("the variant or its decisions");
  if (s.seeds != l.stats.seeds) return differ("the layer");
  if (s.partition.kind != l.kind || s.partition.parts != l.parts || s.part != part) return differ("the partition");
  if (s.codec.value_bytes() != l.value_bytes || s.codec.palette().size() != l.palette) return differ("the encoding");
  if (s.checksum != l.checksums[part]) return differ("the checksum");
  return {};
}

}  // namespace detail

/// A sliced table, opened: every layer 0..max_seeds of the directory's manifest. Move-only (the
/// probes read the slices it holds or maps).
class SlicedTable {
 public:
  std::string variant;  ///< the variant's name, as the build recorded it
  Decisions decisions;
  int max_seeds = 0;
  Manifest manifest;  ///< the layers with their counts, as the build wrote them

  /// The value of a board (WA-8.5); nullopt when it has more than max_seeds seeds. Allocation-free.
  [[nodiscard]] std::optional<Value> probe(const Board& b) const noexcept {
    const int n = board_seeds(b);
    if (n > max_seeds) return std::nullopt;
    return value_at(n, rank(b));
  }
  /// The value of a position's board (WA-8.1: from the side to move's view).
  template <class R>
  [[nodiscard]] std::optional<Value> probe(const BasicPosition<R>& p) const noexcept {
    return probe(board_of(p));
  }

  /// The value of the board of rank r in layer n (n <= max_seeds, r < layer_size(n)), without
  /// ranking a board. Allocation-free.
  [[nodiscard]] Value value_at(int n, std::uint64_t r) const noexcept {
    const Layer& l = layers_[static_cast<std::size_t>(n)];
    const Partition::Place at = l.partition.locate(r);
    return l.codec.decode(l.parts[at.owner], at.local);
  }

  /// Opens the table in `dir`: its manifest, then every slice of every layer it lists, each
  /// checked against the manifest (its layer, partition, encoding and checksum) and against its
  /// checksum, whatever the access. With `expected`, a table built for other decisions
  /// is refused (ErrorCode::usage). Errors: read_manifest's, a manifest without a layer
  /// (ErrorCode::corrupted), a missing slice (ErrorCode::io, where = its path),
  /// SliceData::open's, a slice that differs from the manifest (ErrorCode::corrupted).
  [[nodiscard]] static Result<SlicedTable> open(const std::string& dir, const Decisions* expected = nullptr,
                                                SliceAccess access = SliceAccess::Load) {
    Result<Manifest> m = read_manifest(dir);
    if (!m) return m.error();
    if (m->layers.empty())
      return make_error(ErrorCode::corrupted, "no finished layer in the manifest", manifest_path(dir));
    if (expected != nullptr && !(*expected == m->decisions))
      return make_error(ErrorCode::usage,
                        "built for other decisions (" + m->variant + ": " + describe(m->decisions) + "), expected " +
                            describe(*expected),
                        manifest_path(dir));
    SlicedTable t;
    for (const ManifestLayer& l : m->layers) {
      Layer layer;
      layer.partition = Partition{l.kind, l.stats.boards, l.parts};
      for (std::uint32_t k = 0; k < l.parts; ++k) {
        const std::string path = slice_path(dir, l.stats.seeds, k, l.parts);
        Result<SliceData> s = SliceData::open(path, access);
        if (!s) return s.error();
        if (Status st = detail::slice_matches(s->info, *m, l, k, path); !st) return st.error();
        if (k == 0) layer.codec = s->info.codec;
        else if (!std::equal(s->info.codec.palette().begin(), s->info.codec.palette().end(),
                             layer.codec.palette().begin(), layer.codec.palette().end()))
          return make_error(ErrorCode::corrupted, "a palette that differs from the layer's other slices", path);
        layer.parts.push_back(s->values());
        t.slices_.push_back(std::move(*s));
      }
      t.layers_.push_back(std::move(layer));
    }
    t.variant = m->variant;
    t.decisions = m->decisions;
    t.max_seeds = static_cast<int>(m->layers.size()) - 1;
    t.manifest = std::move(*m);
    return t;
  }

  SlicedTable(SlicedTable&&) noexcept = default;
  SlicedTable& operator=(SlicedTable&&) noexcept = default;
  SlicedTable(const SlicedTable&) = delete;
  SlicedTable& operator=(const SlicedTable&) = delete;
  ~SlicedTable() = default;

 private:
  SlicedTable() = default;
  struct Layer {
    Partition partition;
    LayerCodec codec;
    std::vector<const std::uint8_t*> parts;  // each part's values, in part order
  };
  std::vector<Layer> layers_;
  std::vector<SliceData> slices_;  // a moved vector keeps its elements where they are
};

/// The wins, draws and losses of layer n of a sliced table (0 <= n <= t.max_seeds), counted from
/// its values as a build counts them (layer_verdicts of a Table, build.hpp); an Error
/// (out_of_range, where "layer") for a layer the table does not hold.
[[nodiscard]] inline Result<LayerStats> layer_verdicts(const SlicedTable& t, int n) {
  if (n < 0 || n > t.max_seeds) return detail::no_layer(n, t.max_seeds);
  return detail::count_verdicts(n, t.decisions.win_seeds, [&](std::uint64_t r) { return t.value_at(n, r); });
}

/// Checks every slice of the table in `dir` against the manifest, streaming each file (a
/// megabyte at a time, whatever its size): its header, its checksum, every byte within the
/// palette, and for every layer the wins, draws and losses counted again from the values
/// (`even_stores_verdict`, as a build counts them) against the manifest's. Calls on_layer
/// with each layer's counts as it is checked. The recounted layers, or the first Error
/// (read_manifest's, a missing or unreadable slice, ErrorCode::corrupted for a slice or a count
/// that differs).
[[nodiscard]] inline Result<std::vector<LayerStats>> verify_sliced(
    const std::string& dir, const std::function<void(const LayerStats&)>& on_layer = {}) {
  Result<Manifest> m = read_manifest(dir);
  if (!m) return m.error();
  std::vector<LayerStats> out;
  std::vector<std::uint8_t> chunk(std::size_t{1} << 20);
  for (const ManifestLayer& l : m->layers) {
    LayerStats s;
    s.seeds = l.stats.seeds;
    s.boards = l.stats.boards;
    for (std::uint32_t k = 0; k < l.parts; ++k) {
      const std::string path = slice_path(dir, s.seeds, k, l.parts);
      if (Status st = check_input_file(path); !st) return st.error();
      const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
      if (!f) return make_error(ErrorCode::io, "cannot open", path);
      std::error_code ec;
      const std::uint64_t size = std::filesystem::file_size(path, ec);
      if (ec) return make_error(ErrorCode::io, "cannot tell the size: " + ec.message(), path);
      std::vector<std::uint8_t> head(kSliceHeaderBytes + 2 * LayerCodec::kMaxPalette);
      head.resize(std::fread(head.data(), 1, head.size(), f.get()));
      Result<SliceInfo> info = parse_slice_header(head, size, path);
      if (!info) return info.error();
      if (Status st = detail::slice_matches(*info, *m, l, k, path); !st) return st.error();
      head.resize(static_cast<std::size_t>(info->values_offset()));
      if (std::fseek(f.get(), static_cast<long>(info->values_offset()), SEEK_SET) != 0)
        return make_error(ErrorCode::io, "cannot seek", path);
      detail::Checksum sum;
      sum.add(std::span<const std::uint8_t>(head).first(88));
      sum.add(std::span<const std::uint8_t>(head).subspan(kSliceHeaderBytes));
      const std::size_t vb = info->codec.value_bytes();
      const std::size_t palette = info->codec.palette().size();
      std::uint64_t left = info->boards * vb;
      std::uint64_t at = info->values_offset();
      while (left > 0) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, chunk.size()));
        if (std::fread(chunk.data(), 1, n, f.get()) != n) return make_error(ErrorCode::io, "read failed", path);
        sum.add({chunk.data(), n});
        for (std::size_t i = 0; i < n; i += vb) {
          if (vb == 1 && chunk[i] >= palette)
            return make_error(ErrorCode::corrupted, "a value outside the palette (corrupted)", path,
                              static_cast<std::size_t>(at + i));
          switch (even_stores_verdict(info->codec.decode(chunk.data(), i / vb), s.seeds, m->decisions.win_seeds)) {
            case Verdict::Win: ++s.wins; break;
            case Verdict::Draw: ++s.draws; break;
            case Verdict::Loss: ++s.losses; break;
          }
        }
        left -= n;
        at += n;
      }
      if (sum.value() != info->checksum)
        return make_error(ErrorCode::corrupted, "corrupted: the checksum does not match", path, 88);
    }
    if (s.wins != l.stats.wins || s.draws != l.stats.draws || s.losses != l.stats.losses)
      return make_error(ErrorCode::corrupted,
                        "layer " + std::to_string(s.seeds) + ": counted " + std::to_string(s.wins) + " wins, " +
                            std::to_string(s.draws) + " draws, " + std::to_string(s.losses) +
                            " losses, the manifest says " + std::to_string(l.stats.wins) + ", " +
                            std::to_string(l.stats.draws) + ", " + std::to_string(l.stats.losses),
                        manifest_path(dir));
    if (on_layer) on_layer(s);
    out.push_back(s);
  }
  return out;
}

/// Writes the one-file table (table_file.hpp) of the sliced table `t`: the same bytes as
/// write_database of the Table a single-process build of the same layers gives. Streamed: a
/// megabyte of values at a time. Errors as write_database's (ErrorCode::io, where = the path).
[[nodiscard]] inline Status join_sliced(const SlicedTable& t, const std::string& path) {
  if (Status s = check_output_file(path); !s) return s;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!f) return make_error(ErrorCode::io, "cannot open for writing", path);
  std::array<std::uint8_t, kHeaderBytes> h = detail::header_fields(t.variant, t.decisions, t.max_seeds);
  detail::Checksum sum;
  sum.add({h.data(), 56});
  if (std::fwrite(h.data(), 1, h.size(), f.get()) != h.size()) return make_error(ErrorCode::io, "write failed", path);
  std::vector<std::uint8_t> chunk;
  chunk.reserve(std::size_t{1} << 20);
  const auto flush = [&]() {
    sum.add(chunk);
    const bool ok = chunk.empty() || std::fwrite(chunk.data(), 1, chunk.size(), f.get()) == chunk.size();
    chunk.clear();
    return ok;
  };
  for (int n = 0; n <= t.max_seeds; ++n) {
    const std::uint64_t size = layer_size(n);
    for (std::uint64_t r = 0; r < size; ++r) {
      const Value v = t.value_at(n, r);
      chunk.push_back(v.mover);
      chunk.push_back(v.other);
      if (chunk.size() >= (std::size_t{1} << 20) && !flush()) return make_error(ErrorCode::io, "write failed", path);
    }
  }
  if (!flush()) return make_error(ErrorCode::io, "write failed", path);
  detail::put_u64(&h[56], sum.value());
  if (std::fseek(f.get(), 56, SEEK_SET) != 0 || std::fwrite(&h[56], 1, 8, f.get()) != 8 || std::fflush(f.get()) != 0)
    return make_error(ErrorCode::io, "write failed", path);
  return {};
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
