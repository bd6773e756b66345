// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_WARRI_DETAIL_PERFT_HPP_
#define BOARDRULES_WARRI_DETAIL_PERFT_HPP_
/// \file
/// The perft recursion of the fast Warri cores, written once over a kernel K (detail/swar.hpp,
/// sse2.hpp, avx2.hpp, avx512.hpp). A kernel provides:
///   K::Children<R>(p)          the children of node p, built one at a time or all six at once;
///     .child(lane)             the child after the mover sows `lane`, seen from the next mover;
///     .list_sizes(moves)       the sum of the children's move-list sizes (perft 2, Leaves::List);
///   K::make_leaves<R>(p, m)    builds the children `m` and keeps them (perft 1, Leaves::Make);
///   K::count2<R>(p, m)         perft(p, 2) from the children `m` without building grandchildren;
///   K::count_only              true when only Leaves::Count should use K (perft_entry then
///                              takes the portable kernel for List and Make).
/// Moves are masks of 0x80 lanes (swar::legal). Also the kernel of warri/rules/perft.hpp's perft,
/// perft_entry, which a unit calls directly or, when it dispatches, through the table of the
/// level chosen at run time (detail/dispatch.hpp). Not part of the API.

#include "boardrules/core/config.hpp"

#include <bit>
#include <cstdint>
#include <type_traits>

#include "boardrules/core/leaves.hpp"
#include "boardrules/warri/detail/avx2.hpp"
#include "boardrules/warri/detail/avx512.hpp"
#include "boardrules/warri/detail/plain.hpp"
#include "boardrules/warri/detail/simd.hpp"
#include "boardrules/warri/detail/sse2.hpp"
#include "boardrules/warri/detail/swar.hpp"
#include "boardrules/warri/values/position.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail {

/// perft(p, depth) for depth >= 1 (see warri/rules/perft.hpp) with kernel K. The last two plies take
/// the kernel's shortcuts: Count counts the grandchildren's moves from the children's rows
/// (count2), List sums the children's move lists, Make builds every leaf.
template <class K, class R>
constexpr std::uint64_t perft_nodes(const swar::Node& p, int depth, Leaves leaves) noexcept {
  swar::u64 moves = swar::legal<R>(p);
  if (depth == 1) {
    if (leaves == Leaves::Make && moves != 0) K::template make_leaves<R>(p, moves);
    return static_cast<std::uint64_t>(swar::count_lanes(moves));
  }
  if (moves == 0) return 0;
  if (depth == 2 && leaves == Leaves::Count) return K::template count2<R>(p, moves);
  const typename K::template Children<R> children(p);
  if (depth == 2 && leaves == Leaves::List) return children.list_sizes(moves);
  std::uint64_t n = 0;
  if (depth == 3 && leaves == Leaves::Count) {
    for (; moves != 0; moves &= moves - 1) {
      const swar::Node c = children.child(std::countr_zero(moves) >> 3);
      const swar::u64 cm = swar::legal<R>(c);
      if (cm != 0) n += K::template count2<R>(c, cm);
    }
    return n;
  }
  for (; moves != 0; moves &= moves - 1)
    n += perft_nodes<K, R>(children.child(std::countr_zero(moves) >> 3), depth - 1, leaves);
  return n;
}

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

/// The level this copy of the kernels is compiled at (each level's copy its own).
[[nodiscard]] constexpr SimdLevel kernel_level() noexcept { return static_cast<SimdLevel>(BOARDRULES_SIMD_LEVEL); }

/// perft's kernel (warri/rules/perft.hpp). Depth >= 1.
template <class R>
constexpr std::uint64_t perft_entry(const BasicPosition<R>& p, int depth, Leaves leaves) noexcept {
  if (!swar::fits(p.bytes())) return perft_plain<R>(p.bytes(), depth, leaves);
  const swar::Node node = swar::to_node(p.bytes());
  using Kernel = KernelFor<R>;
  if (!std::is_constant_evaluated() && (leaves == Leaves::Count || !Kernel::count_only))
    return perft_nodes<Kernel, R>(node, depth, leaves);
  return perft_nodes<swar::Kernel, R>(node, depth, leaves);
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_WARRI_DETAIL_PERFT_HPP_
