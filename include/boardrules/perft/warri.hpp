#pragma once
/// \file
/// Warri perft (the Perft section of docs/rules/warri.md) on several threads with a shared transposition table:
/// perft_parallel and perft_parallel_divide. Same counts as perft() in perft.hpp.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "boardrules/perft/runner.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/perft.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// The runner's policy for Warri (see perft_detail::PerftWorker in perft/runner.hpp).
template <class R>
struct PerftGame {
  using Node = BasicPosition<R>;

  struct Scratch {  // a move list is 7 bytes: each node keeps its own on the stack
    explicit Scratch(int) noexcept {}
  };

  /// The table holds the nodes from this depth up; below it the library's perft counts (its
  /// SIMD core does a small subtree faster than the table can look it up).
  static constexpr int kTableMinDepth = 7;
  static constexpr int kBaseMaxDepth = kTableMinDepth;

  [[nodiscard]] static std::uint64_t base(const Node& p, int depth, Leaves leaves) noexcept {
    return perft(p, depth, leaves);
  }

  /// The whole 16-byte position (12 houses, 2 stores, side to move; byte 15 is always 0) with the
  /// remaining depth in byte 15.
  [[nodiscard]] static PerftKey key(const Node& p, int depth) noexcept {
    PerftKey r;
    for (std::size_t i = 0; i < 8; ++i) {
      r.lo |= std::uint64_t{p.bytes()[i]} << (8 * i);
      r.hi |= std::uint64_t{p.bytes()[8 + i]} << (8 * i);
    }
    r.hi |= static_cast<std::uint64_t>(depth & 0xFF) << 56;
    return r;
  }

  /// f(child, index in the legal move list) for each legal move; none when the game is over.
  template <class F>
  static void children(const Node& p, int, Scratch&, F&& f) noexcept {
    MoveList moves;
    generate_moves(p, moves);
    for (std::uint32_t i = 0; i < moves.size(); ++i) f(apply(p, moves[i]), i);
  }
};

/// perft(p, depth, leaves) over options.threads threads (0: all hardware threads) with a
/// transposition table of options.hash_mb MiB (0: none), or the caller's `table` when not null.
/// The same count as perft(); allocates the table, the jobs and the threads' scratch before
/// counting (may throw std::bad_alloc, std::system_error). Precondition: depth < 256.
template <class R>
[[nodiscard]] std::uint64_t perft_parallel(const BasicPosition<R>& p, int depth, Leaves leaves,
                                           const PerftOptions& options, PerftTable* table = nullptr) {
  if (depth <= 0) return 1;
  std::uint64_t n = 0;
  for (const std::uint64_t x : perft_run<PerftGame<R>>(p, depth, leaves, options, kMaxMoves, table)) n += x;
  return n;
}

/// perft(apply(p, m), depth - 1, leaves) for each legal move m of p, in the order of
/// generate_moves, counted as in perft_parallel. Precondition: 1 <= depth < 256.
template <class R>
[[nodiscard]] std::vector<std::uint64_t> perft_parallel_divide(const BasicPosition<R>& p, int depth, Leaves leaves,
                                                               const PerftOptions& options,
                                                               PerftTable* table = nullptr) {
  MoveList moves;
  generate_moves(p, moves);
  std::vector<std::uint64_t> r = perft_run<PerftGame<R>>(p, depth, leaves, options, kMaxMoves, table);
  r.resize(moves.size());
  return r;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
