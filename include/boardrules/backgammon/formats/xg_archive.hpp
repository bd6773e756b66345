#pragma once
/// \file
/// The container of eXtreme Gammon's files (.xg match files, .xgp position files; formats/xg.hpp
/// reads their records): a RichGameFormat header (the RGMH magic, 8,232 bytes), a thumbnail, then
/// a zlib archive whose index (its record the file's last 36 bytes) lists the files it holds.
/// open_game_file checks the header and the archive (sizes, overlaps, CRC-32s) and gives the one
/// file read, temp.xg, inflated by formats/inflate.hpp (no zlib needed): a sequence of 2,560-byte
/// records. The layout is described in docs/formats.md. Errors are ErrorCode::corrupted (or
/// unsupported, resource), with `where` "xg header", "xg archive" or "xg game file" and the offset
/// in the .xg file.

#include "boardrules/core/config.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/xg_text.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/formats/inflate.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace xg_detail {

inline constexpr std::size_t kGdfHeaderSize = 8232;   // RichGameFormat header
inline constexpr std::size_t kArchiveTrailer = 36;    // archive record at the end of the file
inline constexpr std::size_t kIndexEntry = 532;       // one file of the archive's index
inline constexpr std::size_t kRecord = 2560;          // one record of temp.xg
inline constexpr std::size_t kMaxGameFile = std::size_t{64} << 20;  // inflated temp.xg, at most
// The file's fields: little-endian integers, IEEE floats, signed bytes.
[[nodiscard]] inline std::uint32_t u32(std::span<const std::uint8_t> b, std::size_t at) noexcept {
  return std::uint32_t{b[at]} | (std::uint32_t{b[at + 1]} << 8) | (std::uint32_t{b[at + 2]} << 16) |
         (std::uint32_t{b[at + 3]} << 24);
}
[[nodiscard]] inline std::int32_t i32(std::span<const std::uint8_t> b, std::size_t at) noexcept {
  return static_cast<std::int32_t>(u32(b, at));
}
[[nodiscard]] inline float f32(std::span<const std::uint8_t> b, std::size_t at) noexcept {
  return std::bit_cast<float>(u32(b, at));
}
[[nodiscard]] inline std::int8_t s8(std::span<const std::uint8_t> b, std::size_t at) noexcept {
  return static_cast<std::int8_t>(b[at]);
}

[[nodiscard]] inline Error corrupt(std::string why, std::string where, std::size_t at) {
  return make_error(ErrorCode::corrupted, std::move(why), std::move(where), at);
}

// One entry of the archive's index: a file's name, where its bytes are in the archive's data
// (start, stored size) and what they inflate to.
struct ArchiveEntry {
  std::string name;
  std::size_t start = 0;
  std::size_t stored = 0;
  std::size_t size = 0;
  std::uint32_t crc = 0;
  bool compressed = false;
};

