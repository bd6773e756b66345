#pragma once
/// \file
/// GNU Backgammon's Hypergammon file (`makehyper -c N`): format_hyper writes one, parse_hyper
/// reads one (checked: header, size).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "boardrules/backgammon/db/hyper_index.hpp"
#include "boardrules/backgammon/db/hyper_tables.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The file GNU Backgammon's `makehyper -c N` writes: a 40-byte header `gnubg-HN` padded with
/// 'x' to a newline, then for every (mover, opponent) pair, mover's index major, 28 bytes: the 5
/// probabilities as 24-bit little-endian fractions of 0xFFFFFF, the 4 cubeful equities e as
/// (e / 6 + 0.5) × 0xFFFFFF in 24 bits, and a zero byte.
[[nodiscard]] inline std::vector<std::uint8_t> format_hyper(const HyperDatabase& db) {
  std::vector<std::uint8_t> out;
  std::string h = "gnubg-H" + std::to_string(db.checkers());
  h.resize(39, 'x');
  h.push_back('\n');
  out.insert(out.end(), h.begin(), h.end());
  const auto put24 = [&](std::uint32_t v) {
    out.push_back(static_cast<std::uint8_t>(v & 0xFF));
    out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
    out.push_back(static_cast<std::uint8_t>((v >> 16) & 0xFF));
  };
  const std::uint32_t n = db.side_positions();
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o) {
      const HyperEntry& x = db.entry(m, o);
      for (const float p : x.probability) put24(static_cast<std::uint32_t>(std::clamp(p, 0.0f, 1.0f) * 16777215.0f));
      for (std::size_t k = 1; k < 5; ++k)
        put24(static_cast<std::uint32_t>(std::clamp(x.equity[k] / 6.0f + 0.5f, 0.0f, 1.0f) * 16777215.0f));
      out.push_back(0);
    }
  return out;
}

/// Reads a Hypergammon database file (`makehyper`'s or format_hyper's). A file that is not one,
/// or whose size is not that of its entries, is refused; nothing past the end of `file` is read.
/// The cubeless equity, not stored, is computed from the probabilities.
[[nodiscard]] inline Result<HyperDatabase> parse_hyper(std::span<const std::uint8_t> file) {
  const auto bad = [](std::string m, std::size_t at) {
    return make_error(ErrorCode::corrupted, std::move(m), "hypergammon file", at);
  };
  if (file.size() < 40) return bad("the file is shorter than its 40-byte header", file.size());
  if (std::string(file.begin(), file.begin() + 7) != "gnubg-H")
    return bad("not a GNU Backgammon Hypergammon database", 0);
  if (file[7] < '1' || file[7] > '3') return bad("1 to 3 checkers", 7);
  if (file[39] != '\n') return bad("the header does not end with a newline at byte 40", 39);
  const int checkers = file[7] - '0';
  const std::uint32_t n = hyper_positions(checkers);
  const std::size_t expected = 40 + static_cast<std::size_t>(n) * n * 28;
  if (file.size() != expected)
    return bad("expected " + std::to_string(expected) + " bytes, found " + std::to_string(file.size()),
               std::min(expected, file.size()));
  std::vector<HyperEntry> entries(static_cast<std::size_t>(n) * n);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::uint8_t* p = file.data() + 40 + 28 * i;
    const auto get = [&](std::size_t k) {
      return static_cast<float>(p[3 * k] | p[3 * k + 1] << 8 | p[3 * k + 2] << 16) / 16777215.0f;
    };
    for (std::size_t k = 0; k < 5; ++k) entries[i].probability[k] = get(k);
    entries[i].equity[0] = hyper_detail::money_utility(entries[i].probability, true);
    for (std::size_t k = 1; k < 5; ++k) entries[i].equity[k] = (get(4 + k) - 0.5f) * 6.0f;
  }
  return HyperDatabase(checkers, std::move(entries), 0.0f);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
