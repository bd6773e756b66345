// The end of the game and its result (WA-4.1, WA-4.2, WA-4.4, WA-5): outcome(), starved_player(),
// cycle_outcome(). Every expected score was worked out by hand from docs/rules/warri.md.

#include <doctest/doctest.h>

#include <array>
#include <optional>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/outcome.hpp"
#include "boardrules/warri/values/position.hpp"

#include "make_position.hpp"

using namespace boardrules::warri;
using namespace warri_test;  // make, make_checked, S, N

namespace {

constexpr std::optional<Player> kDraw = std::nullopt;

Outcome expect(EndReason r, int south, int north, std::optional<Player> winner) {
  return Outcome{r, south, north, winner};
}

// Variants with the other odd-seed choices of WA-5.2.
struct BridgetownToTrailer : Bridgetown {
  static constexpr OddSeed odd_seed = OddSeed::ToTrailer;
};
struct BridgetownNobody : Bridgetown {
  static constexpr OddSeed odd_seed = OddSeed::Nobody;
};

// South to move with an empty row; North holds 1 seed in each house; stores 21-21.
constexpr std::array<int, 12> kSouthEmpty = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1};
// South to move, North's row empty, South's a, b, c = 1 cannot reach it; stores 22-23.
constexpr std::array<int, 12> kCannotFeed = {1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0};

}  // namespace

TEST_CASE("outcome of a game that goes on: reason None, the stores, no winner") {
  CHECK(outcome(Position::start()) == expect(EndReason::None, 0, 0, kDraw));
  const Position p = make_checked({4, 4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 4}, 3, 5, N);
  CHECK(outcome(p) == expect(EndReason::None, 3, 5, kDraw));
  CHECK_FALSE(outcome(p).over());
  CHECK(starved_player(p) == std::nullopt);
}

