/// \file
/// The Warri kernels: every header whose code depends on the SIMD level (the portable, SWAR, SSE2,
/// AVX2 and AVX-512 cores and perft's recursion, with perft's kernel in perft.hpp). A unit includes
/// them once for its own level; a unit that dispatches includes this file again for each level
/// above (core/dispatch_passes.hpp, with BOARDRULES_KERNEL_PASS defined), which is why it has no
/// include guard and opens its headers' guards again. The kernels call only each other, the
/// neutral types and the unit's code with no SIMD path (Leaves). Not part of the API.

#include "boardrules/core/config.hpp"

#ifdef BOARDRULES_KERNEL_PASS
#undef BOARDRULES_WARRI_DETAIL_SIMD_HPP_
#undef BOARDRULES_WARRI_DETAIL_PLAIN_HPP_
#undef BOARDRULES_WARRI_DETAIL_SWAR_HPP_
#undef BOARDRULES_WARRI_DETAIL_SSE2_HPP_
#undef BOARDRULES_WARRI_DETAIL_AVX2_HPP_
#undef BOARDRULES_WARRI_DETAIL_AVX512_HPP_
#undef BOARDRULES_WARRI_DETAIL_PERFT_HPP_
#endif

#include "boardrules/warri/detail/avx2.hpp"
#include "boardrules/warri/detail/avx512.hpp"
#include "boardrules/warri/detail/perft.hpp"
#include "boardrules/warri/detail/plain.hpp"
#include "boardrules/warri/detail/simd.hpp"
#include "boardrules/warri/detail/sse2.hpp"
#include "boardrules/warri/detail/swar.hpp"

// Each level compiles exactly its own kernel (core/config.hpp, SimdLevel; x86-64 only).
#if defined(__x86_64__) && (defined(BOARDRULES_WARRI_SSE2) != (BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_SSE2) ||     \
                            defined(BOARDRULES_WARRI_AVX2) != (BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_AVX2 ||      \
                                                               BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_AVX512BW) || \
                            defined(BOARDRULES_WARRI_AVX512) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI))
#error "the Warri kernels do not match BOARDRULES_SIMD_LEVEL"
#endif
