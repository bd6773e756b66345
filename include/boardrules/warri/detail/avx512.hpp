// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_WARRI_DETAIL_AVX512_HPP_
#define BOARDRULES_WARRI_DETAIL_AVX512_HPP_
/// \file
/// The AVX-512 (BW + VBMI) Warri perft kernel: all six children of a node built at once, one child
/// per 64-bit group of a 512-bit register, in the layout of detail/swar.hpp (mirrored rows, lane 7 the
/// store). Sowing is arithmetic: house k of a child receives (n + 11 - d) / 11 seeds, one byte add
/// and one byte permute (vpermb) through a 64-entry table of x / 11; the landing lane comes from a
/// second table (x % 11 == 0); the capture chain is the add-and-mask of swar.hpp in 64-bit lanes;
/// the captured seeds are one vpsadbw. Chosen at compile time when the compiler targets AVX-512 BW
/// and VBMI (detail/simd.hpp); tested against the plain path by the _native test twins.

#include "boardrules/core/config.hpp"

#include "boardrules/warri/detail/simd.hpp"

#if defined(BOARDRULES_WARRI_AVX512)

#include <immintrin.h>

#include <array>
#include <cstdint>

#include "boardrules/warri/detail/swar.hpp"
#include "boardrules/warri/values/variant.hpp"

// GCC 12 warns (falsely) about undefined source vectors inside some AVX-512 intrinsics.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::avx512 {

using swar::Node;
using swar::u64;

struct alignas(64) Tables {
  std::array<std::uint8_t, 64> div11{};  ///< x / 11
  std::array<std::uint8_t, 64> land{};   ///< 1 when x = n + 11 - d says "the last seed lands here"
  std::array<std::uint8_t, 64> bcast{};  ///< group g <- byte g (the seeds of the mover's lane g)
  std::array<std::uint8_t, 64> c_opp{};  ///< 11 - distance from mover lane g to opponent lane k
  std::array<std::uint8_t, 64> c_own{};  ///< 11 - distance from mover lane g to own lane k
};

