// perft_parallel (threads and the transposition table) against the slow reference and the known
// perft(12) from the start, and against the single-threaded perft() of perft.hpp: every thread
// count and table size, including a one-bucket table that is always full, gives the same count.

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "../perft_every_node.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/perft/warri.hpp"
#include "reference.hpp"

using namespace boardrules;
using namespace boardrules::warri;

namespace {

template <class G>
std::uint64_t run(const typename G::Node& node, int depth, Leaves leaves, unsigned threads, PerftTable* table) {
  return run_sum<G>(node, depth, leaves, threads, table, kMaxMoves);
}

template <class R>
void check_start(int max_depth) {
  const auto p = BasicPosition<R>::start();
  for (int d = 1; d <= max_depth; ++d) {
    const std::uint64_t want = warri_ref::perft(p, d);
    for (unsigned threads : {1u, 2u, 3u, 8u}) {
      for (std::size_t bytes : {0u, 64u, 4096u, 1u << 20}) {
        INFO(R::name, " depth ", d, " threads ", threads, " table bytes ", bytes, " reference ", want);
        PerftTable table(bytes);
        PerftTable* t = bytes == 0 ? nullptr : &table;
        CHECK(perft_parallel(p, d, Leaves::Count, {threads, 0}, t) == want);
        if (t != nullptr) CHECK(run<EveryNode<PerftGame<R>>>(p, d, Leaves::List, threads, t) == want);
      }
    }
  }
}

}  // namespace

TEST_CASE("perft_parallel from the start vs the reference, every thread count and table size") {
  check_start<Speightstown>(7);
  check_start<Bridgetown>(6);
  check_start<Abapa>(7);
}

// 460,005,710: perft(12) from the start, the known value bench/bench_warri.cpp checks.
TEST_CASE("perft_parallel(12) from the start: 460,005,710 with the table, tiny and large") {
  PerftTable tiny(64);
  CHECK(perft_parallel(Position::start(), 12, Leaves::Count, {2, 0}, &tiny) == 460005710);
  CHECK(perft_parallel(Position::start(), 12, Leaves::Count, {3, 16}) == 460005710);
}

TEST_CASE("perft_parallel_divide: each move's count is perft of its child") {
  const Position p = Position::start();
  const auto counts = perft_parallel_divide(p, 9, Leaves::Count, {2, 1});
  MoveList moves;
  generate_moves(p, moves);
  REQUIRE(counts.size() == moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) CHECK(counts[i] == perft(apply(p, moves[i]), 8));
}

TEST_CASE("the table on every node, positions from random games: equal to perft()") {
  Rng rng(11);
  PerftTable tiny(64);
  PerftTable big(1 << 20);
  for (int g = 0; g < 6; ++g) {
    AbapaPosition p = AbapaPosition::start();
    for (int ply = 0; ply < 200; ++ply) {
      if (ply % 9 == 4) {
        const std::uint64_t want = perft(p, 6);
        INFO("game ", g, " ply ", ply);
        CHECK(run<EveryNode<PerftGame<Abapa>>>(p, 6, Leaves::Count, 2, &tiny) == want);
        CHECK(run<EveryNode<PerftGame<Abapa>>>(p, 6, Leaves::Make, 3, &big) == want);
        CHECK(perft_parallel(p, 9, Leaves::Count, {2, 0}, &tiny) == perft(p, 9));
      }
      MoveList m;
      generate_moves(p, m);
      if (m.empty()) break;
      p = apply(p, m[rng.below(static_cast<std::uint32_t>(m.size()))]);
    }
  }
}
