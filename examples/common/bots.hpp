#pragma once
/// \file
/// Two simple demonstration players for BasicState, used by the examples, the soak tests and the
/// allocation tests (not strong players, and not part of the library: the cube thresholds below
/// are arbitrary). Included as "common/bots.hpp" with examples/ on the include path.
///  - random_action: a uniformly random legal play; cube: doubles 10% of the time it may,
///    takes half of the doubles (facing a double or a beaver where another beaver or a raccoon
///    is allowed, BG-9.4: takes, drops or redoubles, a third each); resigns 1 time in 30 when the
///    state offers resignations and accepts half of the resignations;
///  - heuristic_action: the play with the best simple evaluation (pips, hits, blots, points made,
///    checkers off); cube by pip count: doubles with a lead of 8% or more (and 6 pips), takes a
///    deficit up to 12% (and 10 pips), beavers (and raccoons) where the rules allow it (BG-9.4)
///    when it is not behind in the race, accepts resignations worth at least its expected win.
///    Before the pip count, what the pip count, a short race and the match equity table decide
///    at once (cube_sense): the cube decisions of short races (both sides at most 4 checkers,
///    all home, one off each: the last-roll and two-roll positions) exactly, from a small
///    two-sided bear-off database built at first use (short_races: GNU Backgammon's decisions,
///    db/cube_decision.hpp); in a match, no double with a cube that already wins the match, a
///    double at once when losing more costs nothing (the opponent wins the match with any win:
///    the trailer after the Crawford game), the take or pass by the table (the MWC of taking
///    against passing on its estimate of the game, game_chances); no double when too good: a
///    race the player on roll should finish before the opponent bears a checker off (a gammon;
///    not under the Jacoby rule with the cube centred, where it counts single).
/// At a chance node both sample an outcome with its probability.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/cube_decision.hpp"
#include "boardrules/backgammon/game/match_equity.hpp"
#include "boardrules/core/random.hpp"

// In a namespace of their own: code outside the library does not open the library's
// namespaces (they are inline-tagged by instruction set, see boardrules/core/config.hpp).
namespace bots {

using boardrules::Rng;
using boardrules::backgammon::Action;
using boardrules::backgammon::ActionKind;
using boardrules::backgammon::BasicPosition;
using boardrules::backgammon::BasicState;
using boardrules::backgammon::ChanceOutcomeList;
using boardrules::backgammon::kBar;
using boardrules::backgammon::MatchEquityTable;
using boardrules::backgammon::OneSidedBearoff;
using boardrules::backgammon::Phase;
using boardrules::backgammon::PlayList;
using boardrules::backgammon::Resign;
using boardrules::backgammon::Side;

/// A chance outcome drawn with its probability, as an Action. Precondition: state.is_chance_node().
template <class V>
[[nodiscard]] Action sample_chance(const BasicState<V>& state, Rng& rng) {
  ChanceOutcomeList c;
  state.chance_outcomes(c);
  double u = rng.uniform();
  int id = c.back().action;
  for (const auto& o : c) {
    if (u < o.probability) {
      id = o.action;
      break;
    }
    u -= o.probability;
  }
  return *state.to_action(id);  // a chance outcome: legal
}

/// The random player (see the file comment). Precondition: !state.is_terminal().
template <class V>
[[nodiscard]] Action random_action(const BasicState<V>& state, Rng& rng) {
  if (state.is_chance_node()) return sample_chance(state, rng);
  const auto& g = state.game();
  if (state.options().resignations && rng.below(30) == 0) {
    const auto kind = static_cast<Resign>(rng.below(3) + 1);
    if (g.may_resign(kind)) return Action::resignation(kind);
  }
  switch (g.phase()) {
    case Phase::TurnStart:
      return Action::of(g.may_double() && rng.below(10) == 0 ? ActionKind::Double : ActionKind::NoDouble);
    case Phase::Doubled: {
      if (g.may_beaver()) {
        const std::uint32_t r = rng.below(3);
        return Action::of(r == 2 ? ActionKind::Beaver : r == 1 ? ActionKind::Take : ActionKind::Drop);
      }
      return Action::of(rng.below(2) ? ActionKind::Take : ActionKind::Drop);
    }
    case Phase::Resigned: return Action::of(rng.below(2) ? ActionKind::Accept : ActionKind::Reject);
    default: {
      PlayList plays;
      g.legal_plays(plays);
      return Action::move(plays[rng.below(static_cast<std::uint32_t>(plays.size()))]);
    }
  }
}

namespace detail {
/// Simple evaluation of a position after the mover's play (still from the mover's view).
template <class V>
[[nodiscard]] constexpr int bot_score(const BasicPosition<V>& p) noexcept {
  int s = 0;
  s += 2 * p.pips(Side::Opponent) - 2 * p.pips(Side::Mover);
  s += 12 * p.borne_off(Side::Mover);
  s += 10 * p.opponent(kBar);
  for (int pt = 1; pt <= 24; ++pt) {
    const int n = p.mover(pt);
    if (n == 1) {
      // a blot: worse the more opposing checkers stand behind it within direct range
      int threat = 0;
      for (int q = pt + 1; q <= 24 && q <= pt + 12; ++q) threat += p.opponent_at_mover_point(q) > 0 ? 1 : 0;
      threat += p.opponent(kBar) > 0 ? 2 : 0;
      s -= 3 + 2 * threat;
    } else if (n >= 2) {
      s += pt <= 6 ? 6 : pt <= 9 ? 4 : 2;
    }
  }
  return s;
}
}  // namespace detail

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

/// The cubeless chances of the player on roll in `p` (its view) to win the game: with both sides'
/// checkers all in their home boards (or off) and a one-sided bear-off database given, from the
/// two distributions of rolls to bear off; in another race, Kleinman's formula on the pip counts;
/// with contact the same formula, its lead halved toward 50% (pips say less there). Gammons are
/// not estimated.
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
  const bool crawford_next =
      m.rules().crawford && !m.post_crawford() && !m.game().crawford() && (away[0] == 1 || away[1] == 1);
  return boardrules::backgammon::match_winning_chances(met, away[0], away[1], crawford_next, player);
}

