#pragma once
/// \file
/// The files of a sliced Warri endgame table (docs/databases.md#sliced-tables): a directory
/// with, for each layer (WA-8.2), one slice file per part of the layer (partition.hpp), its
/// values compact (compact.hpp) and checksummed, and a manifest, a text file listing the
/// finished layers with their counts and their slices' checksums. A layer belongs to the table
/// once the manifest lists it, which is written (whole, then renamed into place) after every
/// slice of the layer is on disk: a build stopped at any moment leaves a table of the layers
/// before, which it can go on from.
///
/// Slice file, every number little-endian:
///   0  magic "BRWASLC\x1a"                                          8 bytes
///   8  format version (1)                                            u32
///  12  header size (96)                                              u32
///  16  decisions as in the one-file table (table_file.hpp), the layer's seeds       8 x u8
///  24  partition kind (1 ranges, 2 blocks), bytes a board (1 or 2), palette size (u16),
///      4 zero bytes
///  32  part, parts                                                   2 x u32
///  40  boards in the layer                                           u64
///  48  boards in this slice                                          u64
///  56  variant name, zero-padded                                     16 bytes
///  72  16 zero bytes
///  88  checksum of bytes 0..87, the palette and the values           u64
///  96  the palette, (mover, other) a pair; then the values, the part's boards in local order

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>
#if __has_include(<sys/mman.h>) && __has_include(<unistd.h>) && __has_include(<fcntl.h>)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#define BOARDRULES_WARRI_SLICE_POSIX 1
#else
#define BOARDRULES_WARRI_SLICE_POSIX 0
#endif

#include "boardrules/core/error.hpp"
#include "boardrules/formats/file.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/compact.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/partition.hpp"
#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/value.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

inline constexpr std::uint32_t kSliceFormatVersion = 1;  ///< the slice version this library writes and reads
inline constexpr std::size_t kSliceHeaderBytes = 96;      ///< a slice file's header
inline constexpr std::array<std::uint8_t, 8> kSliceMagic{'B', 'R', 'W', 'A', 'S', 'L', 'C', 0x1a};
/// The largest layer a sliced table holds: the whole game (WA-1.1).
inline constexpr int kMaxSlicedSeeds = kMaxBoardSeeds;
/// The manifest's name in a table's directory.
inline constexpr const char* kManifestName = "manifest.txt";

/// What a slice file's header says.
struct SliceInfo {
  std::string variant;
  Decisions decisions;
  int seeds = 0;  ///< the layer
  Partition partition;
  std::uint32_t part = 0;
  LayerCodec codec;
  std::uint64_t boards = 0;  ///< in this slice: partition.count(part)
  std::uint64_t checksum = 0;

  /// Where the values start.
  [[nodiscard]] std::uint64_t values_offset() const noexcept { return kSliceHeaderBytes + 2 * codec.palette().size(); }
  /// The file's size.
  [[nodiscard]] std::uint64_t file_size() const noexcept { return values_offset() + boards * codec.value_bytes(); }
};

/// The file name of part `part` of `parts` of layer `seeds`, e.g. "l24-0003of0008.slice".
[[nodiscard]] inline std::string slice_name(int seeds, std::uint32_t part, std::uint32_t parts) {
  char name[64];
  std::snprintf(name, sizeof name, "l%02d-%04" PRIu32 "of%04" PRIu32 ".slice", seeds, part, parts);
  return name;
}

