#pragma once
/// \file
/// The plain generator: single steps on the 64 bytes of a position, every order of the dice.
/// Exact in every case (bar, bear-off, partial doubles); the fast generator (movegen_fast.hpp)
/// calls it for the positions it does not handle itself. Not part of the API.

#include <array>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/dice.hpp"
#include "boardrules/backgammon/play.hpp"
#include "boardrules/backgammon/position.hpp"

namespace boardrules::backgammon::detail {

using Bytes = std::array<std::uint8_t, 64>;

/// Plain board helpers on the 64-byte layout of BasicPosition (see position.hpp).
struct PlainBoard {
  Bytes b{};

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
struct PlainDoubles {
  Play* out;
  std::size_t n;
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
      n = 0;
      best = k;
    }
    if (k > 0) out[n++] = play;
  }
};

/// The plain generator: writes the plays of `dice` to `out` and returns their number.
constexpr std::size_t generate_plain(const Bytes& bytes, Dice dice, Play* out) noexcept {
  const PlainBoard b{bytes};
  if (dice.is_double()) {
    PlainDoubles g{out, 0, dice.d1, 0};
    g.rec(b, Play{}, kBar);
    return g.n;
  }
  const int hi = dice.high();
  const int lo = dice.low();
  // A non-double play is fixed by its two (source, die) steps: at most 2 x 25 x 25 orders.
  std::array<std::uint64_t, 2 * 25 * 25> keys;  // written before read
  std::size_t n = 0;
  const int orders[2][2] = {{hi, lo}, {lo, hi}};
  for (const auto& ord : orders) {
    for (int s1 = kBar; s1 >= 1; --s1) {
      int t1 = 0;
      if (!b.can_step(s1, ord[0], t1)) continue;
      PlainBoard b1 = b;
      const bool h1 = b1.step(s1, t1);
      for (int s2 = kBar; s2 >= 1; --s2) {
        int t2 = 0;
        if (!b1.can_step(s2, ord[1], t2)) continue;
        PlainBoard b2 = b1;
        const bool h2 = b2.step(s2, t2);
        const std::uint64_t key = b2.hash();
        bool dup = false;
        for (std::size_t i = 0; i < n && !dup; ++i) {
          if (keys[i] != key) continue;
          PlainBoard c = b;
          for (std::size_t j = 0; j < out[i].size; ++j) (void)c.step(out[i].from[j], out[i].to[j]);
          dup = c.b == b2.b;
        }
        if (dup) continue;
        Play p;
        p.add(s1, t1, h1);
        p.add(s2, t2, h2);
        keys[n] = key;
        out[n++] = p;
      }
    }
  }
  if (n != 0) return n;
  // Only one die can be played: the higher one if it can (BG-3.7), else the lower one.
  for (int die : {hi, lo}) {
    for (int s = kBar; s >= 1; --s) {
      int t = 0;
      if (!b.can_step(s, die, t)) continue;
      PlainBoard b1 = b;
      const bool h = b1.step(s, t);
      Play p;
      p.add(s, t, h);
      out[n++] = p;
    }
    if (n != 0) return n;
  }
  return 0;
}

/// True when some die of `dice` has a legal single step.
constexpr bool any_plain(const Bytes& bytes, Dice dice) noexcept {
  const PlainBoard b{bytes};
  for (int s = kBar; s >= 1; --s) {
    int t = 0;
    if (b.can_step(s, dice.d1, t) || b.can_step(s, dice.d2, t)) return true;
  }
  return false;
}

}  // namespace boardrules::backgammon::detail
