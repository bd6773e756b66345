// Rules tests for the Warri move generator and apply, named after the rules of
// docs/rules/warri.md. Positions are written in the WA-7.1 layout:
//   houses a..f (0-5) / houses A..F (6-11)  South store - North store  side to move.
// Expected positions are worked out by hand from the rules, never computed by the library.

#include <doctest/doctest.h>

#include <array>
#include <initializer_list>
#include <vector>

#include "boardrules/warri/rules/movegen.hpp"

#include "make_position.hpp"
#include "rule_variants.hpp"

namespace {

using namespace boardrules::warri;
using warri_test::AbapaLeavesSeeds;
using warri_test::LeavesSeeds;

template <class R = Speightstown>
BasicPosition<R> pos(const std::array<int, 12>& houses, int south, int north, Player to_move) {
  return warri_test::make<R>(houses, south, north, to_move);
}

template <class R>
std::vector<int> move_houses(const BasicPosition<R>& p) {
  MoveList list;
  generate_moves(p, list);
  std::vector<int> v;
  for (auto m : list) v.push_back(m.house);
  CHECK(has_any_move(p) == !v.empty());
  return v;
}

using warri_test::N;
using warri_test::S;

}  // namespace

TEST_CASE("WA-1.1/WA-2.1: the start, every house of the mover, single-lap sowing") {
  const auto p = Position::start();
  CHECK(move_houses(p) == std::vector<int>{0, 1, 2, 3, 4, 5});
  // a: 4 seeds into b..e.  0,5,5,5,5,4/4,4,4,4,4,4 0-0 N
  CHECK(apply(p, Move{0}) == pos({0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4}, 0, 0, N));
  // f: into A..D.
  CHECK(apply(p, Move{5}) == pos({4, 4, 4, 4, 4, 0, 5, 5, 5, 5, 4, 4}, 0, 0, N));
  const auto q = Position::start(N);
  CHECK(move_houses(q) == std::vector<int>{6, 7, 8, 9, 10, 11});
  // North's F sows into South's a..d (sowing order wraps 11 -> 0).
  CHECK(apply(q, Move{11}) == pos({5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0}, 0, 0, S));
}