/// The short races the bots decide exactly: GNU Backgammon's two-sided bear-off database of 6
/// points and 4 checkers (44,100 entries, built at the first call, a few milliseconds; then
/// shared, read-only). Its positions include the last-roll and two-roll positions of up to 4
/// checkers a side.
[[nodiscard]] inline const boardrules::backgammon::TwoSidedBearoff& short_races() {
  static const boardrules::backgammon::TwoSidedBearoff db =
      boardrules::backgammon::build_two_sided_bearoff(6, 4, {.threads = 1, .progress = {}}).value();
  return db;
}

namespace cube_detail {

/// The player on roll is too good to double in a race: the opponent has borne off nothing and
/// needs at least as many throws to bring its checkers home and bear one off as the player on
/// roll needs to bear off all of its own, so that it should finish first: a gammon (BG-7.4),
/// worth more than the opponent's pass (BG-8.1). Throws counted from the pips (8.17 a throw; the
/// opponent's pips outside its home board plus 3) and from the checkers to move (a die each: the
/// opponent's outside its home board and one to bear off, the player's to bear off, two a throw).
template <class V>
[[nodiscard]] bool too_good(const BasicPosition<V>& p) noexcept {
  if (p.borne_off(Side::Opponent) > 0 || !no_contact(p)) return false;
  int outside = 0, outside_checkers = 0;  // the opponent's pips and checkers outside its home board
  for (int pt = 7; pt <= 24; ++pt) outside += p.opponent(pt) * (pt - 6), outside_checkers += p.opponent(pt);
  const double theirs = std::fmax(std::ceil((outside + 3) / 8.17), std::ceil((outside_checkers + 1) / 2.0));
  const double mine = std::fmax(std::ceil(p.pips(Side::Mover) / 8.17), std::ceil(p.on_board(Side::Mover) / 2.0));
  return mine <= theirs;
}

/// The cube decision that the short races, the match score or a gammon decide (see the file
/// comment), as the action of the player to decide; nothing where the pip count is left to decide.
/// `met` for match play; `bearoff` (or null) for the estimate of the game (game_chances).
template <class V>
[[nodiscard]] std::optional<ActionKind> cube_sense(const BasicState<V>& state, const MatchEquityTable& met,
                                                   const OneSidedBearoff* bearoff) noexcept {
  using boardrules::backgammon::DoubleAction;
  using boardrules::backgammon::TakeAction;
  const auto& g = state.game();
  const bool offer = g.phase() == Phase::TurnStart;
  if (state.is_chance_node() || (!offer && (g.phase() != Phase::Doubled || g.beavers_in_a_row() != 0)))
    return std::nullopt;
  if (offer && !g.may_double()) return ActionKind::NoDouble;
  // Short races: GNU Backgammon's decision.
  const boardrules::backgammon::EndgameDatabases dbs{
      .two_sided = &short_races(), .hyper = nullptr, .one_sided = nullptr};
  if (const auto d = boardrules::backgammon::cube_decision(state, dbs, met)) {
    if (offer) return d->available && d->action == DoubleAction::Double ? ActionKind::Double : ActionKind::NoDouble;
    return d->response == TakeAction::Take   ? ActionKind::Take
           : d->response == TakeAction::Drop ? ActionKind::Drop
                                             : ActionKind::Beaver;
  }
  const int roller = g.on_roll();
  const auto& rules = state.match().rules();
  if (rules.is_match()) {
    const int c = g.cube().value();
    const int away[2] = {rules.match_length - state.match().score()[0], rules.match_length - state.match().score()[1]};
    if (offer) {
      // A cube that already wins the match for the player on roll: a double only gives it away.
      if (away[roller] <= c) return ActionKind::NoDouble;
      // The opponent wins the match with any win: losing twice the points costs nothing more.
      if (away[1 - roller] <= c) return ActionKind::Double;
    } else {
      // Take or pass by the table, on the taker's estimate of the game (a dead cube).
      const int taker = 1 - roller;
      const double q = 1.0 - game_chances(g.position(), bearoff);
      const double take =
          q * mwc_after(state, met, taker, taker, 2 * c) + (1.0 - q) * mwc_after(state, met, taker, roller, 2 * c);
      const double pass = mwc_after(state, met, taker, roller, c);
      return take >= pass ? ActionKind::Take : ActionKind::Drop;
    }
  }
  // Under the Jacoby rule a centred cube's gammons count single (BG-9.2): never too good there.
  const bool gammons_count = !rules.effective_jacoby() || !g.cube().is_centered();
  if (offer && gammons_count && too_good(g.position())) return ActionKind::NoDouble;
  return std::nullopt;
}

}  // namespace cube_detail

