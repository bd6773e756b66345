#pragma once
/// \file
/// The file format of a Warri endgame database (docs/databases.md#warri): a 64-byte header
/// (format version, variant and its decisions, seeds, layout, checksum) and the values, 2 bytes a
/// board in board_index order (index.hpp). The reader refuses a file that is truncated, corrupted,
/// of another format or version, or built for other decisions, with an Error that says which.
///
/// Header, every number little-endian:
///   0  magic "BRWARDB\x1a"           8 bytes
///   8  format version (1)            u32
///  12  header size (64)              u32
///  16  feeding, grand slam, starvation award, cycle award, odd seed (the enum values),
///      split at capture end (0/1), win seeds, max seeds            8 x u8
///  24  layout (1: layers 0..max seeds, boards by colex rank, mover's then other's value), 7 zero bytes
///  32  boards (layer_offset(max seeds + 1))                        u64
///  40  variant name, zero-padded                                   16 bytes
///  56  checksum of bytes 0..55 and of the values                   u64
///  64  values

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/core/error.hpp"
#include "boardrules/formats/file.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/value.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

inline constexpr std::uint32_t kFormatVersion = 1;    ///< the version this library writes and reads
inline constexpr std::size_t kHeaderBytes = 64;       ///< the header's size
inline constexpr std::uint8_t kLayoutColexPairs = 1;  ///< the one layout (see the file comment)
inline constexpr std::array<std::uint8_t, 8> kMagic{'B', 'R', 'W', 'A', 'R', 'D', 'B', 0x1a};

namespace detail {

// A 64-bit checksum over byte ranges, 8 bytes a step (little-endian words, the tail zero-padded):
// fast enough for gigabytes, and any changed byte changes it with near certainty.
class Checksum {
 public:
  void add(std::span<const std::uint8_t> bytes) noexcept {
    for (const std::uint8_t b : bytes) {
      word_ |= static_cast<std::uint64_t>(b) << (8 * fill_);
      if (++fill_ == 8) flush();
    }
  }
  [[nodiscard]] std::uint64_t value() noexcept {
    if (fill_ != 0) flush();
    std::uint64_t h = h_ ^ count_;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
    return h ^ (h >> 31);
  }

