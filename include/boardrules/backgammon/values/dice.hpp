#pragma once
/// \file
/// Dice: one throw of two dice, the 21 distinct rolls with their probabilities, and a throw of
/// fair dice from a random generator.

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <type_traits>

#include "boardrules/core/error.hpp"
#include "boardrules/core/random.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

namespace neutral_detail {
// Not constexpr: a literal Dice(a, b) with a die outside 1..6 calls it, and so does not compile.
BOARDRULES_NEUTRAL void dice_literal_out_of_range() noexcept {}
}  // namespace neutral_detail

/// A throw of two dice (each 1..6), or "no dice" (the default, 0-0: nothing thrown yet).
///
/// Ways to make one: `Dice(3, 1)` with literal dice (checked when the program is compiled: a
/// die outside 1..6 does not compile); `Dice::from(a, b)` with values known only at run time
/// (a Result: an Error with ErrorCode::out_of_range naming the bad die); `Dice::unchecked(a, b)`
/// on hot paths whose dice are 1..6 by construction (a precondition, asserted in debug builds).
/// The dice are private and read with d1() and d2(): a Dice is either no dice or a throw, and
/// nothing outside can make it anything else. `Dice{}` is no throw at all: valid() is false,
/// and every function that takes a throw from the user (Game and Match roll and resume, State
/// actions, the formats) refuses it; the generator gives no play for it (generate_plays: an
/// empty list). They also refuse bytes that are neither (a Dice copied from raw memory).
///
/// Order does not matter for the rules of play; high() and low() give the sorted values,
/// same_roll() compares throws as rolls. The order does matter for an opening throw (d1() is
/// player 0's die, BG-2.1), so `==` compares the dice in order: two values are equal only when
/// they are the same value. A double (BG-3.2) is played four times.
class Dice {
 public:
  /// No dice (0-0): not a throw; valid() is false.
  BOARDRULES_NEUTRAL constexpr Dice() noexcept = default;
  /// Literal dice, checked at compile time: `Dice(3, 1)`. Values known only at run time go
  /// through from() (checked) or unchecked().
  consteval Dice(int a, int b) noexcept : d1_(static_cast<std::uint8_t>(a)), d2_(static_cast<std::uint8_t>(b)) {
    if (a < 1 || a > 6 || b < 1 || b > 6) neutral_detail::dice_literal_out_of_range();
  }
  /// The throw a-b, or an Error (ErrorCode::out_of_range, where "dice") naming the die that is
  /// not 1..6.
  [[nodiscard]] BOARDRULES_NEUTRAL static Result<Dice> from(int a, int b) {
    if (a == 0 && b == 0) return make_error(ErrorCode::out_of_range, "no dice (0-0): a throw is two dice 1..6", "dice");
    if (a < 1 || a > 6)
      return make_error(ErrorCode::out_of_range, "the first die is " + std::to_string(a) + ", not 1..6", "dice");
    if (b < 1 || b > 6)
      return make_error(ErrorCode::out_of_range, "the second die is " + std::to_string(b) + ", not 1..6", "dice");
    return unchecked(a, b);
  }
  /// The throw a-b without a check, for dice that are 1..6 by construction (a random throw, a
  /// loop over the rolls). Precondition: 1 <= a, b <= 6 (asserted in debug builds).
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Dice unchecked(int a, int b) noexcept {
    assert(a >= 1 && a <= 6 && b >= 1 && b <= 6);
    Dice d;
    d.d1_ = static_cast<std::uint8_t>(a);
    d.d2_ = static_cast<std::uint8_t>(b);
    return d;
  }
  /// The first die (player 0's die of an opening throw, BG-2.1); 0 for no dice.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int d1() const noexcept { return d1_; }
  /// The second die; 0 for no dice.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int d2() const noexcept { return d2_; }
  /// True for a throw (both dice 1..6); false for no dice (Dice{}) and for anything else.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool valid() const noexcept {
    return static_cast<unsigned>(d1_ - 1) < 6u && static_cast<unsigned>(d2_ - 1) < 6u;
  }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool is_double() const noexcept { return d1_ == d2_; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int high() const noexcept { return d1_ > d2_ ? d1_ : d2_; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int low() const noexcept { return d1_ > d2_ ? d2_ : d1_; }
  /// Number of checker steps the roll allows: 4 for a double, else 2.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int steps() const noexcept { return is_double() ? 4 : 2; }
  /// Probability of this roll as an unordered throw: 1/36 for a double, 2/36 otherwise.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr double probability() const noexcept {
    return is_double() ? 1.0 / 36.0 : 2.0 / 36.0;
  }
  /// True when both throws are the same roll, whatever the order of the dice (2-1 and 1-2).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool same_roll(Dice o) const noexcept {
    return high() == o.high() && low() == o.low();
  }
  /// The same dice in the same order (1-2 is not 2-1: as opening throws they differ).
  BOARDRULES_NEUTRAL friend constexpr bool operator==(Dice, Dice) noexcept = default;

 private:
  std::uint8_t d1_ = 0;
  std::uint8_t d2_ = 0;
};

static_assert(sizeof(Dice) == 2);
static_assert(std::is_trivially_copyable_v<Dice>);

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The 21 distinct rolls: the 6 doubles and the 15 non-doubles, high die first, in the order
/// 1-1, 2-1, 2-2, 3-1, 3-2, 3-3, ..., 6-6.
inline constexpr std::array<Dice, 21> kAllRolls = [] {
  std::array<Dice, 21> r{};
  std::size_t i = 0;
  for (int hi = 1; hi <= 6; ++hi)
    for (int lo = 1; lo <= hi; ++lo) r[i++] = Dice::unchecked(hi, lo);
  return r;
}();

/// A throw of two fair dice from `rng` (for games whose dice the library throws).
[[nodiscard]] constexpr Dice throw_dice(Rng& rng) noexcept {
  const int a = rng.die();
  const int b = rng.die();
  return Dice::unchecked(a, b);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