namespace detail {

// The header of a slice (its palette after it), the checksum field zero.
[[nodiscard]] inline std::vector<std::uint8_t> slice_header(const SliceInfo& s) {
  std::vector<std::uint8_t> h(static_cast<std::size_t>(s.values_offset()));
  std::memcpy(h.data(), kSliceMagic.data(), kSliceMagic.size());
  put_u32(&h[8], kSliceFormatVersion);
  put_u32(&h[12], kSliceHeaderBytes);
  put_decisions(&h[16], s.decisions, s.seeds);
  h[24] = static_cast<std::uint8_t>(s.partition.kind);
  h[25] = static_cast<std::uint8_t>(s.codec.value_bytes());
  const std::size_t palette = s.codec.palette().size();
  h[26] = static_cast<std::uint8_t>(palette & 0xFF);
  h[27] = static_cast<std::uint8_t>(palette >> 8);
  put_u32(&h[32], s.part);
  put_u32(&h[36], s.partition.parts);
  put_u64(&h[40], s.partition.size);
  put_u64(&h[48], s.boards);
  std::memcpy(&h[56], s.variant.data(), std::min<std::size_t>(s.variant.size(), 16));
  for (std::size_t i = 0; i < palette; ++i) {
    h[kSliceHeaderBytes + 2 * i] = s.codec.palette()[i].mover;
    h[kSliceHeaderBytes + 2 * i + 1] = s.codec.palette()[i].other;
  }
  return h;
}

// The checksum of a slice: its header and palette (the checksum field left out) and its values.
[[nodiscard]] inline std::uint64_t slice_checksum(std::span<const std::uint8_t> header,
                                                  std::span<const std::uint8_t> values) noexcept {
  Checksum sum;
  sum.add(header.first(88));
  sum.add(header.subspan(kSliceHeaderBytes));
  sum.add(values);
  return sum.value();
}

[[nodiscard]] inline Error slice_error(ErrorCode code, std::string message, const std::string& where,
                                       std::size_t offset = Error::npos) {
  return Error{std::move(message), where, offset, code};
}

// fsync where there is one: a slice or manifest is on disk before the manifest names it.
inline bool sync_file([[maybe_unused]] std::FILE* f) noexcept {
#if BOARDRULES_WARRI_SLICE_POSIX
  return ::fsync(fileno(f)) == 0;
#else
  return true;
#endif
}

// Writes `parts` to path + ".tmp", flushed and synced, then renames it to path.
[[nodiscard]] inline Status write_replacing(const std::string& path,
                                            std::initializer_list<std::span<const std::uint8_t>> parts) {
  const std::string tmp = path + ".tmp";
  {
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(tmp.c_str(), "wb"), &std::fclose);
    if (!f) return make_error(ErrorCode::io, std::string("cannot write: ") + std::strerror(errno), tmp);
    for (const auto& p : parts)
      if (!p.empty() && std::fwrite(p.data(), 1, p.size(), f.get()) != p.size())
        return make_error(ErrorCode::io, std::string("write failed: ") + std::strerror(errno), tmp);
    if (std::fflush(f.get()) != 0 || !sync_file(f.get()))
      return make_error(ErrorCode::io, std::string("write failed: ") + std::strerror(errno), tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) return make_error(ErrorCode::io, "cannot rename " + tmp + ": " + ec.message(), path);
  return {};
}

}  // namespace detail

/// Writes a slice: the header of `s` (its checksum computed here) and `values`
/// (s.boards × s.codec.value_bytes() bytes), first to path + ".tmp", then renamed to path. The
/// checksum, or an Error (ErrorCode::io, where = the path) when the file cannot be written.
[[nodiscard]] inline Result<std::uint64_t> write_slice(const std::string& path, const SliceInfo& s,
                                                       std::span<const std::uint8_t> values) {
  if (values.size() != s.boards * s.codec.value_bytes())
    return make_error(ErrorCode::usage, "values of another size than the slice's boards", path);
  std::vector<std::uint8_t> h = detail::slice_header(s);
  const std::uint64_t sum = detail::slice_checksum(h, values);
  detail::put_u64(&h[88], sum);
  if (Status st = detail::write_replacing(path, {h, values}); !st) return st.error();
  return sum;
}

