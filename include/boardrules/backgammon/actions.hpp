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

#include <array>
#include <cstdint>

#include "boardrules/backgammon/dice.hpp"
#include "boardrules/backgammon/play.hpp"
#include "boardrules/backgammon/position.hpp"

namespace boardrules::backgammon {

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
inline constexpr std::array<std::array<int, 5>, 29> kBinomial = [] {
  std::array<std::array<int, 5>, 29> c{};
  for (std::size_t n = 0; n < 29; ++n) {
    c[n][0] = 1;
    for (std::size_t k = 1; k < 5 && k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k < n ? c[n - 1][k] : 0);
  }
  return c;
}();
inline constexpr std::array<int, 5> kDoubleSizeOffset = {0, 0, 25, 25 + 325, 25 + 325 + 2925};
}  // namespace detail

/// The rank (0 .. 23749) of a multiset of k = 1..4 sources, sorted ascending in s[0..k-1]:
/// offset of size k, plus sum over i of C(s[i] + i, i + 1) (the colexicographic rank of the
/// strictly increasing s[i] + i).
[[nodiscard]] constexpr int double_play_rank(const std::array<int, 4>& s, int k) noexcept {
  int r = detail::kDoubleSizeOffset[static_cast<std::size_t>(k)];
  for (int i = 0; i < k; ++i)
    r += detail::kBinomial[static_cast<std::size_t>(s[static_cast<std::size_t>(i)] + i)][static_cast<std::size_t>(i + 1)];
  return r;
}

/// The inverse of double_play_rank: the sources (ascending) and their number. Precondition:
/// 0 <= rank < kNumDoublePlayActions.
[[nodiscard]] constexpr int double_play_unrank(int rank, std::array<int, 4>& s) noexcept {
  int k = 4;
  while (rank < detail::kDoubleSizeOffset[static_cast<std::size_t>(k)]) --k;
  rank -= detail::kDoubleSizeOffset[static_cast<std::size_t>(k)];
  for (int i = k - 1; i >= 0; --i) {
    int v = i;  // the largest v with C(v, i + 1) <= rank
    while (v + 1 < 29 && detail::kBinomial[static_cast<std::size_t>(v + 1)][static_cast<std::size_t>(i + 1)] <= rank) ++v;
    rank -= detail::kBinomial[static_cast<std::size_t>(v)][static_cast<std::size_t>(i + 1)];
    s[static_cast<std::size_t>(i)] = v - i;
  }
  return k;
}

/// The action number of a play of `dice` in `pos` (the position before the play, seen from the
/// mover), or -1 for the empty play (no legal play: the turn passes by itself). Allocation-free.
/// Precondition: `play` is a legal play of `dice` in `pos` (any order or route of its steps).
template <class V>
[[nodiscard]] constexpr int encode_play(const BasicPosition<V>& pos, Dice dice, const Play& play) noexcept {
  if (play.size == 0) return -1;
  if (dice.is_double()) {
    // Sort the sources with a 4-input network; unused slots hold 31 and sort last.
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
    return kFirstDoublePlayAction + double_play_rank(s, play.size);
  }
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
  int fa = d0 == hi ? x0 : x1;  // point played with the high die
  int fb = d0 == hi ? x1 : x0;  // point played with the low die
  const bool low_step_hit = ((play.hits >> (d0 == hi ? 1 : 0)) & 1u) != 0;
  // One checker (or a checker landing on its partner's point) via the low die first: the route via
  // the high die gives the same result when neither intermediate point holds a blot.
  if (fa == fb - lo && !low_step_hit) {
    const int via = fb - hi;
    if (via >= 1 && pos.opponent_at_mover_point(via) == 0) {
      fa = fb;
      fb = via;
    }
  }
  return 26 * source_of(fa) + source_of(fb);
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

}  // namespace boardrules::backgammon
