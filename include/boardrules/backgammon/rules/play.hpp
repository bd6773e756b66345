#pragma once
/// \file
/// Play: one legal play of a roll, as up to four single-die checker steps.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstdint>
#include <type_traits>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::backgammon {

/// A play: up to four checker steps, each moving one checker by one die, in the order played.
/// Points are in the mover's numbering (BG-1.3): from 25 = the bar, to 0 = borne off.
/// Bit i of `hits` is set when step i hits an opposing blot (BG-5.1).
/// Layout: 10 bytes (from[4], to[4], size, hits). Every member starts at zero, so `Play p;` is the
/// empty play and `p.add(...)` builds on it; lists of plays (PlayList) still cost nothing to
/// create, because FixedList constructs no slot until a value is written.
struct Play {
  std::array<std::uint8_t, 4> from{};
  std::array<std::uint8_t, 4> to{};
  std::uint8_t size = 0;  ///< number of steps used, 0..4 (0: no legal play, the turn passes)
  std::uint8_t hits = 0;  ///< bit i: step i hits

  /// Appends a step. Precondition: size < 4.
  constexpr void add(int from_point, int to_point, bool hit) noexcept {
    from[size] = static_cast<std::uint8_t>(from_point);
    to[size] = static_cast<std::uint8_t>(to_point);
    if (hit) hits = static_cast<std::uint8_t>(hits | (1u << size));
    ++size;
  }
  friend constexpr bool operator==(const Play&, const Play&) noexcept = default;
};

static_assert(std::is_trivially_copyable_v<Play>);
static_assert(sizeof(Play) == 10);

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::backgammon
