// Rules tests of the legal-play generator, one per rule (BG-3 to BG-6). Each draws
// its board in a comment, in the mover's numbering (X = mover, O = opponent, "2X" = two mover
// checkers), and compares the WHOLE resulting positions with positions written by hand.

#include <doctest/doctest.h>

#include <array>
#include <initializer_list>
#include <set>
#include <utility>

#include "../common/backgammon_stacks.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

using Stacks = std::initializer_list<stacks::Stack>;

// A position from stacks (point, count): the mover's points in its numbering, the opponent's
// given IN THE MOVER'S NUMBERING too (so that the comment drawings read directly); bar = 25.
// Checkers not placed are borne off.
Position board(Stacks mover, Stacks opp_at_mover_points) {
  const auto p = stacks::position(mover, opp_at_mover_points, stacks::OppPoints::Mover);
  REQUIRE(p);
  return *p;
}

using Key = std::array<std::uint8_t, 64>;

std::set<Key> results(const Position& p, Dice d) {
  PlayList list;
  generate_plays(p, d, list);
  std::set<Key> r;
  for (const Play& play : list) r.insert(apply(p, play).bytes());
  CHECK(r.size() == list.size());  // BG-3.9: one play per distinct position
  CHECK(has_any_play(p, d) == !list.empty());
  return r;
}

std::set<Key> expect(std::initializer_list<Position> ps) {
  std::set<Key> r;
  for (const auto& p : ps) r.insert(p.bytes());
  return r;
}

// The opponent's far-away army used when it plays no part: 9 checkers on the mover's 19.
constexpr std::pair<int, int> kFar{19, 9};

}  // namespace

TEST_CASE("BG-3.1: one checker plays both dice through an open intermediate point") {
  // 24 ... 13 12 11 10  9  8
  //         X              .       roll 3-1 reaches 9 through 12 or 10: one play (BG-3.9)
  const Position p = board({{13, 1}}, {kFar});
  CHECK(results(p, Dice(3, 1)) == expect({board({{9, 1}}, {kFar})}));
}

TEST_CASE("BG-3.4: a blocked intermediate stop, the other route is open") {
  //  13 12 11 10  9  8
  //   X              2O      roll 5-3: 13-8 is blocked, 13-10-5 is the only play
  const Position p = board({{13, 1}}, {{8, 2}, kFar});
  CHECK(results(p, Dice(5, 3)) == expect({board({{5, 1}}, {{8, 2}, kFar})}));
  PlayList list;
  generate_plays(p, Dice(5, 3), list);
  REQUIRE(list.size() == 1);
  CHECK(list[0].size == 2);
  CHECK(list[0].from[0] == 13);
  CHECK(list[0].to[0] == 10);
  CHECK(list[0].from[1] == 10);
  CHECK(list[0].to[1] == 5);
}

TEST_CASE("BG-3.4: both intermediate stops blocked: no play even though the landing point is open") {
  //  13 12 11 10  9  8  7 ... 5
  //   X       2O    2O        .   roll 5-3: 13-10 and 13-8 blocked; 5 is open but unreachable
  const Position p = board({{13, 1}}, {{10, 2}, {8, 2}, kFar});
  CHECK(results(p, Dice(5, 3)).empty());
  CHECK_FALSE(has_any_play(p, Dice(5, 3)));
}

TEST_CASE("BG-3.6: the die that leaves the other unplayable may not be chosen") {
  //  20 ... 15 14 ... 9
  //   X         2O     .      roll 6-5: the 6 first is blocked (14); 20-15-9 plays both dice,
  //                           so 20-15 alone (one die) is not legal.
  const Position p = board({{20, 1}}, {{14, 2}, kFar});
  CHECK(results(p, Dice(6, 5)) == expect({board({{9, 1}}, {{14, 2}, kFar})}));
  // With a second checker on 3 (outside play: it cannot bear off, BG-6.1), the only play is
  // still 20-15-9.
  const Position q = board({{20, 1}, {3, 1}}, {{14, 2}, kFar});
  CHECK(results(q, Dice(6, 5)) == expect({board({{9, 1}, {3, 1}}, {{14, 2}, kFar})}));
}

