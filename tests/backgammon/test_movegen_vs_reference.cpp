// The library's generator against the slow reference (reference.hpp, written from the rules) on
// more than 100,000 random (position, roll) pairs: random games from the start and random
// scatters with bar, closed boards, bear-off and blocked (partial-double) positions.

#include <doctest/doctest.h>

#include "../common/backgammon_stacks.hpp"
#include "../sanitize_scale.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "reference.hpp"
#include "test_gen_util.hpp"

using namespace gen_test;

// Under the sanitizers (about 20x slower, and run for every SIMD twin) the random comparisons run
// on a twentieth of the pairs; every other build compares more than 100,000 pairs.
constexpr int kRefScale = kSanitized ? 20 : 1;

namespace {

// Plays `games` random games from the start of V, comparing every (position, roll) met.
template <class V>
std::size_t random_games(std::uint64_t seed, int games) {
  Rng rng(seed);
  std::size_t pairs = 0;
  PlayList list;
  for (int g = 0; g < games; ++g) {
    auto p = BasicPosition<V>::start();
    for (int ply = 0; ply < 400; ++ply) {
      if (p.borne_off(Side::Mover) == V::kCheckers || p.borne_off(Side::Opponent) == V::kCheckers) break;
      const Dice d = Dice::unchecked(rng.die(), rng.die());
      compare_with_reference(p, d);
      ++pairs;
      generate_plays(p, d, list);
      if (!list.empty()) p = apply(p, list[rng.below(static_cast<std::uint32_t>(list.size()))]);
      p = p.flipped();
    }
  }
  return pairs;
}

}  // namespace

TEST_CASE("generate_plays == reference: random games from the start (standard)") {
  const std::size_t pairs = random_games<Standard>(1, 500 / kRefScale);
  MESSAGE("pairs: " << pairs);
  CHECK(pairs >= 40000 / kRefScale);
}

TEST_CASE("generate_plays == reference: random games (Nackgammon, Hypergammon)") {
  CHECK(random_games<Nackgammon>(2, 100 / kRefScale) >= 4000 / kRefScale);
  CHECK(random_games<Hypergammon>(3, 300 / kRefScale) >= 3000 / kRefScale);
}

TEST_CASE("generate_plays == reference: random scatters, all 21 rolls") {
  Rng rng(42);
  std::size_t pairs = 0;
  std::size_t plays = 0;
  const Scatter kinds[] = {Scatter::Any,     Scatter::Bar,     Scatter::Closed,
                           Scatter::BearOff, Scatter::Blocked, Scatter::NearHome};
  for (int i = 0; i < 3000 / kRefScale; ++i) {
    const auto p = random_scatter<Standard>(rng, kinds[i % 6]);
    for (Dice d : kAllRolls) {
      plays += compare_with_reference(p, d);
      ++pairs;
    }
  }
  MESSAGE("pairs: " << pairs << " plays: " << plays);
  CHECK(pairs >= 60000 / kRefScale);
}

TEST_CASE("generate_plays == reference: Hypergammon scatters") {
  Rng rng(7);
  for (int i = 0; i < 300; ++i) {
    const auto p = random_scatter<Hypergammon>(rng, static_cast<Scatter>(i % 6));
    for (Dice d : kAllRolls) compare_with_reference(p, d);
  }
}

TEST_CASE("perft: library == reference at depth 2 from several positions") {
  Rng rng(99);
  // The start, then random scatters of each kind.
  std::vector<Position> ps{Position::start()};
  for (int i = 0; i < 6 / kRefScale; ++i) ps.push_back(random_scatter<Standard>(rng, static_cast<Scatter>(i)));
  for (const auto& p : ps) {
    const auto b = reference::Board::from(p);
    CHECK(perft(p, 1, Leaves::List) == reference::perft(b, 1));
    CHECK(perft(p, 2, Leaves::List) == reference::perft(b, 2));
  }
}

TEST_CASE("perft(3): library == reference from a small bear-off position with contact") {
  // Mover (X, 11 off) bears off against an opponent (O, 10 off) still in contact:
  //   mover's point:  1  2  3  4  5  6  7  8  9 ... 24
  //   X:              1  .  1  .  .  2  .  .  .
  //   O:              .  1  .  .  .  .  .  3  .   (O's own points 23 and 17)
  //   O also has 1 on its 3-point (the mover's 22).
  const auto given = stacks::position({{1, 1}, {3, 1}, {6, 2}}, {{23, 1}, {17, 3}, {3, 1}}, stacks::OppPoints::Own);
  REQUIRE(given);
  const Position p = *given;
  const auto b = reference::Board::from(p);
  const auto n = reference::perft(b, 3);
  CHECK(n > 5000);
  CHECK(perft(p, 3, Leaves::Make) == n);
  CHECK(perft(p, 3, Leaves::List) == n);
  CHECK(perft(p, 3, Leaves::Count) == n);
}
