#pragma once
/// \file
/// Move and MoveList for Warri.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <type_traits>

#include "boardrules/core/fixed_list.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::warri {

/// A move (WA-2.1): the house sown, in the library's numbering (WA-1.3: 0..5 = South's a..f,
/// 6..11 = North's A..F). Always a house of the side to move.
struct Move {
  std::uint8_t house = 0;
  BOARDRULES_NEUTRAL friend constexpr bool operator==(Move, Move) noexcept = default;
};
static_assert(std::is_trivially_copyable_v<Move>);

/// Capacity 6: a player has six houses, so at most six legal moves.
inline constexpr std::size_t kMaxMoves = 6;
using MoveList = FixedList<Move, kMaxMoves>;

}  // namespace boardrules::warri
