// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_APPLY_AVX2_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_APPLY_AVX2_HPP_
/// \file
/// apply_flipped with AVX2: the two 32-byte halves of the position in two registers, the steps
/// added as one-hot rows (no byte stores, so that the child can be loaded as a vector at once).
/// Writes exactly what the plain apply_flipped (movegen.hpp) returns. Not part of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "boardrules/backgammon/values/play.hpp"

#undef BOARDRULES_BG_APPLY_AVX2  // defined for this level only
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2
#include <immintrin.h>
#define BOARDRULES_BG_APPLY_AVX2 1

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::avx2 {

// kOneHot[i] (i = 0..31): byte i is 1, the others 0. kHitLane[t]: byte 25 - t is 1 for a point
// t = 1..24 (the opponent's byte of the mover's point t, which a step to t may hit), all zero
// for t = 0 (borne off) and the rest.
using Row = std::array<std::uint8_t, 32>;
alignas(32) inline constexpr std::array<Row, 32> kOneHot = [] {
  std::array<Row, 32> t{};
  for (std::size_t i = 0; i < 32; ++i) t[i][i] = 1;
  return t;
}();
alignas(32) inline constexpr std::array<Row, 32> kHitLane = [] {
  std::array<Row, 32> t{};
  for (std::size_t p = 1; p <= 24; ++p) t[p][25 - p] = 1;
  return t;
}();

inline __m256i row(const std::array<Row, 32>& table, std::uint64_t i) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(table[i & 31u].data()));
}

/// The 64 bytes of apply(pos, play).flipped() from the 64 bytes `in` of pos into `out`.
inline void apply_flipped(const std::uint8_t* in, const Play& play, std::uint8_t* out) noexcept {
  const __m256i mover = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in));
  const __m256i opponent = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 32));
  std::uint64_t steps;
  std::memcpy(&steps, &play, 8);
  // The steps past play.size become 0 -> 0: they add and remove a checker on byte 0.
  const std::uint64_t used = (1ull << (8 * (play.size & 7u))) - 1u;
  steps &= used | used << 32;
  __m256i to = _mm256_setzero_si256();        // + 1 where a step lands
  __m256i from = _mm256_setzero_si256();      // + 1 where a step starts
  __m256i landings = _mm256_setzero_si256();  // 1 at the opponent's byte of each landing point
  for (unsigned i = 0; i < 4; ++i) {
    const std::uint64_t s = (steps >> (8 * i)) & 0xFFu;
    const std::uint64_t t = (steps >> (32 + 8 * i)) & 0xFFu;
    from = _mm256_add_epi8(from, row(kOneHot, s));
    to = _mm256_add_epi8(to, row(kOneHot, t));
    landings = _mm256_or_si256(landings, row(kHitLane, t));
  }
  // A blot on a landing point is hit (BG-5.1) once, whichever steps land there.
  const __m256i hit = _mm256_and_si256(landings, _mm256_cmpeq_epi8(opponent, _mm256_set1_epi8(1)));
  const int hits = std::popcount(static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_slli_epi16(hit, 7))));
  const __m256i bar = _mm256_and_si256(_mm256_set1_epi8(static_cast<char>(hits)),
                                       _mm256_sub_epi8(_mm256_setzero_si256(), row(kOneHot, 25)));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_add_epi8(_mm256_sub_epi8(opponent, hit), bar));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 32), _mm256_sub_epi8(_mm256_add_epi8(mover, to), from));
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::avx2
#endif

#endif  // BOARDRULES_BACKGAMMON_DETAIL_APPLY_AVX2_HPP_
