// One game as a state machine, by rule: opening throw (BG-2.1), automatic doubles
// (BG-9.1), the cube (BG-8.1 to BG-8.5), plays checked against the rules (BG-3.4 to BG-3.8),
// resignations (BG-7.7), the end of the game and its points (BG-7.3 to BG-7.6, BG-9.2).
// Every refused action leaves the game unchanged (compared whole).
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "boardrules/backgammon/game/game.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {
Play steps(std::initializer_list<std::pair<int, int>> s) {
  Play p{};
  for (auto [a, b] : s) p.add(a, b, false);
  return p;
}
// The game after an opening 3-1 won by `first`.
Game opened(int first, const SessionRules& r = SessionRules::money()) {
  Game g(r);
  REQUIRE(g.opening_roll(first == 0 ? 3 : 1, first == 0 ? 1 : 3).has_value());
  return g;
}
// A refused action: an error that mentions `what`, and the game unchanged.
template <class F>
void refused(Game& g, const std::string& what, F&& action) {
  const Game before = g;
  const Status st = action(g);
  REQUIRE_FALSE(st.has_value());
  CHECK_MESSAGE(st.error().message.find(what) != std::string::npos, st.error().message);
  CHECK(g == before);
}
}  // namespace

TEST_CASE("BG-2.1: one die each, the higher die plays both; equal dice are thrown again") {
  Game g;
  CHECK(g.phase() == Phase::Opening);
  REQUIRE(g.opening_roll(4, 4).has_value());
  CHECK(g.phase() == Phase::Opening);
  CHECK(g.cube().value() == 1);  // no automatic doubles by default
  REQUIRE(g.opening_roll(2, 6).has_value());
  CHECK(g.phase() == Phase::Rolled);
  CHECK(g.on_roll() == 1);
  CHECK(g.turn() == 1);
  CHECK(g.dice().same_roll(Dice(6, 2)));
  CHECK(g.position() == Position::start());
  refused(g, "already", [](Game& x) { return x.opening_roll(5, 1); });
  // the winner plays both dice: 6-2 as 24/18 13/11
  REQUIRE(g.play(steps({{24, 18}, {13, 11}})).has_value());
  CHECK(g.on_roll() == 0);
  CHECK(g.phase() == Phase::TurnStart);
  Game h;
  refused(h, "1..6", [](Game& x) { return x.opening_roll(0, 3); });
  REQUIRE(h.opening_roll(5, 3).has_value());
  CHECK(h.on_roll() == 0);
}

TEST_CASE("BG-9.1/BG-2.3: automatic doubles on equal opening throws, up to the limit and the cap") {
  Game g(SessionRules::money({.auto_doubles = 2}));
  REQUIRE(g.opening_roll(3, 3).has_value());
  CHECK(g.cube() == Cube::centered_at(2));
  REQUIRE(g.opening_roll(6, 6).has_value());
  CHECK(g.cube() == Cube::centered_at(4));
  REQUIRE(g.opening_roll(1, 1).has_value());
  CHECK(g.cube() == Cube::centered_at(4));  // limit 2 reached
  CHECK(g.auto_doubles() == 2);
  SessionRules capped = SessionRules::money({.auto_doubles = 3});
  capped.cube_cap = 2;
  Game c(capped);
  REQUIRE(c.opening_roll(2, 2).has_value());
  REQUIRE(c.opening_roll(2, 2).has_value());
  CHECK(c.cube().value() == 2);
  SessionRules in_match = SessionRules::match(5);
  in_match.auto_doubles = 3;  // BG-9.3: no effect in a match
  Game m(in_match);
  REQUIRE(m.opening_roll(4, 4).has_value());
  CHECK(m.cube().value() == 1);
}

