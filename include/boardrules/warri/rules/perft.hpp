#pragma once
/// \file
/// perft for Warri (docs/rules/warri.md, Perft): the number of move sequences of a given length.

#include "boardrules/core/config.hpp"

#include <cstdint>

#include "boardrules/core/dispatch.hpp"
#include "boardrules/core/leaves.hpp"
#include "boardrules/warri/detail/dispatch.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// perft(p, depth): 1 at depth 0, else the sum of perft(child, depth - 1) over the legal moves; a
/// finished game (WA-4.1, WA-4.2) adds 0 at depth >= 1. Cycling (WA-4.3) plays no part. `leaves`
/// says how the last ply is counted (the result is the same): Count may use any exact shortcut,
/// List adds the size of the move list, Make applies every leaf move.
/// The kernel: AVX-512 BW+VBMI, else AVX2, else SSE2 (GCC and Clang on x86-64 only), else portable
/// C++ (also used in constant evaluation, for GrandSlam::Illegal, and everywhere when
/// BOARDRULES_NO_SIMD is defined), of the unit's level, or in a unit that dispatches of the level
/// chosen at run time (core/dispatch.hpp). Positions with more than 48 seeds in all take a
/// byte-by-byte path.
template <class R>
[[nodiscard]] constexpr std::uint64_t perft(const BasicPosition<R>& p, int depth,
                                            Leaves leaves = Leaves::Count) noexcept {
  if (depth <= 0) return 1;
  return BOARDRULES_KERNEL(detail::kernels<R>(), perft, detail::perft_entry<R>)(p, depth, leaves);
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
