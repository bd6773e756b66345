#pragma once
/// \file
/// Warri endgame boards (WA-8.1) and their place in a database: a board of n seeds in the 12
/// houses, from the mover's side, is ranked among the C(n + 11, 11) boards of its layer (WA-8.2)
/// by the combinatorial number system, and the layers follow each other from 0 seeds up.
/// Everything here is constexpr and allocation-free.

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "boardrules/core/binomial.hpp"
#include "boardrules/warri/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// A board (WA-8.1): the seeds of the 12 houses, 0..5 the mover's row, 6..11 the other side's.
using Board = std::array<std::uint8_t, kHouses>;

/// The most seeds a board can hold (WA-1.1).
inline constexpr int kMaxBoardSeeds = kTotalSeeds;

namespace detail {

// C(n, k) for n <= kMaxBoardSeeds + 12 and k <= 12: the layer sizes and offsets need k = 11
// and 12, the ranks every k up to 11. The largest, C(60, 12), is about 1.4e12.
inline constexpr int kBinomialRows = kMaxBoardSeeds + 13;
inline constexpr int kBinomialCols = 13;

inline constexpr auto kBinomial = pascal_triangle<std::uint64_t, kBinomialRows, kBinomialCols>();

}  // namespace detail

/// C(n, k), 0 when k > n. Precondition: 0 <= n <= 60, 0 <= k <= 12.
[[nodiscard]] constexpr std::uint64_t binomial(int n, int k) noexcept {
  assert(n >= 0 && n < detail::kBinomialRows && k >= 0 && k < detail::kBinomialCols);
  return detail::kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

/// Boards of exactly n seeds: C(n + 11, 11) (WA-8.2). Precondition: 0 <= n <= 48.
[[nodiscard]] constexpr std::uint64_t layer_size(int n) noexcept { return binomial(n + kHouses - 1, kHouses - 1); }

/// Boards of fewer than n seeds, C(n + 11, 12): where layer n starts when the layers 0, 1, ...
/// follow each other. Precondition: 0 <= n <= 49.
[[nodiscard]] constexpr std::uint64_t layer_offset(int n) noexcept { return binomial(n + kHouses - 1, kHouses); }

/// Seeds on a board.
[[nodiscard]] constexpr int board_seeds(const Board& b) noexcept {
  int n = 0;
  for (const std::uint8_t h : b) n += h;
  return n;
}

/// The rank of a board among those of its seeds, 0 .. layer_size(n) - 1: the board is the
/// 11 bars of n seeds and 11 bars in a row (bar k after house k - 1 sits at place
/// seeds before it + k - 1), and the rank is the colex rank of the bars' places,
/// the sum of C(place of bar k, k). Precondition: at most 48 seeds.
[[nodiscard]] constexpr std::uint64_t rank(const Board& b) noexcept {
  std::uint64_t r = 0;
  int seeds = 0;
  for (int k = 1; k < kHouses; ++k) {
    seeds += b[static_cast<std::size_t>(k - 1)];
    r += binomial(seeds + k - 1, k);
  }
  return r;
}

/// The board of n seeds with rank r (the inverse of rank). Precondition: 0 <= n <= 48,
/// r < layer_size(n).
[[nodiscard]] constexpr Board unrank(int n, std::uint64_t r) noexcept {
  assert(n >= 0 && n <= kMaxBoardSeeds && r < layer_size(n));
  std::array<int, kHouses> bar{};  // bar[k]: place of bar k (1..11)
  int place = n + kHouses - 2;     // the highest place a bar can take
  for (int k = kHouses - 1; k >= 1; --k) {
    while (binomial(place, k) > r) --place;  // the largest place with C(place, k) <= r
    r -= binomial(place, k);
    bar[static_cast<std::size_t>(k)] = place;
    --place;
  }
  Board b{};
  int before = 0;  // seeds before bar k
  for (int k = 1; k < kHouses; ++k) {
    const int upto = bar[static_cast<std::size_t>(k)] - (k - 1);
    b[static_cast<std::size_t>(k - 1)] = static_cast<std::uint8_t>(upto - before);
    before = upto;
  }
  b[kHouses - 1] = static_cast<std::uint8_t>(n - before);
  return b;
}

/// A board's place in a database of layers 0, 1, ...: layer_offset(seeds) + rank.
[[nodiscard]] constexpr std::uint64_t board_index(const Board& b) noexcept {
  return layer_offset(board_seeds(b)) + rank(b);
}

/// The board of a position (WA-8.1): its houses as they are for South to move, turned round
/// (North's row first) for North to move. Stores are left out.
template <class R>
[[nodiscard]] constexpr Board board_of(const BasicPosition<R>& p) noexcept {
  Board b{};
  const int start = row_start(p.to_move());
  for (int i = 0; i < kHouses; ++i)
    b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(p.house((start + i) % kHouses));
  return b;
}

/// The position of a board, South to move (so the mover's row is South's), with the given
/// stores (the mover's as South's).
template <class R>
[[nodiscard]] constexpr BasicPosition<R> position_of(const Board& b, int mover_store = 0,
                                                     int other_store = 0) noexcept {
  BasicPosition<R> p;
  for (int i = 0; i < kHouses; ++i) p.set_house(i, b[static_cast<std::size_t>(i)]);
  p.set_store(Player::South, mover_store);
  p.set_store(Player::North, other_store);
  return p;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
