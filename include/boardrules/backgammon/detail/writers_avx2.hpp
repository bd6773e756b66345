// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX2_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX2_HPP_
/// \file
/// The AVX2 play writer of a double's last two steps (the seam is writers.hpp, which adds the
/// plays u = v and u = v + d by the plain writer: together exactly what
/// plain::write_double_pairs writes). The plain writer runs one inner loop per third-step
/// source u, whose data-dependent exits cost a branch misprediction each; here the pairs u > v
/// come from one constant table of index pairs, three plays per 32-byte store, in one loop. The
/// sources (and their hit values) are left-packed eight points at a time by pshufb with a
/// 256-entry table (AVX2 has no vpcompressb). The 32-byte stores write up to 2.2 plays of bytes
/// past the last pair, overwritten by the plays after them or left in the spare plays after the
/// output's capacity (kPlaySpare). The other writers stay plain under AVX2: rows of a few plays
/// measured slower in SIMD (setup and extra loop exits outweigh the two stores per play). Used
/// only when the compiler targets AVX2 and not AVX-512 VBMI2 (never in constant evaluation).
/// Not part of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/values/play.hpp"

#undef BOARDRULES_BG_WRITERS_AVX2  // defined for this level only
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2 && BOARDRULES_SIMD_LEVEL < BOARDRULES_SIMD_AVX512VBMI2
#include <immintrin.h>
#define BOARDRULES_BG_WRITERS_AVX2 1

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::avx2 {

static_assert(sizeof(Play) == 10, "the writer assumes the 10-byte Play layout");

// A 32-byte register holds kRecords whole records of kRecordBytes (record r at bytes 10r ..:
// from[j] at j, to[j] at 4 + j, size at 8, hits at 9).
inline constexpr std::size_t kRecordBytes = sizeof(Play);
inline constexpr unsigned kRecords = 3;
// pshufb: an index with the high bit set gives 0.
inline constexpr std::uint8_t kZero = 0x80;
// At most this many sources are packed (15 checkers); more go to the plain writer.
inline constexpr int kMaxSources = 15;

using Bytes16 = std::array<std::uint8_t, 16>;
using Bytes32 = std::array<std::uint8_t, 32>;

inline __m128i load16(const Bytes16& a) noexcept { return _mm_load_si128(reinterpret_cast<const __m128i*>(a.data())); }
inline __m256i load32(const Bytes32& a) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(a.data()));
}

/// kPack[m]: the indices (0..7) of the set bits of m, ascending, in the low bytes (zeros after).
alignas(64) inline constexpr std::array<std::uint64_t, 256> kPack = [] {
  std::array<std::uint64_t, 256> t{};
  for (unsigned m = 0; m < 256; ++m) {
    unsigned k = 0;
    for (unsigned i = 0; i < 8; ++i)
      if (((m >> i) & 1u) != 0) t[m] |= static_cast<std::uint64_t>(i) << (8 * k++);
  }
  return t;
}();

/// kShift[p] (p = 0..16): pshufb indices moving bytes up by p (zeros below p);
/// kPrefix[p]: 0xFF in bytes 0 .. p - 1.
alignas(16) inline constexpr std::array<Bytes16, 17> kShift = [] {
  std::array<Bytes16, 17> t{};
  for (std::size_t p = 0; p <= 16; ++p)
    for (std::size_t i = 0; i < 16; ++i) t[p][i] = i >= p ? static_cast<std::uint8_t>(i - p) : kZero;
  return t;
}();
alignas(16) inline constexpr std::array<Bytes16, 17> kPrefix = [] {
  std::array<Bytes16, 17> t{};
  for (std::size_t p = 0; p <= 16; ++p)
    for (std::size_t i = 0; i < p; ++i) t[p][i] = 0xFF;
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

/// Byte s (point s, 0..31) = `value` when bit s of `mask` is set, else 0.
inline __m256i point_bytes(std::uint32_t mask, unsigned value) noexcept {
  const __m256i bit = load32(kMaskBit);
  const __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi32(static_cast<int>(mask)), load32(kMaskByte));
  return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(m, bit), bit), _mm256_set1_epi8(static_cast<char>(value)));
}

// Byte p of a register <- byte p mod 10 of a record held in both 128-bit lanes (kZero past the
// third record).
alignas(32) inline constexpr Bytes32 kRepeat = [] {
  Bytes32 t{};
  for (std::size_t p = 0; p < 32; ++p)
    t[p] = p < kRecords * kRecordBytes ? static_cast<std::uint8_t>(p % kRecordBytes) : kZero;
  return t;
}();

/// Three copies of the record (steps: put() layout, tail = size | hits << 8) at bytes 0, 10, 20.
inline __m256i repeat(std::uint64_t steps, unsigned tail) noexcept {
  const __m128i rec = _mm_insert_epi16(_mm_cvtsi64_si128(static_cast<long long>(steps)), static_cast<short>(tail), 4);
  return _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(rec), load32(kRepeat));
}

