// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_WARRI_DETAIL_PLAIN_HPP_
#define BOARDRULES_WARRI_DETAIL_PLAIN_HPP_
/// \file
/// The plain C++20 core of the Warri generator: sowing (WA-2), captures (WA-3), the feeding rule
/// (WA-2.3) and game end (WA-4.1, WA-4.2) on the 16 raw bytes of a BasicPosition. Works on every
/// compiler and CPU, in constant evaluation too; the SIMD paths (detail/simd.hpp) are checked against it.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstdint>

#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail {

using Bytes = std::array<std::uint8_t, 16>;

inline constexpr std::size_t kSouthStore = 12;
inline constexpr std::size_t kNorthStore = 13;
inline constexpr std::size_t kToMove = 14;

/// Seeds that house at distance d (1..11, origin skipped) receives when n seeds are sown (WA-2.1,
/// WA-2.2): one per lap that reaches it, i.e. the number of k >= 0 with d + 11k <= n.
[[nodiscard]] constexpr int seeds_received(int n, int d) noexcept { return (n + 11 - d) / 11; }

/// Distance (1..11) of the house where the last of n > 0 seeds lands.
[[nodiscard]] constexpr int last_distance(int n) noexcept { return (n - 1) % 11 + 1; }

[[nodiscard]] constexpr int mover_start(const Bytes& b) noexcept { return b[kToMove] != 0 ? 6 : 0; }

/// Seeds in the row that starts at house `start`.
[[nodiscard]] constexpr int row_sum(const Bytes& b, int start) noexcept {
  int s = 0;
  for (int i = start; i < start + 6; ++i) s += b[static_cast<std::size_t>(i)];
  return s;
}

/// Sows house h and makes its captures; the side to move is left unchanged. Returns the seeds
/// captured (already added to the mover's store). Precondition: h is a house of the mover.
template <class R>
constexpr int sow_and_capture(Bytes& b, int h) noexcept {
  const int n = b[static_cast<std::size_t>(h)];
  if (n == 0) return 0;
  b[static_cast<std::size_t>(h)] = 0;
  for (int d = 1; d <= 11 && d <= n; ++d) {
    const auto j = static_cast<std::size_t>((h + d) % 12);
    b[j] = static_cast<std::uint8_t>(b[j] + seeds_received(n, d));
  }
  const int opp = 6 - mover_start(b);  // first house of the opponent's row
  const int last = (h + last_distance(n)) % 12;
  if (last < opp || last >= opp + 6) return 0;  // WA-3.1: only in the opponent's row
  int captured = 0;
  int j = last;
  // WA-3.2: backwards while in the opponent's row and holding 2 or 3.
  while (j >= opp && (b[static_cast<std::size_t>(j)] == 2 || b[static_cast<std::size_t>(j)] == 3)) {
    captured += b[static_cast<std::size_t>(j)];
    --j;
  }
  if (captured == 0) return 0;
  if constexpr (R::grand_slam != GrandSlam::Captures) {
    // WA-3.3 option: a grand slam captures nothing. Under GrandSlam::Illegal a grand slam is
    // only played when every legal move is one, and then it captures nothing too (WA-3.4).
    if (captured == row_sum(b, opp)) return 0;
  }
  for (int k = j + 1; k <= last; ++k) b[static_cast<std::size_t>(k)] = 0;
  const std::size_t store = mover_start(b) == 0 ? kSouthStore : kNorthStore;
  b[store] = static_cast<std::uint8_t>(b[store] + captured);
  return captured;
}

/// Rules whose grand slam captures (WA-3.3): sow_and_capture reads nothing else of R.
struct SlamCaptures {
  static constexpr GrandSlam grand_slam = GrandSlam::Captures;
};

/// Whether sowing house h would capture every seed of the opponent's row by WA-3.1 and WA-3.2:
/// a grand slam (WA-3.3), whatever R::grand_slam then does with it. Precondition: h is a house of
/// the mover.
[[nodiscard]] constexpr bool is_grand_slam(const Bytes& b, int h) noexcept {
  Bytes c = b;
  return sow_and_capture<SlamCaptures>(c, h) != 0 && row_sum(c, 6 - mover_start(b)) == 0;
}

/// The position after the mover sows house h (WA-2, WA-3), the other side to move.
template <class R>
[[nodiscard]] constexpr Bytes apply(Bytes b, int h) noexcept {
  sow_and_capture<R>(b, h);
  b[kToMove] = static_cast<std::uint8_t>(b[kToMove] != 0 ? 0 : 1);
  return b;
}

/// Whether sowing house h feeds the opponent per R::feeding (WA-2.3). Precondition: h non-empty.
template <class R>
[[nodiscard]] constexpr bool feeds(const Bytes& b, int h) noexcept {
  if constexpr (R::feeding == Feeding::SowsIntoRow) {
    // The first house of the opponent's row is 6 - (h - start) houses away.
    return b[static_cast<std::size_t>(h)] + (h - mover_start(b)) >= 6;
  } else {
    Bytes c = b;
    sow_and_capture<R>(c, h);
    return row_sum(c, 6 - mover_start(b)) != 0;
  }
}

/// Bit i set (i = 0..5) when the mover's i-th house is a legal move; 0 iff the game is over
/// (WA-4.1: a store has R::win_seeds; WA-4.2: starvation of either side). Feeding (WA-2.3) is
/// judged first, then GrandSlam::Illegal drops the grand slams (WA-3.4).
template <class R>
[[nodiscard]] constexpr unsigned legal_mask(const Bytes& b) noexcept {
  if (b[kSouthStore] >= R::win_seeds || b[kNorthStore] >= R::win_seeds) return 0;
  const int s = mover_start(b);
  unsigned mask = 0;
  for (int i = 0; i < 6; ++i)
    if (b[static_cast<std::size_t>(s + i)] != 0) mask |= 1u << i;
  if (mask == 0) return 0;
  if (row_sum(b, 6 - s) == 0) {
    unsigned fed = 0;  // WA-2.3: the opponent's row is empty, only feeding moves are legal
    for (int i = 0; i < 6; ++i)
      if ((mask >> i & 1u) != 0 && feeds<R>(b, s + i)) fed |= 1u << i;
    mask = fed;
  }
  if constexpr (R::grand_slam == GrandSlam::Illegal) {
    // WA-3.4: the grand slams are dropped unless every move left is one (then they are played
    // and capture nothing, so they feed in either meaning of WA-2.3).
    unsigned other = 0;
    for (int i = 0; i < 6; ++i)
      if ((mask >> i & 1u) != 0 && !is_grand_slam(b, s + i)) other |= 1u << i;
    if (other != 0) mask = other;
  }
  return mask;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_WARRI_DETAIL_PLAIN_HPP_
