#pragma once
/// \file
/// Match equity (BG-10): a match equity table (MET), the winning chances of each score of a
/// match, and the arithmetic of a game's result and of the cube at a score, the way GNU
/// Backgammon computes them ([docs/match.md](../../../../docs/match.md)).
///
/// A score is given as the points each player still needs ("away": 1-away needs one point);
/// `crawford` says the game about to be played is the Crawford game (BG-10.2). Chances are
/// always those of one player, `player` (0 or 1); a table may favour one seat (Jacobs' tables
/// for players of different strength), so the seats are not interchangeable.
///
/// Everything here but building a table is `noexcept`, allocation-free and thread-safe.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/game/met_kazaross_xg2.hpp"
#include "boardrules/backgammon/game/scoring.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The longest score a table covers: 64-away (GNU Backgammon's MAXSCORE). A score farther away
/// is read as 64-away (the tables are flat there: 0.999... against a short lead).
inline constexpr int kMetMaxAway = 64;

/// A match equity table: the winning chances of player 0 at every score up to 64-away, before
/// the Crawford game (pre-Crawford, the Crawford game itself included: its row is 1-away) and
/// after it (post-Crawford, one row per player: the trailer's chances against the 1-away
/// leader). Built from a file's figures (formats/met_xml.hpp reads GNU Backgammon's files) and
/// extended to 64-away as GNU Backgammon extends it; default_met() is the built-in one.
/// Stores floats, as GNU Backgammon does, so the figures are gnubg's to the last bit.
class MatchEquityTable {
 public:
  /// Where a table came from: its name, description and native length (the scores its file
  /// gives; the rest is extended).
  struct Info {
    std::string name;
    std::string description;
    int length = 0;
  };

