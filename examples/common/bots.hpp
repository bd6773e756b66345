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
/// At a chance node both sample an outcome with its probability.

#include <cstdint>

#include "boardrules/backgammon/ai/state.hpp"
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

/// The heuristic player (see the file comment). Precondition: !state.is_terminal().
template <class V>
[[nodiscard]] Action heuristic_action(const BasicState<V>& state, Rng& rng) {
  if (state.is_chance_node()) return sample_chance(state, rng);
  const auto& g = state.game();
  const auto me = g.position_of(g.turn());
  const int mine = me.pips(Side::Mover);
  const int theirs = me.pips(Side::Opponent);
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