/// Reads a slice's header and palette from its first bytes (at least kSliceHeaderBytes + 512
/// of them, or the whole file when shorter) and the file's size. Every field is checked against
/// the others and against the file's size (ErrorCode::corrupted, or unsupported for another
/// version; where = `where`); the checksum is not: it needs the values.
[[nodiscard]] inline Result<SliceInfo> parse_slice_header(std::span<const std::uint8_t> bytes, std::uint64_t file_size,
                                                          const std::string& where) {
  using detail::slice_error;
  if (bytes.size() < kSliceHeaderBytes || file_size < kSliceHeaderBytes)
    return slice_error(ErrorCode::corrupted,
                       "truncated: " + std::to_string(file_size) + " bytes, shorter than the " +
                           std::to_string(kSliceHeaderBytes) + "-byte header",
                       where);
  const std::uint8_t* h = bytes.data();
  if (std::memcmp(h, kSliceMagic.data(), kSliceMagic.size()) != 0)
    return slice_error(ErrorCode::corrupted, "not a Warri endgame slice (bad magic bytes)", where, 0);
  if (const std::uint32_t v = detail::get_u32(h + 8); v != kSliceFormatVersion)
    return slice_error(ErrorCode::unsupported,
                       "slice format version " + std::to_string(v) + ", this library reads version " +
                           std::to_string(kSliceFormatVersion),
                       where, 8);
  if (detail::get_u32(h + 12) != kSliceHeaderBytes)
    return slice_error(ErrorCode::unsupported, "unknown header size", where, 12);
  SliceInfo s;
  const std::optional<Decisions> d = detail::get_decisions(h + 16);
  if (!d) return slice_error(ErrorCode::corrupted, "a decision out of range (corrupted header)", where, 16);
  s.decisions = *d;
  s.seeds = h[23];
  if (s.seeds > kMaxSlicedSeeds)
    return slice_error(ErrorCode::corrupted, "layer " + std::to_string(s.seeds) + " out of range (corrupted header)",
                       where, 23);
  if (h[24] != static_cast<std::uint8_t>(PartitionKind::Ranges) && h[24] != static_cast<std::uint8_t>(PartitionKind::Blocks))
    return slice_error(ErrorCode::corrupted, "unknown partition kind (corrupted header)", where, 24);
  const std::size_t palette = h[26] | static_cast<std::size_t>(h[27]) << 8;
  if (!((h[25] == 1 && palette >= 1 && palette <= LayerCodec::kMaxPalette) || (h[25] == 2 && palette == 0)))
    return slice_error(ErrorCode::corrupted, "bytes a board and palette size do not fit (corrupted header)", where, 25);
  s.part = detail::get_u32(h + 32);
  const std::uint32_t parts = detail::get_u32(h + 36);
  if (parts == 0 || parts > kMaxParts || s.part >= parts)
    return slice_error(ErrorCode::corrupted,
                       "part " + std::to_string(s.part) + " of " + std::to_string(parts) + " (corrupted header)", where,
                       32);
  s.partition = Partition{static_cast<PartitionKind>(h[24]), layer_size(s.seeds), parts};
  if (detail::get_u64(h + 40) != s.partition.size)
    return slice_error(ErrorCode::corrupted, "the layer's board count does not match its seeds (corrupted header)",
                       where, 40);
  s.boards = detail::get_u64(h + 48);
  if (s.boards != s.partition.count(s.part))
    return slice_error(ErrorCode::corrupted, "the slice's board count does not match its part (corrupted header)",
                       where, 48);
  for (std::size_t i = 56; i < 72 && h[i] != 0; ++i) s.variant += static_cast<char>(h[i]);
  s.checksum = detail::get_u64(h + 88);
  if (file_size < kSliceHeaderBytes + 2 * palette)
    return slice_error(ErrorCode::corrupted,
                       "truncated: " + std::to_string(file_size) + " bytes, shorter than the header and palette", where);
  if (bytes.size() < kSliceHeaderBytes + 2 * palette)
    return slice_error(ErrorCode::usage, "the palette was not read", where);
  std::vector<Value> pairs;
  for (std::size_t i = 0; i < palette; ++i) {
    const Value v{h[kSliceHeaderBytes + 2 * i], h[kSliceHeaderBytes + 2 * i + 1]};
    // The palette is in increasing order of (mover, other), each pair once (compact.hpp).
    if (!pairs.empty() && (pairs.back().mover > v.mover || (pairs.back().mover == v.mover && pairs.back().other >= v.other)))
      return slice_error(ErrorCode::corrupted, "the palette is out of order (corrupted)", where, kSliceHeaderBytes + 2 * i);
    pairs.push_back(v);
  }
  s.codec = LayerCodec::with_palette(pairs);
  if (file_size != s.file_size())
    return slice_error(ErrorCode::corrupted,
                       std::string(file_size < s.file_size() ? "truncated" : "trailing bytes") + ": " +
                           std::to_string(file_size) + " bytes, the header says " + std::to_string(s.file_size()),
                       where);
  return s;
}

/// Checks a slice's values against its header: the checksum, and with a palette every byte a
/// place in it (ErrorCode::corrupted, where = `where`). `header` is the header and palette.
[[nodiscard]] inline Status check_slice_values(const SliceInfo& s, std::span<const std::uint8_t> header,
                                               std::span<const std::uint8_t> values, const std::string& where) {
  if (detail::slice_checksum(header, values) != s.checksum)
    return detail::slice_error(ErrorCode::corrupted, "corrupted: the checksum does not match", where, 88);
  if (s.codec.value_bytes() == 1) {
    const std::size_t palette = s.codec.palette().size();
    for (std::size_t i = 0; i < values.size(); ++i)
      if (values[i] >= palette)
        return detail::slice_error(ErrorCode::corrupted, "a value outside the palette (corrupted)", where,
                                   static_cast<std::size_t>(s.values_offset()) + i);
  }
  return {};
}

