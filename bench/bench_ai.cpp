// The game-playing interfaces (State, integer actions): random playouts to the end through State
// against the raw generator loop in the same run, for both games, the cost of copying a State
// (what a tree search pays per simulation) and of the observation tensor. Each benchmark checks
// its result (the playouts: that their games end) before it times; games/s and plies/s are
// counters.
//
//   cmake --build <dir> --target bench_ai && <dir>/bench/bench_ai
#include <benchmark/benchmark.h>

#include <cstdint>
#include <span>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri/game/game.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/ai/state.hpp"

namespace {

using boardrules::Rng;
namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;

void counters(benchmark::State& state, std::int64_t games, std::int64_t plies) {
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsRate);
}

// ---- Warri ------------------------------------------------------------------------------------

// Raw loop: the game record (moves, cycle detection by first repetition).
int warri_raw(Rng& rng) {
  wa::Game g;
  while (!g.over()) {
    const auto& m = g.legal_moves();
    (void)g.play(m[rng.below(static_cast<std::uint32_t>(m.size()))]);
  }
  return g.plies();
}

// State with integer actions; `checked` uses apply_action, else apply_legal_action.
template <bool Checked>
int warri_state(Rng& rng) {
  wa::State s;
  wa::ActionIdList a;
  while (!s.is_terminal()) {
    s.legal_actions(a);
    const int x = a[rng.below(static_cast<std::uint32_t>(a.size()))];
    if constexpr (Checked) (void)s.apply_action(x);
    else s.apply_legal_action(x);
  }
  return s.plies();
}

template <int (*Playout)(Rng&)>
void BM_Playout(benchmark::State& state) {
  Rng check(1);
  if (Playout(check) <= 0) {
    state.SkipWithError("a playout did not play");
    return;
  }
  Rng rng(7);
  std::int64_t games = 0, plies = 0;
  for (auto _ : state) {
    const int n = Playout(rng);
    benchmark::DoNotOptimize(n);
    plies += n;
    ++games;
  }
  counters(state, games, plies);
}
BENCHMARK(BM_Playout<warri_raw>)->Name("Warri/Playout/GameRecord");
BENCHMARK(BM_Playout<warri_state<true>>)->Name("Warri/Playout/State_apply_action");
BENCHMARK(BM_Playout<warri_state<false>>)->Name("Warri/Playout/State_apply_legal_action");

// The search loop of the GameState contract: sample_legal_action + apply_legal_action.
int warri_sample(Rng& rng) {
  wa::State s;
  while (!s.is_terminal()) s.apply_legal_action(s.sample_legal_action(rng));
  return s.plies();
}
BENCHMARK(BM_Playout<warri_sample>)->Name("Warri/Playout/State_sample_apply_legal_action");

// ---- Backgammon -------------------------------------------------------------------------------

// Raw loop: throw, generate the plays, apply one, flip, until a side is off (no cube).
int bg_raw(Rng& rng) {
  bg::Position p = bg::Position::start();
  bg::PlayList plays;
  int plies = 0;
  for (;;) {
    ++plies;
    bg::generate_plays(p, bg::throw_dice(rng), plays);
    if (!plays.empty()) p = bg::apply(p, plays[rng.below(static_cast<std::uint32_t>(plays.size()))]);
    if (p.borne_off(bg::Side::Mover) == 15) return plies;
    p = p.flipped();
  }
}

// The throw at a chance node, drawn with the dice's probabilities (1/36 a double, 2/36 otherwise,
// as chance_outcomes() gives them, so the games have the raw loop's distribution): the opening
// throw is one of the 30 ordered pairs of different dice (no tie is an outcome without the cube).
int bg_throw(const bg::State& s, Rng& rng) {
  if (s.match().game().phase() == bg::Phase::Opening) {
    const int a = rng.die();
    int b = rng.die();
    while (b == a) b = rng.die();
    return bg::opening_chance_id(a, b);
  }
  return bg::roll_chance_id(bg::throw_dice(rng));
}

// State with integer actions, money game without the cube: one throw (chance) and one play per
// turn; plies counts the plays (turns), as the raw loop does. A decision takes a uniform choice
// among legal_actions().
template <bool Checked>
int bg_state(Rng& rng) {
  bg::SessionRules rules = bg::SessionRules::money();
  rules.cube_cap = 1;
  bg::State s(rules);
  bg::ActionIdList a;
  int plies = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      (void)s.apply_action(bg_throw(s, rng));
      continue;
    }
    s.legal_actions(a);
    const int x = a[rng.below(static_cast<std::uint32_t>(a.size()))];
    ++plies;
    if constexpr (Checked) {
      (void)s.apply_action(x);
    } else {
      auto act = s.to_action(x);
      s.apply_legal_action(*act);
    }
  }
  return plies;
}

