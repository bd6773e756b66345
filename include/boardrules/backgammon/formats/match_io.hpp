#pragma once
/// \file
/// A match and its IDs (match_id.hpp, xgid.hpp): the Match ID fields and GNUbg ID of a match in
/// progress, and a match resumed from an ID's position and fields, checked as play would have
/// made it. The glue between the formats and the match layer, which know nothing of each other.

#include "boardrules/core/config.hpp"

#include <string>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The position as GNU Backgammon shows it in the match's ID: from the player on roll, the
/// start position between games.
template <class V>
[[nodiscard]] constexpr BasicPosition<V> id_position(const BasicMatch<V>& m) noexcept {
  return m.game().phase() == Phase::Opening ? BasicPosition<V>::start() : m.game().position();
}

/// The fields of the match's Match ID. Between games (Opening, before the first throw of the
/// next game) the game state is None; once the match is over, the last game's end is described
/// (Over, Resigned or Dropped). Scores above what the ID holds are written as its maximum.
template <class V>
[[nodiscard]] MatchIdFields match_id_fields(const BasicMatch<V>& m) {
  constexpr auto clamp_score = [](int s) { return s > kMaxIdScore ? kMaxIdScore : s; };
  MatchIdFields f;
  const BasicGame<V>& g = m.game();
  f.cube_value = g.cube().value();
  f.cube_owner = g.cube().owner();
  f.crawford = g.crawford();
  f.match_length = m.rules().match_length;
  f.score = {clamp_score(m.score()[0]), clamp_score(m.score()[1])};
  f.jacoby = m.jacoby_bit();
  switch (g.phase()) {
    case Phase::Opening: f.state = MatchIdGameState::None; break;
    case Phase::Over:
      f.state = g.result().reason == EndReason::BorneOff  ? MatchIdGameState::Over
                : g.result().reason == EndReason::Dropped ? MatchIdGameState::Dropped
                                                          : MatchIdGameState::Resigned;
      break;
    default: f.state = MatchIdGameState::Playing;
  }
  if (g.phase() != Phase::Opening) {
    f.on_roll = g.on_roll();
    f.turn = g.turn();
  }
  f.doubled = g.phase() == Phase::Doubled;
  f.resigned = g.phase() == Phase::Resigned ? static_cast<int>(g.resignation()) : 0;
  if (g.dice_rolled()) {
    f.die1 = g.dice().d1();
    f.die2 = g.dice().d2();
  }
  return f;
}

/// The 12-character Match ID of the match.
template <class V>
[[nodiscard]] std::string format_match_id(const BasicMatch<V>& m) {
  return format_match_id(match_id_fields(m));
}

/// The GNUbg ID "PositionID:MatchID" of the match.
template <class V>
[[nodiscard]] std::string format_gnubg_id(const BasicMatch<V>& m) {
  return format_gnubg_id(id_position(m), match_id_fields(m));
}

/// A match in progress from a decoded GNUbg ID (position seen from fields.on_roll).
/// `rules` gives the options the ID does not carry (Crawford on/off, cap, beavers...); its
/// match length and Jacoby flag are taken from the ID (in a match the Jacoby bit has no effect,
/// BG-9.3, but is written back as the ID had it). Only a game being played can be resumed
/// (game state Playing), and only in a state play can reach: see BasicGame::resume for the cube,
/// the double on offer and a throw with no legal play (the turn passes, BG-3.8); a resignation
/// and a double are never offered at once; a Crawford game is a game of a match longer than 1
/// point, at a score where a player is 1 point away, with the Crawford rule on (BG-10.2).
template <class V>
[[nodiscard]] Result<BasicMatch<V>> match_from_gnubg(const BasicPosition<V>& position, const MatchIdFields& f,
                                                     SessionRules rules = SessionRules{}) {
  if (auto st = validate(f); !st.has_value()) return st.error();
  if (f.state != MatchIdGameState::Playing)
    return make_error(ErrorCode::invalid_state, "only a game being played can be resumed", "game state");
  rules.match_length = f.match_length;
  rules.jacoby = f.jacoby && f.match_length == 0;
  if (auto st = validate(rules); !st.has_value()) return st.error();
  MatchInProgress<V> m{BasicGame<V>(rules, false), {f.score[0], f.score[1]}, false, f.jacoby};
  if (rules.is_match()) {
    if (m.score[0] >= f.match_length || m.score[1] >= f.match_length)
      return make_error(ErrorCode::invalid_state, "a player has already won the match", "score");
    const bool at_least_one_away = m.score[0] == f.match_length - 1 || m.score[1] == f.match_length - 1;
    if (f.crawford && !at_least_one_away)
      return make_error(ErrorCode::invalid_state, "Crawford game flagged but no player is 1 point from winning",
                        "crawford");
    if (f.crawford && (!rules.crawford || f.match_length == 1))
      return make_error(ErrorCode::invalid_state, "Crawford game flagged where none is played (BG-10.2)", "crawford");
    // No Crawford game in a 1-point match (BG-10.2), so no post-Crawford games either.
    m.post_crawford = rules.crawford && f.match_length > 1 && !f.crawford && at_least_one_away;
  }
  Phase phase = Phase::TurnStart;
  Phase resume = Phase::TurnStart;
  int beavers = 0;
  const bool rolled = f.die1 != 0;
  if (f.resigned != 0 && f.doubled)
    return make_error(ErrorCode::invalid_state, "a resignation and a double cannot be offered at once", "resigned");
  if (f.resigned != 0) {
    phase = Phase::Resigned;
    resume = rolled ? Phase::Rolled : Phase::TurnStart;
    if (f.turn == f.on_roll)
      return make_error(ErrorCode::invalid_state, "the player to decide a resignation is the opponent of the resigner",
                        "turn");
  } else if (f.doubled) {
    phase = Phase::Doubled;
    if (rolled)
      return make_error(ErrorCode::invalid_state, "a double is offered before rolling, no dice may be set", "dice");
    // The doubler to decide: a beaver is pending (BG-9.4). The opponent to decide with the cube
    // already its own: a raccoon is pending (a plain double needs the doubler's access to the
    // cube, BG-8.3). The ID does not say how many came before; the fewest are assumed (one
    // beaver, or a beaver and a raccoon).
    if (f.turn == f.on_roll) {
      if (!rules.effective_beavers())
        return make_error(
            ErrorCode::invalid_state,
            "the player to decide a double is the opponent of the doubler: beavers are not allowed (BG-9.4)", "turn");
      beavers = 1;
    } else if (f.cube_owner == f.turn && rules.effective_beavers()) {
      beavers = 2;
    }
  } else if (rolled) {
    phase = Phase::Rolled;
  }
  if (phase != Phase::Resigned && phase != Phase::Doubled && f.turn != f.on_roll)
    return make_error(ErrorCode::invalid_state, "the player to decide must be the player on roll", "turn");
  const Cube cube = Cube::from_log2(detail::mid_log2(f.cube_value), f.cube_owner);
  const Result<Dice> dice = rolled ? Dice::from(f.die1, f.die2) : Result<Dice>(Dice{});
  if (!dice) return dice.error();
  auto g = BasicGame<V>::resume(rules, {.position = position,
                                        .on_roll = f.on_roll,
                                        .cube = cube,
                                        .phase = phase,
                                        .dice = *dice,
                                        .offer = static_cast<Resign>(f.resigned == 0 ? 1 : f.resigned),
                                        .resume_phase = resume,
                                        .beavers = beavers,
                                        .crawford_game = f.crawford});
  if (!g.has_value()) return g.error();
  m.game = *g;
  return BasicMatch<V>(rules, m);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
