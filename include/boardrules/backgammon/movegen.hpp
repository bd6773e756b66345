#pragma once
/// \file
/// The legal-play generator of backgammon (BG-3 to BG-6): generate_plays, has_any_play, apply.

#include <array>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/dice.hpp"
#include "boardrules/backgammon/play.hpp"
#include "boardrules/backgammon/position.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon {

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
/// The largest count found by search (hill climbing over 1-1 positions) is tested in
/// tests/backgammon/test_perft.cpp.
inline constexpr std::size_t kMaxPlays = 3060;

/// The plays of one roll: one Play per distinct resulting position.
using PlayList = FixedList<Play, kMaxPlays>;

namespace detail {

/// Plain board helpers on the 64-byte layout of BasicPosition (see position.hpp).
struct PlainBoard {
  std::array<std::uint8_t, 64> b{};

  // Opponent checkers on the mover's point t (1..24).
  [[nodiscard]] constexpr int opp_at(int t) const noexcept {
    return b[static_cast<std::size_t>(32 + 25 - t)];
  }
  [[nodiscard]] constexpr int at(int p) const noexcept { return b[static_cast<std::size_t>(p)]; }
  // True when no mover checker stands on a point above `p` (bar included).
  [[nodiscard]] constexpr bool none_above(int p) const noexcept {
    for (int q = p + 1; q <= 25; ++q)
      if (b[static_cast<std::size_t>(q)] != 0) return false;
    return true;
  }
  // Legal single step from `s` by die `d` (BG-3.3/3.4, BG-5.2/5.3, BG-6.1..6.4). Writes the
  // landing point (0 = off) into `to`.
  [[nodiscard]] constexpr bool can_step(int s, int d, int& to) const noexcept {
    if (at(s) == 0) return false;
    if (s != kBar && at(kBar) != 0) return false;  // BG-5.2
    const int t = s - d;
    if (t >= 1) {
      if (opp_at(t) >= 2) return false;  // BG-3.4
      to = t;
      return true;
    }
    if (!none_above(6)) return false;          // BG-6.1
    if (t < 0 && !none_above(s)) return false;  // BG-6.4
    to = 0;
    return true;
  }
  // Plays the step; returns true when it hits (BG-5.1).
  constexpr bool step(int s, int t) noexcept {
    --b[static_cast<std::size_t>(s)];
    ++b[static_cast<std::size_t>(t)];
    if (t >= 1 && t <= 24 && opp_at(t) == 1) {
      b[static_cast<std::size_t>(32 + 25 - t)] = 0;
      ++b[32 + 25];
      return true;
    }
    return false;
  }
  [[nodiscard]] constexpr std::uint64_t hash() const noexcept {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < 64; ++i) h = (h ^ b[i]) * 0x100000001b3ULL;
    return h ^ (h >> 29);
  }
};

// Doubles: steps in non-increasing order of source point. Every multiset of sources that can be
// played in some order can be played in that order, and distinct multisets give distinct
// positions, so no deduplication is needed (BG-3.9).
struct DoublesGen {
  PlayList* out;
  int d;
  int best;

  constexpr void rec(const PlainBoard& pos, Play play, int max_src) noexcept {
    bool any = false;
    if (play.size < 4) {
      for (int s = max_src; s >= 1; --s) {
        int t = 0;
        if (!pos.can_step(s, d, t)) continue;
        any = true;
        PlainBoard next = pos;
        const bool hit = next.step(s, t);
        Play p2 = play;
        p2.add(s, t, hit);
        rec(next, p2, s);
      }
    }
    if (any) return;
    const int k = play.size;
    if (k < best) return;
    if (k > best) {
      out->clear();
      best = k;
    }
    if (k > 0) out->push_back(play);
  }
};

}  // namespace detail

