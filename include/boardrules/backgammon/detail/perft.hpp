// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_PERFT_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_PERFT_HPP_
/// \file
/// The kernels of the rules' entry points: generate_plays, generate_packed_plays (with the
/// packing of pack_play and unpack_play), perft and perft_roll (rules/movegen.hpp,
/// rules/packed_play.hpp, rules/perft.hpp), each a function of neutral values that a unit calls
/// directly or, when it dispatches, through the table of the level chosen at run time
/// (detail/dispatch.hpp). Not part of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "boardrules/backgammon/detail/apply.hpp"
#include "boardrules/backgammon/detail/count.hpp"
#include "boardrules/backgammon/detail/generate.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/leaves.hpp"
#include "boardrules/core/observable.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

/// The level this copy of the kernels is compiled at (each level's copy its own).
[[nodiscard]] constexpr SimdLevel kernel_level() noexcept { return static_cast<SimdLevel>(BOARDRULES_SIMD_LEVEL); }

/// The game is over when a side has borne off all its checkers (BG-7.1; rules/outcome.hpp's
/// game_over, which the kernels cannot include).
template <class V>
[[nodiscard]] constexpr bool finished(const BasicPosition<V>& pos) noexcept {
  return pos.borne_off(Side::Mover) >= V::kCheckers || pos.borne_off(Side::Opponent) >= V::kCheckers;
}

/// pack_play (rules/packed_play.hpp).
[[nodiscard]] constexpr PackedPlay pack_bits(const Play& play, Dice dice) noexcept {
  std::uint32_t bits = static_cast<std::uint32_t>(play.hits & 15u) << 28;
  for (std::size_t i = 0; i < play.size && i < 4; ++i) {
    const int from = play.from[i];
    const int to = play.to[i];
    const std::uint32_t how = to == kOff ? 0u : from - to == dice.high() ? 1u : 2u;
    bits |= (static_cast<std::uint32_t>(from) | how << 5) << (7 * i);
  }
  return PackedPlay{bits};
}

/// unpack_play (rules/packed_play.hpp).
[[nodiscard]] constexpr Play unpack_bits(PackedPlay packed, Dice dice) noexcept {
  Play play;
  for (std::size_t i = 0; i < 4; ++i) {
    const std::uint32_t step = packed.bits >> (7 * i);
    const int from = static_cast<int>(step & 31u);
    if (from == 0) break;
    const std::uint32_t how = (step >> 5) & 3u;
    const int to = how == 0 ? kOff : from - (how == 1 ? dice.high() : dice.low());
    play.add(from, to, false);
  }
  play.hits = static_cast<std::uint8_t>(packed.bits >> 28);
  return play;
}

/// The plays of `dice` written to `out` (room for kMaxPlays), packed; returns their number.
/// The generator writes whole Plays (and its wide stores past them) into a PlayList of this
/// function's own frame, which is gone when it returns: a caller that recurses keeps only the
/// packed list on its stack.
[[gnu::noinline]] constexpr std::size_t write_packed_plays(const Bytes& b, const PositionSummary& summary, Dice dice,
                                                           PackedPlay* out) noexcept {
  PlayList plays;
  const std::size_t n = write_plays(b, summary, dice, plays.data());
  for (std::size_t i = 0; i < n; ++i) out[i] = pack_bits(plays.data()[i], dice);
  return n;
}

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
      if (!finished(child)) n += count_all_rolls(child.bytes());
      continue;
    }
    for (const Play& play : list) {
      // The plain apply: here the child is summarised at once, and the plain version's byte
      // stores feed that summary sooner than the SIMD version's register stores do.
      const BasicPosition<V> child = apply_flipped_plain(pos, play);
      if (finished(child)) continue;
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
    const BasicPosition<V> child = apply_flipped_selected(pos, play);
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
  for (const PackedPlay play : list)
    n += perft_node(apply_flipped_selected(pos, unpack_bits(play, dice)), depth - 1, leaves);
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
  if (finished(pos)) return 0;
  if (depth == 1 && leaves == Leaves::Count) return count_all_rolls(pos.bytes());
  const PositionSummary summary(pos.bytes());
  if (depth == 2 && leaves == Leaves::Count) return count_two_plies(pos, summary);
  std::uint64_t n = 0;
  for (const Dice& dice : kAllRolls) n += perft_roll_impl(pos, summary, dice, depth, leaves);
  return n;
}

/// generate_plays's kernel: the plays of `dice` (a throw) in the position of bytes `b`, written
/// to `out` (room for kMaxPlays + kPlaySpare plays); returns their number.
constexpr std::size_t roll_plays(const Bytes& b, Dice dice, Play* out) noexcept {
  return write_plays(b, PositionSummary(b), dice, out);
}

/// generate_packed_plays's kernel: as roll_plays, packed (room for kMaxPlays).
constexpr std::size_t roll_packed_plays(const Bytes& b, Dice dice, PackedPlay* out) noexcept {
  return write_packed_plays(b, PositionSummary(b), dice, out);
}

/// perft's kernel (rules/perft.hpp).
template <class V>
constexpr std::uint64_t perft_entry(const BasicPosition<V>& pos, int depth, Leaves leaves) noexcept {
  return perft_node(pos, depth, leaves);
}

/// perft_roll's kernel (rules/perft.hpp): the game not over, `dice` a throw, depth >= 1.
template <class V>
constexpr std::uint64_t perft_roll_entry(const BasicPosition<V>& pos, Dice dice, int depth, Leaves leaves) noexcept {
  return perft_roll_impl(pos, PositionSummary(pos.bytes()), dice, depth, leaves);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_BACKGAMMON_DETAIL_PERFT_HPP_
