#pragma once
/// \file
/// Integer actions for backgammon: a stable, dense numbering of every decision (each distinct
/// play of a roll, the cube actions, the resignations) and of every chance outcome, for learning
/// code that stores actions as integers. State (state.hpp) uses it; the numbers never change.
///
/// Decision actions, 0 .. kNumDistinctActions - 1 (the meaning of a play depends on the dice
/// thrown, which the state holds, as in OpenSpiel):
///   [0, 676)          a play of a non-double roll h-l (h > l): 26 * H + L, where H is the
///                     source of the checker step played with the high die and L the one played
///                     with the low die; a source is 0..23 for points 1..24 of the mover's
///                     numbering (BG-1.3), 24 for the bar, 25 for "die not played".
///   [676, 24426)      a play of a double d-d: the multiset of the sources (0..24 as above) of
///                     its 1..4 steps, ranked by size then colexicographically (see
///                     double_play_rank): 25 of size 1, 325 of size 2, 2925 of size 3,
///                     20475 of size 4.
///   24426 ..          no double (roll), double, take, drop, beaver, resign single, resign
///   24435             gammon, resign backgammon, accept, reject.
/// Chance outcomes, 0 .. kMaxChanceOutcomes - 1:
///   [0, 21)           a throw: index in kAllRolls (1-1, 2-1, 2-2, 3-1, ..., 6-6)
///   [21, 57)          the opening throw: 21 + 6 * (die of player 0 - 1) + (die of player 1 - 1)
///
/// One play, one number: the number is a function of the resulting position (BG-3.9), whatever
/// order or route the Play's steps take. The multiset of a double's step sources is fixed by the
/// result (solve the mover's checker changes from the bar down). For a non-double, two routes of
/// one checker (via the high or the low die) give the same result when neither intermediate
/// point holds an opposing checker: the number is then the high-die-first route's. Two checkers
/// both borne off take the high die for the higher point; a single checker borne off with one die
/// counts as played with the high die.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include "boardrules/backgammon/detail/encode_avx512.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/binomial.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// Plays of non-double rolls: 26 x 26 (high-die source, low-die source).
inline constexpr int kNumNonDoublePlayActions = 26 * 26;
/// Plays of doubles: multisets of 1..4 sources out of 25.
inline constexpr int kNumDoublePlayActions = 25 + 325 + 2925 + 20475;
/// First action of a double's play.
inline constexpr int kFirstDoublePlayAction = kNumNonDoublePlayActions;
/// Actions that are plays.
inline constexpr int kNumPlayActions = kNumNonDoublePlayActions + kNumDoublePlayActions;
/// The cube and resignation actions, in ActionKind order after the plays.
inline constexpr int kActionNoDouble = kNumPlayActions;
inline constexpr int kActionDouble = kNumPlayActions + 1;
inline constexpr int kActionTake = kNumPlayActions + 2;
inline constexpr int kActionDrop = kNumPlayActions + 3;
inline constexpr int kActionBeaver = kNumPlayActions + 4;
inline constexpr int kActionResignSingle = kNumPlayActions + 5;
inline constexpr int kActionResignGammon = kNumPlayActions + 6;
inline constexpr int kActionResignBackgammon = kNumPlayActions + 7;
inline constexpr int kActionAccept = kNumPlayActions + 8;
inline constexpr int kActionReject = kNumPlayActions + 9;
/// Decision actions in all (OpenSpiel's NumDistinctActions).
inline constexpr int kNumDistinctActions = kNumPlayActions + 10;
/// Chance outcome numbers: 21 throws, then 36 ordered opening throws.
inline constexpr int kFirstOpeningChance = 21;
inline constexpr int kMaxChanceOutcomes = 21 + 36;
/// The "die not played" source.
inline constexpr int kNoSource = 25;

/// The source number of a point (1..24, 25 = bar): 0..24.
[[nodiscard]] constexpr int source_of(int point) noexcept { return point - 1; }
/// The point of a source number 0..24.
[[nodiscard]] constexpr int point_of(int source) noexcept { return source + 1; }

