// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_COUNT_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_COUNT_HPP_
/// \file
/// Counting the plays of a roll without listing them (perft's Leaves::Count): by formula over
/// the masks of generate.hpp where no bear-off can happen during the turn, by the generator's
/// search without writing (count_plays_by_search) elsewhere. Not part of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/detail/generate.hpp"
#include "boardrules/backgammon/detail/masks.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/position.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

/// The number of plays of a non-double (what write_non_double writes), by formula: the pairs
/// of sources, minus a == b on a one-checker point and the pairs that are one checker moving
/// on, plus the one-checker plays; else the plays of one die.
constexpr std::size_t count_non_double(const NonDoubleSources& s, const Masks& m) noexcept {
  const int pairs = std::popcount(s.high) * std::popcount(s.low) - std::popcount(s.high & s.low & m.ones) -
                    std::popcount(s.high & (s.low << s.h)) - std::popcount(s.low & (s.high << s.l));
  const int two = pairs + std::popcount(s.via_high) + std::popcount(s.via_low);
  if (two != 0) return static_cast<std::size_t>(two);
  return static_cast<std::size_t>(s.high != 0 ? std::popcount(s.high) : std::popcount(s.low));
}

// The number of plays of a double d by formula, where no bear-off can happen during the turn.
// A play of a double is fixed by how many steps k_p start from each point p (BG-3.9: the
// resulting position gives k back from the top point down, and the hits are the landing
// points). k_p <= cnt[p] + k_{p+d} (the checkers there plus those that arrived), and k_p = 0
// unless p - d is open. The points p, p - d, p - 2d ... form a chain; where a chain has a point
// from which no step can start, it splits into independent segments. For each segment the
// polynomial sum over its (k_p) of x^(sum k_p) comes from a top-down pass over its points with
// the state "k of the point above" (0..4); the polynomial of the roll is the product over the
// segments, and the count is its coefficient of the highest degree <= budget that is non-zero
// (BG-3.6). Polynomials are packed in 12-bit lanes (degree j at bit 12j, j <= 4): every
// coefficient of degree <= 4 counts distinct partial plays, at most C(4 + 14, 4) = 3060 < 4096
// with 15 checkers, and adds, shifts and the low 64 bits of a product only carry upwards, so
// the lanes 0..4 stay exact. `cnt` is read for the points of `own` and their chains only.
// Precondition: no mover checker on the bar in `own`; 1 <= budget <= 4.
constexpr std::size_t count_double(const Bytes& cnt, std::uint32_t own, std::uint32_t movable, int d, int budget,
                                   int extra_at = -1, int extra = 0) noexcept {
  // Points from which a step can start within the budget: own movable points, then the landing
  // points (budget - 1 times) that are movable themselves.
  std::uint32_t a = own & movable;
  for (int i = 1; i < budget; ++i) a |= (a >> d) & movable;
  std::uint64_t total = 1;
  while (a != 0) {
    int p = 31 - std::countl_zero(a);
    a &= ~(1u << p);
    // The top point of the segment: nothing arrives, so k steps from it need k checkers there.
    int c = cnt[static_cast<std::size_t>(p)] + (p == extra_at ? extra : 0);
    std::uint64_t h0 = 1, h1 = c >= 1 ? 1ull << 12 : 0, h2 = c >= 2 ? 1ull << 24 : 0, h3 = c >= 3 ? 1ull << 36 : 0,
                  h4 = c >= 4 ? 1ull << 48 : 0;  // by k of the point above
    p -= d;
    while (p > 0 && ((a >> p) & 1u) != 0) {
      a &= ~(1u << p);
      c = cnt[static_cast<std::size_t>(p)] + (p == extra_at ? extra : 0);
      const std::uint64_t t4 = h4, t3 = h3 + t4, t2 = h2 + t3, t1 = h1 + t2, t0 = h0 + t1;
      // k steps from p need k - c arrivals: h'_k = x^k * sum_{a >= k - c} h_a.
      h0 = t0;
      h1 = (c >= 1 ? t0 : t1) << 12;
      h2 = (c >= 2 ? t0 : c == 1 ? t1 : t2) << 24;
      h3 = (c >= 3 ? t0 : c == 2 ? t1 : c == 1 ? t2 : t3) << 36;
      h4 = (c >= 4 ? t0 : c == 3 ? t1 : c == 2 ? t2 : c == 1 ? t3 : t4) << 48;
      p -= d;
    }
    total *= h0 + h1 + h2 + h3 + h4;
  }
  for (int j = budget; j >= 1; --j) {
    const auto n = static_cast<std::size_t>((total >> (12 * j)) & 0xFFFu);
    if (n != 0) return n;
  }
  return 0;
}

