#pragma once
/// \file
/// The bear-off databases in memory (BG-6, BG-7, BG-8), each an array of entries in the order of
/// bearoff_index.hpp: the one-sided database (OneSidedBearoff: per position, the distributions
/// of the rolls to bear off all checkers and the first one) and the two-sided database
/// (TwoSidedBearoff: per pair of positions, the money equities of the player on roll), with their
/// probes; and the money cube decision the databases' values share. They are built by
/// bearoff_build.hpp and read from and written to GNU Backgammon's files by bearoff_file.hpp.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "boardrules/backgammon/db/bearoff_index.hpp"
#include "boardrules/backgammon/values/position.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace bearoff_detail {
// The expected number of rolls of a distribution in 1/65535 units (GNU Backgammon's criterion).
[[nodiscard]] constexpr std::uint32_t expected_rolls(const std::uint16_t* dist) noexcept {
  std::uint32_t s = 0;
  for (std::uint32_t i = 1; i < 32; ++i) s += i * dist[i];
  return s;
}
}  // namespace bearoff_detail

/// One entry of a one-sided database: probabilities in units of 1/65535 (they add up to 65535).
struct BearoffDistribution {
  /// off[n]: probability that bearing off all checkers takes exactly n rolls (n < 32).
  std::array<std::uint16_t, 32> off{};
  /// gammon[n]: probability that bearing off the first checker takes exactly n rolls (the
  /// gammon distribution, BG-7); 0 rolls when a checker is already off.
  std::array<std::uint16_t, 32> gammon{};

  /// Mean number of rolls to bear off all checkers.
  [[nodiscard]] constexpr double mean_off() const noexcept {
    return static_cast<double>(bearoff_detail::expected_rolls(off.data())) / 65535.0;
  }
  /// Mean number of rolls to bear off the first checker.
  [[nodiscard]] constexpr double mean_gammon() const noexcept {
    return static_cast<double>(bearoff_detail::expected_rolls(gammon.data())) / 65535.0;
  }
  friend constexpr bool operator==(const BearoffDistribution&, const BearoffDistribution&) noexcept = default;
};

/// The one-sided bear-off database of `points` points (up to 15 checkers): an entry per
/// position, indexed by bearoff_rank. Probes are noexcept, allocation-free and thread-safe.
class OneSidedBearoff {
 public:
  OneSidedBearoff() = default;
  /// A database of `points` points from its entries (positions() of them, in rank order).
  OneSidedBearoff(int points, bool gammons, std::vector<BearoffDistribution> entries)
      : points_(points), gammons_(gammons), entries_(std::move(entries)) {}

  /// Home points covered (1..6).
  [[nodiscard]] int points() const noexcept { return points_; }
  /// Whether the gammon distributions are known (else they read as all zero).
  [[nodiscard]] bool has_gammons() const noexcept { return gammons_; }
  /// Number of entries: bearoff_positions(points(), 15).
  [[nodiscard]] std::size_t positions() const noexcept { return entries_.size(); }
  /// The entry of index `rank`. Precondition: rank < positions().
  [[nodiscard]] const BearoffDistribution& entry(std::uint32_t rank) const noexcept { return entries_[rank]; }
  /// The entry of a board, or null when the board has a checker above points() or more than 15.
  [[nodiscard]] const BearoffDistribution* probe(const BearoffBoard& b) const noexcept {
    unsigned above = 0, n = 0;
    for (std::size_t i = 0; i < kBearoffMaxPoints; ++i) {
      n += b[i];
      above |= static_cast<int>(i) >= points_ ? b[i] : 0u;
    }
    if (above != 0 || n > kBearoffMaxCheckers || entries_.empty()) return nullptr;
    return &entries_[bearoff_rank(b, points_)];
  }
  /// The entry of `side`'s checkers in `pos`, or null when some are not on the points 1..points().
  template <class V>
  [[nodiscard]] const BearoffDistribution* probe(const BasicPosition<V>& pos, Side side) const noexcept {
    return bearoff_detail::with_points(points_, [&](auto p) -> const BearoffDistribution* {
      if constexpr (p() == 0) {
        return nullptr;
      } else {
        BearoffBoard b{};
        const unsigned n = bearoff_detail::read_side<p()>(pos, side, b);
        if (n > kBearoffMaxCheckers || entries_.empty()) return nullptr;
        return &entries_[bearoff_detail::rank_of<p()>(b)];
      }
    });
  }
  /// The same database without its gammon distributions.
  [[nodiscard]] OneSidedBearoff without_gammons() const {
    OneSidedBearoff r = *this;
    r.gammons_ = false;
    for (auto& e : r.entries_) e.gammon.fill(0);
    return r;
  }
  friend bool operator==(const OneSidedBearoff&, const OneSidedBearoff&) = default;

 private:
  int points_ = 0;
  bool gammons_ = false;
  std::vector<BearoffDistribution> entries_;
};

