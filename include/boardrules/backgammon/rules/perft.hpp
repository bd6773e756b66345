#pragma once
/// \file
/// perft for backgammon, as defined in docs/rules/backgammon.md (Perft): the number of leaves of the
/// game tree of a given depth, over the 21 distinct rolls (unweighted) and the distinct plays.

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "boardrules/backgammon/detail/count.hpp"
#include "boardrules/backgammon/detail/generate.hpp"
#include "boardrules/backgammon/rules/dice.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "boardrules/backgammon/rules/position.hpp"
#include "boardrules/core/leaves.hpp"
#include "boardrules/core/observable.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {

using observable_detail::keep_observable;

template <class V>
constexpr std::uint64_t perft_node(const BasicPosition<V>& pos, int depth, Leaves leaves) noexcept;

// perft(pos, 2) in Leaves::Count. The checkers to move in a child are pos's opponent's, changed
// only by the blots the play hit; the rest of the child is pos's mover's points after the play.
// The doubles' part of a child's count depends on the latter only through the points they block
// (count_doubles). So it is kept in a small table for the node, by (points hit, blocked mask),
// and reused by the siblings with the same key: exact, and most siblings share one (from the
// start, 202,782 children at depth 2 need 48,350 doubles counts).
// Not inlined: its PlayList (30 KB) is on the stack only while it runs, never in the frames of
// the plies above it.
template <class V>
[[gnu::noinline]] constexpr std::uint64_t count_two_plies(const BasicPosition<V>& pos,
                                                          const PositionSummary& summary) noexcept {
  PlayList list;
  constexpr std::size_t kSlots = 64;
  std::array<std::uint64_t, kSlots> key{};  // points hit << 32 | blocked mask, + 1 (0: empty)
  std::array<std::uint32_t, kSlots> value{};
  std::uint64_t n = 0;
  for (const Dice& dice : kAllRolls) {
    list.resize_unchecked(write_plays(pos.bytes(), summary, dice, list.data()));
    if (list.empty()) {
      const BasicPosition<V> child = pos.flipped();
      if (!game_over(child)) n += count_all_rolls(child.bytes());
      continue;
    }
    for (const Play& play : list) {
      // The plain apply: here the child is summarised at once, and the plain version's byte
      // stores feed that summary sooner than the SIMD version's register stores do.
      const BasicPosition<V> child = apply_flipped_plain(pos, play);
      if (game_over(child)) continue;
      const PositionSummary cs(child.bytes());
      n += count_non_doubles(child.bytes(), cs);
      std::uint64_t hit = 0;  // the points where the play hit (mover's numbering)
      for (std::size_t i = 0; i < play.size; ++i)
        if (((play.hits >> i) & 1u) != 0) hit |= 1ull << play.to[i];
      const std::uint64_t k = (hit << 32 | cs.masks.blocked) + 1u;
      const auto slot = static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> 58);
      if (key[slot] != k) {
        key[slot] = k;
        value[slot] = static_cast<std::uint32_t>(count_doubles(child.bytes(), cs));
      }
      n += value[slot];
    }
  }
  return n;
}

// The last ply of one roll in Leaves::List or Leaves::Make (depth 1): the size of the play
// list, or every leaf play applied. Not inlined, so that its PlayList (30 KB) is never part of
// the frames of the plies above.
template <class V>
[[gnu::noinline]] constexpr std::uint64_t perft_last_ply(const BasicPosition<V>& pos, const PositionSummary& summary,
                                                         Dice dice, Leaves leaves) noexcept {
  PlayList list;
  list.resize_unchecked(write_plays(pos.bytes(), summary, dice, list.data()));
  if (list.empty() || leaves == Leaves::List) return list.empty() ? 1 : list.size();
  std::uint64_t n = 0;
  for (const Play& play : list) {
    const BasicPosition<V> child = apply_flipped(pos, play);
    if (!std::is_constant_evaluated()) keep_observable(&child, sizeof child);
    ++n;
  }
  return n;
}

// A ply that recurses (depth >= 2) keeps its plays packed: 12 KB a ply instead of a PlayList's
// 30 KB, in a frame of its own (not inlined), so that the plies below do not carry it too and
// perft(3) fits a 64 KB stack.
template <class V>
[[gnu::noinline]] constexpr std::uint64_t perft_roll_recurse(const BasicPosition<V>& pos,
                                                             const PositionSummary& summary, Dice dice, int depth,
                                                             Leaves leaves) noexcept {
  PackedPlayList list;
  list.resize_unchecked(write_packed_plays(pos.bytes(), summary, dice, list.data()));
  if (list.empty()) return perft_node(pos.flipped(), depth - 1, leaves);
  std::uint64_t n = 0;
  for (const PackedPlay play : list) n += perft_node(apply_flipped(pos, unpack_play(play, dice)), depth - 1, leaves);
  return n;
}

// `summary`: PositionSummary(pos.bytes()), computed once for the 21 rolls of a node.
template <class V>
constexpr std::uint64_t perft_roll_impl(const BasicPosition<V>& pos, const PositionSummary& summary, Dice dice,
                                        int depth, Leaves leaves) noexcept {
  if (depth >= 2) return perft_roll_recurse(pos, summary, dice, depth, leaves);
  if (leaves != Leaves::Count) return perft_last_ply(pos, summary, dice, leaves);
  const std::size_t n = count_plays(pos.bytes(), summary, dice);
  return n == 0 ? 1 : n;
}

template <class V>
constexpr std::uint64_t perft_node(const BasicPosition<V>& pos, int depth, Leaves leaves) noexcept {
  if (depth <= 0) return 1;
  if (game_over(pos)) return 0;
  if (depth == 1 && leaves == Leaves::Count) return count_all_rolls(pos.bytes());
  const PositionSummary summary(pos.bytes());
  if (depth == 2 && leaves == Leaves::Count) return count_two_plies(pos, summary);
  std::uint64_t n = 0;
  for (const Dice& dice : kAllRolls) n += perft_roll_impl(pos, summary, dice, depth, leaves);
  return n;
}

}  // namespace detail

/// The part of perft(pos, depth, leaves) that comes from the roll `dice` (for --divide).
/// A roll with no legal play counts as one play that passes the turn; a finished game adds 0,
/// and so do dice that are not a throw (!dice.valid(), e.g. Dice{}). Preconditions: depth >= 1;
/// is_playable(pos) (asserted in debug builds).
template <class V>
constexpr std::uint64_t perft_roll(const BasicPosition<V>& pos, Dice dice, int depth, Leaves leaves) noexcept {
  assert(is_playable(pos));
  if (game_over(pos) || !dice.valid()) return 0;
  return detail::perft_roll_impl(pos, detail::PositionSummary(pos.bytes()), dice, depth, leaves);
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
  return detail::perft_node(pos, depth, leaves);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