/// The number of plays of `dice` (what write_plays returns), counted without listing them.
constexpr std::size_t count_plays(const Bytes& b, const PositionSummary& summary, Dice dice) noexcept {
  const Masks& m = summary.masks;
  if (!dice.is_double()) {
    if (summary.on_bar || summary.non_double_may_bear_off) return count_plays_by_search(b, summary, dice);
    return count_non_double(NonDoubleSources(m, dice.high(), dice.low()), m);
  }
  const int d = dice.d1();
  const std::uint32_t movable = above(d) & ~(m.blocked << d);
  if (summary.on_bar) {
    if (((m.blocked >> (kBar - d)) & 1u) != 0) return 0;  // BG-5.4/5.5
    // min(k, 4) checkers enter on 25 - d first (BG-5.2), then the rest from anywhere.
    const int k = b[kBar];
    if (k >= 4) return 1;
    const int e = kBar - d;
    const std::uint32_t own = (m.own & ~(1u << kBar)) | (1u << e);
    const std::size_t rest = count_double(b, own, movable, d, 4 - k, e, k);
    return rest == 0 ? 1 : rest;
  }
  if (summary.double_may_bear_off) return count_plays_by_search(b, summary, dice);
  return count_double(b, m.own, movable, d, 4);
}

/// The sum over the 15 non-double rolls of max(1, number of plays), counted without listing.
constexpr std::uint64_t count_non_doubles(const Bytes& b, const PositionSummary& summary) noexcept {
  std::uint64_t n = 0;
  if (!summary.on_bar && !summary.non_double_may_bear_off) {
    // The common case (no bar, no bear-off by a non-double): count_non_double for the 15
    // non-doubles from masks shared by the rolls.
    const Masks& m = summary.masks;
    std::array<std::uint32_t, 12> open{}, src{};  // by die (and sum of two dice) 1..11
    std::array<int, 12> nsrc{};
    for (int d = 1; d <= 11; ++d) {
      const auto i = static_cast<std::size_t>(d);
      open[i] = ~(m.blocked << d);
      src[i] = m.own & above(d) & open[i];
      nsrc[i] = std::popcount(src[i]);
    }
    for (int h = 2; h <= 6; ++h) {
      const auto hi = static_cast<std::size_t>(h);
      for (int l = 1; l < h; ++l) {
        const auto li = static_cast<std::size_t>(l);
        const std::uint32_t s_h = src[hi], s_l = src[li], t = src[hi + li];
        const std::uint32_t via_high = t & open[hi];
        const std::uint32_t via_low = t & open[li] & ~(via_high & ~(m.blot << h) & ~(m.blot << l));
        const int two = nsrc[hi] * nsrc[li] - std::popcount(s_h & s_l & m.ones) - std::popcount(s_h & (s_l << h)) -
                        std::popcount(s_l & (s_h << l)) + std::popcount(via_high) + std::popcount(via_low);
        const int k = two != 0 ? two : s_h != 0 ? nsrc[hi] : nsrc[li];
        n += static_cast<std::uint64_t>(k == 0 ? 1 : k);
      }
    }
    return n;
  }
  // A checker on the bar (BG-5.2) or a bear-off possible: the generator's search without
  // writing, called straight for the case (no dispatch per roll; inlined here, where it is hot).
  const Masks& m = summary.masks;
  for (int h = 2; h <= 6; ++h)
    for (int l = 1; l < h; ++l) {
      const std::size_t k =
          summary.on_bar ? non_double_bar<true>(b, m, h, l, nullptr) : non_double_bearoff<true>(m, h, l, nullptr);
      n += k == 0 ? 1 : k;
    }
  return n;
}

/// The sum over the 6 doubles of max(1, number of plays), counted without listing. It depends
/// only on the mover's checkers and the points the opponent blocks (not on blots).
constexpr std::uint64_t count_doubles(const Bytes& b, const PositionSummary& summary) noexcept {
  std::uint64_t n = 0;
  for (int d = 1; d <= 6; ++d) {
    const std::size_t k = summary.on_bar || summary.double_may_bear_off
                              ? count_plays(b, summary, Dice::unchecked(d, d))
                              : count_double(b, summary.masks.own, above(d) & ~(summary.masks.blocked << d), d, 4);
    n += k == 0 ? 1 : k;
  }
  return n;
}

/// The sum over the 21 rolls of max(1, number of plays): perft at depth 1 (Leaves::Count).
constexpr std::uint64_t count_all_rolls(const Bytes& b) noexcept {
  const PositionSummary summary(b);
  return count_non_doubles(b, summary) + count_doubles(b, summary);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_BACKGAMMON_DETAIL_COUNT_HPP_