TEST_CASE("BG-3.7: only one die can be played: the higher one") {
  //  20 ... 15 14 ... 9
  //   X               2O      roll 6-5: 20-14 or 20-15, but never both (9 blocked): play the 6
  const Position p = board({{20, 1}}, {{9, 2}, kFar});
  CHECK(results(p, Dice(6, 5)) == expect({board({{14, 1}}, {{9, 2}, kFar})}));
  // The 6 cannot be played at all (14 blocked too): the 5 is played.
  const Position q = board({{20, 1}}, {{14, 2}, {9, 2}, kFar});
  CHECK(results(q, Dice(6, 5)) == expect({board({{15, 1}}, {{14, 2}, {9, 2}, kFar})}));
}

TEST_CASE("BG-3.5/3.8: no legal move: the turn passes (empty list)") {
  //  X on 20; O holds 15 and 14: roll 6-5 has no play at all.
  const Position p = board({{20, 1}}, {{15, 2}, {14, 2}, kFar});
  CHECK(results(p, Dice(6, 5)).empty());
}

TEST_CASE("BG-3.2/3.6: partial doubles: play as many of the four as possible") {
  //  20 ... 16 ... 12
  //   X             2O     roll 4-4: 20-16 only, the next 4 is blocked
  const Position p = board({{20, 1}}, {{12, 2}, kFar});
  CHECK(results(p, Dice(4, 4)) == expect({board({{16, 1}}, {{12, 2}, kFar})}));
  //  20 ... 16 ... 12 ... 10 ... 6 ... 2
  //   X             2O      X           2O    roll 4-4: 20-16 and 10-6, then both are blocked
  //                                              (12 and 2): two of the four 4s.
  const Position q = board({{20, 1}, {10, 1}}, {{12, 2}, {2, 2}, kFar});
  CHECK(results(q, Dice(4, 4)) == expect({board({{16, 1}, {6, 1}}, {{12, 2}, {2, 2}, kFar})}));
}

TEST_CASE("BG-3.2: a full double by several checkers, orders merged (BG-3.9)") {
  //  X on 24 (2 checkers), nothing blocked; roll 1-1. Sources in any order; distinct results:
  //  the multisets of steps {24,24,23,23}, ... Written out: the two checkers move a total of 4
  //  pips: (4,0) (3,1) (2,2) -> 24-20, 24-21+24-23, 24-22+24-22.
  const Position p = board({{24, 2}}, {kFar});
  CHECK(results(p, Dice(1, 1)) ==
        expect({board({{24, 1}, {20, 1}}, {kFar}), board({{21, 1}, {23, 1}}, {kFar}), board({{22, 2}}, {kFar})}));
}

TEST_CASE("BG-5.1: hitting on the intermediate stop is a different play") {
  //  13 12 11 10  9
  //   X        O          roll 3-1: 13-10*-9 hits the blot, 13-12-9 does not: two plays
  const Position p = board({{13, 1}}, {{10, 1}, kFar});
  const Position hit = board({{9, 1}}, {{kBar, 1}, kFar});
  const Position quiet = board({{9, 1}}, {{10, 1}, kFar});
  CHECK(results(p, Dice(3, 1)) == expect({hit, quiet}));
  PlayList list;
  generate_plays(p, Dice(3, 1), list);
  for (const Play& play : list) {
    const bool hits = apply(p, play) == hit;
    CHECK((play.hits != 0) == hits);
  }
}