TEST_CASE("BG-8.1: a double only at the start of one's own turn, before rolling") {
  Game g = opened(0);
  CHECK_FALSE(g.may_double());
  refused(g, "before rolling", [](Game& x) { return x.double_cube(); });
  REQUIRE(g.play(steps({{8, 5}, {6, 5}})).has_value());
  CHECK(g.may_double());
  REQUIRE(g.double_cube().has_value());
  CHECK(g.phase() == Phase::Doubled);
  CHECK(g.on_roll() == 1);
  CHECK(g.turn() == 0);
  refused(g, "start of a turn", [](Game& x) { return x.roll(Dice(3, 2)); });
  refused(g, "before rolling", [](Game& x) { return x.double_cube(); });
}

TEST_CASE("BG-8.3/BG-8.4: take: the stake doubles, the taker owns the cube and alone may redouble") {
  Game g = opened(0);
  REQUIRE(g.play(steps({{8, 5}, {6, 5}})).has_value());
  REQUIRE(g.double_cube().has_value());
  REQUIRE(g.take().has_value());
  CHECK(g.cube() == Cube::owned_by(0, 2));
  CHECK(g.phase() == Phase::TurnStart);
  CHECK(g.on_roll() == 1);
  CHECK(g.turn() == 1);
  CHECK_FALSE(g.may_double());
  refused(g, "owns the cube", [](Game& x) { return x.double_cube(); });
  REQUIRE(g.roll(Dice(6, 4)).has_value());
  REQUIRE(g.play(steps({{24, 18}, {18, 14}})).has_value());
  CHECK(g.on_roll() == 0);
  CHECK(g.may_double());  // the owner redoubles
  REQUIRE(g.double_cube().has_value());
  REQUIRE(g.take().has_value());
  CHECK(g.cube() == Cube::owned_by(1, 4));
}

TEST_CASE("BG-8.4: a refused double: the doubler wins the value before the double") {
  Game g = opened(0);
  REQUIRE(g.play(steps({{8, 5}, {6, 5}})).has_value());
  REQUIRE(g.double_cube().has_value());  // player 1 offers 2
  REQUIRE(g.take().has_value());         // cube 2, owned by 0
  REQUIRE(g.roll(Dice(2, 1)).has_value());
  REQUIRE(g.play(steps({{13, 11}, {24, 23}})).has_value());
  REQUIRE(g.double_cube().has_value());  // player 0 redoubles to 4
  REQUIRE(g.drop().has_value());         // player 1 passes
  REQUIRE(g.over());
  CHECK(g.result() == GameResult{0, 2, WinKind::Single, EndReason::Dropped, 2});
  refused(g, "no double", [](Game& x) { return x.take(); });
}

TEST_CASE("BG-8.5: no double beyond the cube cap") {
  SessionRules r = SessionRules::money();
  r.cube_cap = 2;
  Game g = opened(0, r);
  REQUIRE(g.play(steps({{8, 5}, {6, 5}})).has_value());
  REQUIRE(g.double_cube().has_value());
  REQUIRE(g.take().has_value());
  REQUIRE(g.roll(Dice(2, 1)).has_value());
  REQUIRE(g.play(steps({{24, 23}, {13, 11}})).has_value());
  CHECK_FALSE(g.may_double());
  refused(g, "BG-8.5", [](Game& x) { return x.double_cube(); });
}

TEST_CASE("BG-9.4: beavers only when the option is on (money play)") {
  Game g = opened(0);
  REQUIRE(g.play(steps({{8, 5}, {6, 5}})).has_value());
  REQUIRE(g.double_cube().has_value());
  CHECK_FALSE(g.may_beaver());
  refused(g, "not allowed", [](Game& x) { return x.beaver(); });
  SessionRules m = SessionRules::match(5);
  m.beavers = 3;
  Game in_match = opened(0, m);
  REQUIRE(in_match.play(steps({{8, 5}, {6, 5}})).has_value());
  REQUIRE(in_match.double_cube().has_value());
  refused(in_match, "not allowed", [](Game& x) { return x.beaver(); });
}

namespace {
// Player 1 on roll after player 0's 3-1, in money play with `beavers` allowed in a row; player 1
// doubles (cube 1 -> 2 offered).
Game doubled_by_1(int beavers, int cap = 0) {
  SessionRules r = SessionRules::money();
  r.beavers = beavers;
  r.cube_cap = cap;
  Game g = opened(0, r);
  REQUIRE(g.play(steps({{8, 5}, {6, 5}})).has_value());
  REQUIRE(g.double_cube().has_value());
  REQUIRE(g.turn() == 0);
  return g;
}
}  // namespace

