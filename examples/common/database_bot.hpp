#pragma once
/// \file
/// The database player for BasicState (a demonstration): the endgame databases where they cover
/// the position, the cube-aware player (common/cube_bot.hpp) elsewhere, in one call for every
/// decision:
///  - a throw whose every play leads to a position the databases cover (dbfiles::best_play: an
///    exact value, else the one-sided estimate) is played by the databases' best cubeless
///    equity;
///  - the cube, before the throw and facing a double, where an exact database covers the
///    position (boardrules::backgammon::cube_decision: GNU Backgammon's decision from the
///    two-sided bear-off or Hypergammon database, money or match play, db/cube_decision.hpp);
///  - everything else as bots::cube_bot_action (the heuristic player's plays and money cube, the
///    match equity table's match cube).
/// Included as "common/database_bot.hpp" with examples/ on the include path.

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/cube_decision.hpp"
#include "common/bots.hpp"
#include "common/cube_bot.hpp"
#include "common/databases.hpp"

namespace bots {

/// The database player's action in `state` (see the file comment), by the databases `dbs` (not
/// owned; any of them null), the cube-aware player `fallback` elsewhere (its table, if given,
/// also the table of the databases' match decisions; without a one-sided bear-off database of
/// its own, the one of `dbs`). Precondition: !state.is_terminal().
template <class V>
[[nodiscard]] Action database_action(const BasicState<V>& state, Rng& rng,
                                     const boardrules::backgammon::EndgameDatabases& dbs,
                                     const CubeBot& fallback = {}) {
  namespace bg = boardrules::backgammon;
  if (state.is_chance_node()) return sample_chance(state, rng);
  const auto& g = state.game();
  if (g.phase() == Phase::Rolled) {
    PlayList plays;
    g.legal_plays(plays);
    if (const auto best = dbfiles::best_play(g.position(), plays, dbs)) return Action::move(plays[best->first]);
  } else if (g.phase() == Phase::TurnStart || g.phase() == Phase::Doubled) {
    const MatchEquityTable& met = fallback.met != nullptr ? *fallback.met : bg::default_met();
    if (const auto d = bg::cube_decision(state, dbs, met)) {
      if (g.phase() == Phase::TurnStart)
        return Action::of(d->available && d->action == bg::DoubleAction::Double && fallback.doubles
                              ? ActionKind::Double
                              : ActionKind::NoDouble);
      return Action::of(d->response == bg::TakeAction::Take   ? ActionKind::Take
                        : d->response == bg::TakeAction::Drop ? ActionKind::Drop
                                                              : ActionKind::Beaver);
    }
  }
  CubeBot bot = fallback;
  if (bot.bearoff == nullptr) bot.bearoff = dbs.one_sided;
  return cube_bot_action(state, rng, bot);
}

}  // namespace bots
