#pragma once
/// \file
/// Backgammon perft (the Perft section of docs/rules/backgammon.md) on several threads with a shared transposition
/// table: perft_parallel and perft_parallel_divide. Same counts as perft() in perft.hpp.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/backgammon/values/position_key.hpp"
#include "boardrules/perft/runner.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The runner's policy for backgammon (see perft_detail::PerftWorker in perft/runner.hpp).
template <class V>
struct PerftGame {
  using Node = BasicPosition<V>;

  /// One play list per remaining depth (a PlayList is about 30 KB: made once per thread).
  struct Scratch {
    explicit Scratch(int max_depth) : lists(static_cast<std::size_t>(max_depth) + 1) {}
    std::vector<PlayList> lists;
  };

  /// The library's perft counts the nodes of depth 2 or less (it counts the last two plies by
  /// formula); the table holds the nodes from depth 2 up (from the start, 20% of the nodes two
  /// plies down are repeats: 163,706 distinct of 202,782).
  static constexpr int kTableMinDepth = 2;
  static constexpr int kBaseMaxDepth = 2;

  [[nodiscard]] static std::uint64_t base(const Node& pos, int depth, Leaves leaves) noexcept {
    return perft(pos, depth, leaves);
  }

  /// The 10-byte Position ID key (exact for positions that keep the invariants: the borne-off
  /// counts follow from the rest), the remaining depth in byte 10.
  [[nodiscard]] static PerftKey key(const Node& pos, int depth) noexcept {
    const PositionKey k = position_key(pos);
    PerftKey r;
    for (std::size_t i = 0; i < 8; ++i) r.lo |= std::uint64_t{k[i]} << (8 * i);
    r.hi = std::uint64_t{k[8]} | std::uint64_t{k[9]} << 8 | static_cast<std::uint64_t>(depth) << 16;
    return r;
  }

  /// The children of the Perft section of docs/rules/backgammon.md, f(child, roll index in kAllRolls): for each of
  /// the 21 rolls, each distinct play (the child flipped to the side to move next), or the pass
  /// child pos.flipped() when the roll has no play. None when the game is over.
  template <class F>
  static void children(const Node& pos, int depth, Scratch& scratch, F&& f) noexcept {
    if (game_over(pos)) return;
    PlayList& list = scratch.lists[static_cast<std::size_t>(depth)];
    for (std::uint32_t r = 0; r < kAllRolls.size(); ++r) {
      generate_plays(pos, kAllRolls[r], list);
      if (list.empty()) f(pos.flipped(), r);
      for (const Play& play : list) f(apply(pos, play).flipped(), r);
    }
  }
};

/// perft(pos, depth, leaves) over options.threads threads (0: all hardware threads) with a
/// transposition table of options.hash_mb MiB (0: none), or the caller's `table` when not null.
/// The same count as perft(); allocates the table, the jobs and the threads' scratch before
/// counting (may throw std::bad_alloc, std::system_error). Precondition: is_playable(pos), as
/// for perft().
template <class V>
[[nodiscard]] std::uint64_t perft_parallel(const BasicPosition<V>& pos, int depth, Leaves leaves,
                                           const PerftOptions& options, PerftTable* table = nullptr) {
  if (depth <= 0) return 1;
  std::uint64_t n = 0;
  for (const std::uint64_t x : perft_run<PerftGame<V>>(pos, depth, leaves, options, kAllRolls.size(), table)) n += x;
  return n;
}

/// perft_roll(pos, dice, depth, leaves) for each roll of kAllRolls, in that order, counted as in
/// perft_parallel. Preconditions: depth >= 1; is_playable(pos).
template <class V>
[[nodiscard]] std::array<std::uint64_t, 21> perft_parallel_divide(const BasicPosition<V>& pos, int depth, Leaves leaves,
                                                                  const PerftOptions& options,
                                                                  PerftTable* table = nullptr) {
  const std::vector<std::uint64_t> v = perft_run<PerftGame<V>>(pos, depth, leaves, options, kAllRolls.size(), table);
  std::array<std::uint64_t, 21> r{};
  for (std::size_t i = 0; i < r.size(); ++i) r[i] = v[i];
  return r;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
