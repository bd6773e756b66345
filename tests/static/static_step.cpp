// The step primitive is usable in constant expressions (step.hpp): BG-5.1 hit, BG-5.2 bar
// first, BG-3.4 blocked point, BG-6.1 and BG-6.4 bearing off, evaluated by the compiler.
#include "boardrules/backgammon/rules/step.hpp"

namespace {
using namespace boardrules::backgammon;

constexpr Position with_blot() {
  Position p = Position::start();
  p.set(Side::Opponent, 6, 4);  // one opposing checker moves to the mover's 20-point (its 5)
  p.set(Side::Opponent, 5, 1);
  return p;
}

constexpr bool hit_on_20() {
  Position p = with_blot();
  const bool hit = apply_step(p, 24, 20);
  return hit && p.mover(20) == 1 && p.mover(24) == 1 && p.opponent(kBar) == 1 && p.opponent(5) == 0;
}
static_assert(hit_on_20());

constexpr bool quiet_step() {
  Position p = Position::start();
  return !apply_step(p, 13, 11) && p.mover(13) == 4 && p.mover(11) == 1;
}
static_assert(quiet_step());

static_assert(check_step(Position::start(), 24, 5) == StepError::Blocked);  // the opponent's 6-point
static_assert(check_step(Position::start(), 6, 6) == StepError::NotAllHome);
static_assert(check_step(Position::start(), 7, 1) == StepError::NoChecker);
static_assert(check_step(Position::start(), 13, 7) == StepError::BadDie);
static_assert(check_step(Position::start(), 13, 2) == StepError::None);
static_assert(step_target(5, 6) == kOff && step_target(8, 3) == 5);

constexpr Position home_board() {
  Position p;
  p.set(Side::Mover, 5, 1);
  p.set(Side::Mover, 3, 1);
  p.set(Side::Mover, kOff, 13);
  p.set(Side::Mover, kBar, 0);
  p.set(Side::Opponent, 1, 15);
  return p;
}
static_assert(check_step(home_board(), 3, 6) == StepError::HigherChecker);
static_assert(check_step(home_board(), 5, 6) == StepError::None);

constexpr Position on_bar() {
  Position p = Position::start();
  p.set(Side::Mover, 24, 1);
  p.set(Side::Mover, kBar, 1);
  return p;
}
static_assert(check_step(on_bar(), 13, 2) == StepError::BarFirst);
static_assert(check_step(on_bar(), kBar, 2) == StepError::None);
}  // namespace
