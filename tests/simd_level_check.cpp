// Built into every test executable (tests/CMakeLists.txt) with the flags of its twin, and
// BOARDRULES_TEST_SIMD_LEVEL = the SimdLevel that twin is meant to test (SSE2 for the plain
// build on x86-64, AVX2 for _avx2, AVX512BW for _avx512bw, this CPU's best for _native). Fails to
// compile unless the library compiles that level and its kernels, so that a broken ISA macro
// cannot leave a twin testing the plain path against itself.

#include "boardrules/backgammon/detail/apply_avx2.hpp"
#include "boardrules/backgammon/detail/encode_avx512.hpp"
#include "boardrules/backgammon/detail/masks.hpp"
#include "boardrules/backgammon/detail/writers.hpp"
#include "boardrules/core/config.hpp"
#include "boardrules/warri/detail/simd.hpp"

#ifndef BOARDRULES_TEST_SIMD_LEVEL
#error "tests/CMakeLists.txt defines BOARDRULES_TEST_SIMD_LEVEL, the SimdLevel of the twin"
#endif

static_assert(boardrules::simd_level() == boardrules::SimdLevel::BOARDRULES_TEST_SIMD_LEVEL,
              "this test twin does not compile the SIMD level it is built for (BOARDRULES_TEST_SIMD_LEVEL)");

// The kernels of each level (core/config.hpp, SimdLevel): each compiled exactly where it should.
#if defined(BOARDRULES_BG_SSE2) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_SSE2)
#error "BOARDRULES_BG_SSE2 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_BG_AVX2) != (BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_AVX2)
#error "BOARDRULES_BG_AVX2 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_BG_AVX512) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512BW)
#error "BOARDRULES_BG_AVX512 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_BG_APPLY_AVX2) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2)
#error "BOARDRULES_BG_APPLY_AVX2 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_BG_WRITERS_AVX2) != \
    (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2 && BOARDRULES_SIMD_LEVEL < BOARDRULES_SIMD_AVX512VBMI2)
#error "BOARDRULES_BG_WRITERS_AVX2 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_BG_ENCODE_AVX512) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI)
#error "BOARDRULES_BG_ENCODE_AVX512 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_BG_WRITERS_AVX512) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI2)
#error "BOARDRULES_BG_WRITERS_AVX512 is defined at the wrong SIMD levels"
#endif
#if defined(__x86_64__)  // the Warri kernels are for x86-64 only
#if defined(BOARDRULES_WARRI_SSE2) != (BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_SSE2)
#error "BOARDRULES_WARRI_SSE2 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_WARRI_AVX2) != \
    (BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_AVX2 || BOARDRULES_SIMD_LEVEL == BOARDRULES_SIMD_AVX512BW)
#error "BOARDRULES_WARRI_AVX2 is defined at the wrong SIMD levels"
#endif
#if defined(BOARDRULES_WARRI_AVX512) != (BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI)
#error "BOARDRULES_WARRI_AVX512 is defined at the wrong SIMD levels"
#endif
#endif
