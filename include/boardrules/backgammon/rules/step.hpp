#pragma once
/// \file
/// One checker step, the unit every play is made of: moving a checker (apply_step, with the hit)
/// and the rules of a single die's step (check_step, returning a StepError). apply(), the move
/// builder and the game all move checkers through these two functions.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "boardrules/backgammon/values/position.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// Why a single-die step is not possible (StepError::None: it is).
enum class StepError : std::uint8_t {
  None,           ///< the step is possible
  BadDie,         ///< the die is not 1..6
  BadPoint,       ///< the source is not 1..24 or 25 (the bar)
  NoChecker,      ///< the mover has no checker on the source
  BarFirst,       ///< a checker is on the bar and this step does not enter it (BG-5.2)
  Blocked,        ///< the landing point holds two or more opposing checkers (BG-3.4, BG-5.3)
  NotAllHome,     ///< bearing off before every checker is in the home board (BG-6.1)
  HigherChecker,  ///< bearing off with a higher die while a checker stands higher (BG-6.4)
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// Where a step from `from` by `die` lands in the mover's numbering: from - die, or kOff (0)
/// when that goes past the 1-point (bearing off, BG-6.2).
[[nodiscard]] constexpr int step_target(int from, int die) noexcept { return from - die >= 1 ? from - die : kOff; }

/// The rules of moving one checker from `from` by `die` on `p` (the mover's numbering, 25 = the
/// bar): a checker there, the bar entered first (BG-5.2), the landing point not held by the
/// opponent (BG-3.4, BG-5.3), bearing off only with every checker home (BG-6.1) and, past the
/// 1-point, only from the highest occupied point (BG-6.4). Whether the step fits into a legal
/// play of the whole roll (BG-3.6, BG-3.7) is the caller's to decide.
template <class V>
[[nodiscard]] constexpr StepError check_step(const BasicPosition<V>& p, int from, int die) noexcept {
  if (die < 1 || die > 6) return StepError::BadDie;
  if (from < 1 || from > kBar) return StepError::BadPoint;
  if (p.mover(from) == 0) return StepError::NoChecker;
  if (from != kBar && p.mover(kBar) != 0) return StepError::BarFirst;
  const int t = from - die;
  if (t >= 1) return p.opponent_at_mover_point(t) >= 2 ? StepError::Blocked : StepError::None;
  if (std::is_constant_evaluated()) {
    for (int q = 7; q <= kBar; ++q)
      if (p.mover(q) != 0) return StepError::NotAllHome;
  } else {
    // The same test on three 8-byte words of the mover's bytes 7..25 (the bar is byte 25).
    const std::uint8_t* b = p.bytes().data();
    std::uint64_t w7 = 0, w15 = 0, w18 = 0;
    std::memcpy(&w7, b + 7, 8);    // points 7..14
    std::memcpy(&w15, b + 15, 8);  // points 15..22
    std::memcpy(&w18, b + 18, 8);  // points 18..25
    if ((w7 | w15 | w18) != 0) return StepError::NotAllHome;
  }
  if (t < 0)
    for (int q = from + 1; q <= 6; ++q)
      if (p.mover(q) != 0) return StepError::HigherChecker;
  return StepError::None;
}

/// What `e` means for the step from `from` by `die`, as a sentence for the user (citing the rule).
[[nodiscard]] inline std::string step_error_message(StepError e, int from, int die) {
  const std::string f = from == kBar ? std::string("the bar") : "point " + std::to_string(from);
  switch (e) {
    case StepError::None: return "the step is possible";
    case StepError::BadDie: return "die " + std::to_string(die) + " is not 1..6";
    case StepError::BadPoint: return "point " + std::to_string(from) + " is not a point to move from (1..24, 25 = bar)";
    case StepError::NoChecker: return "no checker of the mover on " + f;
    case StepError::BarFirst: return "a checker on the bar must enter first (BG-5.2)";
    case StepError::Blocked:
      return "the landing point " + std::to_string(from - die) + " is held by the opponent (BG-3.4)";
    case StepError::NotAllHome: return "cannot bear off before all checkers are home (BG-6.1)";
    case StepError::HigherChecker:
      return "cannot bear off from " + f + " with a " + std::to_string(die) +
             " while a checker stands on a higher point (BG-6.4)";
  }
  return "illegal step";
}

/// Moves one of the mover's checkers from `from` to `to` (mover's numbering: 25 = bar, 0 = off);
/// a lone opposing checker on the landing point is hit and goes to the opponent's bar (BG-5.1).
/// Returns true when it hits. Precondition: the mover has a checker on `from`, and `to` is not
/// held by two or more opposing checkers (e.g. check_step gave StepError::None).
template <class V>
constexpr bool apply_step(BasicPosition<V>& p, int from, int to) noexcept {
  auto& b = p.bytes();
  --b[static_cast<std::size_t>(from)];
  ++b[static_cast<std::size_t>(to)];
  if (to >= 1 && to <= 24) {
    auto& o = b[static_cast<std::size_t>(32 + 25 - to)];
    if (o == 1) {
      o = 0;
      ++b[32 + 25];
      return true;
    }
  }
  return false;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