  /// The table of a file's explicit figures: `pre` is length × length, row by row (row i,
  /// column j: player 0 at (i+1)-away against (j+1)-away); `post0` / `post1` the post-Crawford
  /// chances of player 0 / 1 as trailer at 1-away, 2-away, ... against the 1-away leader, at
  /// least length − 1 of them (only those are used: as GNU Backgammon does, the entry at
  /// length-away is computed, since the first post-Crawford score of a length-point match is
  /// (length − 1)-away). The rest up to 64-away is extended: pre-Crawford by David
  /// Montgomery's normal-distribution formula, post-Crawford by Zadeh's recurrence with a
  /// gammon rate of 0.25, exactly as GNU Backgammon 1.07 does.
  /// Errors: ErrorCode::out_of_range (a length outside 1..64, a figure outside [0, 1] or not a
  /// number), ErrorCode::corrupted (too few or too many figures); `where` is "match equity table".
  [[nodiscard]] static Result<MatchEquityTable> from_figures(Info info, std::span<const float> pre,
                                                             std::span<const float> post0,
                                                             std::span<const float> post1) {
    const char* where = "match equity table";
    const int n = info.length;
    if (n < 1 || n > kMetMaxAway)
      return make_error(ErrorCode::out_of_range,
                        "length " + std::to_string(n) + " is outside 1.." + std::to_string(kMetMaxAway), where);
    const auto nn = static_cast<std::size_t>(n);
    if (pre.size() != nn * nn)
      return make_error(ErrorCode::corrupted,
                        "pre-Crawford table has " + std::to_string(pre.size()) + " figures, not " + std::to_string(n) +
                            " x " + std::to_string(n),
                        where);
    for (const std::span<const float> post : {post0, post1})
      if (post.size() + 1 < nn || post.size() > static_cast<std::size_t>(kMetMaxAway))
        return make_error(ErrorCode::corrupted,
                          "post-Crawford table has " + std::to_string(post.size()) + " figures, not " +
                              std::to_string(n - 1) + " or " + std::to_string(n),
                          where);
    for (const std::span<const float> s : {pre, post0, post1})
      for (const float v : s)
        if (!(v >= 0.0f && v <= 1.0f))
          return make_error(ErrorCode::out_of_range, "a winning chance outside 0..1", where);

    MatchEquityTable t;
    t.info_ = std::move(info);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) t.pre_[idx(i)][idx(j)] = pre[static_cast<std::size_t>(i * n + j)];
    const std::span<const float> posts[2] = {post0, post1};
    for (int p = 0; p < 2; ++p) {
      for (int i = 0; i < n - 1; ++i) t.post_[idx(p)][idx(i)] = posts[p][idx(i)];
      t.extend_post_crawford(p, n - 1, PostCrawfordParameters{});
    }
    t.extend_pre_crawford(n);
    return t;
  }

  /// The parameters of GNU Backgammon's post-Crawford formula (Zadeh's): the trailer's
  /// gammon rate, and the value of the free drop at 2-away and 4-away.
  struct PostCrawfordParameters {
    float gammon_rate = 0.25f;
    float free_drop_2_away = 0.015f;
    float free_drop_4_away = 0.004f;
  };

  /// The table GNU Backgammon 1.07 makes of a file of type "zadeh" (gnubg's met/zadeh.xml):
  /// the post-Crawford rows from Zadeh's recurrence with the given parameters from 1-away on,
  /// and the pre-Crawford table from Montgomery's formula from 1-away on. (gnubg computes
  /// Zadeh's pre-Crawford table too, then extends it from the file's length, which is −1 for
  /// such a table, so the extension overwrites all of it: these are the figures gnubg uses.)
  /// `info.length` is 0: no figure comes from the file. Errors: ErrorCode::out_of_range (a
  /// parameter outside 0..1, or chances outside 0..1 computed from them).
  [[nodiscard]] static Result<MatchEquityTable> from_zadeh_parameters(Info info, PostCrawfordParameters post0,
                                                                      PostCrawfordParameters post1) {
    return computed(std::move(info),
                    {post0.gammon_rate, post0.free_drop_2_away, post0.free_drop_4_away, post1.gammon_rate,
                     post1.free_drop_2_away, post1.free_drop_4_away},
                    [&](MatchEquityTable& t) {
                      t.extend_post_crawford(0, 0, post0);
                      t.extend_post_crawford(1, 0, post1);
                    });
  }

  /// The parameters of the post-Crawford rows of Claes Tornberg's match equity calculator
  /// ("mec", as GNU Backgammon computes them): the gammon rate of both players, the trailer's
  /// chances of winning a game, and the free drops at 2-away and 4-away.
  struct MecParameters {
    float gammon_rate = 0.25f;
    float win_rate = 0.5f;
    float free_drop_2_away = 0.015f;
    float free_drop_4_away = 0.004f;
  };

  /// The table GNU Backgammon 1.07 makes of a file of type "mec" (gnubg's met/mec.xml): each
  /// player's post-Crawford row from Tornberg's recurrence with that player's parameters (see
  /// mec_post_crawford_row), and the pre-Crawford table from Montgomery's formula from 1-away
  /// on. (gnubg computes Tornberg's pre-Crawford table from these rows too, then extends the
  /// table from the file's length, −1, which overwrites all of it: these are the figures gnubg
  /// uses.) `info.length` is 0. Errors: ErrorCode::out_of_range (a parameter outside 0..1, or
  /// chances outside 0..1 computed from them: large free drops).
  [[nodiscard]] static Result<MatchEquityTable> from_mec_parameters(Info info, MecParameters post0,
                                                                    MecParameters post1) {
    return computed(std::move(info),
                    {post0.gammon_rate, post0.win_rate, post0.free_drop_2_away, post0.free_drop_4_away,
                     post1.gammon_rate, post1.win_rate, post1.free_drop_2_away, post1.free_drop_4_away},
                    [&](MatchEquityTable& t) {
                      t.post_[0] = mec_post_crawford_row(post0);
                      t.post_[1] = mec_post_crawford_row(post1);
                    });
  }

  /// Tornberg's post-Crawford row, as GNU Backgammon computes it (in double, each figure then
  /// rounded to float): the trailer at n-away against the 1-away leader, winning a game with
  /// chances w. Both 1-away: w. At an even away the trailer is as well off as one point closer
  /// (the leader's free drop), less `free_drop_2_away` at 2-away and plus `free_drop_4_away`
  /// at 4-away (gnubg's sign there). At an odd away: the trailer loses the match on a loss, is
  /// (n − 2)-away on a single win and (n − 4)-away on a gammon (a `gammon_rate` share of its
  /// wins); 0-away or less has won. Entry i is (i + 1)-away.
  [[nodiscard]] static std::array<float, kMetMaxAway> mec_post_crawford_row(const MecParameters& q) noexcept {
    const double g = q.gammon_rate;
    const double w = q.win_rate;
    std::array<double, kMetMaxAway + 1> e{};  // e[n]: the trailer at n-away; e[0] = 1: won
    e[0] = 1.0;
    e[1] = w;
    for (int n = 2; n <= kMetMaxAway; ++n) {
      const auto un = static_cast<std::size_t>(n);
      if (n % 2 == 0) {
        e[un] = e[un - 1];
        if (n == 2) e[un] -= q.free_drop_2_away;
        if (n == 4) e[un] += q.free_drop_4_away;
      } else {
        const std::size_t single = n - 2 > 0 ? un - 2 : 0;
        const std::size_t gammon = n - 4 > 0 ? un - 4 : 0;
        e[un] = 0.0 * (1.0 - w) + e[single] * w * (1.0 - g) + e[gammon] * w * g;
      }
    }
    std::array<float, kMetMaxAway> row{};
    for (std::size_t i = 0; i < row.size(); ++i) row[i] = static_cast<float>(e[i + 1]);
    return row;
  }

  /// Player 0's winning chances at (away0)-away against (away1)-away before the Crawford game
  /// or in it (away0 or away1 = 1: the Crawford game). Aways outside 1..kMetMaxAway are read
  /// as the nearest end.
  [[nodiscard]] float pre_crawford(int away0, int away1) const noexcept {
    return pre_[idx(clamp(away0) - 1)][idx(clamp(away1) - 1)];
  }
  /// The winning chances of `trailer` (0, or else 1) at `away`-away against the 1-away leader
  /// after the Crawford game (away = 1: both 1-away, the double match point; outside
  /// 1..kMetMaxAway, the nearest end).
  [[nodiscard]] float post_crawford(int trailer, int away) const noexcept {
    return post_[trailer == 0 ? 0 : 1][idx(clamp(away) - 1)];
  }

  [[nodiscard]] const Info& info() const noexcept { return info_; }
  [[nodiscard]] const std::string& name() const noexcept { return info_.name; }
  [[nodiscard]] const std::string& description() const noexcept { return info_.description; }
  /// The scores the table's source gives (25 for Kazaross-XG2); the rest is extended.
  [[nodiscard]] int length() const noexcept { return info_.length; }

 private:
  MatchEquityTable() = default;
  static constexpr std::size_t idx(int i) noexcept { return static_cast<std::size_t>(i); }
  static constexpr int clamp(int away) noexcept { return away < 1 ? 1 : away > kMetMaxAway ? kMetMaxAway : away; }

  // A computed table: its parameters checked, its post-Crawford rows made by `fill` and checked,
  // its pre-Crawford table Montgomery's from 1-away on; no figure comes from a file (length 0).
  template <class Fill>
  static Result<MatchEquityTable> computed(Info info, std::initializer_list<float> parameters, Fill&& fill) {
    for (const float v : parameters)
      if (!(v >= 0.0f && v <= 1.0f))
        return make_error(ErrorCode::out_of_range, "a post-Crawford parameter outside 0..1", "match equity table");
    MatchEquityTable t;
    t.info_ = std::move(info);
    t.info_.length = 0;
    fill(t);
    for (const auto& row : t.post_)
      for (const float v : row)
        if (!(v >= 0.0f && v <= 1.0f))
          return make_error(ErrorCode::out_of_range, "the post-Crawford parameters give chances outside 0..1",
                            "match equity table");
    t.extend_pre_crawford(0);
    return t;
  }

  // Post-Crawford, from `start` on (Zadeh's recurrence): the trailer n-away wins the next game
  // half the time and is (n-2)-away, or (a `gammon_rate` share of its wins) (n-4)-away; the
  // leader wins the match on any win. The free drops at 2-away and 4-away are subtracted there,
  // which only reaches tables computed from 1-away or shorter than 3 and 5 points. In float, as
  // GNU Backgammon computes it (an explicit table's rows are extended with the defaults).
  void extend_post_crawford(int p, int start, const PostCrawfordParameters& q) noexcept {
    const float g = q.gammon_rate;
    auto& row = post_[idx(p)];
    for (int i = start; i < kMetMaxAway; ++i) {
      const float four = i - 4 >= 0 ? row[idx(i - 4)] : 1.0f;
      const float two = i - 2 >= 0 ? row[idx(i - 2)] : 1.0f;
      row[idx(i)] = g * 0.5f * four + (1.0f - g) * 0.5f * two;
      if (i == 1) row[idx(i)] -= q.free_drop_2_away;
      if (i == 3) row[idx(i)] -= q.free_drop_4_away;
    }
  }

  // Pre-Crawford beyond the file (David Montgomery's extension): the points still needed are
  // normal with a standard deviation per game of sd(n) at n-away, over (n0 + n1) / 2 games; the
  // trailer wins when the difference of the aways is covered, within six sigmas. Evaluated in
  // float as GNU Backgammon's build evaluates it (compiled with -ffast-math, which rearranges
  // its formula into the one below: one square root, a multiplication by 1/sqrt(2) in float,
  // the two halves subtracted before halving), so that every figure is gnubg's bit for bit;
  // the other half of the table is 1 - its mirror.
  void extend_pre_crawford(int n) noexcept {
    constexpr float sd[] = {0.0f, 1.24f, 1.27f, 1.47f, 1.50f, 1.60f, 1.61f, 1.66f, 1.68f, 1.70f, 1.72f, 1.77f};
    const auto stddev = [&](int away) { return away > 10 ? 1.77f : sd[away]; };
    constexpr float inv_sqrt2 = 0.70710677f;
    const float top = std::erf(6.0f * inv_sqrt2);  // 1 in float: six sigmas
    for (int i = n; i < kMetMaxAway; ++i) {
      const int s0 = i + 1;
      const float sd0 = stddev(s0);
      for (int j = 0; j <= i; ++j) {
        const int s1 = j + 1;
        const float games = static_cast<float>(s0 + s1) * 0.5f;
        const float sd1 = stddev(s1);
        const float sigma = std::sqrt((sd0 * sd0 + sd1 * sd1) * games);
        const auto diff = static_cast<float>(s0 - s1);
        pre_[idx(i)][idx(j)] = 6.0f * sigma > diff ? (top - std::erf(diff / sigma * inv_sqrt2)) * 0.5f : 0.0f;
      }
    }
    for (int i = 0; i < kMetMaxAway; ++i)
      for (int j = i < n ? n : i + 1; j < kMetMaxAway; ++j) pre_[idx(i)][idx(j)] = 1.0f - pre_[idx(j)][idx(i)];
  }

  Info info_;
  std::array<std::array<float, kMetMaxAway>, kMetMaxAway> pre_{};
  std::array<std::array<float, kMetMaxAway>, 2> post_{};
};

