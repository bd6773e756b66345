#pragma once
/// \file
/// The cube at a match score (BG-10, BG-8), the way GNU Backgammon computes it
/// ([docs/match.md](../../../../docs/match.md)): gammon rates, the market window of a double
/// (dead and live cube, automatic redoubles), take, cash and double points, and the cubeful match
/// winning chances of a position from its cubeless chances. Built on the match equity table
/// (match_equity.hpp). Everything here is `noexcept`, allocation-free and thread-safe.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <optional>

#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/game/match_equity.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// How a player's wins end: the fraction that are gammons (and not backgammons) and the fraction
/// that are backgammons, per player (GNU Backgammon's gammon and backgammon rates). The default,
/// all 0, is a game that never ends in a gammon: give an evaluation's rates for anything else.
struct GammonRates {
  std::array<double, 2> gammon{0.0, 0.0};
  std::array<double, 2> backgammon{0.0, 0.0};
};

/// A cube action's window in the doubler's winning chances (cubeless): double from
/// `double_point` on; the opponent passes from `cash_point` on (its take point is
/// 1 − cash_point, in its own chances).
struct MarketWindow {
  double double_point = 0.0;
  double cash_point = 0.0;
  friend constexpr bool operator==(const MarketWindow&, const MarketWindow&) noexcept = default;
};

/// The market window of a double at a match score, as GNU Backgammon's "show marketwindow"
/// computes it.
struct MatchCubePoints {
  /// Dead cube: nobody turns the doubled cube again.
  MarketWindow dead;
  /// The taker redoubles at once (the doubled cube would win the doubler the match, and the
  /// taker needs more): free for the taker, so a rational taker always does.
  bool auto_redouble = false;
  /// The dead-cube window counting that redouble (when auto_redouble).
  MarketWindow redoubled;
  /// The doubled cube is dead: its value wins the taker the match, so it is never turned again;
  /// `live` is then `dead`.
  bool dead_after_double = false;
  /// Live cube: the dead double point and GNU Backgammon's live-cube cash point (its GetPoints:
  /// the taker may redouble, recursively to the cube where the match is decided).
  MarketWindow live;
};

namespace met_detail {

// Player k's MWC when `winner` wins `points` from the score (away0, away1) and its game.
[[nodiscard]] inline double me_after(const MatchEquityTable& met, int away0, int away1, int k, int winner,
                                     int points) noexcept {
  return match_winning_chances_after(met, away0, away1, winner, points, k);
}

// Player k's MWC when k wins (or, with !wins, loses) a game at cube c: single, gammon,
// backgammon weighted by the rates of the game's winner.
[[nodiscard]] inline double weighted(const MatchEquityTable& met, int away0, int away1, int k, bool wins, int c, int m1,
                                     int m2, int m3, const GammonRates& r) noexcept {
  const int w = wins ? k : 1 - k;
  const double g = r.gammon[static_cast<std::size_t>(w)];
  const double b = r.backgammon[static_cast<std::size_t>(w)];
  return (1.0 - g - b) * me_after(met, away0, away1, k, w, m1 * c) + g * me_after(met, away0, away1, k, w, m2 * c) +
         b * me_after(met, away0, away1, k, w, m3 * c);
}

// The cube the taker of a double of `c` will hold: 2c, doubled again at once when the doubled
// cube wins the doubler the match and the taker needs more (GNU Backgammon's
// GetCubePrimeValue; away0 is the doubler's need, less one as gnubg counts).
[[nodiscard]] constexpr int cube_prime(int i, int j, int c) noexcept { return i < 2 * c && j >= 2 * c ? 2 * c : c; }

}  // namespace met_detail