/// The heuristic player (see the file comment). Precondition: !state.is_terminal().
template <class V>
[[nodiscard]] Action heuristic_action(const BasicState<V>& state, Rng& rng) {
  if (state.is_chance_node()) return sample_chance(state, rng);
  const auto& g = state.game();
  const auto me = g.position_of(g.turn());
  const int mine = me.pips(Side::Mover);
  const int theirs = me.pips(Side::Opponent);
  if (const auto sense = cube_detail::cube_sense(state, boardrules::backgammon::default_met(), nullptr))
    return Action::of(*sense);
  switch (g.phase()) {
    case Phase::TurnStart: {
      const bool lead = theirs - mine >= 6 && (theirs - mine) * 100 >= 8 * mine;
      return Action::of(g.may_double() && lead ? ActionKind::Double : ActionKind::NoDouble);
    }
    case Phase::Doubled: {
      const int deficit = mine - theirs;
      // A take that is not behind in the race is very good: beaver (or raccoon) where the rules
      // allow (BG-9.4).
      if (deficit <= 0 && g.may_beaver()) return Action::of(ActionKind::Beaver);
      return Action::of(deficit <= 10 || deficit * 100 <= 12 * mine ? ActionKind::Take : ActionKind::Drop);
    }
    case Phase::Resigned: {
      // accept an offer at least as large as what the pip race suggests
      const int offered = static_cast<int>(g.resignation());
      const bool far_ahead = theirs - mine > 40;
      return Action::of(offered >= 2 || !far_ahead ? ActionKind::Accept : ActionKind::Reject);
    }
    default: {
      PlayList plays;
      g.legal_plays(plays);
      std::size_t best = 0;
      int best_score = 0;
      std::uint32_t ties = 0;
      for (std::size_t i = 0; i < plays.size(); ++i) {
        const int sc = detail::bot_score(boardrules::backgammon::apply(g.position(), plays[i]));
        if (i == 0 || sc > best_score) {
          best = i;
          best_score = sc;
          ties = 1;
        } else if (sc == best_score && rng.below(++ties) == 0) {
          best = i;
        }
      }
      return Action::move(plays[best]);
    }
  }
}

}  // namespace bots
