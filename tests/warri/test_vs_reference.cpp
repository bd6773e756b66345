// The fast engine (movegen.hpp, perft.hpp, and on the _native twin its SIMD paths) against the slow
// reference of reference.hpp, on random games from the start and on random scatters (big houses of
// 12+ and 23+ seeds, empty rows, high stores), for every variant: move lists, every child position,
// has_any_move, and small perfts in every Leaves mode.

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/perft.hpp"
#include "reference.hpp"
#include "rule_variants.hpp"

namespace {

using namespace boardrules::warri;
using boardrules::Leaves;
using boardrules::Rng;
using warri_test::AbapaLeavesSeeds;
using warri_test::LeavesSeeds;
using warri_test::SlamIllegal;
using warri_test::SlamIllegalLeavesSeeds;

template <class R>
std::string show(const BasicPosition<R>& p) {
  std::string s;
  for (int i = 0; i < 12; ++i) s += std::to_string(p.house(i)) + (i == 5 ? "/" : i == 11 ? " " : ",");
  s += std::to_string(p.store(Player::South)) + "-" + std::to_string(p.store(Player::North));
  s += p.to_move() == Player::South ? " S" : " N";
  return s;
}

// Compares everything the generator says about p with the reference; returns false on a mismatch.
template <class R>
bool same_as_reference(const BasicPosition<R>& p) {
  MoveList fast;
  generate_moves(p, fast);
  const auto ref = warri_ref::legal_moves(p);
  INFO("position ", show(p));
  REQUIRE(static_cast<int>(fast.size()) == ref.count);
  for (int i = 0; i < ref.count; ++i)
    REQUIRE(fast[static_cast<std::size_t>(i)].house == ref.house[static_cast<std::size_t>(i)]);
  REQUIRE(has_any_move(p) == (ref.count > 0));
  // Every child of every non-empty house of the mover (legal or not), whole positions compared.
  const int start = row_start(p.to_move());
  for (int h = start; h < start + 6; ++h) {
    if (p.house(h) == 0) continue;
    const auto a = apply(p, Move{static_cast<std::uint8_t>(h)});
    const auto b = warri_ref::play(p, h).after;
    INFO("house ", h, " fast ", show(a), " reference ", show(b));
    REQUIRE(a == b);
  }
  return true;
}

template <class R>
BasicPosition<R> random_scatter(Rng& rng) {
  BasicPosition<R> p;
  const auto mover = rng.below(2) == 0 ? Player::South : Player::North;
  p.set_to_move(mover);
  int stores = 0;
  const std::uint32_t kind = rng.below(8);
  if (kind == 0 || kind == 1) {  // high stores, some past the winning line
    const int s = static_cast<int>(rng.below(31));
    const int n = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::min(31, 49 - s))));
    p.set_store(Player::South, s);
    p.set_store(Player::North, n);
    stores = s + n;
  } else if (kind == 2) {  // 24-24 or close to it
    const int s = 20 + static_cast<int>(rng.below(5));
    const int n = 20 + static_cast<int>(rng.below(5));
    p.set_store(Player::South, s);
    p.set_store(Player::North, n);
    stores = s + n;
  } else {
    const int s = static_cast<int>(rng.below(16));
    const int n = static_cast<int>(rng.below(16));
    p.set_store(Player::South, s);
    p.set_store(Player::North, n);
    stores = s + n;
  }
  int left = 48 - stores;
  const int me = row_start(mover);
  const int them = 6 - me;
  const std::uint32_t shape = rng.below(6);
  if (shape == 0 && left >= 12) {  // one big house of the mover: 12..left seeds (23+ when possible)
    const int big = 12 + static_cast<int>(rng.below(static_cast<std::uint32_t>(left - 11)));
    p.set_house(me + static_cast<int>(rng.below(6)), big);
    left -= big;
  }
  int lo = 0, hi = 12;  // which houses get the rest
  if (shape == 1) {
    lo = me;
    hi = me + 6;
  }  // the opponent's row empty (feeding)
  if (shape == 2) {
    lo = them;
    hi = them + 6;
  }                                // the mover's row empty (starved)
  const bool sparse = shape == 3;  // a few houses only
  while (left > 0) {
    const int h = lo + static_cast<int>(rng.below(static_cast<std::uint32_t>(hi - lo)));
    if (shape == 1 || shape == 2) {
      if (h < lo || h >= hi) continue;
    }
    if (sparse && rng.below(4) != 0 && p.house(h) == 0) continue;
    const int k = 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(std::min(left, shape == 4 ? 3 : 6))));
    p.set_house(h, p.house(h) + k);
    left -= k;
  }
  if (shape == 1 && rng.below(2) == 0) {
    // A mover's row of few seeds near its start, so that often no move can feed (WA-4.2).
    BasicPosition<R> q;
    q.set_to_move(mover);
    q.set_store(Player::South, p.store(Player::South));
    q.set_store(Player::North, p.store(Player::North));
    int seeds = p.board_seeds();
    int h = me;
    while (seeds > 0) {
      const int k = std::min(seeds, 1 + static_cast<int>(rng.below(4)));
      q.set_house(h, q.house(h) + k);
      seeds -= k;
      h = me + static_cast<int>(rng.below(6));
    }
    p = q;
  }
  return p;
}

