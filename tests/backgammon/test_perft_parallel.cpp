// perft_parallel (threads and the transposition table) against the known counts from the start
// and against the single-threaded perft() of perft.hpp: every thread count and table size,
// including a one-bucket table that is always full, gives the same count.

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "../common/backgammon_stacks.hpp"
#include "../perft_every_node.hpp"
#include "boardrules/perft/backgammon.hpp"
#include "boardrules/core/random.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

template <class G>
std::uint64_t run(const typename G::Node& node, int depth, Leaves leaves, unsigned threads, PerftTable* table) {
  return run_sum<G>(node, depth, leaves, threads, table, 21);
}

// A race (no contact) of three checkers a side: trees small enough to go deep.
Position race() { return stacks::position({{2, 1}, {5, 1}, {9, 1}}, {{3, 2}, {7, 1}}, stacks::OppPoints::Own).value(); }

// Positions from random games (both sides play random plays of random rolls).
std::vector<Position> random_positions(std::uint64_t seed, int count) {
  Rng rng(seed);
  std::vector<Position> out;
  Position p = Position::start();
  PlayList list;
  while (static_cast<int>(out.size()) < count) {
    if (game_over(p)) p = Position::start();
    const Dice d = kAllRolls[rng.below(21)];
    generate_plays(p, d, list);
    p = list.empty() ? p.flipped() : apply(p, list[rng.below(static_cast<std::uint32_t>(list.size()))]).flipped();
    if (rng.below(4) == 0) out.push_back(p);
  }
  return out;
}

}  // namespace

// 447, 202,782 and 116,154,993: known counts (the first two given independently of this code,
// the third the single-threaded perft's, which test_perft.cpp checks against the reference).
TEST_CASE("perft_parallel from the start: 447, 202,782, 116,154,993 at every thread count and table size") {
  const Position start = Position::start();
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    for (std::size_t bytes : {0u, 64u, 4096u, 1u << 20}) {
      INFO("threads ", threads, " table bytes ", bytes);
      PerftTable table(bytes);
      PerftTable* t = bytes == 0 ? nullptr : &table;
      CHECK(perft_parallel(start, 0, Leaves::Count, {threads, 0}, t) == 1);
      CHECK(perft_parallel(start, 1, Leaves::Count, {threads, 0}, t) == 447);
      CHECK(perft_parallel(start, 2, Leaves::List, {threads, 0}, t) == 202782);
      CHECK(perft_parallel(start, 3, Leaves::Count, {threads, 0}, t) == 116154993);
    }
  }
}

TEST_CASE("perft_parallel_divide: the 21 rolls' counts are perft_roll's") {
  const Position start = Position::start();
  const auto rolls = perft_parallel_divide(start, 3, Leaves::Count, {2, 1});
  for (std::size_t i = 0; i < kAllRolls.size(); ++i) {
    INFO("roll ", kAllRolls[i].high(), "-", kAllRolls[i].low());
    CHECK(rolls[i] == perft_roll(start, kAllRolls[i], 3, Leaves::Count));
  }
}

TEST_CASE("perft_parallel: options.hash_mb makes its own table") {
  CHECK(perft_parallel(Position::start(), 3, Leaves::Count, {2, 1}) == 116154993);
}

TEST_CASE("the table in a race: equal to perft() at every size and thread count") {
  const Position p = race();
  for (int depth = 1; depth <= 3; ++depth) {
    const std::uint64_t want = perft(p, depth);
    for (unsigned threads : {1u, 2u, 3u, 8u}) {
      for (std::size_t bytes : {64u, 4096u, 1u << 20}) {
        INFO("depth ", depth, " threads ", threads, " table bytes ", bytes);
        PerftTable table(bytes);
        CHECK(run<EveryNode<PerftGame<Standard>>>(p, depth, Leaves::Count, threads, &table) == want);
      }
    }
  }
  // Depth 4: the library's policy puts the nodes of depth 2 and 3 in the table.
  const std::uint64_t want = perft(p, 4);
  for (unsigned threads : {1u, 3u}) {
    for (std::size_t bytes : {64u, 1u << 20}) {
      INFO("depth 4 threads ", threads, " table bytes ", bytes);
      PerftTable table(bytes);
      CHECK(run<PerftGame<Standard>>(p, 4, Leaves::Count, threads, &table) == want);
    }
  }
}

TEST_CASE("the table on every node, positions from random games: equal to perft()") {
  PerftTable tiny(64);
  PerftTable big(1 << 20);
  for (const Position& p : random_positions(7, 30)) {
    const std::uint64_t want = perft(p, 2);
    CHECK(run<EveryNode<PerftGame<Standard>>>(p, 2, Leaves::Count, 2, &tiny) == want);
    CHECK(run<EveryNode<PerftGame<Standard>>>(p, 2, Leaves::Make, 3, &big) == want);
  }
}

TEST_CASE("Hypergammon from the start, the table on every node: equal to perft()") {
  const HypergammonPosition p = HypergammonPosition::start();
  PerftTable tiny(64);
  PerftTable big(1 << 20);
  for (int depth = 1; depth <= 3; ++depth) {
    const std::uint64_t want = perft(p, depth);
    CHECK(run<EveryNode<PerftGame<Hypergammon>>>(p, depth, Leaves::Count, 2, &tiny) == want);
    CHECK(run<EveryNode<PerftGame<Hypergammon>>>(p, depth, Leaves::Count, 8, &big) == want);
  }
}