// The same loop (legal_actions + apply_action(int)) with per-game returns: each money game an
// episode (StateOptions::returns), what a self-play loop over match play runs.
int bg_state_points(Rng& rng) {
  bg::SessionRules rules = bg::SessionRules::money();
  rules.cube_cap = 1;
  bg::State s(rules, bg::StateOptions{.returns = bg::Returns::Points});
  bg::ActionIdList a;
  int plies = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      (void)s.apply_action(bg_throw(s, rng));
      continue;
    }
    s.legal_actions(a);
    ++plies;
    (void)s.apply_action(a[rng.below(static_cast<std::uint32_t>(a.size()))]);
  }
  benchmark::DoNotOptimize(s.returns());
  return plies;
}

// sample_legal_action + apply_legal_action(int) with per-game returns.
int bg_state_sample_unchecked_points(Rng& rng) {
  bg::SessionRules rules = bg::SessionRules::money();
  rules.cube_cap = 1;
  bg::State s(rules, bg::StateOptions{.returns = bg::Returns::Points});
  int plies = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      s.apply_legal_action(bg_throw(s, rng));
      continue;
    }
    ++plies;
    s.apply_legal_action(s.sample_legal_action(rng));
  }
  benchmark::DoNotOptimize(s.returns());
  return plies;
}

// State with integer actions, legal_actions in the generator's order (no sort), checked apply.
int bg_state_generated(Rng& rng) {
  bg::SessionRules rules = bg::SessionRules::money();
  rules.cube_cap = 1;
  bg::State s(rules);
  bg::ActionIdList a;
  int plies = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      (void)s.apply_action(bg_throw(s, rng));
      continue;
    }
    s.legal_actions(a, bg::ActionOrder::Generated);
    ++plies;
    (void)s.apply_action(a[rng.below(static_cast<std::uint32_t>(a.size()))]);
  }
  return plies;
}

// The search loop of the GameState contract: sample_legal_action + apply_legal_action(int), the
// throws through apply_legal_action(int) too.
int bg_state_sample_unchecked(Rng& rng) {
  bg::SessionRules rules = bg::SessionRules::money();
  rules.cube_cap = 1;
  bg::State s(rules);
  int plies = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      s.apply_legal_action(bg_throw(s, rng));
      continue;
    }
    ++plies;
    s.apply_legal_action(s.sample_legal_action(rng));
  }
  return plies;
}

// State with integer actions, the decision drawn by sample_legal_action (the same choice as a
// uniform pick from legal_actions(), numbering only the play drawn).
int bg_state_sample(Rng& rng) {
  bg::SessionRules rules = bg::SessionRules::money();
  rules.cube_cap = 1;
  bg::State s(rules);
  int plies = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      (void)s.apply_action(bg_throw(s, rng));
      continue;
    }
    ++plies;
    (void)s.apply_action(s.sample_legal_action(rng));
  }
  return plies;
}

// State with Action structs (no numbers), for comparison: what the numbering costs.
int bg_state_structs(Rng& rng) {
  bg::SessionRules rules = bg::SessionRules::money();
  rules.cube_cap = 1;
  bg::State s(rules);
  static bg::ActionList a;  // 40 KiB: made once
  int plies = 0;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      (void)s.apply_action(bg_throw(s, rng));
      continue;
    }
    s.legal_actions(a);
    ++plies;
    s.apply_legal_action(a[rng.below(static_cast<std::uint32_t>(a.size()))]);
  }
  return plies;
}

BENCHMARK(BM_Playout<bg_raw>)->Name("Backgammon/Playout/RawGenerator");
BENCHMARK(BM_Playout<bg_state<true>>)->Name("Backgammon/Playout/State_apply_action");
BENCHMARK(BM_Playout<bg_state<false>>)->Name("Backgammon/Playout/State_to_action_apply_legal");
BENCHMARK(BM_Playout<bg_state_sample>)->Name("Backgammon/Playout/State_sample_legal_action");
BENCHMARK(BM_Playout<bg_state_generated>)->Name("Backgammon/Playout/State_apply_action_generated_order");
BENCHMARK(BM_Playout<bg_state_sample_unchecked>)->Name("Backgammon/Playout/State_sample_apply_legal_action");
BENCHMARK(BM_Playout<bg_state_structs>)->Name("Backgammon/Playout/State_Action_structs");
BENCHMARK(BM_Playout<bg_state_points>)->Name("Backgammon/Playout/State_apply_action_points_returns");
BENCHMARK(BM_Playout<bg_state_sample_unchecked_points>)
    ->Name("Backgammon/Playout/State_sample_apply_legal_action_points_returns");

