// Allocation-free claim: whole matches played through State with the bots, the checked actions
// of Match on legal input, and the integer actions (decoded plays, sampled actions) never call
// operator new. Counted by replacing the global operator new in this executable (off under
// sanitizers, which replace it themselves).
#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "boardrules/backgammon/ai/state.hpp"

#include "common/bots.hpp"
#include "counting_new.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

TEST_CASE("a full match through State and the bots allocates nothing") {
  Rng rng(99);
  State warm(SessionRules::match(3));
  (void)bots::random_action(warm, rng);  // warm up before counting
  (void)bots::heuristic_action(warm, rng);
  // Built (allocated) once, at their first use: the bots' short-race database, the match
  // equity table their match cube reads.
  (void)bots::short_races();
  (void)default_met();
  ActionList acts;
  warm.legal_actions(acts);
  for (int i = 0; i < 20; ++i) {
    const long before = alloc_test::allocations();
    State s(i % 2 ? SessionRules::match(5) : SessionRules::money({.jacoby = true, .auto_doubles = 1}));
    while (!s.is_terminal()) {
      const Action a = s.current_player() == 1 ? bots::heuristic_action(s, rng) : bots::random_action(s, rng);
      s.legal_actions(acts);
      REQUIRE(s.apply_action(a).has_value());  // the checked path too
    }
    CHECK(alloc_test::allocations() == before);
  }
}

TEST_CASE(
    "integer actions: legal_actions, chance_outcomes, sample_legal_action, apply_action(int) and "
    "apply_legal_action(int) allocate nothing") {
  Rng rng(7);
  ActionIdList ids;
  ChanceOutcomeList outcomes;
  for (int i = 0; i < 20; ++i) {
    const long before = alloc_test::allocations();
    State s(i % 2 ? SessionRules::match(5) : SessionRules::money({.jacoby = true, .auto_doubles = 1}),
            StateOptions{i % 4 == 0, 1});
    for (int ply = 0; !s.is_terminal(); ++ply) {
      int id = 0;
      if (s.is_chance_node()) {
        s.chance_outcomes(outcomes);
        id = outcomes[rng.below(static_cast<std::uint32_t>(outcomes.size()))].action;
      } else {
        s.legal_actions(ids, ply % 2 ? ActionOrder::Increasing : ActionOrder::Generated);
        id = i % 3 ? s.sample_legal_action(rng) : ids[rng.below(static_cast<std::uint32_t>(ids.size()))];
      }
      if (ply % 3 == 0) {
        s.apply_legal_action(id);
      } else {
        REQUIRE(s.apply_action(id).has_value());
      }
    }
    CHECK(alloc_test::allocations() == before);
  }
}

TEST_CASE("a Game and a State on the heap are counted (64-byte-aligned: the aligned operator new)") {
  static_assert(alignof(Game) > __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  const long before = alloc_test::allocations();
  auto* volatile g = new Game;
  delete g;
  auto* volatile s = new State;
  delete s;
  CHECK(alloc_test::allocations() == before + 2);
}
