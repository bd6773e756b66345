#pragma once
/// \file
/// The Warri kernels of a unit (kernels.hpp) at its own level and, in a unit that dispatches
/// (core/dispatch.hpp), at each level above, with the table through which perft calls the kernel
/// of the level chosen at run time: chosen at the first call (the function of the first table
/// chooses, stores the table of the level and calls it), then one load and an indirect call.
/// Not part of the API.

#include "boardrules/core/config.hpp"

#include <cstdint>

#include "boardrules/core/dispatch.hpp"
#include "boardrules/core/leaves.hpp"
#include "boardrules/warri/detail/kernels.hpp"
#include "boardrules/warri/values/position.hpp"

#if BOARDRULES_DISPATCHING
#include <atomic>  // current_kernels

// The kernels of the levels above the unit's, in isa_<unit>_dispatch::isa_<level>; the macros
// the kernel headers define for each level are the unit's own again afterwards.
#pragma push_macro("BOARDRULES_WARRI_SSE2")
#pragma push_macro("BOARDRULES_WARRI_AVX2")
#pragma push_macro("BOARDRULES_WARRI_AVX512")
#define BOARDRULES_KERNELS "boardrules/warri/detail/kernels.hpp"
#include "boardrules/core/dispatch_passes.hpp"
#undef BOARDRULES_KERNELS
#pragma pop_macro("BOARDRULES_WARRI_AVX512")
#pragma pop_macro("BOARDRULES_WARRI_AVX2")
#pragma pop_macro("BOARDRULES_WARRI_SSE2")

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail {

/// The kernels of one level, for positions under rules R (perft.hpp).
template <class R>
struct KernelTable {
  SimdLevel (*level)() noexcept;
  std::uint64_t (*perft)(const BasicPosition<R>&, int, Leaves) noexcept;
};

template <class R>
inline constexpr KernelTable<R> kUnitKernels{&kernel_level, &perft_entry<R>};
#if BOARDRULES_ISA_TARGET_ < BOARDRULES_SIMD_AVX2
static_assert(isa_avx2::detail::kernel_level() == SimdLevel::AVX2);
template <class R>
inline constexpr KernelTable<R> kAvx2Kernels{&isa_avx2::detail::kernel_level, &isa_avx2::detail::perft_entry<R>};
#endif
static_assert(isa_avx512vbmi2::detail::kernel_level() == SimdLevel::AVX512VBMI2);
template <class R>
inline constexpr KernelTable<R> kAvx512Kernels{&isa_avx512vbmi2::detail::kernel_level,
                                               &isa_avx512vbmi2::detail::perft_entry<R>};

template <class R>
const KernelTable<R>* choose_kernels() noexcept;

// The table before the first call: each function chooses the level's table, stores it and calls
// its function.
template <class R>
SimdLevel level_first() noexcept {
  return choose_kernels<R>()->level();
}
template <class R>
std::uint64_t perft_first(const BasicPosition<R>& p, int depth, Leaves leaves) noexcept {
  return choose_kernels<R>()->perft(p, depth, leaves);
}
template <class R>
inline constexpr KernelTable<R> kFirstCall{&level_first<R>, &perft_first<R>};

/// The table perft calls: kFirstCall until the first call has chosen.
template <class R>
inline std::atomic<const KernelTable<R>*> current_kernels{&kFirstCall<R>};

template <class R>
const KernelTable<R>* choose_kernels() noexcept {
#if BOARDRULES_ISA_TARGET_ < BOARDRULES_SIMD_AVX2
  const KernelTable<R>* avx2 = &kAvx2Kernels<R>;
#else
  const KernelTable<R>* avx2 = nullptr;
#endif
  return dispatch_detail::store_choice(current_kernels<R>, &kUnitKernels<R>, avx2, &kAvx512Kernels<R>);
}

/// The kernels of the level chosen at run time.
template <class R>
const KernelTable<R>& kernels() noexcept {
  return *current_kernels<R>.load(std::memory_order_relaxed);
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail
#endif
