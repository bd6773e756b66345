#pragma once
/// \file
/// perft for backgammon, as defined in the spec's Perft section: the number of leaves of the
/// game tree of a given depth, over the 21 distinct rolls (unweighted) and the distinct plays.

#include <cstdint>

#include "boardrules/backgammon/dice.hpp"
#include "boardrules/backgammon/movegen.hpp"
#include "boardrules/backgammon/outcome.hpp"
#include "boardrules/backgammon/position.hpp"
#include "boardrules/core/leaves.hpp"

namespace boardrules::backgammon {

template <class V>
constexpr std::uint64_t perft(const BasicPosition<V>& pos, int depth, Leaves leaves = Leaves::Count) noexcept;

/// The part of perft(pos, depth, leaves) that comes from the roll `dice` (for --divide).
/// A roll with no legal play counts as one play that passes the turn; a finished game adds 0.
/// Precondition: depth >= 1.
template <class V>
constexpr std::uint64_t perft_roll(const BasicPosition<V>& pos, Dice dice, int depth, Leaves leaves) noexcept {
  if (game_over(pos)) return 0;
  PlayList list;
  if (depth <= 1 && leaves == Leaves::Count) {
    const std::size_t n = detail::count_fast(pos.bytes(), dice, list.data());
    return n == 0 ? 1 : n;
  }
  generate_plays(pos, dice, list);
  if (list.empty()) return perft(pos.flipped(), depth - 1, leaves);
  if (depth <= 1 && leaves != Leaves::Make) return list.size();
  std::uint64_t n = 0;
  for (const Play& play : list) n += perft(apply(pos, play).flipped(), depth - 1, leaves);
  return n;
}

/// perft (spec, Perft section): 1 at depth 0; a finished game adds 0 at depth >= 1; otherwise
/// the sum over the 21 rolls of the sum over their distinct plays of perft(child, depth - 1),
/// child = apply(pos, play).flipped(), and a roll with no play counts one pass child
/// pos.flipped(). `leaves` only changes how the last ply is counted, never the result.
template <class V>
constexpr std::uint64_t perft(const BasicPosition<V>& pos, int depth, Leaves leaves) noexcept {
  if (depth <= 0) return 1;
  if (game_over(pos)) return 0;
  std::uint64_t n = 0;
  for (const Dice& dice : kAllRolls) n += perft_roll(pos, dice, depth, leaves);
  return n;
}

}  // namespace boardrules::backgammon
