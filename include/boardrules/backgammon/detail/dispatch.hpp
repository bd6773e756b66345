#pragma once
/// \file
/// The backgammon kernels of a unit (kernels.hpp) at its own level and, in a unit that
/// dispatches (core/dispatch.hpp), at each level above, with the table through which the entry
/// points (generate_plays, generate_packed_plays, perft, perft_roll) call the kernels of the
/// level chosen at run time. The table is chosen at the first call of an entry point (its
/// functions choose, store the table of the level and call it); every call after that is one
/// load and an indirect call. Not part of the API.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/detail/kernels.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/dispatch.hpp"
#include "boardrules/core/leaves.hpp"

#if BOARDRULES_DISPATCHING
#include <atomic>  // current_kernels

// The kernels of the levels above the unit's, in isa_<unit>_dispatch::isa_<level>; the macros
// the kernel headers define for each level are the unit's own again afterwards.
#pragma push_macro("BOARDRULES_BG_SSE2")
#pragma push_macro("BOARDRULES_BG_AVX2")
#pragma push_macro("BOARDRULES_BG_AVX512")
#pragma push_macro("BOARDRULES_BG_APPLY_AVX2")
#pragma push_macro("BOARDRULES_BG_WRITERS_AVX2")
#pragma push_macro("BOARDRULES_BG_WRITERS_AVX512")
#pragma push_macro("BOARDRULES_BG_SIMD_WRITERS")
#define BOARDRULES_KERNELS "boardrules/backgammon/detail/kernels.hpp"
#include "boardrules/core/dispatch_passes.hpp"
#undef BOARDRULES_KERNELS
#pragma pop_macro("BOARDRULES_BG_SIMD_WRITERS")
#pragma pop_macro("BOARDRULES_BG_WRITERS_AVX512")
#pragma pop_macro("BOARDRULES_BG_WRITERS_AVX2")
#pragma pop_macro("BOARDRULES_BG_APPLY_AVX2")
#pragma pop_macro("BOARDRULES_BG_AVX512")
#pragma pop_macro("BOARDRULES_BG_AVX2")
#pragma pop_macro("BOARDRULES_BG_SSE2")

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

/// The kernels of one level, for positions of variant V (perft.hpp).
template <class V>
struct KernelTable {
  SimdLevel (*level)() noexcept;
  std::size_t (*plays)(const Bytes&, Dice, Play*) noexcept;
  std::size_t (*packed_plays)(const Bytes&, Dice, PackedPlay*) noexcept;
  std::uint64_t (*perft)(const BasicPosition<V>&, int, Leaves) noexcept;
  std::uint64_t (*perft_roll)(const BasicPosition<V>&, Dice, int, Leaves) noexcept;
};

#define BOARDRULES_BG_KERNEL_TABLE(ns)                                                                        \
  KernelTable<V> {                                                                                            \
    &ns::kernel_level, &ns::roll_plays, &ns::roll_packed_plays, &ns::perft_entry<V>, &ns::perft_roll_entry<V> \
  }
template <class V>
inline constexpr KernelTable<V> kUnitKernels = BOARDRULES_BG_KERNEL_TABLE(detail);
#if BOARDRULES_ISA_TARGET_ < BOARDRULES_SIMD_AVX2
static_assert(isa_avx2::detail::kernel_level() == SimdLevel::AVX2);
template <class V>
inline constexpr KernelTable<V> kAvx2Kernels = BOARDRULES_BG_KERNEL_TABLE(isa_avx2::detail);
#endif
static_assert(isa_avx512vbmi2::detail::kernel_level() == SimdLevel::AVX512VBMI2);
template <class V>
inline constexpr KernelTable<V> kAvx512Kernels = BOARDRULES_BG_KERNEL_TABLE(isa_avx512vbmi2::detail);
#undef BOARDRULES_BG_KERNEL_TABLE

template <class V>
const KernelTable<V>* choose_kernels() noexcept;

// The table before the first call: each function chooses the level's table, stores it and calls
// its function.
template <class V>
SimdLevel level_first() noexcept {
  return choose_kernels<V>()->level();
}
template <class V>
std::size_t plays_first(const Bytes& b, Dice dice, Play* out) noexcept {
  return choose_kernels<V>()->plays(b, dice, out);
}
template <class V>
std::size_t packed_plays_first(const Bytes& b, Dice dice, PackedPlay* out) noexcept {
  return choose_kernels<V>()->packed_plays(b, dice, out);
}
template <class V>
std::uint64_t perft_first(const BasicPosition<V>& pos, int depth, Leaves leaves) noexcept {
  return choose_kernels<V>()->perft(pos, depth, leaves);
}
template <class V>
std::uint64_t perft_roll_first(const BasicPosition<V>& pos, Dice dice, int depth, Leaves leaves) noexcept {
  return choose_kernels<V>()->perft_roll(pos, dice, depth, leaves);
}
template <class V>
inline constexpr KernelTable<V> kFirstCall{&level_first<V>, &plays_first<V>, &packed_plays_first<V>, &perft_first<V>,
                                           &perft_roll_first<V>};

/// The table the entry points call: kFirstCall until the first call has chosen.
template <class V>
inline std::atomic<const KernelTable<V>*> current_kernels{&kFirstCall<V>};

template <class V>
const KernelTable<V>* choose_kernels() noexcept {
#if BOARDRULES_ISA_TARGET_ < BOARDRULES_SIMD_AVX2
  const KernelTable<V>* avx2 = &kAvx2Kernels<V>;
#else
  const KernelTable<V>* avx2 = nullptr;
#endif
  return dispatch_detail::store_choice(current_kernels<V>, &kUnitKernels<V>, avx2, &kAvx512Kernels<V>);
}

/// The kernels of the level chosen at run time.
template <class V>
const KernelTable<V>& kernels() noexcept {
  return *current_kernels<V>.load(std::memory_order_relaxed);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail
#endif
