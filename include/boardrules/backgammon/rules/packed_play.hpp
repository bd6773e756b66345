#pragma once
/// \file
/// Plays in 32 bits (PackedPlay, rules/play.hpp), for the lists a search keeps on every ply of
/// its stack (a PackedPlayList is 12 KB where a PlayList is 30 KB): pack_play, unpack_play, and
/// generate_packed_plays, which fills a PackedPlayList.

#include "boardrules/core/config.hpp"

#include <cassert>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/detail/dispatch.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/dispatch.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// `play` of the roll `dice` packed. Precondition: each step moves one checker by one die of
/// `dice` (as every legal play of that roll does).
[[nodiscard]] constexpr PackedPlay pack_play(const Play& play, Dice dice) noexcept {
  return detail::pack_bits(play, dice);
}

/// The Play that pack_play(play, dice) packed (equal to `play`).
[[nodiscard]] constexpr Play unpack_play(PackedPlay packed, Dice dice) noexcept {
  return detail::unpack_bits(packed, dice);
}

// PackedPlayList, the list generate_packed_plays fills, is defined with the generator
// (detail/generate.hpp), whose kernels use it at every level.

/// Fills `list` with the legal plays of `dice` in `pos`, packed: the plays of generate_plays,
/// in the same order. The generation itself needs a PlayList's 30 KB of stack for as long as the
/// call lasts; afterwards the caller holds 12 KB. Dice that are not a throw (!dice.valid()):
/// an empty list, as generate_plays. Precondition: as generate_plays.
template <class V>
constexpr void generate_packed_plays(const BasicPosition<V>& pos, Dice dice, PackedPlayList& list) noexcept {
  assert(is_playable(pos));
  if (!dice.valid()) [[unlikely]] {
    list.clear();
    return;
  }
  list.resize_unchecked(
      BOARDRULES_KERNEL(detail::kernels<V>(), packed_plays, detail::roll_packed_plays)(pos.bytes(), dice, list.data()));
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
