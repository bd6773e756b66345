#pragma once
/// \file
/// Scoring of a finished game (BG-7, BG-9): how it ended, what a win of each kind is worth.

#include "boardrules/core/config.hpp"

#include <cstdint>

#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/game/session_rules.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// How a game ended.
enum class EndReason : std::uint8_t {
  BorneOff,  ///< the winner bore off all its checkers (BG-7.1)
  Dropped,   ///< a double was refused (BG-8.4)
  Resigned,  ///< a resignation was accepted (BG-7.7)
};

/// The result of a finished game.
struct GameResult {
  int winner = 0;                  ///< player 0 or 1
  int points = 0;                  ///< points scored by the winner
  WinKind kind = WinKind::Single;  ///< the kind of the win as played or resigned
  EndReason reason = EndReason::BorneOff;
  int cube_value = 1;  ///< the cube value the game was decided at
  BOARDRULES_NEUTRAL friend constexpr bool operator==(const GameResult&, const GameResult&) noexcept = default;
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The multiplier of a win of `kind`, what it scores per unit of the cube (BG-7.3..7.6): 1 for a
/// single game, 2 for a gammon, 3 for a backgammon, or 2 with `bg_as_gammon` (BG-7.6). With
/// `jacoby_applies` (the Jacoby rule is in force and the cube was never turned, BG-9.2) gammons
/// and backgammons count 1. Every scorer of the library (game, match, chouette) calls this one.
[[nodiscard]] constexpr int win_multiplier(WinKind kind, bool bg_as_gammon, bool jacoby_applies) noexcept {
  if (kind != WinKind::Gammon && kind != WinKind::Backgammon) return 1;
  if (jacoby_applies) return 1;
  return kind == WinKind::Backgammon && !bg_as_gammon ? 3 : 2;
}

/// Points scored by a win of `kind` played out with `cube` (BG-7.2: the cube value times the
/// multiplier; the Jacoby rule counts while the cube is centered).
[[nodiscard]] constexpr int game_points(WinKind kind, const Cube& cube, const SessionRules& rules) noexcept {
  return cube.value() * win_multiplier(kind, rules.bg_as_gammon, rules.effective_jacoby() && cube.is_centered());
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
