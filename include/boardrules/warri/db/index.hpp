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
#include "boardrules/warri/values/position.hpp"

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

// kBarTerm[k][s] = C(s + k - 1, k): what bar k adds to a rank with s seeds before it (k = 1..11,
// s = 0..48), one look-up of a row of 64 without the arithmetic of the index.
struct BarTerms {
  std::array<std::array<std::uint64_t, 64>, kHouses> t{};
  consteval BarTerms() {
    for (int k = 1; k < kHouses; ++k)
      for (int s = 0; s + k - 1 < kBinomialRows && s < 64; ++s)
        t[static_cast<std::size_t>(k)][static_cast<std::size_t>(s)] =
            kBinomial[static_cast<std::size_t>(s + k - 1)][static_cast<std::size_t>(k)];
  }
};
inline constexpr BarTerms kBarTerm{};

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
  std::size_t seeds = 0;
  for (std::size_t k = 1; k < kHouses; ++k) {
    seeds += b[k - 1];
    r += detail::kBarTerm.t[k][seeds];
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

/// Turns b into the board of the next rank in its layer (rank(b) + 1), in constant time on
/// average; false, b unchanged, when b is the layer's last board. The colex order: the first
/// house k >= 1 with a seed gives one to house k - 1, which also takes the seeds of the houses
/// before it.
constexpr bool next_board(Board& b) noexcept {
  for (std::size_t k = 1; k < kHouses; ++k) {
    if (b[k] != 0) {  // houses 1 .. k - 1 are empty
      const auto first = static_cast<std::uint8_t>(b[0] + 1);
      --b[k];
      b[0] = 0;
      b[k - 1] = first;
      return true;
    }
  }
  return false;
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
  const auto& x = p.bytes();  // the houses in the library's numbering (position.hpp)
  const auto mine = static_cast<std::size_t>(row_start(p.to_move()));
  const std::size_t theirs = kRowHouses - mine;  // the other row's start: 6 or 0
  for (std::size_t i = 0; i < kRowHouses; ++i) {
    b[i] = x[mine + i];
    b[kRowHouses + i] = x[theirs + i];
  }
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
