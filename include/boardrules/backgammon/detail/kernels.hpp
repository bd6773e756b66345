/// \file
/// The backgammon kernels: every header whose code depends on the SIMD level (the masks, the
/// play writers, the generator, the counting, apply_flipped, and perft's recursion, with the
/// entry points' kernels in perft.hpp). A unit includes them once for its own level; a unit that
/// dispatches includes this file again for each level above (core/dispatch_passes.hpp, with
/// BOARDRULES_KERNEL_PASS defined), which is why it has no include guard and opens its headers'
/// guards again. The kernels call only each other, the neutral types and the unit's code with no
/// SIMD path (Leaves, keep_observable): nothing here may call a rules function such as apply_flipped,
/// which would run at the unit's level. Not part of the API.

#include "boardrules/core/config.hpp"

#ifdef BOARDRULES_KERNEL_PASS
#undef BOARDRULES_BACKGAMMON_DETAIL_MASKS_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_WRITERS_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX2_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX512_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_GENERATE_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_COUNT_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_APPLY_AVX2_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_APPLY_HPP_
#undef BOARDRULES_BACKGAMMON_DETAIL_PERFT_HPP_
#endif

#include "boardrules/backgammon/detail/apply.hpp"
#include "boardrules/backgammon/detail/apply_avx2.hpp"
#include "boardrules/backgammon/detail/count.hpp"
#include "boardrules/backgammon/detail/generate.hpp"
#include "boardrules/backgammon/detail/masks.hpp"
#include "boardrules/backgammon/detail/perft.hpp"
#include "boardrules/backgammon/detail/writers.hpp"
#include "boardrules/backgammon/detail/writers_avx2.hpp"
#include "boardrules/backgammon/detail/writers_avx512.hpp"

// Each level compiles exactly its own paths (core/config.hpp, SimdLevel).
#if defined(BOARDRULES_BG_SSE2) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_SSE2) ||                             \
    defined(BOARDRULES_BG_AVX2) != (BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_AVX2) ||                             \
    defined(BOARDRULES_BG_AVX512) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512BW) ||                       \
    defined(BOARDRULES_BG_APPLY_AVX2) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2) ||                       \
    defined(BOARDRULES_BG_WRITERS_AVX2) !=                                                                        \
        (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2 && BOARDRULES_SIMD_LEVEL < BOARDRULES_SIMD_AVX512VBMI2) || \
    defined(BOARDRULES_BG_WRITERS_AVX512) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI2)
#error "the backgammon kernels' paths do not match BOARDRULES_SIMD_LEVEL"
#endif