TEST_CASE("WA-4.1 25 seeds: the game ends at once, the seeds on the board stay unclaimed") {
  const Position p = make_checked({0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4}, 25, 3, N);
  CHECK(outcome(p) == expect(EndReason::Captured, 25, 3, S));
  CHECK(starved_player(p) == std::nullopt);
  // The same for North, and in every variant.
  CHECK(outcome(make_checked({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 3, 25, S)) == expect(EndReason::Captured, 3, 25, N));
  CHECK(outcome(make_checked<Bridgetown>({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 3, 25, S)) ==
        expect(EndReason::Captured, 3, 25, N));
  CHECK(outcome(make_checked<Abapa>({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 3, 25, S)) ==
        expect(EndReason::Captured, 3, 25, N));
}

TEST_CASE("WA-4.1 24-24 with the board empty is a draw") {
  const std::array<int, 12> empty{};
  CHECK(outcome(make_checked(empty, 24, 24, N)) == expect(EndReason::Captured, 24, 24, kDraw));
  CHECK(outcome(make_checked<Bridgetown>(empty, 24, 24, S)) == expect(EndReason::Captured, 24, 24, kDraw));
  CHECK(outcome(make_checked<Abapa>(empty, 24, 24, S)) == expect(EndReason::Captured, 24, 24, kDraw));
}

TEST_CASE("WA-4.2 Speightstown: the starved side to move takes the seeds left") {
  const Position p = make_checked(kSouthEmpty, 21, 21, S);
  CHECK(starved_player(p) == S);
  // South takes North's 6: 27-21, South wins (WA-4.4).
  CHECK(outcome(p) == expect(EndReason::Starved, 27, 21, S));
}

TEST_CASE("WA-4.2 Speightstown: an opponent who cannot be fed is starved and takes the seeds left") {
  const Position p = make_checked(kCannotFeed, 22, 23, S);
  CHECK(starved_player(p) == N);
  // North takes South's 3: 22-26, North wins.
  CHECK(outcome(p) == expect(EndReason::Starved, 22, 26, N));
}

TEST_CASE("WA-4.2 Speightstown: starvation awards that leave nobody at 25 give a draw (WA-4.4)") {
  // 24-21 with 3 left: North (starved) takes them, 24-24: nobody has 25, a draw.
  const Position p = make_checked(kCannotFeed, 24, 21, S);
  CHECK(outcome(p) == expect(EndReason::Starved, 24, 24, kDraw));
}

TEST_CASE("WA-4.2 option MoverTakes (Abapa): the player who can still move takes the seeds left") {
  // South to move, its row empty: North takes its 6 seeds, 21-27.
  CHECK(outcome(make_checked<Abapa>(kSouthEmpty, 21, 21, S)) == expect(EndReason::Starved, 21, 27, N));
  CHECK(starved_player(make_checked<Abapa>(kSouthEmpty, 21, 21, S)) == S);
  // South cannot feed North: South (the mover) takes its 3, 25-23.
  CHECK(outcome(make_checked<Abapa>(kCannotFeed, 22, 23, S)) == expect(EndReason::Starved, 25, 23, S));
}

TEST_CASE("WA-5.1 Bridgetown: the seeds left at starvation are split equally") {
  // 6 left: 3 each, 24-24, a draw.
  CHECK(outcome(make_checked<Bridgetown>(kSouthEmpty, 21, 21, S)) == expect(EndReason::Starved, 24, 24, kDraw));
  // 22-23 with 3 left: 1 each, the odd seed to the leader North: 23-25, North wins.
  CHECK(outcome(make_checked<Bridgetown>(kCannotFeed, 22, 23, S)) == expect(EndReason::Starved, 23, 25, N));
}

TEST_CASE("WA-5.2 Bridgetown odd seed: to the leader by default, options to the trailer or nobody") {
  // Stores 20-23, South to move with an empty row, North's row 1,1,1,1,1,0 (5 seeds).
  const std::array<int, 12> h = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 0};
  // 5 = 2 + 2 + 1: 22-25, the odd seed to North (leader): 22-26.
  CHECK(outcome(make_checked<Bridgetown>(h, 20, 23, S)) == expect(EndReason::Starved, 22, 26, N));
  // To the trailer South: 23-25.
  CHECK(outcome(make_checked<BridgetownToTrailer>(h, 20, 23, S)) == expect(EndReason::Starved, 23, 25, N));
  // To nobody: 22-25.
  CHECK(outcome(make_checked<BridgetownNobody>(h, 20, 23, S)) == expect(EndReason::Starved, 22, 25, N));
  // South leading 23-20 with the same 5 on the board (North to move... South's row holds them).
  const std::array<int, 12> g = {1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0};
  // North to move with an empty row: starved; split 2-2, odd seed to South: 26-22.
  CHECK(outcome(make_checked<Bridgetown>(g, 23, 20, N)) == expect(EndReason::Starved, 26, 22, S));
  CHECK(outcome(make_checked<BridgetownToTrailer>(g, 23, 20, N)) == expect(EndReason::Starved, 25, 23, S));
}

TEST_CASE(
    "WA-4.3 cycling: Speightstown leaves the seeds to nobody, Bridgetown splits them, Abapa gives each its own row") {
  // WA-4.4's example: 24-22 with 2 seeds on the board is a draw.
  const std::array<int, 12> h = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1};
  CHECK(cycle_outcome(make_checked(h, 24, 22, S)) == expect(EndReason::Cycle, 24, 22, kDraw));
  // Abapa: each takes the seeds in its own row: 25-23, South wins.
  CHECK(cycle_outcome(make_checked<Abapa>(h, 24, 22, S)) == expect(EndReason::Cycle, 25, 23, S));
  // Two seeds cycling on South's side: 26-22 in Abapa, a draw in Speightstown.
  const std::array<int, 12> two = {0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0};
  CHECK(cycle_outcome(make_checked<Abapa>(two, 24, 22, N)) == expect(EndReason::Cycle, 26, 22, S));
  CHECK(cycle_outcome(make_checked(two, 24, 22, N)) == expect(EndReason::Cycle, 24, 22, kDraw));
  // On North's side: 24-24, a draw.
  const std::array<int, 12> north2 = {0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0};
  CHECK(cycle_outcome(make_checked<Abapa>(north2, 24, 22, S)) == expect(EndReason::Cycle, 24, 24, kDraw));
  // WA-5.3's example: 24-22 with 2 left becomes 25-23, a win.
  CHECK(cycle_outcome(make_checked<Bridgetown>(h, 24, 22, S)) == expect(EndReason::Cycle, 25, 23, S));
  // 23-22 with 3 left: 1 each and the odd seed to South: 25-23.
  const std::array<int, 12> g = {0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1};
  CHECK(cycle_outcome(make_checked<Bridgetown>(g, 23, 22, N)) == expect(EndReason::Cycle, 25, 23, S));
  CHECK(cycle_outcome(make_checked<BridgetownNobody>(g, 23, 22, N)) == expect(EndReason::Cycle, 24, 23, kDraw));
}

TEST_CASE("WA-5.4 option: Bridgetown splitting at every end divides the seeds left after a capture to 25") {
  // South captured its 25th seed; 3 seeds left on the board, 25-20.
  const std::array<int, 12> h = {0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0};
  CHECK(outcome(make_checked<Bridgetown>(h, 25, 20, N)) == expect(EndReason::Captured, 25, 20, S));
  // 1 each and the odd seed to the leader (WA-5.2): 27-21.
  CHECK(outcome(make_checked<BridgetownEveryEnd>(h, 25, 20, N)) == expect(EndReason::Captured, 27, 21, S));
  // Starvation and cycling split as in Bridgetown.
  CHECK(cycle_outcome(make_checked<BridgetownEveryEnd>({0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1}, 24, 22, S)) ==
        expect(EndReason::Cycle, 25, 23, S));
}

TEST_CASE("WA-4.2 after a grand slam the side to move is starved") {
  // South's f captured North's last seeds (WA-3.3): North to move with an empty row, 16-12.
  const Position p = make_checked({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 16, 12, N);
  CHECK(starved_player(p) == N);
  // Speightstown: the starved North takes the 20 left: 16-32, North wins.
  CHECK(outcome(p) == expect(EndReason::Starved, 16, 32, N));
  // Bridgetown: 10 each, 26-22, South wins.
  CHECK(outcome(make_checked<Bridgetown>({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 16, 12, N)) ==
        expect(EndReason::Starved, 26, 22, S));
}

TEST_CASE("outcome() agrees with the generator: over exactly when there is no legal move") {
  const std::array<Position, 5> ps = {Position::start(), make_checked(kSouthEmpty, 21, 21, S),
                                      make_checked(kCannotFeed, 22, 23, S),
                                      make_checked({1, 0, 0, 3, 1, 1, 0, 0, 0, 0, 0, 0}, 21, 21, S),
                                      make_checked({0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4}, 25, 3, N)};
  for (const Position& p : ps) CHECK(outcome(p).over() == !has_any_move(p));
}

// ---- A plain reference for the end of the game, written from the rules, on random positions ----

namespace {

/// The reference: WA-4.1, WA-4.2 (feeding = sowing into the opponent's row, WA-2.3), WA-4.4,
/// WA-5.1, WA-5.2 and the WA-5.4 option, written house by house without the library's generator.
template <class R>
Outcome ref_outcome(const BasicPosition<R>& p, bool cycling) {
  int south = p.store(S);
  int north = p.store(N);
  int board = 0;
  for (int i = 0; i < 12; ++i) board += p.house(i);
  auto split = [&](int left) {
    south += left / 2;
    north += left / 2;
    if (left % 2 == 1) {
      if (R::odd_seed == OddSeed::ToLeader) (south > north ? south : north) += 1;
      if (R::odd_seed == OddSeed::ToTrailer) (south < north ? south : north) += 1;
    }
  };
  auto result = [&](EndReason r) {
    std::optional<Player> w;
    if (south >= 25) w = S;
    if (north >= 25) w = N;
    return Outcome{r, south, north, w};
  };
  if (south >= 25 || north >= 25 || board == 0) {
    if (R::split_at_capture_end) split(board);
    return result(EndReason::Captured);
  }
  const Player me = p.to_move();
  const int mine = me == S ? 0 : 6;
  const int theirs = me == S ? 6 : 0;
  int my_seeds = 0;
  int their_seeds = 0;
  for (int k = 0; k < 6; ++k) {
    my_seeds += p.house(mine + k);
    their_seeds += p.house(theirs + k);
  }
  std::optional<Player> starved;
  if (my_seeds == 0) {
    starved = me;
  } else if (their_seeds == 0) {
    bool can_feed = false;
    for (int k = 0; k < 6; ++k) {
      // House k of my row is 6 - k houses before the first house of theirs.
      if (p.house(mine + k) >= 6 - k) can_feed = true;
    }
    if (!can_feed) starved = other(me);
  }
  if (starved) {
    if (R::starvation_award == StarvationAward::StarvedTakes) (*starved == S ? south : north) += board;
    if (R::starvation_award == StarvationAward::MoverTakes) (*starved == S ? north : south) += board;
    if (R::starvation_award == StarvationAward::Split) split(board);
    return result(EndReason::Starved);
  }
  if (cycling) {
    if (R::cycle_award == CycleAward::Split) split(board);
    if (R::cycle_award == CycleAward::OwnSide) {
      (me == S ? south : north) += my_seeds;
      (me == S ? north : south) += their_seeds;
    }
    return result(EndReason::Cycle);
  }
  return Outcome{EndReason::None, south, north, std::nullopt};
}

/// A random position: stores up to 30 each, the rest scattered, often with an empty row.
template <class R>
BasicPosition<R> scatter(boardrules::Rng& rng) {
  BasicPosition<R> p;
  const int south = static_cast<int>(rng.below(31));
  const int north = static_cast<int>(rng.below(static_cast<std::uint32_t>(49 - south > 31 ? 31 : 49 - south)));
  p.set_store(S, south);
  p.set_store(N, north);
  const std::uint32_t shape = rng.below(4);  // 0: anywhere, 1: South's row empty, 2: North's, 3: few houses
  int left = 48 - south - north;
  while (left > 0) {
    int h = static_cast<int>(rng.below(12));
    if (shape == 1) h = 6 + h % 6;
    if (shape == 2) h = h % 6;
    if (shape == 3) h = (h % 3) * 4;
    p.set_house(h, p.house(h) + 1);
    --left;
  }
  p.set_to_move(rng.below(2) == 0 ? S : N);
  return p;
}

template <class R>
void compare_on_random_positions(std::uint64_t seed) {
  boardrules::Rng rng(seed);
  int over = 0;
  for (int n = 0; n < 20000; ++n) {
    const BasicPosition<R> p = scatter<R>(rng);
    REQUIRE(p.board_seeds() + p.store(S) + p.store(N) == 48);
    const Outcome got = outcome(p);
    const Outcome want = ref_outcome(p, false);
    if (!(got == want)) {
      FAIL_CHECK("outcome differs for houses/stores/side: "
                 << p.house(0) << "," << p.house(1) << "," << p.house(2) << "," << p.house(3) << "," << p.house(4)
                 << "," << p.house(5) << "/" << p.house(6) << "," << p.house(7) << "," << p.house(8) << ","
                 << p.house(9) << "," << p.house(10) << "," << p.house(11) << " " << p.store(S) << "-" << p.store(N)
                 << " " << (p.to_move() == S ? "S" : "N"));
      return;
    }
    if (got.over()) ++over;
    if (!got.over()) REQUIRE(cycle_outcome(p) == ref_outcome(p, true));
  }
  CHECK(over > 2000);  // the scatter reaches the ends often
}

}  // namespace

TEST_CASE("outcome() and cycle_outcome() agree with a plain reference on 20,000 random positions") {
  SUBCASE("Speightstown") { compare_on_random_positions<Speightstown>(1); }
  SUBCASE("Bridgetown") { compare_on_random_positions<Bridgetown>(2); }
  SUBCASE("Abapa") { compare_on_random_positions<Abapa>(3); }
  SUBCASE("Bridgetown, odd seed to the trailer") { compare_on_random_positions<BridgetownToTrailer>(4); }
  SUBCASE("Bridgetown, odd seed to nobody") { compare_on_random_positions<BridgetownNobody>(5); }
  SUBCASE("Bridgetown, split at every end") { compare_on_random_positions<BridgetownEveryEnd>(6); }
}

TEST_CASE("outcome() is constexpr") {
  static_assert(outcome(Position::start()).reason == EndReason::None);
  static_assert(cycle_outcome(BridgetownPosition::start()).south == 24);
  constexpr auto p = [] {
    Position q;
    for (int i = 6; i < 12; ++i) q.set_house(i, 1);
    q.set_store(Player::South, 21);
    q.set_store(Player::North, 21);
    return q;
  }();
  static_assert(outcome(p) == Outcome{EndReason::Starved, 27, 21, Player::South});
  CHECK(outcome(p).winner == S);
}
