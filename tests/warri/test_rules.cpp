// Rules tests for Warri moves (WA-2, WA-3) and the end of the game as the generator sees it
// (WA-4.1, WA-4.2). Every expected position below was worked out by hand from
// docs/rules/warri.md and is compared whole (houses, stores, side to move).
//
// Boards are drawn as seen from above, North's row on top (F..A = houses 11..6), South's row
// below (a..f = houses 0..5); sowing runs a -> f -> A -> F -> a.

#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/perft.hpp"
#include "boardrules/warri/values/position.hpp"

#include "make_position.hpp"
#include "rule_variants.hpp"

using namespace boardrules::warri;
using namespace warri_test;  // make, make_checked, S, N

namespace {

template <class R>
MoveList moves_of(const BasicPosition<R>& p) {
  MoveList l;
  generate_moves(p, l);
  return l;
}

Move mv(int house) { return Move{static_cast<std::uint8_t>(house)}; }

}  // namespace

TEST_CASE("WA-1.1 validate: 48 seeds in all, the side to move 0 or 1, the last byte zero") {
  const auto error_of = [](const Position& p) {
    const boardrules::Status st = validate(p);
    if (st.has_value()) return std::string();
    CHECK(st.error().code == boardrules::ErrorCode::invalid_state);
    return st.error().message;
  };
  CHECK(error_of(Position::start()).empty());
  CHECK(error_of(Position::start(N)).empty());
  // Seeds in the stores count: 40 on the board, 5 and 3 in the stores.
  CHECK(error_of(make({4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0}, 5, 3, S)).empty());
  CHECK(error_of(make({4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3}, 0, 0, S)) ==
        "the seeds add up to 47, expected 48 (WA-1.1)");
  CHECK(error_of(make({255, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, 0, 0, S)).find("add up to 299") != std::string::npos);
  CHECK(error_of(Position{}).find("add up to 0") != std::string::npos);
  Position side = Position::start();
  side.bytes()[14] = 2;
  CHECK(error_of(side) == "the side to move (byte 14) is 2, not 0 (South) or 1 (North)");
  Position pad = Position::start();
  pad.bytes()[15] = 7;
  CHECK(error_of(pad) == "byte 15 is padding and must be zero, not 7");
}

TEST_CASE("WA-1.1 start: 4 seeds a house, South first, six legal moves") {
  const Position p = Position::start();
  CHECK(p == make({4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, 0, 0, S));
  const MoveList l = moves_of(p);
  REQUIRE(l.size() == 6);
  for (int i = 0; i < 6; ++i) CHECK(l[static_cast<std::size_t>(i)] == mv(i));
  CHECK(has_any_move(p));
  // North first: its six houses.
  const MoveList ln = moves_of(Position::start(N));
  REQUIRE(ln.size() == 6);
  for (int i = 0; i < 6; ++i) CHECK(ln[static_cast<std::size_t>(i)] == mv(6 + i));
}

TEST_CASE("WA-2.1 sowing: one seed a house in sowing order, single lap, other side to move") {
  //   F E D C B A          F E D C B A
  //   4 4 4 4 4 4   c ->   4 4 4 4 4 5
  //   4 4 4 4 4 4          4 4 0 5 5 5
  //   a b c d e f
  CHECK(apply(Position::start(), mv(2)) == make({4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4}, 0, 0, N));
  CHECK(apply(Position::start(), mv(0)) == make({0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4}, 0, 0, N));
  // North sows from F (house 11) round into South's a (house 0).
  const Position p = make({4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4}, 0, 0, N);
  CHECK(apply(p, mv(11)) == make({5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 0}, 0, 0, S));
}

TEST_CASE("WA-2.2 twelve seeds: the emptied origin is skipped, the 12th seed goes to the next house") {
  // a = 12: houses b..F get one each (11 seeds), a is skipped, b gets the 12th. Last seed in
  // South's own row: no capture.
  //   5 5 5 5 5 5          6 6 6 6 6 6
  //  12 0 0 0 0 0   a ->   0 2 1 1 1 1      stores 3-3
  const Position p = make_checked({12, 0, 0, 0, 0, 0, 5, 5, 5, 5, 5, 5}, 3, 3, S);
  CHECK(apply(p, mv(0)) == make({0, 2, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6}, 3, 3, N));
}

TEST_CASE("WA-2.2 twelve seeds from f: the lap skips f and the last seed captures in A (WA-3.1)") {
  //   4 4 4 4 4 0          5 5 5 5 5 2->0
  //   1 1 1 1 1 12  f ->   2 2 2 2 2 0      stores 5-6 -> 7-6
  // A receives the 1st and the 12th seed: 0 -> 2, captured; f (own row) ends the chain.
  const Position p = make_checked({1, 1, 1, 1, 1, 12, 0, 4, 4, 4, 4, 4}, 5, 6, S);
  CHECK(apply(p, mv(5)) == make({2, 2, 2, 2, 2, 0, 0, 5, 5, 5, 5, 5}, 7, 6, N));
}

TEST_CASE("WA-2.2 twenty-three seeds: the origin is skipped twice") {
  // a = 23: two laps of 11 (b..F twice, a skipped both times), the 23rd seed in b.
  //   3 3 3 3 3 3          5 5 5 5 5 5
  //  23 0 0 0 0 0   a ->   0 3 2 2 2 2      stores 3-4
  const Position p = make_checked({23, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3}, 3, 4, S);
  CHECK(apply(p, mv(0)) == make({0, 3, 2, 2, 2, 2, 5, 5, 5, 5, 5, 5}, 3, 4, N));
}

TEST_CASE("WA-2.2 twenty-three seeds from f: A gets three seeds and is captured") {
  //   1 1 1 1 1 0          3 3 3 3 3 3->0
  //   0 0 0 0 0 23  f ->   2 2 2 2 2 0      stores 10-10 -> 13-10
  // A gets seeds 1, 12 and 23 (0 -> 3): captured; f before it is South's own: the chain stops.
  const Position p = make_checked({0, 0, 0, 0, 0, 23, 0, 1, 1, 1, 1, 1}, 10, 10, S);
  CHECK(apply(p, mv(5)) == make({2, 2, 2, 2, 2, 0, 0, 3, 3, 3, 3, 3}, 13, 10, N));
}

TEST_CASE("WA-2.2 North with twelve seeds skips its origin too") {
  // North's C (house 8) = 12: D..F, a..f, A, B (11 seeds), C skipped, D gets the 12th.
  // The last seed lands in North's own row: no capture.
  const Position p = make_checked({2, 2, 2, 2, 2, 2, 3, 3, 12, 3, 3, 3}, 5, 4, N);
  CHECK(apply(p, mv(8)) == make({3, 3, 3, 3, 3, 3, 4, 4, 0, 5, 4, 4}, 5, 4, S));
}

TEST_CASE("WA-2.3 feeding forced: with North's row empty only the moves that reach it are legal") {
  //   0 0 0 0 0 0
  //   1 0 0 3 1 1      stores 21-21, South to move
  // a (1 seed) reaches b, e (1) reaches f: they do not feed. d (3) reaches A, f (1) reaches A.
  const Position p = make_checked({1, 0, 0, 3, 1, 1, 0, 0, 0, 0, 0, 0}, 21, 21, S);
  const MoveList l = moves_of(p);
  REQUIRE(l.size() == 2);
  CHECK(l[0] == mv(3));
  CHECK(l[1] == mv(5));
  CHECK(has_any_move(p));
  CHECK(apply(p, mv(3)) == make({1, 0, 0, 0, 2, 2, 1, 0, 0, 0, 0, 0}, 21, 21, N));
}

TEST_CASE("WA-2.3 feeding forced for North: only moves that reach South's row") {
  // South's row empty; North: A = 5 (reaches F only), E = 2 (F, a), F = 1 (a).
  const Position p = make_checked({0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 2, 1}, 20, 20, N);
  const MoveList l = moves_of(p);
  REQUIRE(l.size() == 2);
  CHECK(l[0] == mv(10));
  CHECK(l[1] == mv(11));
}

TEST_CASE("WA-2.3 and WA-4.2 feeding impossible: no legal move, the game is over") {
  //   0 0 0 0 0 0
  //   1 1 1 0 0 0      stores 22-23: no South move reaches North's row
  const Position p = make_checked({1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 22, 23, S);
  CHECK(moves_of(p).empty());
  CHECK_FALSE(has_any_move(p));
}

TEST_CASE("WA-4.2 the side to move has an empty row: no legal move") {
  const Position p = make({0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, 21, 21, S);
  CHECK(moves_of(p).empty());
  CHECK_FALSE(has_any_move(p));
}

TEST_CASE("WA-3.1 last seed making 2 or 3 in the opponent's row is captured; 1 or 4 is not") {
  // f = 1 onto A: A 1 -> 2 captured; A 2 -> 3 captured; A 3 -> 4 not; A 0 -> 1 not.
  const std::array<std::array<int, 12>, 4> before = {{{4, 4, 4, 4, 4, 1, 1, 4, 4, 4, 4, 4},
                                                      {4, 4, 4, 4, 4, 1, 2, 4, 4, 4, 4, 4},
                                                      {4, 4, 4, 4, 4, 1, 3, 4, 4, 4, 4, 4},
                                                      {4, 4, 4, 4, 4, 1, 0, 4, 4, 4, 4, 4}}};
  const std::array<int, 4> south_store = {3, 2, 1, 4};
  const std::array<Position, 4> after = {
      make({4, 4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 4}, 5, 3, N), make({4, 4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 4}, 5, 3, N),
      make({4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4}, 1, 3, N), make({4, 4, 4, 4, 4, 0, 1, 4, 4, 4, 4, 4}, 4, 3, N)};
  for (std::size_t k = 0; k < 4; ++k) {
    CAPTURE(k);
    const Position p = make_checked(before[k], south_store[k], 3, S);
    CHECK(apply(p, mv(5)) == after[k]);
  }
  // The last seed in the mover's own row making 2: no capture.
  const Position own = make_checked({4, 4, 4, 1, 1, 4, 4, 4, 4, 4, 4, 4}, 3, 3, S);
  CHECK(apply(own, mv(3)) == make({4, 4, 4, 0, 2, 4, 4, 4, 4, 4, 4, 4}, 3, 3, N));
}

TEST_CASE("WA-3.2 the chain goes back through 2s and 3s and stops at a house with another count") {
  //   4 4 2 1 3 1            4 4 0 0 4 2
  //   4 4 4 4 4 4   f ->     4 4 4 4 4 0      stores 5-4 -> 10-4
  // f sows A..D: A 2, B 4, C 2, D 3. D (3) and C (2) are captured; B (4) stops the chain, so A (2)
  // stays.
  const Position p = make_checked({4, 4, 4, 4, 4, 4, 1, 3, 1, 2, 4, 4}, 5, 4, S);
  CHECK(apply(p, mv(5)) == make({4, 4, 4, 4, 4, 0, 2, 4, 0, 0, 4, 4}, 10, 4, N));
}

TEST_CASE("WA-3.2 the chain stops at the row boundary: the mover's own 2 is not taken") {
  //   4 4 4 4 4 1            4 4 4 4 4 0
  //   4 4 4 4 2 1   e ->     4 4 4 4 0 2      stores 4-4 -> 6-4
  // e sows f (1 -> 2) and A (1 -> 2): A is captured, f is South's own house and stays.
  const Position p = make_checked({4, 4, 4, 4, 2, 1, 1, 4, 4, 4, 4, 4}, 4, 4, S);
  CHECK(apply(p, mv(4)) == make({4, 4, 4, 4, 0, 2, 0, 4, 4, 4, 4, 4}, 6, 4, N));
}

TEST_CASE("WA-3.2 the chain never wraps: North's capture in a stops before its own F") {
  //   1 2 4 4 4 4            2 0 4 4 4 4
  //   1 4 4 4 4 4   E ->     0 4 4 4 4 4      stores 4-4 -> 4-6
  // E sows F (1 -> 2) and a (1 -> 2): a is captured; the house before a is North's F: not taken.
  const Position p = make_checked({1, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 1}, 4, 4, N);
  CHECK(apply(p, mv(10)) == make({0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 2}, 4, 6, S));
}

TEST_CASE("WA-3.2 a chain across the whole opponent's row (North capturing a..f)") {
  // North's F = 6 sows a..f: each 1 -> 2 or 2 -> 3, all captured: 2+3+2+3+2+3 = 15.
  const Position p = make_checked({1, 2, 1, 2, 1, 2, 4, 4, 4, 4, 4, 6}, 13, 0, N);
  // That takes every seed of South's row: a grand slam, captured in Barbados Warri (WA-3.3).
  CHECK(apply(p, mv(11)) == make({0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 0}, 13, 15, S));
  // Oware Abapa: the grand slam captures nothing, the sowing stands.
  const auto pa = make<Abapa>({1, 2, 1, 2, 1, 2, 4, 4, 4, 4, 4, 6}, 13, 0, N);
  CHECK(apply(pa, mv(11)) == make<Abapa>({2, 3, 2, 3, 2, 3, 4, 4, 4, 4, 4, 0}, 13, 0, S));
}

TEST_CASE("WA-3.3 grand slam: capturing every seed of the opponent's row is legal and captures") {
  //   0 0 0 0 1 1            0 0 0 0 0 0
  //   4 4 4 4 4 2   f ->     4 4 4 4 4 0      stores 12-12 -> 16-12
  const Position p = make_checked({4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0}, 12, 12, S);
  REQUIRE(moves_of(p).size() == 6);
  const Position q = apply(p, mv(5));
  CHECK(q == make({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 16, 12, N));
  // North is starved at its turn (WA-4.2): no move.
  CHECK(moves_of(q).empty());
  // Bridgetown has the same moves.
  const auto pb = make<Bridgetown>({4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0}, 12, 12, S);
  CHECK(apply(pb, mv(5)) == make<Bridgetown>({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 16, 12, N));
}

TEST_CASE("WA-3.3 option GrandSlam::CapturesNothing (Abapa): the move is legal, captures nothing") {
  const auto p = make<Abapa>({4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0}, 12, 12, S);
  REQUIRE(moves_of(p).size() == 6);
  const auto q = apply(p, mv(5));
  CHECK(q == make<Abapa>({4, 4, 4, 4, 4, 0, 2, 2, 0, 0, 0, 0}, 12, 12, N));
  CHECK(has_any_move(q));
}

namespace {

// The houses of the legal moves, in order.
template <class R>
std::vector<int> houses_of(const BasicPosition<R>& p) {
  std::vector<int> v;
  for (const Move m : moves_of(p)) v.push_back(m.house);
  return v;
}

// South to move; North holds only A = 1 and B = 1:
//   0 0 0 0 1 1
//   4 4 4 4 4 2      stores 12-12
// a, b land in South's own row; c (4) ends in A (2): A taken, B left; d (4) ends in B: B and A
// (2, 2) taken, North's row empty: a grand slam; e (4) ends in C (1): nothing; f (2) ends in B:
// B and A taken, a grand slam.
constexpr std::array<int, 12> kTwoSlams = {4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0};

}  // namespace

TEST_CASE("WA-3.4 option GrandSlam::Illegal: a grand slam is not a legal move while another is") {
  const auto p = make_checked<SlamIllegal>(kTwoSlams, 12, 12, S);
  CHECK(houses_of(p) == std::vector<int>{0, 1, 2, 4});  // d and f left out
  CHECK(has_any_move(p));
  // The same position under WA-3.3's two options: all six houses are legal.
  CHECK(houses_of(make_checked<Speightstown>(kTwoSlams, 12, 12, S)) == std::vector<int>{0, 1, 2, 3, 4, 5});
  CHECK(houses_of(make_checked<Abapa>(kTwoSlams, 12, 12, S)) == std::vector<int>{0, 1, 2, 3, 4, 5});
  // is_grand_slam says which moves take the whole row, whatever the option.
  for (int h = 0; h < 6; ++h) {
    CAPTURE(h);
    const bool slam = h == 3 || h == 5;
    CHECK(is_grand_slam(p, mv(h)) == slam);
    CHECK(is_grand_slam(make<Speightstown>(kTwoSlams, 12, 12, S), mv(h)) == slam);
    CHECK(is_grand_slam(make<Abapa>(kTwoSlams, 12, 12, S), mv(h)) == slam);
  }
  CHECK_FALSE(is_grand_slam(p, mv(6)));  // not South's house
  // The legal capture c: A (2) taken, B stays (WA-3.1).
  //   0 0 0 0 1 1            0 0 0 0 1 0
  //   4 4 4 4 4 2   c ->     4 4 0 5 5 3      stores 12-12 -> 14-12
  CHECK(apply(p, mv(2)) == make<SlamIllegal>({4, 4, 0, 5, 5, 3, 0, 1, 0, 0, 0, 0}, 14, 12, N));
  // perft: 4 moves; after a (2), b (2), c (1: B), e (3: A, B, C) North's replies: 8.
  CHECK(perft(p, 1) == 4);
  CHECK(perft(p, 2) == 8);
  for (auto leaves : {boardrules::Leaves::Count, boardrules::Leaves::List, boardrules::Leaves::Make})
    CHECK(perft(p, 1, leaves) == 4);
}

TEST_CASE("WA-3.4 every legal move a grand slam: they stay legal and capture nothing") {
  //   0 0 0 0 1 1            0 0 0 0 2 2
  //   0 0 0 0 3 2   e ->     0 0 0 0 0 3      stores 20-21, nothing captured
  // e (3) ends in B: f 3, A 2, B 2; B and A would be taken, all of North's row. f (2) likewise.
  const std::array<int, 12> h{0, 0, 0, 0, 3, 2, 1, 1, 0, 0, 0, 0};
  const auto p = make_checked<SlamIllegal>(h, 20, 21, S);
  CHECK(is_grand_slam(p, mv(4)));
  CHECK(is_grand_slam(p, mv(5)));
  CHECK(houses_of(p) == std::vector<int>{4, 5});
  CHECK(apply(p, mv(4)) == make<SlamIllegal>({0, 0, 0, 0, 0, 3, 2, 2, 0, 0, 0, 0}, 20, 21, N));
  CHECK(apply(p, mv(5)) == make<SlamIllegal>({0, 0, 0, 0, 3, 0, 2, 2, 0, 0, 0, 0}, 20, 21, N));
  // North goes on with A and B (no starvation, WA-4.2).
  CHECK(houses_of(apply(p, mv(4))) == std::vector<int>{6, 7});
  // Under GrandSlam::Captures e takes 4 (24-21) and North is starved.
  const auto c = make_checked<Speightstown>(h, 20, 21, S);
  CHECK(apply(c, mv(4)) == make<Speightstown>({0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0}, 24, 21, N));
  CHECK(moves_of(apply(c, mv(4))).empty());
  // A lone move that is a grand slam: f (2) onto A, B. Played, nothing taken.
  const auto lone = make_checked<SlamIllegal>({0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0}, 22, 22, S);
  CHECK(houses_of(lone) == std::vector<int>{5});
  CHECK(apply(lone, mv(5)) == make<SlamIllegal>({0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0}, 22, 22, N));
  // Then North cannot feed South's empty row (A 2 and B 2 stay in North's row): over (WA-4.2).
  CHECK(moves_of(apply(lone, mv(5))).empty());
}

TEST_CASE("WA-3.4 and WA-2.3: feeding is judged first, then the grand slams are dropped") {
  // North's row empty. e (2) sows f and A (1): feeds, no capture. f (17) sows a..e once and A..F
  // twice, ends in F (2): F..A all taken, 12 seeds, a grand slam.
  const std::array<int, 12> two{0, 0, 0, 0, 2, 17, 0, 0, 0, 0, 0, 0};
  CHECK(houses_of(make_checked<SlamIllegal>(two, 14, 15, S)) == std::vector<int>{4});
  CHECK(houses_of(make_checked<SlamIllegalLeavesSeeds>(two, 14, 15, S)) == std::vector<int>{4});
  CHECK(houses_of(make_checked<Speightstown>(two, 14, 15, S)) == std::vector<int>{4, 5});
  // a (1) cannot reach North; f is the only feeding move and a grand slam: f is legal (the
  // non-feeding a is not) and captures nothing, so it feeds in either meaning.
  const std::array<int, 12> one{1, 0, 0, 0, 0, 17, 0, 0, 0, 0, 0, 0};
  const auto p = make_checked<SlamIllegal>(one, 15, 15, S);
  CHECK(houses_of(p) == std::vector<int>{5});
  CHECK(apply(p, mv(5)) == make<SlamIllegal>({2, 1, 1, 1, 1, 0, 2, 2, 2, 2, 2, 2}, 15, 15, N));
  CHECK(houses_of(make_checked<SlamIllegalLeavesSeeds>(one, 15, 15, S)) == std::vector<int>{5});
  // With Feeding::LeavesSeedsInRow and grand slams captured, f empties the row again: no move.
  CHECK(moves_of(make_checked<LeavesSeeds>(one, 15, 15, S)).empty());
  // No feeding move at all: over as in every option (WA-4.2).
  CHECK(moves_of(make_checked<SlamIllegal>({2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 22, 23, S)).empty());
}

TEST_CASE("WA-4.1 25 seeds end the game at once, though the loser still has seeds") {
  //   4 4 4 4 4 2            4 4 4 4 4 0
  //   0 0 0 0 0 1   f ->     0 0 0 0 0 0      stores 22-3 -> 25-3
  const Position p = make_checked({0, 0, 0, 0, 0, 1, 2, 4, 4, 4, 4, 4}, 22, 3, S);
  const Position q = apply(p, mv(5));
  CHECK(q == make({0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4}, 25, 3, N));
  CHECK(moves_of(q).empty());
  CHECK_FALSE(has_any_move(q));
  // A store of 25 or more, whoever is to move.
  CHECK(moves_of(make({4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0}, 3, 25, S)).empty());
}

TEST_CASE("WA-4.1 24-24 with the board empty: no move") {
  // f = 1 onto A = 2: A 3 captured, 21 -> 24; the board is empty.
  const Position p = make_checked({0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0}, 21, 24, S);
  const Position q = apply(p, mv(5));
  CHECK(q == make({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 24, 24, N));
  CHECK(moves_of(q).empty());
}

TEST_CASE("Perft from the start, small depths worked out by hand") {
  const Position p = Position::start();
  CHECK(perft(p, 0) == 1);
  CHECK(perft(p, 1) == 6);
  // No capture is possible in the first two plies (every landing makes 1, 5 or 6).
  CHECK(perft(p, 2) == 36);
  for (auto leaves : {boardrules::Leaves::Count, boardrules::Leaves::List, boardrules::Leaves::Make}) {
    CHECK(perft(p, 2, leaves) == 36);
  }
  // A finished game adds 0 at depth >= 1 and 1 at depth 0.
  const Position over = make({0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, 21, 21, S);
  CHECK(perft(over, 0) == 1);
  CHECK(perft(over, 3) == 0);
}
