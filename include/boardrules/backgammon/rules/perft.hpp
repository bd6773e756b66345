#pragma once
/// \file
/// perft for backgammon, as defined in docs/rules/backgammon.md (Perft): the number of leaves of the
/// game tree of a given depth, over the 21 distinct rolls (unweighted) and the distinct plays.

#include "boardrules/core/config.hpp"

#include <cassert>
#include <cstdint>

#include "boardrules/backgammon/detail/dispatch.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/dispatch.hpp"
#include "boardrules/core/leaves.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The part of perft(pos, depth, leaves) that comes from the roll `dice` (for --divide).
/// A roll with no legal play counts as one play that passes the turn; a finished game adds 0,
/// and so do dice that are not a throw (!dice.valid(), e.g. Dice{}). Preconditions: depth >= 1;
/// is_playable(pos) (asserted in debug builds).
template <class V>
constexpr std::uint64_t perft_roll(const BasicPosition<V>& pos, Dice dice, int depth, Leaves leaves) noexcept {
  assert(is_playable(pos));
  if (game_over(pos) || !dice.valid()) return 0;
  return BOARDRULES_KERNEL(detail::kernels<V>(), perft_roll, detail::perft_roll_entry<V>)(pos, dice, depth, leaves);
}

/// perft (docs/rules/backgammon.md, Perft): 1 at depth 0; a finished game adds 0 at depth >= 1;
/// otherwise the sum over the 21 rolls of the sum over their distinct plays of
/// perft(child, depth - 1), child = apply(pos, play).flipped(), and a roll with no play counts
/// one pass child pos.flipped(). `leaves` only changes how the last ply is counted, never the result:
/// Count counts plays by formula, List fills the play list, Make also applies every leaf play.
/// Precondition: is_playable(pos), as generate_plays (asserted in debug builds).
template <class V>
constexpr std::uint64_t perft(const BasicPosition<V>& pos, int depth, Leaves leaves = Leaves::Count) noexcept {
  assert(is_playable(pos));
  return BOARDRULES_KERNEL(detail::kernels<V>(), perft, detail::perft_entry<V>)(pos, depth, leaves);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
