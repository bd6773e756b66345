#pragma once
/// \file
/// The AVX2 play writers (the seam is writers.hpp; each function here writes exactly what its
/// namesake in detail::plain writes). Every writer is one kernel, emit(): the plays are one per
/// source s of a mask, all sharing a record (`base`) except for some step slots whose from and
/// to bytes both take s, minus a per-byte amount (saturating: a landing point below 1 is 0, borne
/// off), and the hits byte, which gains a per-point value. The sources are left-packed eight
/// points at a time by one pshufb with a 256-entry table (no vpcompressb in AVX2); three 10-byte
/// records are then assembled per 32-byte register by one pshufb and written with one 32-byte
/// store, whose last 2.2 plays of bytes land past the plays written (overwritten by the next
/// ones, or in the spare plays after the output's capacity: kPlaySpare). Used only when the
/// compiler targets AVX2 and not AVX-512 VBMI2 (and never in constant evaluation). Not part of
/// the API.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/play.hpp"

#if defined(__AVX2__) && !defined(BOARDRULES_NO_SIMD) && !defined(BOARDRULES_BG_WRITERS_AVX512) && \
    (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define BOARDRULES_BG_WRITERS_AVX2 1

namespace boardrules::backgammon::detail::avx2 {

static_assert(sizeof(Play) == 10, "the writers assume the 10-byte Play layout");

// A register holds kRecords whole records of kRecordBytes (record i at bytes 10i .. 10i + 9:
// from[j] at j, to[j] at 4 + j, size at 8, hits at 9).
inline constexpr std::size_t kRecordBytes = sizeof(Play);
inline constexpr unsigned kRecords = 3;
inline constexpr std::size_t kHitsByte = 9;
// pshufb: an index with the high bit set gives 0.
inline constexpr std::uint8_t kZero = 0x80;
// A packed chunk holds the sources of eight points in bytes 0..7 and their hit values in bytes
// kHitValues + 0..7.
inline constexpr std::uint8_t kHitValues = 8;

/// kPack[m]: the indices (0..7) of the set bits of m, ascending, in the low bytes.
alignas(64) inline constexpr std::array<std::uint64_t, 256> kPack = [] {
  std::array<std::uint64_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    unsigned k = 0;
    for (unsigned i = 0; i < 8; ++i)
      if (((m >> i) & 1u) != 0) t[m] |= static_cast<std::uint64_t>(i) << (8 * k++);
  }
  return t;
}();

using Bytes32 = std::array<std::uint8_t, 32>;

inline __m256i load32(const Bytes32& a) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(a.data()));
}

// Byte p of a register <- byte p mod 10 of a record held in both 128-bit lanes (kZero past the
// third record).
alignas(32) inline constexpr Bytes32 kRepeat = [] {
  Bytes32 t{};
  for (std::size_t p = 0; p < 32; ++p)
    t[p] = p < kRecords * kRecordBytes ? static_cast<std::uint8_t>(p % kRecordBytes) : kZero;
  return t;
}();

// Byte i of a register <- byte i / 8 of a 32-bit mask broadcast to every lane; then bit i % 8.
alignas(32) inline constexpr Bytes32 kMaskByte = [] {
  Bytes32 t{};
  for (std::size_t i = 0; i < 32; ++i) t[i] = static_cast<std::uint8_t>(i / 8);
  return t;
}();
alignas(32) inline constexpr Bytes32 kMaskBit = [] {
  Bytes32 t{};
  for (std::size_t i = 0; i < 32; ++i) t[i] = static_cast<std::uint8_t>(1u << (i % 8));
  return t;
}();

/// Three copies of the record (steps: put() layout, tail = size | hits << 8) at bytes 0, 10, 20.
inline __m256i repeat(std::uint64_t steps, unsigned tail) noexcept {
  const __m128i rec = _mm_insert_epi16(_mm_cvtsi64_si128(static_cast<long long>(steps)), static_cast<int>(tail), 4);
  return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(rec), load32(kRepeat));
}

/// Byte s (point s, 0..31) = `value` when bit s of `mask` is set, else 0.
inline __m256i point_bytes(std::uint32_t mask, unsigned value) noexcept {
  const __m256i bit = load32(kMaskBit);
  const __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(mask)), load32(kMaskByte));
  return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(m, bit), bit),
                          _mm256_set1_epi8(static_cast<char>(value)));
}

// kSpread<kSlots>[g]: the register of records 3g .. 3g + 2 of a packed chunk: for every step
// slot j in kSlots, the source at from[j] and to[j]; its hit value at the hits byte.
template <unsigned kSlots>
alignas(32) inline constexpr std::array<Bytes32, 3> kSpread = [] {
  std::array<Bytes32, 3> t{};
  for (std::size_t g = 0; g < 3; ++g) {
    t[g].fill(kZero);
    for (std::size_t i = 0; i < kRecords; ++i) {
      const std::size_t p = kRecords * g + i, b = kRecordBytes * i;
      if (p >= 8) continue;
      for (std::size_t j = 0; j < 4; ++j)
        if (((kSlots >> j) & 1u) != 0) t[g][b + j] = t[g][b + 4 + j] = static_cast<std::uint8_t>(p);
      t[g][b + kHitsByte] = static_cast<std::uint8_t>(kHitValues + p);
    }
  }
  return t;
}();

