#pragma once
/// \file
/// The bear-off databases (bearoff_tables.hpp) in GNU Backgammon's files, byte for byte those its
/// `makebearoff` writes: the 40-byte header (parse_bearoff_header), the one-sided file in its
/// four layouts (compressed or not, with gammon distributions or not) and the two-sided file
/// (cubeful or not), written by format_* and read by parse_*. A file that is not one, is cut
/// short or holds impossible values is an Error; nothing past the end of the bytes is read.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/backgammon/db/bearoff_index.hpp"
#include "boardrules/backgammon/db/bearoff_tables.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// How a one-sided database file is written (GNU Backgammon's `makebearoff -o P` options).
struct OneSidedFileOptions {
  /// Store each distribution from its first to its last non-zero value, behind an index of
  /// offsets (makebearoff's default; its -c turns it off).
  bool compress = true;
  /// Store the gammon distributions (makebearoff's default; its -g turns it off).
  bool gammons = true;
};

namespace bearoff_detail {

inline constexpr std::size_t kHeaderBytes = 40;

inline void put16(std::vector<std::uint8_t>& out, std::uint32_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
}

// The 40-byte header: the text, then 'x' up to 39 characters, then a newline.
inline void put_header(std::vector<std::uint8_t>& out, const std::string& text) {
  std::string h = text;
  h.resize(kHeaderBytes - 1, 'x');
  h.push_back('\n');
  out.insert(out.end(), h.begin(), h.end());
}

inline std::string two_digits(int v) {
  return std::string(1, static_cast<char>('0' + v / 10)) + static_cast<char>('0' + v % 10);
}

// First and one-past-last non-zero value of a distribution (a distribution never is all zero).
inline std::pair<std::size_t, std::size_t> nonzero_span(const std::array<std::uint16_t, 32>& d) {
  std::size_t first = 0, last = 32;
  while (first < 32 && d[first] == 0) ++first;
  while (last > first && d[last - 1] == 0) --last;
  if (first == 32) first = last = 0;
  return {first, last};
}

[[nodiscard]] constexpr std::uint32_t get16(const std::uint8_t* p) noexcept {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8;
}

}  // namespace bearoff_detail

