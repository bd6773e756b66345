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
//
// The positions of a board (its side to move and the n + 1 splits of the stores, South holding
// 24 - n + k, North 24 - k, k = 0..n) are kept side by side. Every move of every one of them is
// played on the concrete position; the moves that end the game (a store past 24, WA-4.1) or
// capture (a smaller layer, solved) are worth the same in every pass and are folded into one
// value per position before the passes, which then only follow the moves that stay in the layer.

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <vector>

#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/warri/rules/outcome.hpp"
#include "boardrules/warri/values/position.hpp"

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
  /// Solves every position of up to max_seeds seeds on the board; `threads` play the moves.
  explicit Solver(int max_seeds, unsigned threads = 2, std::FILE* progress = nullptr)
      : threads_(std::max(1u, threads)), progress_(progress) {
    layers_.resize(static_cast<std::size_t>(max_seeds) + 1);
    for (int n = 0; n <= max_seeds; ++n) {
      std::vector<std::uint64_t>& keys = layers_[static_cast<std::size_t>(n)].keys;
      enumerate(keys, 0, n, 0);
      const std::size_t boards = keys.size();
      for (std::size_t i = 0; i < boards; ++i) keys.push_back(keys[i] | kNorthToMove);
    }
    solve();
  }

  /// Solves the positions reachable from `roots` (their boards and sides to move, every split
  /// of the stores): a search to the end of the game from each root, whatever its seeds.
  Solver(const std::vector<BasicPosition<R>>& roots, unsigned threads, std::FILE* progress = nullptr)
      : threads_(std::max(1u, threads)), progress_(progress) {
    std::unordered_set<std::uint64_t> seen;
    std::vector<std::uint64_t> todo;
    const auto visit = [&](std::uint64_t key) {
      if (seen.insert(key).second) todo.push_back(key);
    };
    for (const BasicPosition<R>& p : roots) visit(node_key(p));
    while (!todo.empty()) {
      const std::uint64_t key = todo.back();
      todo.pop_back();
      // The board a move leads to does not depend on the stores (checked when the layers are
      // solved); any split of the rest will do.
      const BasicPosition<R> p = position(key, 0);
      boardrules::warri::MoveList moves;
      generate_moves(p, moves);
      for (const boardrules::warri::Move m : moves) visit(node_key(apply(p, m)));
    }
    int most = 0;
    for (const std::uint64_t key : seen) most = std::max(most, seeds_of(key));
    layers_.resize(static_cast<std::size_t>(most) + 1);
    for (const std::uint64_t key : seen) layers_[static_cast<std::size_t>(seeds_of(key))].keys.push_back(key);
    solve();
  }

  /// The positions solved.
  [[nodiscard]] std::uint64_t size() const {
    std::uint64_t all = 0;
    for (std::size_t n = 0; n < layers_.size(); ++n) all += layers_[n].keys.size() * splits(static_cast<int>(n));
    return all;
  }

  /// The longest forced lines of layer n (G-, G+), in moves: the most moves, over its
  /// positions, that a side needs to force its value, the other side delaying it (WA-8.7).
  [[nodiscard]] std::pair<int, int> longest_lines(int n) const {
    const Layer& l = layers_.at(static_cast<std::size_t>(n));
    return {l.longest_minus, l.longest_plus};
  }

  /// Calls f(position, South's result) for every position of the set.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t n = 0; n < layers_.size(); ++n) {
      const Layer& l = layers_[n];
      for (std::size_t node = 0; node < l.keys.size(); ++node)
        for (std::size_t k = 0; k <= n; ++k)
          f(position(l.keys[node], static_cast<int>(k)), int{l.result[node * splits(static_cast<int>(n)) + k]});
    }
  }

 private:
  struct Layer {
    std::vector<std::uint64_t> keys;          // the nodes of n seeds (board and side to move), sorted
    std::vector<std::int8_t> result;          // node * (n + 1) + k, node the index of its key
    int longest_minus = 0, longest_plus = 0;  // the longest forced lines of G- and G+, in moves
  };

  static std::size_t splits(int n) { return static_cast<std::size_t>(n) + 1; }

  // A node's key: 5 bits a house, bit 60 set when North is to move.
  static constexpr std::uint64_t kNorthToMove = std::uint64_t{1} << 60;

  static std::uint64_t node_key(const BasicPosition<R>& p) {
    std::uint64_t key = p.to_move() == Player::North ? kNorthToMove : 0;
    for (int i = 0; i < 12; ++i) key |= static_cast<std::uint64_t>(p.house(i)) << (5 * i);
    return key;
  }

  static int seeds_of(std::uint64_t key) {
    int n = 0;
    for (int i = 0; i < 12; ++i) n += static_cast<int>((key >> (5 * i)) & 31);
    return n;
  }

  static std::size_t node_of(const Layer& l, std::uint64_t key) {
    const auto it = std::lower_bound(l.keys.begin(), l.keys.end(), key);
    if (it == l.keys.end() || *it != key) throw std::logic_error("reference: a position not in its layer");
    return static_cast<std::size_t>(it - l.keys.begin());
  }

  // The position of a node with the k-th split of the rest: South 24 - n + k, North 24 - k.
  static BasicPosition<R> position(std::uint64_t key, int k) {
    BasicPosition<R> p;
    for (int i = 0; i < 12; ++i) p.set_house(i, static_cast<int>((key >> (5 * i)) & 31));
    const int n = p.board_seeds();
    p.set_store(Player::South, 24 - n + k);
    p.set_store(Player::North, 24 - k);
    p.set_to_move(key & kNorthToMove ? Player::North : Player::South);
    return p;
  }

  // Every board of n seeds, house by house.
  static void enumerate(std::vector<std::uint64_t>& keys, int house, int left, std::uint64_t key) {
    if (house == 11) {
      keys.push_back(key | static_cast<std::uint64_t>(left) << 55);
      return;
    }
    for (int s = 0; s <= left; ++s)
      enumerate(keys, house + 1, left - s, key | static_cast<std::uint64_t>(s) << (5 * house));
  }

  // The moves of the layer's positions, played: `exit` holds, per position, the best for its
  // mover of the moves that end the game or capture (kNone if none), or the result itself where
  // there is no move; `inner` the nodes reached by the moves that capture nothing (kNoChild).
  static constexpr std::int8_t kNone = 2;
  static constexpr std::uint32_t kNoChild = 0xffffffffu;

  void play_moves(int n, std::size_t first, std::size_t last, std::vector<std::int8_t>& exit,
                  std::vector<std::uint32_t>& inner, std::vector<std::uint8_t>& ended) const {
    for (std::size_t node = first; node < last; ++node) {
      // The board and side each move leads to, found at the first split, checked at the others
      // (the moves and the sowing do not read the stores; the passes rely on it).
      std::uint64_t keys[6] = {};
      std::size_t children[6] = {};
      for (int k = 0; k <= n; ++k) {
        const BasicPosition<R> p = position(layers_[static_cast<std::size_t>(n)].keys[node], k);
        const std::size_t at = node * splits(n) + static_cast<std::size_t>(k);
        boardrules::warri::MoveList moves;
        generate_moves(p, moves);
        if (moves.empty()) {
          exit[at] = static_cast<std::int8_t>(south_result(outcome(p)));
          ended[at] = 1;
          continue;
        }
        const bool south = p.to_move() == Player::South;
        int best = kNone;
        std::size_t slot = 0;
        for (const boardrules::warri::Move m : moves) {
          const BasicPosition<R> q = apply(p, m);
          const int seeds = q.board_seeds();
          const std::size_t i = slot++;
          const std::uint64_t key = node_key(q);
          const Layer& c = layers_[static_cast<std::size_t>(seeds)];
          if (k == 0) {
            keys[i] = key;
            children[i] = node_of(c, key);
          } else if (keys[i] != key) {
            throw std::logic_error("reference: a move's board depends on the stores at " +
                                   boardrules::warri::format_position(p));
          }
          int x = 0;
          if (q.store(Player::South) > 24 || q.store(Player::North) > 24) {
            x = south_result(outcome(q));  // WA-4.1: not in the set, the game is over
          } else if (seeds < n) {
            const int ck = q.store(Player::South) - (24 - seeds);
            x = c.result[children[i] * splits(seeds) + static_cast<std::size_t>(ck)];
          } else {
            if (q.store(Player::South) != p.store(Player::South))
              throw std::logic_error("reference: a capture of nothing moved the stores");
            inner[node * 6 + i] = static_cast<std::uint32_t>(children[i]);
            continue;
          }
          best = best == kNone ? x : south ? std::max(best, x) : std::min(best, x);
        }
        exit[at] = static_cast<std::int8_t>(best);
      }
    }
  }

  // Value iteration over the layer with endless play worth `endless` to South, pass by pass
  // (each pass reads the values of the one before): after pass t a position holds what its
  // side can force within t moves, the others' play valued `endless`. Returns the values and
  // the last pass that changed one: the longest line a side needs to force its value (WA-8.7).
  std::pair<std::vector<std::int8_t>, int> iterate(int n, int endless, const std::vector<std::int8_t>& exit,
                                                   const std::vector<std::uint32_t>& inner,
                                                   const std::vector<std::uint8_t>& ended) const {
    const std::size_t w = splits(n);
    std::vector<std::int8_t> v(exit.size());
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = ended[i] ? exit[i] : static_cast<std::int8_t>(endless);
    std::vector<std::int8_t> next = v;
    const std::vector<std::uint64_t>& keys = layers_[static_cast<std::size_t>(n)].keys;
    int last = 0;
    // One pass over the nodes [first, last_node): next from v; true when a value changed.
    const auto sweep = [&](std::size_t first, std::size_t last_node) {
      bool changed = false;
      for (std::size_t node = first; node < last_node; ++node) {
        const bool south = (keys[node] & kNorthToMove) == 0;
        for (std::size_t k = 0; k < w; ++k) {
          const std::size_t at = node * w + k;
          if (ended[at]) continue;
          int best = exit[at] == kNone ? (south ? -2 : 2) : exit[at];
          for (std::size_t s = 0; s < 6; ++s) {
            const std::uint32_t c = inner[node * 6 + s];
            if (c == kNoChild) continue;
            const int x = v[c * w + k];
            best = south ? std::max(best, x) : std::min(best, x);
          }
          next[at] = static_cast<std::int8_t>(best);
          changed = changed || best != v[at];
        }
      }
      return changed;
    };
    for (int pass = 1;; ++pass) {
      std::vector<char> changed(threads_, 0);
      on_threads(keys.size(), [&](std::size_t first, std::size_t last_node, unsigned t) {
        changed[t] = sweep(first, last_node) ? 1 : 0;
      });
      v.swap(next);
      if (std::find(changed.begin(), changed.end(), 1) == changed.end()) break;
      last = pass;
    }
    return {std::move(v), last};
  }

  // Runs f(first, last, t) on threads_ threads, each over its share [first, last) of `count`;
  // an exception on any thread is thrown here.
  template <class F>
  void on_threads(std::size_t count, F f) const {
    std::vector<std::thread> pool;
    std::vector<std::exception_ptr> errors(threads_);
    for (unsigned t = 0; t < threads_; ++t)
      pool.emplace_back([&, t] {
        try {
          f(count * t / threads_, count * (t + 1) / threads_, t);
        } catch (...) {
          errors[t] = std::current_exception();
        }
      });
    for (std::thread& th : pool) th.join();
    for (const std::exception_ptr& e : errors)
      if (e) std::rethrow_exception(e);
  }

  void solve() {
    for (Layer& l : layers_) std::sort(l.keys.begin(), l.keys.end());
    for (int n = 0; n < static_cast<int>(layers_.size()); ++n) solve_layer(n);
  }

  void solve_layer(int n) {
    const auto start = std::chrono::steady_clock::now();
    Layer& l = layers_[static_cast<std::size_t>(n)];
    const std::size_t nodes = l.keys.size();
    std::vector<std::int8_t> exit(nodes * splits(n), kNone);
    std::vector<std::uint8_t> ended(exit.size(), 0);
    std::vector<std::uint32_t> inner(nodes * 6, kNoChild);
    on_threads(nodes,
               [&](std::size_t first, std::size_t last, unsigned) { play_moves(n, first, last, exit, inner, ended); });
    std::vector<std::int8_t> minus, plus;  // G-, G+: endless play a North, a South win
    std::tie(minus, l.longest_minus) = iterate(n, -1, exit, inner, ended);
    std::tie(plus, l.longest_plus) = iterate(n, 1, exit, inner, ended);
    l.result.resize(exit.size());
    for (std::size_t node = 0; node < nodes; ++node)
      for (int k = 0; k <= n; ++k) {
        const std::size_t at = node * splits(n) + static_cast<std::size_t>(k);
        const int cycle = south_result(cycle_outcome(position(l.keys[node], k)));
        l.result[at] = static_cast<std::int8_t>(std::clamp(cycle, int{minus[at]}, int{plus[at]}));
      }
    if (progress_ != nullptr) {
      const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
      std::fprintf(progress_,
                   "reference %s: layer %d, %zu positions, longest forced lines %d (G-) and %d (G+), %.1f s\n",
                   std::string(R::name).c_str(), n, l.result.size(), l.longest_minus, l.longest_plus, took.count());
      std::fflush(progress_);
    }
  }

  unsigned threads_;
  std::FILE* progress_;        // a line per layer solved, when not null
  std::vector<Layer> layers_;  // the positions of n seeds on the board
};

}  // namespace warri_endgame_ref
