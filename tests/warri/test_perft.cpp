// perft from the start (spec, Perft section) against the slow reference of reference.hpp, depths
// 1..9, in every Leaves mode; Speightstown and Bridgetown share their moves, Abapa differs only by
// its grand slam. The deep known value perft(12) = 460,005,710 is checked in bench/bench_warri.cpp.

#include <doctest/doctest.h>

#include <cstdint>

#include "boardrules/warri/perft.hpp"
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
  // Same moves, same counts (spec, Perft): Bridgetown equals Speightstown.
  CHECK(perft(BridgetownPosition::start(), 8) == perft(Position::start(), 8));
}
