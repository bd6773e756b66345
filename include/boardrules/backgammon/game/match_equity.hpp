#pragma once
/// \file
/// Match equity (BG-10): a match equity table (MET), the winning chances of each score of a
/// match and of a game's result, the way GNU Backgammon computes them
/// ([docs/match.md](../../../../docs/match.md)); the cube at a score is match_cube.hpp.
///
/// A score is given as the points each player still needs ("away": 1-away needs one point);
/// `crawford` says the game about to be played is the Crawford game (BG-10.2). Chances are
/// always those of one player, `player` (0 or 1); a table may favour one seat (Jacobs' tables
/// for players of different strength), so the seats are not interchangeable.
///
/// Everything here but building a table is `noexcept`, allocation-free and thread-safe.

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <initializer_list>
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

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
