// perft from the start (docs/rules/warri.md, Perft) against the slow reference of reference.hpp, depths
// 1..9, in every Leaves mode; Speightstown and Bridgetown share their moves, Abapa differs only by
// its grand slam. The deep known value perft(12) = 460,005,710 is checked in bench/bench_warri.cpp.

#include <doctest/doctest.h>

#include <cstdint>

#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/perft.hpp"
#include "reference.hpp"

using namespace boardrules::warri;
using boardrules::Leaves;

TEST_CASE("perft: depth 0 is 1, depth 1 and 2 from the start are 6 and 36") {
  CHECK(perft(Position::start(), 0) == 1);
  CHECK(perft(Position::start(), 1) == 6);
  CHECK(perft(Position::start(), 2) == 36);  // no capture is possible in the first two plies
}

TEST_CASE("perft: finished games add 0 at depth >= 1") {
  Position p;  // empty board, 24-24: over (WA-4.1)
  p.set_store(Player::South, 24);
  p.set_store(Player::North, 24);
  for (auto l : {Leaves::Count, Leaves::List, Leaves::Make}) {
    CHECK(perft(p, 0, l) == 1);
    CHECK(perft(p, 1, l) == 0);
    CHECK(perft(p, 3, l) == 0);
  }
}

template <class R>
void check_start(Player first, int max_depth) {
  const auto p = BasicPosition<R>::start(first);
  for (int d = 1; d <= max_depth; ++d) {
    const std::uint64_t want = warri_ref::perft(p, d);
    INFO(R::name, " depth ", d, " reference ", want);
    CHECK(perft(p, d, Leaves::Count) == want);
    CHECK(perft(p, d, Leaves::List) == want);
    CHECK(perft(p, d, Leaves::Make) == want);
  }
}

TEST_CASE("perft from the start, depths 1..9, vs the reference (Speightstown)") {
  check_start<Speightstown>(Player::South, 9);
}

TEST_CASE("perft from the start vs the reference (Bridgetown, Abapa, North first)") {
  check_start<Bridgetown>(Player::South, 7);
  check_start<Abapa>(Player::South, 9);
  check_start<Speightstown>(Player::North, 8);
  // Same moves, same counts (docs/rules/warri.md, Perft): Bridgetown equals Speightstown.
  CHECK(perft(BridgetownPosition::start(), 8) == perft(Position::start(), 8));
}

// The SIMD path chosen at compile time (AVX-512 or AVX2 on the _native twin) against the plain
// C++ paths (the portable SWAR core and the byte-by-byte core) on positions from random games.
#include "boardrules/core/random.hpp"

template <class R>
void simd_vs_plain(std::uint64_t seed, int games) {
  boardrules::Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto p = BasicPosition<R>::start();
    for (int ply = 0; ply < 300; ++ply) {
      if (ply % 7 == 3) {
        const auto node = boardrules::warri::detail::swar::to_node(p.bytes());
        for (int d = 1; d <= 4; ++d)
          for (auto l : {Leaves::Count, Leaves::List, Leaves::Make}) {
            const auto want = boardrules::warri::detail::perft_plain<R>(p.bytes(), d, l);
            INFO(R::name, " game ", g, " ply ", ply, " depth ", d, " leaves ", static_cast<int>(l));
            using PortableKernel = boardrules::warri::detail::swar::Kernel;
            REQUIRE(boardrules::warri::detail::perft_nodes<PortableKernel, R>(node, d, l) == want);
            REQUIRE(perft(p, d, l) == want);
          }
      }
      MoveList m;
      generate_moves(p, m);
      if (m.empty()) break;
      p = apply(p, m[rng.below(static_cast<std::uint32_t>(m.size()))]);
    }
  }
}

TEST_CASE("perft: the SIMD path equals the plain paths on positions from random games") {
  simd_vs_plain<Speightstown>(101, 300);
  simd_vs_plain<Abapa>(102, 200);
}