template <class R>
long random_games(std::uint64_t seed, long positions_wanted) {
  Rng rng(seed);
  long seen = 0;
  while (seen < positions_wanted) {
    auto p = BasicPosition<R>::start(rng.below(2) == 0 ? Player::South : Player::North);
    for (int ply = 0; ply < 400; ++ply) {
      same_as_reference(p);
      ++seen;
      MoveList moves;
      generate_moves(p, moves);
      if (moves.empty()) break;
      p = apply(p, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    }
  }
  return seen;
}

template <class R>
long random_scatters(std::uint64_t seed, long positions_wanted) {
  Rng rng(seed);
  for (long i = 0; i < positions_wanted; ++i) same_as_reference(random_scatter<R>(rng));
  return positions_wanted;
}

template <class R>
void perft_scatters(std::uint64_t seed, int count, int max_depth) {
  Rng rng(seed);
  for (int i = 0; i < count; ++i) {
    const auto p = random_scatter<R>(rng);
    for (int d = 0; d <= max_depth; ++d) {
      const auto want = warri_ref::perft(p, d);
      INFO("position ", show(p), " depth ", d);
      REQUIRE(perft(p, d, Leaves::Count) == want);
      REQUIRE(perft(p, d, Leaves::List) == want);
      REQUIRE(perft(p, d, Leaves::Make) == want);
    }
  }
}

template <class R>
void more_than_48(std::uint64_t seed) {
  Rng rng(seed);
  for (int i = 0; i < 5000; ++i) {
    BasicPosition<R> p;
    p.set_to_move(rng.below(2) == 0 ? Player::South : Player::North);
    p.set_store(Player::South, static_cast<int>(rng.below(30)));
    p.set_store(Player::North, static_cast<int>(rng.below(30)));
    for (int h = 0; h < 12; ++h) p.set_house(h, static_cast<int>(rng.below(rng.below(4) == 0 ? 70 : 8)));
    if (p.board_seeds() + p.store(Player::South) + p.store(Player::North) <= 48) p.set_house(0, 60);
    same_as_reference(p);
    for (int d = 0; d <= 2; ++d) {
      INFO("position ", show(p), " depth ", d);
      CHECK(perft(p, d, Leaves::Count) == warri_ref::perft(p, d));
      CHECK(perft(p, d, Leaves::Make) == warri_ref::perft(p, d));
    }
  }
}

}  // namespace

TEST_CASE("fast vs reference: random games from the start (WA-2, WA-3, WA-4.1, WA-4.2)") {
  long n = 0;
  n += random_games<Speightstown>(1, 40000);
  n += random_games<Bridgetown>(2, 20000);
  n += random_games<Abapa>(3, 40000);
  n += random_games<LeavesSeeds>(4, 10000);
  n += random_games<AbapaLeavesSeeds>(5, 10000);
  n += random_games<SlamIllegal>(6, 60000);
  n += random_games<SlamIllegalLeavesSeeds>(7, 10000);
  CHECK(n >= 190000);
}

TEST_CASE("fast vs reference: random scatters (12+, 23+, empty rows, high stores)") {
  long n = 0;
  n += random_scatters<Speightstown>(11, 50000);
  n += random_scatters<Abapa>(12, 30000);
  n += random_scatters<LeavesSeeds>(13, 15000);
  n += random_scatters<AbapaLeavesSeeds>(14, 15000);
  n += random_scatters<SlamIllegal>(15, 30000);
  n += random_scatters<SlamIllegalLeavesSeeds>(16, 15000);
  CHECK(n >= 155000);
}

