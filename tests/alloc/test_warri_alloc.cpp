// Allocation-free claim for the Warri hot paths: generate_moves, has_any_move, apply and perft (every
// Leaves mode) make no call to operator new. The test replaces the global operator new and counts.

#include <doctest/doctest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "boardrules/warri/movegen.hpp"
#include "boardrules/warri/perft.hpp"

namespace {
std::atomic<long> g_news{0};
}

void* operator new(std::size_t n) {
  g_news.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  g_news.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

using namespace boardrules::warri;
using boardrules::Leaves;

TEST_CASE("the counter sees allocations (the test can fail)") {
  const long before = g_news.load();
  auto* volatile p = new int(3);
  delete p;
  CHECK(g_news.load() == before + 1);
}

template <class R>
void no_alloc() {
  const long before = g_news.load();
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
  CHECK(g_news.load() == before);
}

TEST_CASE("generate_moves, has_any_move, apply, perft allocate nothing") {
  no_alloc<Speightstown>();
  no_alloc<Bridgetown>();
  no_alloc<Abapa>();
}
