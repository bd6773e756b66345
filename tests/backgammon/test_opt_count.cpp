// perft at depth 1 in Leaves::Count mode (plays counted by formula for all 21 rolls at once:
// non-doubles from shared masks, doubles by segment polynomials) against the reference
// generator (reference.hpp, written from the rules): the sum over the 21 rolls of the number of
// distinct plays, 1 for a roll with no play (docs/rules/backgammon.md, Perft). Random games from
// the start and random scatters of every kind (bar, closed boards, bear-off, blocked, near home).

#include <doctest/doctest.h>

#include "../sanitize_scale.hpp"
#include "reference.hpp"
#include "test_gen_util.hpp"

using namespace gen_test;

// Under the sanitizers a tenth of the games and scatters (the other builds run them all).
constexpr int kOptCountScale = kSanitized ? 10 : 1;

TEST_CASE("perft(p, 1, Count) == reference perft(p, 1): random games and scatters") {
  Rng rng(2027);
  std::size_t positions = 0;
  PlayList list;
  for (int g = 0; g < 40 / kOptCountScale; ++g) {
    Position p = Position::start();
    for (int ply = 0; ply < 300 && !game_over(p); ++ply) {
      const auto b = reference::Board::from(p);
      REQUIRE(perft(p, 1, Leaves::Count) == reference::perft(b, 1));
      ++positions;
      const Dice d = Dice::unchecked(rng.die(), rng.die());
      generate_plays(p, d, list);
      if (!list.empty()) p = apply(p, list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      p = p.flipped();
    }
  }
  for (int i = 0; i < 1200 / kOptCountScale; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % 6));
    if (game_over(p)) continue;
    INFO("scatter " << i);
    REQUIRE(perft(p, 1, Leaves::Count) == reference::perft(reference::Board::from(p), 1));
    ++positions;
  }
  MESSAGE("positions: " << positions);
  CHECK(positions >= 2000 / kOptCountScale);
}

TEST_CASE("perft(p, 2): Count == List == Make on random scatters") {
  Rng rng(11);
  for (int i = 0; i < 12; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % 6));
    const auto list = perft(p, 2, Leaves::List);
    CHECK(perft(p, 2, Leaves::Count) == list);
    CHECK(perft(p, 2, Leaves::Make) == list);
  }
}

// perft(p, 2, Count) reuses the doubles' counts of sibling children by (points hit, blocked
// mask) (perft.hpp, count_two_plies): checked against List, which lists every play, on positions
// of random games (hits, the bar, bear-offs) where siblings differ in what they hit and block.
TEST_CASE("perft(p, 2): Count (sibling reuse) == List on positions of random games") {
  Rng rng(2031);
  PlayList list;
  int checked = 0;
  for (int g = 0; g < 12; ++g) {
    Position p = Position::start();
    for (int ply = 0; ply < 300 && !game_over(p); ++ply) {
      if (ply % 7 == 3) {
        INFO("game " << g << " ply " << ply);
        CHECK(perft(p, 2, Leaves::Count) == perft(p, 2, Leaves::List));
        ++checked;
      }
      const Dice d = Dice::unchecked(rng.die(), rng.die());
      generate_plays(p, d, list);
      if (!list.empty()) p = apply(p, list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      p = p.flipped();
    }
  }
  CHECK(checked >= 100);
}
