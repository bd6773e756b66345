#pragma once
/// \file
/// BasicPosition<Variant>: a backgammon position seen from the side to move (BG-1.3).

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "boardrules/backgammon/values/variant.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/core/hash.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// Which side of a position: the player to move (Mover) or the other one (Opponent).
enum class Side : std::uint8_t { Mover = 0, Opponent = 1 };

/// Point indices in a side's own numbering (BG-1.3): 1..24 are the points, the 24-point
/// farthest from home; kOff is borne off, kBar the bar.
inline constexpr int kOff = 0;
inline constexpr int kBar = 25;

/// A backgammon position seen from the side to move. A trivially copyable 64-byte value.
///
/// Layout (fixed; the generators rely on it, so that the whole position is one 64-byte register):
///   bytes  0..25: the mover's checkers, byte p = point p in the mover's numbering
///                 (0 = borne off, 1..24 = points, 25 = bar); bytes 26..31 are zero;
///   bytes 32..57: the opponent's checkers in the opponent's own numbering, same meaning;
///                 bytes 58..63 are zero.
/// The mover's point p is the opponent's point 25 - p. flipped() swaps the halves.
/// The invariants of a position of the variant (BG-1.1, BG-1.3): each side has exactly
/// Variant::kCheckers checkers (on the points, the bar and borne off), no point holds checkers
/// of both sides, and the padding bytes are zero. The parsers, the IDs and the game layer check
/// them (validate(), below); set() and bytes() do not, so a position built with them is the
/// caller's to check. The generators, perft and apply need a little less (is_playable(): a side
/// may have fewer checkers, as in a study or a database of fewer checkers), their precondition,
/// asserted in debug builds: a position with more checkers can make them write past a PlayList.
template <class Variant = Standard>
class alignas(64) BasicPosition {
 public:
  using variant_type = Variant;
  static constexpr int kCheckers = Variant::kCheckers;

  /// The empty board (no checkers anywhere, none off). Mostly for building test positions.
  BOARDRULES_NEUTRAL constexpr BasicPosition() noexcept = default;

  /// The variant's starting position (BG-1.4), either side to move.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr BasicPosition start() noexcept {
    BasicPosition p;
    for (const auto& s : Variant::start) {
      p.set(Side::Mover, s.point, s.count);
      p.set(Side::Opponent, s.point, s.count);
    }
    return p;
  }

  /// Checkers of `side` on `point` (that side's own numbering: 0 off, 1..24, 25 bar).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int count(Side side, int point) const noexcept {
    assert(point >= 0 && point <= 25);
    return b_[index(side, point)];
  }
  /// Checkers of the mover on its point p.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int mover(int point) const noexcept { return count(Side::Mover, point); }
  /// Checkers of the opponent on ITS OWN point p.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int opponent(int point) const noexcept {
    return count(Side::Opponent, point);
  }
  /// Checkers of the opponent on the mover's point p (1..24), i.e. opponent(25 - p).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int opponent_at_mover_point(int point) const noexcept {
    assert(point >= 1 && point <= 24);
    return count(Side::Opponent, 25 - point);
  }
  /// Sets the number of checkers of `side` on `point`. Precondition: 0 <= n <= 255.
  BOARDRULES_NEUTRAL constexpr void set(Side side, int point, int n) noexcept {
    assert(point >= 0 && point <= 25 && n >= 0 && n <= 255);
    b_[index(side, point)] = static_cast<std::uint8_t>(n);
  }

  /// Checkers of `side` still on the board or the bar (not borne off).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int on_board(Side side) const noexcept {
    int n = 0;
    for (int p = 1; p <= 25; ++p) n += count(side, p);
    return n;
  }
  /// Checkers of `side` borne off.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int borne_off(Side side) const noexcept { return count(side, kOff); }

  /// Pip count of `side` (BG-1.3): sum of point number × checkers, the bar counting 25.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int pips(Side side) const noexcept {
    int n = 0;
    for (int p = 1; p <= 25; ++p) n += p * count(side, p);
    return n;
  }

  /// The same position seen from the other side (the opponent to move).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr BasicPosition flipped() const noexcept {
    BasicPosition r;
    for (std::size_t i = 0; i < 32; ++i) {
      r.b_[i] = b_[i + 32];
      r.b_[i + 32] = b_[i];
    }
    return r;
  }

  /// The 64 bytes of the layout above (for the generators, hashing and SIMD loads).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr const std::array<std::uint8_t, 64>& bytes() const noexcept { return b_; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr std::array<std::uint8_t, 64>& bytes() noexcept { return b_; }

  /// A 64-bit hash of the position (stable within a build; not the Position ID).
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr std::uint64_t hash() const noexcept { return hash_bytes(b_); }

  BOARDRULES_NEUTRAL friend constexpr bool operator==(const BasicPosition&, const BasicPosition&) noexcept = default;

 private:
  BOARDRULES_NEUTRAL static constexpr std::size_t index(Side side, int point) noexcept {
    return static_cast<std::size_t>(side == Side::Mover ? 0 : 32) + static_cast<std::size_t>(point);
  }
  std::array<std::uint8_t, 64> b_{};
};

