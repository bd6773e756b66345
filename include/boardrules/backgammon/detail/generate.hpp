// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_GENERATE_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_GENERATE_HPP_
/// \file
/// The play generator: bitmasks of the mover's points and of the opponent's blocked / blot
/// points (bit p = the mover's point p), so that the sources of a die are a shift and an AND,
/// and the distinct plays enumerated by construction instead of hashing:
///  - non-doubles: a play is fixed by the sources of the higher and the lower die; the only
///    coincidence is one checker moving both dice (by either route, the same position when
///    neither intermediate stop hits), enumerated apart from the two-checker pairs;
///  - doubles: sources in non-increasing order (each multiset of sources once).
/// The bar (entries first) and bear-off (sources by BG-6.4) have their own variants. The plays
/// are stored by the writers of writers.hpp. Counting without listing is in count.hpp. Not part
/// of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/detail/masks.hpp"
#include "boardrules/backgammon/detail/writers.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// Capacity of a PlayList: an upper bound on the distinct legal plays (BG-3.9) of one roll.
///
/// Derivation (the bound GNU Backgammon also uses, MAX_MOVES = 3060). Label the mover's 15
/// checkers. A play of a double d moves checker i by k_i steps of d with k_1 + ... + k_15 <= 4
/// (exactly the number of dice played, the same for every play of the roll, BG-3.6), and the
/// vector (k_i) fixes the resulting position: checker i ends k_i * d pips further (or off), and
/// the blots hit are those on the points its steps land on. So a double has at most as many
/// distinct plays as compositions of 4 into 15 parts, C(4 + 14, 14) = 3060. A non-double play is
/// fixed by the checkers that play the higher and the lower die (at most 15 x 15 + 15 choices,
/// one route each plus the swap of a single checker's route), well below 3060.
/// (Every variant has at most 15 checkers a side.) The largest count found by search, 2226 plays
/// of 1-1 (hill climbing; the position is in tests/backgammon/test_perft.cpp), is well inside.
inline constexpr std::size_t kMaxPlays = 3060;

/// The plays of one roll: one Play per distinct resulting position. Its storage has
/// detail::kPlaySpare plays more than kMaxPlays, for the generator's 64-byte stores.
using PlayList = FixedList<Play, kMaxPlays, detail::kPlaySpare>;

/// The plays of one roll packed (rules/packed_play.hpp): at most kMaxPlays, 12 KB.
using PackedPlayList = FixedList<PackedPlay, kMaxPlays>;

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

// Bits of the points strictly above d (d + 1 .. 24).
constexpr std::uint32_t above(int d) noexcept { return 0x1FFFFFEu & ~((2u << d) - 1u); }

// Checkers of the mover outside its home board (points 7..24, bar excluded), capped: the exact
// number when below `cap`, else `cap`.
constexpr int outside_capped(const Bytes& b, std::uint32_t own, int cap) noexcept {
  std::uint32_t m = own & 0x1FFFF80u;
  if (std::popcount(m) >= cap) return cap;
  int n = 0;
  while (m != 0) {
    n += b[static_cast<std::size_t>(std::countr_zero(m))];
    m &= m - 1;
  }
  return n < cap ? n : cap;
}

// Points 7..24 and the bar: a mover checker there forbids bearing off (BG-6.1).
inline constexpr std::uint32_t kOutside = 0x3FFFF80u;

// Sources that bear off with die d (BG-6.2, BG-6.4), given the mover's occupied points `own`
// (no checker on the bar): none unless every checker is home; the d-point; and the highest
// occupied point when it is below d.
constexpr std::uint32_t bearoff_sources(std::uint32_t own, int d) noexcept {
  if ((own & kOutside) != 0 || own == 0) return 0;
  std::uint32_t r = own & (1u << d);
  const int top = 31 - std::countl_zero(own);
  if (top < d) r |= 1u << top;
  return r;
}

// Sources of die d (no checker on the bar): a step to an open point, or a bear-off.
constexpr std::uint32_t sources(std::uint32_t own, std::uint32_t blocked, int d) noexcept {
  return (own & above(d) & ~(blocked << d)) | bearoff_sources(own, d);
}

