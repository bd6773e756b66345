// Allocation-free claim for the game layer: a BasicGame playing legal moves, its result(),
// outcome(), cycle_outcome() and Series::record() make no call to operator new. The test replaces
// the global operator new and counts (not under AddressSanitizer, which replaces it itself).

#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/game/game.hpp"
#include "boardrules/warri/game/series.hpp"

#include "counting_new.hpp"

using namespace boardrules;
using namespace boardrules::warri;

template <class R>
void games_without_allocation(CycleRule rule) {
  Rng rng(99);
  static BasicGame<R> game;  // 64 KiB: static storage rather than the stack
  BasicGame<R>* g = &game;
  Series series;
  const long before = alloc_test::allocations();
  long sink = 0;
  for (int n = 0; n < 200; ++n) {
    *g = BasicGame<R>(BasicPosition<R>::start(series.first_mover()), CycleOptions{rule, 40});
    while (!g->over()) {
      const MoveList moves = g->legal_moves();
      const Status s = g->play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
      sink += s.has_value() ? 1 : 0;
      sink += outcome(g->position()).south + cycle_outcome(g->position()).north;
    }
    sink += g->result().south;
    if (!series.over()) sink += series.record(g->result()).has_value() ? 1 : 0;
  }
  CHECK(alloc_test::allocations() == before);
  CHECK(sink > 0);
}

TEST_CASE("BasicGame::play, result, outcome, Series::record allocate nothing") {
  games_without_allocation<Speightstown>(CycleRule::FirstRepetition);
  games_without_allocation<Bridgetown>(CycleRule::Threefold);
  games_without_allocation<Abapa>(CycleRule::NoCapturePlies);
}