TEST_CASE("BG-9.4: a beaver is a redouble: the doubler then takes (cube x4, kept by the beaverer)") {
  Game g = doubled_by_1(1);
  CHECK(g.may_beaver());
  REQUIRE(g.beaver().has_value());
  // Pending: the doubler (player 1, on roll) decides; the cube stands at 2, offered at 4, owned by
  // the beaverer (as GNU Backgammon's Match ID shows it).
  CHECK(g.phase() == Phase::Doubled);
  CHECK(g.on_roll() == 1);
  CHECK(g.turn() == 1);
  CHECK(g.cube() == Cube::owned_by(0, 2));
  CHECK(g.offered_value() == 4);
  CHECK(g.beavers_in_a_row() == 1);
  CHECK_FALSE(g.may_beaver());  // limit 1: no raccoon
  refused(g, "no more than 1 beaver", [](Game& x) { return x.beaver(); });
  REQUIRE(g.take().has_value());
  CHECK(g.phase() == Phase::TurnStart);
  CHECK(g.cube() == Cube::owned_by(0, 4));  // 4, owned by player 0, the beaverer
  CHECK(g.on_roll() == 1);
  CHECK(g.turn() == 1);
  CHECK(g.beavers_in_a_row() == 0);
  CHECK_FALSE(g.may_double());  // player 1 has no access to the cube now (BG-8.3)
}

TEST_CASE("BG-9.4/BG-8.4: the doubler drops a beaver and loses the value the beaver accepted") {
  Game g = doubled_by_1(1);
  REQUIRE(g.beaver().has_value());
  REQUIRE(g.drop().has_value());
  REQUIRE(g.over());
  CHECK(g.result().winner == 0);
  CHECK(g.result().points == 2);
  CHECK(g.result().reason == EndReason::Dropped);
}

TEST_CASE("BG-9.4: a raccoon (the doubler beavers back), then take or drop") {
  Game g = doubled_by_1(2);
  REQUIRE(g.beaver().has_value());
  CHECK(g.may_beaver());
  REQUIRE(g.beaver().has_value());  // raccoon by player 1
  CHECK(g.turn() == 0);
  CHECK(g.cube() == Cube::owned_by(0, 4));
  CHECK(g.offered_value() == 8);
  CHECK_FALSE(g.may_beaver());  // two in a row allowed
  Game dropped = g;
  REQUIRE(dropped.drop().has_value());
  CHECK(dropped.result().winner == 1);
  CHECK(dropped.result().points == 4);
  REQUIRE(g.take().has_value());
  CHECK(g.cube() == Cube::owned_by(0, 8));  // 8, with player 0 (the player not on roll, as GNU Backgammon)
  CHECK(g.on_roll() == 1);
  CHECK(g.phase() == Phase::TurnStart);
}

TEST_CASE("BG-9.4/BG-8.5: a beaver must keep the cube offered within the cap") {
  Game g = doubled_by_1(3, 4);
  CHECK(g.may_beaver());  // 2 accepted, 4 offered: within the cap
  REQUIRE(g.beaver().has_value());
  CHECK_FALSE(g.may_beaver());  // a raccoon would offer 8
  refused(g, "cap", [](Game& x) { return x.beaver(); });
}

namespace {
// The player on roll (0) has a checker on the bar against a closed board (BG-5.5):
// the opponent holds its own points 1..6 with two checkers each, three on its 13-point.
Position closed_out() {
  Position p;
  p.set(Side::Mover, kBar, 1);
  p.set(Side::Mover, 6, 5);
  p.set(Side::Mover, 8, 5);
  p.set(Side::Mover, 13, 4);
  for (int q = 1; q <= 6; ++q) p.set(Side::Opponent, q, 2);
  p.set(Side::Opponent, 13, 3);
  return p;
}
}  // namespace

