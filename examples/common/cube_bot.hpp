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
/// The player on roll doubles when min(take, pass) is above no double and either its chances
/// are within `CubeBot::window` of the opponent's pass point (the dead-cube comparison alone
/// would double as soon as it leads, giving the cube away too early) or losing 2c costs it no
/// more than losing c (the trailer after the Crawford game); the taker (its chances 1 - p)
/// takes when its take is worth at least its pass. `CubeBot{.doubles = false}` never
/// doubles (it still takes and passes by the table): the baseline the example measures against.
/// Included as "common/cube_bot.hpp" with examples/ on the include path.

#include <cmath>
#include <cstdint>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/game/match_equity.hpp"
#include "common/bots.hpp"

namespace bots {

using boardrules::backgammon::MatchEquityTable;
using boardrules::backgammon::OneSidedBearoff;

/// The cube-aware player's settings (see the file comment).
struct CubeBot {
  bool doubles = true;                        ///< false: never offers a double
  const MatchEquityTable* met = nullptr;      ///< null: boardrules::backgammon::default_met()
  const OneSidedBearoff* bearoff = nullptr;   ///< null: the race formula in bear-offs too
  double window = 0.07;                       ///< doubles from the opponent's pass point minus this
};

namespace cube_detail {

/// No checker of one side is behind a checker of the other (a race, BG-6 for both sides soon).
template <class V>
[[nodiscard]] bool no_contact(const BasicPosition<V>& p) noexcept {
  if (p.mover(kBar) > 0 || p.opponent(kBar) > 0) return false;
  int back = 0;  // the mover's farthest checker, in its numbering
  for (int pt = 24; pt >= 1; --pt)
    if (p.mover(pt) > 0) {
      back = pt;
      break;
    }
  for (int pt = 1; pt <= 24; ++pt)  // the opponent's checkers at the mover's point pt
    if (p.opponent_at_mover_point(pt) > 0 && pt < back) return false;
  return true;
}

/// The chances of the player on roll to bear off first, from the two rolls distributions
/// (units of 1/65535): it wins when it needs no more rolls than the opponent.
[[nodiscard]] inline double bearoff_chances(const boardrules::backgammon::BearoffDistribution& mine,
                                            const boardrules::backgammon::BearoffDistribution& theirs) noexcept {
  double win = 0;
  double theirs_at_least = 1.0;  // P(the opponent needs >= n rolls)
  for (std::size_t n = 0; n < mine.off.size(); ++n) {
    win += mine.off[n] / 65535.0 * theirs_at_least;
    theirs_at_least -= theirs.off[n] / 65535.0;
  }
  return win;
}

/// Kleinman's formula: the chances of the player on roll in a race of `mine` against `theirs`
/// pips, 1/2 erfc(-(D + 4) / (2 sqrt(S - 4))) with D = theirs - mine, S = theirs + mine.
[[nodiscard]] inline double race_chances(int mine, int theirs) noexcept {
  const double s = mine + theirs;
  if (s <= 8) return mine <= theirs ? 0.9 : 0.5;  // tiny races: the database, when given, knows better
  return 0.5 * std::erfc(-(theirs - mine + 4) / (2.0 * std::sqrt(s - 4)));
}

}  // namespace cube_detail

/// The cubeless chances of the player on roll in `p` (its view) to win the game (see the file
/// comment).
template <class V>
[[nodiscard]] double game_chances(const BasicPosition<V>& p, const OneSidedBearoff* bearoff) noexcept {
  const int mine = p.pips(Side::Mover);
  const int theirs = p.pips(Side::Opponent);
  if (!cube_detail::no_contact(p)) return 0.5 + 0.5 * (cube_detail::race_chances(mine, theirs) - 0.5);
  if (bearoff != nullptr) {
    const auto* a = bearoff->probe(p, Side::Mover);
    const auto* b = bearoff->probe(p, Side::Opponent);
    if (a != nullptr && b != nullptr) return cube_detail::bearoff_chances(*a, *b);
  }
  return cube_detail::race_chances(mine, theirs);
}

/// The MWC of `player` once the game ends with `winner` scoring `points` (the match state of
/// `state` before): 1 or 0 when that wins the match; the next game is the Crawford game when the
/// rules have one still to play and a player is 1-away (BG-10.2).
template <class V>
[[nodiscard]] double mwc_after(const BasicState<V>& state, const MatchEquityTable& met, int player, int winner,
                               int points) noexcept {
  const auto& m = state.match();
  const int length = m.rules().match_length;
  int away[2] = {length - m.score()[0], length - m.score()[1]};
  away[winner] -= points;
  if (away[winner] <= 0) return winner == player ? 1.0 : 0.0;
  const bool crawford_next = m.rules().crawford && !m.post_crawford() && !m.game().crawford() &&
                             (away[0] == 1 || away[1] == 1);
  return boardrules::backgammon::match_winning_chances(met, away[0], away[1], crawford_next, player);
}

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
  const int roller = g.on_roll();
  const double p = game_chances(g.position_of(roller), bot.bearoff);  // the roller's chances
  const int c = g.cube().value();
  const auto value = [&](int player, double chances, int points) {  // `player` wins with `chances`
    return chances * mwc_after(state, met, player, player, points) +
           (1 - chances) * mwc_after(state, met, player, 1 - player, points);
  };
  if (g.phase() == Phase::TurnStart) {
    if (!bot.doubles || !g.may_double()) return Action::of(ActionKind::NoDouble);
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
    // A double that costs nothing when the game is lost (the trailer after the Crawford game:
    // losing any game loses the match) is made at once.
    const bool free_double = mwc_after(state, met, roller, taker, 2 * c) >= mwc_after(state, met, roller, taker, c);
    return Action::of((in_window || free_double) && std::fmin(take, pass) > no_double ? ActionKind::Double
                                                                               : ActionKind::NoDouble);
  }
  const int taker = g.turn();  // facing the double: the roller's opponent
  const double take = value(taker, 1 - p, 2 * c);
  const double pass = mwc_after(state, met, taker, 1 - taker, c);
  return Action::of(take >= pass ? ActionKind::Take : ActionKind::Drop);
}

}  // namespace bots