TEST_CASE("WA-2.2: 12 seeds skip the origin") {
  // 12,0,0,0,0,0/1,1,1,1,1,1 15-15 S: a sows b..F (11 seeds), skips a, the 12th lands in b.
  const auto p = pos({12, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, 15, 15, S);
  CHECK(apply(p, Move{0}) == pos({0, 2, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2}, 15, 15, N));
}

TEST_CASE("WA-2.2: 23 seeds skip the origin twice; the last seed captures (WA-3.1)") {
  // 0,0,0,0,0,23/0,0,0,0,0,1 12-12 S: f gives two laps of 11 (origin skipped both times) and one
  // more seed into A, which then holds 3: captured. The chain stops at f, South's own row (WA-3.2).
  const auto p = pos({0, 0, 0, 0, 0, 23, 0, 0, 0, 0, 0, 1}, 12, 12, S);
  CHECK(apply(p, Move{5}) == pos({2, 2, 2, 2, 2, 0, 0, 2, 2, 2, 2, 3}, 15, 12, N));
}

TEST_CASE("WA-3.2: the chain runs backwards and stops at a house of another count") {
  // 0,0,0,0,0,3/4,2,1,5,1,1 16-15 S: f sows A(5) B(3) C(2); C and B captured, A holds 5: stop.
  const auto p = pos({0, 0, 0, 0, 0, 3, 4, 2, 1, 5, 1, 1}, 16, 15, S);
  CHECK(apply(p, Move{5}) == pos({0, 0, 0, 0, 0, 0, 5, 0, 0, 5, 1, 1}, 21, 15, N));
}

TEST_CASE("WA-3.2: the chain stops at the row boundary") {
  // 0,0,0,0,0,3/1,2,1,5,1,1 17-17 S: f sows A(2) B(3) C(2): all three captured, then f is South's.
  const auto p = pos({0, 0, 0, 0, 0, 3, 1, 2, 1, 5, 1, 1}, 17, 17, S);
  CHECK(apply(p, Move{5}) == pos({0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 1, 1}, 24, 17, N));
  // North: 1,2,3,0,0,0/0,0,0,0,0,2 20-20 N: F sows a(2) b(3); b and a captured; the chain does not
  // wrap from a to F (North's own row), and c (3, ahead of the last seed) stays.
  const auto q = pos({1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 2}, 20, 20, N);
  CHECK(move_houses(q) == std::vector<int>{11});
  CHECK(apply(q, Move{11}) == pos({0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 20, 25, S));
}

TEST_CASE("WA-3.1: no capture in the mover's own row, nor of 1 or 4+") {
  // 0,0,0,2,1,0/... : sowing d (2) lands in f, own row: nothing captured.
  const auto p = pos({0, 0, 0, 2, 1, 1, 3, 3, 3, 3, 3, 3}, 12, 16, S);
  CHECK(apply(p, Move{3}) == pos({0, 0, 0, 0, 2, 2, 3, 3, 3, 3, 3, 3}, 12, 16, N));
  // f (1) lands in A: 4, no capture.
  CHECK(apply(p, Move{5}) == pos({0, 0, 0, 2, 1, 0, 4, 3, 3, 3, 3, 3}, 12, 16, N));
}

TEST_CASE("WA-3.3: a grand slam captures everything (Speightstown), nothing (Abapa)") {
  // 0,0,0,0,3,1/1,1,0,0,0,0 20-22 S: e sows f A(2) B(2): both captured, North's row left empty.
  const auto p = pos({0, 0, 0, 0, 3, 1, 1, 1, 0, 0, 0, 0}, 20, 22, S);
  const auto after = apply(p, Move{4});
  CHECK(after == pos({0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0}, 24, 22, N));
  CHECK(move_houses(after).empty());  // North is starved (WA-4.2)
  const auto a = pos<Abapa>({0, 0, 0, 0, 3, 1, 1, 1, 0, 0, 0, 0}, 20, 22, S);
  CHECK(apply(a, Move{4}) == pos<Abapa>({0, 0, 0, 0, 0, 2, 2, 2, 0, 0, 0, 0}, 20, 22, N));
  const auto b = pos<Bridgetown>({0, 0, 0, 0, 3, 1, 1, 1, 0, 0, 0, 0}, 20, 22, S);
  CHECK(apply(b, Move{4}) == pos<Bridgetown>({0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0}, 24, 22, N));
}

TEST_CASE("WA-2.3: feeding forced: only the moves that sow into the empty row") {
  // 1,0,0,0,0,1/0,0,0,0,0,0 23-23 S: a cannot reach A, f can.
  const auto p = pos({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0}, 23, 23, S);
  CHECK(move_houses(p) == std::vector<int>{5});
  CHECK(apply(p, Move{5}) == pos({1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}, 23, 23, N));
  // North to move, South's row empty: 0,0,0,0,0,0/0,0,0,2,3,0 21-22 N: D (2) reaches F only,
  // E (3) reaches a: only E feeds.
  const auto q = pos({0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 0}, 21, 22, N);
  CHECK(move_houses(q) == std::vector<int>{10});
}

TEST_CASE("WA-2.3/WA-4.2: feeding impossible ends the game") {
  // 2,1,0,0,0,0/0,0,0,0,0,0 22-23 S: a needs 6 seeds, b needs 5.
  CHECK(move_houses(pos({2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 22, 23, S)).empty());
  // North: C (3) reaches F only: C would need 4.
  CHECK(move_houses(pos({0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0}, 22, 23, N)).empty());
}

TEST_CASE("WA-2.3 decision: feeding means sowing into the row, even if a capture empties it") {
  // 1,0,0,0,0,17/0,0,0,0,0,0 15-15 S: f gives one seed to a..e and two to each of A..F; the last lands
  // in F (2): F..A all captured, a grand slam of 12.
  const std::array<int, 12> h{1, 0, 0, 0, 0, 17, 0, 0, 0, 0, 0, 0};
  const auto p = pos(h, 15, 15, S);
  CHECK(move_houses(p) == std::vector<int>{5});
  const auto after = apply(p, Move{5});
  CHECK(after == pos({2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0}, 27, 15, N));
  CHECK(move_houses(after).empty());  // 27 >= 25: over (WA-4.1)
  // With Feeding::LeavesSeedsInRow that move does not feed: no move, the game is over.
  CHECK(move_houses(pos<LeavesSeeds>(h, 15, 15, S)).empty());
  // Abapa: the grand slam captures nothing, so the move feeds under either meaning.
  CHECK(apply(pos<Abapa>(h, 15, 15, S), Move{5}) == pos<Abapa>({2, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2, 2}, 15, 15, N));
  CHECK(move_houses(pos<AbapaLeavesSeeds>(h, 15, 15, S)) == std::vector<int>{5});
}

TEST_CASE("WA-4.1: 25 captured ends the game; 24-24 with an empty board is over") {
  CHECK(move_houses(pos({4, 4, 4, 4, 4, 3, 0, 0, 0, 0, 0, 0}, 25, 0, N)).empty());
  CHECK(move_houses(pos({4, 4, 4, 4, 4, 3, 0, 0, 0, 0, 0, 0}, 0, 25, S)).empty());
  CHECK(move_houses(pos({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 24, 24, S)).empty());
  // 24 is not enough: the game goes on.
  CHECK(move_houses(pos({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 24, 23, N)) == std::vector<int>{11});
}

TEST_CASE("WA-4.2: the mover's row empty: starved, no move") {
  CHECK(move_houses(pos({0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4}, 12, 12, S)).empty());
  CHECK(move_houses(pos({4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0}, 12, 12, N)).empty());
}

TEST_CASE("moves are in house order and skip empty houses") {
  CHECK(move_houses(pos({0, 3, 0, 5, 0, 1, 1, 1, 1, 1, 1, 1}, 15, 18, S)) == std::vector<int>{1, 3, 5});
  CHECK(move_houses(pos({1, 1, 1, 1, 1, 1, 2, 0, 0, 7, 0, 9}, 15, 10, N)) == std::vector<int>{6, 9, 11});
}