TEST_CASE("BG-8.2: a player that cannot move may still double; BG-5.4: the throw then passes") {
  auto made = Game::resume(SessionRules::money(), {.position = closed_out(), .on_roll = 0, .phase = Phase::TurnStart});
  REQUIRE(made.has_value());
  Game g = *made;
  CHECK(g.may_double());
  REQUIRE(g.double_cube().has_value());
  REQUIRE(g.take().has_value());
  REQUIRE(g.roll(Dice(6, 5)).has_value());
  CHECK(g.phase() == Phase::TurnStart);  // no legal play: the turn passed by itself
  CHECK(g.on_roll() == 1);
  CHECK(g.position() == closed_out().flipped());
}

TEST_CASE("BG-3.4/BG-3.5/BG-3.6: plays are checked; refused plays say why") {
  Game g = opened(0);  // 3-1 from the start
  refused(g, "may not pass", [](Game& x) { return x.play(Play{}); });
  refused(g, "2 dice, not 1", [](Game& x) { return x.play(steps({{8, 5}})); });
  refused(g, "no die of 3", [](Game& x) { return x.play(steps({{8, 5}, {6, 3}})); });
  refused(g, "no checker", [](Game& x) { return x.play(steps({{7, 4}, {6, 5}})); });
  refused(g, "forward", [](Game& x) { return x.play(steps({{5, 8}, {6, 5}})); });
  refused(g, "start point", [](Game& x) { return x.play(steps({{26, 23}, {6, 5}})); });
  Game h(SessionRules::money());
  REQUIRE(h.opening_roll(5, 2).has_value());
  refused(h, "held by the opponent", [](Game& x) { return x.play(steps({{24, 19}, {13, 11}})); });
  REQUIRE(h.play(steps({{13, 8}, {13, 11}})).has_value());
}

TEST_CASE("BG-3.7: when only one die can be played, the higher one must be") {
  // Mover: one checker on 13, fourteen on its 1-point; opponent blocks the mover's 2-point
  // (its own 23) so that 13/7/2 and 13/8/2 are both impossible: 6-5 plays one die only.
  Position p;
  p.set(Side::Mover, 13, 1);
  p.set(Side::Mover, 1, 14);
  p.set(Side::Opponent, 23, 2);
  p.set(Side::Opponent, 6, 13);
  auto made =
      Game::resume(SessionRules::money(), {.position = p, .on_roll = 0, .phase = Phase::Rolled, .dice = Dice(6, 5)});
  REQUIRE(made.has_value());
  Game g = *made;
  PlayList legal;
  g.legal_plays(legal);
  CHECK(legal.size() == 1);
  refused(g, "BG-3.7", [](Game& x) { return x.play(steps({{13, 8}})); });
  REQUIRE(g.play(steps({{13, 7}})).has_value());
}

TEST_CASE("BG-7.7: resignations, accepted or rejected; a rejected offer must be raised") {
  Game g = opened(0);
  REQUIRE(g.play(steps({{8, 5}, {6, 5}})).has_value());
  REQUIRE(g.resign(Resign::Gammon).has_value());  // player 1, before rolling
  CHECK(g.phase() == Phase::Resigned);
  CHECK(g.turn() == 0);
  refused(g, "start of a turn", [](Game& x) { return x.roll(Dice(2, 1)); });
  REQUIRE(g.reject().has_value());
  CHECK(g.phase() == Phase::TurnStart);
  CHECK(g.turn() == 1);
  refused(g, "rejected", [](Game& x) { return x.resign(Resign::Gammon); });
  refused(g, "rejected", [](Game& x) { return x.resign(Resign::Single); });
  REQUIRE(g.resign(Resign::Backgammon).has_value());
  REQUIRE(g.reject().has_value());
  REQUIRE(g.roll(Dice(4, 2)).has_value());  // a new action: any offer again
  CHECK(g.may_resign(Resign::Single));
  REQUIRE(g.resign(Resign::Single).has_value());  // after rolling
  CHECK(g.dice_rolled());
  REQUIRE(g.accept().has_value());
  CHECK(g.result() == GameResult{0, 1, WinKind::Single, EndReason::Resigned, 1});
}

