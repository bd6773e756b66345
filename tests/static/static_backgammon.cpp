// constexpr claims of the backgammon generator: these static_asserts run generate_plays,
// has_any_play, apply, the outcome and perft at compile time (the target raises the constexpr
// operation limits). Compiling this file is the test.

#include <array>
#include <type_traits>

#include "boardrules/backgammon/game/scoring.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/backgammon/rules/perft.hpp"

namespace {

using namespace boardrules;
using namespace boardrules::backgammon;

constexpr std::size_t plays(const Position& p, Dice d) {
  PlayList list;
  generate_plays(p, d, list);
  return list.size();
}

// A bear-off position: 2 checkers on each of the mover's 1..6 points (3 off); the opponent
// waits on its own 6-point (the mover's 19).
constexpr Position bearoff() {
  Position p;
  for (int q = 1; q <= 6; ++q) p.set(Side::Mover, q, 2);
  p.set(Side::Mover, kOff, 3);
  p.set(Side::Opponent, 6, 15);
  return p;
}

// One checker on the bar against a closed board (BG-5.5).
constexpr Position closed_out() {
  Position p;
  p.set(Side::Mover, kBar, 1);
  p.set(Side::Mover, 6, 14);
  for (int q = 1; q <= 6; ++q) p.set(Side::Opponent, q, 2);
  p.set(Side::Opponent, 13, 3);
  return p;
}

// BG-6.6 (the worked example): all six home points made, 6-4: three plays (see test_rules).
constexpr Position seed_example() {
  Position p;
  const int stacks[7] = {0, 2, 2, 2, 3, 3, 3};
  for (int q = 1; q <= 6; ++q) p.set(Side::Mover, q, stacks[q]);
  p.set(Side::Opponent, 6, 15);
  return p;
}

static_assert(plays(seed_example(), Dice(6, 4)) == 3);
static_assert(has_any_play(Position::start(), Dice(2, 1)));
static_assert(!has_any_play(closed_out(), Dice(6, 6)));
static_assert(plays(closed_out(), Dice(3, 1)) == 0);
// 2 on every home point, 6-6: the 6s bear off the two on 6, then the two on 5 (BG-6.4): one play.
static_assert(plays(bearoff(), Dice(6, 6)) == 1);
constexpr Position after_66() {
  PlayList list;
  generate_plays(bearoff(), Dice(6, 6), list);
  return apply(bearoff(), list[0]);
}
static_assert(after_66().mover(6) == 0 && after_66().mover(5) == 0 && after_66().borne_off(Side::Mover) == 7);
static_assert(!game_over(after_66()));
static_assert(win_kind(Position::start()) == WinKind::None);
// Opening 6-6 from the start: 24/18(2) 13/7(2) and the others; at least one play of four.
static_assert(plays(Position::start(), Dice(6, 6)) > 0);
static_assert(perft(Position::start(), 1) == 447);
static_assert(perft(Position::start(), 1, Leaves::List) == 447);

}  // namespace

// FixedList leaves its storage uninitialised at run time (Play's member initialisers do not run
// per slot: the slots are a union member) and is still usable in constant evaluation: pushed,
// read, copied and returned. A Play starts empty; lists of plays copy as bytes.
static_assert(!std::is_trivially_default_constructible_v<Play>);
static_assert(Play{}.size == 0 && Play{}.hits == 0);
static_assert(std::is_trivially_copyable_v<PlayList>);

constexpr FixedList<Play, 4> two_plays() {
  FixedList<Play, 4> l;
  Play p{};
  p.add(24, 18, false);
  l.push_back(p);
  p.add(18, 13, true);
  l.push_back(p);
  return l;
}
constexpr int copied_list() {
  const FixedList<Play, 4> a = two_plays();
  FixedList<Play, 4> b;
  b = a;
  return static_cast<int>(b.size()) * 100 + b[1].to[1] * 2 + b[1].hits;
}
static_assert(copied_list() == 200 + 26 + 2);

// apply_flipped is the position after the play as the next player sees it, at compile time.
constexpr bool apply_flipped_at_compile_time() {
  Play p{};
  p.add(24, 18, false);
  p.add(13, 10, false);
  return apply_flipped(Position::start(), p) == apply(Position::start(), p).flipped();
}
static_assert(apply_flipped_at_compile_time());

// The one win multiplier every scorer uses (BG-7.3..7.6, BG-9.2), by hand: (kind, bg_as_gammon,
// jacoby_applies) -> 1, 2 or 3.
static_assert(win_multiplier(WinKind::Single, false, false) == 1);
static_assert(win_multiplier(WinKind::Gammon, false, false) == 2);
static_assert(win_multiplier(WinKind::Backgammon, false, false) == 3);
static_assert(win_multiplier(WinKind::Backgammon, true, false) == 2);
static_assert(win_multiplier(WinKind::Gammon, true, false) == 2);
static_assert(win_multiplier(WinKind::Gammon, false, true) == 1);
static_assert(win_multiplier(WinKind::Backgammon, true, true) == 1);
static_assert(win_multiplier(WinKind::Single, true, true) == 1);
// game_points: the Jacoby rule counts in money play with a centered cube only (BG-9.2, BG-9.3).
static_assert(game_points(WinKind::Backgammon, Cube{}, SessionRules::money({.jacoby = true})) == 1);
static_assert(game_points(WinKind::Backgammon, Cube{}, SessionRules::match(5)) == 3);
static_assert(game_points(WinKind::Gammon, Cube::owned_by(0, 2), SessionRules::money({.jacoby = true})) == 4);