/// One entry of a two-sided database: money equities of the player on roll (BG-8), each in GNU
/// Backgammon's 16-bit fixed point, `value` standing for the equity value / 32767.5 - 1 (0: -1,
/// 65535: +1). The cubeful equities are those before the player on roll decides whether to double
/// (its own cube action is applied by whoever reads them, as in `cube_action_value`).
struct BearoffEquities {
  /// Cubeless equity.
  std::uint16_t cubeless = 0;
  /// The player on roll owns the cube.
  std::uint16_t owner = 0;
  /// The cube is in the middle.
  std::uint16_t centered = 0;
  /// The opponent owns the cube (the player on roll cannot double).
  std::uint16_t opponent_owns = 0;

  /// A stored value as an equity in [-1, +1].
  [[nodiscard]] static constexpr double equity(std::uint16_t v) noexcept { return v / 32767.5 - 1.0; }
  friend constexpr bool operator==(const BearoffEquities&, const BearoffEquities&) noexcept = default;
};

namespace bearoff_detail {

// GNU Backgammon's two-sided values are signed 16-bit: -32768 for -1 (the mover has lost),
// 32767 for +1 (it has won); the file stores value + 32768.
inline constexpr int kEquityWon = 32767;
inline constexpr int kEquityLost = -32768;

// The value of a player on roll who may double (BG-8.1): `no_double` if it keeps the cube,
// else the better for the opponent of `pass` (the doubler wins the cube's value, BG-8.4) and
// twice `take` (the game goes on at twice the stake, the opponent owning the cube): a double
// when take ≥ no_double / 2 and pass ≥ no_double. The one money cube decision of the databases:
// the two-sided bear-off's in its file's integers (halving truncated toward zero, as GNU
// Backgammon does it), Hypergammon's in float, exact.hpp's money_cube_equity in double.
template <class T>
[[nodiscard]] constexpr T cube_value(T no_double, T take, T pass) noexcept {
  if (take >= no_double / 2 && pass >= no_double) return take >= pass / 2 ? pass : 2 * take;
  return no_double;
}

}  // namespace bearoff_detail

/// The two-sided bear-off database of P points and up to C checkers a side: the equities of the
/// player on roll for every pair (its position, the opponent's), both indexed by bearoff_rank.
/// Probes are noexcept, allocation-free and thread-safe.
class TwoSidedBearoff {
 public:
  TwoSidedBearoff() = default;
  /// A database from its entries, the player on roll's index major (n × n of them, n =
  /// bearoff_positions(points, checkers)).
  TwoSidedBearoff(int points, int checkers, bool cubeful, std::vector<BearoffEquities> entries)
      : points_(points),
        checkers_(checkers),
        cubeful_(cubeful),
        n_(bearoff_positions(points, checkers)),
        entries_(std::move(entries)) {}

  [[nodiscard]] int points() const noexcept { return points_; }
  [[nodiscard]] int checkers() const noexcept { return checkers_; }
  /// Whether the cubeful equities are known (else they read as 0).
  [[nodiscard]] bool is_cubeful() const noexcept { return cubeful_; }
  /// One side's positions: bearoff_positions(points(), checkers()).
  [[nodiscard]] std::uint32_t side_positions() const noexcept { return n_; }
  /// The entry of (the player on roll's index, the opponent's). Precondition: both < side_positions().
  [[nodiscard]] const BearoffEquities& entry(std::uint32_t mover, std::uint32_t opponent) const noexcept {
    return entries_[static_cast<std::size_t>(mover) * n_ + opponent];
  }
  /// The entry of a position (the Mover on roll), or null when a side has a checker above
  /// points(), on the bar, or more than checkers() checkers on the board.
  template <class V>
  [[nodiscard]] const BearoffEquities* probe(const BasicPosition<V>& pos) const noexcept {
    return bearoff_detail::with_points(points_, [&](auto p) -> const BearoffEquities* {
      if constexpr (p() == 0) {
        return nullptr;
      } else {
        BearoffBoard m{}, o{};
        const unsigned nm = bearoff_detail::read_side<p()>(pos, Side::Mover, m);
        const unsigned no = bearoff_detail::read_side<p()>(pos, Side::Opponent, o);
        const auto most = static_cast<unsigned>(checkers_);
        if (nm > most || no > most || entries_.empty()) return nullptr;
        return &entry(bearoff_detail::rank_of<p()>(m), bearoff_detail::rank_of<p()>(o));
      }
    });
  }
  /// The same database without its cubeful equities.
  [[nodiscard]] TwoSidedBearoff cubeless_only() const {
    TwoSidedBearoff r = *this;
    r.cubeful_ = false;
    for (auto& e : r.entries_) e.owner = e.centered = e.opponent_owns = 0;
    return r;
  }
  friend bool operator==(const TwoSidedBearoff&, const TwoSidedBearoff&) = default;

 private:
  int points_ = 0;
  int checkers_ = 0;
  bool cubeful_ = false;
  std::uint32_t n_ = 0;
  std::vector<BearoffEquities> entries_;
};

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
