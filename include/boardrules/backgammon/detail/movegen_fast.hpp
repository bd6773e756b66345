#pragma once
/// \file
/// The fast generator: bitmasks of the mover's points and of the opponent's blocked / blot
/// points (bit p = the mover's point p), so that the sources of a die are a shift and an AND,
/// and the distinct plays enumerated by construction instead of hashing:
///  - non-doubles: a play is fixed by the sources of the higher and the lower die; the only
///    coincidence is one checker moving both dice (by either route, the same position when
///    neither intermediate stop hits), enumerated apart from the two-checker pairs;
///  - doubles: sources in non-increasing order (each multiset of sources once).
/// The bar (entries first) and bear-off (sources by BG-6.4) have their own variants. Not part
/// of the API.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>

#include "boardrules/backgammon/detail/masks.hpp"
#include "boardrules/backgammon/detail/rows.hpp"
#include "boardrules/backgammon/dice.hpp"
#include "boardrules/backgammon/play.hpp"
#include "boardrules/backgammon/position.hpp"

namespace boardrules::backgammon::detail {

/// Plays of storage a generator's output needs after its last play: the AVX-512 writers
/// (rows.hpp) store 64 bytes (6.4 plays) at a time. Every output buffer (PlayList) has
/// kMaxPlays + kPlaySpare plays.
inline constexpr std::size_t kPlaySpare = 7;

// Bits of the points strictly above d (d + 1 .. 24).
constexpr std::uint32_t above(int d) noexcept {
  return 0x1FFFFFEu & ~((2u << d) - 1u);
}

// A play is written as two stores: its four (from, to) steps packed in 64 bits (from[j] in
// byte j, to[j] in byte 4 + j: the layout of Play) and its size and hits in 16 bits. Building
// it byte by byte on the stack and copying it costs a store-forwarding stall per play.
constexpr std::uint64_t step_bits(int j, int from, int to) noexcept {
  return static_cast<std::uint64_t>(from) << (8 * j) | static_cast<std::uint64_t>(to) << (32 + 8 * j);
}

constexpr void put(Play* out, std::uint64_t steps, unsigned size, unsigned hits) noexcept {
  if (std::is_constant_evaluated() || std::endian::native != std::endian::little) {
    Play p;
    for (std::size_t j = 0; j < 4; ++j) {
      p.from[j] = static_cast<std::uint8_t>(steps >> (8 * j));
      p.to[j] = static_cast<std::uint8_t>(steps >> (32 + 8 * j));
    }
    p.size = static_cast<std::uint8_t>(size);
    p.hits = static_cast<std::uint8_t>(hits);
    *out = p;
  } else {
    static_assert(sizeof(Play) == 10);
    const auto tail = static_cast<std::uint16_t>(size | hits << 8);
    std::memcpy(static_cast<void*>(out), &steps, 8);
    std::memcpy(reinterpret_cast<unsigned char*>(out) + 8, &tail, 2);
  }
}

constexpr void put2(Play* out, int a, int ta, bool ha, int b, int tb, bool hb) noexcept {
  put(out, step_bits(0, a, ta) | step_bits(1, b, tb), 2, (ha ? 1u : 0u) | (hb ? 2u : 0u));
}

constexpr void put1(Play* out, int a, int ta, bool ha) noexcept {
  put(out, step_bits(0, a, ta), 1, ha ? 1u : 0u);
}

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

// The masks of a non-double roll (no bar, no bear-off possible). Plays of both dice:
//  - pairs: the higher die from a in sh, the lower die from b in sl, two different checkers
//    (a == b needs two checkers there). Two pairs give the same position only when one checker
//    effectively moves both dice: b = a - h (the lower die continues from the higher die's
//    landing point) or a = b - l; those pairs are left out and counted as one-checker plays;
//  - one checker moving both dice from a to a - h - l: via a - h (r1) or via a - l (r2); the
//    two routes are one play unless an intermediate stop hits a blot (BG-3.9, BG-5.1).
// Every other pair of plays differs in the mover's checkers, so no deduplication is needed.
struct NonDouble {
  int h, l;
  std::uint32_t sh, sl;          // sources of the higher / lower die
  std::uint32_t r1, r2only;      // one checker, both dice: via the higher die first / lower first
  constexpr NonDouble(const Masks& m, int hi, int lo) noexcept : h(hi), l(lo), sh(0), sl(0), r1(0), r2only(0) {
    sh = m.own & above(h) & ~(m.blocked << h);
    sl = m.own & above(l) & ~(m.blocked << l);
    const std::uint32_t t = m.own & above(h + l) & ~(m.blocked << (h + l));
    r1 = t & ~(m.blocked << h);
    const std::uint32_t r2 = t & ~(m.blocked << l);
    const std::uint32_t quiet = ~(m.blot << h) & ~(m.blot << l);
    r2only = r2 & ~(r1 & quiet);
  }
  // Number of distinct plays (by formula).
  [[nodiscard]] constexpr std::size_t count(const Masks& m) const noexcept {
    const int pairs = std::popcount(sh) * std::popcount(sl) - std::popcount(sh & sl & m.ones) -
                      std::popcount(sh & (sl << h)) - std::popcount(sl & (sh << l));
    const int two = pairs + std::popcount(r1) + std::popcount(r2only);
    if (two != 0) return static_cast<std::size_t>(two);
    return static_cast<std::size_t>(sh != 0 ? std::popcount(sh) : std::popcount(sl));
  }
  [[nodiscard]] constexpr std::size_t generate(const Masks& m, Play* out) const noexcept;
};

// NonDouble::generate on values, not members or references: the plays are written as bytes,
// which may alias any object in memory, so fields read through a pointer would be reloaded
// after every play.
constexpr std::size_t non_double_emit(const Masks m, const int h, const int l, const std::uint32_t sh,
                                      const std::uint32_t sl, const std::uint32_t r1,
                                      const std::uint32_t r2only, Play* out) noexcept {
  std::size_t n = 0;
#ifdef BOARDRULES_BG_ROWS
  if (!std::is_constant_evaluated()) {
    const __m512i dest = rows::dest_table(l);
    for (std::uint32_t as = sh; as != 0; as &= as - 1) {
      const int a = std::countr_zero(as);
      const int ta = a - h;
      const bool ha = ((m.blot >> ta) & 1u) != 0;
      const std::uint32_t blot2 = m.blot & ~(1u << ta);
      std::uint32_t bs = sl & ~(1u << ta) & ~(1u << (a + l));
      if (((m.ones >> a) & 1u) != 0) bs &= ~(1u << a);
      n += rows::emit_row(out + n, step_bits(0, a, ta), 2u | (ha ? 1u : 0u) << 8, bs, 1, dest, blot2 << l, 2);
    }
    if (r1 != 0) n += rows::emit_chains(out + n, r1, h, l, m.blot);
    if (r2only != 0) n += rows::emit_chains(out + n, r2only, l, h, m.blot);
    if (n != 0) return n;
  } else
#endif
  for (std::uint32_t as = sh; as != 0; as &= as - 1) {
    const int a = std::countr_zero(as);
    const int ta = a - h;
    const bool ha = ((m.blot >> ta) & 1u) != 0;
    const std::uint32_t blot2 = m.blot & ~(1u << ta);  // a blot on ta is hit by the first step
    std::uint32_t bs = sl & ~(1u << ta) & ~(1u << (a + l));
    if (((m.ones >> a) & 1u) != 0) bs &= ~(1u << a);
    for (; bs != 0; bs &= bs - 1) {
      const int b = std::countr_zero(bs);
      const int tb = b - l;
      put2(out + n++, a, ta, ha, b, tb, ((blot2 >> tb) & 1u) != 0);
    }
  }
  for (std::uint32_t as = r1; as != 0; as &= as - 1) {
    const int a = std::countr_zero(as);
    const int x = a - h;
    const int t = x - l;
    put2(out + n++, a, x, ((m.blot >> x) & 1u) != 0, x, t, ((m.blot >> t) & 1u) != 0);
  }
  for (std::uint32_t as = r2only; as != 0; as &= as - 1) {
    const int a = std::countr_zero(as);
    const int x = a - l;
    const int t = x - h;
    put2(out + n++, a, x, ((m.blot >> x) & 1u) != 0, x, t, ((m.blot >> t) & 1u) != 0);
  }
  if (n != 0) return n;
  const std::uint32_t single = sh != 0 ? sh : sl;
  const int d = sh != 0 ? h : l;
  for (std::uint32_t as = single; as != 0; as &= as - 1) {
    const int a = std::countr_zero(as);
    put1(out + n++, a, a - d, ((m.blot >> (a - d)) & 1u) != 0);
  }
  return n;
}

constexpr std::size_t NonDouble::generate(const Masks& m, Play* out) const noexcept {
  return non_double_emit(m, h, l, sh, sl, r1, r2only, out);
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

// Doubles without bar (kBear: bear-off possible during the turn): depth-first over sources in non-increasing order,
// unrolled by level, counts updated in place; at the last level the plays are counted by
// popcount (kCount) or written in one loop.
template <bool kCount, bool kBear = false>
struct FastDoubles {
  Play* out;
  std::size_t n = 0;
  int best = 0;
  int d;
  std::uint32_t movable_mask;  // points whose d-step lands on an open point
  std::array<std::uint8_t, 32> cnt{};
  std::uint64_t steps = 0;  // the steps played so far (step_bits)
  unsigned hits = 0;

  constexpr void record(int k) noexcept {
    if (k < best) return;
    if (k > best) {
      n = 0;
      best = k;
    }
    if constexpr (!kCount) {
      const std::uint64_t bytes = k >= 4 ? 0xFFFFFFFFull : (1ull << (8 * k)) - 1u;
      put(out + n, steps & (bytes | bytes << 32), static_cast<unsigned>(k), hits & ((1u << k) - 1u));
    }
    ++n;
  }

  // `ones`: the points holding exactly one mover checker.
  template <int L>
  constexpr void go(std::uint32_t own, std::uint32_t blot, int max_src, std::uint32_t ones = 0) noexcept {
    std::uint32_t mov = own & movable_mask;
    if constexpr (kBear) mov |= bearoff_sources(own, d);
    mov &= (2u << max_src) - 1u;
    if (mov == 0) {
      record(L);
      return;
    }
#ifdef BOARDRULES_BG_ROWS
    if constexpr (L == 2 && !kCount && !kBear) {
      // The last two steps at once (rows.hpp): with the k sources of `mov` ascending, the
      // plays are the pairs u > v of them, u = v where two checkers are there, and u with
      // v = u - d where the checker that arrived there is the only one that can move on.
      if (!std::is_constant_evaluated()) {
        const std::uint32_t same = mov & ~ones;
        const std::uint32_t on = (mov >> d) & movable_mask & ~mov;
        const auto k = static_cast<unsigned>(std::popcount(mov));
        const unsigned total = k * (k - 1) / 2 + static_cast<unsigned>(std::popcount(same) + std::popcount(on));
        if (total != 0) {
          if (best < 4) {
            n = 0;
            best = 4;
          }
          rows::PairWriter w(out + n, steps & 0x0000FFFF0000FFFFull, 4u | (hits & 3u) << 8, d, blot);
          w.pairs(mov);
          w.template singles<false>(same, 0);
          w.template singles<true>(on << d, d);
          n += total;
          return;
        }
      }
    }
#endif
    if constexpr (L == 2 && kCount && !kBear) {
      // The last two steps by formula. For a third source s in `mov` (a prefix of the movable
      // points), the fourth step has rank(s) sources, minus s itself if its only checker left,
      // plus s - d if that point was empty and is movable: summed over the k sources,
      // k(k+1)/2 - |mov & ones| + |mov & ((movable & ~own) << d)|.
      const int k = std::popcount(mov);
      const int four = k * (k + 1) / 2 - std::popcount(mov & ones) +
                       std::popcount(mov & ((movable_mask & ~own) << d));
      if (four > 0) {
        if (best < 4) {
          n = 0;
          best = 4;
        }
        n += static_cast<std::size_t>(four);
      } else {  // no fourth step anywhere: k plays of three steps
        if (best < 3) {
          n = 0;
          best = 3;
        }
        if (best == 3) n += static_cast<std::size_t>(k);
      }
      return;
    }
    if constexpr (L == 3) {
      if (best < 4) {
        n = 0;
        best = 4;
      }
      if constexpr (kCount) {
        n += static_cast<std::size_t>(std::popcount(mov));
      } else {
        // Locals only in the loop: the byte stores of put() may alias the members.
        const std::uint64_t base = steps & 0x00FFFFFF00FFFFFFull;
        const unsigned h3 = hits & 7u;
#ifdef BOARDRULES_BG_ROWS
        if (!std::is_constant_evaluated()) {
          n += rows::emit_row(out + n, base, 4u | h3 << 8, mov, 3, rows::dest_table(d), blot << d, 8);
          return;
        }
#endif
        const int dd = d;
        Play* o = out + n;
        for (std::uint32_t ss = mov; ss != 0; ss &= ss - 1) {
          const int s = std::countr_zero(ss);
          const int t = !kBear ? s - dd : s > dd ? s - dd : 0;  // 0: borne off (kBear only)
          put(o++, base | step_bits(3, s, t), 4, h3 | (((blot >> t) & 1u) << 3));
        }
        n += static_cast<std::size_t>(std::popcount(mov));
      }
    } else {
      // Highest source first: the deepest plays come first, so that shorter ones met later are
      // dropped at once instead of being written and then discarded (BG-3.6).
      for (std::uint32_t ss = mov; ss != 0;) {
        const int s = 31 - std::countl_zero(ss);
        ss &= ~(1u << s);
        const int t = !kBear ? s - d : s > d ? s - d : 0;  // 0: borne off (kBear only)
        std::uint32_t o = (own | (1u << t)) & ~1u;
        if constexpr (!kCount) {
          steps = (steps & ~step_bits(L, 0xFF, 0xFF)) | step_bits(L, s, t);
          hits = (hits & ((1u << L) - 1u)) | (((blot >> t) & 1u) << L);
        }
        if constexpr (L == 2) {
          // The last level reads only `own`: s empties iff it held one checker.
          if (((ones >> s) & 1u) != 0) o &= ~(1u << s);
          go<L + 1>(o, blot & ~(1u << t), s, 0);
        } else {
          const auto cs = cnt[static_cast<std::size_t>(s)];
          const auto ct = cnt[static_cast<std::size_t>(t)];
          std::uint32_t on = (cs == 1 ? ones & ~(1u << s) : cs == 2 ? ones | (1u << s) : ones);
          on = (ct == 0 ? on | (1u << t) : ct == 1 ? on & ~(1u << t) : on) & ~1u;
          if (cs == 1) o &= ~(1u << s);
          cnt[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(cs - 1);
          cnt[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>(ct + 1);
          go<L + 1>(o, blot & ~(1u << t), s, on);
          cnt[static_cast<std::size_t>(t)] = ct;
          cnt[static_cast<std::size_t>(s)] = cs;
        }
      }
    }
  }

  constexpr std::size_t run(const Bytes& b, const Masks& m) noexcept {
    for (std::size_t i = 0; i < 26; ++i) cnt[i] = b[i];
    go<0>(m.own, m.blot, kBar, m.ones);
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
    const std::uint32_t ones = (m.ones & ~(1u << kBar) & ~(1u << e)) |
                               (cnt[static_cast<std::size_t>(e)] == 1 ? 1u << e : 0u);
    if (k == 1) go<1>(own, blot, kBar - 1, ones);
    else if (k == 2) go<2>(own, blot, kBar - 1, ones);
    else go<3>(own, blot, kBar - 1, ones);
    return n;
  }
};

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
constexpr std::size_t count_double(const Bytes& cnt, std::uint32_t own, std::uint32_t movable, int d,
                                   int budget, int extra_at = -1, int extra = 0) noexcept {
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
    std::uint64_t h0 = 1, h1 = c >= 1 ? 1ull << 12 : 0, h2 = c >= 2 ? 1ull << 24 : 0,
                  h3 = c >= 3 ? 1ull << 36 : 0, h4 = c >= 4 ? 1ull << 48 : 0;  // by k of the point above
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

// A non-double with checkers on the bar (BG-5.2 to BG-5.4). No bear-off can happen in such a
// turn (the entered checker is far from home). kCount: count only.
template <bool kCount>
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
      if constexpr (!kCount) put2(out, kBar, eh, hit_h, kBar, el, hit_l && el != eh);
      return 1;
    }
    if (!ok_h && !ok_l) return 0;
    if constexpr (!kCount) ok_h ? put1(out, kBar, eh, hit_h) : put1(out, kBar, el, hit_l);
    return 1;
  }
  const std::uint32_t own = m.own & ~(1u << kBar);
  if (ok_h) {  // enter with the higher die, then the lower die by any checker
    const std::uint32_t blot = m.blot & ~(1u << eh);
    const std::uint32_t sl = (own | (1u << eh)) & above(l) & ~(m.blocked << l);
    if constexpr (kCount) {
      n += static_cast<std::size_t>(std::popcount(sl));
    } else {
      for (std::uint32_t bs = sl; bs != 0; bs &= bs - 1) {
        const int s = std::countr_zero(bs);
        put2(out + n++, kBar, eh, hit_h, s, s - l, ((blot >> (s - l)) & 1u) != 0);
      }
    }
  }
  if (ok_l) {  // enter with the lower die, then the higher die by any checker
    const std::uint32_t blot = m.blot & ~(1u << el);
    std::uint32_t sh = (own | (1u << el)) & above(h) & ~(m.blocked << h);
    // The entered checker playing both dice reaches 25 - h - l by either route: the same
    // position when neither entry point holds a blot (BG-3.9).
    if (ok_h && !hit_h && !hit_l) sh &= ~(1u << el);
    if constexpr (kCount) {
      n += static_cast<std::size_t>(std::popcount(sh));
    } else {
      for (std::uint32_t as = sh; as != 0; as &= as - 1) {
        const int s = std::countr_zero(as);
        put2(out + n++, kBar, el, hit_l, s, s - h, ((blot >> (s - h)) & 1u) != 0);
      }
    }
  }
  if (n != 0) return n;
  if (!ok_h && !ok_l) return 0;  // BG-5.4: the turn is lost
  // Only one die can be played: the higher if it enters (BG-3.7).
  if constexpr (!kCount) ok_h ? put1(out, kBar, eh, hit_h) : put1(out, kBar, el, hit_l);
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
template <bool kCount>
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
        if (order == 1 && ((sh0 >> b) & 1u) != 0 && ((second[static_cast<std::size_t>(b)] >> a) & 1u) != 0)
          continue;
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
        if constexpr (!kCount) put2(out + n, a, ta, ha, b, tb, hb);
        ++n;
      }
    }
  }
  if (two) return n;
  // Only one die can be played: the higher one if it can (BG-3.7), else the lower one.
  for (const int d : {h, l}) {
    const std::uint32_t ss = sources(m.own, m.blocked, d);
    if (ss == 0) continue;
    if constexpr (!kCount) {
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
struct Shape {
  Masks m;
  bool bar;            // a mover checker on the bar
  bool bear_nd;        // a non-double may bear off during the turn (<= 1 checker outside)
  bool bear_dbl;       // a double may bear off during the turn (<= 3 checkers outside)
  constexpr explicit Shape(const Bytes& b) noexcept
      : m(compute_masks(b)), bar(b[kBar] != 0), bear_nd(false), bear_dbl(false) {
    const int out = outside_capped(b, m.own, 4);
    bear_nd = out < 2;
    bear_dbl = out < 4;
  }
};

/// The plays of `dice` (kCount: only their number). `out` (unless kCount) has room for
/// kMaxPlays + kPlaySpare plays: the AVX-512 writers store past the last play.
template <bool kCount>
constexpr std::size_t plays(const Bytes& b, const Shape& sh, Dice dice, Play* out) noexcept {
  const Masks& m = sh.m;
  if (!dice.is_double()) {
    if (sh.bar) return non_double_bar<kCount>(b, m, dice.high(), dice.low(), out);
    if (sh.bear_nd) return non_double_bearoff<kCount>(m, dice.high(), dice.low(), out);
    const NonDouble nd(m, dice.high(), dice.low());
    if constexpr (kCount) return nd.count(m);
    else return nd.generate(m, out);
  }
  const int d = dice.d1;
  const std::uint32_t movable = above(d) & ~(m.blocked << d);
  if (sh.bar) {
    if (((m.blocked >> (kBar - d)) & 1u) != 0) return 0;  // BG-5.4/5.5
    if constexpr (kCount) {
      // min(k, 4) checkers enter on 25 - d first (BG-5.2), then the rest from anywhere.
      const int k = b[kBar];
      if (k >= 4) return 1;
      const int e = kBar - d;
      const std::uint32_t own = (m.own & ~(1u << kBar)) | (1u << e);
      const std::size_t rest = count_double(b, own, movable, d, 4 - k, e, k);
      return rest == 0 ? 1 : rest;
    }
    FastDoubles<kCount> g{out, 0, 0, d, movable};
    return g.run_from_bar(b, m);
  }
  if (sh.bear_dbl) {
    FastDoubles<kCount, true> g{out, 0, 0, d, movable};
    return g.run(b, m);
  }
  if constexpr (kCount) {
    return count_double(b, m.own, movable, d, 4);
  } else {
    FastDoubles<kCount> g{out, 0, 0, d, movable};
    return g.run(b, m);
  }
}

/// Writes the plays of `dice` to `out`; returns their number. `out` has room for kMaxPlays +
/// kPlaySpare plays (a PlayList's storage): the AVX-512 writers store past the last play.
constexpr std::size_t generate_fast(const Bytes& b, Dice dice, Play* out) noexcept {
  return plays<false>(b, Shape(b), dice, out);
}

/// The number of plays of `dice` (what generate_fast returns), counted without listing them.
constexpr std::size_t count_fast(const Bytes& b, Dice dice) noexcept {
  return plays<true>(b, Shape(b), dice, nullptr);
}

/// The sum over the 15 non-double rolls of max(1, number of plays), counted without listing.
constexpr std::uint64_t count_non_doubles(const Bytes& b, const Shape& sh) noexcept {
  std::uint64_t n = 0;
  if (!sh.bar && !sh.bear_nd) {
    // The common case (no bar, no bear-off by a non-double): NonDouble::count for the 15
    // non-doubles from masks shared by the rolls.
    const Masks& m = sh.m;
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
        const std::uint32_t r1 = t & open[hi];
        const std::uint32_t r2only = t & open[li] & ~(r1 & ~(m.blot << h) & ~(m.blot << l));
        const int two = nsrc[hi] * nsrc[li] - std::popcount(s_h & s_l & m.ones) - std::popcount(s_h & (s_l << h)) -
                        std::popcount(s_l & (s_h << l)) + std::popcount(r1) + std::popcount(r2only);
        const int k = two != 0 ? two : s_h != 0 ? nsrc[hi] : nsrc[li];
        n += static_cast<std::uint64_t>(k == 0 ? 1 : k);
      }
    }
    return n;
  }
  for (int h = 2; h <= 6; ++h)
    for (int l = 1; l < h; ++l) {
      // With a checker on the bar the non-doubles enter first (BG-5.2): no roll dispatch.
      const std::size_t k = sh.bar ? non_double_bar<true>(b, sh.m, h, l, nullptr)
                                   : plays<true>(b, sh, Dice(h, l), nullptr);
      n += k == 0 ? 1 : k;
    }
  return n;
}

