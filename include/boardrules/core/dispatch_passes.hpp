/// \file
/// The kernel passes of a dispatching unit (core/dispatch.hpp): includes the header
/// BOARDRULES_KERNELS (a game's kernel set, e.g. "boardrules/backgammon/detail/kernels.hpp") once
/// more for each level above the unit's own, inside that level's target region, with
/// BOARDRULES_SIMD_LEVEL set to the level and BOARDRULES_ISA_NAMESPACE to
/// `<the unit's tag>::isa_<level>`, so that the kernel headers, unchanged, open
/// `namespace boardrules::<game>::inline isa_sse2_dispatch::isa_avx2::detail`: a namespace nested
/// in the unit's (not inline: users and the unit's own code never see its names) whose code only
/// calls its own kernels, the neutral types and, for code with no SIMD path, the unit's.
/// BOARDRULES_KERNEL_PASS is defined during the passes: the kernel set then opens its headers'
/// include guards again. Both macros are restored afterwards, so the rest of the unit sees its
/// own level. No include guard: each game's kernel dispatcher (backgammon/detail/dispatch.hpp,
/// warri/detail/dispatch.hpp) includes it once for its kernels; with BOARDRULES_KERNELS undefined,
/// or in a unit that does not dispatch, it does nothing.

#include "boardrules/core/config.hpp"
#include "boardrules/core/dispatch.hpp"

#if BOARDRULES_DISPATCHING && defined(BOARDRULES_KERNELS)
#pragma push_macro("BOARDRULES_SIMD_LEVEL")
#pragma push_macro("BOARDRULES_ISA_NAMESPACE")
#define BOARDRULES_KERNEL_PASS 1

#if BOARDRULES_ISA_TARGET_ < BOARDRULES_SIMD_AVX2
#undef BOARDRULES_SIMD_LEVEL
#define BOARDRULES_SIMD_LEVEL BOARDRULES_SIMD_AVX2
#undef BOARDRULES_ISA_NAMESPACE
#define BOARDRULES_ISA_NAMESPACE BOARDRULES_ISA_DISPATCH_NAMESPACE_::isa_avx2
BOARDRULES_TARGET_BEGIN(BOARDRULES_TARGET_AVX2)
#include BOARDRULES_KERNELS
BOARDRULES_TARGET_END
#endif

#undef BOARDRULES_SIMD_LEVEL
#define BOARDRULES_SIMD_LEVEL BOARDRULES_SIMD_AVX512VBMI2
#undef BOARDRULES_ISA_NAMESPACE
#define BOARDRULES_ISA_NAMESPACE BOARDRULES_ISA_DISPATCH_NAMESPACE_::isa_avx512vbmi2
BOARDRULES_TARGET_BEGIN(BOARDRULES_TARGET_AVX512VBMI2)
#include BOARDRULES_KERNELS
BOARDRULES_TARGET_END

#undef BOARDRULES_KERNEL_PASS
#pragma pop_macro("BOARDRULES_ISA_NAMESPACE")
#pragma pop_macro("BOARDRULES_SIMD_LEVEL")
#endif