/// The live-cube cash points of both players at a match score with the cube at `cube_value`
/// (GNU Backgammon's GetPoints): each player's winning chances from which the opponent should
/// pass a double, when every later cube is turned at its own cash point, computed from the
/// highest cube that can still be live down to this one. Preconditions: away0, away1 >= 1;
/// 1 <= cube_value <= kMaxCubeValue (asserted in debug builds).
[[nodiscard]] inline std::array<double, 2> live_cash_points(const MatchEquityTable& met, int away0, int away1,
                                                            int cube_value, const GammonRates& rates) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  using met_detail::weighted;
  if (cube_value < 1) cube_value = 1;
  // The cube levels that can still be live, counted within the table (beyond 64-away the
  // figures are the 64-away ones).
  const int i = std::min(away0, kMetMaxAway) - 1;
  const int j = std::min(away1, kMetMaxAway) - 1;
  int top = cube_value;
  int levels = 0;
  while (i >= 2 * top && j >= 2 * top) {
    ++levels;
    top *= 2;
  }
  std::array<std::array<double, 2>, 32> cp{};  // [level][player]
  for (int c = top, n = levels; c >= cube_value; c /= 2, --n) {
    const bool dead = i < 2 * c || j < 2 * c;
    for (int k = 0; k < 2; ++k) {
      const auto uk = static_cast<std::size_t>(k);
      const double dp = met_detail::me_after(met, away0, away1, k, k, c);
      if (dead) {
        // The doubled cube is dead: the taker's automatic redouble counted.
        const int prime = k == 0 ? met_detail::cube_prime(i, j, c) : met_detail::cube_prime(j, i, c);
        const double dtl = weighted(met, away0, away1, k, false, prime, 2, 4, 6, rates);
        const double dtw = weighted(met, away0, away1, k, true, prime, 2, 4, 6, rates);
        cp[static_cast<std::size_t>(n)][uk] = (dtl - dp) / (dtl - dtw);
      } else {
        const double rdp = met_detail::me_after(met, away0, away1, k, 1 - k, 2 * c);
        const double dtw = weighted(met, away0, away1, k, true, c, 2, 4, 6, rates);
        cp[static_cast<std::size_t>(n)][uk] =
            1.0 - cp[static_cast<std::size_t>(n + 1)][1 - uk] * (dp - dtw) / (rdp - dtw);
      }
    }
  }
  return cp[0];
}

/// The market window of `doubler` offering a double of the cube at `cube_value` at a match
/// score (GNU Backgammon's "show marketwindow"), from the gammon rates of both players. None in
/// the Crawford game: the cube is out of play there (BG-10.2), automatic redoubles included, and
/// for a cube that cannot be doubled (above kMaxCubeValue / 2: the double would pass the highest
/// cube, BG-8.5). Preconditions: away0, away1 >= 1; doubler 0 or 1; 1 <= cube_value <=
/// kMaxCubeValue (asserted in debug builds). A cube that already decides the match (BG-10.3
/// allows turning it) gives windows of 0 or 1 or NaN.
[[nodiscard]] inline std::optional<MatchCubePoints> match_cube_points(const MatchEquityTable& met, int away0, int away1,
                                                                      bool crawford, int cube_value, int doubler,
                                                                      const GammonRates& rates) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  if (crawford && (away0 == 1 || away1 == 1)) return std::nullopt;
  if (cube_value > kMaxCubeValue / 2) return std::nullopt;
  using met_detail::weighted;
  const int k = doubler == 0 ? 0 : 1;
  const int c = cube_value < 1 ? 1 : cube_value;
  const int mine = k == 0 ? away0 : away1;
  const int theirs = k == 0 ? away1 : away0;
  MatchCubePoints out;
  const double dtw = weighted(met, away0, away1, k, true, c, 2, 4, 6, rates);
  const double ndw = weighted(met, away0, away1, k, true, c, 1, 2, 3, rates);
  const double dtl = weighted(met, away0, away1, k, false, c, 2, 4, 6, rates);
  const double ndl = weighted(met, away0, away1, k, false, c, 1, 2, 3, rates);
  const double dp = met_detail::me_after(met, away0, away1, k, k, c);
  // Double when the gain (won at 2c rather than c) pays for the risk (lost at 2c).
  out.dead.double_point = (ndl - dtl) / ((ndl - dtl) + (dtw - ndw));
  out.dead.cash_point = 1.0 - (dtw - dp) / ((dtw - dp) + (dp - dtl));
  out.auto_redouble = mine - 2 * c <= 0 && theirs - 2 * c > 0;
  out.dead_after_double = theirs - 2 * c <= 0;
  out.redoubled = out.dead;
  if (out.auto_redouble) {
    const double dtw4 = weighted(met, away0, away1, k, true, 2 * c, 2, 4, 6, rates);
    const double dtl4 = weighted(met, away0, away1, k, false, 2 * c, 2, 4, 6, rates);
    out.redoubled.cash_point = 1.0 - (dtw4 - dp) / ((dtw4 - dp) + (dp - dtl4));
    out.redoubled.double_point = (ndl - dtl4) / ((ndl - dtl4) + (dtw4 - ndw));
  }
  out.live = out.dead;
  if (!out.dead_after_double) {
    out.live.cash_point = live_cash_points(met, away0, away1, c, rates)[static_cast<std::size_t>(k)];
    if (out.auto_redouble) out.live.double_point = out.redoubled.double_point;
  }
  return out;
}