/// The built-in table: Kazaross-XG2 (Neil Kazaross; XG rollouts to 9-away, gnubg rollouts to
/// 15-away, projected to 25-away), GNU Backgammon's default, extended to 64-away. Built on the
/// first call (thread-safe), then shared.
[[nodiscard]] inline const MatchEquityTable& default_met() noexcept {
  static const MatchEquityTable table = [] {
    constexpr int n = met_data::kKazarossXg2Length;
    auto t = MatchEquityTable::from_figures(
        {met_data::kKazarossXg2Name, met_data::kKazarossXg2Description, n},
        std::span<const float>(&met_data::kKazarossXg2Pre[0][0], static_cast<std::size_t>(n * n)),
        met_data::kKazarossXg2Post, met_data::kKazarossXg2Post);
    return *std::move(t);  // the built-in figures are valid (a test checks them)
  }();
  return table;
}

namespace met_detail {
[[nodiscard]] constexpr int clamp_away(int away) noexcept { return away > kMetMaxAway ? kMetMaxAway : away; }

// Player 0's chances at a score, from the post-Crawford table when `post` (a player is 1-away
// and the Crawford game is over), else the pre-Crawford one; a player at 0 or less has won.
[[nodiscard]] inline float chances0(const MatchEquityTable& met, int away0, int away1, bool post) noexcept {
  if (away0 <= 0) return 1.0f;
  if (away1 <= 0) return 0.0f;
  away0 = clamp_away(away0);
  away1 = clamp_away(away1);
  if (post) return away0 == 1 ? 1.0f - met.post_crawford(1, away1) : met.post_crawford(0, away0);
  return met.pre_crawford(away0, away1);
}
[[nodiscard]] constexpr double for_player(float chances0, int player) noexcept {
  return player == 0 ? static_cast<double>(chances0) : static_cast<double>(1.0f - chances0);
}
// A cube value a match can hold (1..kMaxCubeValue, BG-8.5): the cube arithmetic below (up to 6
// times twice the cube for a redoubled backgammon) stays far inside an int.
[[nodiscard]] constexpr bool cube_in_range(int cube_value) noexcept {
  return cube_value >= 1 && cube_value <= kMaxCubeValue;
}
}  // namespace met_detail

