#pragma once
/// \file
/// The 10-byte key of a backgammon position, GNU Backgammon's PositionKey: the bits of its
/// Position ID (formats/position_id.hpp, which writes and reads it as text), and an exact key for
/// tables of positions (the perft transposition table, rules/perft_parallel.hpp).
///
/// The key is a string of at most 80 bits, written from bit 0 of byte 0 upwards (bit i is bit
/// i % 8 of byte i / 8). For each side in turn, the player NOT on roll first, for its points
/// 1..24 in its own numbering and then its bar: as many 1 bits as that side has checkers there,
/// then one 0 bit. The rest is 0 up to 80 bits; borne-off checkers are not written.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/values/position.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The 10-byte position key (gnubg's "positionkey").
using PositionKey = std::array<std::uint8_t, 10>;

namespace detail {

/// The two sides in key order: not on roll first, then on roll.
inline constexpr std::array<Side, 2> kKeySides{Side::Opponent, Side::Mover};

}  // namespace detail

/// The 10-byte key of `p` (gnubg's PositionKey). Precondition: validate(p) succeeds (then the key
/// is exact: the checkers off are V::kCheckers minus those on the board); of a position that
/// breaks it, bits past 80 are dropped rather than written out of bounds.
template <class V>
[[nodiscard]] constexpr PositionKey position_key(const BasicPosition<V>& p) noexcept {
  PositionKey key{};
  int bit = 0;
  for (const Side side : detail::kKeySides) {
    for (int point = 1; point <= 25; ++point) {
      for (int n = p.count(side, point); n > 0 && bit < 80; --n, ++bit) {
        key[static_cast<std::size_t>(bit / 8)] =
            static_cast<std::uint8_t>(key[static_cast<std::size_t>(bit / 8)] | (1u << (bit % 8)));
      }
      ++bit;  // the 0 that ends the point
    }
  }
  return key;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