namespace detail {
inline constexpr auto kBinomial = pascal_triangle<int, 29, 5>();  // C(n, k), n < 29, k < 5
inline constexpr std::array<int, 5> kDoubleSizeOffset = {0, 0, 25, 25 + 325, 25 + 325 + 2925};
/// kBinomial transposed, padded to 32 columns with a value above every rank: row k holds C(n, k)
/// for n = 0..28, so that "the largest n with C(n, k) <= r" is a count over one row.
inline constexpr std::array<std::array<int, 32>, 5> kBinomialByK = [] {
  std::array<std::array<int, 32>, 5> t{};
  for (std::size_t k = 0; k < 5; ++k)
    for (std::size_t n = 0; n < 32; ++n) t[k][n] = n < 29 ? kBinomial[n][k] : 1 << 30;
  return t;
}();
}  // namespace detail

/// The rank (0 .. 23749) of a multiset of k = 1..4 sources, sorted ascending in s[0..k-1]:
/// offset of size k, plus sum over i of C(s[i] + i, i + 1) (the colexicographic rank of the
/// strictly increasing s[i] + i).
[[nodiscard]] constexpr int double_play_rank(const std::array<int, 4>& s, int k) noexcept {
  int r = detail::kDoubleSizeOffset[static_cast<std::size_t>(k)];
  for (int i = 0; i < k; ++i)
    r += detail::kBinomial[static_cast<std::size_t>(s[static_cast<std::size_t>(i)] + i)]
                          [static_cast<std::size_t>(i + 1)];
  return r;
}

/// The inverse of double_play_rank: the sources (ascending) and their number. Precondition:
/// 0 <= rank < kNumDoublePlayActions.
[[nodiscard]] constexpr int double_play_unrank(int rank, std::array<int, 4>& s) noexcept {
  int k = 4;
  while (rank < detail::kDoubleSizeOffset[static_cast<std::size_t>(k)]) --k;
  rank -= detail::kDoubleSizeOffset[static_cast<std::size_t>(k)];
  for (int i = k - 1; i >= 0; --i) {
    // the largest v with C(v, i + 1) <= rank: C(., i + 1) is non-decreasing, and C(v, i + 1) = 0
    // <= rank for v <= i, so v is the count of such entries minus one (at least i)
    const auto& row = detail::kBinomialByK[static_cast<std::size_t>(i + 1)];
    int v = -1;
    for (std::size_t n = 0; n < 32; ++n) v += row[n] <= rank ? 1 : 0;
    rank -= row[static_cast<std::size_t>(v)];
    s[static_cast<std::size_t>(i)] = v - i;
  }
  return k;
}

namespace detail {
/// The largest v with row[v] <= rank, for a non-decreasing row with row[0] <= rank.
[[nodiscard]] constexpr int last_at_most(const std::array<int, 32>& row, int rank) noexcept {
  int v = -1;
  for (std::size_t n = 0; n < 32; ++n) v += row[n] <= rank ? 1 : 0;
  return v;
}
/// double_play_unrank of a rank of four sources (true), or false for a rank of fewer: the same
/// search with the loop unrolled, and C(v, 1) = v read directly for the smallest source.
[[nodiscard]] constexpr bool unrank_four(int rank, std::array<int, 4>& s) noexcept {
  if (rank < kDoubleSizeOffset[4] || rank >= kNumDoublePlayActions) return false;
  rank -= kDoubleSizeOffset[4];
  const int v3 = last_at_most(kBinomialByK[4], rank);
  rank -= kBinomialByK[4][static_cast<std::size_t>(v3)];
  const int v2 = last_at_most(kBinomialByK[3], rank);
  rank -= kBinomialByK[3][static_cast<std::size_t>(v2)];
  const int v1 = last_at_most(kBinomialByK[2], rank);
  rank -= kBinomialByK[2][static_cast<std::size_t>(v1)];
  s = {rank, v1 - 1, v2 - 2, v3 - 3};
  return true;
}
}  // namespace detail

namespace detail {
/// kRankTerm[i][s] = C(s + i, i + 1), the term of double_play_rank for the i-th smallest source s
/// (0..24), and 0 for s = 25..31 (an unused slot).
inline constexpr std::array<std::array<int, 32>, 4> kRankTerm = [] {
  std::array<std::array<int, 32>, 4> t{};
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t v = 0; v < 25; ++v) t[i][v] = kBinomial[v + i][i + 1];
  return t;
}();