/// The match winning chances (MWC) of `player` at the start of a game at away0-away /
/// away1-away: the Crawford game when `crawford` (a player is 1-away and the game is the
/// Crawford game, BG-10.2), post-Crawford when a player is 1-away without it, the match won
/// (1 or 0) when a player's away is 0 or less. Scores beyond 64-away count as 64-away.
/// GNU Backgammon's getMEAtScore. Precondition: player is 0 or 1.
[[nodiscard]] inline double match_winning_chances(const MatchEquityTable& met, int away0, int away1, bool crawford,
                                                  int player = 0) noexcept {
  const bool post = !crawford && (away0 == 1 || away1 == 1);
  return met_detail::for_player(met_detail::chances0(met, away0, away1, post), player);
}

/// The MWC of `player` after a game started at away0-away / away1-away ends with `winner`
/// scoring `points`: 1 or 0 when the match is won (the score passes the length), post-Crawford
/// when the game was the Crawford game or a post-Crawford game (a player was 1-away), and the
/// pre-Crawford table otherwise (its 1-away row being the Crawford game to come). GNU
/// Backgammon's getME. Preconditions: away0, away1 >= 1; winner and player 0 or 1; points >= 0.
[[nodiscard]] inline double match_winning_chances_after(const MatchEquityTable& met, int away0, int away1, int winner,
                                                        int points, int player = 0) noexcept {
  const bool post = away0 == 1 || away1 == 1;
  const int a0 = winner == 0 ? away0 - points : away0;
  const int a1 = winner == 1 ? away1 - points : away1;
  return met_detail::for_player(met_detail::chances0(met, a0, a1, post), player);
}