/// The take point of `taker` facing a double of the cube at `cube_value` at a match score, in
/// the taker's winning chances, with cube efficiency `x`: GNU Backgammon's cubeful model of a
/// match (its Cl2CfMatchOwned), the taker's MWC owning the doubled cube being (1 − x) × the
/// dead-cube MWC + x × the live-cube MWC, this one linear from losing the game (p = 0) to
/// cashing the doubled cube at the taker's live cash point CP (live_cash_points at twice the
/// cube). Taking is right from TP(x) = (P − L) / ((1 − x)(W − L) + x (C − L) / CP) on, P being
/// the MWC of passing, W and L of winning and losing the game at the doubled cube (the rates'
/// mix), C of cashing it. x = 0 gives the dead-cube take point (1 − the doubler's dead
/// cash_point), x = 1 gnubg's live one (1 − its live cash_point) where the cube is live. None
/// in the Crawford game (BG-10.2) and for a cube that cannot be doubled (above kMaxCubeValue /
/// 2, BG-8.5). Preconditions: as match_cube_points; 0 <= x <= 1.
[[nodiscard]] inline std::optional<double> match_take_point(const MatchEquityTable& met, int away0, int away1,
                                                            bool crawford, int cube_value, int taker,
                                                            const GammonRates& rates, double x) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  if (crawford && (away0 == 1 || away1 == 1)) return std::nullopt;
  if (cube_value > kMaxCubeValue / 2) return std::nullopt;
  const int k = taker == 0 ? 0 : 1;
  const int c2 = 2 * (cube_value < 1 ? 1 : cube_value);
  const double pass = met_detail::me_after(met, away0, away1, k, 1 - k, c2 / 2);
  const double win = met_detail::weighted(met, away0, away1, k, true, c2, 1, 2, 3, rates);
  const double lose = met_detail::weighted(met, away0, away1, k, false, c2, 1, 2, 3, rates);
  const double cash = met_detail::me_after(met, away0, away1, k, k, c2);
  const double cp = live_cash_points(met, away0, away1, c2, rates)[static_cast<std::size_t>(k)];
  return (pass - lose) / ((1.0 - x) * (win - lose) + x * (cash - lose) / cp);
}

