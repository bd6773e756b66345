#pragma once
/// \file
/// A tournament series (WA-6): the first player to win six games is the champion; drawn games
/// count for nobody; who moves first alternates from game to game (an option).
/// The two players keep their rows (South and North) for the whole series; what changes is who
/// moves first (BasicPosition<R>::start(series.first_mover())).

#include "boardrules/core/config.hpp"

#include <optional>
#include <string>

#include "boardrules/core/error.hpp"
#include "boardrules/warri/rules/outcome.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// Who moves first in each game of a series (WA-6.2).
enum class FirstMover {
  Alternate,     ///< alternates from game to game, starting with SeriesOptions::first (default)
  Same,          ///< SeriesOptions::first in every game
  LoserStarts,   ///< the loser of the last game; after a draw, the other player than last time
  WinnerStarts,  ///< the winner of the last game; after a draw, the other player than last time
};

/// How a series is played.
struct SeriesOptions {
  int wins_needed = 6;                       ///< games to win the series (WA-6.1)
  FirstMover order = FirstMover::Alternate;  ///< WA-6.2 (default: alternate)
  Player first = Player::South;              ///< who moves first in game 1
};

/// The state of a series: wins, draws, who moves first next, the champion. A small value type.
class Series {
 public:
  /// A new series. Options with wins_needed < 1 are treated as 1.
  constexpr explicit Series(SeriesOptions options = {}) noexcept : options_(options), next_first_(options.first) {
    if (options_.wins_needed < 1) options_.wins_needed = 1;
  }

  /// Records a finished game won by `winner` (nullopt: a draw, which counts for nobody, WA-6.1).
  /// Fails, changing nothing, once the series is over.
  Status record(std::optional<Player> winner) {
    if (over()) {
      return make_error(ErrorCode::illegal_action,
                        "the series is over: " + std::string(*champion() == Player::South ? "South" : "North") +
                            " has won " + std::to_string(options_.wins_needed) + " games",
                        "series");
    }
    ++games_;
    if (winner) ++wins_[*winner == Player::South ? 0 : 1];
    else ++draws_;
    const Player last = next_first_;
    switch (options_.order) {
      case FirstMover::Alternate: next_first_ = other(last); break;
      case FirstMover::Same: break;
      case FirstMover::LoserStarts: next_first_ = winner ? other(*winner) : other(last); break;
      case FirstMover::WinnerStarts: next_first_ = winner ? *winner : other(last); break;
    }
    return {};
  }
  /// Records a finished game from its outcome. Fails, changing nothing, if the outcome is of a
  /// game that goes on, or once the series is over.
  Status record(const Outcome& o) {
    if (!o.over()) return make_error(ErrorCode::illegal_action, "the game is not over", "series");
    return record(o.winner);
  }

  /// Who moves first in the next game.
  [[nodiscard]] constexpr Player first_mover() const noexcept { return next_first_; }
  /// Games won by a player.
  [[nodiscard]] constexpr int wins(Player p) const noexcept { return wins_[p == Player::South ? 0 : 1]; }
  /// Drawn games.
  [[nodiscard]] constexpr int draws() const noexcept { return draws_; }
  /// Games recorded.
  [[nodiscard]] constexpr int games() const noexcept { return games_; }
  /// The player who has won wins_needed games, if any.
  [[nodiscard]] constexpr std::optional<Player> champion() const noexcept {
    if (wins_[0] >= options_.wins_needed) return Player::South;
    if (wins_[1] >= options_.wins_needed) return Player::North;
    return std::nullopt;
  }
  /// True once there is a champion.
  [[nodiscard]] constexpr bool over() const noexcept { return champion().has_value(); }
  /// The options.
  [[nodiscard]] constexpr const SeriesOptions& options() const noexcept { return options_; }

 private:
  SeriesOptions options_;
  Player next_first_;
  int wins_[2] = {0, 0};
  int draws_ = 0;
  int games_ = 0;
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