TEST_CASE("fast vs reference: more than 48 seeds (outside the fast core's range) still follow the rules") {
  // Not a legal Warri position (WA-1.1), but the engine must stay exact and safe on it: these take
  // the byte-by-byte path of detail/plain.hpp instead of the 64-entry sowing tables.
  more_than_48<Speightstown>(41);
  more_than_48<SlamIllegal>(42);  // WA-3.4 on that path too
}

TEST_CASE("fast vs reference: the scatter generator covers the rare cases") {
  // Guard against a generator that silently stops producing the positions the tests need.
  Rng rng(21);
  int big12 = 0, big23 = 0, opp_empty = 0, no_feed = 0, mover_empty = 0, won = 0;
  for (int i = 0; i < 20000; ++i) {
    const auto p = random_scatter<Speightstown>(rng);
    const Player me = p.to_move();
    int biggest = 0;
    for (int h = 0; h < 12; ++h) biggest = std::max(biggest, p.house(h));
    big12 += biggest >= 12 && biggest < 23;
    big23 += biggest >= 23;
    opp_empty += p.row_seeds(other(me)) == 0 && p.row_seeds(me) > 0;
    no_feed += p.row_seeds(other(me)) == 0 && p.row_seeds(me) > 0 && warri_ref::legal_moves(p).count == 0;
    mover_empty += p.row_seeds(me) == 0;
    won += p.store(Player::South) >= 25 || p.store(Player::North) >= 25;
  }
  CHECK(big12 > 500);
  CHECK(big23 > 200);
  CHECK(opp_empty > 1000);
  CHECK(no_feed > 100);
  CHECK(mover_empty > 1000);
  CHECK(won > 500);
}

TEST_CASE("fast vs reference: the Illegal runs meet grand slams (WA-3.4)") {
  // Guard: the scatters and games under GrandSlam::Illegal must reach positions where a move is a
  // grand slam (some moves dropped) and where every move is one (the moves kept, capturing nothing).
  const auto count = [](const BasicPosition<SlamIllegal>& p, int& some, int& all) {
    const auto moves = warri_ref::legal_moves(p);
    int slams = 0;
    for (int i = 0; i < moves.count; ++i)
      slams += warri_ref::play(p, moves.house[static_cast<std::size_t>(i)]).grand_slam;
    const BasicPosition<Speightstown> q = [&] {
      BasicPosition<Speightstown> r;
      r.bytes() = p.bytes();
      return r;
    }();
    const auto captures = warri_ref::legal_moves(q);  // the same moves with slams allowed
    some += captures.count > moves.count;
    all += moves.count > 0 && slams == moves.count;
  };
  Rng rng(15);  // the seed of the SlamIllegal scatters above
  int some = 0, all = 0;
  for (int i = 0; i < 30000; ++i) count(random_scatter<SlamIllegal>(rng), some, all);
  CHECK(some > 50);  // 112 and 47 with these seeds
  CHECK(all > 20);
  MESSAGE("scatters: grand slams dropped in ", some, ", every move a grand slam in ", all);
  Rng games(6);  // random games played by the reference, as random_games plays them
  some = all = 0;
  for (int g = 0; g < 2000; ++g) {
    auto p = BasicPosition<SlamIllegal>::start(games.below(2) == 0 ? Player::South : Player::North);
    for (int ply = 0; ply < 400; ++ply) {
      count(p, some, all);
      const auto moves = warri_ref::legal_moves(p);
      if (moves.count == 0) break;
      p = warri_ref::play(p, moves.house[games.below(static_cast<std::uint32_t>(moves.count))]).after;
    }
  }
  MESSAGE("games: grand slams dropped in ", some, ", every move a grand slam in ", all);
  CHECK(some > 200);  // 481 and 14 with these seeds
  CHECK(all > 5);
}

TEST_CASE("fast vs reference: perft on random scatters, every Leaves mode") {
  perft_scatters<Speightstown>(31, 3000, 4);
  perft_scatters<Abapa>(32, 2000, 4);
  perft_scatters<LeavesSeeds>(33, 1000, 3);
  perft_scatters<SlamIllegal>(34, 2000, 4);
  perft_scatters<SlamIllegalLeavesSeeds>(35, 1000, 3);
}
