#pragma once
/// \file
/// A cube-aware match player for BasicState (a demonstration, not a strong player): checker play
/// as bots::heuristic_action, cube decisions by the match equity table (MET) and a cubeless
/// estimate of the chances of winning the game:
///  - no contact, both sides' checkers all in their home boards (or off), and a one-sided
///    bear-off database given: the chances from the two distributions of rolls to bear off
///    (exact cubeless chances where the database's play is best);
///  - no contact otherwise: Kleinman's race formula on the pip counts;
///  - contact: the same formula, its lead halved toward 50% (pips say less there).
/// Gammons are not estimated: every game is valued as a single game.
/// With the cube at c and p the chances of the player on roll, W(k) / L(k) its match winning
/// chances (MWC) after winning / losing k points, each decision compares (a dead cube: no
/// redouble counted):
///   no double  p W(c) + (1 - p) L(c)
///   take       p W(2c) + (1 - p) L(2c)      pass   W(c)
/// First, what the short races, the score and a gammon decide at once (bots::cube_detail::cube_sense,
/// common/bots.hpp: short races exactly; no double with a cube that already wins the match; a
/// double at once when losing twice the points costs nothing more, as the trailer after the
/// Crawford game; the taker (its chances 1 - p) takes when its take is worth at least its pass;
/// no double when too good in a race). Then the player on roll doubles when min(take, pass) is
/// above no double and its chances are within `CubeBot::window` of the opponent's pass point
/// (the dead-cube comparison alone would double as soon as it leads, giving the cube away too
/// early). `CubeBot{.doubles = false}` never doubles (it still takes and passes by the table):
/// the baseline the example measures against.
/// Included as "common/cube_bot.hpp" with examples/ on the include path.

#include <cmath>
#include <cstdint>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/game/match_equity.hpp"
#include "common/bots.hpp"

namespace bots {

/// The cube-aware player's settings (see the file comment).
struct CubeBot {
  bool doubles = true;                       ///< false: never offers a double
  const MatchEquityTable* met = nullptr;     ///< null: boardrules::backgammon::default_met()
  const OneSidedBearoff* bearoff = nullptr;  ///< null: the race formula in bear-offs too
  double window = 0.07;                      ///< doubles from the opponent's pass point minus this
};

/// The cube-aware player's action (see the file comment): a cube decision in a match by the
/// table, else bots::heuristic_action (checker play, throws, money play's cube).
/// Precondition: !state.is_terminal().
template <class V>
[[nodiscard]] Action cube_bot_action(const BasicState<V>& state, Rng& rng, const CubeBot& bot = {}) {
  const auto& g = state.game();
  const bool match = state.match().rules().is_match();
  if (state.is_chance_node() || !match || (g.phase() != Phase::TurnStart && g.phase() != Phase::Doubled))
    return heuristic_action(state, rng);
  const MatchEquityTable& met = bot.met != nullptr ? *bot.met : boardrules::backgammon::default_met();
  if (const auto sense = cube_detail::cube_sense(state, met, bot.bearoff))
    return Action::of(*sense == ActionKind::Double && !bot.doubles ? ActionKind::NoDouble : *sense);
  const int roller = g.on_roll();
  const double p = game_chances(g.position_of(roller), bot.bearoff);  // the roller's chances
  const int c = g.cube().value();
  const auto value = [&](int player, double chances, int points) {  // `player` wins with `chances`
    return chances * mwc_after(state, met, player, player, points) +
           (1 - chances) * mwc_after(state, met, player, 1 - player, points);
  };
  if (g.phase() == Phase::TurnStart) {
    if (!bot.doubles) return Action::of(ActionKind::NoDouble);
    const double no_double = value(roller, p, c);
    const double take = value(roller, p, 2 * c);
    const double pass = mwc_after(state, met, roller, roller, c);
    // The opponent's take point (its chances where taking and passing are worth the same): the
    // double waits until the roller's chances are within `window` of the opponent's pass, the
    // value of the cube the roller keeps until then (a dead-cube comparison alone doubles as
    // soon as it leads).
    const int taker = 1 - roller;
    const double lose_c = mwc_after(state, met, taker, roller, c);
    const double lose_2c = mwc_after(state, met, taker, roller, 2 * c);
    const double win_2c = mwc_after(state, met, taker, taker, 2 * c);
    const double take_point = win_2c > lose_2c ? (lose_c - lose_2c) / (win_2c - lose_2c) : 0.0;
    const bool in_window = p >= 1 - take_point - bot.window;
    return Action::of(in_window && std::fmin(take, pass) > no_double ? ActionKind::Double : ActionKind::NoDouble);
  }
  return heuristic_action(state, rng);  // not reached: cube_sense answers every double in a match
}

}  // namespace bots
