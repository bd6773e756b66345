#pragma once
/// \file
/// Bitmasks of a position (bit p = the mover's point p): the mover's occupied points, its
/// points with exactly one checker, and the opponent's blocked (>= 2) and blot (== 1) points.
/// Not part of the API.

#include <array>
#include <cstddef>
#include <cstdint>

namespace boardrules::backgammon::detail {

/// The 64 bytes of a position (layout in position.hpp).
using Bytes = std::array<std::uint8_t, 64>;

struct Masks {
  std::uint32_t own = 0;      ///< mover checkers on point p (1..25)
  std::uint32_t ones = 0;     ///< exactly one mover checker on p
  std::uint32_t blocked = 0;  ///< two or more opponent checkers on the mover's point p (1..24)
  std::uint32_t blot = 0;     ///< exactly one opponent checker on the mover's point p
};

constexpr Masks compute_masks_plain(const std::array<std::uint8_t, 64>& b) noexcept {
  Masks m;
  for (int p = 1; p <= 25; ++p) {
    const auto c = b[static_cast<std::size_t>(p)];
    m.own |= static_cast<std::uint32_t>(c != 0) << p;
    m.ones |= static_cast<std::uint32_t>(c == 1) << p;
  }
  for (int t = 1; t <= 24; ++t) {
    const auto o = b[static_cast<std::size_t>(57 - t)];
    m.blocked |= static_cast<std::uint32_t>(o >= 2) << t;
    m.blot |= static_cast<std::uint32_t>(o == 1) << t;
  }
  return m;
}

constexpr Masks compute_masks(const std::array<std::uint8_t, 64>& b) noexcept {
  return compute_masks_plain(b);
}

}  // namespace boardrules::backgammon::detail
