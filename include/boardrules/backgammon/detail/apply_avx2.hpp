#pragma once
/// \file
/// apply_flipped with AVX2: the two 32-byte halves of the position in two registers, the steps
/// added as one-hot rows (no byte stores, so that the child can be loaded as a vector at once).
/// Writes exactly what the plain apply_flipped (movegen.hpp) returns. Not part of the API.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "boardrules/backgammon/play.hpp"

#if defined(__AVX2__) && !defined(BOARDRULES_NO_SIMD)
#include <immintrin.h>
#define BOARDRULES_BG_APPLY_AVX2 1

namespace boardrules::backgammon::detail::avx2 {

// Row i (0..31): byte i is 1, the others 0; row kNoLane: all zero.
inline constexpr std::size_t kNoLane = 32;
alignas(32) inline constexpr std::array<std::array<std::uint8_t, 32>, kNoLane + 1> kOneHot = [] {
  std::array<std::array<std::uint8_t, 32>, kNoLane + 1> t{};
  for (std::size_t i = 0; i < kNoLane; ++i) t[i][i] = 1;
  return t;
}();

inline __m256i one_hot(std::size_t i) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(kOneHot[i].data()));
}

/// The 64 bytes of apply(pos, play).flipped() from the 64 bytes `in` of pos into `out`.
inline void apply_flipped(const std::uint8_t* in, const Play& play, std::uint8_t* out) noexcept {
  const __m256i mover = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in));
  const __m256i opponent = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + 32));
  std::uint64_t steps;
  std::memcpy(&steps, &play, 8);
  __m256i moved = _mm256_setzero_si256();     // + 1 where a step lands, - 1 where one starts
  __m256i landings = _mm256_setzero_si256();  // 1 at the opponent's byte of each landing point
  for (unsigned i = 0; i < 4; ++i) {
    const bool on = i < play.size;
    const std::size_t s = on ? (steps >> (8 * i)) & 0xFFu : kNoLane;
    const std::size_t t = on ? (steps >> (32 + 8 * i)) & 0xFFu : kNoLane;
    moved = _mm256_add_epi8(moved, _mm256_sub_epi8(one_hot(t), one_hot(s)));
    landings = _mm256_or_si256(landings, one_hot(t - 1 < 24 ? 25 - t : kNoLane));
  }
  // A blot on a landing point is hit (BG-5.1) once, whichever steps land there.
  const __m256i hit = _mm256_and_si256(landings, _mm256_cmpeq_epi8(opponent, _mm256_set1_epi8(1)));
  const int hits = std::popcount(static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_slli_epi16(hit, 7))));
  const __m256i bar = _mm256_and_si256(_mm256_set1_epi8(static_cast<char>(hits)), _mm256_sub_epi8(_mm256_setzero_si256(), one_hot(25)));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_add_epi8(_mm256_sub_epi8(opponent, hit), bar));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 32), _mm256_add_epi8(mover, moved));
}

}  // namespace boardrules::backgammon::detail::avx2
#endif