TEST_CASE("BG-7.7: a conceded gammon scores 2 x cube, also under Jacoby (as GNU Backgammon)") {
  Game g = opened(1, SessionRules::money({.jacoby = true}));
  REQUIRE(g.resign(Resign::Gammon).has_value());
  REQUIRE(g.accept().has_value());
  CHECK(g.result() == GameResult{0, 2, WinKind::Gammon, EndReason::Resigned, 1});
  SessionRules bg = SessionRules::money();
  bg.bg_as_gammon = true;
  Game h = opened(1, bg);
  REQUIRE(h.resign(Resign::Backgammon).has_value());
  REQUIRE(h.accept().has_value());
  CHECK(h.result().points == 2);  // BG-7.6
}

namespace {
// Mover (0) bears off its last checker from its 1-point with 2-1; the opponent has
// `opp_off` checkers off and, if `in_home`, one checker in the mover's home board.
GameResult finish(int opp_off, bool in_home, const SessionRules& r, Cube cube) {
  Position p;
  p.set(Side::Mover, 1, 1);
  p.set(Side::Mover, kOff, 14);
  p.set(Side::Opponent, kOff, opp_off);
  p.set(Side::Opponent, 12, 15 - opp_off - (in_home ? 1 : 0));
  if (in_home) p.set(Side::Opponent, 20, 1);  // the mover's 5-point
  auto made = Game::resume(r, {.position = p, .on_roll = 0, .cube = cube, .phase = Phase::Rolled, .dice = Dice(2, 1)});
  REQUIRE(made.has_value());
  Game g = *made;
  REQUIRE(g.play(steps({{1, 0}})).has_value());
  REQUIRE(g.over());
  CHECK(g.result().reason == EndReason::BorneOff);
  CHECK(g.result().winner == 0);
  return g.result();
}
}  // namespace

TEST_CASE("BG-7.1, BG-7.3 to BG-7.6, BG-9.2: the game ends when a side is off; its points") {
  const SessionRules money = SessionRules::money();
  CHECK(finish(1, false, money, Cube{}).points == 1);
  CHECK(finish(1, false, money, Cube{}).kind == WinKind::Single);
  CHECK(finish(0, false, money, Cube{}).points == 2);
  CHECK(finish(0, false, money, Cube{}).kind == WinKind::Gammon);
  CHECK(finish(0, true, money, Cube{}).points == 3);
  CHECK(finish(0, true, money, Cube::owned_by(1, 4)).points == 12);
  CHECK(finish(0, true, SessionRules::money({.jacoby = true}), Cube{}).points == 1);                // Jacoby, centered
  CHECK(finish(0, true, SessionRules::money({.jacoby = true}), Cube::owned_by(0, 2)).points == 6);  // Jacoby, turned
  SessionRules bg = SessionRules::money();
  bg.bg_as_gammon = true;
  CHECK(finish(0, true, bg, Cube::owned_by(1, 2)).points == 4);
}

TEST_CASE("resume() refuses inconsistent games") {
  CHECK_FALSE(
      Game::resume(SessionRules::money(), {.position = Position::start(), .on_roll = 2, .phase = Phase::TurnStart})
          .has_value());
  CHECK_FALSE(Game::resume(SessionRules::match(5), {.position = Position::start(),
                                                    .on_roll = 0,
                                                    .cube = Cube::owned_by(0, 2),
                                                    .phase = Phase::TurnStart,
                                                    .crawford_game = true})
                  .has_value());
  CHECK_FALSE(Game::resume(SessionRules::money(), {.position = Position::start(), .on_roll = 0, .phase = Phase::Over})
                  .has_value());
  SessionRules capped = SessionRules::money();
  capped.cube_cap = 2;
  CHECK_FALSE(
      Game::resume(
          capped,
          {.position = Position::start(), .on_roll = 0, .cube = Cube::owned_by(0, 4), .phase = Phase::TurnStart})
          .has_value());
}