/// encode_play of a non-empty play of a double: the rank of its sources' multiset.
[[nodiscard]] constexpr int encode_double_play(const Play& play) noexcept {
  // Sort the sources with a 4-input network; unused slots hold 31 and sort last (their term is 0).
  std::array<int, 4> s{};
  for (std::size_t i = 0; i < 4; ++i) s[i] = i < play.size ? source_of(play.from[i]) : 31;
  auto cx = [&s](std::size_t i, std::size_t j) {
    const int a = s[i] < s[j] ? s[i] : s[j];
    const int b = s[i] < s[j] ? s[j] : s[i];
    s[i] = a;
    s[j] = b;
  };
  cx(0, 1);
  cx(2, 3);
  cx(0, 2);
  cx(1, 3);
  cx(1, 2);
  return kFirstDoublePlayAction + kDoubleSizeOffset[play.size] + kRankTerm[0][static_cast<std::size_t>(s[0])] +
         kRankTerm[1][static_cast<std::size_t>(s[1])] + kRankTerm[2][static_cast<std::size_t>(s[2])] +
         kRankTerm[3][static_cast<std::size_t>(s[3])];
}

/// The number of a non-double's play whose high-die step starts on `fa` and low-die step on
/// `fb` (both played), the low-die step hitting when `low_step_hit`: one checker's low-die-first
/// route is numbered as its high-die-first route when that route reaches the same position.
template <class V>
[[nodiscard]] constexpr bool renumbered_high_first(const BasicPosition<V>& pos, int hi, int lo, int fa, int fb,
                                                   bool low_step_hit) noexcept {
  // One checker (or a checker landing on its partner's point) via the low die first: the route via
  // the high die gives the same result when neither intermediate point holds a blot (BG-3.9).
  const int via = fb - hi;
  return fa == fb - lo && !low_step_hit && via >= 1 && pos.bytes()[static_cast<std::size_t>(57 - via)] == 0;
}

/// The number of a non-double's play whose high die moves from `fa` and low die from `fb`.
template <class V>
[[nodiscard]] constexpr int non_double_pair(const BasicPosition<V>& pos, int hi, int lo, int fa, int fb,
                                            bool low_step_hit) noexcept {
  if (renumbered_high_first(pos, hi, lo, fa, fb, low_step_hit)) return 26 * source_of(fb) + source_of(fb - hi);
  return 26 * source_of(fa) + source_of(fb);
}
}  // namespace detail

/// The action number of a play of `dice` in `pos` (the position before the play, seen from the
/// mover), or -1 for the empty play (no legal play: the turn passes by itself). Allocation-free.
/// Precondition: `play` is a legal play of `dice` in `pos` (any order or route of its steps).
template <class V>
[[nodiscard]] constexpr int encode_play(const BasicPosition<V>& pos, Dice dice, const Play& play) noexcept {
  if (play.size == 0) return -1;
  if (dice.is_double()) return detail::encode_double_play(play);
  const int hi = dice.high();
  const int lo = dice.low();
  const int x0 = play.from[0];
  const int t0 = play.to[0];
  if (play.size == 1) {
    // Borne off: the high die bears off from any point the low die does.
    const bool high = t0 == kOff || x0 - t0 == hi;
    return high ? 26 * source_of(x0) + kNoSource : 26 * kNoSource + source_of(x0);
  }
  const int x1 = play.from[1];
  const int t1 = play.to[1];
  int d0 = t0 == kOff ? 0 : x0 - t0;
  int d1 = t1 == kOff ? 0 : x1 - t1;
  if (d0 == 0 && d1 == 0) {  // both borne off: the high die for the higher point
    d0 = x0 >= x1 ? hi : lo;
  } else if (d0 == 0) {
    d0 = d1 == hi ? lo : hi;
  }
  const bool high_first = d0 == hi;
  return detail::non_double_pair(pos, hi, lo, high_first ? x0 : x1, high_first ? x1 : x0,
                                 ((play.hits >> (high_first ? 1 : 0)) & 1u) != 0);
}

