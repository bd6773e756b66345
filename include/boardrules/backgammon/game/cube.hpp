#pragma once
/// \file
/// Cube: the doubling cube (BG-8) as a 2-byte value: its value (a power of two) and its owner.

#include "boardrules/core/config.hpp"

#include <cassert>
#include <cstdint>
#include <type_traits>

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// The highest cube value any format of the library can carry (GNU Backgammon's Match ID keeps
/// log2 of the value in 4 bits: 2^15).
inline constexpr int kMaxCubeValue = 32768;

/// The doubling cube: value 1, 2, 4, ... and who owns it (-1 = centered, BG-8.3).
/// At the start of a game it is centered at 1 (BG-7.2: the face 64 means 1).
class Cube {
 public:
  /// The cube of a new game: 1, centered.
  BOARDRULES_NEUTRAL constexpr Cube() noexcept = default;
  /// A centered cube of `value` (after automatic doubles, BG-9.1). Precondition: value is a
  /// power of two, 1..kMaxCubeValue.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Cube centered_at(int value) noexcept { return Cube(log2_of(value), -1); }
  /// A cube of `value` owned by `owner` (0 or 1), as after a taken double (BG-8.4).
  /// Precondition: value is a power of two, 2..kMaxCubeValue; owner is 0 or 1.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Cube owned_by(int owner, int value) noexcept {
    assert(owner == 0 || owner == 1);
    return Cube(log2_of(value), owner);
  }
  /// The cube from its log2 and owner, as formats store it (Match ID, XGID).
  /// Precondition: 0 <= log2_value <= 15, owner in {-1, 0, 1}.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Cube from_log2(int log2_value, int owner) noexcept {
    assert(log2_value >= 0 && log2_value <= 15 && owner >= -1 && owner <= 1);
    return Cube(log2_value, owner);
  }

  /// The stake multiplier: 1, 2, 4, ...
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int value() const noexcept { return 1 << log2_; }
  /// log2 of the value (0 for 1).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int log2_value() const noexcept { return log2_; }
  /// The owner: -1 when centered, else player 0 or 1.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int owner() const noexcept { return owner_; }
  /// True while nobody owns the cube (nobody has taken a double yet; BG-8.3).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool is_centered() const noexcept { return owner_ < 0; }
  /// May `player` turn the cube? Centered: either player; else only the owner (BG-8.3).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool has_access(int player) const noexcept { return owner_ < 0 || owner_ == player; }

  /// The cube after `taker` takes a double: value doubled, owned by the taker (BG-8.4).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr Cube taken_by(int taker) const noexcept { return Cube(log2_ + 1, taker); }
  /// The cube after `beaverer` takes and immediately redoubles (beaver, BG-9.4): value × 4, the
  /// beaverer keeps it.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr Cube beavered_by(int beaverer) const noexcept { return Cube(log2_ + 2, beaverer); }
  /// The cube after an automatic double (BG-9.1): value doubled, still centered.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr Cube auto_doubled() const noexcept { return Cube(log2_ + 1, -1); }

  BOARDRULES_NEUTRAL friend constexpr bool operator==(Cube, Cube) noexcept = default;

 private:
  BOARDRULES_NEUTRAL constexpr Cube(int log2_value, int owner) noexcept
      : log2_(static_cast<std::uint8_t>(log2_value)), owner_(static_cast<std::int8_t>(owner)) {}
  BOARDRULES_NEUTRAL static constexpr int log2_of(int value) noexcept {
    assert(value >= 1 && value <= kMaxCubeValue && (value & (value - 1)) == 0);
    int k = 0;
    while ((1 << k) < value) ++k;
    return k;
  }

  std::uint8_t log2_ = 0;
  std::int8_t owner_ = -1;
};

static_assert(sizeof(Cube) == 2);
static_assert(std::is_trivially_copyable_v<Cube>);

}  // namespace boardrules::backgammon
