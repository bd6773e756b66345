// Allocation-free claim for the Warri hot paths: generate_moves, has_any_move, apply and perft (every
// Leaves mode) make no call to operator new. The test replaces the global operator new and counts.

#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/perft.hpp"

#include "counting_new.hpp"

using namespace boardrules::warri;
using boardrules::Leaves;

template <class R>
void no_alloc() {
  const long before = alloc_test::allocations();
  auto p = BasicPosition<R>::start();
  std::uint64_t sink = 0;
  for (int ply = 0; ply < 200; ++ply) {
    MoveList moves;
    generate_moves(p, moves);
    sink += has_any_move(p) ? 1u : 0u;
    if (moves.empty()) break;
    p = apply(p, moves[static_cast<std::size_t>(ply) % moves.size()]);
  }
  for (auto l : {Leaves::Count, Leaves::List, Leaves::Make}) sink += perft(BasicPosition<R>::start(), 6, l);
  CHECK(sink > 0);
  CHECK(alloc_test::allocations() == before);
}

TEST_CASE("generate_moves, has_any_move, apply, perft allocate nothing") {
  no_alloc<Speightstown>();
  no_alloc<Bridgetown>();
  no_alloc<Abapa>();
}
