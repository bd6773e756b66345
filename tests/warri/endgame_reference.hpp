#pragma once
// A slow reference for the Warri endgame values, written plainly from the rules (WA-4, WA-5,
// WA-8.4): every position of up to N seeds on the board with both stores at most 24 (the others
// are over), either side to move, solved whole, stores and all, as South's result (+1 South
// wins, 0 draw, -1 North wins) with the game's own generator and scoring (generate_moves, apply,
// outcome, cycle_outcome). No ranking, no mover's view, no pair of values: it checks the database
// and that the pair decides the result for every split (WA-8.5).
//
// Endless play (WA-8.4, WA-8.6), layer by layer (the positions of n seeds on the board): G- is the
// game in which it counts as a North win, G+ as a South win, each solved by plain value iteration
// (South maximises, North minimises) from its worst, or best, for South, the smaller layers'
// results as solved; the result is the cycle end at the position clamped between them: each side
// forces what it can, and where neither can force more the cycle end counts.

#include <algorithm>
#include <cstddef>
#include <unordered_map>
#include <vector>

#include "boardrules/warri/movegen.hpp"
#include "boardrules/warri/outcome.hpp"
#include "boardrules/warri/position.hpp"

namespace warri_endgame_ref {

using boardrules::warri::BasicPosition;
using boardrules::warri::Player;

// South's result of an outcome: +1, 0, -1.
inline int south_result(const boardrules::warri::Outcome& o) {
  if (!o.winner) return 0;
  return *o.winner == Player::South ? 1 : -1;
}

template <class R>
class Solver {
 public:
  explicit Solver(int max_seeds) {
    // Every board of 0..max_seeds seeds, house by house.
    std::vector<int> houses(12, 0);
    enumerate(houses, 0, max_seeds);
    std::unordered_map<BasicPosition<R>, std::size_t> index;
    layers_.resize(static_cast<std::size_t>(max_seeds) + 1);
    for (std::size_t i = 0; i < positions_.size(); ++i) {
      index.emplace(positions_[i], i);
      layers_[static_cast<std::size_t>(positions_[i].board_seeds())].push_back(i);
    }
    // The moves: a child in the set, or an end (a store of 25, starvation) scored at once.
    children_.resize(positions_.size());
    end_.assign(positions_.size(), 2);  // 2: the game goes on
    for (std::size_t i = 0; i < positions_.size(); ++i) {
      const BasicPosition<R>& p = positions_[i];
      boardrules::warri::MoveList moves;
      generate_moves(p, moves);
      if (moves.empty()) {
        end_[i] = south_result(outcome(p));
        continue;
      }
      for (const boardrules::warri::Move m : moves) {
        const BasicPosition<R> q = apply(p, m);
        const auto it = index.find(q);
        if (it != index.end()) {
          children_[i].push_back(static_cast<long>(it->second));
        } else {
          // A store reached 25: not in the set (both stores at most 24), the game is over.
          children_[i].push_back(-10 - south_result(outcome(q)));
        }
      }
    }
    // Layer by layer (WA-8.2, WA-8.6): play goes round within a layer, so its endless play is
    // valued there; a capture leads to a smaller layer, already solved.
    result_.assign(positions_.size(), 0);
    for (int n = 0; n <= max_seeds; ++n) {
      const std::vector<int> minus = solve(n, -1);
      const std::vector<int> plus = solve(n, 1);
      for (const std::size_t i : layers_[static_cast<std::size_t>(n)]) {
        const int cycle = south_result(cycle_outcome(positions_[i]));
        result_[i] = std::clamp(cycle, minus[i], plus[i]);
      }
    }
    for (std::size_t i = 0; i < positions_.size(); ++i) results_.emplace(positions_[i], result_[i]);
  }

  // South's result of a position in the set (both stores at most 24, board seeds <= max).
  [[nodiscard]] int result(const BasicPosition<R>& p) const { return results_.at(p); }
  [[nodiscard]] const std::vector<BasicPosition<R>>& positions() const { return positions_; }

 private:
  void enumerate(std::vector<int>& houses, int house, int left) {
    if (house == 12) {
      int n = 0;
      for (const int h : houses) n += h;
      for (int south = 0; south <= 24; ++south) {
        const int north = 48 - n - south;
        if (north < 0 || north > 24) continue;
        for (const Player side : {Player::South, Player::North}) {
          BasicPosition<R> p;
          for (int i = 0; i < 12; ++i) p.set_house(i, houses[static_cast<std::size_t>(i)]);
          p.set_store(Player::South, south);
          p.set_store(Player::North, north);
          p.set_to_move(side);
          positions_.push_back(p);
        }
      }
      return;
    }
    for (int k = 0; k <= left; ++k) {
      houses[static_cast<std::size_t>(house)] = k;
      enumerate(houses, house + 1, left - k);
    }
    houses[static_cast<std::size_t>(house)] = 0;
  }

  // Value iteration over the positions of n seeds with endless play worth `endless` to South;
  // the smaller layers' results as solved.
  [[nodiscard]] std::vector<int> solve(int n, int endless) const {
    std::vector<int> v = result_;
    const std::vector<std::size_t>& layer = layers_[static_cast<std::size_t>(n)];
    for (const std::size_t i : layer) v[i] = end_[i] != 2 ? end_[i] : endless;
    for (bool changed = true; changed;) {
      changed = false;
      for (const std::size_t i : layer) {
        if (end_[i] != 2) continue;
        const bool south = positions_[i].to_move() == Player::South;
        int best = south ? -2 : 2;
        for (const long c : children_[i]) {
          const int x = c >= 0 ? v[static_cast<std::size_t>(c)] : static_cast<int>(-10 - c);
          best = south ? std::max(best, x) : std::min(best, x);
        }
        if (best != v[i]) {
          v[i] = best;
          changed = true;
        }
      }
    }
    return v;
  }

  std::vector<BasicPosition<R>> positions_;
  std::vector<std::vector<long>> children_;  // a child's index, or -10 - (its South result) at an end
  std::vector<int> end_;
  std::vector<std::vector<std::size_t>> layers_;  // the positions of n seeds on the board
  std::vector<int> result_;
  std::unordered_map<BasicPosition<R>, int> results_;
};

}  // namespace warri_endgame_ref
