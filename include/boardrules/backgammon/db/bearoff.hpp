#pragma once
/// \file
/// Bear-off databases (BG-6), built by the library and stored in GNU Backgammon's file formats:
/// the one-sided database (for every position of up to 15 checkers on the home points 1..P, the
/// distribution of the number of rolls needed to bear off all checkers, and of the rolls needed to
/// bear off the first one, the gammon distribution of BG-7) and the two-sided database (for every
/// pair of positions of up to C checkers on the points 1..P, the cubeless and cubeful money
/// equities of the player on roll, BG-8).
///
/// The values are those of GNU Backgammon's `makebearoff`, unit for unit: the same position
/// numbering, the same choice of play (the play that minimises the expected number of rolls as the
/// stored, rounded distributions give it; among plays that tie, the first in GNU Backgammon's order
/// of generation), the same fixed-point rounding. The comments below say which is which.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/binomial.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The most home points a bear-off database covers here (the home board, BG-1.2).
inline constexpr int kBearoffMaxPoints = 6;
/// The most checkers of one side (BG-1.1).
inline constexpr int kBearoffMaxCheckers = 15;

/// Checkers of one side on its home points: element i is the (i + 1)-point (BG-1.3).
using BearoffBoard = std::array<std::uint8_t, kBearoffMaxPoints>;

namespace bearoff_detail {
// Pascal's triangle up to C(28, 28): the bear-off numbering needs n <= 6 + 15, Hypergammon's
// (25 places, 3 checkers) n <= 28.
inline constexpr auto kBinomial = pascal_triangle<std::uint32_t, 29, 29>();
}  // namespace bearoff_detail