// The sources of a non-double roll (no bar, no bear-off possible). Plays of both dice:
//  - pairs: the higher die from a in `high`, the lower die from b in `low`, two different
//    checkers (a == b needs two checkers there). Two pairs give the same position only when one
//    checker effectively moves both dice: b = a - h (the lower die continues from the higher
//    die's landing point) or a = b - l; those pairs are left out and counted as one-checker
//    plays;
//  - one checker moving both dice from a to a - h - l: via a - h (`via_high`) or via a - l
//    (`via_low`); the two routes are one play unless an intermediate stop hits a blot (BG-3.9,
//    BG-5.1), so `via_low` keeps only the a whose second route is another play.
// Every other pair of plays differs in the mover's checkers, so no deduplication is needed.
struct NonDoubleSources {
  int h, l;                // the higher and the lower die
  std::uint32_t high;      // sources of the higher die
  std::uint32_t low;       // sources of the lower die
  std::uint32_t via_high;  // one checker, both dice, the higher die first
  std::uint32_t via_low;   // one checker, both dice, the lower die first, when not the same play
  constexpr NonDoubleSources(const Masks& m, int hi, int lo) noexcept
      : h(hi), l(lo), high(0), low(0), via_high(0), via_low(0) {
    high = m.own & above(h) & ~(m.blocked << h);
    low = m.own & above(l) & ~(m.blocked << l);
    const std::uint32_t t = m.own & above(h + l) & ~(m.blocked << (h + l));
    via_high = t & ~(m.blocked << h);
    const std::uint32_t quiet = ~(m.blot << h) & ~(m.blot << l);
    via_low = t & ~(m.blocked << l) & ~(via_high & quiet);
  }
};

// The plays of a NonDoubleSources, taken by value: the plays are written as bytes, which may
// alias any object in memory, so fields read through a pointer would be reloaded after every
// play.
constexpr std::size_t write_non_double(const Masks m, const int h, const int l, const std::uint32_t high,
                                       const std::uint32_t low, const std::uint32_t via_high,
                                       const std::uint32_t via_low, Play* out) noexcept {
  std::size_t n = 0;
  for (std::uint32_t as = high; as != 0; as &= as - 1) {
    const int a = std::countr_zero(as);
    const int ta = a - h;
    const bool ha = ((m.blot >> ta) & 1u) != 0;
    const std::uint32_t blot2 = m.blot & ~(1u << ta);  // a blot on ta is hit by the first step
    std::uint32_t bs = low & ~(1u << ta) & ~(1u << (a + l));
    bs &= ~(m.ones & (1u << a));  // a == b needs two checkers on a
    n += write_second_steps(out + n, step_bits(0, a, ta), play_tail(2, ha ? 1u : 0u), bs, l, blot2 << l);
  }
  if (via_high != 0) n += write_chains(out + n, via_high, h, l, m.blot);
  if (via_low != 0) n += write_chains(out + n, via_low, l, h, m.blot);
  if (n != 0) return n;
  // Only one die can be played: the higher if it can (BG-3.7).
  const std::uint32_t single = high != 0 ? high : low;
  const int d = high != 0 ? h : l;
  for (std::uint32_t as = single; as != 0; as &= as - 1) {
    const int a = std::countr_zero(as);
    put1(out + n++, a, a - d, ((m.blot >> (a - d)) & 1u) != 0);
  }
  return n;
}

// The plays of a double d without checkers on the bar at the start of the search (kBear:
// bear-off possible during the turn): depth-first over the sources of step 0, 1, 2, 3 in
// non-increasing order (each multiset of sources once), checker counts updated in place; the
// last steps are written by the writers (write_double_pairs for steps 2 and 3 together when no
// bear-off can happen, write_fourth_steps for step 3). kCountOnly: count the plays without
// writing them.
template <bool kCountOnly, bool kBear = false>
struct DoublesSearch {
  Play* out;
  std::size_t n = 0;  // plays found of `best` steps
  int best = 0;       // the most steps played so far (BG-3.6: only those plays count)
  int d;
  std::uint32_t movable_mask;          // points whose d-step lands on an open point
  std::array<std::uint8_t, 32> cnt{};  // the mover's checkers by point, during the search
  std::uint64_t steps = 0;             // the steps played so far (step_bits)
  unsigned hits = 0;                   // their hit bits

