// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_MASKS_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_MASKS_HPP_
/// \file
/// Bitmasks of a position (bit p = the mover's point p): the mover's occupied points, its
/// points with exactly one checker, and the opponent's blocked (>= 2) and blot (== 1) points.
/// Computed eight bytes at a time (SWAR) in plain C++, or with SSE2 / AVX2 / AVX-512 compares
/// when the compiler targets them (BOARDRULES_SIMD_LEVEL, core/config.hpp; never at run time).
/// Not part of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

// x86 SIMD only with GCC and Clang (core/config.hpp); MSVC and other compilers take the plain path.
// Only the intrinsics header of the compiled level: <emmintrin.h> (SSE2) parses in a fraction of
// the time of <immintrin.h>, which the AVX2 and AVX-512 paths need.
// Defined below for this level only (a unit that dispatches includes this header at each level).
#undef BOARDRULES_BG_SSE2
#undef BOARDRULES_BG_AVX2
#undef BOARDRULES_BG_AVX512
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2
#include <immintrin.h>
#define BOARDRULES_BG_SSE2 1
#elif BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_SSE2
#include <emmintrin.h>
#define BOARDRULES_BG_SSE2 1
#endif

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

/// The 64 bytes of a position (layout in position.hpp).
using Bytes = std::array<std::uint8_t, 64>;

struct Masks {
  std::uint32_t own = 0;      ///< mover checkers on point p (1..25)
  std::uint32_t ones = 0;     ///< exactly one mover checker on p
  std::uint32_t blocked = 0;  ///< two or more opponent checkers on the mover's point p (1..24)
  std::uint32_t blot = 0;     ///< exactly one opponent checker on the mover's point p
};

/// The reference computation, one point at a time.
constexpr Masks compute_masks_plain(const Bytes& b) noexcept {
  Masks m;
  for (int p = 1; p <= 25; ++p) {
    const auto c = b[static_cast<std::size_t>(p)];
    m.own |= static_cast<std::uint32_t>(c != 0) << p;
    m.ones |= static_cast<std::uint32_t>(c == 1) << p;
  }
  for (int t = 1; t <= 24; ++t) {
    const auto o = b[static_cast<std::size_t>(57 - t)];
    m.blocked |= static_cast<std::uint32_t>(o >= 2) << t;
    m.blot |= static_cast<std::uint32_t>(o == 1) << t;
  }
  return m;
}