/// How a reader holds a slice's values: read into memory, or mapped from the file (out of core:
/// the pages stay the system's to evict and read again as probes touch them). Either way the
/// header, the checksum and every value are checked when the slice is opened (for Map, one pass
/// over the mapped file), so that an edited slice is refused, never read as other values. Where
/// the system cannot map files, Map reads too.
enum class SliceAccess : std::uint8_t { Load, Map };

/// A slice's values, read or mapped; move-only.
class SliceData {
 public:
  SliceData() = default;
  SliceData(const SliceData&) = delete;
  SliceData& operator=(const SliceData&) = delete;
  SliceData(SliceData&& o) noexcept { *this = std::move(o); }
  SliceData& operator=(SliceData&& o) noexcept {
    if (this != &o) {
      release();
      info = std::move(o.info);
      bytes_ = std::move(o.bytes_);
      map_ = std::exchange(o.map_, nullptr);
      map_size_ = std::exchange(o.map_size_, 0);
      values_ = std::exchange(o.values_, nullptr);
    }
    return *this;
  }
  ~SliceData() { release(); }

  SliceInfo info;
  /// The values: info.boards × info.codec.value_bytes() bytes.
  [[nodiscard]] const std::uint8_t* values() const noexcept { return values_; }
  /// Whether the values are mapped from the file rather than held.
  [[nodiscard]] bool mapped() const noexcept { return map_ != nullptr; }

  /// Reads (or maps) the slice file `path`. Errors (where = the path): ErrorCode::io for a file
  /// that cannot be read, parse_slice_header's, check_slice_values'.
  [[nodiscard]] static Result<SliceData> open(const std::string& path, SliceAccess access = SliceAccess::Load) {
    if (Status s = check_input_file(path); !s) return s.error();
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!f) return make_error(ErrorCode::io, "cannot open", path);
    std::vector<std::uint8_t> head(kSliceHeaderBytes + 2 * LayerCodec::kMaxPalette);
    head.resize(std::fread(head.data(), 1, head.size(), f.get()));
    std::error_code ec;
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (ec) return make_error(ErrorCode::io, "cannot tell the size: " + ec.message(), path);
    Result<SliceInfo> info = parse_slice_header(head, size, path);
    if (!info) return info.error();
    head.resize(static_cast<std::size_t>(info->values_offset()));
    SliceData d;
    d.info = std::move(*info);
    const std::size_t n = static_cast<std::size_t>(d.info.boards * d.info.codec.value_bytes());
#if BOARDRULES_WARRI_SLICE_POSIX
    if (access == SliceAccess::Map && n > 0) {
      const int fd = ::open(path.c_str(), O_RDONLY);
      if (fd < 0) return make_error(ErrorCode::io, std::string("cannot open: ") + std::strerror(errno), path);
      void* p = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_SHARED, fd, 0);
      ::close(fd);
      if (p == MAP_FAILED) return make_error(ErrorCode::io, std::string("cannot map: ") + std::strerror(errno), path);
      d.map_ = p;
      d.map_size_ = static_cast<std::size_t>(size);
      d.values_ = static_cast<const std::uint8_t*>(p) + d.info.values_offset();
      if (Status s = check_slice_values(d.info, head, {d.values_, n}, path); !s) return s.error();
      return d;
    }
#endif
    (void)access;
    d.bytes_.resize(n);
    if (std::fseek(f.get(), static_cast<long>(d.info.values_offset()), SEEK_SET) != 0 ||
        (n > 0 && std::fread(d.bytes_.data(), 1, n, f.get()) != n))
      return make_error(ErrorCode::io, "read failed", path);
    if (Status s = check_slice_values(d.info, head, d.bytes_, path); !s) return s.error();
    d.values_ = d.bytes_.data();
    return d;
  }

 private:
  void release() noexcept {
#if BOARDRULES_WARRI_SLICE_POSIX
    if (map_ != nullptr) ::munmap(map_, map_size_);
#endif
    map_ = nullptr;
  }
  std::vector<std::uint8_t> bytes_;
  void* map_ = nullptr;
  std::size_t map_size_ = 0;
  const std::uint8_t* values_ = nullptr;
};