/// Fills `list` with the legal plays of `dice` in `pos` (cleared first): one Play per distinct
/// resulting position (BG-3.9), under BG-3 to BG-6 (maximum dice BG-3.6, higher die BG-3.7, bar
/// entry BG-5, bear-off BG-6). An empty list means no legal play: the turn passes.
/// The order of the list is unspecified.
template <class V>
constexpr void generate_plays(const BasicPosition<V>& pos, Dice dice, PlayList& list) noexcept {
  list.clear();
  detail::PlainBoard b{pos.bytes()};
  if (dice.is_double()) {
    detail::DoublesGen g{&list, dice.d1, 0};
    g.rec(b, Play{}, kBar);
    return;
  }
  const int hi = dice.high();
  const int lo = dice.low();
  // A non-double play is fixed by its two (source, die) steps: at most 2 x 25 x 25 orders.
  std::array<std::uint64_t, 2 * 25 * 25> keys;  // NOLINT: written before read
  std::size_t n = 0;
  const int orders[2][2] = {{hi, lo}, {lo, hi}};
  for (const auto& ord : orders) {
    for (int s1 = kBar; s1 >= 1; --s1) {
      int t1 = 0;
      if (!b.can_step(s1, ord[0], t1)) continue;
      detail::PlainBoard b1 = b;
      const bool h1 = b1.step(s1, t1);
      for (int s2 = kBar; s2 >= 1; --s2) {
        int t2 = 0;
        if (!b1.can_step(s2, ord[1], t2)) continue;
        detail::PlainBoard b2 = b1;
        const bool h2 = b2.step(s2, t2);
        const std::uint64_t key = b2.hash();
        bool dup = false;
        for (std::size_t i = 0; i < n && !dup; ++i) {
          if (keys[i] != key) continue;
          detail::PlainBoard c = b;
          for (int j = 0; j < list[i].size; ++j) (void)c.step(list[i].from[static_cast<std::size_t>(j)], list[i].to[static_cast<std::size_t>(j)]);
          dup = c.b == b2.b;
        }
        if (dup) continue;
        Play p;
        p.add(s1, t1, h1);
        p.add(s2, t2, h2);
        keys[n++] = key;
        list.push_back(p);
      }
    }
  }
  if (!list.empty()) return;
  // Only one die can be played: the higher one if it can (BG-3.7), else the lower one.
  for (int die : {hi, lo}) {
    for (int s = kBar; s >= 1; --s) {
      int t = 0;
      if (!b.can_step(s, die, t)) continue;
      detail::PlainBoard b1 = b;
      const bool h = b1.step(s, t);
      Play p;
      p.add(s, t, h);
      list.push_back(p);
    }
    if (!list.empty()) return;
  }
}

/// True when `dice` has at least one legal play in `pos` (cheaper than generate_plays).
template <class V>
constexpr bool has_any_play(const BasicPosition<V>& pos, Dice dice) noexcept {
  const detail::PlainBoard b{pos.bytes()};
  for (int s = kBar; s >= 1; --s) {
    int t = 0;
    if (b.can_step(s, dice.d1, t) || b.can_step(s, dice.d2, t)) return true;
  }
  return false;
}

/// The position after `play`, still seen from the side that moved (not flipped). A checker
/// landing on a single opposing checker hits it: the blot goes to the opponent's bar (BG-5.1).
/// Precondition: `play` is legal in `pos` (e.g. from generate_plays).
template <class V>
constexpr BasicPosition<V> apply(const BasicPosition<V>& pos, const Play& play) noexcept {
  BasicPosition<V> r = pos;
  auto& b = r.bytes();
  for (std::size_t i = 0; i < play.size; ++i) {
    const int s = play.from[i];
    const int t = play.to[i];
    --b[static_cast<std::size_t>(s)];
    ++b[static_cast<std::size_t>(t)];
    if (t >= 1 && t <= 24) {
      auto& o = b[static_cast<std::size_t>(32 + 25 - t)];
      if (o == 1) {
        o = 0;
        ++b[32 + 25];
      }
    }
  }
  return r;
}

}  // namespace boardrules::backgammon