/// Standard backgammon position.
using Position = BasicPosition<Standard>;
using NackgammonPosition = BasicPosition<Nackgammon>;
using HypergammonPosition = BasicPosition<Hypergammon>;

static_assert(sizeof(Position) == 64);
static_assert(std::is_trivially_copyable_v<Position>);

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {

/// What breaks the invariants of a position (see BasicPosition), the first found: the side and
/// the point (or byte) at fault.
struct PositionFault {
  enum class Kind : std::uint8_t { None, Checkers, Shared, Padding };
  Kind kind = Kind::None;
  Side side = Side::Mover;
  int where = 0;  ///< Checkers: the side's total; Shared: the mover's point; Padding: the byte
};

/// The first fault of `pos`; `exact`: each side must have exactly V::kCheckers checkers, else at
/// most that many.
template <class V>
[[nodiscard]] constexpr PositionFault position_fault(const BasicPosition<V>& pos, bool exact) noexcept {
  const auto& b = pos.bytes();
  for (const Side side : {Side::Mover, Side::Opponent}) {
    const std::size_t base = side == Side::Mover ? 0 : 32;
    int total = 0;
    for (std::size_t p = 0; p <= 25; ++p) total += b[base + p];
    if (exact ? total != V::kCheckers : total > V::kCheckers) return {PositionFault::Kind::Checkers, side, total};
    for (std::size_t i = 26; i < 32; ++i)
      if (b[base + i] != 0) return {PositionFault::Kind::Padding, side, static_cast<int>(base + i)};
  }
  for (int p = 1; p <= 24; ++p)
    if (pos.mover(p) != 0 && pos.opponent_at_mover_point(p) != 0) return {PositionFault::Kind::Shared, Side::Mover, p};
  return {};
}

}  // namespace detail

/// True when `pos` keeps the invariants of a position of its variant (see validate); the same
/// check without the message, usable in constant expressions.
template <class V>
[[nodiscard]] constexpr bool is_valid(const BasicPosition<V>& pos) noexcept {
  return detail::position_fault(pos, true).kind == detail::PositionFault::Kind::None;
}

/// True when the generators (generate_plays, has_any_play, perft, apply) can take `pos`: the
/// invariants of validate, except that a side may have fewer than V::kCheckers checkers (a
/// study, a Hypergammon database of 1 or 2 checkers a side). Their precondition, asserted in
/// debug builds: kMaxPlays holds for at most V::kCheckers (<= 15) checkers a side, and a
/// position with more can make them write past a PlayList. A valid position is playable.
template <class V>
[[nodiscard]] constexpr bool is_playable(const BasicPosition<V>& pos) noexcept {
  return detail::position_fault(pos, false).kind == detail::PositionFault::Kind::None;
}

/// Checks the invariants of a position of variant V (BG-1.1, BG-1.3): each side has exactly
/// V::kCheckers checkers on its points, its bar and borne off; no point 1..24 holds checkers of
/// both sides; the padding bytes (26..31 and 58..63 of bytes()) are zero. An Error
/// (ErrorCode::invalid_state, where "position") names the first fault. Check here a position
/// built with set() or bytes() from outside data: a valid position is one the generators, perft
/// and apply take (is_playable).
template <class V>
[[nodiscard]] Status validate(const BasicPosition<V>& pos) {
  const detail::PositionFault f = detail::position_fault(pos, true);
  const std::string who = f.side == Side::Mover ? "the player on roll" : "the other player";
  switch (f.kind) {
    case detail::PositionFault::Kind::None: return {};
    case detail::PositionFault::Kind::Checkers:
      return make_error(ErrorCode::invalid_state,
                        who + " has " + std::to_string(f.where) + " checkers on its points, its bar and off, not " +
                            std::to_string(V::kCheckers) + " (BG-1.1)",
                        "position");
    case detail::PositionFault::Kind::Shared:
      return make_error(ErrorCode::invalid_state,
                        "point " + std::to_string(f.where) + " of the player on roll (point " +
                            std::to_string(25 - f.where) + " of the other player) holds checkers of both sides",
                        "position");
    case detail::PositionFault::Kind::Padding:
      return make_error(ErrorCode::invalid_state,
                        "byte " + std::to_string(f.where) + " is padding and must be zero, not " +
                            std::to_string(pos.bytes()[static_cast<std::size_t>(f.where)]),
                        "position");
  }
  return {};
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE

// std::hash is declared by <string> (as by every header that specialises it).
template <class V>
struct std::hash<boardrules::backgammon::BasicPosition<V>> {
  BOARDRULES_NEUTRAL std::size_t operator()(const boardrules::backgammon::BasicPosition<V>& p) const noexcept {
    return static_cast<std::size_t>(p.hash());
  }
};
