// Chouette (BG-11): initial throw, roles, team and box doubles, payments, rotation, ledger.
// Every expected value below is worked out by hand from the rules (docs/rules/backgammon.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <vector>

#include "boardrules/backgammon/game/chouette.hpp"

using namespace boardrules::backgammon;

namespace {

std::vector<int> seats(std::span<const std::uint8_t> s) { return {s.begin(), s.end()}; }
std::vector<std::int64_t> ledger(const Chouette& c) { return {c.balances().begin(), c.balances().end()}; }

// 4 players; seat 1 throws 6 (box), seat 3 throws 4 (captain), then seat 0 (3), seat 2 (1).
Chouette four() {
  auto c = Chouette::make(4);
  REQUIRE(c.has_value());
  const std::array<int, 4> dice{3, 6, 1, 4};
  REQUIRE(c->initial_throw(dice).has_value());
  return *c;
}

std::array<bool, 4> all_agree() { return {true, true, true, true}; }

// A refused action returns an Error and leaves the session exactly as it was.
template <class F>
void refused(Chouette& c, F&& action) {
  const Chouette before = c;
  const auto st = action(c);
  CHECK_FALSE(st.has_value());
  CHECK_FALSE(st.error().message.empty());
  CHECK(c == before);
}

}  // namespace

TEST_CASE("chouette: 3 to N players") {
  CHECK_FALSE(Chouette::make(2).has_value());
  CHECK_FALSE(Chouette::make(9).has_value());
  CHECK(Chouette::make(3).has_value());
  CHECK(Chouette::make(8).has_value());
  CHECK(BasicChouette<12>::make(12).has_value());
  CHECK_FALSE(Chouette::make(4, ChouetteOptions{3, false, false}).has_value());  // cap not a power of 2
  auto c = Chouette::make(5);
  REQUIRE(c.has_value());
  CHECK(c->phase() == ChouettePhase::InitialThrow);
  CHECK(seats(c->throwers()) == std::vector<int>{0, 1, 2, 3, 4});
  for (int s = 0; s < 5; ++s) CHECK(c->role(s) == ChouetteRole::Undecided);
}

TEST_CASE("BG-11.1: highest throw is the box, second the captain, the rest in throw order") {
  const Chouette c = four();
  CHECK(c.phase() == ChouettePhase::InGame);
  CHECK(c.box() == 1);
  CHECK(c.captain() == 3);
  CHECK(seats(c.team()) == std::vector<int>{3, 0, 2});
  CHECK(c.role(1) == ChouetteRole::Box);
  CHECK(c.role(3) == ChouetteRole::Captain);
  CHECK(c.role(0) == ChouetteRole::Member);
  CHECK(c.role(2) == ChouetteRole::Member);
  CHECK(c.members_in_game() == 3);
  for (int s : {0, 2, 3}) {
    CHECK(c.cube(s) == 1);
    CHECK(c.cube_owner(s) == CubeOwner::Center);
  }
  CHECK(ledger(c) == std::vector<std::int64_t>{0, 0, 0, 0});
}

TEST_CASE("BG-11.1: ties throw again among themselves only") {
  auto r = Chouette::make(5);
  REQUIRE(r.has_value());
  Chouette& c = *r;
  // Seats 0..4 throw 5 5 2 5 1: three-way tie for the top among seats 0, 1, 3.
  REQUIRE(c.initial_throw(std::array<int, 5>{5, 5, 2, 5, 1}).has_value());
  CHECK(c.phase() == ChouettePhase::InitialThrow);
  CHECK(seats(c.throwers()) == std::vector<int>{0, 1, 3});
  // Only the tied throw: wrong number of dice is refused.
  refused(c, [](Chouette& x) { return x.initial_throw(std::array<int, 5>{1, 2, 3, 4, 5}); });
  refused(c, [](Chouette& x) { return x.initial_throw(std::array<int, 3>{1, 7, 3}); });
  refused(c, [](Chouette& x) { return x.initial_throw(std::array<int, 3>{0, 2, 3}); });
  // Seats 0, 1, 3 throw 2 6 2: seat 1 is the box; seats 0 and 3 are still tied.
  REQUIRE(c.initial_throw(std::array<int, 3>{2, 6, 2}).has_value());
  CHECK(seats(c.throwers()) == std::vector<int>{0, 3});
  REQUIRE(c.initial_throw(std::array<int, 2>{4, 4}).has_value());  // tied again
  CHECK(seats(c.throwers()) == std::vector<int>{0, 3});
  REQUIRE(c.initial_throw(std::array<int, 2>{1, 3}).has_value());  // seat 3 ahead of seat 0
  CHECK(c.phase() == ChouettePhase::InGame);
  CHECK(c.box() == 1);
  CHECK(c.captain() == 3);
  CHECK(seats(c.team()) == std::vector<int>{3, 0, 2, 4});
  refused(c, [](Chouette& x) { return x.initial_throw(std::array<int, 1>{3}); });
}

