#pragma once
/// \file
/// The end of a Warri game (WA-4, WA-5): why it ended, the final scores with the variant's award
/// of the seeds left on the board, and the winner (WA-4.4).

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <optional>

#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/values/position.hpp"
#include "boardrules/warri/values/variant.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::warri {

/// Why a game ended.
enum class EndReason : std::uint8_t {
  None,      ///< the game goes on
  Captured,  ///< a store reached R::win_seeds, or 24-24 with the board empty (WA-4.1)
  Starved,   ///< a player has no seeds, or cannot be fed (WA-4.2)
  Cycle,     ///< the game record declared the game cycling (WA-4.3)
};

/// The result of a game, or of a position: final scores (stores plus the seeds the variant awards
/// at the end) and the winner. While the game goes on: reason None, scores = the stores, no winner.
struct Outcome {
  EndReason reason = EndReason::None;
  int south = 0;                 ///< South's final score
  int north = 0;                 ///< North's final score
  std::optional<Player> winner;  ///< nullopt: a draw (or the game goes on)

  /// True when the game has ended.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool over() const noexcept { return reason != EndReason::None; }
  /// A player's final score.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int score(Player p) const noexcept { return p == Player::South ? south : north; }
  BOARDRULES_NEUTRAL friend constexpr bool operator==(const Outcome&, const Outcome&) noexcept = default;
};

}  // namespace boardrules::warri

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {

/// Splits `left` seeds between two players with `south` and `north` captured (WA-5.1, WA-5.2):
/// half each, the odd seed per R::odd_seed (to the leader, the trailer, or nobody).
template <class R>
constexpr void split_seeds(int left, int& south, int& north) noexcept {
  const int half = left / 2;
  south += half;
  north += half;
  if (left % 2 == 0 || south == north)
    return;  // equal scores with an odd remainder: 48 is even,
             // so only a hand-made position gets here; nobody
  const bool south_leads = south > north;
  switch (R::odd_seed) {
    case OddSeed::ToLeader: (south_leads ? south : north) += 1; break;
    case OddSeed::ToTrailer: (south_leads ? north : south) += 1; break;
    case OddSeed::Nobody: break;
  }
}

/// WA-4.4: a player with R::win_seeds or more wins; otherwise a draw.
template <class R>
[[nodiscard]] constexpr Outcome decide(EndReason reason, int south, int north) noexcept {
  Outcome o;
  o.reason = reason;
  o.south = south;
  o.north = north;
  if (south >= R::win_seeds && south > north) o.winner = Player::South;
  else if (north >= R::win_seeds && north > south) o.winner = Player::North;
  return o;
}

}  // namespace detail

/// The starved player of a position where the game has ended by WA-4.2, else nullopt:
/// the side to move when its row is empty, or its opponent when that row is empty and cannot be
/// fed. Precondition-free: a position that is not over gives nullopt.
template <class R>
[[nodiscard]] constexpr std::optional<Player> starved_player(const BasicPosition<R>& p) noexcept {
  if (p.store(Player::South) >= R::win_seeds || p.store(Player::North) >= R::win_seeds) return {};
  if (p.board_seeds() == 0) return {};
  if (has_any_move(p)) return {};
  const Player mover = p.to_move();
  return p.row_seeds(mover) == 0 ? mover : other(mover);
}

/// The outcome of a position on its own (WA-4.1, WA-4.2, WA-5; cycling needs the history: see
/// game.hpp): reason None while the side to move has a legal move. On starvation the seeds left
/// on the board go per R::starvation_award: to the starved player (Speightstown), to the other
/// player (Abapa), or split with the odd seed per R::odd_seed (Bridgetown).
template <class R>
[[nodiscard]] constexpr Outcome outcome(const BasicPosition<R>& p) noexcept {
  int south = p.store(Player::South);
  int north = p.store(Player::North);
  // The generator's list is empty iff the game is over (WA-4.1, WA-4.2): the common case first.
  if (has_any_move(p)) return Outcome{EndReason::None, south, north, {}};
  // WA-4.1: 25 ends the game the moment it is captured; 24-24 with nothing left is a draw.
  if (south >= R::win_seeds || north >= R::win_seeds || p.board_seeds() == 0) {
    if (R::split_at_capture_end) detail::split_seeds<R>(p.board_seeds(), south, north);  // WA-5.4 option
    return detail::decide<R>(EndReason::Captured, south, north);
  }
  const std::optional<Player> starved = starved_player(p);
  if (!starved) return Outcome{EndReason::None, south, north, {}};  // unreachable: no move = over
  const int left = p.board_seeds();
  switch (R::starvation_award) {
    case StarvationAward::StarvedTakes: (*starved == Player::South ? south : north) += left; break;
    case StarvationAward::MoverTakes: (*starved == Player::South ? north : south) += left; break;
    case StarvationAward::Split: detail::split_seeds<R>(left, south, north); break;
  }
  return detail::decide<R>(EndReason::Starved, south, north);
}

/// The outcome when the game ends by cycling in position p (WA-4.3, WA-5.1): the seeds left on
/// the board go per R::cycle_award, to nobody (Speightstown), split (Bridgetown), or each row's
/// seeds to its owner (Abapa).
template <class R>
[[nodiscard]] constexpr Outcome cycle_outcome(const BasicPosition<R>& p) noexcept {
  int south = p.store(Player::South);
  int north = p.store(Player::North);
  if (R::cycle_award == CycleAward::Split) detail::split_seeds<R>(p.board_seeds(), south, north);
  if (R::cycle_award == CycleAward::OwnSide) {
    south += p.row_seeds(Player::South);
    north += p.row_seeds(Player::North);
  }
  return detail::decide<R>(EndReason::Cycle, south, north);
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
