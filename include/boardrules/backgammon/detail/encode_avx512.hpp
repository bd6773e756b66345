#pragma once
/// \file
/// encode_plays (actions.hpp) with AVX-512 VBMI: sixteen plays at a time, their bytes moved into
/// one 32-bit lane per play by two-register byte permutes (masked loads: nothing is read past the
/// last play), numbered with the arithmetic of the scalar short paths. A lane off those paths
/// (fewer dice, a bear-off, a double's sources out of the generator's order) is left to the
/// caller, which numbers it with encode_play. Not part of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/values/play.hpp"

#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI
#include <immintrin.h>
#define BOARDRULES_BG_ENCODE_AVX512 1

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::encode_avx512 {

static_assert(sizeof(Play) == 10);

/// Byte indices of the permutes: byte j of lane i takes byte 10 i + offset + j of the plays, from
/// the window of bytes 0..127 (lanes 0..11, kLow) or 64..191 (lanes 12..15, kHigh). offset 0: the
/// sources, 4: the targets, 8: size and hits (bytes 2 and 3 of the lane are the next play's, and
/// are masked off).
using Index = std::array<std::uint8_t, 64>;
inline constexpr Index index_of(int offset, bool high) noexcept {
  Index t{};
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 4; ++j) {
      const int at = 10 * i + offset + j - (high ? 64 : 0);
      t[static_cast<std::size_t>(4 * i + j)] = static_cast<std::uint8_t>(at < 0 ? 0 : at & 127);
    }
  return t;
}
alignas(64) inline constexpr std::array<Index, 6> kIndex = {index_of(0, false), index_of(0, true),  index_of(4, false),
                                                            index_of(4, true),  index_of(8, false), index_of(8, true)};

/// The 32-bit lanes of up to sixteen plays: from[0..3], to[0..3], size | hits << 8.
struct Lanes {
  __m512i from;
  __m512i to;
  __m512i tail;
};

// The shifts in their zero-masking forms, all lanes on: the plain forms start from
// _mm512_undefined_epi32(), which GCC 12 reports as maybe uninitialised.
inline __m512i srli(__m512i v, unsigned k) noexcept { return _mm512_maskz_srli_epi32(0xFFFF, v, k); }
inline __m512i srlv(__m512i v, __m512i k) noexcept { return _mm512_maskz_srlv_epi32(0xFFFF, v, k); }

inline __m512i gather(__m512i z0, __m512i z1, __m512i z2, std::size_t which) noexcept {
  const __m512i lo =
      _mm512_permutex2var_epi8(z0, _mm512_load_si512(reinterpret_cast<const void*>(kIndex[2 * which].data())), z1);
  const __m512i hi =
      _mm512_permutex2var_epi8(z1, _mm512_load_si512(reinterpret_cast<const void*>(kIndex[2 * which + 1].data())), z2);
  return _mm512_mask_blend_epi32(static_cast<__mmask16>(0xF000u), lo, hi);  // lanes 12..15: the high window
}

/// Loads plays p[0 .. n-1], n = 1..16.
inline Lanes load(const Play* p, std::size_t n) noexcept {
  const auto* b = reinterpret_cast<const std::uint8_t*>(p);
  const std::size_t bytes = 10 * n;
  auto mask = [bytes](std::size_t off) -> __mmask64 {
    if (bytes <= off) return 0;
    const std::size_t k = bytes - off;
    return k >= 64 ? ~__mmask64{0} : (__mmask64{1} << k) - 1;
  };
  // (the later windows only when there are plays in them: no pointer past the plays is formed)
  const __m512i z0 = _mm512_maskz_loadu_epi8(mask(0), b);
  const __m512i z1 = bytes > 64 ? _mm512_maskz_loadu_epi8(mask(64), b + 64) : _mm512_setzero_si512();
  const __m512i z2 = bytes > 128 ? _mm512_maskz_loadu_epi8(mask(128), b + 128) : _mm512_setzero_si512();
  return Lanes{gather(z0, z1, z2, 0), gather(z0, z1, z2, 1),
               _mm512_and_si512(gather(z0, z1, z2, 2), _mm512_set1_epi32(0xFFFF))};
}

inline __m512i byte_of(__m512i v, int k) noexcept {
  return _mm512_and_si512(srli(v, static_cast<unsigned>(8 * k)), _mm512_set1_epi32(0xFF));
}

/// Rank terms of a double's four sources by point, a >= b >= c >= e: kTerm[3 - i][x] is
/// kRankTerm[i][x - 1] for x = 1..25 (0 elsewhere), two registers of sixteen each.
using Terms = std::array<std::array<std::int32_t, 32>, 4>;
inline constexpr Terms make_terms(const std::array<std::array<int, 32>, 4>& rank_term) noexcept {
  Terms t{};
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t x = 1; x <= 25; ++x) t[3 - i][x] = rank_term[i][x - 1];
  return t;
}

