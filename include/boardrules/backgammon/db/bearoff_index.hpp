#pragma once
/// \file
/// The numbering of bear-off positions (BG-6), GNU Backgammon's, so that the databases' files
/// agree with its own: a board of up to 15 checkers on the home points 1..P (BearoffBoard), its
/// index (bearoff_rank) and the board of an index (bearoff_unrank), and the board of one side of a
/// position (bearoff_board). The databases (bearoff_tables.hpp) are arrays in this order.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/binomial.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The most home points a bear-off database covers here (the home board, BG-1.2).
inline constexpr int kBearoffMaxPoints = 6;
/// The most checkers of one side (BG-1.1).
inline constexpr int kBearoffMaxCheckers = 15;

/// Checkers of one side on its home points: element i is the (i + 1)-point (BG-1.3).
using BearoffBoard = std::array<std::uint8_t, kBearoffMaxPoints>;

namespace bearoff_detail {
// Pascal's triangle up to C(28, 28): the bear-off numbering needs n <= 6 + 15, Hypergammon's
// (25 places, 3 checkers) n <= 28.
inline constexpr auto kBinomial = pascal_triangle<std::uint32_t, 29, 29>();
}  // namespace bearoff_detail

/// Binomial coefficient C(n, k) for 0 <= n <= 28 (0 when k < 0, k > n or n is out of range).
[[nodiscard]] constexpr std::uint32_t bearoff_binomial(int n, int k) noexcept {
  if (k < 0 || n < 0 || k > n || n > 28) return 0;
  return bearoff_detail::kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

/// Number of positions of up to `checkers` checkers on the points 1..`points`, the empty board
/// (all borne off) included: C(points + checkers, points). 54,264 for 6 points and 15 checkers.
[[nodiscard]] constexpr std::uint32_t bearoff_positions(int points, int checkers) noexcept {
  return bearoff_binomial(points + checkers, points);
}

namespace bearoff_detail {
// The 8 bytes at p as a little-endian word: one load where the machine is little-endian.
[[nodiscard]] constexpr std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  if (!std::is_constant_evaluated() && std::endian::native == std::endian::little) {
    std::uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < 8; ++i) v |= std::uint64_t{p[i]} << (8 * i);
  return v;
}

// C(n, k) from the table without bearoff_binomial's tests, for the ranks, whose n and k are never
// negative (and k > n gives 0: the table holds zeros there); both are clamped to the table, so
// that a board of too many checkers gives a wrong rank instead of a read outside it.
[[nodiscard]] constexpr std::uint32_t binomial_in_table(int n, int k) noexcept {
  return kBinomial[static_cast<std::size_t>(std::min(n, 28))][static_cast<std::size_t>(std::min(k, 28))];
}

// bearoff_rank for a number of points known at compile time: straight-line code, no branch.
// Every n is >= 0: before step i, cell = points - 2 - i + the checkers above point i + 1.
template <int Points>
[[nodiscard]] constexpr std::uint32_t rank_of(const BearoffBoard& board) noexcept {
  int cell = Points - 1;
  for (int i = 0; i < Points; ++i) cell += board[static_cast<std::size_t>(i)];
  std::uint32_t rank = binomial_in_table(cell, Points);
  for (int i = 0; i + 1 < Points; ++i) {
    cell -= board[static_cast<std::size_t>(i)] + 1;
    rank += binomial_in_table(cell, Points - 1 - i);
  }
  return rank;
}

// Calls f(std::integral_constant<int, points>{}) for points 1..6 (so that the reads and the rank
// of a database's probe are straight-line code), f(std::integral_constant<int, 0>{}) otherwise.
template <class F>
[[nodiscard]] constexpr decltype(auto) with_points(int points, const F& f) noexcept {
  switch (points) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 3: return f(std::integral_constant<int, 3>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 5: return f(std::integral_constant<int, 5>{});
    case 6: return f(std::integral_constant<int, 6>{});
    default: return f(std::integral_constant<int, 0>{});
  }
}
}  // namespace bearoff_detail

/// The index of `board` in a database of `points` points (GNU Backgammon's numbering, so that
/// the files agree): the checkers and the `points` - 1 bars between the points are written as a
/// word of N + points - 1 cells, and the index is the rank of the set of bar cells, plus one cell
/// above them, in the combinatorial number system. Positions with fewer checkers come first, and
/// every play of a roll (which bears off or moves checkers down, BG-6) lowers the index.
/// Precondition: no checker on a point above `points`; 1 <= points <= 6; at most 15 checkers
/// (more give a wrong index, never a read outside the tables). 0 when points is out of range.
[[nodiscard]] constexpr std::uint32_t bearoff_rank(const BearoffBoard& board, int points) noexcept {
  return bearoff_detail::with_points(points, [&](auto p) -> std::uint32_t {
    if constexpr (p() == 0) return 0;
    else return bearoff_detail::rank_of<p()>(board);
  });
}