/// Binomial coefficient C(n, k) for 0 <= n <= 28 (0 when k < 0, k > n or n is out of range).
[[nodiscard]] constexpr std::uint32_t bearoff_binomial(int n, int k) noexcept {
  if (k < 0 || n < 0 || k > n || n > 28) return 0;
  return bearoff_detail::kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

/// Number of positions of up to `checkers` checkers on the points 1..`points`, the empty board
/// (all borne off) included: C(points + checkers, points). 54,264 for 6 points and 15 checkers.
[[nodiscard]] constexpr std::uint32_t bearoff_positions(int points, int checkers) noexcept {
  return bearoff_binomial(points + checkers, points);
}

namespace bearoff_detail {
// The 8 bytes at p as a little-endian word: one load where the machine is little-endian.
[[nodiscard]] constexpr std::uint64_t load_le64(const std::uint8_t* p) noexcept {
  if (!std::is_constant_evaluated() && std::endian::native == std::endian::little) {
    std::uint64_t v = 0;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < 8; ++i) v |= std::uint64_t{p[i]} << (8 * i);
  return v;
}

// C(n, k) from the table without bearoff_binomial's tests, for the ranks, whose n and k are never
// negative (and k > n gives 0: the table holds zeros there); both are clamped to the table, so
// that a board of too many checkers gives a wrong rank instead of a read outside it.
[[nodiscard]] constexpr std::uint32_t binomial_in_table(int n, int k) noexcept {
  return kBinomial[static_cast<std::size_t>(std::min(n, 28))][static_cast<std::size_t>(std::min(k, 28))];
}

// bearoff_rank for a number of points known at compile time: straight-line code, no branch.
// Every n is >= 0: before step i, cell = points - 2 - i + the checkers above point i + 1.
template <int Points>
[[nodiscard]] constexpr std::uint32_t rank_of(const BearoffBoard& board) noexcept {
  int cell = Points - 1;
  for (int i = 0; i < Points; ++i) cell += board[static_cast<std::size_t>(i)];
  std::uint32_t rank = binomial_in_table(cell, Points);
  for (int i = 0; i + 1 < Points; ++i) {
    cell -= board[static_cast<std::size_t>(i)] + 1;
    rank += binomial_in_table(cell, Points - 1 - i);
  }
  return rank;
}

// Calls f(std::integral_constant<int, points>{}) for points 1..6 (so that the reads and the rank
// of a database's probe are straight-line code), f(std::integral_constant<int, 0>{}) otherwise.
template <class F>
[[nodiscard]] constexpr decltype(auto) with_points(int points, const F& f) noexcept {
  switch (points) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 3: return f(std::integral_constant<int, 3>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 5: return f(std::integral_constant<int, 5>{});
    case 6: return f(std::integral_constant<int, 6>{});
    default: return f(std::integral_constant<int, 0>{});
  }
}
}  // namespace bearoff_detail

/// The index of `board` in a database of `points` points (GNU Backgammon's numbering, so that
/// the files agree): the checkers and the `points` - 1 bars between the points are written as a
/// word of N + points - 1 cells, and the index is the rank of the set of bar cells, plus one cell
/// above them, in the combinatorial number system. Positions with fewer checkers come first, and
/// every play of a roll (which bears off or moves checkers down, BG-6) lowers the index.
/// Precondition: no checker on a point above `points`; 1 <= points <= 6; at most 15 checkers
/// (more give a wrong index, never a read outside the tables). 0 when points is out of range.
[[nodiscard]] constexpr std::uint32_t bearoff_rank(const BearoffBoard& board, int points) noexcept {
  return bearoff_detail::with_points(points, [&](auto p) -> std::uint32_t {
    if constexpr (p() == 0) return 0;
    else return bearoff_detail::rank_of<p()>(board);
  });
}

/// The board of index `rank` in a database of `points` points and up to `checkers` checkers
/// (the inverse of bearoff_rank). Precondition: rank < bearoff_positions(points, checkers).
[[nodiscard]] constexpr BearoffBoard bearoff_unrank(std::uint32_t rank, int points, int checkers) noexcept {
  BearoffBoard b{};
  if (points < 1 || points > kBearoffMaxPoints) return b;
  std::array<int, kBearoffMaxPoints> cells{};  // the set cells, highest first
  int k = points;
  for (int cell = points + checkers - 1; cell >= 0 && k > 0; --cell) {
    const std::uint32_t c = bearoff_binomial(cell, k);
    if (rank >= c) {
      rank -= c;
      cells[static_cast<std::size_t>(points - k)] = cell;
      --k;
    }
  }
  for (int i = 0; i + 1 < points; ++i)
    b[static_cast<std::size_t>(i)] =
        static_cast<std::uint8_t>(cells[static_cast<std::size_t>(i)] - cells[static_cast<std::size_t>(i) + 1] - 1);
  b[static_cast<std::size_t>(points - 1)] = static_cast<std::uint8_t>(cells[static_cast<std::size_t>(points - 1)]);
  return b;
}

namespace bearoff_detail {
// Reads the checkers of `side` on the points 1..6 into `board` and returns how many are on the
// points 1..Points, or kNotCovered when some are on a higher point or on the bar. The side's bytes
// of the position's layout (position.hpp: byte p the checkers on point p, 25 the bar) are read as
// four little-endian words, so that the test and the count take a few word operations and no
// branch: a probe costs the same for every position.
inline constexpr unsigned kNotCovered = ~0u;
template <int Points, class V>
[[nodiscard]] constexpr unsigned read_side(const BasicPosition<V>& pos, Side side, BearoffBoard& board) noexcept {
  static_assert(Points >= 1 && Points <= kBearoffMaxPoints);
  const std::uint8_t* s = pos.bytes().data() + (side == Side::Mover ? 0 : 32);
  const std::array<std::uint64_t, 4> w{load_le64(s), load_le64(s + 8), load_le64(s + 16), load_le64(s + 24)};
  for (std::size_t i = 0; i < kBearoffMaxPoints; ++i) board[i] = static_cast<std::uint8_t>(w[0] >> (8 * (i + 1)));
  const std::uint64_t home = (w[0] >> 8) & ((std::uint64_t{1} << (8 * Points)) - 1);         // points 1..Points
  const std::uint64_t above = (w[0] >> (8 * (Points + 1))) | w[1] | w[2] | (w[3] & 0xFFFF);  // .. 25
  // The sum of the home bytes in four 16-bit lanes (no overflow), then of the lanes.
  constexpr std::uint64_t kEven = 0x00FF00FF00FF00FFull;
  const std::uint64_t lanes = (home & kEven) + ((home >> 8) & kEven);
  const auto n = static_cast<unsigned>(((lanes * 0x0001000100010001ull) >> 48) & 0xFFFF);
  return above == 0 ? n : kNotCovered;
}

}  // namespace bearoff_detail

/// The checkers of `side` in `pos` as a bear-off board of `points` points, or nothing when some
/// checker of that side is on a higher point or on the bar.
template <class V>
[[nodiscard]] constexpr std::optional<BearoffBoard> bearoff_board(const BasicPosition<V>& pos, Side side,
                                                                  int points) noexcept {
  BearoffBoard b{};
  const unsigned n = bearoff_detail::with_points(points, [&](auto p) -> unsigned {
    if constexpr (p() == 0) return bearoff_detail::kNotCovered;
    else return bearoff_detail::read_side<p()>(pos, side, b);
  });
  if (n == bearoff_detail::kNotCovered) return std::nullopt;
  return b;
}

/// Number of checkers on a bear-off board.
[[nodiscard]] constexpr int bearoff_checkers(const BearoffBoard& b) noexcept {
  int n = 0;
  for (const std::uint8_t c : b) n += c;
  return n;
}

namespace bearoff_detail {

/// The distinct positions a roll can leave, in the order in which GNU Backgammon's move generator
/// first reaches them (the order decides which of two plays of equal value it keeps). That
/// generator tries the higher die first, then the lower die first; at each step it moves from the
/// highest point down; after the first step of a double it only moves from the same point or
/// lower; a play is kept when it uses as many dice and pips as any play so far (BG-3.6, BG-3.7;
/// a die that bears off counts its full value), and the list restarts when one uses more.
struct ChildOrder {
  // At most C(4 + 5, 5) = 126 positions: the position a play of a double leaves is fixed by how
  // many of its (up to 4) steps start on each of the 6 points; a non-double's by the points its two
  // dice start from (36), or its single die's point (6).
  std::array<std::uint32_t, 126> ranks{};
  int size = 0;
  int max_steps = 0;
  int max_pips = 0;
  int points = 0;
  std::array<int, 4> dice{};

  // A set of the ranks in the list, for the test of a new one: open addressing over 256 slots
  // (more than twice the largest list), a slot in use when its generation is the current one.
  std::array<std::uint32_t, 256> slot_rank{};
  std::array<std::uint32_t, 256> slot_generation{};
  std::uint32_t generation = 0;

  constexpr void restart() noexcept {
    size = 0;
    if (++generation == 0) {  // wrapped: forget every slot
      slot_generation.fill(0);
      generation = 1;
    }
  }

  constexpr void save(int steps, int pips, const BearoffBoard& b) noexcept {
    if (steps < max_steps || pips < max_pips) return;
    if (steps > max_steps || pips > max_pips) restart();
    max_steps = steps;
    max_pips = pips;
    const std::uint32_t r = bearoff_rank(b, points);
    std::size_t slot = (r * 2654435761u) >> 24;
    while (slot_generation[slot] == generation) {
      if (slot_rank[slot] == r) return;
      slot = (slot + 1) & 255;
    }
    slot_generation[slot] = generation;
    slot_rank[slot] = r;
    ranks[static_cast<std::size_t>(size++)] = r;
  }

  // BG-6.2..6.4: a die bears off from its own point, or from the highest occupied point when it
  // is larger; otherwise it moves a checker down inside the home board (BG-6.3).
  [[nodiscard]] static constexpr bool legal(const BearoffBoard& b, int from, int die) noexcept {
    if (from - die >= 0) return true;
    int back = 0;
    for (int i = kBearoffMaxPoints - 1; i > 0; --i)
      if (b[static_cast<std::size_t>(i)] != 0) {
        back = i;
        break;
      }
    return from == back || from - die == -1;
  }

  // Plays the die of `depth` from every point at or below `top`; true when no die could be played.
  constexpr bool play(int depth, int top, int pips, const BearoffBoard& b) noexcept {
    if (depth > 3 || dice[static_cast<std::size_t>(depth)] == 0) return true;
    const int die = dice[static_cast<std::size_t>(depth)];
    bool used = false;
    for (int i = top; i >= 0; --i) {
      if (b[static_cast<std::size_t>(i)] == 0 || !legal(b, i, die)) continue;
      BearoffBoard n = b;
      --n[static_cast<std::size_t>(i)];
      if (i - die >= 0) ++n[static_cast<std::size_t>(i - die)];
      if (play(depth + 1, dice[0] == dice[1] ? i : points - 1, pips + die, n)) save(depth + 1, pips + die, n);
      used = true;
    }
    return !used;
  }

  constexpr void generate(const BearoffBoard& b, int pts, Dice roll) noexcept {
    points = pts;
    restart();
    max_steps = max_pips = 0;
    const int hi = roll.high(), lo = roll.low();
    dice = {hi, lo, hi == lo ? hi : 0, hi == lo ? hi : 0};
    play(0, points - 1, 0, b);
    if (hi != lo) {
      dice = {lo, hi, 0, 0};
      play(0, points - 1, 0, b);
    }
  }
};

// The expected number of rolls of a distribution in 1/65535 units (GNU Backgammon's criterion).
[[nodiscard]] constexpr std::uint32_t expected_rolls(const std::uint16_t* dist) noexcept {
  std::uint32_t s = 0;
  for (std::uint32_t i = 1; i < 32; ++i) s += i * dist[i];
  return s;
}

// 36 × probabilities (in 1/65535) to 16-bit probabilities: each rounded to nearest, then the
// largest (the first of equal ones) takes the difference, so that they add up to 65535 exactly.
constexpr void round_distribution(const std::array<std::uint32_t, 32>& sum36, std::uint16_t* out) noexcept {
  std::uint32_t total = 0;
  int mode = 0;
  for (int i = 0; i < 32; ++i) {
    out[i] = static_cast<std::uint16_t>((sum36[static_cast<std::size_t>(i)] + 18) / 36);
    total += out[i];
    if (out[i] > out[mode]) mode = i;
  }
  out[mode] = static_cast<std::uint16_t>(out[mode] + 65535u - total);
}

// Runs body(i) for i in [first, last) on `threads` threads (the calling one among them).
template <class F>
void parallel_for(std::size_t first, std::size_t last, unsigned threads, const F& body) {
  if (threads <= 1 || last - first < 64) {
    for (std::size_t i = first; i < last; ++i) body(i);
    return;
  }
  std::atomic<std::size_t> next{first};
  const auto work = [&] {
    for (;;) {
      const std::size_t a = next.fetch_add(16, std::memory_order_relaxed);
      if (a >= last) return;
      const std::size_t b = std::min(a + 16, last);
      for (std::size_t i = a; i < b; ++i) body(i);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
}

}  // namespace bearoff_detail

/// How a database is built.
struct BearoffBuildOptions {
  /// Threads (0: all hardware threads).
  unsigned threads = 1;
  /// Called now and then with (positions done, positions in all), from the calling thread.
  std::function<void(std::size_t, std::size_t)> progress{};
};

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

/// The entry of `board` (up to 15 checkers on points 1..`points`) from the entries of every
/// board of lower index (`lower(rank)` returns the entry of a lower rank, `rolls(rank)` its
/// expected rolls as bearoff_expected_rolls gives them): for each of the 21 rolls, the play that
/// minimises the expected rolls of the position it leaves (and, separately, of the first checker
/// off), the first of equal ones in GNU Backgammon's order; weighted 1/36 for a double and 2/36
/// otherwise, shifted by one roll, then rounded.
template <class Lower, class Rolls>
[[nodiscard]] constexpr BearoffDistribution bearoff_entry(const BearoffBoard& board, int points, const Lower& lower,
                                                          const Rolls& rolls) noexcept {
  BearoffDistribution out;
  const int checkers = bearoff_checkers(board);
  if (checkers == 0) {
    out.off[0] = out.gammon[0] = 65535;
    return out;
  }
  const bool all_on_board = checkers == kBearoffMaxCheckers;
  std::array<std::uint32_t, 32> off{}, gammon{};
  if (!all_on_board) gammon[0] = 65535u * 36u;  // a checker is already off (BG-7)
  bearoff_detail::ChildOrder order;
  for (const Dice roll : kAllRolls) {
    order.generate(board, points, roll);
    std::uint32_t best = 0, best_gammon = 0;
    std::uint32_t best_rolls = 0xFFFFFFFFu, best_gammon_rolls = 0xFFFFFFFFu;
    for (int i = 0; i < order.size; ++i) {
      const std::uint32_t child = order.ranks[static_cast<std::size_t>(i)];
      const std::array<std::uint32_t, 2> r = rolls(child);
      if (r[0] < best_rolls) best_rolls = r[0], best = child;
      if (all_on_board && r[1] < best_gammon_rolls) best_gammon_rolls = r[1], best_gammon = child;
    }
    const std::uint32_t w = roll.is_double() ? 1u : 2u;
    const BearoffDistribution& b = lower(best);
    for (std::size_t n = 0; n + 1 < 32; ++n) off[n + 1] += w * b.off[n];
    if (all_on_board) {
      const BearoffDistribution& g = lower(best_gammon);
      for (std::size_t n = 0; n + 1 < 32; ++n) gammon[n + 1] += w * g.gammon[n];
    }
  }
  bearoff_detail::round_distribution(off, out.off.data());
  bearoff_detail::round_distribution(gammon, out.gammon.data());
  return out;
}

/// The expected rolls to bear off all checkers and the first one, in 1/65535 units, as the
/// choice of play compares them (GNU Backgammon's criterion: from the stored, rounded entry).
[[nodiscard]] constexpr std::array<std::uint32_t, 2> bearoff_expected_rolls(const BearoffDistribution& e) noexcept {
  return {bearoff_detail::expected_rolls(e.off.data()), bearoff_detail::expected_rolls(e.gammon.data())};
}

/// bearoff_entry with the expected rolls computed from the entries `lower` returns.
template <class Lower>
[[nodiscard]] constexpr BearoffDistribution bearoff_entry(const BearoffBoard& board, int points,
                                                          const Lower& lower) noexcept {
  return bearoff_entry(board, points, lower, [&](std::uint32_t r) { return bearoff_expected_rolls(lower(r)); });
}

/// Builds the one-sided database of `points` points (1..6), with its gammon distributions. Every
/// play lowers the pip count, so the positions of one pip count depend only on those of lower
/// counts: each pip count is one parallel step. An Error (out_of_range, where "points") for other
/// points.
[[nodiscard]] inline Result<OneSidedBearoff> build_one_sided_bearoff(int points,
                                                                     const BearoffBuildOptions& options = {}) {
  if (points < 1 || points > 6)
    return make_error(ErrorCode::out_of_range, "1 to 6 points, not " + std::to_string(points), "points");
  const std::uint32_t n = bearoff_positions(points, kBearoffMaxCheckers);
  std::vector<BearoffDistribution> entries(n);
  std::vector<BearoffBoard> boards(n);
  const int max_pips = kBearoffMaxCheckers * points;
  std::vector<std::vector<std::uint32_t>> by_pips(static_cast<std::size_t>(max_pips + 1));
  for (std::uint32_t r = 0; r < n; ++r) {
    boards[r] = bearoff_unrank(r, points, kBearoffMaxCheckers);
    int pips = 0;
    for (int i = 0; i < points; ++i) pips += (i + 1) * boards[r][static_cast<std::size_t>(i)];
    by_pips[static_cast<std::size_t>(pips)].push_back(r);
  }
  const unsigned threads = options.threads == 0 ? std::max(1u, std::thread::hardware_concurrency()) : options.threads;
  std::vector<std::array<std::uint32_t, 2>> expected(n);
  const auto lower = [&](std::uint32_t r) -> const BearoffDistribution& { return entries[r]; };
  const auto rolls = [&](std::uint32_t r) { return expected[r]; };
  std::size_t done = 0;
  for (const auto& level : by_pips) {
    bearoff_detail::parallel_for(0, level.size(), threads, [&](std::size_t i) {
      const std::uint32_t r = level[i];
      entries[r] = bearoff_entry(boards[r], points, lower, rolls);
      expected[r] = bearoff_expected_rolls(entries[r]);
    });
    done += level.size();
    if (options.progress) options.progress(done, n);
  }
  return OneSidedBearoff(points, true, std::move(entries));
}

/// How a one-sided database file is written (GNU Backgammon's `makebearoff -o P` options).
struct OneSidedFileOptions {
  /// Store each distribution from its first to its last non-zero value, behind an index of
  /// offsets (makebearoff's default; its -c turns it off).
  bool compress = true;
  /// Store the gammon distributions (makebearoff's default; its -g turns it off).
  bool gammons = true;
};

namespace bearoff_detail {

inline constexpr std::size_t kHeaderBytes = 40;

inline void put16(std::vector<std::uint8_t>& out, std::uint32_t v) {
  out.push_back(static_cast<std::uint8_t>(v & 0xFF));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xFF));
}

// The 40-byte header: the text, then 'x' up to 39 characters, then a newline.
inline void put_header(std::vector<std::uint8_t>& out, const std::string& text) {
  std::string h = text;
  h.resize(kHeaderBytes - 1, 'x');
  h.push_back('\n');
  out.insert(out.end(), h.begin(), h.end());
}

inline std::string two_digits(int v) {
  return std::string(1, static_cast<char>('0' + v / 10)) + static_cast<char>('0' + v % 10);
}

// First and one-past-last non-zero value of a distribution (a distribution never is all zero).
inline std::pair<std::size_t, std::size_t> nonzero_span(const std::array<std::uint16_t, 32>& d) {
  std::size_t first = 0, last = 32;
  while (first < 32 && d[first] == 0) ++first;
  while (last > first && d[last - 1] == 0) --last;
  if (first == 32) first = last = 0;
  return {first, last};
}

[[nodiscard]] constexpr std::uint32_t get16(const std::uint8_t* p) noexcept {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8;
}

}  // namespace bearoff_detail

/// The file GNU Backgammon's `makebearoff -o P` writes for `db` (options as its -c and -g):
/// a 40-byte header `gnubg-OS-PP-15-G-C-0xxx…\n`, then, uncompressed, each entry's 32 16-bit
/// little-endian probabilities (and its 32 gammon ones); compressed, an index of 8 bytes an
/// entry (6 without gammons: the offset of its first stored value in 16-bit units, 32 bits; the
/// number of values stored and the index of the first, a byte each; the same for the gammon
/// distribution), then the stored values, from the first non-zero one to the last.
/// Precondition: db.has_gammons() when options.gammons.
[[nodiscard]] inline std::vector<std::uint8_t> format_one_sided_bearoff(const OneSidedBearoff& db,
                                                                        OneSidedFileOptions options = {}) {
  using namespace bearoff_detail;
  std::vector<std::uint8_t> out;
  put_header(out, "gnubg-OS-" + two_digits(db.points()) + "-15-" + (options.gammons ? "1" : "0") + "-" +
                      (options.compress ? "1" : "0") + "-0");
  const std::size_t n = db.positions();
  if (!options.compress) {
    for (std::uint32_t r = 0; r < n; ++r) {
      for (const auto v : db.entry(r).off) put16(out, v);
      if (options.gammons)
        for (const auto v : db.entry(r).gammon) put16(out, v);
    }
    return out;
  }
  std::vector<std::uint8_t> data;
  std::uint32_t offset = 0;
  for (std::uint32_t r = 0; r < n; ++r) {
    const auto& e = db.entry(r);
    put16(out, offset & 0xFFFF);
    put16(out, offset >> 16);
    const auto [a, b] = nonzero_span(e.off);
    out.push_back(static_cast<std::uint8_t>(b - a));
    out.push_back(static_cast<std::uint8_t>(a));
    for (std::size_t i = a; i < b; ++i) put16(data, e.off[i]);
    offset += static_cast<std::uint32_t>(b - a);
    if (options.gammons) {
      const auto [ga, gb] = nonzero_span(e.gammon);
      out.push_back(static_cast<std::uint8_t>(gb - ga));
      out.push_back(static_cast<std::uint8_t>(ga));
      for (std::size_t i = ga; i < gb; ++i) put16(data, e.gammon[i]);
      offset += static_cast<std::uint32_t>(gb - ga);
    }
  }
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

/// What a bear-off file's header says.
struct BearoffHeader {
  bool two_sided = false;
  int points = 0;
  int checkers = 0;
  bool gammons = false;     ///< one-sided: gammon distributions stored
  bool compressed = false;  ///< one-sided: compressed
  bool cubeful = false;     ///< two-sided: cubeful equities stored
};

/// Reads the 40-byte header of a GNU Backgammon bear-off file (one- or two-sided). Refuses what
/// this library does not read: other kinds (Hypergammon), normal-distribution approximations,
/// more than 6 points.
[[nodiscard]] inline Result<BearoffHeader> parse_bearoff_header(std::span<const std::uint8_t> file) {
  const auto bad = [](std::string m, std::size_t at = Error::npos, ErrorCode code = ErrorCode::corrupted) {
    return make_error(code, std::move(m), "bear-off header", at);
  };
  if (file.size() < bearoff_detail::kHeaderBytes) return bad("the file is shorter than its 40-byte header");
  const std::string h(file.begin(), file.begin() + 40);
  if (h.compare(0, 6, "gnubg-") != 0) return bad("not a GNU Backgammon database (no 'gnubg-')", 0);
  const auto digit = [&](std::size_t i) { return h[i] >= '0' && h[i] <= '9'; };
  const auto num2 = [&](std::size_t i) { return (h[i] - '0') * 10 + (h[i + 1] - '0'); };
  const auto flag = [&](std::size_t i) -> int { return h[i] == '0' ? 0 : h[i] == '1' ? 1 : -1; };
  if (h[39] != '\n') return bad("the header does not end with a newline at byte 40", 39);
  BearoffHeader r;
  const std::string kind = h.substr(6, 3);
  if (kind == "OS-") {
    if (!digit(9) || !digit(10) || h[11] != '-' || !digit(12) || !digit(13) || h[14] != '-' || h[16] != '-' ||
        h[18] != '-')
      return bad("malformed one-sided header", 9);
    r.points = num2(9);
    r.checkers = num2(12);
    const int g = flag(15), c = flag(17), nd = flag(19);
    if (g < 0 || c < 0 || nd < 0) return bad("the flags must be 0 or 1", 15);
    if (nd == 1) return bad("normal-distribution databases are not read", 19, ErrorCode::unsupported);
    r.gammons = g == 1;
    r.compressed = c == 1;
    if (r.checkers != kBearoffMaxCheckers) return bad("a one-sided database holds 15 checkers", 12);
  } else if (kind == "TS-") {
    if (!digit(9) || !digit(10) || h[11] != '-' || !digit(12) || !digit(13) || h[14] != '-')
      return bad("malformed two-sided header", 9);
    r.two_sided = true;
    r.points = num2(9);
    r.checkers = num2(12);
    const int f = flag(15);
    if (f < 0) return bad("the cubeful flag must be 0 or 1", 15);
    r.cubeful = f == 1;
    if (r.checkers < 1 || r.checkers > kBearoffMaxCheckers) return bad("1 to 15 checkers", 12);
  } else {
    return bad("unknown database kind '" + kind.substr(0, 2) + "' (expected OS or TS)", 6, ErrorCode::unsupported);
  }
  if (r.points < 1 || r.points > kBearoffMaxPoints) return bad("1 to 6 points are read", 9, ErrorCode::unsupported);
  return r;
}

namespace bearoff_detail {
// The header of `file`, refused when it is not of the kind wanted.
[[nodiscard]] inline Result<BearoffHeader> header_of_kind(std::span<const std::uint8_t> file, bool two_sided) {
  auto header = parse_bearoff_header(file);
  if (header && header->two_sided != two_sided)
    return make_error(ErrorCode::usage,
                      two_sided ? "this is a one-sided database, not a two-sided one"
                                : "this is a two-sided database, not a one-sided one",
                      "bear-off file", 6);
  return header;
}
}  // namespace bearoff_detail

/// Reads a one-sided database file (any of makebearoff's four layouts). A file that is not one,
/// is cut short, is longer than its entries, or holds a distribution that is not one (values
/// not adding up to 65535, an index pointing outside the data) is refused; nothing past the end
/// of `file` is read.
[[nodiscard]] inline Result<OneSidedBearoff> parse_one_sided_bearoff(std::span<const std::uint8_t> file) {
  using namespace bearoff_detail;
  const auto header = header_of_kind(file, false);
  if (!header) return header.error();
  const BearoffHeader& h = *header;
  const std::size_t n = bearoff_positions(h.points, kBearoffMaxCheckers);
  const auto bad = [](std::string m, std::size_t at) {
    return make_error(ErrorCode::corrupted, std::move(m), "bear-off file", at);
  };
  const std::uint8_t* p = file.data();
  const std::size_t size = file.size();
  // The size is checked before anything is allocated, so that a short file claiming many entries
  // costs nothing.
  if (size < kHeaderBytes + n * (h.compressed ? (h.gammons ? 8 : 6) : (h.gammons ? 128 : 64)))
    return bad("the file is too short for the " + std::to_string(n) + " entries of its header", size);
  std::vector<BearoffDistribution> entries(n);
  if (!h.compressed) {
    const std::size_t per = h.gammons ? 128 : 64;
    if (size != kHeaderBytes + n * per)
      return bad("expected " + std::to_string(kHeaderBytes + n * per) + " bytes for " + std::to_string(n) +
                     " uncompressed entries, found " + std::to_string(size),
                 std::min(size, kHeaderBytes + n * per));
    for (std::size_t r = 0; r < n; ++r) {
      const std::uint8_t* e = p + kHeaderBytes + r * per;
      for (std::size_t i = 0; i < 32; ++i) entries[r].off[i] = static_cast<std::uint16_t>(get16(e + 2 * i));
      if (h.gammons)
        for (std::size_t i = 0; i < 32; ++i) entries[r].gammon[i] = static_cast<std::uint16_t>(get16(e + 64 + 2 * i));
    }
  } else {
    const std::size_t per = h.gammons ? 8 : 6;
    const std::size_t data = kHeaderBytes + n * per;
    const std::size_t values = (size - data) / 2;
    if ((size - data) % 2 != 0) return bad("the data ends in half a value", size - 1);
    std::size_t expected = 0;  // the next entry's offset: entries are stored in order
    for (std::size_t r = 0; r < n; ++r) {
      const std::uint8_t* e = p + kHeaderBytes + r * per;
      const std::size_t at = kHeaderBytes + r * per;
      const std::size_t offset = get16(e) | static_cast<std::size_t>(get16(e + 2)) << 16;
      if (offset != expected) return bad("entry " + std::to_string(r) + ": offset out of sequence", at);
      const std::size_t parts = h.gammons ? 2 : 1;
      for (std::size_t part = 0; part < parts; ++part) {
        const std::size_t count = e[4 + 2 * part], first = e[5 + 2 * part];
        if (count == 0 || first + count > 32)
          return bad("entry " + std::to_string(r) + ": stored values outside the 32 of a distribution",
                     at + 4 + 2 * part);
        if (expected + count > values)
          return bad("entry " + std::to_string(r) + ": its values run past the end of the file", size);
        auto& d = part == 0 ? entries[r].off : entries[r].gammon;
        for (std::size_t i = 0; i < count; ++i)
          d[first + i] = static_cast<std::uint16_t>(get16(p + data + 2 * (expected + i)));
        expected += count;
      }
    }
    if (expected != values) return bad("the file is longer than its entries", data + 2 * expected);
  }
  for (std::size_t r = 0; r < n; ++r) {
    std::uint32_t s = 0, g = 0;
    for (std::size_t i = 0; i < 32; ++i) s += entries[r].off[i], g += entries[r].gammon[i];
    if (s != 65535 || (h.gammons && g != 65535))
      return bad("entry " + std::to_string(r) + ": its probabilities do not add up to 1", Error::npos);
  }
  return OneSidedBearoff(h.points, h.gammons, std::move(entries));
}

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

/// Builds the two-sided database of `points` (1..6) points and up to `checkers` (1..15) checkers
/// a side, cubeless and cubeful (money, BG-8): for each roll, the play that is best for the
/// player on roll under each cube state (the opponent's cube action after it included), each roll
/// weighted 1/36 or 2/36, in GNU Backgammon's integer arithmetic (so the files agree to the last
/// unit). A play always lowers the mover's index, so the entries of one sum of the two indices
/// depend only on lower sums: each sum is one parallel step. An Error (out_of_range, where
/// "points" or "checkers") for other points or checkers.
[[nodiscard]] inline Result<TwoSidedBearoff> build_two_sided_bearoff(int points, int checkers,
                                                                     const BearoffBuildOptions& options = {}) {
  using namespace bearoff_detail;
  if (points < 1 || points > 6)
    return make_error(ErrorCode::out_of_range, "1 to 6 points, not " + std::to_string(points), "points");
  if (checkers < 1 || checkers > kBearoffMaxCheckers)
    return make_error(ErrorCode::out_of_range, "1 to 15 checkers, not " + std::to_string(checkers), "checkers");
  const std::uint32_t n = bearoff_positions(points, checkers);
  // The positions each roll leaves, in the order of GNU Backgammon's generator (the order does
  // not change a maximum, but it is the one already at hand).
  std::vector<std::uint32_t> first(static_cast<std::size_t>(n) * 21 + 1);
  std::vector<std::uint32_t> child;
  {
    ChildOrder order;
    for (std::uint32_t r = 0; r < n; ++r) {
      const BearoffBoard b = bearoff_unrank(r, points, checkers);
      for (std::size_t k = 0; k < 21; ++k) {
        first[r * 21 + k] = static_cast<std::uint32_t>(child.size());
        if (r == 0) continue;
        order.generate(b, points, kAllRolls[k]);
        child.insert(child.end(), order.ranks.begin(), order.ranks.begin() + order.size);
      }
    }
    first.back() = static_cast<std::uint32_t>(child.size());
  }
  struct Raw {
    std::array<std::int16_t, 4> v;
  };
  std::vector<Raw> e(static_cast<std::size_t>(n) * n);
  const auto at = [&](std::uint32_t mover, std::uint32_t opp) -> Raw& {
    return e[static_cast<std::size_t>(mover) * n + opp];
  };
  for (std::uint32_t o = 0; o < n; ++o) at(0, o).v.fill(static_cast<std::int16_t>(kEquityWon));
  for (std::uint32_t m = 1; m < n; ++m) at(m, 0).v.fill(static_cast<std::int16_t>(kEquityLost));
  const unsigned threads = options.threads == 0 ? std::max(1u, std::thread::hardware_concurrency()) : options.threads;
  std::size_t done = 2 * static_cast<std::size_t>(n) - 1;
  const std::size_t all = static_cast<std::size_t>(n) * n;
  for (std::uint32_t sum = 2; sum + 1 < 2 * n; ++sum) {
    const std::uint32_t lo = sum >= n ? sum - n + 1 : 1;
    const std::uint32_t hi = std::min(sum - 1, n - 1);
    if (lo > hi) continue;
    parallel_for(lo, hi + 1, threads, [&](std::size_t i) {
      const auto mover = static_cast<std::uint32_t>(i), opp = sum - mover;
      std::array<int, 4> total{};
      for (std::size_t k = 0; k < 21; ++k) {
        std::array<int, 4> best{-65535, -65535, -65535, -65535};
        for (std::uint32_t c = first[mover * 21 + k]; c < first[mover * 21 + k + 1]; ++c) {
          // The opponent's view after the play: its equities with it on roll.
          const auto& v = at(opp, child[c]).v;
          best[0] = std::max(best[0], -1 - v[0]);
          best[1] = std::max(best[1], -1 - v[3]);  // we own the cube: the opponent cannot double
          best[2] = std::max(best[2], -1 - cube_value<int>(v[2], v[3], kEquityWon));  // it may double
          best[3] = std::max(best[3], -1 - cube_value<int>(v[1], v[3], kEquityWon));  // it may redouble
        }
        const int w = kAllRolls[k].is_double() ? 1 : 2;
        for (std::size_t j = 0; j < 4; ++j) total[j] += w * best[j];
      }
      Raw& out = at(mover, opp);
      for (std::size_t j = 0; j < 4; ++j) out.v[j] = static_cast<std::int16_t>(total[j] / 36);
    });
    done += hi - lo + 1;
    if (options.progress) options.progress(done, all);
  }
  std::vector<BearoffEquities> entries(e.size());
  for (std::size_t i = 0; i < e.size(); ++i) {
    const auto u = [&](std::size_t j) { return static_cast<std::uint16_t>(e[i].v[j] + 32768); };
    entries[i] = {u(0), u(1), u(2), u(3)};
  }
  return TwoSidedBearoff(points, checkers, true, std::move(entries));
}

/// The file GNU Backgammon's `makebearoff -t PxC` writes for `db` (`cubeful` false: its -C): a
/// 40-byte header `gnubg-TS-PP-CC-F` then 'x' up to a newline, then for every (mover, opponent)
/// pair, mover's index major, its 16-bit little-endian values: cubeless, then (cubeful) owner,
/// centred and opponent-owns. Precondition: db.is_cubeful() when cubeful.
[[nodiscard]] inline std::vector<std::uint8_t> format_two_sided_bearoff(const TwoSidedBearoff& db,
                                                                        bool cubeful = true) {
  using namespace bearoff_detail;
  std::vector<std::uint8_t> out;
  put_header(out,
             "gnubg-TS-" + two_digits(db.points()) + "-" + two_digits(db.checkers()) + "-" + (cubeful ? "1" : "0"));
  const std::uint32_t n = db.side_positions();
  out.reserve(kHeaderBytes + static_cast<std::size_t>(n) * n * (cubeful ? 8 : 2));
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o) {
      const auto& e = db.entry(m, o);
      put16(out, e.cubeless);
      if (cubeful) {
        put16(out, e.owner);
        put16(out, e.centered);
        put16(out, e.opponent_owns);
      }
    }
  return out;
}

/// Reads a two-sided database file (cubeful or not). A file that is not one, or whose size is not
/// exactly that of its entries, is refused; nothing past the end of `file` is read.
[[nodiscard]] inline Result<TwoSidedBearoff> parse_two_sided_bearoff(std::span<const std::uint8_t> file) {
  using namespace bearoff_detail;
  const auto header = header_of_kind(file, true);
  if (!header) return header.error();
  const BearoffHeader& h = *header;
  const std::uint32_t n = bearoff_positions(h.points, h.checkers);
  const std::size_t per = h.cubeful ? 8 : 2;
  const std::size_t expected = kHeaderBytes + static_cast<std::size_t>(n) * n * per;
  if (file.size() != expected)
    return make_error(ErrorCode::corrupted,
                      "expected " + std::to_string(expected) + " bytes for " + std::to_string(n) + " x " +
                          std::to_string(n) + " entries, found " + std::to_string(file.size()),
                      "bear-off file", std::min(file.size(), expected));
  std::vector<BearoffEquities> entries(static_cast<std::size_t>(n) * n);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::uint8_t* p = file.data() + kHeaderBytes + i * per;
    entries[i].cubeless = static_cast<std::uint16_t>(get16(p));
    if (h.cubeful) {
      entries[i].owner = static_cast<std::uint16_t>(get16(p + 2));
      entries[i].centered = static_cast<std::uint16_t>(get16(p + 4));
      entries[i].opponent_owns = static_cast<std::uint16_t>(get16(p + 6));
    }
  }
  return TwoSidedBearoff(h.points, h.checkers, h.cubeful, std::move(entries));
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