/// The sum over the 6 doubles of max(1, number of plays), counted without listing. It depends
/// only on the mover's checkers and the points the opponent blocks (not on blots).
constexpr std::uint64_t count_doubles(const Bytes& b, const Shape& sh) noexcept {
  std::uint64_t n = 0;
  for (int d = 1; d <= 6; ++d) {
    const std::size_t k = sh.bar || sh.bear_dbl
                              ? plays<true>(b, sh, Dice(d, d), nullptr)
                              : count_double(b, sh.m.own, above(d) & ~(sh.m.blocked << d), d, 4);
    n += k == 0 ? 1 : k;
  }
  return n;
}

/// The sum over the 21 rolls of max(1, number of plays): perft at depth 1 (Leaves::Count).
constexpr std::uint64_t count_all_rolls(const Bytes& b) noexcept {
  const Shape sh(b);
  return count_non_doubles(b, sh) + count_doubles(b, sh);
}

/// True when some die of `dice` has a legal step.
constexpr bool any_fast(const Bytes& b, Dice dice) noexcept {
  const Masks m = compute_masks(b);
  if (b[kBar] != 0)  // an entry point open (BG-5.3)
    return ((m.blocked >> (kBar - dice.d1)) & (m.blocked >> (kBar - dice.d2)) & 1u) == 0;
  return (sources(m.own, m.blocked, dice.d1) | sources(m.own, m.blocked, dice.d2)) != 0;
}

}  // namespace boardrules::backgammon::detail