TEST_CASE("BG-11.1: a tie lower down is settled after the top, and two tied groups one by one") {
  auto r = Chouette::make(6);
  REQUIRE(r.has_value());
  Chouette& c = *r;
  // 3 3 6 1 1 2 -> seat 2 box; {0,1} tied on 3; seat 5; {3,4} tied on 1.
  REQUIRE(c.initial_throw(std::array<int, 6>{3, 3, 6, 1, 1, 2}).has_value());
  CHECK(seats(c.throwers()) == std::vector<int>{0, 1});
  REQUIRE(c.initial_throw(std::array<int, 2>{2, 5}).has_value());
  CHECK(seats(c.throwers()) == std::vector<int>{3, 4});
  REQUIRE(c.initial_throw(std::array<int, 2>{6, 1}).has_value());
  CHECK(c.phase() == ChouettePhase::InGame);
  CHECK(seats(c.order()) == std::vector<int>{2, 1, 0, 5, 3, 4});
}

TEST_CASE("BG-11.3: the team loses: the box stays, the second player becomes captain") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.finish_game(Party::Box, WinKind::Single).has_value());
  CHECK(c.games() == 1);
  CHECK(c.box() == 1);
  CHECK(seats(c.team()) == std::vector<int>{0, 2, 3});
  // BG-11.6: every member pays the box 1.
  CHECK(ledger(c) == std::vector<std::int64_t>{-1, 3, -1, -1});
  CHECK(c.last_game().winner == Party::Box);
  CHECK(c.last_game().kind == WinKind::Single);
  CHECK_FALSE(c.last_game().ended_by_pass);
  // And again: 0 goes to the end.
  REQUIRE(c.finish_game(Party::Box, WinKind::Single).has_value());
  CHECK(c.box() == 1);
  CHECK(seats(c.team()) == std::vector<int>{2, 3, 0});
}

TEST_CASE("BG-11.3: the team wins: the captain becomes the box, the old box goes to the end") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.finish_game(Party::Team, WinKind::Single).has_value());
  CHECK(c.box() == 3);
  CHECK(c.captain() == 0);
  CHECK(seats(c.team()) == std::vector<int>{0, 2, 1});
  CHECK(ledger(c) == std::vector<std::int64_t>{1, -3, 1, 1});
  // Every new game starts with every member in, cubes centered at 1.
  for (int s : {0, 1, 2}) {
    CHECK(c.in_game(s));
    CHECK(c.cube(s) == 1);
    CHECK(c.cube_owner(s) == CubeOwner::Center);
  }
  // Team wins again: 0 becomes the box, 2 captain, 3 to the end.
  REQUIRE(c.finish_game(Party::Team, WinKind::Single).has_value());
  CHECK(c.box() == 0);
  CHECK(seats(c.team()) == std::vector<int>{2, 1, 3});
}

TEST_CASE("BG-11.6, BG-7.3..7.5: payments are the win kind times each member's cube") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.finish_game(Party::Box, WinKind::Gammon).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{-2, 6, -2, -2});
  // Now box 1; team 0 2 3. The team wins a backgammon.
  REQUIRE(c.finish_game(Party::Team, WinKind::Backgammon).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{1, -3, 1, 1});
  CHECK(c.last_game().delta == std::array<std::int64_t, 8>{3, -9, 3, 3, 0, 0, 0, 0});
}

TEST_CASE("BG-7.6 and BG-9.2 options: backgammon as gammon, Jacoby") {
  auto r = Chouette::make(3, ChouetteOptions{0, false, true});
  REQUIRE(r.has_value());
  REQUIRE(r->initial_throw(std::array<int, 3>{6, 5, 4}).has_value());  // box 0; team 1 2
  REQUIRE(r->finish_game(Party::Box, WinKind::Backgammon).has_value());
  CHECK(ledger(*r) == std::vector<std::int64_t>{4, -2, -2});

  auto j = Chouette::make(3, ChouetteOptions{0, true, false});
  REQUIRE(j.has_value());
  REQUIRE(j->initial_throw(std::array<int, 3>{6, 5, 4}).has_value());  // box 0; team 1 2
  REQUIRE(j->finish_game(Party::Box, WinKind::Gammon).has_value());    // cube never turned: single
  CHECK(ledger(*j) == std::vector<std::int64_t>{2, -1, -1});
  // box 0; team 2 1. The box doubles, both take (cube 2): now the gammon counts.
  REQUIRE(j->box_double().has_value());
  REQUIRE(j->take(2).has_value());
  REQUIRE(j->take(1).has_value());
  REQUIRE(j->finish_game(Party::Box, WinKind::Gammon).has_value());
  CHECK(ledger(*j) == std::vector<std::int64_t>{2 + 8, -1 - 4, -1 - 4});
}