/// The cubeful MWC of `player` on roll with cubeless winning chances `p` and the gammon rates
/// `rates`, at a match score with the cube at `cube_value` held by `cube_owner` (−1 centered, else
/// the player holding it), with cube efficiency `x`: GNU Backgammon's 0-ply conversion of a
/// cubeless evaluation (its Cl2CfMatch; Janowski's model in MWC). The result is
/// (1 − x) × the dead-cube MWC (p × the MWC of a win at this cube + (1 − p) × that of a loss,
/// the rates' mix of single, gammon and backgammon) + x × a live-cube MWC, linear in p between
/// the points where a cube action ends the game (the cash points of live_cash_points):
/// - centered: from the loss (p = 0) to the opponent cashing (at 1 − the opponent's cash
///   point), to `player` cashing (at its cash point), to the win (p = 1);
/// - held by `player`: from the loss to `player` cashing, then to the win;
/// - held by the opponent: from the loss to the opponent cashing, then to the win.
/// As gnubg, the cube counts as dead (x ignored) in the Crawford game, when both players'
/// aways are at most the cube value, and at 2-away/2-away. Preconditions: away0, away1 >= 1;
/// player 0 or 1; 1 <= cube_value <= kMaxCubeValue (asserted in debug builds); 0 <= p <= 1;
/// 0 <= x <= 1.
[[nodiscard]] inline double match_cubeful_mwc(const MatchEquityTable& met, int away0, int away1, bool crawford,
                                              int cube_value, int cube_owner, int player, double p,
                                              const GammonRates& rates, double x) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  using met_detail::weighted;
  const int k = player == 0 ? 0 : 1;
  const int c = cube_value < 1 ? 1 : cube_value;
  const double win = weighted(met, away0, away1, k, true, c, 1, 2, 3, rates);
  const double lose = weighted(met, away0, away1, k, false, c, 1, 2, 3, rates);
  const double dead = p * win + (1.0 - p) * lose;
  const bool cubeless =
      (crawford && (away0 == 1 || away1 == 1)) || (away0 <= c && away1 <= c) || (away0 == 2 && away1 == 2);
  if (cubeless) return dead;
  const double cash = met_detail::me_after(met, away0, away1, k, k, c);
  const double opp_cash = met_detail::me_after(met, away0, away1, k, 1 - k, c);
  const std::array<double, 2> cp = live_cash_points(met, away0, away1, c, rates);
  const double too_good = cp[static_cast<std::size_t>(k)];
  const double opp_too_good = 1.0 - cp[static_cast<std::size_t>(1 - k)];
  const auto line = [p](double p0, double v0, double p1, double v1) {
    return p1 > p0 ? v0 + (v1 - v0) * (p - p0) / (p1 - p0) : v1;
  };
  double live = 0.0;
  if (cube_owner != k && p <= opp_too_good) live = line(0.0, lose, opp_too_good, opp_cash);
  else if (cube_owner == k && p <= too_good) live = line(0.0, lose, too_good, cash);
  else if (cube_owner != k && cube_owner != -1) live = line(opp_too_good, opp_cash, 1.0, win);
  else if (cube_owner == -1 && p < too_good) live = line(opp_too_good, opp_cash, too_good, cash);
  else live = line(too_good, cash, 1.0, win);
  return (1.0 - x) * dead + x * live;
}

/// The doubling point of `doubler` (on roll) with cube efficiency `x` at a match score with the
/// cube at `cube_value`, centered (`centered`, an initial double) or held by the doubler (a
/// redouble): the least cubeless winning chance p of the doubler at which doubling, the
/// opponent taking, is worth at least as much as not doubling, both by match_cubeful_mwc (as
/// GNU Backgammon's 0-ply cube decision compares them: no double at this cube, against double,
/// take with the opponent holding twice the cube). x = 0 gives the dead-cube double point of
/// match_cube_points. 0 when doubling never costs (doubled or not, the doubler's losses lose
/// the match). None when the doubler may not double (the Crawford game; the post-Crawford
/// leader; the cube already wins the doubler the match, BG-10.3 allowing it but gnubg not
/// offering it; a cube that cannot be doubled, above kMaxCubeValue / 2, BG-8.5) or doubling is
/// never right. Preconditions: as match_cube_points; 0 <= x <= 1.
[[nodiscard]] inline std::optional<double> match_double_point(const MatchEquityTable& met, int away0, int away1,
                                                              bool crawford, int cube_value, int doubler, bool centered,
                                                              const GammonRates& rates, double x) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  if (cube_value > kMaxCubeValue / 2) return std::nullopt;
  const int k = doubler == 0 ? 0 : 1;
  const int c = cube_value < 1 ? 1 : cube_value;
  const int mine = k == 0 ? away0 : away1;
  const bool post = !crawford && (away0 == 1 || away1 == 1);
  if ((crawford && (away0 == 1 || away1 == 1)) || mine <= c || (post && mine == 1)) return std::nullopt;
  const int owner = centered ? -1 : k;
  const auto gain = [&](double p) {
    return match_cubeful_mwc(met, away0, away1, crawford, 2 * c, 1 - k, k, p, rates, x) -
           match_cubeful_mwc(met, away0, away1, crawford, c, owner, k, p, rates, x);
  };
  // Both sides are linear in p between the cash points at this cube and the doubled one.
  const std::array<double, 2> cp1 = live_cash_points(met, away0, away1, c, rates);
  const std::array<double, 2> cp2 = live_cash_points(met, away0, away1, 2 * c, rates);
  std::array<double, 5> at = {0.0, cp1[static_cast<std::size_t>(k)], 1.0 - cp1[static_cast<std::size_t>(1 - k)],
                              1.0 - cp2[static_cast<std::size_t>(1 - k)], 1.0};
  for (double& v : at) v = std::clamp(std::isnan(v) ? 0.0 : v, 0.0, 1.0);
  std::sort(at.begin(), at.end());
  double g0 = gain(0.0);
  if (g0 >= 0.0) return 0.0;
  for (std::size_t i = 1; i < at.size(); ++i) {
    if (at[i] <= at[i - 1]) continue;
    const double g1 = gain(at[i]);
    if (g1 >= 0.0) return at[i - 1] + (at[i] - at[i - 1]) * (-g0) / (g1 - g0);
    g0 = g1;
  }
  return std::nullopt;
}