namespace detail {
/// For a double's play of four steps whose sources (points) do not increase, a >= b >= c >= e,
/// the terms of double_play_rank in two tables indexed by a pair of points (32 * first + second):
/// kHighPair[32a + b] = C(a + 2, 4) + C(b + 1, 3) and kLowPair[32c + e] = C(c, 2) + C(e - 1, 1);
/// kPairNotSorted (above every sum of two terms) where the pair increases or a point is not 1..25.
inline constexpr std::uint16_t kPairNotSorted = 0x8000;
inline constexpr std::array<std::array<std::uint16_t, 1024>, 2> kPairTerms = [] {
  std::array<std::array<std::uint16_t, 1024>, 2> t{};
  for (std::size_t i = 0; i < 1024; ++i) {
    const std::size_t x = i >> 5;
    const std::size_t y = i & 31u;
    const bool sorted = y >= 1 && y <= x && x <= 25;
    t[0][i] = sorted ? static_cast<std::uint16_t>(kRankTerm[3][x - 1] + kRankTerm[2][y - 1]) : kPairNotSorted;
    t[1][i] = sorted ? static_cast<std::uint16_t>(kRankTerm[1][x - 1] + kRankTerm[0][y - 1]) : kPairNotSorted;
  }
  return t;
}();
#ifdef BOARDRULES_BG_ENCODE_AVX512
inline constexpr encode_avx512::Terms kTermsByPoint = encode_avx512::make_terms(kRankTerm);
#endif
}  // namespace detail

/// encode_play of each of `plays` (legal plays of `dice` in `pos`, none empty, e.g. from
/// generate_plays) into out[0 .. plays.size() - 1], with the roll's kind decided once. The common
/// plays take a short path: a double's four steps with sources in non-increasing order (the
/// generator's order) read their rank from two tables of pairs; a non-double's two steps on the
/// board (no bear-off) are numbered without branches. Any other play goes through encode_play.
template <class V>
constexpr void encode_plays(const BasicPosition<V>& pos, Dice dice, std::span<const Play> plays, int* out) noexcept {
#ifdef BOARDRULES_BG_ENCODE_AVX512
  if (!std::is_constant_evaluated()) {
    // The same short paths sixteen plays at a time; the lanes off them through encode_play.
    const std::uint32_t open = detail::encode_avx512::open_points(pos.bytes().data());
    for (std::size_t i = 0; i < plays.size(); i += 16) {
      const std::size_t n = plays.size() - i < 16 ? plays.size() - i : 16;
      unsigned left =
          dice.is_double()
              ? detail::encode_avx512::double_block(plays.data() + i, n, detail::kTermsByPoint,
                                                    kFirstDoublePlayAction + detail::kDoubleSizeOffset[4], out + i)
              : detail::encode_avx512::non_double_block(plays.data() + i, n, dice.high(), dice.low(), open, out + i);
      for (; left != 0; left &= left - 1) {
        const auto j = i + static_cast<std::size_t>(std::countr_zero(left));
        out[j] = encode_play(pos, dice, plays[j]);
      }
    }
    return;
  }
#endif
  if (dice.is_double()) {
    for (const Play& p : plays) {
      const unsigned a = p.from[0];
      const unsigned b = p.from[1];
      const unsigned c = p.from[2];
      const unsigned e = p.from[3];
      const unsigned r =
          unsigned{detail::kPairTerms[0][(a << 5 | b) & 1023u]} + unsigned{detail::kPairTerms[1][(c << 5 | e) & 1023u]};
      const bool fast = p.size == 4 && b >= c && r < detail::kPairNotSorted;
      *out++ = fast ? kFirstDoublePlayAction + detail::kDoubleSizeOffset[4] + static_cast<int>(r)
                    : detail::encode_double_play(p);
    }
    return;
  }
  const int hi = dice.high();
  const int lo = dice.low();
  for (const Play& p : plays) {
    const int x0 = p.from[0];
    const int x1 = p.from[1];
    const int t0 = p.to[0];
    const int t1 = p.to[1];
    if (p.size == 2 && t0 != kOff && t1 != kOff) {
      // Two steps on the board (no bear-off), as non_double_pair: the first step's length says
      // which die it played. The route taken is random, so this is written with masks: a condition
      // may become a branch, mispredicted half the time.
      const int first_high = -static_cast<int>(x0 - t0 == hi);  // all ones or zero
      const int fa = x1 ^ ((x0 ^ x1) & first_high);             // played with the high die
      const int fb = x0 ^ x1 ^ fa;                              // played with the low die
      const bool low_step_hit = ((p.hits >> (first_high & 1)) & 1u) != 0;
      const bool reroute = detail::renumbered_high_first(pos, hi, lo, fa, fb, low_step_hit);
      *out++ = reroute ? 27 * fb - 27 - hi : 26 * fa + fb - 27;
    } else {
      *out++ = encode_play(pos, dice, p);
    }
  }
}