TEST_CASE("BG-5.1: a hit blot goes to the opponent's bar (apply, byte 32+25)") {
  //  X on 8; O blot on the mover's 5. Roll 3-... : 8-5* hits.
  const Position p = board({{8, 1}, {6, 2}}, {{5, 1}, kFar});
  Play play{};
  play.add(8, 5, true);
  const Position r = apply(p, play);
  CHECK(r.opponent(kBar) == 1);
  CHECK(r.bytes()[32 + 25] == 1);
  CHECK(r.opponent_at_mover_point(5) == 0);
  CHECK(r.mover(5) == 1);
  CHECK(r.mover(8) == 0);
}

TEST_CASE("BG-5.3: entering uses one die per checker; the dice are not combined") {
  //  bar: X     24 23 22 21
  //             2O    2O  .     roll 3-1: 22 and 24 blocked, 21 (3+1) may not be entered
  const Position p = board({{kBar, 1}}, {{24, 2}, {22, 2}, kFar});
  CHECK(results(p, Dice(3, 1)).empty());
  //  open: enter on 22 (the 3) then 22-21, or on 24 then 24-21: one play (BG-3.9)
  const Position q = board({{kBar, 1}}, {kFar});
  CHECK(results(q, Dice(3, 1)) == expect({board({{21, 1}}, {kFar})}));
}

TEST_CASE("BG-5.4: one checker on the bar, one die enters, the other die is played") {
  //  bar: X   20: 2O   X on 10;  roll 5-2: the 5 cannot enter (20); enter with the 2 (23), then
  //  the 5: 23-18 or 10-5. The checker on 10 may not move first (BG-5.2).
  const Position p = board({{kBar, 1}, {10, 1}}, {{20, 2}, kFar});
  CHECK(results(p, Dice(5, 2)) ==
        expect({board({{18, 1}, {10, 1}}, {{20, 2}, kFar}), board({{23, 1}, {5, 1}}, {{20, 2}, kFar})}));
}

TEST_CASE("BG-5.4: two on the bar, a die that cannot enter is forfeited") {
  //  bar: 2X   20: 2O   X on 10; roll 5-2: one enters on 23, the other stays; the 5 is lost
  const Position p = board({{kBar, 2}, {10, 1}}, {{20, 2}, kFar});
  CHECK(results(p, Dice(5, 2)) == expect({board({{kBar, 1}, {23, 1}, {10, 1}}, {{20, 2}, kFar})}));
  //  bar: 2X, roll 2-2: both enter on 23, then two more 2s: 23-21 twice, 23-21-19 (19 is O's,
  //  blocked: kFar holds it), 10-8, ... written out below.
  const Position q = board({{kBar, 2}, {10, 1}}, {{20, 2}, kFar});
  CHECK(results(q, Dice(2, 2)) == expect({board({{23, 2}, {6, 1}}, {{20, 2}, kFar}),           // 10-8-6
                                          board({{23, 1}, {21, 1}, {8, 1}}, {{20, 2}, kFar}),  // 23-21, 10-8
                                          board({{21, 2}, {10, 1}}, {{20, 2}, kFar})}));       // 23-21 twice
}

TEST_CASE("BG-5.5: a closed board cannot be entered: no play for any roll") {
  //  O holds 19..24 (its home board) with 2 each; X has 1 on the bar.
  const Position p = board({{kBar, 1}, {6, 14}}, {{19, 2}, {20, 2}, {21, 2}, {22, 2}, {23, 2}, {24, 2}});
  for (Dice d : kAllRolls) {
    CHECK(results(p, d).empty());
    CHECK_FALSE(has_any_play(p, d));
  }
}

TEST_CASE("BG-6.1: no bearing off while a checker is outside the home board") {
  //   7  6  5  4  3  2  1
  //   X           X           roll 6-3: the 3 may not bear off first (7 is out).
  //   7-1 (6), then 3-off (3, exact)           -> X on 1
  //   7-4 (3), then 4-off (6, highest point)   -> X on 3
  const Position p = board({{7, 1}, {3, 1}}, {kFar});
  CHECK(results(p, Dice(6, 3)) == expect({board({{1, 1}}, {kFar}), board({{3, 1}}, {kFar})}));
}

