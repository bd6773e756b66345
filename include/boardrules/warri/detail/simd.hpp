// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_WARRI_DETAIL_SIMD_HPP_
#define BOARDRULES_WARRI_DETAIL_SIMD_HPP_
/// \file
/// What the Warri perft kernels need from the compiler, in one place: which instruction set it
/// targets (from BOARDRULES_SIMD_LEVEL, core/config.hpp: at most one of BOARDRULES_WARRI_AVX512,
/// BOARDRULES_WARRI_AVX2, BOARDRULES_WARRI_SSE2 is defined), the always-inline attribute, a compiler barrier, and the byte division by 11 of the
/// SSE2 and AVX2 kernels. The SIMD kernels are used only with GCC and Clang on x86-64 (they rely
/// on those compilers' ISA macros, <immintrin.h>, inline asm and vector extensions); every other
/// compiler (MSVC among them), every other CPU, and any build that defines BOARDRULES_NO_SIMD take
/// the portable SWAR kernel (detail/swar.hpp). Not part of the API.

#include "boardrules/core/config.hpp"

#include <bit>
#include <type_traits>

// Defined below for this level only (a unit that dispatches includes this header at each level).
#undef BOARDRULES_WARRI_AVX512
#undef BOARDRULES_WARRI_AVX2
#undef BOARDRULES_WARRI_SSE2
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_SSE2 && defined(__x86_64__)
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI
#define BOARDRULES_WARRI_AVX512 1  // detail/avx512.hpp
#elif BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2
#define BOARDRULES_WARRI_AVX2 1  // detail/avx2.hpp
#else
#define BOARDRULES_WARRI_SSE2 1  // detail/sse2.hpp
#endif
#endif

#if defined(__GNUC__) || defined(__clang__)
#define BOARDRULES_WARRI_INLINE [[gnu::always_inline]] inline
#else
#define BOARDRULES_WARRI_INLINE inline
#endif

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail {

/// Makes the compiler treat `values` as read and changed, so that it keeps the work that made
/// them although the program never reads them. With GCC and Clang an empty asm statement (no
/// instruction; integers stay in general registers, vectors in vector registers); elsewhere a
/// store to a volatile local. Nothing in constant evaluation.
template <class... T>
constexpr void keep(T&... values) noexcept {
  if (std::is_constant_evaluated()) return;
#if defined(__GNUC__) || defined(__clang__)
  auto one = [](auto& v) {
    if constexpr (std::is_integral_v<std::remove_reference_t<decltype(v)>>) {
      asm volatile("" : "+r"(v));
    } else {
      asm volatile("" : "+v"(v));  // an x86 vector register (only the SIMD kernels pass vectors)
    }
  };
#else
  auto one = [](auto& v) {
    volatile std::remove_reference_t<decltype(v)> sink = v;
    (void)sink;
  };
#endif
  (one(values), ...);
}

#if defined(BOARDRULES_WARRI_AVX2) || defined(BOARDRULES_WARRI_SSE2)
/// The register width of the SSE2 or AVX2 kernel (only one is compiled), and its byte and word
/// views as GCC/Clang vector extensions, the element types of the compilers' own <immintrin.h>:
/// signed bytes to compare, unsigned bytes to add, 64-bit words for the bitwise operations.
#if defined(BOARDRULES_WARRI_AVX2)
inline constexpr int kVectorBytes = 32;
#else
inline constexpr int kVectorBytes = 16;
#endif
typedef signed char SignedBytes __attribute__((vector_size(kVectorBytes)));
typedef unsigned char UnsignedBytes __attribute__((vector_size(kVectorBytes)));
typedef unsigned long long Words __attribute__((vector_size(kVectorBytes)));

/// For every byte x (0..63) of a register V (__m128i or __m256i): `q` = x / 11 (x counted against
/// the five thresholds 11, 22, 33, 44, 55: a compare gives -1 per threshold reached) and `land` = 1
/// where x is 11, 22, 33, 44 or 55, else 0. With x = n + 11 - d, q is the seeds that the house at
/// distance d receives from n seeds and `land` marks the house of the last seed (WA-2.1, WA-2.2;
/// seeds_received and last_distance in detail/plain.hpp). The casts are the compiler's builtin:
/// std::bit_cast is a function compiled outside the target region of the AVX2 kernel (in a unit
/// that dispatches, core/dispatch.hpp), where a 32-byte vector cannot be passed in a register.
template <class V>
BOARDRULES_WARRI_INLINE void div11(V x, V& q, V& land) noexcept {
  static_assert(sizeof(V) == kVectorBytes);
  const auto b = __builtin_bit_cast(SignedBytes, x);
  auto gt = [&](signed char t) { return __builtin_bit_cast(UnsignedBytes, b > t); };
  auto eq = [&](signed char t) { return __builtin_bit_cast(Words, b == t); };
  q = __builtin_bit_cast(V, UnsignedBytes{} - ((gt(10) + gt(21)) + ((gt(32) + gt(43)) + gt(54))));
  const Words e = (eq(11) | eq(22)) | ((eq(33) | eq(44)) | eq(55));
  land = __builtin_bit_cast(V, e & __builtin_bit_cast(Words, UnsignedBytes{} + 1));
}
#endif

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_WARRI_DETAIL_SIMD_HPP_