// ---- the manifest -------------------------------------------------------------------------

/// A finished layer as the manifest lists it.
struct ManifestLayer {
  /// seeds, boards, wins, draws, losses, terminal, cycling, passes (sweeps), wall and processor
  /// seconds (of all parts) as the build counted them.
  LayerStats stats;
  PartitionKind kind = PartitionKind::Ranges;
  std::uint32_t parts = 1;
  std::size_t value_bytes = 1;
  std::size_t palette = 0;
  std::uint64_t bytes_sent = 0;           ///< bytes the parts sent each other while solving the layer
  std::vector<std::uint64_t> checksums;  ///< each slice's, in part order
};

/// The manifest of a sliced table: its variant and decisions, and the finished layers 0, 1, ...
struct Manifest {
  std::string variant;
  Decisions decisions;
  std::vector<ManifestLayer> layers;
};

/// The manifest as text: a line "boardrules warri endgame slices 1", "variant NAME",
/// "decisions D0 .. D6" (the numbers of file.hpp's bytes 16..22), then a line a layer:
/// "layer N boards B partition ranges|blocks parts P bytes 1|2 palette K wins W draws D losses L
/// terminal T cycling C passes S seconds X cpu Y sent Z checksums H0,H1,..." (hexadecimal).
[[nodiscard]] inline std::string format_manifest(const Manifest& m) {
  std::string s = "boardrules warri endgame slices 1\nvariant " + m.variant + "\ndecisions";
  std::array<std::uint8_t, 8> d{};
  detail::put_decisions(d.data(), m.decisions, 0);
  for (int i = 0; i < 7; ++i) s += " " + std::to_string(d[static_cast<std::size_t>(i)]);
  s += '\n';
  for (const ManifestLayer& l : m.layers) {
    char buf[512];
    const LayerStats& t = l.stats;
    std::snprintf(buf, sizeof buf,
                  "layer %d boards %" PRIu64 " partition %s parts %" PRIu32
                  " bytes %zu palette %zu wins %" PRIu64 " draws %" PRIu64 " losses %" PRIu64 " terminal %" PRIu64
                  " cycling %" PRIu64 " passes %d seconds %.3f cpu %.3f sent %" PRIu64 " checksums ",
                  t.seeds, t.boards, std::string(partition_name(l.kind)).c_str(), l.parts, l.value_bytes, l.palette,
                  t.wins, t.draws, t.losses, t.terminal, t.cycling, t.sweeps, t.seconds, t.cpu_seconds, l.bytes_sent);
    s += buf;
    for (std::size_t i = 0; i < l.checksums.size(); ++i) {
      std::snprintf(buf, sizeof buf, "%s%016" PRIx64, i ? "," : "", l.checksums[i]);
      s += buf;
    }
    s += '\n';
  }
  return s;
}