TEST_CASE("BG-6.4: a die higher than the highest point bears off from the highest point") {
  //  X on 4 and 2, roll 6-5: 4-off (6) and 2-off (5), in either order: one play, all off
  const Position p = board({{4, 1}, {2, 1}}, {kFar});
  CHECK(results(p, Dice(6, 5)) == expect({board({}, {kFar})}));
}

TEST_CASE("BG-6.4: never bear off from below the die while a higher checker stands") {
  //   6  5  4  3  2  1
  //   X        X 2O        roll 4-4: 6-2 is blocked, and the 3 may not bear off with a 4 while
  //                        the 6 stands, even though the 6 cannot move: no play
  const Position p = board({{6, 1}, {3, 1}}, {{2, 2}, kFar});
  CHECK(results(p, Dice(4, 4)).empty());
}

TEST_CASE("BG-6.6: the worked example, 6-4 with all six home points made") {
  //   6  5  4  3  2  1
  //  3X 3X 3X 2X 2X 2X     roll 6-4: the 6 bears off from 6; the 4 bears off from 4, or moves
  //                        6-2 or 5-1. Three plays.
  const Position p = board({{6, 3}, {5, 3}, {4, 3}, {3, 2}, {2, 2}, {1, 2}}, {{19, 15}});
  CHECK(results(p, Dice(6, 4)) == expect({board({{6, 2}, {5, 3}, {4, 2}, {3, 2}, {2, 2}, {1, 2}}, {{19, 15}}),
                                          board({{6, 1}, {5, 3}, {4, 3}, {3, 2}, {2, 3}, {1, 2}}, {{19, 15}}),
                                          board({{6, 2}, {5, 2}, {4, 3}, {3, 2}, {2, 2}, {1, 3}}, {{19, 15}})}));
}

TEST_CASE("BG-6.5: bearing off starts in the middle of the turn") {
  //   8  7  6  5  4  3  2  1
  //   X        X               roll 6-2: 8-2 (6) then 2-off (2) -> X on 5; or 8-6 then 6-off
  //                            -> X on 5 (same); or 8-2 and 5-3 -> X on 3 and 2.
  const Position p = board({{8, 1}, {5, 1}}, {kFar});
  CHECK(results(p, Dice(6, 2)) == expect({board({{5, 1}}, {kFar}), board({{3, 1}, {2, 1}}, {kFar})}));
}

TEST_CASE("BG-3.9/BG-5.1: bearing off by either route, a hit on the way makes two plays") {
  //   6  5  4  3  2  1
  //   X        .    O      roll 4-2: 6-2 hitting the blot then 2-off, or 6-4 then 4-off. The
  //                        same checkers of the mover, but the routes differ in the hit: two
  //                        plays (the quiet routes of a one-checker bear-off are one, BG-6.5).
  const Position p = board({{6, 1}}, {{2, 1}, kFar});
  CHECK(results(p, Dice(4, 2)) == expect({board({}, {{kBar, 1}, kFar}), board({}, {{2, 1}, kFar})}));
}

TEST_CASE("BG-6.2/6.3: a die may bear off or move inside the home board") {
  //   6  5  4  3  2  1
  //   .  .  X  .  X  .     roll 2-1:
  //   4-2 then 2-1, 4-3-1, 2-1 then 4-2      -> X on 2 and 1
  //   4-3 then 2-off (the 2 is exact, BG-6.2) -> X on 3
  //   never 1-off with the 2 while 4 stands (BG-6.4)
  const Position p = board({{4, 1}, {2, 1}}, {kFar});
  CHECK(results(p, Dice(2, 1)) == expect({board({{2, 1}, {1, 1}}, {kFar}), board({{3, 1}}, {kFar})}));
}

TEST_CASE("has_any_play: true exactly when some single step is legal") {
  const Position start = Position::start();
  for (Dice d : kAllRolls) CHECK(has_any_play(start, d));
}
