#pragma once
// Invariants of a backgammon State checked after every step by the fuzz targets and the soak
// program. Each returns nullptr when everything holds, else the name of the broken invariant.
#include <algorithm>
#include <array>
#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"

namespace invariants {

/// Every side has all its checkers (on points, the bar, or off).
template <class V>
const char* checkers(const boardrules::backgammon::BasicPosition<V>& p) {
  using boardrules::backgammon::Side;
  for (Side s : {Side::Mover, Side::Opponent}) {
    int n = 0;
    for (int i = 0; i <= 25; ++i) n += p.count(s, i);
    if (n != V::kCheckers) return "every side has all its checkers";
  }
  return nullptr;
}

/// The state after a step; `last_score` is the score before it (updated).
template <class V>
const char* state(const boardrules::backgammon::BasicState<V>& s, std::array<int, 2>& last_score) {
  using namespace boardrules::backgammon;
  const auto& m = s.match();
  const auto& g = m.game();
  if (const char* why = checkers(g.position())) return why;
  const int c = g.cube().value();
  if (c < 1 || (c & (c - 1)) != 0 || c > m.rules().max_cube()) return "cube a power of two within its cap";
  if (g.crawford() && (c != 1 || !g.cube().is_centered())) return "no cube in the Crawford game";
  if (m.score()[0] < last_score[0] || m.score()[1] < last_score[1]) return "scores never decrease";
  last_score = m.score();
  if (m.rules().is_match() && !m.over() &&
      (m.score()[0] >= m.rules().match_length || m.score()[1] >= m.rules().match_length))
    return "no winner before the match is over";
  if (g.phase() == Phase::Rolled) {
    PlayList plays;
    g.legal_plays(plays);
    if (plays.empty()) return "a throw with no play passes the turn";
  }
  if (!s.is_terminal()) {
    ActionList legal;
    s.legal_actions(legal);
    if (s.is_chance_node() != legal.empty()) return "decisions listed exactly where it is no chance node";
    if (s.is_chance_node()) s.chance_actions(legal);
    if (legal.empty()) return "a state that is not terminal has a legal action or chance outcome";
  }
  // own ID -> restore -> same ID (a game in progress, scores within the 15-bit field)
  if (g.phase() != Phase::Opening && g.phase() != Phase::Over && m.score()[0] < kMaxIdScore &&
      m.score()[1] < kMaxIdScore) {
    const std::string id = format_gnubg_id(m);
    const auto d = parse_gnubg_id<V>(id);
    if (!d.has_value()) return "own ID parses";
    const auto back = match_from_gnubg(d->position, d->fields, m.rules());
    if (!back.has_value()) return "own ID restores";
    if (format_gnubg_id(*back) != id) return "own ID -> restore -> same ID";
    if (back->game().position() != g.position()) return "restored position";
  }
  if (m.over() && !validate(match_id_fields(m)).has_value()) return "a finished match's ID is valid";
  // own text -> from_string -> same text and legal actions (scores within the ID's 15-bit field)
  if (m.score()[0] < kMaxIdScore && m.score()[1] < kMaxIdScore) {
    const std::string text = s.to_string();
    const auto back = BasicState<V>::from_string(text);
    if (!back.has_value()) return "own text restores";
    if (back->to_string() != text) return "own text -> restore -> same text";
    if (back->current_player() != s.current_player()) return "restored player";
    ActionIdList a;
    ActionIdList b;
    s.legal_actions(a);
    back->legal_actions(b);
    if (a.size() != b.size() || !std::equal(a.begin(), a.end(), b.begin())) return "restored legal actions";
  }
  return nullptr;
}

}  // namespace invariants
