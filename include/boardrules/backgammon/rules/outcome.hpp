#pragma once
/// \file
/// The end of a backgammon game (BG-7.1, BG-7.3 to BG-7.5): game over, winner, kind of win.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <optional>

#include "boardrules/backgammon/values/position.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// The kind of a win (BG-7.3 to BG-7.5); None while the game goes on.
enum class WinKind : std::uint8_t { None, Single, Gammon, Backgammon };

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// True when a side has borne off all its checkers (BG-7.1): borne_off(side) == V::kCheckers.
template <class V>
[[nodiscard]] constexpr bool game_over(const BasicPosition<V>& pos) noexcept {
  return pos.borne_off(Side::Mover) >= V::kCheckers || pos.borne_off(Side::Opponent) >= V::kCheckers;
}

/// The side that has borne off all its checkers, if any (BG-7.1).
template <class V>
[[nodiscard]] constexpr std::optional<Side> winner(const BasicPosition<V>& pos) noexcept {
  if (pos.borne_off(Side::Mover) >= V::kCheckers) return Side::Mover;
  if (pos.borne_off(Side::Opponent) >= V::kCheckers) return Side::Opponent;
  return std::nullopt;
}

/// The kind of the winner's win: Single if the loser has borne off a checker (BG-7.3); else
/// Backgammon if the loser still has a checker on the bar or in the winner's home board (BG-7.5,
/// the loser's points 19 to 24), else Gammon (BG-7.4). None while the game goes on.
template <class V>
[[nodiscard]] constexpr WinKind win_kind(const BasicPosition<V>& pos) noexcept {
  const auto w = winner(pos);
  if (!w) return WinKind::None;
  const Side loser = *w == Side::Mover ? Side::Opponent : Side::Mover;
  if (pos.borne_off(loser) > 0) return WinKind::Single;
  for (int p = 19; p <= kBar; ++p)
    if (pos.count(loser, p) > 0) return WinKind::Backgammon;
  return WinKind::Gammon;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
