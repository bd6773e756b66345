// A 1-ply expectimax backgammon player through backgammon::State, integer actions included,
// playing a match with the cube against the examples' heuristic player (common/bots.hpp).
//   expectimax_backgammon [--length N] [--seed S]
// Evaluation of a position from the mover's side (a simple evaluator, not a strong one):
//   pip lead + 2 x (checkers off lead) - 3 x own blots + 2 x opposing blots, turned into a
//   winning chance by a logistic curve. A play is worth the expectation over the opponent's 21
//   throws of the position after the opponent's best reply by the same evaluator.
// Cube: double with a winning chance of 70% or more (at the start of the turn), take with 25%.
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/core/random.hpp"

#include "common/args.hpp"
#include "common/bots.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

int blots(const Position& p, Side side) {
  int n = 0;
  for (int point = 1; point <= 24; ++point) n += p.count(side, point) == 1;
  return n;
}

// Winning chance of the side to move in `p` (mover's view), by the simple evaluator.
double win_chance(const Position& p) {
  const double score = (p.pips(Side::Opponent) - p.pips(Side::Mover)) +
                       2.0 * (p.borne_off(Side::Mover) - p.borne_off(Side::Opponent)) - 3.0 * blots(p, Side::Mover) +
                       2.0 * blots(p, Side::Opponent);
  return 1.0 / (1.0 + std::exp(-score / 12.0));
}

// The value for the mover of having played into `after` (still the mover's view): expectation
// over the opponent's throws of 1 - the opponent's best winning chance.
double expectimax(const Position& after) {
  const Position them = after.flipped();
  if (them.borne_off(Side::Opponent) == 15) return 1.0;
  PlayList plays;
  double value = 0;
  for (const Dice d : kAllRolls) {
    generate_plays(them, d, plays);
    double best = plays.empty() ? 1.0 - win_chance(them.flipped()) : 0.0;
    for (const Play& q : plays) {
      const Position back = apply(them, q).flipped();  // our view, our turn
      const double opp = 1.0 - win_chance(back);
      if (opp > best) best = opp;
    }
    value += d.probability() * (1.0 - best);
  }
  return value;
}

// The expectimax player's action number for a decision of `s`.
int choose(const State& s) {
  const auto& g = s.game();
  ActionIdList ids;
  s.legal_actions(ids);
  const double p = win_chance(g.position_of(g.turn()));
  switch (g.phase()) {
    case Phase::TurnStart: return g.may_double() && p >= 0.70 ? kActionDouble : kActionNoDouble;
    case Phase::Doubled: return p >= 0.25 ? kActionTake : kActionDrop;
    case Phase::Rolled: {
      int best = ids[0];
      double best_value = -1;
      for (const int id : ids) {
        const Result<Action> a = s.to_action(id);
        if (!a || a->kind != ActionKind::Move) continue;
        const double v = expectimax(apply(g.position(), a->play));
        if (v > best_value) {
          best_value = v;
          best = id;
        }
      }
      return best;
    }
    default: return ids[0];
  }
}

}  // namespace

int main(int argc, char** argv) {
  constexpr examples::Usage usage{"expectimax_backgammon", "", "[--length N (1..32767)] [--seed S]"};
  int length = 5;
  std::uint64_t seed = 1;
  const auto status = examples::read_int_options(
      examples::Args(argc, argv), usage,
      examples::IntOption<int>{"--length", 1, kMaxMatchLength, &length, "--length needs a match length 1..32767"},
      examples::IntOption<std::uint64_t>{"--seed", 0, ~std::uint64_t{0}, &seed,
                                         "--seed needs an unsigned 64-bit number"});
  if (status) return *status;
  Rng rng(seed);
  State s(SessionRules::match(length));
  int decisions = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      s.apply_legal_action(bots::sample_chance(s, rng));
    } else if (s.current_player() == 0) {
      const int a = choose(s);
      ++decisions;
      if (!s.apply_action(a).has_value()) return 1;
    } else {
      s.apply_legal_action(bots::heuristic_action(s, rng));
    }
  }
  std::printf(
      "%d-point match, expectimax (player 0) against the heuristic player: %d-%d, %s wins (%d decisions by expectimax, "
      "%d games)\n",
      length, s.match().score()[0], s.match().score()[1], s.match().winner() == 0 ? "expectimax" : "heuristic",
      decisions, s.match().games_played());
  return 0;
}