// ---- Copies -----------------------------------------------------------------------------------

template <class S>
void copy_bench(benchmark::State& state, const S& mid) {
  S a = mid;
  for (auto _ : state) {
    benchmark::DoNotOptimize(&a);
    S b = a;  // the copy a search makes per simulation
    benchmark::DoNotOptimize(&b);
    benchmark::ClobberMemory();
  }
  state.counters["bytes"] = static_cast<double>(sizeof(S));
}

void BM_WarriStateCopy(benchmark::State& state) {
  // A position some plies after the last capture: the copy carries its keys.
  Rng rng(3);
  wa::State s;
  wa::ActionIdList a;
  while (s.plies_since_capture() < state.range(0)) {
    if (s.is_terminal()) s = wa::State();
    s.legal_actions(a);
    s.apply_legal_action(a[rng.below(static_cast<std::uint32_t>(a.size()))]);
  }
  state.counters["keys"] = static_cast<double>(s.plies_since_capture() + 1);
  copy_bench(state, s);
}
BENCHMARK(BM_WarriStateCopy)->Name("Warri/StateCopy")->Arg(0)->Arg(20)->Arg(60);

void BM_WarriGameCopy(benchmark::State& state) {
  Rng rng(3);
  wa::Game g;
  while (g.plies_since_capture() < 20) {
    if (g.over()) g = wa::Game();
    const auto& m = g.legal_moves();
    (void)g.play(m[rng.below(static_cast<std::uint32_t>(m.size()))]);
  }
  copy_bench(state, g);
}
BENCHMARK(BM_WarriGameCopy)->Name("Warri/GameRecordCopy/20");

// A random step of a backgammon state: a throw at a chance node (bg_throw), else a decision.
void bg_step(bg::State& s, Rng& rng) {
  if (s.is_chance_node()) {
    (void)s.apply_action(bg_throw(s, rng));
    return;
  }
  (void)s.apply_action(s.sample_legal_action(rng));
}

void BM_BgStateCopy(benchmark::State& state) {
  Rng rng(3);
  bg::State s(bg::SessionRules::match(7));
  for (int k = 0; k < 30 && !s.is_terminal(); ++k) bg_step(s, rng);
  copy_bench(state, s);
}
BENCHMARK(BM_BgStateCopy)->Name("Backgammon/StateCopy");

// ---- Observations -----------------------------------------------------------------------------

// The observation tensor of 256 states from random 7-point matches (what a batched self-play step
// writes per game). Checked first: the first unit of a point is 1 exactly where the point holds
// a checker, and the borne-off units are the counts / 15.
void BM_BgObservation(benchmark::State& state) {
  Rng rng(5);
  std::vector<bg::State> states;
  bg::State s(bg::SessionRules::match(7));
  while (states.size() < 256) {
    if (s.is_terminal()) s = bg::State(bg::SessionRules::match(7));
    bg_step(s, rng);
    if (!s.is_chance_node() && rng.below(4) == 0) states.push_back(s);
  }
  std::vector<float> out(states.size() * bg::kObservationSize);
  auto write = [&] {
    for (std::size_t i = 0; i < states.size(); ++i)
      states[i].observation_tensor(std::span<float>(out.data() + i * bg::kObservationSize, bg::kObservationSize));
  };
  write();
  for (std::size_t i = 0; i < states.size(); ++i) {
    const float* o = out.data() + i * bg::kObservationSize;
    const int me = states[i].observer();
    const auto& g = states[i].game();
    const bg::Position pos = g.phase() == bg::Phase::Opening ? g.position() : g.position_of(me);
    for (int point = 1; point <= 24; ++point) {
      const bool mine = o[4 * (point - 1)] == 1.0f;
      const bool theirs = o[96 + 4 * (point - 1)] == 1.0f;
      if (mine != (pos.count(bg::Side::Mover, point) > 0) || theirs != (pos.count(bg::Side::Opponent, point) > 0)) {
        state.SkipWithError("the observation's point units are wrong");
        return;
      }
    }
    if (o[194] != static_cast<float>(pos.borne_off(bg::Side::Mover)) / 15.0f) {
      state.SkipWithError("the observation's borne-off unit is wrong");
      return;
    }
  }
  for (auto _ : state) {
    write();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(states.size()));
}
BENCHMARK(BM_BgObservation)->Name("Backgammon/Observation/256");

}  // namespace