constexpr Tables make_tables() noexcept {
  Tables t;
  for (int x = 0; x < 64; ++x) {
    t.div11[static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(x / 11);
    t.land[static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(x >= 11 && x % 11 == 0 ? 1 : 0);
  }
  for (int g = 0; g < 8; ++g)
    for (int k = 0; k < 8; ++k) {
      const auto i = static_cast<std::size_t>(8 * g + k);
      t.bcast[i] = static_cast<std::uint8_t>(g);
      if (g < 6 && k < 6) {
        // Mover lane g = sowing index 5 - g; lane k of a row = index 5 - k.
        t.c_opp[i] = static_cast<std::uint8_t>(11 - (6 + g - k));
        t.c_own[i] = static_cast<std::uint8_t>(k == g ? 0 : 11 - (g - k + 12) % 12);
      }
    }
  return t;
}

inline constexpr Tables kTables = make_tables();

inline constexpr __mmask64 kRows = 0x00003F3F3F3F3F3FULL;  ///< lanes 0..5 of groups 0..5
/// Lanes 0..5 of groups 0..5 except the origin (lane g of group g): the own row receives there.
inline constexpr __mmask64 kOwnSow = 0x00001F2F373B3D3EULL;
/// kOwnSow plus the store lane 7: what the mover keeps of its row word.
inline constexpr __mmask64 kKeepOwn = 0x00009FAFB7BBBDBEULL;

[[nodiscard]] BOARDRULES_WARRI_INLINE __m512i load(const std::array<std::uint8_t, 64>& a) noexcept {
  return _mm512_load_si512(static_cast<const void*>(a.data()));
}

/// The six children's rows (before the flip): `opp` the opponent's rows after the captures,
/// `own` the mover's rows with the mover's store; `captured` the seeds taken per group.
struct Six {
  __m512i opp, own, captured;
};

template <class R, bool kOwn>
[[nodiscard]] BOARDRULES_WARRI_INLINE Six six(const Node& p) noexcept {
  static_assert(R::grand_slam != GrandSlam::Illegal, "WA-3.4 takes the portable kernel (warri/rules/perft.hpp)");
  const __m512i vm = _mm512_set1_epi64(static_cast<long long>(p.m));
  const __m512i vo = _mm512_set1_epi64(static_cast<long long>(p.o));
  const __m512i n = _mm512_permutexvar_epi8(load(kTables.bcast), vm);
  const __m512i div11 = load(kTables.div11);
  const __m512i xo = _mm512_add_epi8(n, load(kTables.c_opp));
  const __m512i o = _mm512_add_epi8(vo, _mm512_mask_permutexvar_epi8(_mm512_setzero_si512(), kRows, xo, div11));
  const __m512i land = _mm512_mask_permutexvar_epi8(_mm512_setzero_si512(), kRows, xo, load(kTables.land));
  const __mmask64 k23 = _mm512_mask_cmpeq_epi8_mask(
      kRows, _mm512_and_si512(o, _mm512_set1_epi8(static_cast<char>(0xFE))), _mm512_set1_epi8(2));
  const __m512i x = _mm512_movm_epi8(k23);
  __m512i chain = _mm512_andnot_si512(_mm512_add_epi64(x, land), x);
  if constexpr (R::grand_slam == GrandSlam::CapturesNothing) {
    const __m512i rest = _mm512_andnot_si512(chain, _mm512_mask_mov_epi8(_mm512_setzero_si512(), kRows, o));
    chain = _mm512_mask_mov_epi64(_mm512_setzero_si512(), _mm512_test_epi64_mask(rest, rest), chain);
  }
  Six s;
  s.captured = _mm512_sad_epu8(_mm512_and_si512(o, chain), _mm512_setzero_si512());
  s.opp = _mm512_andnot_si512(chain, o);
  if constexpr (kOwn) {
    const __m512i xm = _mm512_add_epi8(n, load(kTables.c_own));
    const __m512i own = _mm512_add_epi8(_mm512_mask_mov_epi8(_mm512_setzero_si512(), kKeepOwn, vm),
                                        _mm512_mask_permutexvar_epi8(_mm512_setzero_si512(), kOwnSow, xm, div11));
    s.own = _mm512_add_epi64(own, _mm512_slli_epi64(s.captured, 56));
  } else {
    s.own = _mm512_setzero_si512();
  }
  return s;
}

/// Groups g (bit g) whose lane g is set in a 0x80-lanes move mask.
[[nodiscard]] BOARDRULES_WARRI_INLINE __mmask8 groups_of(u64 moves) noexcept {
  const __m512i sel = _mm512_set_epi64(0, 0, 0x0000800000000000LL, 0x0000008000000000LL, 0x0000000080000000LL,
                                       0x0000000000800000LL, 0x0000000000008000LL, 0x0000000000000080LL);
  return _mm512_test_epi64_mask(_mm512_set1_epi64(static_cast<long long>(moves)), sel);
}

/// perft(p, 2) from the six children at once (see swar::count2 for the rules of the shortcut).
template <class R>
[[nodiscard]] BOARDRULES_WARRI_INLINE std::uint64_t count2(const Node& p, u64 moves) noexcept {
  // A child whose mover's row ends empty must feed (WA-2.3): only when one house is non-empty.
  const u64 mine = swar::nonzero_lanes(p.m);
  if ((mine & (mine - 1)) == 0) return swar::count2<R>(p, moves);
  const Six s = six<R, false>(p);
  const int ms = swar::store_of(p.m);
  const __mmask8 over = _mm512_cmpge_epu64_mask(s.captured, _mm512_set1_epi64(R::win_seeds - ms));
  const __mmask8 live = static_cast<__mmask8>(groups_of(moves) & ~over);
  const __m512i rows = _mm512_mask_mov_epi64(_mm512_setzero_si512(), live, s.opp);
  const __mmask64 nz = _mm512_mask_test_epi8_mask(kRows, rows, rows);
  return static_cast<std::uint64_t>(_mm_popcnt_u64(nz));
}

/// The sizes of the move lists of the (fully built) children, all six at once: WA-4.1 (either
/// store at R::win_seeds), WA-4.2 (the child's mover row empty) as in swar::legal; a child whose
/// opponent's row is empty (it must feed, WA-2.3) takes swar::legal.
template <class R>
[[nodiscard]] BOARDRULES_WARRI_INLINE std::uint64_t legal6(const Six& s, const u64* opp, const u64* own,
                                                           u64 moves) noexcept {
  const __m512i win = _mm512_set1_epi64(R::win_seeds);
  const __mmask8 over = static_cast<__mmask8>(_mm512_cmpge_epu64_mask(_mm512_srli_epi64(s.opp, 56), win) |
                                              _mm512_cmpge_epu64_mask(_mm512_srli_epi64(s.own, 56), win));
  const __m512i row = _mm512_set1_epi64(static_cast<long long>(swar::kRow));
  const __mmask8 children = groups_of(moves);
  const __mmask8 feed = static_cast<__mmask8>(_mm512_testn_epi64_mask(s.own, row) & children & ~over);
  const __mmask8 live = static_cast<__mmask8>(children & ~over & ~feed);
  const __m512i rows = _mm512_mask_mov_epi64(_mm512_setzero_si512(), live, s.opp);
  std::uint64_t n = static_cast<std::uint64_t>(_mm_popcnt_u64(_mm512_mask_test_epi8_mask(kRows, rows, rows)));
  for (unsigned f = feed; f != 0; f &= f - 1) {
    const auto g = static_cast<std::size_t>(std::countr_zero(f));
    n += static_cast<std::uint64_t>(swar::count_lanes(swar::legal<R>(Node{opp[g], own[g]})));
  }
  return n;
}

/// The AVX-512 kernel of perft (detail/perft.hpp): the six children built at once.
struct Kernel {
  static constexpr bool count_only = false;
  template <class R>
  struct Children {
    Six s;
    alignas(64) u64 opp[8];
    alignas(64) u64 own[8];
    BOARDRULES_WARRI_INLINE explicit Children(const Node& p) noexcept : s(six<R, true>(p)) {
      _mm512_store_si512(static_cast<void*>(opp), s.opp);
      _mm512_store_si512(static_cast<void*>(own), s.own);
    }
    [[nodiscard]] BOARDRULES_WARRI_INLINE Node child(int g) const noexcept {
      return Node{opp[static_cast<std::size_t>(g)], own[static_cast<std::size_t>(g)]};
    }
    [[nodiscard]] BOARDRULES_WARRI_INLINE std::uint64_t list_sizes(u64 moves) const noexcept {
      return legal6<R>(s, opp, own, moves);
    }
  };
  template <class R>
  BOARDRULES_WARRI_INLINE static void make_leaves(const Node& p, u64) noexcept {
    Six s = six<R, true>(p);
    keep(s.opp, s.own);
  }
  template <class R>
  [[nodiscard]] BOARDRULES_WARRI_INLINE static std::uint64_t count2(const Node& p, u64 moves) noexcept {
    return avx512::count2<R>(p, moves);
  }
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::avx512

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif

#endif  // BOARDRULES_WARRI_DETAIL_AVX512_HPP_
