#pragma once
// Backgammon positions for the tests and the benchmarks: written as stacks (point, count), and
// checked to be well formed.
#include <initializer_list>
#include <optional>
#include <utility>

#include "boardrules/backgammon/values/position.hpp"

namespace stacks {

using Stack = std::pair<int, int>;  // (point, checkers)

/// Whether `p` has 15 checkers a side and no point holding checkers of both sides.
[[nodiscard]] inline bool well_formed(const boardrules::backgammon::Position& p) {
  namespace bg = boardrules::backgammon;
  for (bg::Side s : {bg::Side::Mover, bg::Side::Opponent}) {
    int total = 0;
    for (int pt = 0; pt <= 25; ++pt) total += p.count(s, pt);
    if (total != 15) return false;
  }
  for (int pt = 1; pt <= 24; ++pt)
    if (p.mover(pt) != 0 && p.opponent_at_mover_point(pt) != 0) return false;
  return true;
}

/// How the opponent's points are given: in its own numbering, or in the mover's (so that a board
/// drawn from the mover's side reads directly). The bar is 25 in both.
enum class OppPoints { Own, Mover };

/// The position with the mover's stacks (its own numbering, bar = 25) and the opponent's; the
/// checkers not placed are borne off. Nothing when a side has more than 15 checkers or when a
/// point holds checkers of both sides.
[[nodiscard]] inline std::optional<boardrules::backgammon::Position> position(std::initializer_list<Stack> mover,
                                                                              std::initializer_list<Stack> opp,
                                                                              OppPoints numbering) {
  namespace bg = boardrules::backgammon;
  bg::Position p;
  int m = 15;
  int o = 15;
  for (auto [q, n] : mover) {
    p.set(bg::Side::Mover, q, n);
    m -= n;
  }
  for (auto [q, n] : opp) {
    p.set(bg::Side::Opponent, numbering == OppPoints::Own || q == bg::kBar ? q : 25 - q, n);
    o -= n;
  }
  if (m < 0 || o < 0) return std::nullopt;
  p.set(bg::Side::Mover, bg::kOff, m);
  p.set(bg::Side::Opponent, bg::kOff, o);
  if (!well_formed(p)) return std::nullopt;
  return p;
}

}  // namespace stacks
