#pragma once
/// \file
/// The numbering of one side's Hypergammon checkers (1 to 3 checkers on the 24 points and the
/// bar), as GNU Backgammon numbers them: hyper_positions, hyper_rank (of a board or of a side of a
/// position) and hyper_unrank.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/db/bearoff_index.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/backgammon/values/variant.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// One side's checkers in GNU Backgammon's Hypergammon numbering: element i is the (i + 1)-point
/// of that side (BG-1.3), element 24 the bar.
using HyperBoard = std::array<std::uint8_t, 25>;

/// Number of one-sided Hypergammon positions of up to `checkers` checkers: C(25 + checkers, 25).
[[nodiscard]] constexpr std::uint32_t hyper_positions(int checkers) noexcept {
  return bearoff_binomial(25 + checkers, 25);
}

namespace hyper_detail {
// hyper_rank of the 25 places from b (b[0] the 1-point, b[24] the bar).
[[nodiscard]] constexpr std::uint32_t rank_places(const std::uint8_t* b) noexcept {
  using bearoff_detail::binomial_in_table;
  // The checkers and the occupied places, 8 places a step (a bit a place, from the 8 bytes of a
  // word: a byte's high bit is set when it is not 0, and one multiplication gathers the 8 bits).
  constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full, kHigh = 0x8080808080808080ull;
  constexpr std::uint64_t kEven = 0x00FF00FF00FF00FFull;
  std::uint32_t occupied = 0;
  std::uint64_t lanes = 0;  // four 16-bit sums of 6 bytes each: no overflow
  for (std::size_t k = 0; k < 3; ++k) {
    const std::uint64_t w = bearoff_detail::load_le64(b + 8 * k);
    const std::uint64_t nonzero = (((w & kLow7) + kLow7) | w) & kHigh;
    occupied |= static_cast<std::uint32_t>(((nonzero >> 7) * 0x0102040810204080ull) >> 56) << (8 * k);
    lanes += (w & kEven) + ((w >> 8) & kEven);
  }
  occupied |= static_cast<std::uint32_t>(b[24] != 0) << 24;
  const int n = static_cast<int>(((lanes * 0x0001000100010001ull) >> 48) & 0xFFFF) + b[24];
  std::uint32_t rank = binomial_in_table(24 + n, 25);  // the boards of fewer checkers
  int a = 0, r = n;
  while (occupied != 0) {
    const int p = std::countr_zero(occupied);
    occupied &= occupied - 1;
    rank += binomial_in_table(24 - a + r, r) - binomial_in_table(24 - p + r, r);
    r -= b[p];
    a = p;
  }
  return rank;
}
}  // namespace hyper_detail

/// The index of a side's board, in GNU Backgammon's numbering (the bear-off numbering of
/// bearoff_rank over the 25 places: 24 points and the bar). Precondition: at most 3 checkers
/// (more give a wrong index, never a read outside the tables).
///
/// bearoff_rank's sum has a term per place i < 24, C(23 - i + r, r - 1) with r the checkers above
/// place i; r only changes at an occupied place, and over a stretch of places a..p - 1 below the
/// next occupied place p the terms add up to C(24 - a + r, r) - C(24 - p + r, r) (the hockey-stick
/// identity). So the index takes two table reads per occupied place (at most 3) instead of 24.
[[nodiscard]] constexpr std::uint32_t hyper_rank(const HyperBoard& b) noexcept {
  return hyper_detail::rank_places(b.data());
}

/// The index of `side`'s checkers in `pos` (its points 1..24 and the bar, as hyper_rank of its
/// board), read from the position's bytes without copying them. Precondition: at most 3 of
/// that side's checkers on the points and the bar.
template <class V>
[[nodiscard]] constexpr std::uint32_t hyper_rank(const BasicPosition<V>& pos, Side side) noexcept {
  // The side's bytes 1..25 of the position's layout (position.hpp) are its points and the bar.
  return hyper_detail::rank_places(pos.bytes().data() + (side == Side::Mover ? 1 : 33));
}

/// The board of index `rank` (the inverse of hyper_rank). Precondition: rank < hyper_positions(checkers).
[[nodiscard]] constexpr HyperBoard hyper_unrank(std::uint32_t rank, int checkers) noexcept {
  std::array<int, 25> cells{};
  int k = 25;
  for (int cell = 25 + checkers - 1; cell >= 0 && k > 0; --cell) {
    const std::uint32_t c = bearoff_binomial(cell, k);
    if (rank >= c) {
      rank -= c;
      cells[static_cast<std::size_t>(25 - k)] = cell;
      --k;
    }
  }
  HyperBoard b{};
  for (std::size_t i = 0; i + 1 < 25; ++i) b[i] = static_cast<std::uint8_t>(cells[i] - cells[i + 1] - 1);
  b[24] = static_cast<std::uint8_t>(cells[24]);
  return b;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
