// Allocation-free claims of the backgammon generator: operator new is replaced by a counting
// one, and generate_plays, has_any_play, apply and perft must not call it.

#include <doctest/doctest.h>

#include <cstdlib>
#include <new>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/core/random.hpp"

#include "counting_new.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

TEST_CASE("generate_plays, has_any_play, apply and perft do not allocate") {
  static PlayList list;
  Rng rng(3);
  const long before = alloc_test::allocations();
  std::uint64_t sum = 0;
  // Random games: contact, hits, the bar, bear-off.
  for (int g = 0; g < 50; ++g) {
    Position p = Position::start();
    for (int ply = 0; ply < 300 && !game_over(p); ++ply) {
      const Dice d = Dice::unchecked(rng.die(), rng.die());
      sum += has_any_play(p, d) ? 1 : 0;
      generate_plays(p, d, list);
      if (!list.empty()) p = apply(p, list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      p = p.flipped();
    }
  }
  for (Leaves l : {Leaves::Count, Leaves::List, Leaves::Make}) sum += perft(Position::start(), 2, l);
  sum += perft_roll(Position::start(), Dice(6, 6), 2, Leaves::List);
  const long after = alloc_test::allocations();
  CHECK(sum > 0);
  CHECK(after == before);
}
