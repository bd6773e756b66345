#pragma once
/// \file
/// The cube decisions of the positions an exact database covers (exact.hpp: the two-sided
/// bear-off database, the Hypergammon database), as GNU Backgammon 1.07 takes them: the player
/// on roll's (no double, double, too good to double; BG-8.1) and its opponent's facing the
/// double (take, drop, beaver; BG-8.1, BG-9.4), with the equities behind them.
///
///  - Money play: from the database's cubeful money equities (per unit of cube, so the cube's
///    value changes nothing): no double is the equity with the cube where it is; double, take
///    twice the equity with the opponent owning the cube; double, pass +1 (BG-8.4).
///  - Match play (BG-10): GNU Backgammon's 0-ply cubeful conversion of the database's cubeless
///    chances through the match equity table (match_cubeful_mwc, its Cl2CfMatch), with a cube
///    efficiency guessed, for each cube position, from the database's money equities: the x
///    for which Janowski's money formula (its Cl2CfMoney) gives the database's own cubeful money
///    equity, (cubeful − cubeless) / (live cube − cubeless), kept within 0..0.6 for the bear-off
///    database (0.6 where the formula cannot tell), as is for Hypergammon (1 where it cannot).
///
/// The decision itself is GNU Backgammon's (its FindBestCubeDecision) on the three equities
/// (in a match: MWC turned into equity, mwc_to_equity): double when double/take and
/// double/pass are both worth at least no double; the opponent passes when passing costs it
/// no more than taking (double/pass at most double/take); too good to double when no double
/// is worth more than both, and only where the player on roll can still win a gammon (else
/// that is a double and a pass); beaver, in money play with beavers, when the take is worth at
/// least 0 to the taker at twice the cube (no double then if the beaver costs the doubler more
/// than not doubling).
///
/// GNU Backgammon takes its money decisions in these positions from the database at any
/// number of plies; in a match its `hint` looks 2 plies ahead by default (its "world class"
/// setting) before this conversion at the leaves: the decisions here are those of its 0-ply
/// evaluation (`set evaluation cubedecision evaluation plies 0`), the ones its leaves take.
/// A cube cap (BG-8.5) is not in the databases' values, nor in GNU Backgammon's: it is
/// ignored, but for whether the player on roll may double at all.

#include "boardrules/core/config.hpp"

#include <cmath>
#include <cstdint>
#include <optional>