namespace detail {
/// Plays `x0` by die `e0`, then `x1` by die `e1`, on a copy of `pos`, each step checked by
/// check_step; true (and the Play in `out`) when both are legal.
template <class V>
constexpr bool two_steps(const BasicPosition<V>& pos, int x0, int e0, int x1, int e1, Play& out) noexcept {
  BasicPosition<V> q = pos;
  Play p{};
  if (check_step(q, x0, e0) != StepError::None) return false;
  const int t0 = step_target(x0, e0);
  p.add(x0, t0, apply_step(q, x0, t0));
  if (x1 < 1 || check_step(q, x1, e1) != StepError::None) return false;
  const int t1 = step_target(x1, e1);
  p.add(x1, t1, apply_step(q, x1, t1));
  out = p;
  return true;
}

/// The play of steps (from[i], to[i]), i < n, with the hit bits `hits`, built in two integers and
/// stored at once: a play assembled byte by byte and then read as a whole (apply_flipped reads
/// its eight step bytes in one load) would wait for the bytes to reach the cache first.
[[nodiscard]] constexpr Play packed_play(std::uint64_t steps, unsigned n, unsigned hits) noexcept {
  Play p{};
  if (std::is_constant_evaluated()) {
    for (unsigned i = 0; i < n; ++i)
      p.add(static_cast<int>((steps >> (8 * i)) & 0xFFu), static_cast<int>((steps >> (32 + 8 * i)) & 0xFFu),
            ((hits >> i) & 1u) != 0);
    return p;
  }
  std::memcpy(static_cast<void*>(&p), &steps, 8);
  const auto tail = static_cast<std::uint16_t>(n | hits << 8);
  std::memcpy(&p.size, &tail, 2);
  return p;
}
/// The steps word of packed_play: step i from `from` to `to`.
[[nodiscard]] constexpr std::uint64_t packed_step(unsigned i, int from, int to) noexcept {
  return static_cast<std::uint64_t>(from) << (8 * i) | static_cast<std::uint64_t>(to) << (32 + 8 * i);
}

/// two_steps of a non-double's high die from `fa` and low die from `fb` (1..25), high die first
/// when that order is legal, else low die first, in the common case only: both steps landing on
/// the board (no bear-off) on points not held by the opponent. Reads the position without copying
/// it. False when the case is not the common one (the caller then goes through two_steps), when
/// neither order is legal, or when (fa, fb) is not the number encode_play gives the play (one
/// checker's low-die-first route that it numbers as the high-die-first one).
template <class V>
constexpr bool two_board_steps(const BasicPosition<V>& pos, int fa, int hi, int fb, int lo, Play& out) noexcept {
  const auto& b = pos.bytes();
  const int ta = fa - hi;
  const int tb = fb - lo;
  if (ta < 1 || tb < 1) return false;                   // a bear-off: left to two_steps
  const int oa = b[static_cast<std::size_t>(57 - ta)];  // the opponent's checkers on ta, tb
  const int ob = b[static_cast<std::size_t>(57 - tb)];
  if (oa >= 2 || ob >= 2) return false;  // blocked (BG-3.4): left to two_steps
  const int ma = b[static_cast<std::size_t>(fa)];
  const int mb = b[static_cast<std::size_t>(fb)];
  // A second step can leave a point only once a checker is there: the first step may have brought
  // it (to == from) or taken the only one away (from == from). A hit removes the blot, so a second
  // step to the same point does not hit again (BG-5.1).
  const unsigned hit_a = oa == 1 ? 1u : 0u;
  const unsigned hit_b = ob == 1 ? 1u : 0u;
  // Checkers on the bar enter first (BG-5.2): a step from a point needs the bar empty by then.
  const int bar = b[kBar];
  const int bar_a = bar - (fa == kBar ? 1 : 0);  // left on the bar after the high die's step
  const int bar_b = bar - (fb == kBar ? 1 : 0);
  const bool high_first = ma >= 1 && mb - (fb == fa ? 1 : 0) + (fb == ta ? 1 : 0) >= 1 && (fa == kBar || bar == 0) &&
                          (fb == kBar || bar_a == 0);
  if (!high_first && !(mb >= 1 && ma - (fa == fb ? 1 : 0) + (fa == tb ? 1 : 0) >= 1 && (fb == kBar || bar == 0) &&
                       (fa == kBar || bar_b == 0)))
    return false;
  // The low die's step hits unless the high die's step, first to the same point, took the blot.
  const unsigned low_hit = high_first && tb == ta ? 0u : hit_b;
  // encode_play's renumbering (non_double_pair): the other route of one checker when it reaches
  // the same position. That number, not this one, is the play's.
  if (renumbered_high_first(pos, hi, lo, fa, fb, low_hit != 0)) return false;
  out = high_first
            ? packed_play(packed_step(0, fa, ta) | packed_step(1, fb, tb), 2, hit_a | low_hit << 1)
            : packed_play(packed_step(0, fb, tb) | packed_step(1, fa, ta), 2, hit_b | (ta != tb ? hit_a : 0u) << 1);
  return true;
}
}  // namespace detail