/// The MWC of `player` after a cubeless result: `winner` wins a game of `kind` (Single, Gammon,
/// Backgammon: 1, 2, 3 times the cube; a backgammon 2 with `bg_as_gammon`, BG-7.6) with the
/// cube at `cube_value`, from a game started at away0-away / away1-away. The Jacoby rule does
/// not apply in a match (BG-9.3). Preconditions: as match_winning_chances_after; kind is not
/// None; 1 <= cube_value <= kMaxCubeValue (a cube a match can hold; asserted in debug builds).
[[nodiscard]] inline double result_winning_chances(const MatchEquityTable& met, int away0, int away1, int winner,
                                                   WinKind kind, int cube_value, int player = 0,
                                                   bool bg_as_gammon = false) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  return match_winning_chances_after(met, away0, away1, winner, cube_value * win_multiplier(kind, bg_as_gammon, false),
                                     player);
}

/// MWC converted to equity in money-like units, as GNU Backgammon shows match equity (its
/// mwc2eq): the linear map sending `player` losing the cube value to −1 and winning it to +1,
/// from a game at away0-away / away1-away with the cube at `cube_value` (so a single game won
/// is +1 and a gammon about +2, as in money play). The inverse is equity_to_mwc.
/// Preconditions: as match_winning_chances_after, and the two results differ (a cube that
/// decides the match either way still does: 1 against 0); 1 <= cube_value <= kMaxCubeValue.
[[nodiscard]] inline double mwc_to_equity(const MatchEquityTable& met, int away0, int away1, int cube_value, int player,
                                          double mwc) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  const double win = match_winning_chances_after(met, away0, away1, player, cube_value, player);
  const double lose = match_winning_chances_after(met, away0, away1, 1 - player, cube_value, player);
  return (2.0 * mwc - (win + lose)) / (win - lose);
}

/// Equity in money-like units (see mwc_to_equity) converted to MWC (GNU Backgammon's eq2mwc).
/// Preconditions: as mwc_to_equity.
[[nodiscard]] inline double equity_to_mwc(const MatchEquityTable& met, int away0, int away1, int cube_value, int player,
                                          double equity) noexcept {
  assert(met_detail::cube_in_range(cube_value));
  const double win = match_winning_chances_after(met, away0, away1, player, cube_value, player);
  const double lose = match_winning_chances_after(met, away0, away1, 1 - player, cube_value, player);
  return 0.5 * (equity * (win - lose) + (win + lose));
}

// --- the cube ------------------------------------------------------------------------------

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
