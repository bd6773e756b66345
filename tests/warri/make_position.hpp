#pragma once
// Test helper: a Warri position from its houses in the library's numbering
// (0..5 = South's a..f, 6..11 = North's A..F, WA-1.3), the two stores and the side to move.
#include <array>
#include <cstddef>

#include <doctest/doctest.h>

#include "boardrules/warri/values/position.hpp"

namespace warri_test {

/// The two players as the tests write them.
inline constexpr boardrules::warri::Player S = boardrules::warri::Player::South;
inline constexpr boardrules::warri::Player N = boardrules::warri::Player::North;

// `houses` by reference: GCC 12.2 at -O2 -march=native (AVX-512) was seen to pass a by-value
// std::array<int, 12> argument built from {4,4,4,4,4,4,0,0,0,0,0,0} wrongly (eight 4s).
template <class R = boardrules::warri::Speightstown>
boardrules::warri::BasicPosition<R> make(const std::array<int, 12>& houses, int south, int north,
                                         boardrules::warri::Player to_move) {
  using boardrules::warri::Player;
  boardrules::warri::BasicPosition<R> p;
  for (int i = 0; i < 12; ++i) p.set_house(i, houses[static_cast<std::size_t>(i)]);
  p.set_store(Player::South, south);
  p.set_store(Player::North, north);
  p.set_to_move(to_move);
  return p;
}

/// The same, for hand-written positions that must hold the 48 seeds of a game (WA-1.1).
template <class R = boardrules::warri::Speightstown>
boardrules::warri::BasicPosition<R> make_checked(const std::array<int, 12>& houses, int south, int north,
                                                 boardrules::warri::Player to_move) {
  const auto p = make<R>(houses, south, north, to_move);
  REQUIRE(p.board_seeds() + south + north == 48);
  return p;
}

}  // namespace warri_test
