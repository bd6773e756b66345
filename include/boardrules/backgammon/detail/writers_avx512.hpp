// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX512_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX512_HPP_
/// \file
/// The AVX-512 VBMI/VBMI2 play writers (the seam is writers.hpp; each function here writes
/// exactly what its namesake in detail::plain writes). A "row" is a set of plays that share
/// every step but one, whose source runs over a bitmask of points (the lower die's sources for
/// one higher-die play; the fourth step of a double after three fixed steps); a "chain" is one
/// checker playing both dice of a non-double; the "pairs" are the last two steps of a double.
/// The sources are compressed into bytes (vpcompressb), then six 10-byte Play records are
/// assembled per 64-byte register by byte permutes (from = s, to = dest[s], hit bits looked up
/// by source) and written with one 64-byte store; the bytes past the last play land in the
/// spare plays after the output's capacity (kPlaySpare). Used only when the compiler targets
/// AVX-512 VBMI2 (and never in constant evaluation). Not part of the API.

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "boardrules/backgammon/detail/masks.hpp"
#include "boardrules/backgammon/values/play.hpp"

#undef BOARDRULES_BG_WRITERS_AVX512  // defined for this level only
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512VBMI2
#define BOARDRULES_BG_WRITERS_AVX512 1

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::avx512 {

// Every write is a whole 64-byte register stored at the next play: 6.4 plays, of which the
// ones past the plays written are scribbled on and overwritten later or left past the end
// (PlayList has kPlaySpare = 7 spare plays after its capacity for this).
inline void store(unsigned char* o, __m512i v) noexcept { _mm512_storeu_si512(static_cast<void*>(o), v); }

static_assert(sizeof(Play) == 10, "the writers assume the 10-byte Play layout");

// The register layout the writers assemble: kPerRegister whole play records of kRecord bytes
// (record r at bytes kRecord * r ..), advanced by kStride bytes per register written.
inline constexpr std::size_t kRecord = sizeof(Play);
inline constexpr unsigned kPerRegister = 6;
inline constexpr std::size_t kStride = kRecord * kPerRegister;
// The 16-bit word of a 128-bit record that holds its tail (size, hits): bytes 8 and 9.
inline constexpr int kTailWord = 4;
// Index offsets in the two-table byte permutes (vpermi2b): + 32 selects the identity half of a
// kDest table (the value s itself, for a from byte), + 64 the second table (the hit bits).
inline constexpr std::uint8_t kIdentityHalf = 32;
inline constexpr std::uint8_t kSecondTable = 64;
// Registers of sources hold the first source of play r in byte r and the second one (the
// chain's stop, the pair's v) in byte kSecondSource + r: kSecondSources masks those six bytes.
inline constexpr std::size_t kSecondSource = 8;
inline constexpr std::uint64_t kSecondSources = 0x3Full << kSecondSource;
// vpternlog truth table of a | b | c.
inline constexpr int kOr3 = 0xFE;

// Per step slot j (0..3), the byte layout of six records in a register: record r occupies bytes
// 10r .. 10r + 9; from[j] is byte 10r + j, to[j] byte 10r + 4 + j, hits byte 10r + 9.
struct SlotTables {
  alignas(64) std::array<std::uint8_t, 64> spread;  // the record number r at the three bytes
  alignas(64) std::array<std::uint8_t, 64> offset;  // + 32: from (identity half), 0: to, 64: hits
  std::uint64_t lanes;                              // the three bytes of every record
};

inline constexpr std::array<SlotTables, 4> kSlot = [] {
  std::array<SlotTables, 4> t{};
  for (std::size_t j = 0; j < 4; ++j) {
    for (std::size_t r = 0; r < kPerRegister; ++r) {
      const std::size_t f = kRecord * r + j, to = kRecord * r + 4 + j, h = kRecord * r + 9;  // from[j], to[j], hits
      t[j].spread[f] = t[j].spread[to] = t[j].spread[h] = static_cast<std::uint8_t>(r);
      t[j].offset[f] = kIdentityHalf;
      t[j].offset[h] = kSecondTable;
      t[j].lanes |= 1ull << f | 1ull << to | 1ull << h;
    }
  }
  return t;
}();

// Byte i -> i mod kRecord (one record's bytes repeated over the register), and 0..63.
alignas(64) inline constexpr std::array<std::uint8_t, 64> kRep10 = [] {
  std::array<std::uint8_t, 64> t{};
  for (std::size_t i = 0; i < 64; ++i) t[i] = static_cast<std::uint8_t>(i % kRecord);
  return t;
}();
alignas(64) inline constexpr std::array<std::uint8_t, 64> kIota = [] {
  std::array<std::uint8_t, 64> t{};
  for (std::size_t i = 0; i < 64; ++i) t[i] = static_cast<std::uint8_t>(i);
  return t;
}();

inline __m512i load(const std::array<std::uint8_t, 64>& a) noexcept {
  return _mm512_load_si512(static_cast<const void*>(a.data()));
}

/// The landing points of die d by source: byte s (0..31) = s - d, or 0 (borne off) when s <= d;
/// bytes 32 + s = s (the identity half that supplies from = s). One table per die 1..6.
alignas(64) inline constexpr std::array<std::array<std::uint8_t, 64>, 7> kDest = [] {
  std::array<std::array<std::uint8_t, 64>, 7> t{};
  for (std::size_t d = 1; d <= 6; ++d)
    for (std::size_t s = 0; s < 32; ++s) {
      t[d][s] = static_cast<std::uint8_t>(s > d ? s - d : 0);
      t[d][kIdentityHalf + s] = static_cast<std::uint8_t>(s);
    }
  return t;
}();
inline __m512i dest_table(int d) noexcept { return load(kDest[static_cast<std::size_t>(d)]); }

/// Writes one play per source s in `srcs` (ascending s) to `out`: the record `steps`/`tail`
/// (put() layout: steps with slot `slot` zero; tail = size | hits << 8) with from[slot] = s,
/// to[slot] = dest[s] and `hit_bit` added to hits when bit s of `hit_srcs` is set.
/// Returns the number written. Stores whole 64-byte blocks, so up to 6.4 plays past the last one
/// are scribbled on (the caller's buffer has kPlaySpare spare plays).
inline std::size_t emit_row(Play* out, std::uint64_t steps, unsigned tail, std::uint32_t srcs, int slot, __m512i dest,
                            std::uint32_t hit_srcs, unsigned hit_bit) noexcept {
  const SlotTables& st = kSlot[static_cast<std::size_t>(slot)];
  const __m128i rec =
      _mm_insert_epi16(_mm_cvtsi64_si128(static_cast<long long>(steps)), static_cast<short>(tail), kTailWord);
  const __m512i base = permute_bytes(load(kRep10), _mm512_castsi128_si512(rec));
  const __m512i hits = _mm512_maskz_set1_epi8(hit_srcs, static_cast<char>(hit_bit));
  const __m512i src = _mm512_maskz_compress_epi8(srcs, load(kIota));
  const __m512i offset = load(st.offset);
  __m512i spread = load(st.spread);
  const auto k = static_cast<unsigned>(std::popcount(srcs));
  auto* o = reinterpret_cast<unsigned char*>(out);
  for (unsigned done = 0;;) {
    const __m512i x = _mm512_or_si512(permute_bytes(spread, src), offset);
    const __m512i v = _mm512_or_si512(base, _mm512_maskz_permutex2var_epi8(st.lanes, dest, x, hits));
    store(o, v);
    done += kPerRegister;
    if (done >= k) break;
    o += kStride;
    spread = _mm512_add_epi8(spread, _mm512_set1_epi8(static_cast<char>(kPerRegister)));
  }
  return k;
}

// Chunk c of a single list: bytes r and kSecondSource + r both hold 6c + r (u = v = the r-th
// source).
alignas(64) inline constexpr std::array<std::array<std::uint8_t, 64>, 5> kDup = [] {
  std::array<std::array<std::uint8_t, 64>, 5> t{};
  for (std::size_t c = 0; c < 5; ++c)
    for (std::size_t r = 0; r < kPerRegister; ++r)
      t[c][r] = t[c][kSecondSource + r] = static_cast<std::uint8_t>(kPerRegister * c + r);
  return t;
}();

// One checker playing both dice of a non-double, a -> a - first -> a - first - second, for the
// a of a mask: u = a in byte r, v = a - first in byte 8 + r of a register. from0 = u, to0 =
// from1 = v, to1 = dest[v] (the second die); hits by v (1: v holds a blot, 2: v - second does).
struct ChainTables {
  alignas(64) std::array<std::uint8_t, 64> spread;  // u at from0; v at to0, from1, to1, hits
  alignas(64) std::array<std::uint8_t, 64> offset;  // + 64 at hits (second table)
  std::uint64_t raw = 0;                            // from0, to0, from1: the values themselves
  std::uint64_t looked = 0;                         // to1, hits: looked up
};

inline constexpr ChainTables kChain = [] {
  ChainTables t{};
  for (std::size_t r = 0; r < kPerRegister; ++r) {
    const std::size_t b = kRecord * r;
    t.spread[b + 0] = static_cast<std::uint8_t>(r);
    t.spread[b + 4] = t.spread[b + 1] = t.spread[b + 5] = t.spread[b + 9] =
        static_cast<std::uint8_t>(kSecondSource + r);
    t.offset[b + 9] = kSecondTable;
    t.raw |= 1ull << b | 1ull << (b + 4) | 1ull << (b + 1);
    t.looked |= 1ull << (b + 5) | 1ull << (b + 9);
  }
  return t;
}();

/// Writes the plays a -> a - first -> a - first - second for the a in `srcs` (two steps of a
/// non-double by one checker); returns their number.
inline std::size_t emit_chains(Play* out, std::uint32_t srcs, int first, int second, std::uint32_t blot) noexcept {
  const __m512i iota = load(kIota);
  const __m512i base =
      permute_bytes(load(kRep10), _mm512_castsi128_si512(_mm_insert_epi16(_mm_setzero_si128(), 2, kTailWord)));
  const __m512i dest = dest_table(second);
  const __m512i hits = _mm512_or_si512(_mm512_maskz_set1_epi8(blot, 1),
                                       _mm512_maskz_set1_epi8(static_cast<std::uint64_t>(blot) << second, 2));
  const __m512i u = _mm512_maskz_compress_epi8(srcs, iota);
  const __m512i first_v = _mm512_maskz_set1_epi8(kSecondSources, static_cast<char>(first));
  const auto k = static_cast<unsigned>(std::popcount(srcs));
  auto* o = reinterpret_cast<unsigned char*>(out);
  for (unsigned i = 0;; ++i) {
    const __m512i p = _mm512_sub_epi8(permute_bytes(load(kDup[i]), u), first_v);
    const __m512i y = permute_bytes(load(kChain.spread), p);
    const __m512i looked =
        _mm512_maskz_permutex2var_epi8(kChain.looked, dest, _mm512_or_si512(y, load(kChain.offset)), hits);
    store(o, _mm512_ternarylogic_epi64(base, _mm512_maskz_mov_epi8(kChain.raw, y), looked, kOr3));
    if (kPerRegister * (i + 1) >= k) break;
    o += kStride;
  }
  return k;
}

// The last two steps of a double (slots 2 and 3) written together, six plays a register: the
// sources u (third step) and v (fourth step) of each play come in a register P, u_r in byte r
// and v_r in byte 8 + r (r = 0..5).
struct PairTables {
  alignas(64) std::array<std::uint8_t, 64> spread;    // from2, to2, hits <- u; from3, to3 <- v
  alignas(64) std::array<std::uint8_t, 64> spread_v;  // hits <- v
  alignas(64) std::array<std::uint8_t, 64> offset;    // + 32 at the from bytes (identity half)
  std::uint64_t steps = 0;                            // the from/to bytes of slots 2 and 3
  std::uint64_t hits = 0;                             // the hits bytes
};

inline constexpr PairTables kPair = [] {
  PairTables t{};
  for (std::size_t r = 0; r < kPerRegister; ++r) {
    const std::size_t b = kRecord * r;
    t.spread[b + 2] = t.spread[b + 6] = t.spread[b + 9] = static_cast<std::uint8_t>(r);
    t.spread[b + 3] = t.spread[b + 7] = static_cast<std::uint8_t>(kSecondSource + r);
    t.spread_v[b + 9] = static_cast<std::uint8_t>(kSecondSource + r);
    t.offset[b + 2] = t.offset[b + 3] = kIdentityHalf;
    t.steps |= 1ull << (b + 2) | 1ull << (b + 3) | 1ull << (b + 6) | 1ull << (b + 7);
    t.hits |= 1ull << (b + 9);
  }
  return t;
}();

// Chunk c of all pairs (i, j), i > j, in the order (1,0), (2,0), (2,1), (3,0), ...: bytes 0..5
// hold i, bytes 8..13 hold j (indices into the ascending list of sources). The pairs of k
// sources are the first k(k - 1)/2; at most 15 sources (15 checkers): 105 pairs, 18 chunks.
inline constexpr std::size_t kPairChunkCount = 18;
alignas(64) inline constexpr std::array<std::array<std::uint8_t, 64>, kPairChunkCount> kPairIndex = [] {
  std::array<std::array<std::uint8_t, 64>, kPairChunkCount> t{};
  std::size_t p = 0;
  for (std::size_t i = 1; i < 15; ++i)
    for (std::size_t j = 0; j < i; ++j, ++p) {
      t[p / kPerRegister][p % kPerRegister] = static_cast<std::uint8_t>(i);
      t[p / kPerRegister][kSecondSource + p % kPerRegister] = static_cast<std::uint8_t>(j);
    }
  return t;
}();

/// Writes the plays of a double's last two steps: the record `steps`/`tail` (slots 0 and 1
/// played) completed by slot 2 from u and slot 3 from v, for the (u, v) in P.
struct PairWriter {
  __m512i base, dest, hit2, hit3;
  unsigned char* o;

  PairWriter(Play* out, std::uint64_t steps, unsigned tail, int d, std::uint32_t blot) noexcept
      : base(permute_bytes(load(kRep10),
                           _mm512_castsi128_si512(_mm_insert_epi16(_mm_cvtsi64_si128(static_cast<long long>(steps)),
                                                                   static_cast<short>(tail), kTailWord)))),
        dest(dest_table(d)),
        hit2(_mm512_maskz_set1_epi8(blot << d, 4)),
        hit3(_mm512_maskz_set1_epi8(blot << d, 8)),
        o(reinterpret_cast<unsigned char*>(out)) {}

  // `cnt` (1..6) plays from P; kHit3: the fourth step may hit (not when v == u, whose landing
  // point the third step already took).
  template <bool kHit3>
  void chunk(__m512i p, unsigned cnt) noexcept {
    const __m512i y = permute_bytes(load(kPair.spread), p);
    const __m512i ft = _mm512_maskz_permutexvar_epi8(kPair.steps, _mm512_or_si512(y, load(kPair.offset)), dest);
    __m512i h = _mm512_maskz_permutexvar_epi8(kPair.hits, y, hit2);
    if constexpr (kHit3)
      h = _mm512_or_si512(h, _mm512_maskz_permutexvar_epi8(kPair.hits, permute_bytes(load(kPair.spread_v), p), hit3));
    const __m512i v = _mm512_ternarylogic_epi64(base, ft, h, kOr3);
    store(o, v);
    o += kRecord * cnt;
  }

  /// All pairs u > v of the sources `m`.
  void pairs(std::uint32_t m) noexcept {
    const unsigned k = static_cast<unsigned>(std::popcount(m));
    const __m512i c = _mm512_maskz_compress_epi8(m, load(kIota));
    unsigned total = k * (k - 1) / 2;
    for (std::size_t i = 0; total != 0; ++i) {
      const unsigned cnt = total < kPerRegister ? total : kPerRegister;
      chunk<true>(permute_bytes(load(kPairIndex[i]), c), cnt);
      total -= cnt;
    }
  }
  /// u = v = s for the s in `m`, or (shift != 0) u = s, v = s - shift.
  template <bool kHit3>
  void singles(std::uint32_t m, int shift) noexcept {
    unsigned total = static_cast<unsigned>(std::popcount(m));
    const __m512i c = _mm512_maskz_compress_epi8(m, load(kIota));
    for (std::size_t i = 0; total != 0; ++i) {
      const unsigned cnt = total < kPerRegister ? total : kPerRegister;
      __m512i p = permute_bytes(load(kDup[i]), c);
      if (shift != 0) p = _mm512_mask_sub_epi8(p, kSecondSources, p, _mm512_set1_epi8(static_cast<char>(shift)));
      chunk<kHit3>(p, cnt);
      total -= cnt;
    }
  }
};

/// plain::write_row with AVX-512. The three writers are inlined into the search that calls them
/// (called once per search node, an out-of-line call costs more than the write).
[[gnu::always_inline]] inline std::size_t write_row(Play* out, std::uint64_t steps, unsigned tail, std::uint32_t srcs,
                                                    int slot, int die, std::uint32_t hit_srcs,
                                                    unsigned hit_bit) noexcept {
  return emit_row(out, steps, tail, srcs, slot, dest_table(die), hit_srcs, hit_bit);
}

/// plain::write_chains with AVX-512.
[[gnu::always_inline]] inline std::size_t write_chains(Play* out, std::uint32_t srcs, int first, int second,
                                                       std::uint32_t blot) noexcept {
  return emit_chains(out, srcs, first, second, blot);
}

/// plain::write_double_pairs with AVX-512.
[[gnu::always_inline]] inline std::size_t write_double_pairs(Play* out, std::uint64_t steps, unsigned tail,
                                                             std::uint32_t mov, std::uint32_t same, std::uint32_t on,
                                                             int d, std::uint32_t blot) noexcept {
  const auto k = static_cast<unsigned>(std::popcount(mov));
  PairWriter w(out, steps, tail, d, blot);
  w.pairs(mov);
  w.template singles<false>(same, 0);
  w.template singles<true>(on << d, d);
  return k * (k - 1) / 2 + static_cast<unsigned>(std::popcount(same) + std::popcount(on));
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail::avx512
#endif

#endif  // BOARDRULES_BACKGAMMON_DETAIL_WRITERS_AVX512_HPP_