// Reads the zlib archive that ends the file (its record is the last 36 bytes) and gives its one
// game file, temp.xg, inflated: the only file read (temp.xgi, temp.xgr and temp.xgc, the index
// of games, the rollouts and the comments, are not). Its entries must each lie within the
// archive's data and share none of it, and no two may have the same name, so that one stream
// is never inflated twice; the game file's stream is read from its entry's bytes only, up to
// the size its entry gives, at most kMaxGameFile. Offsets in errors are offsets in the .xg file.
[[nodiscard]] inline Result<std::vector<std::uint8_t>> read_archive(std::span<const std::uint8_t> f,
                                                                    std::size_t first) {
  const std::string where = "xg archive";
  if (f.size() < first + kArchiveTrailer)
    return corrupt("the file ends before the archive record (" + std::to_string(f.size()) + " bytes)", where, f.size());
  const std::size_t rec = f.size() - kArchiveTrailer;
  const std::uint32_t crc = u32(f, rec);
  const std::int32_t count = i32(f, rec + 4);
  const std::int32_t reg_size = i32(f, rec + 12);
  const std::int32_t arc_size = i32(f, rec + 16);
  const bool reg_compressed = i32(f, rec + 20) != 0;
  if (count < 1 || count > 64) return corrupt("the archive holds " + std::to_string(count) + " files", where, rec + 4);
  if (reg_size < 0 || arc_size < 0 || static_cast<std::size_t>(reg_size) + static_cast<std::size_t>(arc_size) > rec - first)
    return corrupt("the archive's sizes do not fit in the file", where, rec + 12);
  const std::size_t reg = rec - static_cast<std::size_t>(reg_size);
  const std::size_t start = reg - static_cast<std::size_t>(arc_size);
  if (crc32(f.subspan(start, rec - start)) != crc)
    return corrupt("the archive's CRC-32 is not that of its data (the file is damaged)", where, rec);
  std::vector<std::uint8_t> index;
  const std::span<const std::uint8_t> reg_bytes = f.subspan(0, rec);
  if (reg_compressed) {
    auto in = inflate_zlib(reg_bytes, reg, static_cast<std::size_t>(count) * kIndexEntry);
    if (!in.has_value()) return corrupt("the archive index: " + in.error().message, where, in.error().offset);
    index = std::move(in->data);
  } else {
    index.assign(reg_bytes.begin() + static_cast<std::ptrdiff_t>(reg), reg_bytes.end());
  }
  if (index.size() < static_cast<std::size_t>(count) * kIndexEntry)
    return corrupt("the archive index is shorter than its " + std::to_string(count) + " entries", where, reg);
  std::vector<ArchiveEntry> entries;
  const ArchiveEntry* game = nullptr;
  const auto arc = static_cast<std::size_t>(arc_size);
  for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k) {
    const std::span<const std::uint8_t> e(index.data() + k * kIndexEntry, kIndexEntry);
    ArchiveEntry a;
    a.name = short_string(e, 0, 256);
    const std::int32_t osize = i32(e, 512);
    const std::int32_t csize = i32(e, 516);
    const std::int32_t at = i32(e, 520);
    a.crc = u32(e, 524);
    a.compressed = e[528] == 0;
    const std::string fw = where + ": " + a.name;
    if (osize < 0 || csize < 0 || at < 0 || static_cast<std::size_t>(at) > arc ||
        static_cast<std::size_t>(csize) > arc - static_cast<std::size_t>(at))
      return corrupt("the entry's sizes or start do not fit in the archive", fw, reg);
    a.start = static_cast<std::size_t>(at);
    a.stored = static_cast<std::size_t>(csize);
    a.size = static_cast<std::size_t>(osize);
    for (const ArchiveEntry& b : entries) {
      if (b.name == a.name) return corrupt("a second entry named " + a.name, fw, reg);
      if (a.stored != 0 && b.stored != 0 && a.start < b.start + b.stored && b.start < a.start + a.stored)
        return corrupt("the entry's data overlaps that of " + b.name, fw, reg);
    }
    entries.push_back(std::move(a));
  }
  for (const ArchiveEntry& a : entries)
    if (a.name == "temp.xg") game = &a;
  if (game == nullptr) return corrupt("the archive has no game file (temp.xg)", where, f.size());
  const std::string fw = where + ": " + game->name;
  const std::size_t from = start + game->start;
  if (game->size > kMaxGameFile)
    return make_error(ErrorCode::resource, "the game file is larger than " + std::to_string(kMaxGameFile) + " bytes",
                      fw, from);
  // The entry's bytes only: a stream that runs past them is cut short.
  const std::span<const std::uint8_t> data = f.subspan(0, from + game->stored);
  std::vector<std::uint8_t> out;
  if (game->compressed) {
    auto in = inflate_zlib(data, from, game->size);
    if (!in.has_value()) return corrupt(in.error().message, fw, in.error().offset);
    out = std::move(in->data);
  } else {
    out.assign(data.begin() + static_cast<std::ptrdiff_t>(from), data.end());
  }
  if (out.size() != game->size)
    return corrupt(
        "the file inflates to " + std::to_string(out.size()) + " bytes, its entry says " + std::to_string(game->size),
        fw, from);
  if (crc32(out) != game->crc) return corrupt("the file's CRC-32 is not that of its data", fw, from);
  return out;
}

/// The game file (temp.xg) of an eXtreme Gammon file (.xg, .xgp): the RichGameFormat header,
/// the thumbnail skipped, the zlib archive read; its size a whole number of records.
[[nodiscard]] inline Result<std::vector<std::uint8_t>> open_game_file(std::span<const std::uint8_t> f) {
  // --- the RichGameFormat header and the thumbnail
  if (f.size() < 24 || f[0] != 'R' || f[1] != 'G' || f[2] != 'M' || f[3] != 'H')
    return corrupt("not an eXtreme Gammon file (no RGMH header)", "xg header", 0);
  if (u32(f, 4) != 1)
    return make_error(ErrorCode::unsupported, "header version " + std::to_string(u32(f, 4)) + " is not read (only 1)",
                      "xg header", 4);
  if (f.size() < kGdfHeaderSize) return corrupt("the file ends inside its header", "xg header", f.size());
  const std::uint32_t header_size = u32(f, 8);
  if (header_size != kGdfHeaderSize)
    return corrupt("the header size is " + std::to_string(header_size) + ", expected 8232", "xg header", 8);
  const std::uint32_t thumb = u32(f, 20);
  if (thumb > f.size() - kGdfHeaderSize) return corrupt("the thumbnail runs past the end of the file", "xg header", 20);
  auto game = read_archive(f, kGdfHeaderSize + thumb);
  if (!game.has_value()) return game.error();
  if (game->empty() || game->size() % kRecord != 0)
    return corrupt("the game file's size " + std::to_string(game->size()) + " is not a multiple of 2560",
                   "xg game file", game->size());
  return game;
}

}  // namespace xg_detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
