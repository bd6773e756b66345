// A 1-ply expectimax backgammon player through backgammon::BasicState, integer actions included,
// playing a match with the cube against the examples' heuristic player (common/bots.hpp).
//   expectimax_backgammon [--length N] [--seed S] [--variant standard|hypergammon] [--db FILE]...
// --variant hypergammon plays Hypergammon (backgammon/values/variant.hpp: 3 checkers a side).
// Evaluation of a position from the mover's side (a simple evaluator, not a strong one):
//   pip lead + 2 x (checkers off lead) - 3 x own blots + 2 x opposing blots, turned into a
//   winning chance by a logistic curve. A play is worth the expectation over the opponent's 21
//   throws of the position after the opponent's best reply by the same evaluator.
// Cube: double with a winning chance of 70% or more (at the start of the turn), take with 25%.
// --db FILE (repeatable; a one- or two-sided bear-off or a Hypergammon database, in GNU
// Backgammon's format, the kind read from the file's header, backgammon/db/exact.hpp): a position
// a database covers is valued by its chance to win instead of the evaluator, at the leaves and at
// the root: a throw whose every play leads to a covered position is played by the database's best
// equity, and the cube is handled on the database's chance to win. A Hypergammon database serves
// only --variant hypergammon and only when built for its 3 checkers (usage error otherwise). Its
// values are those of money play: in this match they still choose the plays and value the
// leaves, but the State's own call (exact_value(state)) gives none, so the doubling decision at
// the start of a turn is the evaluator's.
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/exact.hpp"
#include "boardrules/core/random.hpp"

#include "common/args.hpp"
#include "common/bots.hpp"
#include "common/databases.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

template <class V>
int blots(const BasicPosition<V>& p, Side side) {
  int n = 0;
  for (int point = 1; point <= 24; ++point) n += p.count(side, point) == 1;
  return n;
}

// Winning chance of the side to move in `p` (mover's view), by the simple evaluator.
template <class V>
double win_chance(const BasicPosition<V>& p) {
  const double score = (p.pips(Side::Opponent) - p.pips(Side::Mover)) +
                       2.0 * (p.borne_off(Side::Mover) - p.borne_off(Side::Opponent)) - 3.0 * blots(p, Side::Mover) +
                       2.0 * blots(p, Side::Opponent);
  return 1.0 / (1.0 + std::exp(-score / 12.0));
}

// The databases given with --db (none: the evaluator alone), and how often they answered.
EndgameDatabases g_databases;
long g_database_values = 0;

// Winning chance of the side to move in `p`: the databases' when they cover it, else the
// evaluator's.
template <class V>
double leaf_chance(const BasicPosition<V>& p) {
  if (const auto v = database_value(p, g_databases)) {
    ++g_database_values;
    return v->probability[0];
  }
  return win_chance(p);
}

// The value for the mover of having played into `after` (still the mover's view): expectation
// over the opponent's throws of 1 - the opponent's best winning chance.
template <class V>
double expectimax(const BasicPosition<V>& after) {
  const BasicPosition<V> them = after.flipped();
  if (them.borne_off(Side::Opponent) == V::kCheckers) return 1.0;
  PlayList plays;
  double value = 0;
  for (const Dice d : kAllRolls) {
    generate_plays(them, d, plays);
    double best = plays.empty() ? 1.0 - leaf_chance(them.flipped()) : 0.0;
    for (const Play& q : plays) {
      const BasicPosition<V> back = apply(them, q).flipped();  // our view, our turn
      const double opp = 1.0 - leaf_chance(back);
      if (opp > best) best = opp;
    }
    value += d.probability() * (1.0 - best);
  }
  return value;
}

// The expectimax player's action number for a decision of `s`.
template <class V>
int choose(const BasicState<V>& s) {
  const auto& g = s.game();
  ActionIdList ids;
  s.legal_actions(ids);
  double p = win_chance(g.position_of(g.turn()));
  // The databases' chance to win: the State's own call at the start of a turn; facing a double,
  // one minus the doubler's (the player on roll).
  if (const auto v = g.phase() == Phase::TurnStart ? database_value(s, g_databases)
                     : g.phase() == Phase::Doubled ? database_value(g.position(), g_databases)
                                                   : std::nullopt) {
    ++g_database_values;
    p = g.phase() == Phase::TurnStart ? v->probability[0] : 1.0 - v->probability[0];
  }
  switch (g.phase()) {
    case Phase::TurnStart: return g.may_double() && p >= 0.70 ? kActionDouble : kActionNoDouble;
    case Phase::Doubled: return p >= 0.25 ? kActionTake : kActionDrop;
    case Phase::Rolled: {
      // A throw whose every play leads to a position the databases cover: their best play.
      PlayList plays;
      g.legal_plays(plays);
      if (const auto best = dbfiles::best_play(g.position(), plays, g_databases)) {
        ++g_database_values;
        const BasicPosition<V> target = apply(g.position(), plays[best->first]);
        for (const int id : ids) {
          const Result<Action> a = s.to_action(id);
          if (a && a->kind == ActionKind::Move && apply(g.position(), a->play) == target) return id;
        }
      }
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

// Plays the match of `length` points in variant V with `databases`; the exit status.
template <class V>
int play(int length, std::uint64_t seed, const dbfiles::Loaded& databases, const examples::Usage& usage) {
  if (const auto problem = dbfiles::unusable_for<V>(databases, true)) return usage.error(*problem);
  g_databases = databases.view();
  Rng rng(seed);
  BasicState<V> s(SessionRules::match(length));
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
      "%s%d-point match, expectimax (player 0) against the heuristic player: %d-%d, %s wins (%d decisions by "
      "expectimax, %d games)\n",
      std::is_same_v<V, Hypergammon> ? "Hypergammon, " : "", length, s.match().score()[0], s.match().score()[1],
      s.match().winner() == 0 ? "expectimax" : "heuristic", decisions, s.match().games_played());
  if (!databases.empty()) std::printf("%ld values from the databases\n", g_database_values);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  constexpr examples::Usage usage{"expectimax_backgammon", "",
                                  "[--length N (1..32767)] [--seed S] [--variant standard|hypergammon] [--db FILE]..."};
  int length = 5;
  std::uint64_t seed = 1;
  std::string_view variant = Standard::name;
  dbfiles::Loaded databases;
  examples::Args args(argc, argv);
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    if (a == "--length" && args.more()) {
      if (!examples::parse_int(*args.next(), 1, kMaxMatchLength, length))
        return usage.error("--length needs a match length 1..32767");
    } else if (a == "--seed" && args.more()) {
      if (!examples::parse_int(*args.next(), std::uint64_t{0}, ~std::uint64_t{0}, seed))
        return usage.error("--seed needs an unsigned 64-bit number");
    } else if (a == "--variant" && args.more()) {
      variant = *args.next();
      if (variant != Standard::name && variant != Hypergammon::name)
        return usage.error("--variant needs standard or hypergammon");
    } else if (a == "--db" && args.more()) {
      if (const auto problem = dbfiles::load(std::string(*args.next()), databases)) return usage.error(*problem);
    } else {
      return usage.other(a);
    }
  }
  return variant == Hypergammon::name ? play<Hypergammon>(length, seed, databases, usage)
                                      : play<Standard>(length, seed, databases, usage);
}