/// The file GNU Backgammon's `makebearoff -o P` writes for `db` (options as its -c and -g):
/// a 40-byte header `gnubg-OS-PP-15-G-C-0xxx…\n`, then, uncompressed, each entry's 32 16-bit
/// little-endian probabilities (and its 32 gammon ones); compressed, an index of 8 bytes an
/// entry (6 without gammons: the offset of its first stored value in 16-bit units, 32 bits; the
/// number of values stored and the index of the first, a byte each; the same for the gammon
/// distribution), then the stored values, from the first non-zero one to the last.
/// Precondition: db.has_gammons() when options.gammons.
[[nodiscard]] inline std::vector<std::uint8_t> format_one_sided_bearoff(const OneSidedBearoff& db,
                                                                        OneSidedFileOptions options = {}) {
  using namespace bearoff_detail;
  std::vector<std::uint8_t> out;
  put_header(out, "gnubg-OS-" + two_digits(db.points()) + "-15-" + (options.gammons ? "1" : "0") + "-" +
                      (options.compress ? "1" : "0") + "-0");
  const std::size_t n = db.positions();
  if (!options.compress) {
    for (std::uint32_t r = 0; r < n; ++r) {
      for (const auto v : db.entry(r).off) put16(out, v);
      if (options.gammons)
        for (const auto v : db.entry(r).gammon) put16(out, v);
    }
    return out;
  }
  std::vector<std::uint8_t> data;
  std::uint32_t offset = 0;
  for (std::uint32_t r = 0; r < n; ++r) {
    const auto& e = db.entry(r);
    put16(out, offset & 0xFFFF);
    put16(out, offset >> 16);
    const auto [a, b] = nonzero_span(e.off);
    out.push_back(static_cast<std::uint8_t>(b - a));
    out.push_back(static_cast<std::uint8_t>(a));
    for (std::size_t i = a; i < b; ++i) put16(data, e.off[i]);
    offset += static_cast<std::uint32_t>(b - a);
    if (options.gammons) {
      const auto [ga, gb] = nonzero_span(e.gammon);
      out.push_back(static_cast<std::uint8_t>(gb - ga));
      out.push_back(static_cast<std::uint8_t>(ga));
      for (std::size_t i = ga; i < gb; ++i) put16(data, e.gammon[i]);
      offset += static_cast<std::uint32_t>(gb - ga);
    }
  }
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

/// What a bear-off file's header says.
struct BearoffHeader {
  bool two_sided = false;
  int points = 0;
  int checkers = 0;
  bool gammons = false;     ///< one-sided: gammon distributions stored
  bool compressed = false;  ///< one-sided: compressed
  bool cubeful = false;     ///< two-sided: cubeful equities stored
};

/// Reads the 40-byte header of a GNU Backgammon bear-off file (one- or two-sided). Refuses what
/// this library does not read: other kinds (Hypergammon), normal-distribution approximations,
/// more than 6 points.
[[nodiscard]] inline Result<BearoffHeader> parse_bearoff_header(std::span<const std::uint8_t> file) {
  const auto bad = [](std::string m, std::size_t at = Error::npos, ErrorCode code = ErrorCode::corrupted) {
    return make_error(code, std::move(m), "bear-off header", at);
  };
  if (file.size() < bearoff_detail::kHeaderBytes) return bad("the file is shorter than its 40-byte header");
  const std::string h(file.begin(), file.begin() + 40);
  if (h.compare(0, 6, "gnubg-") != 0) return bad("not a GNU Backgammon database (no 'gnubg-')", 0);
  const auto digit = [&](std::size_t i) { return h[i] >= '0' && h[i] <= '9'; };
  const auto num2 = [&](std::size_t i) { return (h[i] - '0') * 10 + (h[i + 1] - '0'); };
  const auto flag = [&](std::size_t i) -> int { return h[i] == '0' ? 0 : h[i] == '1' ? 1 : -1; };
  if (h[39] != '\n') return bad("the header does not end with a newline at byte 40", 39);
  BearoffHeader r;
  const std::string kind = h.substr(6, 3);
  if (kind == "OS-") {
    if (!digit(9) || !digit(10) || h[11] != '-' || !digit(12) || !digit(13) || h[14] != '-' || h[16] != '-' ||
        h[18] != '-')
      return bad("malformed one-sided header", 9);
    r.points = num2(9);
    r.checkers = num2(12);
    const int g = flag(15), c = flag(17), nd = flag(19);
    if (g < 0 || c < 0 || nd < 0) return bad("the flags must be 0 or 1", 15);
    if (nd == 1) return bad("normal-distribution databases are not read", 19, ErrorCode::unsupported);
    r.gammons = g == 1;
    r.compressed = c == 1;
    if (r.checkers != kBearoffMaxCheckers) return bad("a one-sided database holds 15 checkers", 12);
  } else if (kind == "TS-") {
    if (!digit(9) || !digit(10) || h[11] != '-' || !digit(12) || !digit(13) || h[14] != '-')
      return bad("malformed two-sided header", 9);
    r.two_sided = true;
    r.points = num2(9);
    r.checkers = num2(12);
    const int f = flag(15);
    if (f < 0) return bad("the cubeful flag must be 0 or 1", 15);
    r.cubeful = f == 1;
    if (r.checkers < 1 || r.checkers > kBearoffMaxCheckers) return bad("1 to 15 checkers", 12);
  } else {
    return bad("unknown database kind '" + kind.substr(0, 2) + "' (expected OS or TS)", 6, ErrorCode::unsupported);
  }
  if (r.points < 1 || r.points > kBearoffMaxPoints) return bad("1 to 6 points are read", 9, ErrorCode::unsupported);
  return r;
}

namespace bearoff_detail {
// The header of `file`, refused when it is not of the kind wanted.
[[nodiscard]] inline Result<BearoffHeader> header_of_kind(std::span<const std::uint8_t> file, bool two_sided) {
  auto header = parse_bearoff_header(file);
  if (header && header->two_sided != two_sided)
    return make_error(ErrorCode::usage,
                      two_sided ? "this is a one-sided database, not a two-sided one"
                                : "this is a two-sided database, not a one-sided one",
                      "bear-off file", 6);
  return header;
}
}  // namespace bearoff_detail

/// Reads a one-sided database file (any of makebearoff's four layouts). A file that is not one,
/// is cut short, is longer than its entries, or holds a distribution that is not one (values
/// not adding up to 65535, an index pointing outside the data) is refused; nothing past the end
/// of `file` is read.
[[nodiscard]] inline Result<OneSidedBearoff> parse_one_sided_bearoff(std::span<const std::uint8_t> file) {
  using namespace bearoff_detail;
  const auto header = header_of_kind(file, false);
  if (!header) return header.error();
  const BearoffHeader& h = *header;
  const std::size_t n = bearoff_positions(h.points, kBearoffMaxCheckers);
  const auto bad = [](std::string m, std::size_t at) {
    return make_error(ErrorCode::corrupted, std::move(m), "bear-off file", at);
  };
  const std::uint8_t* p = file.data();
  const std::size_t size = file.size();
  // The size is checked before anything is allocated, so that a short file claiming many entries
  // costs nothing.
  if (size < kHeaderBytes + n * (h.compressed ? (h.gammons ? 8 : 6) : (h.gammons ? 128 : 64)))
    return bad("the file is too short for the " + std::to_string(n) + " entries of its header", size);
  std::vector<BearoffDistribution> entries(n);
  if (!h.compressed) {
    const std::size_t per = h.gammons ? 128 : 64;
    if (size != kHeaderBytes + n * per)
      return bad("expected " + std::to_string(kHeaderBytes + n * per) + " bytes for " + std::to_string(n) +
                     " uncompressed entries, found " + std::to_string(size),
                 std::min(size, kHeaderBytes + n * per));
    for (std::size_t r = 0; r < n; ++r) {
      const std::uint8_t* e = p + kHeaderBytes + r * per;
      for (std::size_t i = 0; i < 32; ++i) entries[r].off[i] = static_cast<std::uint16_t>(get16(e + 2 * i));
      if (h.gammons)
        for (std::size_t i = 0; i < 32; ++i) entries[r].gammon[i] = static_cast<std::uint16_t>(get16(e + 64 + 2 * i));
    }
  } else {
    const std::size_t per = h.gammons ? 8 : 6;
    const std::size_t data = kHeaderBytes + n * per;
    const std::size_t values = (size - data) / 2;
    if ((size - data) % 2 != 0) return bad("the data ends in half a value", size - 1);
    std::size_t expected = 0;  // the next entry's offset: entries are stored in order
    for (std::size_t r = 0; r < n; ++r) {
      const std::uint8_t* e = p + kHeaderBytes + r * per;
      const std::size_t at = kHeaderBytes + r * per;
      const std::size_t offset = get16(e) | static_cast<std::size_t>(get16(e + 2)) << 16;
      if (offset != expected) return bad("entry " + std::to_string(r) + ": offset out of sequence", at);
      const std::size_t parts = h.gammons ? 2 : 1;
      for (std::size_t part = 0; part < parts; ++part) {
        const std::size_t count = e[4 + 2 * part], first = e[5 + 2 * part];
        if (count == 0 || first + count > 32)
          return bad("entry " + std::to_string(r) + ": stored values outside the 32 of a distribution",
                     at + 4 + 2 * part);
        if (expected + count > values)
          return bad("entry " + std::to_string(r) + ": its values run past the end of the file", size);
        auto& d = part == 0 ? entries[r].off : entries[r].gammon;
        for (std::size_t i = 0; i < count; ++i)
          d[first + i] = static_cast<std::uint16_t>(get16(p + data + 2 * (expected + i)));
        expected += count;
      }
    }
    if (expected != values) return bad("the file is longer than its entries", data + 2 * expected);
  }
  for (std::size_t r = 0; r < n; ++r) {
    std::uint32_t s = 0, g = 0;
    for (std::size_t i = 0; i < 32; ++i) s += entries[r].off[i], g += entries[r].gammon[i];
    if (s != 65535 || (h.gammons && g != 65535))
      return bad("entry " + std::to_string(r) + ": its probabilities do not add up to 1", Error::npos);
  }
  return OneSidedBearoff(h.points, h.gammons, std::move(entries));
}

/// The file GNU Backgammon's `makebearoff -t PxC` writes for `db` (`cubeful` false: its -C): a
/// 40-byte header `gnubg-TS-PP-CC-F` then 'x' up to a newline, then for every (mover, opponent)
/// pair, mover's index major, its 16-bit little-endian values: cubeless, then (cubeful) owner,
/// centred and opponent-owns. Precondition: db.is_cubeful() when cubeful.
[[nodiscard]] inline std::vector<std::uint8_t> format_two_sided_bearoff(const TwoSidedBearoff& db,
                                                                        bool cubeful = true) {
  using namespace bearoff_detail;
  std::vector<std::uint8_t> out;
  put_header(out,
             "gnubg-TS-" + two_digits(db.points()) + "-" + two_digits(db.checkers()) + "-" + (cubeful ? "1" : "0"));
  const std::uint32_t n = db.side_positions();
  out.reserve(kHeaderBytes + static_cast<std::size_t>(n) * n * (cubeful ? 8 : 2));
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o) {
      const auto& e = db.entry(m, o);
      put16(out, e.cubeless);
      if (cubeful) {
        put16(out, e.owner);
        put16(out, e.centered);
        put16(out, e.opponent_owns);
      }
    }
  return out;
}