TEST_CASE("BG-11.4: a team double needs every member in the game to agree") {
  Chouette c = four();  // box 1; team 3 0 2
  refused(c, [](Chouette& x) { return x.team_double(std::array<bool, 4>{true, true, false, true}); });
  refused(c, [](Chouette& x) { return x.team_double(std::array<bool, 4>{false, true, true, true}); });
  refused(c, [](Chouette& x) { return x.team_double(std::array<bool, 4>{true, true, true, false}); });
  refused(c, [](Chouette& x) { return x.team_double(std::array<bool, 3>{true, true, true}); });
  {
    const Chouette before = c;
    const auto st = c.team_double(std::array<bool, 4>{true, true, false, true});
    REQUIRE_FALSE(st.has_value());
    CHECK(st.error().code == boardrules::ErrorCode::illegal_action);
    CHECK(st.error().message.find("unanimous") != std::string::npos);
    CHECK(st.error().message.find("2") != std::string::npos);  // names the dissenter
    CHECK(c == before);
  }
  // The box's own vote does not count.
  REQUIRE(c.team_double(std::array<bool, 4>{true, false, true, true}).has_value());
  CHECK(c.phase() == ChouettePhase::TeamDoubled);
  // Nothing else may happen before the box answers.
  refused(c, [](Chouette& x) { return x.finish_game(Party::Box, WinKind::Single); });
  refused(c, [](Chouette& x) { return x.box_double(); });
  refused(c, [](Chouette& x) { return x.take(0); });
  refused(c, [](Chouette& x) { return x.team_double(all_agree()); });
  REQUIRE(c.box_take().has_value());
  // BG-8.3: the box owns every member's cube at 2; only the box may redouble.
  for (int s : {0, 2, 3}) {
    CHECK(c.cube(s) == 2);
    CHECK(c.cube_owner(s) == CubeOwner::Box);
  }
  CHECK_FALSE(c.team_may_double());
  CHECK(c.box_may_double());
  refused(c, [](Chouette& x) { return x.team_double(all_agree()); });
  REQUIRE(c.finish_game(Party::Team, WinKind::Single).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{2, -6, 2, 2});
}

TEST_CASE("BG-11.4: members out of the game have no vote") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.box_double().has_value());
  REQUIRE(c.take(3).has_value());
  REQUIRE(c.pass(0).has_value());
  REQUIRE(c.take(2).has_value());
  // Team (3, 2) owns the cubes at 2; seat 0 is out and votes no: the double stands.
  REQUIRE(c.team_double(std::array<bool, 4>{false, false, true, true}).has_value());
  REQUIRE(c.box_take().has_value());
  CHECK(c.cube(3) == 4);
  CHECK(c.cube(2) == 4);
  CHECK(c.cube(0) == 1);
}

TEST_CASE("BG-8.4, BG-11.4: the box passes a team double: it pays each member the pre-double stake") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.box_double().has_value());
  REQUIRE(c.take(3).has_value());
  REQUIRE(c.take(0).has_value());
  REQUIRE(c.take(2).has_value());
  REQUIRE(c.team_double(all_agree()).has_value());  // 2 -> 4 offered
  REQUIRE(c.box_pass().has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{2, -6, 2, 2});
  CHECK(c.last_game().ended_by_pass);
  CHECK(c.last_game().winner == Party::Team);
  // A team win for BG-11.3: the captain (3) becomes the box.
  CHECK(c.box() == 3);
  CHECK(seats(c.team()) == std::vector<int>{0, 2, 1});
}

