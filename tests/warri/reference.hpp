#pragma once
// A slow reference for the Warri rules, written plainly from docs/rules/warri.md, house by house,
// independent of the library beyond BasicPosition (no include of movegen/perft, no detail/ code).
// constexpr and allocation-free so that tests/static can use it at compile time too.

#include <array>
#include <cstdint>

#include "boardrules/core/leaves.hpp"
#include "boardrules/warri/values/position.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace warri_ref {

using boardrules::warri::BasicPosition;
using boardrules::warri::Player;

// The houses of a player's row, in the library's numbering (WA-1.3).
constexpr bool in_row(Player p, int house) {
  return p == Player::South ? (house >= 0 && house <= 5) : (house >= 6 && house <= 11);
}

template <class R>
struct Outcome {
  BasicPosition<R> after;
  bool sowed_into_opponent_row = false;  // WA-2.3 "feeds" (SowsIntoRow)
  bool grand_slam = false;               // the chain took every seed of the opponent's row (WA-3.3)
  int captured = 0;
};

// Plays the mover's house `origin` (WA-2, WA-3). The side to move changes.
template <class R>
constexpr Outcome<R> play(const BasicPosition<R>& before, int origin) {
  Outcome<R> out;
  BasicPosition<R> p = before;
  const Player me = p.to_move();
  const Player them = boardrules::warri::other(me);
  int hand = p.house(origin);
  const bool skip_origin = hand >= 12;  // WA-2.2
  p.set_house(origin, 0);
  int cur = origin;
  while (hand > 0) {  // WA-2.1: one seed per house, in sowing order
    cur = (cur + 1) % 12;
    if (skip_origin && cur == origin) continue;
    p.set_house(cur, p.house(cur) + 1);
    --hand;
    if (in_row(them, cur)) out.sowed_into_opponent_row = true;
  }
  // WA-3.1 / WA-3.2: the chain backwards from the last house sown.
  int captured = 0;
  std::array<bool, 12> taken{};
  if (before.house(origin) > 0) {
    int h = cur;
    while (in_row(them, h) && (p.house(h) == 2 || p.house(h) == 3)) {
      captured += p.house(h);
      taken[static_cast<std::size_t>(h)] = true;
      h = (h + 11) % 12;  // one step back in sowing order
    }
  }
  if (captured > 0) {
    int left_in_their_row = 0;
    for (int h = 0; h < 12; ++h)
      if (in_row(them, h) && !taken[static_cast<std::size_t>(h)]) left_in_their_row += p.house(h);
    const bool grand_slam = left_in_their_row == 0;
    out.grand_slam = grand_slam;
    // Oware Abapa option of WA-3.3; under WA-3.4 (Illegal) a grand slam is played only when every
    // legal move is one, and then it captures nothing too.
    if (grand_slam && R::grand_slam != boardrules::warri::GrandSlam::Captures) {
      captured = 0;
    } else {
      for (int h = 0; h < 12; ++h)
        if (taken[static_cast<std::size_t>(h)]) p.set_house(h, 0);
      p.set_store(me, p.store(me) + captured);
    }
  }
  out.captured = captured;
  p.set_to_move(them);
  out.after = p;
  return out;
}

template <class R>
constexpr int row_total(const BasicPosition<R>& p, Player who) {
  int n = 0;
  for (int h = 0; h < 12; ++h)
    if (in_row(who, h)) n += p.house(h);
  return n;
}

// Whether playing `origin` feeds the opponent per R::feeding (WA-2.3).
template <class R>
constexpr bool feeds(const BasicPosition<R>& p, int origin) {
  const Outcome<R> o = play(p, origin);
  if (R::feeding == boardrules::warri::Feeding::SowsIntoRow) return o.sowed_into_opponent_row;
  return row_total(o.after, boardrules::warri::other(p.to_move())) > 0;
}

// The legal moves in house order; `count` = 0 iff the game is over (WA-4.1, WA-4.2).
struct Moves {
  std::array<int, 6> house{};
  int count = 0;
};

template <class R>
constexpr Moves legal_moves(const BasicPosition<R>& p) {
  Moves m;
  const Player me = p.to_move();
  const Player them = boardrules::warri::other(me);
  // WA-4.1: 25 (R::win_seeds) or more captured ends the game; 24-24 with an empty board too.
  if (p.store(Player::South) >= R::win_seeds || p.store(Player::North) >= R::win_seeds) return m;
  if (p.store(Player::South) == 24 && p.store(Player::North) == 24 && row_total(p, me) + row_total(p, them) == 0)
    return m;
  // WA-4.2: the mover has no seeds: starved.
  if (row_total(p, me) == 0) return m;
  const bool must_feed = row_total(p, them) == 0;  // WA-2.3
  for (int h = 0; h < 12; ++h) {
    if (!in_row(me, h) || p.house(h) == 0) continue;
    if (must_feed && !feeds(p, h)) continue;
    m.house[static_cast<std::size_t>(m.count++)] = h;
  }
  if (R::grand_slam == boardrules::warri::GrandSlam::Illegal) {
    // WA-3.4: of the moves above, the grand slams are illegal if any move is not one.
    Moves kept;
    for (int i = 0; i < m.count; ++i) {
      const int h = m.house[static_cast<std::size_t>(i)];
      if (!play(p, h).grand_slam) kept.house[static_cast<std::size_t>(kept.count++)] = h;
    }
    if (kept.count > 0) return kept;
  }
  return m;  // empty when the opponent cannot be fed: WA-4.2
}

template <class R>
constexpr std::uint64_t perft(const BasicPosition<R>& p, int depth) {
  if (depth == 0) return 1;
  const Moves m = legal_moves(p);
  std::uint64_t n = 0;
  for (int i = 0; i < m.count; ++i)
    n += warri_ref::perft(play(p, m.house[static_cast<std::size_t>(i)]).after, depth - 1);
  return n;
}

}  // namespace warri_ref
