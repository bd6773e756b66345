#pragma once
/// \file
/// perft for Warri (docs/rules/warri.md, Perft): the number of move sequences of a given length.

#include "boardrules/core/config.hpp"

#include <bit>
#include <cstdint>
#include <type_traits>

#include "boardrules/core/leaves.hpp"
#include "boardrules/warri/detail/avx2.hpp"
#include "boardrules/warri/detail/avx512.hpp"
#include "boardrules/warri/detail/perft.hpp"
#include "boardrules/warri/detail/plain.hpp"
#include "boardrules/warri/detail/simd.hpp"
#include "boardrules/warri/detail/sse2.hpp"
#include "boardrules/warri/detail/swar.hpp"
#include "boardrules/warri/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {

template <class R>
constexpr std::uint64_t perft_plain(const Bytes& b, int depth, Leaves leaves) noexcept {
  if (depth <= 0) return 1;
  unsigned mask = legal_mask<R>(b);
  if (depth == 1 && leaves != Leaves::Make) return static_cast<std::uint64_t>(std::popcount(mask));
  const int start = mover_start(b);
  std::uint64_t n = 0;
  while (mask != 0) {
    const int i = std::countr_zero(mask);
    mask &= mask - 1;
    n += perft_plain<R>(apply<R>(b, start + i), depth - 1, leaves);
  }
  return n;
}

/// The kernel of the widest instruction set the compiler targets (detail/simd.hpp).
#if defined(BOARDRULES_WARRI_AVX512)
using FastKernel = avx512::Kernel;
#elif defined(BOARDRULES_WARRI_AVX2)
using FastKernel = avx2::Kernel;
#elif defined(BOARDRULES_WARRI_SSE2)
using FastKernel = sse2::Kernel;
#else
using FastKernel = swar::Kernel;
#endif

/// The kernel of perft under rules R: FastKernel, except the portable one for
/// GrandSlam::Illegal, whose move lists drop the grand slams (WA-3.4) where the SIMD kernels
/// count a child's moves from its row alone.
template <class R>
using KernelFor = std::conditional_t<R::grand_slam == GrandSlam::Illegal, swar::Kernel, FastKernel>;

}  // namespace detail

/// perft(p, depth): 1 at depth 0, else the sum of perft(child, depth - 1) over the legal moves; a
/// finished game (WA-4.1, WA-4.2) adds 0 at depth >= 1. Cycling (WA-4.3) plays no part. `leaves`
/// says how the last ply is counted (the result is the same): Count may use any exact shortcut,
/// List adds the size of the move list, Make applies every leaf move.
/// The kernel is chosen at compile time: AVX-512 BW+VBMI, else AVX2, else SSE2 (GCC and Clang on
/// x86-64 only), else portable C++ (also used in constant evaluation, for GrandSlam::Illegal, and
/// everywhere when BOARDRULES_NO_SIMD is defined). Positions with more than 48 seeds in all take a byte-by-byte path.
template <class R>
[[nodiscard]] constexpr std::uint64_t perft(const BasicPosition<R>& p, int depth,
                                            Leaves leaves = Leaves::Count) noexcept {
  if (depth <= 0) return 1;
  if (!detail::swar::fits(p.bytes())) return detail::perft_plain<R>(p.bytes(), depth, leaves);
  const detail::swar::Node node = detail::swar::to_node(p.bytes());
  using Kernel = detail::KernelFor<R>;
  if (!std::is_constant_evaluated() && (leaves == Leaves::Count || !Kernel::count_only))
    return detail::perft_nodes<Kernel, R>(node, depth, leaves);
  return detail::perft_nodes<detail::swar::Kernel, R>(node, depth, leaves);
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