TEST_CASE("BG-11.5: members who pass the box's double pay and leave; takers play on") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.box_double().has_value());
  CHECK(c.phase() == ChouettePhase::BoxDoubled);
  CHECK(c.awaiting(3));
  CHECK(c.awaiting(0));
  CHECK(c.awaiting(2));
  CHECK_FALSE(c.awaiting(1));
  refused(c, [](Chouette& x) { return x.take(1); });  // the box
  refused(c, [](Chouette& x) { return x.take(4); });  // no such seat
  refused(c, [](Chouette& x) { return x.take(-1); });
  refused(c, [](Chouette& x) { return x.finish_game(Party::Team, WinKind::Single); });
  REQUIRE(c.pass(0).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{-1, 1, 0, 0});  // pays at once
  CHECK(c.role(0) == ChouetteRole::Out);
  refused(c, [](Chouette& x) { return x.take(0); });  // already answered
  REQUIRE(c.take(3).has_value());
  CHECK(c.phase() == ChouettePhase::BoxDoubled);
  REQUIRE(c.take(2).has_value());
  CHECK(c.phase() == ChouettePhase::InGame);
  CHECK(c.cube(3) == 2);
  CHECK(c.cube(2) == 2);
  CHECK(c.cube_owner(3) == CubeOwner::Member);
  CHECK(c.members_in_game() == 2);
  CHECK(seats(c.team()) == std::vector<int>{3, 0, 2});  // the captain took: order kept
  // The team wins a gammon: the box pays 3 and 2 each 2 x 2; seat 0 is not paid.
  REQUIRE(c.finish_game(Party::Team, WinKind::Gammon).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{-1, 1 - 8, 4, 4});
  CHECK(c.last_game().delta == std::array<std::int64_t, 8>{-1, -7, 4, 4, 0, 0, 0, 0});
  // Team win: captain 3 becomes the box; order 0 2 1 (the passer keeps its place).
  CHECK(c.box() == 3);
  CHECK(seats(c.team()) == std::vector<int>{0, 2, 1});
}

TEST_CASE("BG-11.5: passers pay their stake at the time, takers play on at the new one") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.box_double().has_value());
  REQUIRE(c.pass(2).has_value());
  REQUIRE(c.take(0).has_value());
  REQUIRE(c.take(3).has_value());
  // Box redoubles to 4; seat 0 passes (pays 2), seat 3 takes.
  REQUIRE(c.box_double().has_value() == false);  // team owns the cubes: the box may not redouble
  REQUIRE(c.team_double(all_agree()).has_value());
  REQUIRE(c.box_take().has_value());  // cubes 4, box owns
  REQUIRE(c.box_double().has_value());
  CHECK_FALSE(c.awaiting(2));  // out of the game
  REQUIRE(c.pass(0).has_value());
  REQUIRE(c.take(3).has_value());
  CHECK(c.cube(3) == 8);
  REQUIRE(c.finish_game(Party::Box, WinKind::Single).has_value());
  // seat 2 paid 1, seat 0 paid 4, seat 3 paid 8.
  CHECK(ledger(c) == std::vector<std::int64_t>{-4, 13, -1, -8});
  // Team loss: box stays, captain 3 goes to the end.
  CHECK(c.box() == 1);
  CHECK(seats(c.team()) == std::vector<int>{0, 2, 3});
}

TEST_CASE("BG-11.5 Decision: a captain who passes hands the captaincy to the first taker") {
  auto r = Chouette::make(5);
  REQUIRE(r.has_value());
  Chouette& c = *r;
  REQUIRE(c.initial_throw(std::array<int, 5>{6, 5, 4, 3, 2}).has_value());  // box 0; team 1 2 3 4
  REQUIRE(c.box_double().has_value());
  REQUIRE(c.pass(1).has_value());  // the captain passes
  REQUIRE(c.pass(2).has_value());
  REQUIRE(c.take(3).has_value());
  CHECK(c.captain() == 1);  // not resolved until everyone has answered
  REQUIRE(c.take(4).has_value());
  CHECK(c.captain() == 3);
  CHECK(c.role(3) == ChouetteRole::Captain);
  CHECK(c.role(1) == ChouetteRole::Out);
  CHECK(c.role(2) == ChouetteRole::Out);
  CHECK(seats(c.team()) == std::vector<int>{3, 2, 4, 1});
  CHECK(ledger(c) == std::vector<std::int64_t>{2, -1, -1, 0, 0});
  // The team (3, 4) loses: 3 goes to the end, 2 is captain.
  REQUIRE(c.finish_game(Party::Box, WinKind::Single).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{6, -1, -1, -2, -2});
  CHECK(c.box() == 0);
  CHECK(seats(c.team()) == std::vector<int>{2, 4, 1, 3});
}

TEST_CASE("BG-11.5: every member passes: the box wins the game, rotation as a team loss") {
  Chouette c = four();  // box 1; team 3 0 2
  REQUIRE(c.box_double().has_value());
  REQUIRE(c.pass(3).has_value());
  REQUIRE(c.pass(0).has_value());
  REQUIRE(c.pass(2).has_value());
  CHECK(c.phase() == ChouettePhase::InGame);
  CHECK(c.games() == 1);
  CHECK(c.last_game().winner == Party::Box);
  CHECK(c.last_game().ended_by_pass);
  CHECK(ledger(c) == std::vector<std::int64_t>{-1, 3, -1, -1});
  CHECK(c.box() == 1);
  CHECK(seats(c.team()) == std::vector<int>{0, 2, 3});
}

