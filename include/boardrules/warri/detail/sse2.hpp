// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_WARRI_DETAIL_SSE2_HPP_
#define BOARDRULES_WARRI_DETAIL_SSE2_HPP_
/// \file
/// The SSE2 Warri perft kernel (any x86-64 CPU, no -march flag needed) for Leaves::Count: the
/// opponent rows of the six children of a node built at once in three 128-bit registers (two
/// children each, one per 64-bit half), in the layout of detail/swar.hpp, to count the last two
/// plies. SSE2 has no byte shuffle, so each child's seed count is spread over its half by a
/// multiply; lane k of child g receives (n + 11 - d) / 11 seeds and the landing lane is where
/// n + 11 - d is a multiple of 11 (div11 in detail/simd.hpp); the capture chain is the
/// add-and-mask of swar.hpp in 64-bit lanes; the captured seeds one psadbw. Chosen at compile time
/// when the compiler targets SSE2 but not AVX2 (detail/simd.hpp); tested against the plain path by
/// the test binaries built without -march.

#include "boardrules/core/config.hpp"

#include "boardrules/warri/detail/simd.hpp"

#if defined(BOARDRULES_WARRI_SSE2)

#include <emmintrin.h>

#include <array>
#include <bit>
#include <cstdint>

#include "boardrules/warri/detail/swar.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::sse2 {

using swar::Node;
using swar::u64;

/// Per pair q (children 2q and 2q + 1): byte 8j + k is for child g = 2q + j, lane k.
struct alignas(16) Pair {
  std::array<std::uint8_t, 16> c_opp{};  ///< 11 - distance from mover lane g to opponent lane k
  std::array<std::uint8_t, 16> rows{};   ///< 0xFF in lanes 0..5
};

constexpr std::array<Pair, 3> make_pairs() noexcept {
  std::array<Pair, 3> t{};
  for (int q = 0; q < 3; ++q)
    for (int j = 0; j < 2; ++j) {
      const int g = 2 * q + j;
      for (int k = 0; k < 8; ++k) {
        const auto i = static_cast<std::size_t>(8 * j + k);
        Pair& x = t[static_cast<std::size_t>(q)];
        if (k < 6) {
          x.c_opp[i] = static_cast<std::uint8_t>(11 - (6 + g - k));
          x.rows[i] = 0xFF;
        }
      }
    }
  return t;
}

inline constexpr std::array<Pair, 3> kPairs = make_pairs();

[[nodiscard]] BOARDRULES_WARRI_INLINE __m128i load(const std::array<std::uint8_t, 16>& a) noexcept {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(a.data()));
}

struct Six {
  __m128i opp[3], captured[3];  ///< the children's opponent rows after the captures; seeds taken
};

template <class R>
[[nodiscard]] BOARDRULES_WARRI_INLINE Six six(const Node& p) noexcept {
  static_assert(R::grand_slam != GrandSlam::Illegal, "WA-3.4 takes the portable kernel (warri/rules/perft.hpp)");
  const __m128i vo = _mm_set1_epi64x(static_cast<long long>(p.o));
  Six s;
  for (int q = 0; q < 3; ++q) {
    const Pair& t = kPairs[static_cast<std::size_t>(q)];
    const __m128i rows = load(t.rows);
    const u64 n0 = (p.m >> (16 * q)) & 0xFF, n1 = (p.m >> (16 * q + 8)) & 0xFF;
    const __m128i n =
        _mm_set_epi64x(static_cast<long long>(n1 * swar::kOnes), static_cast<long long>(n0 * swar::kOnes));
    __m128i d, land;
    div11(_mm_add_epi8(n, load(t.c_opp)), d, land);
    const __m128i o = _mm_add_epi8(vo, _mm_and_si128(d, rows));
    land = _mm_and_si128(land, rows);
    const __m128i x =
        _mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(o, _mm_set1_epi8(static_cast<char>(0xFE))), _mm_set1_epi8(2)), rows);
    __m128i chain = _mm_andnot_si128(_mm_add_epi64(x, land), x);
    if constexpr (R::grand_slam == GrandSlam::CapturesNothing) {
      const __m128i rest = _mm_andnot_si128(chain, _mm_and_si128(o, rows));
      const __m128i z32 = _mm_cmpeq_epi32(rest, _mm_setzero_si128());
      chain = _mm_andnot_si128(_mm_and_si128(z32, _mm_shuffle_epi32(z32, 0xB1)), chain);
    }
    s.captured[q] = _mm_sad_epu8(_mm_and_si128(o, chain), _mm_setzero_si128());
    s.opp[q] = _mm_andnot_si128(chain, o);
  }
  return s;
}

/// perft(p, 2) from the six children at once (see swar::count2 for the rules of the shortcut).
template <class R>
[[nodiscard]] BOARDRULES_WARRI_INLINE std::uint64_t count2(const Node& p, u64 moves) noexcept {
  const u64 mine = swar::nonzero_lanes(p.m);
  if ((mine & (mine - 1)) == 0) return swar::count2<R>(p, moves);  // a child may have to feed
  const Six s = six<R>(p);
  const u64 room = static_cast<u64>(R::win_seeds - swar::store_of(p.m));  // captures that end the game
  u64 nonzero = 0;  // bit 8g + k: child g's lane k is not empty (a move of the child)
  for (int q = 0; q < 3; ++q) {
    const __m128i rows = _mm_and_si128(s.opp[q], load(kPairs[static_cast<std::size_t>(q)].rows));
    const auto empty = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(rows, _mm_setzero_si128())));
    u64 bits = ~empty & 0x3F3Fu;
    const auto c0 = static_cast<u64>(_mm_cvtsi128_si64(s.captured[q]));
    const auto c1 = static_cast<u64>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(s.captured[q], s.captured[q])));
    if (c0 >= room) bits &= 0xFF00u;  // WA-4.1: the child is over, no move
    if (c1 >= room) bits &= 0x00FFu;
    nonzero |= bits << (16 * q);
  }
  // Keep the children that are legal moves: lane g of `moves` (0x80) -> 0x3F in byte g.
  return static_cast<std::uint64_t>(std::popcount(nonzero & ((moves >> 7) * 0x3F)));
}

/// The SSE2 kernel of perft (detail/perft.hpp): the portable one with SSE2's count2. Only Count
/// gains from SSE2 (measured: building the six children at once costs as much as six SWAR makes,
/// so List and Make take the portable core).
struct Kernel : swar::Kernel {
  static constexpr bool count_only = true;
  template <class R>
  [[nodiscard]] BOARDRULES_WARRI_INLINE static std::uint64_t count2(const Node& p, u64 moves) noexcept {
    return sse2::count2<R>(p, moves);
  }
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::sse2

#endif

#endif  // BOARDRULES_WARRI_DETAIL_SSE2_HPP_
