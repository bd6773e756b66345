#pragma once
/// \file
/// A check of a finished Warri endgame table by the rules: a board's value computed again from
/// its moves and the table's values of the boards they lead to (WA-8.5, WA-8.6), and compared
/// with the value the table holds, for boards of a layer drawn at random. It reads a table as a
/// probe does, so it checks what a build wrote, however it was built (one file, slices, ranks).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/play.hpp"
#include "boardrules/warri/db/value.hpp"
#include "boardrules/warri/rules/movegen.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// The value of board b (South to move, WA-8.1) from its moves (WA-8.6): with no legal move, the
/// value of its end scored by score(position, false) (WA-8.5); else, over the moves, the most
/// the mover can force (the seeds a move captures plus what the other side cannot keep of the
/// board it leaves) and the least the other side can (what it forces on the board it is left).
/// Those boards' values are read from t. nullopt when b has more seeds than t holds. Equal to
/// t's own value of b on a correct table, except on a board of endless play, which neither side
/// can force all the way (the build's `cycling` count), valued between its two fixpoints.
template <class R, ProbeTable T, class Score = DefaultScore<R>>
[[nodiscard]] std::optional<Value> value_from_moves(const T& t, const Board& b, const Score& score = {}) {
  int n = 0;
  for (const std::uint8_t h : b) n += h;
  if (n > t.max_seeds) return std::nullopt;
  const BasicPosition<R> p = position_of<R>(b);
  MoveList moves;
  generate_moves(p, moves);
  if (moves.empty()) return detail::end_value<R>(b, n, false, score);
  int mover = 0, other = kTotalSeeds;
  for (const Move m : moves) {
    const BasicPosition<R> q = apply(p, m);
    // The board after the move, North to move: its `other` is what South can force there.
    const std::optional<Value> v = t.probe(board_of(q));  // a move never adds seeds to the board
    if (!v) return std::nullopt;
    mover = std::max(mover, q.store(Player::South) + v->other);
    other = std::min(other, static_cast<int>(v->mover));
  }
  return Value{static_cast<std::uint8_t>(mover), static_cast<std::uint8_t>(other)};
}

/// What recompute_layer found in a layer.
struct RecomputeStats {
  int seeds = 0;                             ///< the layer
  std::uint64_t checked = 0;                 ///< boards computed again
  std::uint64_t differ = 0;                  ///< of those, boards whose value is not the table's
  std::optional<std::uint64_t> first_differ;  ///< the rank of the first such board (index.hpp)
};

/// Computes again, by value_from_moves, `samples` boards of layer n drawn at random by rng (every
/// board of the layer, in order, when it has no more than `samples`), and counts those whose
/// value is not t's. Precondition: 0 <= n <= t.max_seeds.
template <class R, ProbeTable T, class Score = DefaultScore<R>>
[[nodiscard]] RecomputeStats recompute_layer(const T& t, int n, std::uint64_t samples, Rng& rng,
                                             const Score& score = {}) {
  RecomputeStats s;
  s.seeds = n;
  const std::uint64_t size = layer_size(n);
  const bool all = size <= samples;
  for (std::uint64_t i = 0; i < (all ? size : samples); ++i) {
    // A draw modulo the layer's size: a bias below size / 2^64, nothing beside a sample's own.
    const std::uint64_t r = all ? i : rng.next() % size;
    const Board b = unrank(n, r);
    const std::optional<Value> v = value_from_moves<R>(t, b, score);
    ++s.checked;
    if (v != t.probe(b)) {
      ++s.differ;
      if (!s.first_differ) s.first_differ = r;
    }
  }
  return s;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
