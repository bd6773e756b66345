// perft from the start (docs/rules/backgammon.md, Perft) and the capacity of the play list.

#include <doctest/doctest.h>

#include "boardrules/backgammon/rules/perft.hpp"
#include "reference.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

// 447 and 202,782: known counts, independent of this code (the slow reference generator of
// reference.hpp gives them too).
TEST_CASE("perft from the start: 447 at depth 1, 202,782 at depth 2, in every Leaves mode") {
  const Position start = Position::start();
  for (Leaves l : {Leaves::Count, Leaves::List, Leaves::Make}) {
    CHECK(perft(start, 0, l) == 1);
    CHECK(perft(start, 1, l) == 447);
    CHECK(perft(start, 2, l) == 202782);
  }
}

TEST_CASE("perft_roll sums to perft (--divide)") {
  const Position start = Position::start();
  for (Leaves l : {Leaves::Count, Leaves::List, Leaves::Make}) {
    std::uint64_t one = 0;
    std::uint64_t two = 0;
    for (Dice d : kAllRolls) {
      one += perft_roll(start, d, 1, l);
      two += perft_roll(start, d, 2, l);
    }
    CHECK(one == 447);
    CHECK(two == 202782);
  }
}

TEST_CASE("perft: a finished game adds 0 at depth >= 1, 1 at depth 0") {
  Position p = Position::start();
  for (int q = 1; q <= 25; ++q) p.set(Side::Opponent, q, 0);
  p.set(Side::Opponent, kOff, 15);  // the opponent has borne off all: game over
  CHECK(perft(p, 0) == 1);
  for (Leaves l : {Leaves::Count, Leaves::List, Leaves::Make}) {
    CHECK(perft(p, 1, l) == 0);
    CHECK(perft(p, 2, l) == 0);
    for (Dice d : kAllRolls) CHECK(perft_roll(p, d, 1, l) == 0);
  }
}

TEST_CASE("perft: a roll with no play counts one pass child") {
  // X: 1 on the bar against a closed board (BG-5.5): every roll passes, so perft(1) = 21 and
  // perft(2) = 21 x perft(1) of the flipped position (each roll passes to it).
  Position p;
  p.set(Side::Mover, kBar, 1);
  p.set(Side::Mover, 6, 14);
  for (int q = 1; q <= 6; ++q) p.set(Side::Opponent, q, 2);
  p.set(Side::Opponent, 13, 3);
  for (Leaves l : {Leaves::Count, Leaves::List, Leaves::Make}) {
    CHECK(perft(p, 1, l) == 21);
    CHECK(perft(p, 2, l) == 21 * perft(p.flipped(), 1, l));
  }
}

// kMaxPlays (movegen.hpp) is the proven bound 3060. The largest count found by hill climbing
// (random and seeded 15-checker positions, one or two checkers moved per step, a step kept when
// the largest count over 1-1 and 2-2 does not drop; a few minutes of search) is 2226, with 1-1 in
// the position below: the mover's 15 checkers in pairs with gaps, the opponent's blots in the
// gaps (so that hitting or not makes plays distinct), 4 opponent checkers on the bar, 6 off.
//   mover's point: 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10  9  8  7  6  5  4  3  2  1
//   X:              1  .  1  1  .  1  1  .  1  1  .  1  1  .  1  1  .  1  1  .  1  1  .  .
//   O: blots on the mover's 20, 14, 11, 8 and 5 (the gaps), 4 on the bar, 6 off.
// The count is checked against the reference generator (tests/backgammon/reference.hpp).
TEST_CASE("kMaxPlays: the largest play count found fits, and the reference agrees") {
  Position p;
  for (int q : {3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22, 24}) p.set(Side::Mover, q, 1);
  for (int q : {5, 11, 14, 17, 20}) p.set(Side::Opponent, q, 1);  // its own numbering
  p.set(Side::Opponent, kBar, 4);
  p.set(Side::Opponent, kOff, 6);
  static PlayList list;
  generate_plays(p, Dice(1, 1), list);
  CHECK(list.size() == 2226);
  CHECK(reference::legal_results(p, Dice(1, 1)).size() == 2226);
  CHECK(list.size() <= kMaxPlays);
  CHECK(kMaxPlays == 3060);
}
