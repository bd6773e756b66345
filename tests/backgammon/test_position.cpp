// Position properties the generator relies on: flipped twice is the identity, apply keeps the
// checker counts, and the layout bytes 26..31 and 58..63 stay zero.

#include <doctest/doctest.h>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "test_gen_util.hpp"

using namespace gen_test;

TEST_CASE("flipped twice is the identity; flipped swaps the sides") {
  Rng rng(11);
  for (int i = 0; i < 2000; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % 5));
    CHECK(p.flipped().flipped() == p);
    for (int q = 0; q <= 25; ++q) {
      CHECK(p.flipped().mover(q) == p.opponent(q));
      CHECK(p.flipped().opponent(q) == p.mover(q));
    }
  }
  CHECK(Position::start().flipped() == Position::start());
}

namespace {
// Calls f(p, play) for every legal play of n random scatters (of the first `kinds` kinds in turn),
// each with a random throw, drawn from Rng(seed).
template <class F>
void for_each_random_play(std::uint64_t seed, int n, int kinds, F&& f) {
  Rng rng(seed);
  PlayList list;
  for (int i = 0; i < n; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % kinds));
    const Dice d = Dice::unchecked(rng.die(), rng.die());
    generate_plays(p, d, list);
    for (const Play& play : list) f(p, play);
  }
}
}  // namespace

TEST_CASE("apply keeps 15 checkers a side and the padding bytes zero") {
  for_each_random_play(12, 2000, 5, [](const Position& p, const Play& play) {
    const auto r = apply(p, play);
    CHECK(r.on_board(Side::Mover) + r.borne_off(Side::Mover) == 15);
    CHECK(r.on_board(Side::Opponent) + r.borne_off(Side::Opponent) == 15);
    for (std::size_t b = 26; b < 32; ++b) {
      CHECK(r.bytes()[b] == 0);
      CHECK(r.bytes()[b + 32] == 0);
    }
    // The opponent's checkers only go to the bar (BG-5.1); the mover's pips drop by the dice.
    CHECK(r.pips(Side::Opponent) >= p.pips(Side::Opponent));
    CHECK(r.pips(Side::Mover) < p.pips(Side::Mover));
  });
}

TEST_CASE("apply_flipped equals apply then flipped") {
  for_each_random_play(13, 3000, 6, [](const Position& p, const Play& play) {
    CHECK(apply_flipped(p, play) == apply(p, play).flipped());
  });
}
