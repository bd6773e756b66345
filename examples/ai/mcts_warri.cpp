// UCT Monte Carlo tree search for Warri through warri::State, against a greedy capturer.
//   mcts_warri [--games N] [--iterations K] [--seed S] [--db FILE]
// Each game alternates who is South. The search copies the State for every simulation (a copy
// costs about as much as one move), descends by UCB1, expands one child, plays a random game to
// the end and backs the result up. Integer actions 0..5 are the mover's houses. With --db (a
// Speightstown endgame database, `warri endgame build`), a simulation that reaches a board the
// database covers stops there and backs up the database's result (WA-8.5), and the search plays
// the database's move once the root is covered.
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/play.hpp"
#include "boardrules/warri/ai/state.hpp"

#include "common/args.hpp"

using boardrules::Rng;
using boardrules::warri::ActionIdList;
using boardrules::warri::Player;
using boardrules::warri::State;
namespace endgame = boardrules::warri::endgame;

namespace {

const endgame::Table* g_db = nullptr;  // the endgame database of --db, if any

// The returns (South, North) the database gives the position of s, if it covers it (WA-8.5).
std::optional<std::array<double, 2>> database_returns(const State& s) {
  if (g_db == nullptr) return std::nullopt;
  const std::optional<endgame::Verdict> v = endgame::database_verdict(*g_db, s.position());
  if (!v) return std::nullopt;
  const double mover = *v == endgame::Verdict::Win ? 1.0 : *v == endgame::Verdict::Loss ? -1.0 : 0.0;
  return s.position().to_move() == Player::South ? std::array<double, 2>{mover, -mover}
                                                 : std::array<double, 2>{-mover, mover};
}

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
    if (const auto r = database_returns(s)) return *r;
    s.legal_actions(a);
    s.apply_legal_action(a[rng.below(static_cast<std::uint32_t>(a.size()))]);
  }
  return s.returns();
}

int uct(const State& root_state, int iterations, Rng& rng) {
  if (g_db != nullptr) {
    if (const auto m = endgame::best_move(*g_db, root_state.position()))
      return m->house - boardrules::warri::row_start(root_state.position().to_move());
  }
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
  constexpr examples::Usage usage{"mcts_warri", "", "[--games N] [--iterations N] [--seed S] [--db FILE]"};
  int games = 4;
  int iterations = 2000;
  std::uint64_t seed = 1;
  // --db FILE is taken out before the numeric options are read.
  std::vector<char*> rest{argv[0]};
  std::optional<endgame::Table> db;
  for (int i = 1; i < argc; ++i) {
    if (std::string_view(argv[i]) != "--db") {
      rest.push_back(argv[i]);
      continue;
    }
    if (i + 1 == argc) return usage.error("--db needs a file name");
    const endgame::Decisions speightstown = endgame::decisions_of<boardrules::warri::Speightstown>();
    auto t = endgame::read_database(argv[++i], &speightstown);
    if (!t) {
      std::fprintf(stderr, "mcts_warri: --db: %s\n", t.error().to_string().c_str());
      return 1;
    }
    db = std::move(*t);
    g_db = &*db;
  }
  const auto status =
      examples::read_int_options(examples::Args(static_cast<int>(rest.size()), rest.data()), usage,
                                 examples::IntOption<int>{"--games", 0, 1000000, &games},
                                 examples::IntOption<int>{"--iterations", 1, 100000000, &iterations},
                                 examples::IntOption<std::uint64_t>{"--seed", 0, ~std::uint64_t{0}, &seed});
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
  std::printf("MCTS (%d iterations%s) against greedy: %d wins, %d draws, %d losses\n", iterations,
              db ? (", database of " + std::to_string(db->max_seeds) + " seeds").c_str() : "", wins, draws, losses);
  return 0;
}