#include "boardrules/backgammon/db/exact.hpp"
#include "boardrules/backgammon/game/match_cube.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit.
namespace boardrules::backgammon {

/// What the player on roll should do with the cube (BG-8.1).
enum class DoubleAction : std::uint8_t {
  NoDouble,  ///< keep the cube where it is (also when it may not double: CubeDecision::available)
  Double,    ///< double (redouble when it owns the cube)
  TooGood,   ///< too good to double: playing on for a gammon is worth more than a pass
};

/// What the opponent of the player on roll should answer to a double (BG-8.1, BG-9.4).
enum class TakeAction : std::uint8_t {
  Take,    ///< take: the game goes on at twice the cube, the taker owning it
  Drop,    ///< pass: the doubler wins the cube's value (BG-8.4)
  Beaver,  ///< take and redouble at once, keeping the cube (money play with beavers)
};

/// A cube decision and the equities behind it, for the player on roll (before its throw).
/// Money play: equities per unit of cube. Match play: GNU Backgammon's normalised equity
/// (mwc_to_equity at the cube's value: losing the cube's value is −1, winning it +1), and the
/// same as match winning chances (MWC) of the player on roll.
struct CubeDecision {
  /// Whether the player on roll may double: the cube centred or its own, not the Crawford game,
  /// not the leader after it, and a cube that can still win it something (its away above the
  /// cube's value). When false, only `no_double` (and its MWC) mean anything.
  bool available = false;
  /// The player on roll's action (NoDouble when not available).
  DoubleAction action = DoubleAction::NoDouble;
  /// The opponent's answer to a double.
  TakeAction response = TakeAction::Take;
  /// A double that neither gains nor loses (GNU Backgammon's "optional": no double and the
  /// answer to the double within 1e-5).
  bool optional = false;
  /// Equity of not doubling.
  double no_double = 0;
  /// Equity of doubling when the opponent takes (the opponent then owns the doubled cube).
  double double_take = 0;
  /// Equity of doubling when the opponent passes: +1.
  double double_pass = 0;
  /// Equity of the right action, as GNU Backgammon counts it: double/take or double/pass when
  /// doubling is at least as good as not (the opponent's better answer), else no double.
  double optimal = 0;
  /// Match play: the four as MWC of the player on roll (money play: 0).
  double mwc_no_double = 0;
  double mwc_double_take = 0;
  double mwc_double_pass = 0;
  double mwc_optimal = 0;
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace cube_decision_detail {

// Which of the three equities a decision is worth.
enum class Optimal : std::uint8_t { NoDouble, DoubleTake, DoublePass };

// GNU Backgammon's FindBestCubeDecision on the equities of no double, double/take and
// double/pass (`d` holds them; its action, answer and `optional` are filled in); returns the
// equity the decision is worth, as gnubg counts it: no double unless double/take and double/pass
// are both worth at least no double, even where gnubg then still calls it a double (a pass
// with no gammon to win). `gammon`: the player on roll can
// win a gammon; `beavers`: money play with beavers (a match has none); `jacoby_centered`: money
// play under the Jacoby rule with the cube centred; `match`: match play.
constexpr Optimal decide(CubeDecision& d, bool gammon, bool beavers, bool jacoby_centered, bool match) noexcept {
  const double nd = d.no_double, dt = d.double_take, dp = d.double_pass;
  const auto close = [](double a, double b) { return (a > b ? a - b : b - a) <= 1e-5; };
  const bool beaver = beavers && dt >= -2.0 && dt <= 0.0;  // the take worth at least 0 to the taker
  d.action = DoubleAction::NoDouble;
  d.response = TakeAction::Take;
  d.optional = false;
  if (dt >= nd && dp >= nd) {
    if (dp > dt) {  // double, take
      if (beaver) {
        d.response = TakeAction::Beaver;
        // A beaver that costs the doubler more than not doubling: no double.
        if (dt * 2.0 < nd) return Optimal::DoubleTake;
      }
      d.action = DoubleAction::Double;
      d.optional = close(dt, nd);
      return Optimal::DoubleTake;
    }
    // double, pass
    d.action = DoubleAction::Double;
    d.response = TakeAction::Drop;
    d.optional = close(nd, dp) && gammon && (match || !jacoby_centered);
    return Optimal::DoublePass;
  }
  // No double is worth more than one of the two.
  if (nd > dt && dt <= dp) {
    if (nd > dp) {  // too good, take (with no gammon to win: no double, take)
      if (gammon) d.action = DoubleAction::TooGood;
    } else if (beaver) {  // no double, beaver
      d.response = TakeAction::Beaver;
    }
    return Optimal::NoDouble;
  }
  // Double/take worth more than double/pass, which no double beats: too good, pass (with no
  // gammon to win: double, pass).
  d.action = gammon ? DoubleAction::TooGood : DoubleAction::Double;
  d.response = TakeAction::Drop;
  return Optimal::NoDouble;
}

// The equity (and MWC) of the decision: the one `which` names.
constexpr void set_optimal(CubeDecision& d, Optimal which) noexcept {
  d.optimal = which == Optimal::NoDouble ? d.no_double : which == Optimal::DoubleTake ? d.double_take : d.double_pass;
  d.mwc_optimal = which == Optimal::NoDouble     ? d.mwc_no_double
                  : which == Optimal::DoubleTake ? d.mwc_double_take
                                                 : d.mwc_double_pass;
}

// The cube efficiency GNU Backgammon's 0-ply match evaluation guesses for a position of the
// databases from its money equities, for the player on roll with the cube at `access`:
// Janowski's live-cube money equity (MoneyLive: W and L the average win and loss, cube 1, no
// Jacoby rule) against the database's cubeful one, both measured from the cubeless equity.
[[nodiscard]] inline double efficiency(const DatabaseValue& v, CubeAccess access) noexcept {
  const double p = v.probability[0];
  const bool hyper = v.source == DatabaseSource::Hypergammon;
  const double none = hyper ? 1.0 : 0.6;  // GNU Backgammon's value where the formula cannot tell
  const double cubeful = access == CubeAccess::Centered ? v.centered
                         : access == CubeAccess::Owner  ? v.owner
                                                        : v.opponent_owns;
  double live = v.equity;  // a sure result: the cube is dead (Cl2CfMoney's utility)
  if (p > 0.0000001 && p < 0.9999999) {
    const double w = 1.0 + (v.probability[1] + v.probability[2]) / p;
    const double l = 1.0 + (v.probability[3] + v.probability[4]) / (1.0 - p);
    const double take = (l - 0.5) / (w + l + 0.5);
    const double cash = (l + 1.0) / (w + l + 0.5);
    if (access == CubeAccess::Centered) {
      live = p < take   ? -l + (l - 1.0) * p / take
             : p < cash ? -1.0 + 2.0 * (p - take) / (cash - take)
                        : 1.0 + (w - 1.0) * (p - cash) / (1.0 - cash);
    } else if (access == CubeAccess::Owner) {
      live = p < cash ? -l + (1.0 + l) * p / cash : 1.0 + (w - 1.0) * (p - cash) / (1.0 - cash);
    } else {
      live = p < take ? -l + (l - 1.0) * p / take : -1.0 + (w + 1.0) * (p - take) / (1.0 - take);
    }
  }
  if (!(std::fabs(v.equity - live) > 0.0001)) return none;
  const double x = (cubeful - v.equity) / (live - v.equity);
  if (hyper) return x;
  return x < 0.0 ? 0.0 : x > none ? none : x;
}

}  // namespace cube_decision_detail

/// The money cube decision of a position valued by `v` (a covered position's exact_value, for
/// the player on roll), with the cube at `access` (seen from the player on roll), under the
/// Jacoby rule or not (BG-9.2: it changes the centred value of the Hypergammon database; the
/// bear-off database has no gammons) and with beavers allowed or not (BG-9.4). Equities per
/// unit of cube. Nothing without cubeful values (a cubeless database, the one-sided estimate).
[[nodiscard]] constexpr std::optional<CubeDecision> money_cube_decision(const DatabaseValue& v, CubeAccess access,
                                                                        bool jacoby, bool beavers) noexcept {
  if (!v.cubeful) return std::nullopt;
  CubeDecision d;
  d.available = access != CubeAccess::Opponent;
  // GNU Backgammon reads the bear-off database's centred value whatever the rule (no gammons,
  // no difference), the Hypergammon database's Jacoby value under the rule.
  const bool jacoby_value = jacoby && v.source == DatabaseSource::Hypergammon;
  d.no_double = access == CubeAccess::Owner      ? v.owner
                : access == CubeAccess::Opponent ? v.opponent_owns
                : jacoby_value                   ? v.centered_jacoby
                                                 : v.centered;
  d.optimal = d.no_double;
  if (!d.available) return d;
  d.double_take = 2.0 * v.opponent_owns;
  d.double_pass = 1.0;
  using namespace cube_decision_detail;
  set_optimal(d, decide(d, v.probability[1] > 0.0, beavers, jacoby && access == CubeAccess::Centered, false));
  return d;
}

/// The match cube decision (BG-10) of a position valued by `v` (exact_value, for the player on
/// roll), `player` (0 or 1) on roll at away0-away / away1-away (the points each player still
/// needs), `crawford` the Crawford game (BG-10.2; read only when a player is 1-away: with one
/// and without it, the game is post-Crawford), the cube at `cube_value` held by `cube_owner`
/// (−1 centred, else the player holding it), by the table `met`. The equities are GNU
/// Backgammon's normalised match equity at the cube's value, with their MWC. Nothing without
/// cubeful money values (the cube efficiency is guessed from them). Preconditions: away0,
/// away1 >= 1; cube_value >= 1 a power of two.
[[nodiscard]] inline std::optional<CubeDecision> match_cube_decision(const DatabaseValue& v,
                                                                     const MatchEquityTable& met, int away0, int away1,
                                                                     bool crawford, int cube_value, int cube_owner,
                                                                     int player) noexcept {
  if (!v.cubeful) return std::nullopt;
  const int k = player == 0 ? 0 : 1;
  const int c = cube_value < 1 ? 1 : cube_value;
  const int mine = k == 0 ? away0 : away1;
  const bool one_away = away0 == 1 || away1 == 1;
  const bool crawford_game = crawford && one_away;
  const int owner = cube_owner < 0 ? -1 : cube_owner == k ? k : 1 - k;
  const CubeAccess access = owner < 0 ? CubeAccess::Centered : owner == k ? CubeAccess::Owner : CubeAccess::Opponent;
  // The winning chances and gammon rates of the player on roll (k) and of its opponent.
  const double p = v.probability[0];
  GammonRates rates;
  const auto ku = static_cast<std::size_t>(k), ou = static_cast<std::size_t>(1 - k);
  if (p > 0.0) {
    rates.gammon[ku] = (v.probability[1] - v.probability[2]) / p;
    rates.backgammon[ku] = v.probability[2] / p;
  }
  if (p < 1.0) {
    rates.gammon[ou] = (v.probability[3] - v.probability[4]) / (1.0 - p);
    rates.backgammon[ou] = v.probability[4] / (1.0 - p);
  }
  const auto eq = [&](double mwc) { return mwc_to_equity(met, away0, away1, c, k, mwc); };
  CubeDecision d;
  // GNU Backgammon's test of a usable cube (GetDPEq): access, not the Crawford game, the cube
  // below the player's away, not the leader after the Crawford game.
  d.available = access != CubeAccess::Opponent && !crawford_game && mine > c && !(one_away && mine == 1);
  d.mwc_no_double = match_cubeful_mwc(met, away0, away1, crawford_game, c, owner, k, p, rates,
                                      cube_decision_detail::efficiency(v, access));
  d.no_double = eq(d.mwc_no_double);
  d.mwc_optimal = d.mwc_no_double;
  d.optimal = d.no_double;
  if (!d.available) return d;
  d.mwc_double_take = match_cubeful_mwc(met, away0, away1, crawford_game, 2 * c, 1 - k, k, p, rates,
                                        cube_decision_detail::efficiency(v, CubeAccess::Opponent));
  d.mwc_double_pass = match_winning_chances_after(met, away0, away1, k, c, k);
  d.double_take = eq(d.mwc_double_take);
  d.double_pass = eq(d.mwc_double_pass);
  using namespace cube_decision_detail;
  set_optimal(d, decide(d, v.probability[1] > 0.0, false, false, true));
  return d;
}

/// The cube decision of the player on roll in `state` when a loaded database covers its
/// position (exact_value of the position; the one-sided estimate never): at Phase::TurnStart
/// (before the throw) and Phase::Doubled (the double offered; the decision is still the
/// doubler's, its `response` the answer), nothing at other nodes or in a beaver sequence.
/// Money play by the money decision (the session's Jacoby rule and beavers; `response` Beaver
/// only where the state allows one now, BG-9.4), a match by the match decision and `met`.
/// Nothing where the scoring is not the database's: backgammons as gammons (BG-7.6) in a
/// position where a gammon is possible.
template <class V>
[[nodiscard]] std::optional<CubeDecision> cube_decision(const BasicState<V>& state, const EndgameDatabases& dbs,
                                                        const MatchEquityTable& met = default_met()) noexcept {
  if (state.is_terminal()) return std::nullopt;
  const auto& g = state.game();
  if (g.phase() != Phase::TurnStart && !(g.phase() == Phase::Doubled && g.beavers_in_a_row() == 0)) return std::nullopt;
  const auto v = exact_value(g.position(), dbs);
  if (!v) return std::nullopt;
  const SessionRules& r = g.rules();
  const bool gammons = v->probability[1] != 0 || v->probability[3] != 0;
  if (gammons && r.bg_as_gammon) return std::nullopt;
  const int k = g.on_roll();
  const Cube cube = g.cube();
  std::optional<CubeDecision> d;
  if (r.is_match()) {
    const auto& m = state.match();
    const int away0 = r.match_length - m.score()[0], away1 = r.match_length - m.score()[1];
    d = match_cube_decision(*v, met, away0, away1, g.crawford(), cube.value(), cube.owner(), k);
  } else {
    const CubeAccess access = cube.is_centered()  ? CubeAccess::Centered
                              : cube.owner() == k ? CubeAccess::Owner
                                                  : CubeAccess::Opponent;
    d = money_cube_decision(*v, access, r.effective_jacoby(), r.effective_beavers());
  }
  if (!d) return d;
  // The cube cap and the Crawford game as the game rules them (BG-8.5, BG-10.2).
  if (g.phase() == Phase::TurnStart && !g.may_double() && d->available) {
    d->available = false;
    d->action = DoubleAction::NoDouble;
    d->optimal = d->no_double;
    d->mwc_optimal = d->mwc_no_double;
  }
  if (d->response == TakeAction::Beaver && g.phase() == Phase::Doubled && !g.may_beaver())
    d->response = TakeAction::Take;
  return d;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
