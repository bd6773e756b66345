#pragma once
/// \file
/// PackedPlay: a play in 32 bits, for the lists a search keeps on every ply of its stack
/// (a PackedPlayList is 12 KB where a PlayList is 30 KB); generate_packed_plays fills one.

#include "boardrules/core/config.hpp"

#include <cassert>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/detail/generate.hpp"
#include "boardrules/backgammon/rules/dice.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/play.hpp"
#include "boardrules/backgammon/rules/position.hpp"
#include "boardrules/core/fixed_list.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// A play of a known roll in 32 bits. Step i (0..3) takes bits 7i..7i+6: its source (5 bits,
/// 1..25 in the mover's numbering; 0: the play has no step i) and how it moves (2 bits:
/// 0 borne off, 1 by the roll's higher die, 2 by its lower die; a bear-off by a higher die lands
/// on 0 whichever die it uses, BG-6.2, BG-6.4). Bits 28..31 are the play's hit bits. The roll is
/// not stored: pack_play and unpack_play take it. The dice are named by value (high(), low()),
/// not by their order, so the same roll thrown either way (3-1 or 1-3) packs and unpacks a play
/// alike.
struct PackedPlay {
  std::uint32_t bits = 0;
  BOARDRULES_NEUTRAL friend constexpr bool operator==(PackedPlay, PackedPlay) noexcept = default;
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// `play` of the roll `dice` packed. Precondition: each step moves one checker by one die of
/// `dice` (as every legal play of that roll does).
[[nodiscard]] constexpr PackedPlay pack_play(const Play& play, Dice dice) noexcept {
  std::uint32_t bits = static_cast<std::uint32_t>(play.hits & 15u) << 28;
  for (std::size_t i = 0; i < play.size && i < 4; ++i) {
    const int from = play.from[i];
    const int to = play.to[i];
    const std::uint32_t how = to == kOff ? 0u : from - to == dice.high() ? 1u : 2u;
    bits |= (static_cast<std::uint32_t>(from) | how << 5) << (7 * i);
  }
  return PackedPlay{bits};
}

/// The Play that pack_play(play, dice) packed (equal to `play`).
[[nodiscard]] constexpr Play unpack_play(PackedPlay packed, Dice dice) noexcept {
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

/// The plays of one roll packed: at most kMaxPlays, 12 KB.
using PackedPlayList = FixedList<PackedPlay, kMaxPlays>;

namespace detail {
/// The plays of `dice` written to `out` (room for kMaxPlays), packed; returns their number.
/// The generator writes whole Plays (and its wide stores past them) into a PlayList of this
/// function's own frame, which is gone when it returns: a caller that recurses keeps only the
/// packed list on its stack.
[[gnu::noinline]] constexpr std::size_t write_packed_plays(const Bytes& b, const PositionSummary& summary, Dice dice,
                                                           PackedPlay* out) noexcept {
  PlayList plays;
  const std::size_t n = write_plays(b, summary, dice, plays.data());
  for (std::size_t i = 0; i < n; ++i) out[i] = pack_play(plays.data()[i], dice);
  return n;
}
}  // namespace detail

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
  const auto& b = pos.bytes();
  list.resize_unchecked(detail::write_packed_plays(b, detail::PositionSummary(b), dice, list.data()));
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