// The pairs (i, j), i > j, of indices into the ascending list of sources, in the plain writer's
// order (1, 0), (2, 0), (2, 1), (3, 0), ...: group g holds pairs 3g .. 3g + 2, i in bytes 0..2
// and j in bytes 3..5. 15 sources: 105 pairs, 35 groups.
inline constexpr std::size_t kPairGroups = 35;
alignas(16) inline constexpr std::array<Bytes16, kPairGroups> kPairIndex = [] {
  std::array<Bytes16, kPairGroups> t{};
  std::size_t p = 0;
  for (std::size_t i = 1; i < kMaxSources; ++i)
    for (std::size_t j = 0; j < i; ++j, ++p) {
      t[p / kRecords][p % kRecords] = static_cast<std::uint8_t>(i);
      t[p / kRecords][kRecords + p % kRecords] = static_cast<std::uint8_t>(j);
    }
  return t;
}();

// From a register of (u0 u1 u2 v0 v1 v2, their hit values at bytes 8 ..) in both lanes, record r
// of three: from2 = to2 = u_r, from3 = to3 = v_r, hits = the hit value of u_r (kPairRecord);
// the hit value of v_r at the hits byte (kPairRecordV).
alignas(32) inline constexpr std::array<Bytes32, 2> kPairRecord = [] {
  std::array<Bytes32, 2> t{};
  t[0].fill(kZero);
  t[1].fill(kZero);
  for (std::size_t r = 0; r < kRecords; ++r) {
    const std::size_t b = kRecordBytes * r;
    t[0][b + 2] = t[0][b + 6] = static_cast<std::uint8_t>(r);
    t[0][b + 3] = t[0][b + 7] = static_cast<std::uint8_t>(kRecords + r);
    t[0][b + 9] = static_cast<std::uint8_t>(8 + r);
    t[1][b + 9] = static_cast<std::uint8_t>(8 + kRecords + r);
  }
  return t;
}();

/// The first part of plain::write_double_pairs: the plays of every pair u > v of the sources
/// `mov`, in its order; returns their number. Precondition: at most kMaxSources sources.
inline std::size_t write_pairs(Play* out, std::uint64_t steps, unsigned tail, std::uint32_t mov, int d,
                               std::uint32_t blot) noexcept {
  const int k = std::popcount(mov);
  // The sources of mov left-packed (bytes 0 .. k - 1), and their hit values (4: the third step
  // from there hits a blot at s - d).
  const __m256i hit_values = point_bytes(blot << d, 4);
  auto chunk = [&](int c) noexcept {
    return _mm_cvtsi64_si128(static_cast<long long>(kPack[(mov >> (8 * c)) & 0xFFu]));
  };
  const int p0 = std::popcount(mov & 0xFFu), pa = std::popcount(mov & 0xFFFFu), p2 = std::popcount(mov & 0xFF0000u);
  const __m128i eight = _mm_set1_epi8(8);
  const __m128i ia = _mm_and_si128(
      _mm_or_si128(chunk(0),
                   _mm_shuffle_epi8(_mm_or_si128(chunk(1), eight), load16(kShift[static_cast<std::size_t>(p0)]))),
      load16(kPrefix[static_cast<std::size_t>(pa)]));
  const __m128i ib = _mm_or_si128(
      chunk(2), _mm_shuffle_epi8(_mm_or_si128(chunk(3), eight), load16(kShift[static_cast<std::size_t>(p2)])));
  const __m128i shift_b = load16(kShift[static_cast<std::size_t>(pa)]);
  const __m128i src = _mm_or_si128(ia, _mm_shuffle_epi8(_mm_add_epi8(ib, _mm_set1_epi8(16)), shift_b));
  const __m128i hits =
      _mm_or_si128(_mm_and_si128(_mm_shuffle_epi8(_mm256_castsi256_si128(hit_values), ia),
                                 load16(kPrefix[static_cast<std::size_t>(pa)])),
                   _mm_shuffle_epi8(_mm_shuffle_epi8(_mm256_extracti128_si256(hit_values, 1), ib), shift_b));

  const __m256i base = repeat(steps, tail);
  const __m256i sub = repeat(static_cast<std::uint64_t>(d) << 48 | static_cast<std::uint64_t>(d) << 56, 0);
  const __m256i rec_u = load32(kPairRecord[0]), rec_v = load32(kPairRecord[1]);
  auto* o = reinterpret_cast<unsigned char*>(out);
  const auto pairs = static_cast<std::size_t>(k * (k - 1) / 2);
  for (std::size_t g = 0; kRecords * g < pairs; ++g) {
    const __m128i idx = load16(kPairIndex[g]);
    const __m256i z =
        _mm256_broadcastsi128_si256(_mm_unpacklo_epi64(_mm_shuffle_epi8(src, idx), _mm_shuffle_epi8(hits, idx)));
    const __m256i hv = _mm256_shuffle_epi8(z, rec_v);
    const __m256i r = _mm256_or_si256(_mm256_subs_epu8(_mm256_shuffle_epi8(z, rec_u), sub), _mm256_add_epi8(hv, hv));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + kRecordBytes * kRecords * g), _mm256_or_si256(r, base));
  }
  return pairs;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::avx2
#endif

#endif  // BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX2_HPP_