TEST_CASE("BG-8.5: a cube limit stops doubling at the limit") {
  auto r = Chouette::make(3, ChouetteOptions{4, false, false});
  REQUIRE(r.has_value());
  Chouette& c = *r;
  REQUIRE(c.initial_throw(std::array<int, 3>{1, 2, 3}).has_value());  // box 2; team 1 0
  REQUIRE(c.box_double().has_value());
  REQUIRE(c.take(1).has_value());
  REQUIRE(c.take(0).has_value());
  REQUIRE(c.team_double(std::array<bool, 3>{true, true, true}).has_value());
  REQUIRE(c.box_take().has_value());
  CHECK(c.cube(0) == 4);
  CHECK_FALSE(c.box_may_double());
  const Chouette before = c;
  const auto st = c.box_double();
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(c == before);
}

TEST_CASE("refused actions: wrong phase, bad win kind") {
  auto r = Chouette::make(3);
  REQUIRE(r.has_value());
  Chouette& c = *r;
  refused(c, [](Chouette& x) { return x.finish_game(Party::Box, WinKind::Single); });
  refused(c, [](Chouette& x) { return x.box_double(); });
  refused(c, [](Chouette& x) { return x.team_double(std::array<bool, 3>{true, true, true}); });
  refused(c, [](Chouette& x) { return x.box_take(); });
  refused(c, [](Chouette& x) { return x.box_pass(); });
  refused(c, [](Chouette& x) { return x.pass(0); });
  REQUIRE(c.initial_throw(std::array<int, 3>{1, 2, 3}).has_value());
  refused(c, [](Chouette& x) { return x.finish_game(Party::Box, WinKind::None); });
  refused(c, [](Chouette& x) { return x.finish_game(Party::Team, static_cast<WinKind>(7)); });
  refused(c, [](Chouette& x) { return x.box_take(); });
  refused(c, [](Chouette& x) { return x.take(0); });
}

TEST_CASE("chouette: initial throw from a generator settles every place") {
  boardrules::Rng rng(42);
  for (int n = 3; n <= 8; ++n) {
    auto r = Chouette::make(n);
    REQUIRE(r.has_value());
    r->initial_throw(rng);
    CHECK(r->phase() == ChouettePhase::InGame);
    std::vector<int> o = seats(r->order());
    std::sort(o.begin(), o.end());
    std::vector<int> id(static_cast<std::size_t>(n));
    std::iota(id.begin(), id.end(), 0);
    CHECK(o == id);
  }
}

TEST_CASE("BG-9.1 automatic doubles, and BG-9.2 Jacoby counts a turned cube only") {
  ChouetteOptions opt{};
  opt.jacoby = true;
  opt.auto_doubles = 1;
  auto r = Chouette::make(3, opt);
  REQUIRE(r.has_value());
  Chouette& c = *r;
  REQUIRE(c.initial_throw(std::array<int, 3>{6, 5, 4}).has_value());  // box 0; team 1 2
  REQUIRE(c.automatic_double().has_value());
  CHECK(c.cube(1) == 2);
  CHECK(c.cube(2) == 2);
  CHECK(c.cube_owner(1) == CubeOwner::Center);
  CHECK(c.team_may_double());
  CHECK(c.box_may_double());
  refused(c, [](Chouette& x) { return x.automatic_double(); });  // only one a game
  // Jacoby: the cube was doubled automatically but never turned: the gammon counts single.
  REQUIRE(c.finish_game(Party::Box, WinKind::Gammon).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{4, -2, -2});
  // Next game (box 0; team 2 1): a taken double turns the cube; then no automatic double.
  REQUIRE(c.box_double().has_value());
  REQUIRE(c.take(2).has_value());
  REQUIRE(c.take(1).has_value());
  refused(c, [](Chouette& x) { return x.automatic_double(); });
  REQUIRE(c.finish_game(Party::Box, WinKind::Gammon).has_value());
  CHECK(ledger(c) == std::vector<std::int64_t>{4 + 8, -2 - 4, -2 - 4});
  // Off by default; bad option values refused.
  Chouette plain = four();
  refused(plain, [](Chouette& x) { return x.automatic_double(); });
  ChouetteOptions bad{};
  bad.auto_doubles = -1;
  CHECK_FALSE(Chouette::make(3, bad).has_value());
}