/// Reads a manifest's text (format_manifest's). An Error (ErrorCode::corrupted, where =
/// `where`, offset = the line's number from 1) for anything else: a missing or unknown line, a
/// field out of order or out of range, layers out of order, a count that does not add up.
[[nodiscard]] inline Result<Manifest> parse_manifest(std::string_view text, const std::string& where) {
  Manifest m;
  std::size_t line_no = 0;
  const auto bad = [&](const std::string& what) { return make_error(ErrorCode::corrupted, what, where, line_no); };
  std::size_t pos = 0;
  const auto next_line = [&](std::string_view& line) {
    if (pos >= text.size()) return false;
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    return true;
  };
  std::string_view line;
  if (!next_line(line) || line != "boardrules warri endgame slices 1")
    return bad("not a sliced Warri endgame table's manifest (first line)");
  if (!next_line(line) || line.substr(0, 8) != "variant " || line.size() > 8 + 16)
    return bad("expected \"variant NAME\" (at most 16 characters)");
  m.variant = std::string(line.substr(8));
  if (!next_line(line) || line.substr(0, 10) != "decisions ") return bad("expected \"decisions\" and 7 numbers");
  {
    std::istringstream in{std::string(line.substr(10))};
    std::array<std::uint8_t, 8> d{};
    for (int i = 0; i < 7; ++i) {
      unsigned v = 0;
      if (!(in >> v) || v > 255) return bad("expected \"decisions\" and 7 numbers");
      d[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
    }
    std::string rest;
    const std::optional<Decisions> dec = detail::get_decisions(d.data());
    if (in >> rest || !dec) return bad("decisions out of range");
    m.decisions = *dec;
  }
  while (next_line(line)) {
    if (line.empty() && pos >= text.size()) break;
    std::istringstream in{std::string(line)};
    std::string key, kind, sums;
    ManifestLayer l;
    LayerStats& t = l.stats;
    const auto field = [&](const char* name, auto& value) {
      std::string k;
      return static_cast<bool>(in >> k) && k == name && static_cast<bool>(in >> value);
    };
    if (!(in >> key) || key != "layer" || !(in >> t.seeds) || !field("boards", t.boards) ||
        !field("partition", kind) || !field("parts", l.parts) || !field("bytes", l.value_bytes) ||
        !field("palette", l.palette) || !field("wins", t.wins) || !field("draws", t.draws) ||
        !field("losses", t.losses) || !field("terminal", t.terminal) || !field("cycling", t.cycling) ||
        !field("passes", t.sweeps) || !field("seconds", t.seconds) || !field("cpu", t.cpu_seconds) ||
        !field("sent", l.bytes_sent) || !field("checksums", sums))
      return bad("a layer line that does not read");
    if (t.seeds != static_cast<int>(m.layers.size()))
      return bad("layer " + std::to_string(t.seeds) + " where layer " + std::to_string(m.layers.size()) +
                 " was expected");
    if (t.seeds > kMaxSlicedSeeds || t.boards != layer_size(t.seeds))
      return bad("the board count does not match the layer");
    if (kind != "ranges" && kind != "blocks") return bad("unknown partition " + kind);
    l.kind = kind == "ranges" ? PartitionKind::Ranges : PartitionKind::Blocks;
    if (l.parts == 0 || l.parts > kMaxParts) return bad("parts out of range");
    if (!((l.value_bytes == 1 && l.palette >= 1 && l.palette <= LayerCodec::kMaxPalette) ||
          (l.value_bytes == 2 && l.palette == 0)))
      return bad("bytes a board and palette size do not fit");
    if (t.wins > t.boards || t.draws > t.boards || t.losses > t.boards || t.terminal > t.boards ||
        t.cycling > t.boards || t.wins + t.draws + t.losses != t.boards)
      return bad("wins, draws and losses do not add up to the boards");
    for (std::size_t at = 0; at <= sums.size();) {
      const std::size_t comma = std::min(sums.find(',', at), sums.size());
      std::uint64_t v = 0;
      const auto [ptr, ec] = std::from_chars(sums.data() + at, sums.data() + comma, v, 16);
      if (ec != std::errc{} || ptr != sums.data() + comma || comma - at != 16) return bad("a checksum that does not read");
      l.checksums.push_back(v);
      at = comma + 1;
    }
    if (l.checksums.size() != l.parts) return bad("not one checksum a part");
    std::string rest;
    if (in >> rest) return bad("trailing text on a layer line");
    m.layers.push_back(std::move(l));
  }
  return m;
}

/// The path of the manifest in `dir`.
[[nodiscard]] inline std::string manifest_path(const std::string& dir) {
  return (std::filesystem::path(dir) / kManifestName).string();
}

/// The most bytes a manifest can hold: its three first lines, and a line for each layer up to
/// kMaxSlicedSeeds with kMaxParts checksums (17 characters each) and its other fields (under
/// 512 characters). A longer file is not a manifest, and is refused before it is read.
inline constexpr std::size_t kMaxManifestBytes =
    512 + static_cast<std::size_t>(kMaxSlicedSeeds + 1) * (512 + 17 * std::size_t{kMaxParts});

/// Reads the manifest of the table in `dir`: ErrorCode::io (where = the path) when there is
/// none, it is not a regular file (a directory) or it cannot be read, ErrorCode::resource when
/// it is longer than kMaxManifestBytes, parse_manifest's errors.
[[nodiscard]] inline Result<Manifest> read_manifest(const std::string& dir) {
  const std::string path = manifest_path(dir);
  Result<std::string> text = read_text_file(path, kMaxManifestBytes);
  if (!text) return text.error();
  return parse_manifest(*text, path);
}

/// Writes the manifest of the table in `dir` (whole, to a temporary file renamed into place).
[[nodiscard]] inline Status write_manifest(const std::string& dir, const Manifest& m) {
  const std::string text = format_manifest(m);
  return detail::write_replacing(manifest_path(dir),
                                 {{reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}});
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
