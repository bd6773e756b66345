#pragma once
/// \file
/// Playing by a Warri endgame database (WA-8.5): the result of a position and the move that
/// keeps it, for positions whose board the database covers, from a table of one file or a sliced
/// one. Allocation-free, noexcept.

#include "boardrules/core/config.hpp"

#include <concepts>
#include <optional>

#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/value.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// A table that play reads: a Table (one file, table_file.hpp), a SlicedTable (sliced_table.hpp) or an
/// AnyTable (any_table.hpp): its decisions, its largest layer, and the value of a board.
template <class T>
concept ProbeTable = requires(const T& t, const Board& b) {
  { t.decisions } -> std::convertible_to<Decisions>;
  { t.max_seeds } -> std::convertible_to<int>;
  { t.probe(b) } noexcept -> std::same_as<std::optional<Value>>;
};

/// True when a table built for `rules` serves positions of R played under `rules`: the table's
/// decisions are `rules`, and R moves as `rules` say (WA-2.3, WA-3.4; the ends are in the table).
template <class R, ProbeTable T = Table>
[[nodiscard]] constexpr bool serves(const T& t, const Decisions& rules) noexcept {
  return t.decisions == rules && R::feeding == rules.feeding && R::grand_slam == rules.grand_slam &&
         R::win_seeds == rules.win_seeds;
}

/// The result for the side to move of position p under perfect play from here (WA-8.5), with
/// the stores of p; nullopt when the table does not cover p's board or was built for other
/// decisions than `rules` (by default R's own).
template <class R, ProbeTable T = Table>
[[nodiscard]] std::optional<Verdict> database_verdict(const T& t, const BasicPosition<R>& p,
                                                      const Decisions& rules = decisions_of<R>()) noexcept {
  if (!serves<R>(t, rules)) return std::nullopt;
  const std::optional<Value> v = t.probe(board_of(p));
  if (!v) return std::nullopt;
  const Player me = p.to_move();
  return verdict(*v, p.store(me), p.store(other(me)), R::win_seeds);
}

/// The move a perfect player makes in position p by the table (WA-8.5): of the legal moves, the
/// one whose result, with the stores after it, is best for the side to move (a win, else a draw,
/// else a loss); among those, the one after which the side to move can force the most seeds for
/// itself, then the one after which the other side can force the fewest, then the first in the
/// generator's order. nullopt when the table does not cover p's board, was built for other
/// decisions than `rules` (by default R's own), or p has no legal move.
template <class R, ProbeTable T = Table>
[[nodiscard]] std::optional<Move> best_move(const T& t, const BasicPosition<R>& p,
                                            const Decisions& rules = decisions_of<R>()) noexcept {
  if (!serves<R>(t, rules) || p.board_seeds() > t.max_seeds) return std::nullopt;
  MoveList moves;
  generate_moves(p, moves);
  const Player me = p.to_move();
  std::optional<Move> best;
  int best_result = -1, best_mine = -1, best_theirs = 0;
  for (const Move m : moves) {
    const BasicPosition<R> q = apply(p, m);
    // The child is seen from the other side (WA-8.1): its `other` is what this side can force.
    const Value v = *t.probe(board_of(q));  // a move never adds seeds to the board
    const int mine = q.store(me) - p.store(me) + v.other;
    const int theirs = v.mover;
    const int result =
        static_cast<int>(verdict(Value{static_cast<std::uint8_t>(mine), static_cast<std::uint8_t>(theirs)}, p.store(me),
                                 p.store(other(me)), R::win_seeds));
    if (!best || result > best_result || (result == best_result && mine > best_mine) ||
        (result == best_result && mine == best_mine && theirs < best_theirs)) {
      best = m;
      best_result = result;
      best_mine = mine;
      best_theirs = theirs;
    }
  }
  return best;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
