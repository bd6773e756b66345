#pragma once
/// \file
/// BasicPosition<Rules>: a Warri position (houses, stores, side to move), WA-1.

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "boardrules/core/error.hpp"
#include "boardrules/core/hash.hpp"
#include "boardrules/warri/values/variant.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::warri {

/// The two players (WA-1.1). South owns houses 0..5 (a-f), North houses 6..11 (A-F).
enum class Player : std::uint8_t { South = 0, North = 1 };

/// The other player.
[[nodiscard]] BOARDRULES_NEUTRAL constexpr Player other(Player p) noexcept {
  return p == Player::South ? Player::North : Player::South;
}

inline constexpr int kHouses = 12;      ///< houses on the board (WA-1.1)
inline constexpr int kRowHouses = 6;    ///< houses per row
inline constexpr int kTotalSeeds = 48;  ///< seeds in play (WA-1.1)

/// First house index of a player's row: 0 for South, 6 for North (WA-1.3).
[[nodiscard]] BOARDRULES_NEUTRAL constexpr int row_start(Player p) noexcept { return p == Player::South ? 0 : 6; }

/// A Warri position: a trivially copyable 16-byte value. `Rules` (WA-2..WA-4: Speightstown,
/// Bridgetown, Abapa, or a user's struct of options) selects the generator and the end rules of the
/// functions that take the position. The bytes are the same under every rules, but the rules are
/// part of the value's type: positions under different rules do not compare (`Position ==
/// AbapaPosition` does not compile) and one converts to another only explicitly
/// (`AbapaPosition(p)`), so that a position is never played under rules it was not meant for.
/// Layout (fixed, one 128-bit register): bytes 0..11 the houses in the library's numbering
/// (WA-1.3: 0..5 South's a..f, 6..11 North's A..F); byte 12 South's store; byte 13 North's
/// store; byte 14 the side to move (0 South, 1 North); byte 15 zero.
/// The invariants of a position of a game (validate(), below): the seeds of the houses and the
/// stores add up to 48 (WA-1.1), byte 14 is 0 or 1, byte 15 is zero. The parsers check them;
/// the setters do not (test positions may hold fewer seeds), so a position built with them
/// from outside data is the caller's to check.
template <class Rules = Speightstown>
class alignas(16) BasicPosition {
 public:
  using variant_type =
      Rules;  ///< the variant (Speightstown, Bridgetown, Abapa), as backgammon's BasicPosition::variant_type

  /// The empty board, South to move (for building test positions).
  BOARDRULES_NEUTRAL constexpr BasicPosition() noexcept = default;
  /// The same board under other rules, by explicit conversion only, e.g.
  /// `BasicGame<Bridgetown> g{BridgetownPosition(parsed)}` (or parse with
  /// `parse_position<Bridgetown>`). The layout does not depend on the rules (they only choose how
  /// moves are generated and games end), so the bytes are copied unchanged.
  template <class OtherRules>
  BOARDRULES_NEUTRAL constexpr explicit BasicPosition(const BasicPosition<OtherRules>& other) noexcept
      : b_(other.bytes()) {}

  /// The starting position (WA-1.1): 4 seeds in every house, stores empty, `first` to move.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr BasicPosition start(Player first = Player::South) noexcept {
    BasicPosition p;
    for (int i = 0; i < kHouses; ++i) p.set_house(i, 4);
    p.set_to_move(first);
    return p;
  }

  /// Seeds in house i (0..11).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int house(int i) const noexcept {
    assert(i >= 0 && i < kHouses);
    return b_[static_cast<std::size_t>(i)];
  }
  /// Seeds in a player's store.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int store(Player p) const noexcept {
    return b_[p == Player::South ? 12u : 13u];
  }
  /// The player to move.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr Player to_move() const noexcept { return static_cast<Player>(b_[14]); }

  /// Seeds in a player's row.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int row_seeds(Player p) const noexcept {
    int n = 0;
    for (int i = row_start(p); i < row_start(p) + kRowHouses; ++i) n += house(i);
    return n;
  }
  /// Seeds on the board (both rows).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int board_seeds() const noexcept {
    return row_seeds(Player::South) + row_seeds(Player::North);
  }

  /// Setters (for parsers and tests). Precondition: 0 <= n <= 255.
  BOARDRULES_NEUTRAL constexpr void set_house(int i, int n) noexcept {
    assert(i >= 0 && i < kHouses && n >= 0 && n <= 255);
    b_[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(n);
  }
  BOARDRULES_NEUTRAL constexpr void set_store(Player p, int n) noexcept {
    assert(n >= 0 && n <= 255);
    b_[p == Player::South ? 12u : 13u] = static_cast<std::uint8_t>(n);
  }
  BOARDRULES_NEUTRAL constexpr void set_to_move(Player p) noexcept { b_[14] = static_cast<std::uint8_t>(p); }

  /// The 16 bytes of the layout above (for the generators, hashing and SIMD loads).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const std::array<std::uint8_t, 16>& bytes() const noexcept { return b_; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr std::array<std::uint8_t, 16>& bytes() noexcept { return b_; }

  /// A 64-bit hash (stable within a build).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr std::uint64_t hash() const noexcept { return hash_bytes(b_); }

  BOARDRULES_NEUTRAL friend constexpr bool operator==(const BasicPosition&, const BasicPosition&) noexcept = default;

 private:
  std::array<std::uint8_t, 16> b_{};
};

using Position = BasicPosition<Speightstown>;
using BridgetownPosition = BasicPosition<Bridgetown>;
using AbapaPosition = BasicPosition<Abapa>;

static_assert(sizeof(Position) == 16);
static_assert(std::is_trivially_copyable_v<Position>);

}  // namespace boardrules::warri

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// Checks the invariants of a position of a game: the houses and the stores hold 48 seeds in
/// all (WA-1.1), the side to move (byte 14) is 0 or 1, and byte 15 is zero. An Error
/// (ErrorCode::invalid_state, where "position") names the first fault. The generator takes any
/// bytes, but the endgame databases, the States and the game record count on 48 seeds: check
/// here a position built with the setters or bytes() from outside data.
template <class R>
[[nodiscard]] Status validate(const BasicPosition<R>& p) {
  const auto& b = p.bytes();
  if (b[14] > 1)
    return make_error(ErrorCode::invalid_state,
                      "the side to move (byte 14) is " + std::to_string(b[14]) + ", not 0 (South) or 1 (North)",
                      "position");
  if (b[15] != 0)
    return make_error(ErrorCode::invalid_state, "byte 15 is padding and must be zero, not " + std::to_string(b[15]),
                      "position");
  int total = 0;
  for (std::size_t i = 0; i < 14; ++i) total += b[i];
  if (total != kTotalSeeds)
    return make_error(
        ErrorCode::invalid_state,
        "the seeds add up to " + std::to_string(total) + ", expected " + std::to_string(kTotalSeeds) + " (WA-1.1)",
        "position");
  return {};
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE

// std::hash is declared by <string> (as by every header that specialises it).
template <class R>
struct std::hash<boardrules::warri::BasicPosition<R>> {
  BOARDRULES_NEUTRAL std::size_t operator()(const boardrules::warri::BasicPosition<R>& p) const noexcept {
    return static_cast<std::size_t>(p.hash());
  }
};
