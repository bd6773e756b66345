#pragma once
/// \file
/// Play: one legal play of a roll, as up to four single-die checker steps; PackedPlay, a play of a
/// known roll in 32 bits (rules/packed_play.hpp packs and unpacks them).

#include "boardrules/core/config.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "boardrules/core/error.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// A play: up to four checker steps, each moving one checker by one die, in the order played.
/// Points are in the mover's numbering (BG-1.3): from 25 = the bar, to 0 = borne off.
/// Bit i of `hits` is set when step i hits an opposing blot (BG-5.1).
///
/// Identity. A play is identified by the position it reaches (BG-3.9): `24/23 13/7` and
/// `13/7 24/23`, or `8/7 13/7` and `13/7 8/7`, are the same play. `==` compares the steps as
/// stored, so two Plays of the same play are `==` only in one form: the canonical one, the element
/// of generate_plays (movegen.hpp) reaching that position. Every Play the library returns is in
/// that form (generate_plays, generate_packed_plays then unpack_play, MoveBuilder::commit,
/// parse_play, resolve_play, State::to_action); a Play built by hand is made canonical by
/// canonical_play (movegen.hpp). Game::play and State::apply_action accept any form.
/// Layout: 10 bytes (from[4], to[4], size, hits). Every member starts at zero, so `Play p;` is the
/// empty play and `p.add(...)` builds on it; lists of plays (PlayList) still cost nothing to
/// create, because FixedList constructs no slot until a value is written.
struct Play {
  std::array<std::uint8_t, 4> from{};
  std::array<std::uint8_t, 4> to{};
  std::uint8_t size = 0;  ///< number of steps used, 0..4 (0: no legal play, the turn passes)
  std::uint8_t hits = 0;  ///< bit i: step i hits

  /// Appends a step. Precondition: size < 4.
  BOARDRULES_NEUTRAL constexpr void add(int from_point, int to_point, bool hit) noexcept {
    from[size] = static_cast<std::uint8_t>(from_point);
    to[size] = static_cast<std::uint8_t>(to_point);
    if (hit) hits = static_cast<std::uint8_t>(hits | (1u << size));
    ++size;
  }
  BOARDRULES_NEUTRAL friend constexpr bool operator==(const Play&, const Play&) noexcept = default;
};

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

/// True when `play` has the shape of a play (what check_play_shape checks, without the message).
[[nodiscard]] constexpr bool play_shape_ok(const Play& play) noexcept {
  if (play.size > 4 || (play.hits >> play.size) != 0) return false;
  for (std::size_t i = 0; i < play.size; ++i)
    if (play.from[i] < 1 || play.from[i] > 25 || play.to[i] > 24 || play.to[i] >= play.from[i]) return false;
  return true;
}

/// Whether `play` has the shape of a play, for a Play built by the user (the game and the state
/// check this before anything reads its steps): at most four steps, each from a point 1..24 or
/// the bar (25) forward to a lower point 1..24 or off (0) (BG-1.3), and no hit bit at or above
/// `size`. An Error with ErrorCode::illegal_action (where "move") saying what is wrong; whether the
/// play is legal in a position is another question (Game::play).
[[nodiscard]] inline Status check_play_shape(const Play& play) {
  if (play_shape_ok(play)) return {};
  if (play.size > 4)
    return make_error(ErrorCode::illegal_action,
                      "a play has at most four steps (BG-3.2), not " + std::to_string(int{play.size}), "move");
  for (std::size_t i = 0; i < play.size; ++i) {
    const int from = play.from[i];
    const int to = play.to[i];
    const std::string step =
        "step " + std::to_string(i + 1) + " (" + std::to_string(from) + "/" + std::to_string(to) + ")";
    if (from < 1 || from > 25)
      return make_error(ErrorCode::illegal_action, step + ": the start point must be 1..24 or 25 (the bar)", "move");
    if (to > 24)
      return make_error(ErrorCode::illegal_action, step + ": the end point must be 1..24 or 0 (off)", "move");
    if (to >= from)
      return make_error(ErrorCode::illegal_action,
                        step + ": checkers move forward, from a higher to a lower point (BG-1.3)", "move");
  }
  if ((play.hits >> play.size) != 0)
    return make_error(ErrorCode::illegal_action,
                      "the play marks a hit on a step it does not have (" + std::to_string(int{play.size}) +
                          " steps, hits " + std::to_string(int{play.hits}) + ")",
                      "move");
  return {};
}

static_assert(std::is_trivially_copyable_v<Play>);
static_assert(sizeof(Play) == 10);

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
