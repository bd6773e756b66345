// Allocation-free claims of the backgammon generator: operator new is replaced by a counting
// one, and generate_plays, has_any_play, apply and perft must not call it.

#include <doctest/doctest.h>

#include <cstdlib>
#include <new>

#include "boardrules/backgammon/movegen.hpp"
#include "boardrules/backgammon/perft.hpp"
#include "boardrules/core/random.hpp"

namespace {
std::size_t g_news = 0;
}

void* operator new(std::size_t n) {
  ++g_news;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return ::operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace boardrules;
using namespace boardrules::backgammon;

TEST_CASE("generate_plays, has_any_play, apply and perft do not allocate") {
  static PlayList list;
  Rng rng(3);
  const std::size_t before = g_news;
  std::uint64_t sum = 0;
  // Random games: contact, hits, the bar, bear-off.
  for (int g = 0; g < 50; ++g) {
    Position p = Position::start();
    for (int ply = 0; ply < 300 && !game_over(p); ++ply) {
      const Dice d(rng.die(), rng.die());
      sum += has_any_play(p, d) ? 1 : 0;
      generate_plays(p, d, list);
      if (!list.empty()) p = apply(p, list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      p = p.flipped();
    }
  }
  for (Leaves l : {Leaves::Count, Leaves::List, Leaves::Make}) sum += perft(Position::start(), 2, l);
  sum += perft_roll(Position::start(), Dice(6, 6), 2, Leaves::List);
  const std::size_t after = g_news;
  CHECK(sum > 0);
  CHECK(after == before);
}