/// The cube points of money play for a player whose wins are worth `win` on average (1 + its
/// gammon rate + 2 × its backgammon rate) and whose losses `lose`, with cube efficiency `x`
/// (Janowski's model as GNU Backgammon uses it: the cubeful equity is (1 − x) × the dead-cube
/// equity + x × the live-cube equity, the live one linear between the live take and cash
/// points). Each point is in that player's winning chances:
struct MoneyCubePoints {
  double take = 0.0;            ///< take a double from here on: (L − ½) / (W + L + ½x)
  double beaver = 0.0;          ///< beaver from here on: L / (W + L + ½x)
  double initial_double = 0.0;  ///< double a centered cube from here on (see money_cube_points)
  double redouble = 0.0;        ///< redouble an owned cube from here on: (L + x) / (W + L + ½x)
  double cash = 0.0;            ///< the opponent passes from here on: (L + ½ + ½x) / (W + L + ½x)
};

/// The money cube points (see MoneyCubePoints) of a player with average win `win` and loss
/// `lose`, cube efficiency `x` (0 = dead cube, 1 = fully live; about 0.6 to 0.7 in practice).
/// The initial double point of a centered cube, from the piecewise-linear live equity of a
/// centered cube that GNU Backgammon uses: (L (3 − x) + 2x) / ((W + L)(3 − x) + x); with the
/// Jacoby rule (BG-9.2: the centered cube's dead equity counts no gammon)
/// ((1 − x)(2L − 1) + ⅔x(L + 1)) / ((1 − x)(2(W + L) − 2) + ⅔x(W + L + ½)). At x = 0 and x = 1
/// these are gnubg's dead and live figures. Preconditions: win, lose >= 1; 0 <= x <= 1.
[[nodiscard]] constexpr MoneyCubePoints money_cube_points(double win, double lose, double x,
                                                          bool jacoby = false) noexcept {
  const double s = win + lose;
  const double live = s + 0.5 * x;
  MoneyCubePoints p;
  p.take = (lose - 0.5) / live;
  p.beaver = lose / live;
  p.redouble = (lose + x) / live;
  p.cash = (lose + 0.5 + 0.5 * x) / live;
  if (jacoby)
    p.initial_double = ((1.0 - x) * (2.0 * lose - 1.0) + 2.0 / 3.0 * x * (lose + 1.0)) /
                       ((1.0 - x) * (2.0 * s - 2.0) + 2.0 / 3.0 * x * (s + 0.5));
  else p.initial_double = (lose * (3.0 - x) + 2.0 * x) / (s * (3.0 - x) + x);
  return p;
}

/// The average value of a player's wins (or losses) from its gammon rates: 1 + gammon + 2 ×
/// backgammon (GNU Backgammon's W and L).
[[nodiscard]] constexpr double average_win_value(double gammon_rate, double backgammon_rate) noexcept {
  return 1.0 + gammon_rate + 2.0 * backgammon_rate;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