/// One play per source s of `srcs`, ascending: `base` (three copies of the shared record) with
/// from[j] and to[j] = s for the slots j of kSlots, minus `sub` (saturating, per byte of the
/// three records), and the hits byte ORed with byte s of `hit_values`. Returns the number
/// written; stores up to 2.2 plays of bytes past the last one.
template <unsigned kSlots>
inline std::size_t emit(Play* out, __m256i base, __m256i sub, std::uint32_t srcs, __m256i hit_values) noexcept {
  const __m128i hits_lo = _mm256_castsi256_si128(hit_values);
  const __m128i hits_hi = _mm256_extracti128_si256(hit_values, 1);
  auto* o = reinterpret_cast<unsigned char*>(out);
  std::size_t n = 0;
  while (srcs != 0) {
    const int c = std::countr_zero(srcs) >> 3;  // the chunk of points 8c .. 8c + 7
    const unsigned m = (srcs >> (8 * c)) & 0xFFu;
    srcs &= ~(0xFFu << (8 * c));
    const __m128i idx = _mm_cvtsi64_si128(static_cast<long long>(kPack[m]));
    const __m128i s = _mm_add_epi8(idx, _mm_set1_epi8(static_cast<char>(8 * c)));
    const __m128i h = _mm_shuffle_epi8(c < 2 ? hits_lo : hits_hi,
                                       _mm_add_epi8(idx, _mm_set1_epi8(static_cast<char>(8 * (c & 1)))));
    const __m256i x = _mm256_broadcastsi128_si256(_mm_unpacklo_epi64(s, h));
    const auto k = static_cast<std::size_t>(std::popcount(m));
    for (std::size_t g = 0;; ++g) {
      const __m256i y = _mm256_shuffle_epi8(x, load32(kSpread<kSlots>[g]));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + kRecordBytes * (n + kRecords * g)),
                          _mm256_or_si256(_mm256_subs_epu8(y, sub), base));
      if (kRecords * (g + 1) >= k) break;
    }
    n += k;
  }
  return n;
}

/// Three copies of a record whose byte 4 + j (to[j]) is to_sub[j] and byte j (from[j]) is
/// from_sub[j]: the amounts subtracted from the source in the slots.
inline __m256i subtract(std::uint64_t from_sub, std::uint64_t to_sub) noexcept {
  return repeat(from_sub | to_sub << 32, 0);
}

/// plain::write_row with AVX2.
inline std::size_t write_row(Play* out, std::uint64_t steps, unsigned tail, std::uint32_t srcs, int slot, int die,
                             std::uint32_t hit_srcs, unsigned hit_bit) noexcept {
  const __m256i base = repeat(steps, tail);
  const __m256i sub = subtract(0, static_cast<std::uint64_t>(die) << (8 * slot));
  const __m256i hits = point_bytes(hit_srcs, hit_bit);
  switch (slot) {
    case 0: return emit<1>(out, base, sub, srcs, hits);
    case 1: return emit<2>(out, base, sub, srcs, hits);
    case 2: return emit<4>(out, base, sub, srcs, hits);
    default: return emit<8>(out, base, sub, srcs, hits);
  }
}

/// plain::write_chains with AVX2: from0 = a, to0 = from1 = a - first, to1 = a - first - second.
inline std::size_t write_chains(Play* out, std::uint32_t srcs, int first, int second, std::uint32_t blot) noexcept {
  const auto f = static_cast<std::uint64_t>(first), fs = static_cast<std::uint64_t>(first + second);
  const __m256i hits = _mm256_or_si256(point_bytes(blot << first, 1), point_bytes(blot << (first + second), 2));
  return emit<3>(out, repeat(0, 2), subtract(f << 8, f | fs << 8), srcs, hits);
}

/// plain::write_double_pairs with AVX2: the pairs u > v as one row of v per u (slot 3 over the
/// v below u, slot 2 fixed), then u = v = s (slots 2 and 3 from s), then u = s + d, v = s
/// (slots 2 and 3 from u, slot 3 one step lower).
inline std::size_t write_double_pairs(Play* out, std::uint64_t steps, unsigned tail, std::uint32_t mov,
                                      std::uint32_t same, std::uint32_t on, int d, std::uint32_t blot) noexcept {
  const auto dd = static_cast<std::uint64_t>(d);
  const __m256i hit2 = point_bytes(blot << d, 4);
  const __m256i hit3 = point_bytes(blot << d, 8);
  const __m256i sub3 = subtract(0, dd << 24);
  std::size_t n = 0;
  for (std::uint32_t us = mov & (mov - 1); us != 0; us &= us - 1) {  // u above the lowest source
    const int u = std::countr_zero(us);
    const unsigned h = ((blot >> (u - d)) & 1u) << 2;
    const __m256i base = repeat(steps | static_cast<std::uint64_t>(u) << 16 | static_cast<std::uint64_t>(u - d) << 48,
                                tail | h << 8);
    n += emit<8>(out + n, base, sub3, mov & ((1u << u) - 1u), hit3);
  }
  const __m256i base = repeat(steps, tail);
  n += emit<12>(out + n, base, subtract(0, dd << 16 | dd << 24), same, hit2);
  n += emit<12>(out + n, base, subtract(dd << 24, dd << 16 | (2 * dd) << 24), on << d,
                _mm256_or_si256(hit2, point_bytes(blot << (2 * d), 8)));
  return n;
}

}  // namespace boardrules::backgammon::detail::avx2
#endif