/// encode_plays of a double's plays p[0 .. n-1] (n = 1..16) into out: the lanes numbered here
/// are stored; returns the mask of the others (to number with encode_play).
inline unsigned double_block(const Play* p, std::size_t n, const Terms& terms, int base, int* out) noexcept {
  const Lanes l = load(p, n);
  const __m512i a = byte_of(l.from, 0);
  const __m512i b = byte_of(l.from, 1);
  const __m512i c = byte_of(l.from, 2);
  const __m512i e = byte_of(l.from, 3);
  auto term = [&terms](std::size_t k, __m512i x) {
    const auto* t = terms[k].data();
    return _mm512_permutex2var_epi32(_mm512_loadu_si512(t), x, _mm512_loadu_si512(t + 16));
  };
  __m512i r = _mm512_add_epi32(_mm512_add_epi32(term(0, a), term(1, b)), _mm512_add_epi32(term(2, c), term(3, e)));
  r = _mm512_add_epi32(r, _mm512_set1_epi32(base));
  const __mmask16 valid = static_cast<__mmask16>((1u << n) - 1u);
  __mmask16 fast =
      _mm512_mask_cmpeq_epi32_mask(valid, _mm512_and_si512(l.tail, _mm512_set1_epi32(0xFF)), _mm512_set1_epi32(4));
  fast = _mm512_mask_cmpge_epu32_mask(fast, a, b);
  fast = _mm512_mask_cmpge_epu32_mask(fast, b, c);
  fast = _mm512_mask_cmpge_epu32_mask(fast, c, e);
  fast = _mm512_mask_cmpge_epu32_mask(fast, e, _mm512_set1_epi32(1));
  fast = _mm512_mask_cmple_epu32_mask(fast, a, _mm512_set1_epi32(25));
  _mm512_mask_storeu_epi32(out, fast, r);
  return static_cast<unsigned>(valid & ~fast);
}

/// Bit k set when byte 32 + k of the position (the opponent's point k) is zero.
inline std::uint32_t open_points(const std::uint8_t* position) noexcept {
  return _mm256_cmpeq_epi8_mask(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(position + 32)),
                                _mm256_setzero_si256());
}

/// encode_plays of a non-double's plays p[0 .. n-1] (n = 1..16) into out, as the scalar short
/// path: `open` has bit k set when the opponent has no checker on its point k (byte 32 + k of the
/// position; the mover's point v is the opponent's 25 - v). Returns the mask of the lanes left.
inline unsigned non_double_block(const Play* p, std::size_t n, int hi, int lo, std::uint32_t open, int* out) noexcept {
  const Lanes l = load(p, n);
  const __m512i x0 = byte_of(l.from, 0);
  const __m512i x1 = byte_of(l.from, 1);
  const __m512i t0 = byte_of(l.to, 0);
  const __m512i t1 = byte_of(l.to, 1);
  const __m512i size = _mm512_and_si512(l.tail, _mm512_set1_epi32(0xFF));
  const __m512i hits = srli(l.tail, 8);
  const __m512i zero = _mm512_setzero_si512();
  const __m512i vhi = _mm512_set1_epi32(hi);
  const __mmask16 valid = static_cast<__mmask16>((1u << n) - 1u);
  __mmask16 fast = _mm512_mask_cmpeq_epi32_mask(valid, size, _mm512_set1_epi32(2));
  fast = _mm512_mask_cmpneq_epi32_mask(fast, t0, zero);
  fast = _mm512_mask_cmpneq_epi32_mask(fast, t1, zero);
  const __mmask16 first_high = _mm512_cmpeq_epi32_mask(_mm512_sub_epi32(x0, t0), vhi);
  const __m512i fa = _mm512_mask_blend_epi32(first_high, x1, x0);  // played with the high die
  const __m512i fb = _mm512_mask_blend_epi32(first_high, x0, x1);  // played with the low die
  // the low die's step is step 1 when the high die's came first
  const __m512i low_shift = _mm512_maskz_mov_epi32(first_high, _mm512_set1_epi32(1));
  const __m512i low_hit = _mm512_and_si512(srlv(hits, low_shift), _mm512_set1_epi32(1));
  const __m512i via = _mm512_sub_epi32(fb, vhi);
  // open at the mover's point via: bit 25 - via of `open` (via <= 0 is excluded by fb > hi)
  const __m512i via_open =
      _mm512_and_si512(srlv(_mm512_set1_epi32(static_cast<int>(open)), _mm512_sub_epi32(_mm512_set1_epi32(25), via)),
                       _mm512_set1_epi32(1));
  __mmask16 reroute = _mm512_cmpeq_epi32_mask(_mm512_add_epi32(fa, _mm512_set1_epi32(lo)), fb);
  reroute = _mm512_mask_cmpeq_epi32_mask(reroute, low_hit, zero);
  reroute = _mm512_mask_cmpgt_epi32_mask(reroute, fb, vhi);
  reroute = _mm512_mask_cmpneq_epi32_mask(reroute, via_open, zero);
  // 26 * fa + fb - 27, or 27 * fb - 27 - hi rerouted
  const __m512i plain =
      _mm512_add_epi32(_mm512_mullo_epi32(fa, _mm512_set1_epi32(26)), _mm512_sub_epi32(fb, _mm512_set1_epi32(27)));
  const __m512i rerouted = _mm512_sub_epi32(_mm512_mullo_epi32(fb, _mm512_set1_epi32(27)), _mm512_set1_epi32(27 + hi));
  _mm512_mask_storeu_epi32(out, fast, _mm512_mask_blend_epi32(reroute, plain, rerouted));
  return static_cast<unsigned>(valid & ~fast);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::encode_avx512
#endif