/// Reads a two-sided database file (cubeful or not). A file that is not one, or whose size is not
/// exactly that of its entries, is refused; nothing past the end of `file` is read.
[[nodiscard]] inline Result<TwoSidedBearoff> parse_two_sided_bearoff(std::span<const std::uint8_t> file) {
  using namespace bearoff_detail;
  const auto header = header_of_kind(file, true);
  if (!header) return header.error();
  const BearoffHeader& h = *header;
  const std::uint32_t n = bearoff_positions(h.points, h.checkers);
  const std::size_t per = h.cubeful ? 8 : 2;
  const std::size_t expected = kHeaderBytes + static_cast<std::size_t>(n) * n * per;
  if (file.size() != expected)
    return make_error(ErrorCode::corrupted,
                      "expected " + std::to_string(expected) + " bytes for " + std::to_string(n) + " x " +
                          std::to_string(n) + " entries, found " + std::to_string(file.size()),
                      "bear-off file", std::min(file.size(), expected));
  std::vector<BearoffEquities> entries(static_cast<std::size_t>(n) * n);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::uint8_t* p = file.data() + kHeaderBytes + i * per;
    entries[i].cubeless = static_cast<std::uint16_t>(get16(p));
    if (h.cubeful) {
      entries[i].owner = static_cast<std::uint16_t>(get16(p + 2));
      entries[i].centered = static_cast<std::uint16_t>(get16(p + 4));
      entries[i].opponent_owns = static_cast<std::uint16_t>(get16(p + 6));
    }
  }
  return TwoSidedBearoff(h.points, h.checkers, h.cubeful, std::move(entries));
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