  // A play of k steps ends here.
  constexpr void record(int k) noexcept {
    if (k < best) return;
    if (k > best) {
      n = 0;
      best = k;
    }
    if constexpr (!kCountOnly) {
      const std::uint64_t bytes = k >= 4 ? 0xFFFFFFFFull : (1ull << (8 * k)) - 1u;
      put(out + n, steps & (bytes | bytes << 32), static_cast<unsigned>(k), hits & ((1u << k) - 1u));
    }
    ++n;
  }

  // Every way to play step `Step` (0..3) and the ones after it from the position `own` /
  // `blot` / `ones` (the points holding exactly one mover checker), by sources at most
  // `max_src`.
  template <int Step>
  constexpr void play_step(std::uint32_t own, std::uint32_t blot, int max_src, std::uint32_t ones = 0) noexcept {
    std::uint32_t mov = own & movable_mask;
    if constexpr (kBear) mov |= bearoff_sources(own, d);
    mov &= (2u << max_src) - 1u;
    if (mov == 0) {
      record(Step);
      return;
    }
    if constexpr (Step == 2 && !kCountOnly && !kBear) {
      // The last two steps at once: with the k sources of `mov` ascending, the plays are the
      // pairs u > v of them, u = v where two checkers are there, and u with v = u - d where the
      // checker that arrived there is the only one that can move on.
      const std::uint32_t same = mov & ~ones;
      const std::uint32_t on = (mov >> d) & movable_mask & ~mov;
      if ((mov & (mov - 1)) != 0 || (same | on) != 0) {
        if (best < 4) {
          n = 0;
          best = 4;
        }
        n +=
            write_double_pairs(out + n, steps & 0x0000FFFF0000FFFFull, play_tail(4, hits & 3u), mov, same, on, d, blot);
        return;
      }
    }
    if constexpr (Step == 3) {
      if (best < 4) {
        n = 0;
        best = 4;
      }
      if constexpr (kCountOnly) {
        n += static_cast<std::size_t>(std::popcount(mov));
      } else {
        n += write_fourth_steps(out + n, steps & 0x00FFFFFF00FFFFFFull, play_tail(4, hits & 7u), mov, d, blot << d);
      }
    } else {
      // Highest source first: the deepest plays come first, so that shorter ones met later are
      // dropped at once instead of being written and then discarded (BG-3.6).
      for (std::uint32_t ss = mov; ss != 0;) {
        const int s = 31 - std::countl_zero(ss);
        ss &= ~(1u << s);
        const int t = !kBear ? s - d : landing(s, d);  // 0: borne off (kBear only)
        std::uint32_t o = (own | (1u << t)) & ~1u;
        if constexpr (!kCountOnly) {
          steps = (steps & ~step_bits(Step, 0xFF, 0xFF)) | step_bits(Step, s, t);
          hits = (hits & ((1u << Step) - 1u)) | (((blot >> t) & 1u) << Step);
        }
        if constexpr (Step == 2) {
          // The last step reads only `own`: s empties iff it held one checker.
          if (((ones >> s) & 1u) != 0) o &= ~(1u << s);
          play_step<Step + 1>(o, blot & ~(1u << t), s, 0);
        } else {
          const auto cs = cnt[static_cast<std::size_t>(s)];
          const auto ct = cnt[static_cast<std::size_t>(t)];
          // Without branches (the counts are data): s holds one checker after the step iff it
          // held two, t iff it held none; s empties iff it held one.
          const std::uint32_t on = ((ones & ~(1u << s) & ~(1u << t)) | static_cast<std::uint32_t>(cs == 2) << s |
                                    static_cast<std::uint32_t>(ct == 0) << t) &
                                   ~1u;
          o &= ~(static_cast<std::uint32_t>(cs == 1) << s);
          cnt[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(cs - 1);
          cnt[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(ct + 1);
          play_step<Step + 1>(o, blot & ~(1u << t), s, on);
          cnt[static_cast<std::size_t>(t)] = ct;
          cnt[static_cast<std::size_t>(s)] = cs;
        }
      }
    }
  }

  constexpr std::size_t run(const Bytes& b, const Masks& m) noexcept {
    for (std::size_t i = 0; i < 26; ++i) cnt[i] = b[i];
    play_step<0>(m.own, m.blot, kBar, m.ones);
    return best == 0 ? 0 : n;
  }

  // With k >= 1 checkers on the bar (BG-5.2/5.3): min(k, 4) enter on 25 - d first, then the
  // rest of the four from anywhere. No bear-off can follow: the entered checker cannot get
  // home and still have a die left. Precondition: the entry point is open.
  constexpr std::size_t run_from_bar(const Bytes& b, const Masks& m) noexcept {
    const int k = b[kBar] < 4 ? b[kBar] : 4;
    const int e = kBar - d;
    const bool hit = ((m.blot >> e) & 1u) != 0;
    for (int i = 0; i < k; ++i) steps |= step_bits(i, kBar, e);
    hits = hit ? 1u : 0u;
    if (b[kBar] >= 4) {
      best = 4;
      n = 0;
      record(4);
      return n;
    }
    for (std::size_t i = 0; i < 26; ++i) cnt[i] = b[i];
    cnt[kBar] = 0;
    cnt[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>(cnt[static_cast<std::size_t>(e)] + k);
    const std::uint32_t own = (m.own & ~(1u << kBar)) | (1u << e);
    const std::uint32_t blot = m.blot & ~(1u << e);
    const std::uint32_t ones =
        (m.ones & ~(1u << kBar) & ~(1u << e)) | (cnt[static_cast<std::size_t>(e)] == 1 ? 1u << e : 0u);
    if (k == 1) play_step<1>(own, blot, kBar - 1, ones);
    else if (k == 2) play_step<2>(own, blot, kBar - 1, ones);
    else play_step<3>(own, blot, kBar - 1, ones);
    return n;
  }
};

// A non-double with checkers on the bar (BG-5.2 to BG-5.4). No bear-off can happen in such a
// turn (the entered checker is far from home). kCountOnly: count the plays without writing them.
template <bool kCountOnly>
constexpr std::size_t non_double_bar(const Bytes& b, const Masks& m, int h, int l, Play* out) noexcept {
  const int eh = kBar - h;
  const int el = kBar - l;
  const bool ok_h = ((m.blocked >> eh) & 1u) == 0;
  const bool ok_l = ((m.blocked >> el) & 1u) == 0;
  const bool hit_h = ((m.blot >> eh) & 1u) != 0;
  const bool hit_l = ((m.blot >> el) & 1u) != 0;
  std::size_t n = 0;
  if (b[kBar] >= 2) {  // both dice can only enter (BG-5.2); a die that cannot enter is lost
    if (ok_h && ok_l) {
      if constexpr (!kCountOnly) put2(out, kBar, eh, hit_h, kBar, el, hit_l && el != eh);
      return 1;
    }
    if (!ok_h && !ok_l) return 0;
    if constexpr (!kCountOnly) ok_h ? put1(out, kBar, eh, hit_h) : put1(out, kBar, el, hit_l);
    return 1;
  }
  const std::uint32_t own = m.own & ~(1u << kBar);
  // The plays entering at e (a hit when `hit`), then moving a checker of `src` by d.
  const auto enter_then = [&](int e, bool hit, std::uint32_t src, int d) {
    if constexpr (kCountOnly) {
      n += static_cast<std::size_t>(std::popcount(src));
    } else {
      const std::uint32_t blot = m.blot & ~(1u << e);
      for (std::uint32_t bs = src; bs != 0; bs &= bs - 1) {
        const int s = std::countr_zero(bs);
        put2(out + n++, kBar, e, hit, s, s - d, ((blot >> (s - d)) & 1u) != 0);
      }
    }
  };
  // Enter with the higher die, then the lower die by any checker.
  if (ok_h) enter_then(eh, hit_h, (own | (1u << eh)) & above(l) & ~(m.blocked << l), l);
  if (ok_l) {  // enter with the lower die, then the higher die by any checker
    std::uint32_t high_src = (own | (1u << el)) & above(h) & ~(m.blocked << h);
    // The entered checker playing both dice reaches 25 - h - l by either route: the same
    // position when neither entry point holds a blot (BG-3.9).
    if (ok_h && !hit_h && !hit_l) high_src &= ~(1u << el);
    enter_then(el, hit_l, high_src, h);
  }
  if (n != 0) return n;
  if (!ok_h && !ok_l) return 0;  // BG-5.4: the turn is lost
  // Only one die can be played: the higher if it enters (BG-3.7).
  if constexpr (!kCountOnly) ok_h ? put1(out, kBar, eh, hit_h) : put1(out, kBar, el, hit_l);
  return 1;
}

// A non-double where bearing off can happen during the turn (no bar; at most one checker
// outside the home board). Both orders of the dice are tried; a play is fixed by which source
// plays the higher die and which the lower one, and two sequences give the same position only
// in three ways, each recognised in O(1) (no search among the plays found):
//  - the same assignment in both orders (the higher die from b, the lower from a): the second
//    order skips it when the first order played it (`second`);
//  - one checker playing both dice (a landing point is the other step's source): from X to
//    X - h - l or off, by either route; the same position unless the first route's stop hit a
//    blot (a hit on the way is unique to its route): deduplicated by X;
//  - two bear-offs: the position only loses a checker from each of the two points, whichever
//    die took which: deduplicated by the unordered pair of points (home points 1..6).
template <bool kCountOnly>
constexpr std::size_t non_double_bearoff(const Masks& m, int h, int l, Play* out) noexcept {
  std::size_t n = 0;
  bool two = false;
  const int dice[2][2] = {{h, l}, {l, h}};
  // second[a]: the sources of the lower die after the higher die moved from a (first order).
  std::array<std::uint32_t, 26> second{};
  std::uint32_t chains = 0;     // bit X: the quiet one-checker play from X was written
  std::uint64_t off_pairs = 0;  // bit 6(p - 1) + (q - 1), p <= q: checkers off from p and q
  const std::uint32_t sh0 = sources(m.own, m.blocked, h);
  for (int order = 0; order < 2; ++order) {
    const int d1 = dice[order][0];
    const int d2 = dice[order][1];
    for (std::uint32_t as = order == 0 ? sh0 : sources(m.own, m.blocked, d1); as != 0; as &= as - 1) {
      const int a = std::countr_zero(as);
      const int ta = a > d1 ? a - d1 : 0;
      const bool ha = ta != 0 && ((m.blot >> ta) & 1u) != 0;
      std::uint32_t own1 = (m.own | (1u << ta)) & ~1u;
      if (((m.ones >> a) & 1u) != 0) own1 &= ~(1u << a);
      const std::uint32_t then = sources(own1, m.blocked, d2);
      if (order == 0) second[static_cast<std::size_t>(a)] = then;
      for (std::uint32_t bs = then; bs != 0; bs &= bs - 1) {
        two = true;
        const int b = std::countr_zero(bs);
        if (order == 1 && ((sh0 >> b) & 1u) != 0 && ((second[static_cast<std::size_t>(b)] >> a) & 1u) != 0) continue;
        const int tb = b > d2 ? b - d2 : 0;
        const bool hb = tb != 0 && tb != ta && ((m.blot >> tb) & 1u) != 0;
        if (ta == b || tb == a) {  // one checker from X moves on
          if (!(ta == b && ha)) {
            const std::uint32_t x = 1u << (ta == b ? a : b);
            if ((chains & x) != 0) continue;
            chains |= x;
          }
        } else if (ta == 0 && tb == 0) {  // two checkers borne off
          const auto bit = 1ull << (a < b ? 6 * (a - 1) + (b - 1) : 6 * (b - 1) + (a - 1));
          if ((off_pairs & bit) != 0) continue;
          off_pairs |= bit;
        }
        if constexpr (!kCountOnly) put2(out + n, a, ta, ha, b, tb, hb);
        ++n;
      }
    }
  }
  if (two) return n;
  // Only one die can be played: the higher one if it can (BG-3.7), else the lower one.
  for (const int d : {h, l}) {
    const std::uint32_t ss = sources(m.own, m.blocked, d);
    if (ss == 0) continue;
    if constexpr (!kCountOnly) {
      for (std::uint32_t as = ss; as != 0; as &= as - 1) {
        const int a = std::countr_zero(as);
        const int ta = a > d ? a - d : 0;
        put1(out + n++, a, ta, ta != 0 && ((m.blot >> ta) & 1u) != 0);
      }
      return n;
    } else {
      return static_cast<std::size_t>(std::popcount(ss));
    }
  }
  return 0;
}

// What a position allows, computed once for all its rolls.
struct PositionSummary {
  Masks masks;
  bool on_bar;                   // a mover checker on the bar
  bool non_double_may_bear_off;  // a non-double may bear off during the turn (<= 1 checker outside)
  bool double_may_bear_off;      // a double may bear off during the turn (<= 3 checkers outside)
  constexpr explicit PositionSummary(const Bytes& b) noexcept
      : masks(compute_masks(b)), on_bar(b[kBar] != 0), non_double_may_bear_off(false), double_may_bear_off(false) {
    const int outside = outside_capped(b, masks.own, 4);
    non_double_may_bear_off = outside < 2;
    double_may_bear_off = outside < 4;
  }
};

/// Writes the plays of `dice` to `out`; returns their number. `out` has room for kMaxPlays +
/// kPlaySpare plays (a PlayList's storage): the SIMD writers store past the last play.
constexpr std::size_t write_plays(const Bytes& b, const PositionSummary& summary, Dice dice, Play* out) noexcept {
  const Masks& m = summary.masks;
  if (!dice.is_double()) {
    const int h = dice.high(), l = dice.low();
    if (summary.on_bar) return non_double_bar<false>(b, m, h, l, out);
    if (summary.non_double_may_bear_off) return non_double_bearoff<false>(m, h, l, out);
    const NonDoubleSources s(m, h, l);
    return write_non_double(m, h, l, s.high, s.low, s.via_high, s.via_low, out);
  }
  const int d = dice.d1();
  const std::uint32_t movable = above(d) & ~(m.blocked << d);
  if (summary.on_bar) {
    if (((m.blocked >> (kBar - d)) & 1u) != 0) return 0;  // BG-5.4/5.5
    DoublesSearch<false> g{out, 0, 0, d, movable};
    return g.run_from_bar(b, m);
  }
  if (summary.double_may_bear_off) {
    DoublesSearch<false, true> g{out, 0, 0, d, movable};
    return g.run(b, m);
  }
  DoublesSearch<false> g{out, 0, 0, d, movable};
  return g.run(b, m);
}

/// The number of plays write_plays writes, found by the same search without writing them, for
/// the rolls where bearing off is possible during the turn or a non-double enters from the bar
/// (count.hpp counts the others by formula). Precondition: the roll is one of those.
constexpr std::size_t count_plays_by_search(const Bytes& b, const PositionSummary& summary, Dice dice) noexcept {
  const Masks& m = summary.masks;
  if (!dice.is_double()) {
    if (summary.on_bar) return non_double_bar<true>(b, m, dice.high(), dice.low(), nullptr);
    return non_double_bearoff<true>(m, dice.high(), dice.low(), nullptr);
  }
  const int d = dice.d1();
  DoublesSearch<true, true> g{nullptr, 0, 0, d, above(d) & ~(m.blocked << d)};
  return g.run(b, m);
}

/// True when some die of `dice` has a legal step.
constexpr bool has_any_step(const Bytes& b, Dice dice) noexcept {
  const Masks m = compute_masks(b);
  if (b[kBar] != 0)  // an entry point open (BG-5.3)
    return ((m.blocked >> (kBar - dice.d1())) & (m.blocked >> (kBar - dice.d2())) & 1u) == 0;
  return (sources(m.own, m.blocked, dice.d1()) | sources(m.own, m.blocked, dice.d2())) != 0;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_BACKGAMMON_DETAIL_GENERATE_HPP_