/// The board of index `rank` in a database of `points` points and up to `checkers` checkers
/// (the inverse of bearoff_rank). Precondition: rank < bearoff_positions(points, checkers).
[[nodiscard]] constexpr BearoffBoard bearoff_unrank(std::uint32_t rank, int points, int checkers) noexcept {
  BearoffBoard b{};
  if (points < 1 || points > kBearoffMaxPoints) return b;
  std::array<int, kBearoffMaxPoints> cells{};  // the set cells, highest first
  int k = points;
  for (int cell = points + checkers - 1; cell >= 0 && k > 0; --cell) {
    const std::uint32_t c = bearoff_binomial(cell, k);
    if (rank >= c) {
      rank -= c;
      cells[static_cast<std::size_t>(points - k)] = cell;
      --k;
    }
  }
  for (int i = 0; i + 1 < points; ++i)
    b[static_cast<std::size_t>(i)] =
        static_cast<std::uint8_t>(cells[static_cast<std::size_t>(i)] - cells[static_cast<std::size_t>(i) + 1] - 1);
  b[static_cast<std::size_t>(points - 1)] = static_cast<std::uint8_t>(cells[static_cast<std::size_t>(points - 1)]);
  return b;
}

namespace bearoff_detail {
// Reads the checkers of `side` on the points 1..6 into `board` and returns how many are on the
// points 1..Points, or kNotCovered when some are on a higher point or on the bar. The side's bytes
// of the position's layout (position.hpp: byte p the checkers on point p, 25 the bar) are read as
// four little-endian words, so that the test and the count take a few word operations and no
// branch: a probe costs the same for every position.
inline constexpr unsigned kNotCovered = ~0u;
template <int Points, class V>
[[nodiscard]] constexpr unsigned read_side(const BasicPosition<V>& pos, Side side, BearoffBoard& board) noexcept {
  static_assert(Points >= 1 && Points <= kBearoffMaxPoints);
  const std::uint8_t* s = pos.bytes().data() + (side == Side::Mover ? 0 : 32);
  const std::array<std::uint64_t, 4> w{load_le64(s), load_le64(s + 8), load_le64(s + 16), load_le64(s + 24)};
  for (std::size_t i = 0; i < kBearoffMaxPoints; ++i) board[i] = static_cast<std::uint8_t>(w[0] >> (8 * (i + 1)));
  const std::uint64_t home = (w[0] >> 8) & ((std::uint64_t{1} << (8 * Points)) - 1);         // points 1..Points
  const std::uint64_t above = (w[0] >> (8 * (Points + 1))) | w[1] | w[2] | (w[3] & 0xFFFF);  // .. 25
  // The sum of the home bytes in four 16-bit lanes (no overflow), then of the lanes.
  constexpr std::uint64_t kEven = 0x00FF00FF00FF00FFull;
  const std::uint64_t lanes = (home & kEven) + ((home >> 8) & kEven);
  const auto n = static_cast<unsigned>(((lanes * 0x0001000100010001ull) >> 48) & 0xFFFF);
  return above == 0 ? n : kNotCovered;
}

}  // namespace bearoff_detail

/// The checkers of `side` in `pos` as a bear-off board of `points` points, or nothing when some
/// checker of that side is on a higher point or on the bar.
template <class V>
[[nodiscard]] constexpr std::optional<BearoffBoard> bearoff_board(const BasicPosition<V>& pos, Side side,
                                                                  int points) noexcept {
  BearoffBoard b{};
  const unsigned n = bearoff_detail::with_points(points, [&](auto p) -> unsigned {
    if constexpr (p() == 0) return bearoff_detail::kNotCovered;
    else return bearoff_detail::read_side<p()>(pos, side, b);
  });
  if (n == bearoff_detail::kNotCovered) return std::nullopt;
  return b;
}

/// Number of checkers on a bear-off board.
[[nodiscard]] constexpr int bearoff_checkers(const BearoffBoard& b) noexcept {
  int n = 0;
  for (const std::uint8_t c : b) n += c;
  return n;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
