#pragma once
/// \file
/// Dice: one throw of two dice, the 21 distinct rolls with their probabilities, and a throw of
/// fair dice from a random generator.

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstdint>

#include "boardrules/core/random.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::backgammon {

/// A throw of two dice (each 1..6). Order does not matter for the rules of play; high() and low()
/// give the sorted values, same_roll() compares throws as rolls. The order does matter for an
/// opening throw (d1 is player 0's die, BG-2.1), so `==` compares the dice in order: two values
/// are equal only when they are the same value. A double (BG-3.2) is played four times.
struct Dice {
  std::uint8_t d1 = 1;
  std::uint8_t d2 = 1;

  constexpr Dice() noexcept = default;
  /// Precondition: 1 <= a, b <= 6.
  constexpr Dice(int a, int b) noexcept : d1(static_cast<std::uint8_t>(a)), d2(static_cast<std::uint8_t>(b)) {
    assert(a >= 1 && a <= 6 && b >= 1 && b <= 6);
  }
  [[nodiscard]] constexpr bool is_double() const noexcept { return d1 == d2; }
  [[nodiscard]] constexpr int high() const noexcept { return d1 > d2 ? d1 : d2; }
  [[nodiscard]] constexpr int low() const noexcept { return d1 > d2 ? d2 : d1; }
  /// Number of checker steps the roll allows: 4 for a double, else 2.
  [[nodiscard]] constexpr int steps() const noexcept { return is_double() ? 4 : 2; }
  /// Probability of this roll as an unordered throw: 1/36 for a double, 2/36 otherwise.
  [[nodiscard]] constexpr double probability() const noexcept { return is_double() ? 1.0 / 36.0 : 2.0 / 36.0; }
  /// True when both throws are the same roll, whatever the order of the dice (2-1 and 1-2).
  [[nodiscard]] constexpr bool same_roll(Dice o) const noexcept { return high() == o.high() && low() == o.low(); }
  /// The same dice in the same order (1-2 is not 2-1: as opening throws they differ).
  friend constexpr bool operator==(Dice, Dice) noexcept = default;
};

/// The 21 distinct rolls: the 6 doubles and the 15 non-doubles, high die first, in the order
/// 1-1, 2-1, 2-2, 3-1, 3-2, 3-3, ..., 6-6.
inline constexpr std::array<Dice, 21> kAllRolls = [] {
  std::array<Dice, 21> r{};
  std::size_t i = 0;
  for (int hi = 1; hi <= 6; ++hi)
    for (int lo = 1; lo <= hi; ++lo) r[i++] = Dice(hi, lo);
  return r;
}();

/// A throw of two fair dice from `rng` (for games whose dice the library throws).
[[nodiscard]] constexpr Dice throw_dice(Rng& rng) noexcept {
  const int a = rng.die();
  const int b = rng.die();
  return Dice(a, b);
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::backgammon