 private:
  void flush() noexcept {
    h_ = (h_ ^ word_) * 0x9E3779B97F4A7C15ull;
    h_ ^= h_ >> 29;
    count_ += static_cast<std::uint64_t>(fill_);
    word_ = 0;
    fill_ = 0;
  }
  std::uint64_t h_ = 0x6A09E667F3BCC909ull;
  std::uint64_t word_ = 0;
  std::uint64_t count_ = 0;
  int fill_ = 0;
};

inline void put_u32(std::uint8_t* p, std::uint32_t v) noexcept {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
inline void put_u64(std::uint8_t* p, std::uint64_t v) noexcept {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
[[nodiscard]] inline std::uint32_t get_u32(const std::uint8_t* p) noexcept {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(p[i]) << (8 * i);
  return v;
}
[[nodiscard]] inline std::uint64_t get_u64(const std::uint8_t* p) noexcept {
  std::uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

// The decisions and a seed count as 8 bytes: feeding, grand slam, starvation award, cycle award,
// odd seed (the enum values), split at capture end (0/1), win seeds, seeds.
inline void put_decisions(std::uint8_t* p, const Decisions& d, int seeds) noexcept {
  p[0] = static_cast<std::uint8_t>(d.feeding);
  p[1] = static_cast<std::uint8_t>(d.grand_slam);
  p[2] = static_cast<std::uint8_t>(d.starvation_award);
  p[3] = static_cast<std::uint8_t>(d.cycle_award);
  p[4] = static_cast<std::uint8_t>(d.odd_seed);
  p[5] = d.split_at_capture_end ? 1 : 0;
  p[6] = static_cast<std::uint8_t>(d.win_seeds);
  p[7] = static_cast<std::uint8_t>(seeds);
}

// The decisions of the first 7 of those bytes; nullopt when one is out of range.
[[nodiscard]] inline std::optional<Decisions> get_decisions(const std::uint8_t* p) noexcept {
  if (p[0] > 1 || p[1] > 2 || p[2] > 2 || p[3] > 2 || p[4] > 2 || p[5] > 1 || p[6] == 0 || p[6] > 48)
    return std::nullopt;
  return Decisions{static_cast<Feeding>(p[0]),    static_cast<GrandSlam>(p[1]), static_cast<StarvationAward>(p[2]),
                   static_cast<CycleAward>(p[3]), static_cast<OddSeed>(p[4]),   p[5] != 0,
                   p[6]};
}

[[nodiscard]] inline std::span<const std::uint8_t> value_bytes(const Table& t) noexcept {
  static_assert(sizeof(Value) == 2);
  return {reinterpret_cast<const std::uint8_t*>(t.values.data()), t.values.size() * sizeof(Value)};
}

// The header of a table of layers 0..max_seeds, its checksum field zero.
[[nodiscard]] inline std::array<std::uint8_t, kHeaderBytes> header_fields(const std::string& variant,
                                                                          const Decisions& decisions, int max_seeds) {
  std::array<std::uint8_t, kHeaderBytes> h{};
  std::memcpy(h.data(), kMagic.data(), kMagic.size());
  put_u32(&h[8], kFormatVersion);
  put_u32(&h[12], kHeaderBytes);
  put_decisions(&h[16], decisions, max_seeds);
  h[24] = kLayoutColexPairs;
  put_u64(&h[32], layer_offset(max_seeds + 1));
  std::memcpy(&h[40], variant.data(), std::min<std::size_t>(variant.size(), 16));
  return h;
}

// The header of a table, its checksum included.
[[nodiscard]] inline std::array<std::uint8_t, kHeaderBytes> header_of(const Table& t) {
  std::array<std::uint8_t, kHeaderBytes> h = header_fields(t.variant, t.decisions, t.max_seeds);
  put_u64(&h[32], t.values.size());
  Checksum sum;
  sum.add({h.data(), 56});
  sum.add(value_bytes(t));
  put_u64(&h[56], sum.value());
  return h;
}

}  // namespace detail

/// The whole file of a table, as bytes.
[[nodiscard]] inline std::vector<std::uint8_t> format_database(const Table& t) {
  const auto h = detail::header_of(t);
  const std::span<const std::uint8_t> v = detail::value_bytes(t);
  std::vector<std::uint8_t> out(h.size() + v.size());
  std::memcpy(out.data(), h.data(), h.size());
  if (!v.empty()) std::memcpy(out.data() + h.size(), v.data(), v.size());
  return out;
}

namespace detail {

// The table a header describes, its values not read (nor the checksum checked): the checks of
// parse_database that need only the header and the file's size.
[[nodiscard]] inline Result<Table> read_header(std::span<const std::uint8_t> bytes, std::uint64_t file_size,
                                               const Decisions* expected) {
  const std::string where = "endgame file";
  if (file_size < kHeaderBytes || bytes.size() < kHeaderBytes) {
    return make_error(ErrorCode::corrupted,
                      "truncated: " + std::to_string(file_size) + " bytes, shorter than the " +
                          std::to_string(kHeaderBytes) + "-byte header",
                      where);
  }
  const std::uint8_t* h = bytes.data();
  if (std::memcmp(h, kMagic.data(), kMagic.size()) != 0) {
    return make_error(ErrorCode::corrupted, "not a Warri endgame database (bad magic bytes)", where, 0);
  }
  if (const std::uint32_t v = get_u32(h + 8); v != kFormatVersion) {
    return make_error(
        ErrorCode::unsupported,
        "format version " + std::to_string(v) + ", this library reads version " + std::to_string(kFormatVersion), where,
        8);
  }
  if (get_u32(h + 12) != kHeaderBytes || h[24] != kLayoutColexPairs) {
    return make_error(ErrorCode::unsupported, "unknown header size or layout", where, 12);
  }
  const std::optional<Decisions> d = get_decisions(h + 16);
  if (!d) return make_error(ErrorCode::corrupted, "a decision out of range (corrupted header)", where, 16);
  Table t;
  t.decisions = *d;
  t.max_seeds = h[23];
  if (t.max_seeds > kMaxBuildSeeds) {
    return make_error(ErrorCode::corrupted, "seeds " + std::to_string(t.max_seeds) + " out of range (corrupted header)",
                      where, 23);
  }
  const std::uint64_t boards = layer_offset(t.max_seeds + 1);
  if (get_u64(h + 32) != boards) {
    return make_error(ErrorCode::corrupted, "the board count does not match the seeds (corrupted header)", where, 32);
  }
  const std::uint64_t want = kHeaderBytes + boards * sizeof(Value);
  if (file_size != want) {
    return make_error(ErrorCode::corrupted,
                      std::string(file_size < want ? "truncated" : "trailing bytes") + ": " +
                          std::to_string(file_size) + " bytes, the header says " + std::to_string(want),
                      where);
  }
  for (std::size_t i = 40; i < 56 && h[i] != 0; ++i) t.variant += static_cast<char>(h[i]);
  if (expected != nullptr && !(*expected == t.decisions)) {
    return make_error(
        ErrorCode::usage,
        "built for other decisions (" + t.variant + ": " + describe(t.decisions) + "), expected " + describe(*expected),
        where);
  }
  return t;
}

// The checksum of a header and the values that follow it matches.
[[nodiscard]] inline Status check_sum(std::span<const std::uint8_t> header, std::span<const std::uint8_t> values) {
  Checksum sum;
  sum.add(header.first(56));
  sum.add(values);
  if (sum.value() != get_u64(header.data() + 56)) {
    return make_error(ErrorCode::corrupted, "corrupted: the checksum does not match", "endgame file", 56);
  }
  return {};
}

}  // namespace detail

/// Reads a table from a file's bytes. With `expected`, a file built for other decisions is
/// refused. Errors (where = "endgame file"): shorter than a header, not this format, another
/// version or layout, decisions or seeds out of range, a size that does not match the header
/// (truncated or trailing bytes), a checksum that does not match (corrupted).
[[nodiscard]] inline Result<Table> parse_database(std::span<const std::uint8_t> bytes,
                                                  const Decisions* expected = nullptr) {
  Result<Table> t = detail::read_header(bytes, bytes.size(), expected);
  if (!t) return t;
  const std::span<const std::uint8_t> values = bytes.subspan(kHeaderBytes);
  if (Status s = detail::check_sum(bytes.first(kHeaderBytes), values); !s) return s.error();
  t->values.resize(values.size() / sizeof(Value));
  std::memcpy(t->values.data(), values.data(), values.size());
  return t;
}

/// Writes a table to a file (header, then the values, without a copy of them). An Error
/// (ErrorCode::io, where = the path) when the file cannot be written: check_output_file's
/// (formats/file.hpp: a directory, a folder that does not exist, permission denied), a write that
/// fails.
[[nodiscard]] inline Status write_database(const std::string& path, const Table& t) {
  if (Status s = check_output_file(path); !s) return s;
  const auto h = detail::header_of(t);
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
  if (!f) return make_error(ErrorCode::io, "cannot open for writing", path);
  const std::span<const std::uint8_t> v = detail::value_bytes(t);
  if (std::fwrite(h.data(), 1, h.size(), f.get()) != h.size() ||
      std::fwrite(v.data(), 1, v.size(), f.get()) != v.size() || std::fflush(f.get()) != 0) {
    return make_error(ErrorCode::io, "write failed", path);
  }
  return {};
}

/// Reads a table from a file (see parse_database), the values straight into the table. Besides
/// parse_database's errors (where = "<path>: endgame file"), ErrorCode::io (where = the path)
/// for a file that cannot be read: check_input_file's (formats/file.hpp: no such file, a
/// directory, permission denied), a read that fails.
[[nodiscard]] inline Result<Table> read_database(const std::string& path, const Decisions* expected = nullptr) {
  if (Status s = check_input_file(path); !s) return s.error();
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) return make_error(ErrorCode::io, "cannot open", path);
  const auto fail = [&](const Error& e) { return Error{e.message, path + ": " + e.where, e.offset, e.code}; };
  std::array<std::uint8_t, kHeaderBytes> h{};
  const std::size_t got = std::fread(h.data(), 1, h.size(), f.get());
  if (std::fseek(f.get(), 0, SEEK_END) != 0) return make_error(ErrorCode::io, "cannot seek", path);
  const long size = std::ftell(f.get());
  if (size < 0) return make_error(ErrorCode::io, "cannot tell the size", path);
  Result<Table> t = detail::read_header({h.data(), got}, static_cast<std::uint64_t>(size), expected);
  if (!t) return fail(t.error());
  t->values.resize(static_cast<std::size_t>(layer_offset(t->max_seeds + 1)));
  const std::size_t n = t->values.size() * sizeof(Value);
  if (std::fseek(f.get(), static_cast<long>(kHeaderBytes), SEEK_SET) != 0 ||
      std::fread(t->values.data(), 1, n, f.get()) != n) {
    return make_error(ErrorCode::io, "read failed", path);
  }
  if (Status s = detail::check_sum(h, detail::value_bytes(*t)); !s) return fail(s.error());
  return t;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
