#pragma once
// Test helpers shared by the generator tests: random positions (games from the start and random
// scatters) and the comparison of the library's generator with the reference.

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/core/random.hpp"
#include "reference.hpp"

namespace gen_test {

using namespace boardrules;
using namespace boardrules::backgammon;

// Kinds of random scatter.
enum class Scatter { Any, Bar, Closed, BearOff, Blocked, NearHome };

// A random legal position of V: each side's kCheckers spread over the bar, the points and off,
// never both sides on one point. `kind` biases it towards the hard cases.
template <class V = Standard>
BasicPosition<V> random_scatter(Rng& rng, Scatter kind) {
  constexpr int n = V::kCheckers;
  BasicPosition<V> p;
  auto mine_free = [&](int q) { return q >= 1 && q <= 24 && p.opponent_at_mover_point(q) == 0; };
  auto theirs_free = [&](int q) {  // q in the opponent's numbering
    return q >= 1 && q <= 24 && p.mover(25 - q) == 0;
  };
  int left_mine = n;
  int left_theirs = n;
  if (kind == Scatter::Closed) {
    // The opponent holds its whole home board (BG-4.2): mover points 19..24.
    for (int q = 1; q <= 6 && left_theirs >= 2; ++q) {
      p.set(Side::Opponent, q, 2);
      left_theirs -= 2;
    }
  }
  // The mover: bar, off, then a few random points (clumps make points, BG-4.1).
  int bar = 0;
  if (kind == Scatter::Bar) bar = 1 + static_cast<int>(rng.below(5));
  else if (kind == Scatter::Closed) bar = 1 + static_cast<int>(rng.below(3));
  else if (kind == Scatter::Any && rng.below(4) == 0) bar = 1;
  bar = std::min(bar, left_mine);
  p.set(Side::Mover, kBar, bar);
  left_mine -= bar;
  int off = 0;
  if (kind == Scatter::BearOff || kind == Scatter::NearHome)
    off = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
  else if (rng.below(5) == 0) off = static_cast<int>(rng.below(4));
  off = std::min(off, left_mine);
  p.set(Side::Mover, kOff, off);
  left_mine -= off;
  const int spread = 1 + static_cast<int>(rng.below(12));
  int guard = 0;
  while (left_mine > 0 && guard++ < 10000) {
    int q;
    if (kind == Scatter::BearOff) q = 1 + static_cast<int>(rng.below(6));
    // NearHome: 1 to 3 checkers outside (points 7..12), the rest home (mid-turn bear-off).
    else if (kind == Scatter::NearHome)
      q = left_mine <= 1 + static_cast<int>(rng.below(3)) ? 7 + static_cast<int>(rng.below(6))
                                                          : 1 + static_cast<int>(rng.below(6));
    else if (kind == Scatter::Blocked) q = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(spread)));
    else q = 1 + static_cast<int>(rng.below(24));
    if (!mine_free(q)) continue;
    if (p.mover(q) == 0 && rng.below(static_cast<std::uint32_t>(1 + spread)) > 3 && guard < 5000) continue;
    p.set(Side::Mover, q, p.mover(q) + 1);
    --left_mine;
  }
  p.set(Side::Mover, kOff, p.mover(kOff) + left_mine);  // nowhere left: off
  // The opponent: sometimes on the bar, then points; Blocked stacks it in pairs (primes).
  if (kind != Scatter::BearOff && rng.below(6) == 0 && left_theirs > 0) {
    p.set(Side::Opponent, kBar, 1);
    --left_theirs;
  }
  if (rng.below(5) == 0) {
    const int o = std::min(left_theirs, static_cast<int>(rng.below(5)));
    p.set(Side::Opponent, kOff, o);
    left_theirs -= o;
  }
  guard = 0;
  while (left_theirs > 0 && guard++ < 10000) {
    const int q = 1 + static_cast<int>(rng.below(24));
    if (!theirs_free(q)) continue;
    const int add = (kind == Scatter::Blocked || rng.below(2) == 0) ? std::min(2, left_theirs) : 1;
    p.set(Side::Opponent, q, p.opponent(q) + add);
    left_theirs -= add;
  }
  p.set(Side::Opponent, kOff, p.opponent(kOff) + left_theirs);
  return p;
}

// Finds a die of `dice_left` with which the reference moves from -> to; removes it.
inline bool take_die(const reference::Board& b, int from, int to, std::vector<int>& dice_left,
                     reference::Board& after) {
  for (std::size_t i = 0; i < dice_left.size(); ++i) {
    reference::Board a;
    if (!reference::try_move(b, from, dice_left[i], a)) continue;
    const int t = from == 25 ? 25 - dice_left[i] : std::max(0, from - dice_left[i]);
    if (t != to) continue;
    after = a;
    dice_left.erase(dice_left.begin() + static_cast<std::ptrdiff_t>(i));
    return true;
  }
  return false;
}

// Compares generate_plays with the reference on one (position, roll): the same SET of resulting
// positions, no duplicate, each Play a legal sequence of steps of the roll with correct hit bits,
// apply() equal to the step-by-step result, has_any_play == !list.empty(), and the count of
// perft_roll(.., 1, Leaves::Count) (the counting shortcut) equal to the reference's.
// Returns the number of plays.
template <class V>
std::size_t compare_with_reference(const BasicPosition<V>& p, Dice d) {
  static PlayList list;  // static: 30 KB
  generate_plays(p, d, list);
  const auto ref = reference::legal_results(p, d);
  std::set<reference::Board> got;
  bool steps_ok = true;
  for (const Play& play : list) {
    const auto after = apply(p, play);
    got.insert(reference::Board::from(after));
    std::vector<int> dice_left =
        d.is_double() ? std::vector<int>{d.d1(), d.d1(), d.d1(), d.d1()} : std::vector<int>{d.d1(), d.d2()};
    reference::Board b = reference::Board::from(p);
    for (int i = 0; i < play.size; ++i) {
      const int from = play.from[static_cast<std::size_t>(i)];
      const int to = play.to[static_cast<std::size_t>(i)];
      const bool hit = to >= 1 && to <= 24 && b.their_checkers_on_my_point(to) == 1;
      reference::Board a;
      if (!take_die(b, from, to, dice_left, a) || hit != (((play.hits >> i) & 1) != 0)) {
        steps_ok = false;
        break;
      }
      b = a;
    }
    if (steps_ok && !(b == reference::Board::from(after))) steps_ok = false;
  }
  const bool same = got == ref && got.size() == list.size();
  // perft_roll at depth 1 in Count mode counts the plays by formula (1 for a pass).
  const std::uint64_t counted = perft_roll(p, d, 1, Leaves::Count);
  const bool count_ok = game_over(p) ? counted == 0 : counted == (ref.empty() ? 1u : ref.size());
  if (!same || !steps_ok || !count_ok || has_any_play(p, d) != !list.empty()) {
    std::ostringstream s;
    s << "mover:";
    for (int i = 0; i <= 25; ++i) s << ' ' << p.mover(i);
    s << " | opponent:";
    for (int i = 0; i <= 25; ++i) s << ' ' << p.opponent(i);
    s << " | roll " << int{d.d1()} << '-' << int{d.d2()} << " | fast " << list.size() << " distinct " << got.size()
      << " reference " << ref.size();
    INFO(s.str());
    CHECK(got == ref);
    CHECK(got.size() == list.size());
    CHECK(steps_ok);
    CHECK(count_ok);
    CHECK(has_any_play(p, d) == !list.empty());
  }
  return list.size();
}

}  // namespace gen_test
