// UCT Monte Carlo tree search for Warri through warri::State, against a greedy capturer.
//   mcts_warri [--games N] [--iterations K] [--seed S]
// Each game alternates who is South. The search copies the State for every simulation (a copy
// costs about as much as one move), descends by UCB1, expands one child, plays a random game to
// the end and backs the result up. Integer actions 0..5 are the mover's houses.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/state.hpp"

#include "common/args.hpp"

using boardrules::Rng;
using boardrules::warri::ActionIdList;
using boardrules::warri::Player;
using boardrules::warri::State;

namespace {

struct Node {
  Node* parent = nullptr;
  int action = -1;  // the action that led here
  int mover = 0;    // the player who took it
  double visits = 0;
  double value = 0;  // sum of the returns of `mover`
  ActionIdList untried;
  std::vector<std::unique_ptr<Node>> children;
};

// A random game to the end: returns of the two players.
std::array<double, 2> rollout(State s, Rng& rng) {
  ActionIdList a;
  while (!s.is_terminal()) {
    s.legal_actions(a);
    s.apply_legal_action(a[rng.below(static_cast<std::uint32_t>(a.size()))]);
  }
  return s.returns();
}

int uct(const State& root_state, int iterations, Rng& rng) {
  Node root;
  root_state.legal_actions(root.untried);
  for (int it = 0; it < iterations; ++it) {
    State s = root_state;
    Node* n = &root;
    // Selection: fully expanded nodes, by UCB1.
    while (n->untried.empty() && !n->children.empty()) {
      Node* best = nullptr;
      double best_score = -1e300;
      for (auto& c : n->children) {
        const double score = c->value / c->visits + 1.4 * std::sqrt(std::log(n->visits) / c->visits);
        if (score > best_score) {
          best_score = score;
          best = c.get();
        }
      }
      n = best;
      s.apply_legal_action(n->action);
    }
    // Expansion: one untried action.
    if (!n->untried.empty()) {
      const std::size_t k = rng.below(static_cast<std::uint32_t>(n->untried.size()));
      const int a = n->untried[k];
      n->untried[k] = n->untried.back();
      n->untried.pop_back();
      auto child = std::make_unique<Node>();
      child->parent = n;
      child->action = a;
      child->mover = s.current_player();
      s.apply_legal_action(a);
      s.legal_actions(child->untried);
      n->children.push_back(std::move(child));
      n = n->children.back().get();
    }
    // Simulation and backpropagation.
    const auto r = rollout(s, rng);
    for (; n != nullptr; n = n->parent) {
      n->visits += 1;
      if (n->parent != nullptr) n->value += r[static_cast<std::size_t>(n->mover)];
    }
  }
  const Node* best = nullptr;
  for (const auto& c : root.children)
    if (best == nullptr || c->visits > best->visits) best = c.get();
  return best->action;
}

// The greedy capturer: the move that captures the most seeds now (the first such house).
int greedy(const State& s) {
  ActionIdList a;
  s.legal_actions(a);
  if (a.empty()) return -1;  // the game is over: no move to choose
  const Player me = s.position().to_move();
  int best = a[0];
  int best_gain = -1;
  for (const int x : a) {
    State t = s;
    t.apply_legal_action(x);
    const int gain = t.position().store(me) - s.position().store(me);
    if (gain > best_gain) {
      best_gain = gain;
      best = x;
    }
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  constexpr examples::Usage usage{"mcts_warri", "", "[--games N] [--iterations N] [--seed S]"};
  int games = 4;
  int iterations = 2000;
  std::uint64_t seed = 1;
  const auto status = examples::read_int_options(
      examples::Args(argc, argv), usage,
      examples::IntOption<int>{"--games", 0, 1000000, &games, "--games needs a number 0..1000000"},
      examples::IntOption<int>{"--iterations", 1, 100000000, &iterations, "--iterations needs a number 1..100000000"},
      examples::IntOption<std::uint64_t>{"--seed", 0, ~std::uint64_t{0}, &seed,
                                         "--seed needs an unsigned 64-bit number"});
  if (status) return *status;
  Rng rng(seed);
  int wins = 0, draws = 0, losses = 0;
  for (int g = 0; g < games; ++g) {
    const int mcts_player = g % 2;  // South in even games
    State s;
    while (!s.is_terminal()) {
      const int a = s.current_player() == mcts_player ? uct(s, iterations, rng) : greedy(s);
      if (!s.apply_action(a).has_value()) return 1;
    }
    const double r = s.returns()[static_cast<std::size_t>(mcts_player)];
    (r > 0 ? wins : r < 0 ? losses : draws) += 1;
    std::printf("game %d: MCTS as %s, %d plies, score South %d North %d -> %s\n", g + 1,
                mcts_player == 0 ? "South" : "North", s.plies(), s.result().south, s.result().north,
                r > 0   ? "MCTS wins"
                : r < 0 ? "greedy wins"
                        : "draw");
  }
  std::printf("MCTS (%d iterations) against greedy: %d wins, %d draws, %d losses\n", iterations, wins, draws, losses);
  return 0;
}