// Bit i set when byte i of x is non-zero.
constexpr std::uint32_t nonzero_bytes(std::uint64_t x) noexcept {
  const std::uint64_t y = (((x & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | x) & 0x8080808080808080ULL;
  return static_cast<std::uint32_t>((y * 0x0002040810204081ULL) >> 56);
}

constexpr std::uint64_t load64(const Bytes& b, std::size_t at) noexcept {
  std::uint64_t x = 0;
  for (std::size_t i = 0; i < 8; ++i) x |= static_cast<std::uint64_t>(b[at + i]) << (8 * i);
  return x;
}

// Bit q -> bit 25 - q (the opponent's point q is the mover's point 25 - q).
constexpr std::uint32_t mirror25(std::uint32_t x) noexcept {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
  x = (x >> 16) | (x << 16);
  return x >> 6;
}

constexpr std::uint32_t kPointBits = 0x1FFFFFEu;  // points 1..24

// The masks from the byte masks of the two halves in their own numbering: the mover's non-zero
// and one-checker bytes, the opponent's non-zero and one-checker bytes (mirrored to the mover's
// points here).
constexpr Masks masks_from_halves(std::uint32_t own, std::uint32_t ones, std::uint32_t onz,
                                  std::uint32_t oones) noexcept {
  Masks m;
  m.own = own & (kPointBits | (1u << 25));
  m.ones = ones & (kPointBits | (1u << 25));
  m.blocked = mirror25(onz & ~oones) & kPointBits;
  m.blot = mirror25(oones) & kPointBits;
  return m;
}

/// Eight bytes at a time, portable.
constexpr Masks compute_masks_swar(const Bytes& b) noexcept {
  Masks m;
  std::uint32_t own = 0, ge2 = 0, onz = 0, oge2 = 0;
  for (std::size_t w = 0; w < 4; ++w) {
    const std::uint64_t x = load64(b, 8 * w);
    const std::uint64_t o = load64(b, 32 + 8 * w);
    own |= nonzero_bytes(x) << (8 * w);
    ge2 |= nonzero_bytes(x & 0xFEFEFEFEFEFEFEFEULL) << (8 * w);
    onz |= nonzero_bytes(o) << (8 * w);
    oge2 |= nonzero_bytes(o & 0xFEFEFEFEFEFEFEFEULL) << (8 * w);
  }
  m.own = own & (kPointBits | (1u << 25));
  m.ones = (own & ~ge2) & (kPointBits | (1u << 25));
  m.blocked = mirror25(oge2) & kPointBits;
  m.blot = mirror25(onz & ~oge2) & kPointBits;
  return m;
}

#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512BW
#define BOARDRULES_BG_AVX512 1
/// AVX-512BW: the whole position in one register, three compares give 64-bit masks.
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI
/// vpermb: byte i of the result = byte idx[i] of v. Through the zero-masking form with every
/// lane kept: GCC 12's unmasked _mm512_permutexvar_epi8 passes _mm512_undefined_epi32(), which
/// trips -Wmaybe-uninitialized once inlined into some callers; this compiles to the same vpermb.
inline __m512i permute_bytes(__m512i idx, __m512i v) noexcept { return _mm512_maskz_permutexvar_epi8(~0ull, idx, v); }
// Bytes 32 + p <- the opponent's checkers on the mover's point p (its point 25 - p, byte 57 - p),
// so that the opponent's masks come out in the mover's numbering without mirror25.
alignas(64) inline constexpr std::array<std::uint8_t, 64> kMirrorOpponent = [] {
  std::array<std::uint8_t, 64> t{};
  for (std::size_t i = 0; i < 32; ++i) t[i] = static_cast<std::uint8_t>(i);
  for (std::size_t p = 0; p < 32; ++p) t[32 + p] = static_cast<std::uint8_t>(p >= 1 && p <= 24 ? 57 - p : 58);
  return t;
}();
#endif
inline Masks compute_masks_avx512(const Bytes& b) noexcept {
  const __m512i v = _mm512_loadu_si512(static_cast<const void*>(b.data()));
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI
  const __m512i w = permute_bytes(_mm512_load_si512(kMirrorOpponent.data()), v);
  const std::uint64_t nz = _mm512_test_epi8_mask(w, w);
  const std::uint64_t eq1 = _mm512_cmpeq_epi8_mask(w, _mm512_set1_epi8(1));
  const std::uint64_t ge2 = nz & ~eq1;
  return Masks{static_cast<std::uint32_t>(nz) & (kPointBits | (1u << 25)),
               static_cast<std::uint32_t>(eq1) & (kPointBits | (1u << 25)), static_cast<std::uint32_t>(ge2 >> 32),
               static_cast<std::uint32_t>(eq1 >> 32)};
#else
  const std::uint64_t nz = _mm512_test_epi8_mask(v, v);
  const std::uint64_t eq1 = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(1));
  return masks_from_halves(static_cast<std::uint32_t>(nz), static_cast<std::uint32_t>(eq1),
                           static_cast<std::uint32_t>(nz >> 32), static_cast<std::uint32_t>(eq1 >> 32));
#endif
}
#elif BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2
#define BOARDRULES_BG_AVX2 1
/// AVX2: one 32-byte register per side.
inline Masks compute_masks_avx2(const Bytes& b) noexcept {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i one = _mm256_set1_epi8(1);
  const __m256i mv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.data()));
  const __m256i op = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b.data() + 32));
  const auto own = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(mv, zero)));
  const auto ones = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(mv, one)));
  const auto onz = ~static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(op, zero)));
  const auto oones = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(op, one)));
  return masks_from_halves(own, ones, onz, oones);
}
#endif

#ifdef BOARDRULES_BG_SSE2
/// SSE2 (every x86-64): byte compares and movemask on the two 32-byte halves.
inline Masks compute_masks_sse2(const Bytes& b) noexcept {
  const __m128i zero = _mm_setzero_si128();
  const __m128i one = _mm_set1_epi8(1);
  auto mask_of = [&](const std::uint8_t* p, std::uint32_t& nz, std::uint32_t& eq1) {
    const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
    const auto z = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, zero))) |
                   static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, zero))) << 16;
    eq1 = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, one))) |
          static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, one))) << 16;
    nz = ~z;
  };
  std::uint32_t own, ones, onz, oones;
  mask_of(b.data(), own, ones);
  mask_of(b.data() + 32, onz, oones);
  return masks_from_halves(own, ones, onz, oones);
}
#endif

/// The masks, by the widest path the compiler targets (plain SWAR during constant evaluation).
constexpr Masks compute_masks(const Bytes& b) noexcept {
#if defined(BOARDRULES_BG_AVX512)
  if (!std::is_constant_evaluated()) return compute_masks_avx512(b);
#elif defined(BOARDRULES_BG_AVX2)
  if (!std::is_constant_evaluated()) return compute_masks_avx2(b);
#elif defined(BOARDRULES_BG_SSE2)
  if (!std::is_constant_evaluated()) return compute_masks_sse2(b);
#endif
  return compute_masks_swar(b);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_BACKGAMMON_DETAIL_MASKS_HPP_
