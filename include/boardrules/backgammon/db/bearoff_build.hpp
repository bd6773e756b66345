#pragma once
/// \file
/// Building the bear-off databases (bearoff_tables.hpp) as GNU Backgammon's `makebearoff` does,
/// unit for unit: the same choice of play (the play that minimises the expected number of rolls
/// as the stored, rounded distributions give it; among plays that tie, the first in GNU
/// Backgammon's order of generation, ChildOrder), the same fixed-point rounding, the same integer
/// arithmetic for the two-sided equities. Each is built level by level (a play always lowers an
/// index), the positions of a level on several threads.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "boardrules/backgammon/db/bearoff_index.hpp"
#include "boardrules/backgammon/db/bearoff_tables.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

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

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