/// The play numbered `id` when it is a legal play of `dice` in `pos` (seen from the mover) that
/// uses every die of the roll, two steps for a non-double and four for a double: then true, and
/// `out` holds its steps in an order in which each one is legal. Every such play is legal
/// whatever else the position allows (the maximum-dice rule BG-3.6 is met, and the higher-die rule
/// BG-3.7 concerns only plays of one die). False for every other number: a number of the other
/// kind of roll, of a play that is not legal, or of a play of fewer dice (whether one of those is
/// legal depends on the longest play the roll allows: only the generator decides it, so callers
/// fall back to generate_plays and encode_play). No generation, allocation-free: the steps are
/// decoded from the number, checked one by one (check_step), and encode_play of the result must
/// give `id` back (a number that is not the canonical one of its play is no play).
template <class V>
[[nodiscard]] constexpr bool decode_full_play(const BasicPosition<V>& pos, Dice dice, int id, Play& out) noexcept {
  if (dice.is_double()) {
    if (id < kFirstDoublePlayAction || id >= kNumPlayActions) return false;
    std::array<int, 4> s{};
    if (!detail::unrank_four(id - kFirstDoublePlayAction, s)) return false;
    // Highest source first: a checker reaches a point before any step leaves it, and checkers
    // come home (BG-6.1) and leave the higher points (BG-6.4) before lower ones bear off, so this
    // order is legal whenever some order of the steps is.
    const int d = dice.d1();
    BasicPosition<V> q = pos;
    std::uint64_t steps = 0;
    unsigned hits = 0;
    for (unsigned i = 0; i < 4; ++i) {
      const int x = point_of(s[static_cast<std::size_t>(3 - i)]);
      if (check_step(q, x, d) != StepError::None) return false;
      const int t = step_target(x, d);
      steps |= detail::packed_step(i, x, t);
      hits |= (apply_step(q, x, t) ? 1u : 0u) << i;
    }
    out = detail::packed_play(steps, 4, hits);
    return true;
  }
  if (id < 0 || id >= kNumNonDoublePlayActions) return false;
  const int src_high = id / 26;
  const int src_low = id % 26;
  if (src_high == kNoSource || src_low == kNoSource) return false;
  const int hi = dice.high();
  const int lo = dice.low();
  const int fa = point_of(src_high);  // played with the high die
  const int fb = point_of(src_low);   // played with the low die
  // The common case without copying the position (the same play as below when it is legal),
  // written straight into `out` (a copy through another Play would read it back in pieces).
  if (detail::two_board_steps(pos, fa, hi, fb, lo, out)) return true;
  Play p{};
  // The high die's step first, or the low die's; and when the number is one checker's high-die-
  // first route (fb = fa - hi), also its low-die-first route, which reaches the same position
  // when the first is not legal (bearing off, BG-6.4).
  const bool found = detail::two_steps(pos, fa, hi, fb, lo, p) || detail::two_steps(pos, fb, lo, fa, hi, p) ||
                     (fb == fa - hi && detail::two_steps(pos, fa, lo, step_target(fa, lo), hi, p));
  if (!found || encode_play(pos, dice, p) != id) return false;
  out = p;
  return true;
}

/// The chance outcome number of a throw (0..20).
[[nodiscard]] constexpr int roll_chance_id(Dice d) noexcept {
  const int h = d.high();
  const int l = d.low();
  return (h - 1) * h / 2 + (l - 1);
}
/// The throw of a chance outcome number 0..20.
[[nodiscard]] constexpr Dice roll_of_chance_id(int id) noexcept { return kAllRolls[static_cast<std::size_t>(id)]; }
/// The chance outcome number of an opening throw (21..56).
[[nodiscard]] constexpr int opening_chance_id(int die0, int die1) noexcept {
  return kFirstOpeningChance + 6 * (die0 - 1) + (die1 - 1);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
