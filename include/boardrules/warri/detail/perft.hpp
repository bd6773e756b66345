#pragma once
/// \file
/// The perft recursion of the fast Warri cores, written once over a kernel K (detail/swar.hpp,
/// sse2.hpp, avx2.hpp, avx512.hpp). A kernel provides:
///   K::Children<R>(p)          the children of node p, built one at a time or all six at once;
///     .child(lane)             the child after the mover sows `lane`, seen from the next mover;
///     .list_sizes(moves)       the sum of the children's move-list sizes (perft 2, Leaves::List);
///   K::make_leaves<R>(p, m)    builds the children `m` and keeps them (perft 1, Leaves::Make);
///   K::count2<R>(p, m)         perft(p, 2) from the children `m` without building grandchildren;
///   K::count_only              true when only Leaves::Count should use K (warri/perft.hpp then
///                              takes the portable kernel for List and Make).
/// Moves are masks of 0x80 lanes (swar::legal). Not part of the API.

#include "boardrules/core/config.hpp"

#include <bit>
#include <cstdint>

#include "boardrules/core/leaves.hpp"
#include "boardrules/warri/detail/swar.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail {

/// perft(p, depth) for depth >= 1 (see warri/perft.hpp) with kernel K. The last two plies take
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

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail
