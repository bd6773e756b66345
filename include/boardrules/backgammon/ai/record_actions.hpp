#pragma once
/// \file
/// A match record (formats/match_record.hpp) as the decisions of BasicState: for training
/// pipelines, every decision a player made in the record as (the state before it, the action id
/// of actions.hpp). Each step is reached through the state's own actions: a throw is the roll
/// decision where the state has one (no double), the chance outcome of the dice, then the play;
/// a resignation is the offer and its acceptance (BG-7.7); cube actions are one action each.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <string>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_record.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// One decision of a record: the state before it and the action taken (an id of actions.hpp).
template <class V = Standard>
struct RecordDecision {
  BasicState<V> state;
  int action = 0;
};

/// The decisions of `record`, in order (chance outcomes, the dice, are not decisions and are not
/// listed). The states have resignations among their actions and never end a money session
/// before the record does. Errors: those of replay_record, with the step's place.
template <class V = Standard>
[[nodiscard]] Result<std::vector<RecordDecision<V>>> record_decisions(const MatchRecord& record) {
  if (auto r = replay_record<V>(record); !r.has_value()) return r.error();
  std::vector<RecordDecision<V>> out;
  BasicMatch<V> m(record.rules);
  const StateOptions options{.resignations = true, .money_games = 1 << 30};
  BasicState<V> s(m, options);
  std::vector<BasicMatch<V>> targets;
  for (std::size_t gi = 0; gi < record.games.size(); ++gi) {
    // a record may start at any score (a match resumed): the state starts there
    const BasicMatch<V> before = m;
    record_detail::start_record_game(m, gi, record.games[gi], ReadOptions{}).ignore();  // replayed above
    if (!(m == before)) s = BasicState<V>(m, options);
    for (const RecordStep& step : record.games[gi].steps) {
      BasicMatch<V> after = m;
      record_detail::apply_record_step(after, gi, step).ignore();  // replayed above: cannot fail
      if (step.kind == StepKind::Setup) {  // an edited position is no action: the state starts there
        m = after;
        s = BasicState<V>(m, options);
        continue;
      }
      // The matches the state passes through on its way to `after`.
      targets.clear();
      if (step.kind == StepKind::Roll) {
        if (m.game().phase() == Phase::TurnStart) targets.push_back(m);  // the roll decision
        BasicMatch<V> thrown = m;
        const Status st = m.game().phase() == Phase::Opening
                              ? record_detail::opening_roll_of(thrown, step.player, step.dice)
                              : thrown.roll(step.dice);
        st.ignore();
        if (!(thrown == after)) targets.push_back(thrown);
      } else if (step.kind == StepKind::Resign) {
        BasicMatch<V> offered = m;
        offered.resign(step.resign).ignore();
        targets.push_back(offered);
      }
      targets.push_back(after);
      for (std::size_t k = 0; k < targets.size();) {
        if (k == 0 && step.kind == StepKind::Roll && s.is_chance_node() && s.match() == targets[0]) {
          ++k;  // no roll decision here (the cube is not available and resignations aside)
          continue;
        }
        const bool chance = s.is_chance_node();
        ActionIdList ids;
        if (chance) {
          ChanceOutcomeList outcomes;
          s.chance_outcomes(outcomes);
          for (const auto& o : outcomes) ids.push_back(o.action);
        } else {
          s.legal_actions(ids);
        }
        bool found = false;
        for (const int id : ids) {
          BasicState<V> t = s;
          if (!t.apply_action(id).has_value() || !(t.match() == targets[k])) continue;
          if (!chance) out.push_back(RecordDecision<V>{s, id});
          s = t;
          found = true;
          break;
        }
        if (!found)
          return make_error(ErrorCode::illegal_action, "the step is not an action of the state",
                            record_detail::step_where(gi, step), step.offset);
        ++k;
      }
      m = after;
    }
  }
  return out;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