namespace {
// Player 0 on roll (TurnStart) with its checkers as given (the rest off) against 15 opposing
// checkers in the opponent's own home board (its 1- to 3-points: no contact).
Game bearing_off(std::initializer_list<std::pair<int, int>> mover, const SessionRules& r = SessionRules::money()) {
  Position p;
  int left = 15;
  for (auto [q, n] : mover) {
    p.set(Side::Mover, q, n);
    left -= n;
  }
  p.set(Side::Mover, kOff, left);
  p.set(Side::Opponent, 1, 5);
  p.set(Side::Opponent, 2, 5);
  p.set(Side::Opponent, 3, 5);
  auto g = Game::resume(r, {.position = p, .on_roll = 0, .phase = Phase::TurnStart});
  REQUIRE(g.has_value());
  return *g;
}
}  // namespace

TEST_CASE("BG-3.9/BG-12.1: a play is identified by the position it reaches") {
  // 6-1, the last checker on the 5-point: the play is 5/4/off; 5/off (one step) reaches the same.
  for (const Play& p : {steps({{5, 0}}), steps({{5, 4}, {4, 0}})}) {
    Game g = bearing_off({{5, 1}});
    REQUIRE(g.roll(Dice(6, 1)).has_value());
    REQUIRE_MESSAGE(g.play(p).has_value(), int{p.size});
    CHECK(g.over());
    CHECK(g.result().winner == 0);
  }
  // 6-5 from the start: 24/13 in one step is 24/18/13.
  Game a;
  REQUIRE(a.opening_roll(6, 5).has_value());
  Game b = a;
  REQUIRE(a.play(steps({{24, 13}})).has_value());
  REQUIRE(b.play(steps({{24, 18}, {18, 13}})).has_value());
  CHECK(a == b);
  // 6-1 with checkers on 5 and 1: 5/off alone reaches the position of 5/4/off (the checker on 1
  // stays), a legal play; 1/off alone reaches no legal play's (both dice must be played).
  Game c = bearing_off({{5, 1}, {1, 1}});
  REQUIRE(c.roll(Dice(6, 1)).has_value());
  refused(c, "2 dice, not 1", [](Game& x) { return x.play(steps({{1, 0}})); });
  REQUIRE(c.play(steps({{5, 0}})).has_value());
  CHECK(c.position().flipped().mover(1) == 1);
}

TEST_CASE("BG-12.1: forced_play gives the only play of a throw; auto_forced_moves plays it") {
  const Position start = Position::start();
  CHECK_FALSE(forced_play(start, Dice(2, 1)).has_value());
  Game one = bearing_off({{2, 1}, {3, 1}});
  const auto f = forced_play(one.position(), Dice(6, 5));
  REQUIRE(f.has_value());
  CHECK(f->size == 2);
  CHECK(apply(one.position(), *f).borne_off(Side::Mover) == 15);
  // A closed board, a checker on the bar: no play, the forced play is the empty one (BG-5.4).
  Position closed;
  closed.set(Side::Mover, kBar, 1);
  closed.set(Side::Mover, 6, 14);
  for (int q = 1; q <= 6; ++q) closed.set(Side::Opponent, q, 2);
  closed.set(Side::Opponent, kOff, 3);
  const auto none = forced_play(closed, Dice(6, 6));
  REQUIRE(none.has_value());
  CHECK(none->size == 0);

  SessionRules r = SessionRules::money();
  r.auto_forced_moves = true;
  Game g = bearing_off({{2, 1}, {3, 1}}, r);
  REQUIRE(g.roll(Dice(6, 5)).has_value());  // forced: played at once, the game is won
  CHECK(g.over());
  CHECK(g.result().winner == 0);
  Game h = bearing_off({{6, 2}, {5, 1}}, r);
  REQUIRE(h.roll(Dice(2, 1)).has_value());  // a choice: the player plays
  CHECK(h.phase() == Phase::Rolled);
  Game manual = bearing_off({{2, 1}, {3, 1}});
  REQUIRE(manual.roll(Dice(6, 5)).has_value());  // option off: the player plays even a forced throw
  CHECK(manual.phase() == Phase::Rolled);
}
