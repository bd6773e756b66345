// BG-7.1, BG-7.3 to BG-7.5: game over, winner, single / gammon / backgammon.

#include <doctest/doctest.h>

#include "boardrules/backgammon/rules/outcome.hpp"

using namespace boardrules::backgammon;

namespace {
// The mover has borne off all 15; the opponent's checkers as given (its own numbering).
Position mover_won(std::initializer_list<std::pair<int, int>> opp) {
  Position p;
  p.set(Side::Mover, kOff, 15);
  int left = 15;
  for (auto [q, n] : opp) {
    p.set(Side::Opponent, q, n);
    left -= n;
  }
  p.set(Side::Opponent, kOff, left);
  return p;
}
}  // namespace

TEST_CASE("BG-7.1: the game goes on while nobody has borne off all") {
  const Position s = Position::start();
  CHECK_FALSE(game_over(s));
  CHECK_FALSE(winner(s).has_value());
  CHECK(win_kind(s) == WinKind::None);
  Position p;
  p.set(Side::Mover, 1, 1);
  p.set(Side::Mover, kOff, 14);
  p.set(Side::Opponent, kOff, 14);
  p.set(Side::Opponent, 2, 1);
  CHECK_FALSE(game_over(p));
  CHECK(win_kind(p) == WinKind::None);
}

TEST_CASE("BG-7.3: single game when the loser has borne off a checker") {
  // Loser (opponent): 1 off, 14 still on its 24-point (in the winner's home board).
  const Position p = mover_won({{24, 14}});
  CHECK(game_over(p));
  CHECK(winner(p) == Side::Mover);
  CHECK(win_kind(p) == WinKind::Single);
}

TEST_CASE("BG-7.4: gammon when the loser has borne off none and is out of the winner's home") {
  // Loser: 15 on its 6..18 points, none on 19..24 (the winner's home board), none on the bar.
  const Position p = mover_won({{18, 5}, {6, 10}});
  CHECK(win_kind(p) == WinKind::Gammon);
}

TEST_CASE("BG-7.5: backgammon with a checker in the winner's home board or on the bar") {
  CHECK(win_kind(mover_won({{19, 1}, {6, 14}})) == WinKind::Backgammon);  // its 19 = winner's 6
  CHECK(win_kind(mover_won({{24, 1}, {6, 14}})) == WinKind::Backgammon);
  // Decision (BG-7.5): a checker on the bar counts as well.
  CHECK(win_kind(mover_won({{kBar, 1}, {6, 14}})) == WinKind::Backgammon);
  // But no backgammon if it has borne one off: single.
  CHECK(win_kind(mover_won({{kBar, 1}, {6, 13}})) == WinKind::Single);
}

TEST_CASE("BG-7: the opponent can be the winner (seen from the loser on roll)") {
  const Position p = mover_won({{kBar, 1}, {6, 14}}).flipped();
  CHECK(game_over(p));
  CHECK(winner(p) == Side::Opponent);
  CHECK(win_kind(p) == WinKind::Backgammon);
  const Position g = mover_won({{18, 15}}).flipped();
  CHECK(win_kind(g) == WinKind::Gammon);
}
