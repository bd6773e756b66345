// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_WARRI_DETAIL_AVX2_HPP_
#define BOARDRULES_WARRI_DETAIL_AVX2_HPP_
/// \file
/// The AVX2 Warri perft kernel (x86-64-v3): the six children of a node built at once in two
/// 256-bit registers (children 0..3 and 4..5), one child per 64-bit group, in the layout of
/// detail/swar.hpp. Sowing is arithmetic: lane k of child g receives (n + 11 - d) / 11 seeds,
/// computed with five byte compares (AVX2 has no 64-entry byte permute; div11 in
/// detail/simd.hpp); the landing lane is where n + 11 - d is a multiple of 11; the capture chain is
/// the add-and-mask of swar.hpp in 64-bit lanes; the captured seeds one vpsadbw. Chosen at compile
/// time when the compiler targets AVX2 (and not AVX-512 VBMI; detail/simd.hpp); tested against
/// the plain path by the _native and _avx2 test twins.

#include "boardrules/core/config.hpp"

#include "boardrules/warri/detail/simd.hpp"

#if defined(BOARDRULES_WARRI_AVX2)

#include <immintrin.h>

#include <array>
#include <bit>
#include <cstdint>

#include "boardrules/warri/detail/swar.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::avx2 {

using swar::Node;
using swar::u64;

/// Per half h (children 4h..4h+3): byte 8j + k of each table is for child g = 4h + j, lane k.
struct alignas(32) Half {
  std::array<std::uint8_t, 32> bcast{};    ///< byte g of the mover's word (its seeds n)
  std::array<std::uint8_t, 32> c_opp{};    ///< 11 - distance from mover lane g to opponent lane k
  std::array<std::uint8_t, 32> c_own{};    ///< 11 - distance from mover lane g to own lane k
  std::array<std::uint8_t, 32> rows{};     ///< 0xFF in lanes 0..5 of real children
  std::array<std::uint8_t, 32> own_sow{};  ///< rows without the origin lane
  std::array<std::uint8_t, 32> keep{};     ///< own_sow plus the store lane 7
  std::array<std::uint8_t, 32> sel{};      ///< 0x80 in lane g of group j (the move bit of child g)
};

constexpr std::array<Half, 2> make_halves() noexcept {
  std::array<Half, 2> t{};
  for (int h = 0; h < 2; ++h)
    for (int j = 0; j < 4; ++j) {
      const int g = 4 * h + j;
      for (int k = 0; k < 8; ++k) {
        const auto i = static_cast<std::size_t>(8 * j + k);
        Half& x = t[static_cast<std::size_t>(h)];
        x.bcast[i] = static_cast<std::uint8_t>(g < 6 ? g : 7);
        if (g < 6 && k < 6) {
          x.c_opp[i] = static_cast<std::uint8_t>(11 - (6 + g - k));
          x.c_own[i] = static_cast<std::uint8_t>(k == g ? 0 : 11 - (g - k + 12) % 12);
          x.rows[i] = 0xFF;
          x.own_sow[i] = k == g ? 0 : 0xFF;
          x.keep[i] = k == g ? 0 : 0xFF;
        }
        if (g < 6 && k == 7) x.keep[i] = 0xFF;
        if (g < 6 && k == g) x.sel[i] = 0x80;
      }
    }
  return t;
}

inline constexpr std::array<Half, 2> kHalves = make_halves();

[[nodiscard]] BOARDRULES_WARRI_INLINE __m256i load(const std::array<std::uint8_t, 32>& a) noexcept {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(a.data()));
}

struct Six {
  __m256i opp[2], own[2], captured[2];
};

template <class R, bool kOwn>
[[nodiscard]] BOARDRULES_WARRI_INLINE Six six(const Node& p) noexcept {
  static_assert(R::grand_slam != GrandSlam::Illegal, "WA-3.4 takes the portable kernel (warri/rules/perft.hpp)");
  const __m256i vm = _mm256_set1_epi64x(static_cast<long long>(p.m));
  const __m256i vo = _mm256_set1_epi64x(static_cast<long long>(p.o));
  Six s;
  for (int h = 0; h < 2; ++h) {
    const Half& t = kHalves[static_cast<std::size_t>(h)];
    const __m256i rows = load(t.rows);
    const __m256i n = _mm256_shuffle_epi8(vm, load(t.bcast));
    __m256i q, land;
    div11(_mm256_add_epi8(n, load(t.c_opp)), q, land);
    const __m256i o = _mm256_add_epi8(vo, _mm256_and_si256(q, rows));
    land = _mm256_and_si256(land, rows);
    const __m256i x = _mm256_and_si256(
        _mm256_cmpeq_epi8(_mm256_and_si256(o, _mm256_set1_epi8(static_cast<char>(0xFE))), _mm256_set1_epi8(2)), rows);
    __m256i chain = _mm256_andnot_si256(_mm256_add_epi64(x, land), x);
    if constexpr (R::grand_slam == GrandSlam::CapturesNothing) {
      const __m256i rest = _mm256_andnot_si256(chain, _mm256_and_si256(o, rows));
      chain = _mm256_andnot_si256(_mm256_cmpeq_epi64(rest, _mm256_setzero_si256()), chain);
    }
    s.captured[h] = _mm256_sad_epu8(_mm256_and_si256(o, chain), _mm256_setzero_si256());
    s.opp[h] = _mm256_andnot_si256(chain, o);
    if constexpr (kOwn) {
      __m256i qm, unused;
      div11(_mm256_add_epi8(n, load(t.c_own)), qm, unused);
      const __m256i own = _mm256_add_epi8(_mm256_and_si256(vm, load(t.keep)), _mm256_and_si256(qm, load(t.own_sow)));
      s.own[h] = _mm256_add_epi64(own, _mm256_slli_epi64(s.captured[h], 56));
    } else {
      s.own[h] = _mm256_setzero_si256();
    }
  }
  return s;
}

/// perft(p, 2) from the six children at once (see swar::count2 for the rules of the shortcut).
template <class R>
[[nodiscard]] BOARDRULES_WARRI_INLINE std::uint64_t count2(const Node& p, u64 moves) noexcept {
  const u64 mine = swar::nonzero_lanes(p.m);
  if ((mine & (mine - 1)) == 0) return swar::count2<R>(p, moves);  // a child may have to feed
  const Six s = six<R, false>(p);
  const __m256i limit = _mm256_set1_epi64x(R::win_seeds - 1 - swar::store_of(p.m));
  const __m256i vmoves = _mm256_set1_epi64x(static_cast<long long>(moves));
  int total = 0;
  for (int h = 0; h < 2; ++h) {
    const Half& t = kHalves[static_cast<std::size_t>(h)];
    const __m256i over = _mm256_cmpgt_epi64(s.captured[h], limit);
    const __m256i illegal = _mm256_cmpeq_epi64(_mm256_and_si256(vmoves, load(t.sel)), _mm256_setzero_si256());
    const __m256i rows = _mm256_andnot_si256(_mm256_or_si256(over, illegal), _mm256_and_si256(s.opp[h], load(t.rows)));
    const auto empty = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(rows, _mm256_setzero_si256())));
    const auto real = static_cast<unsigned>(_mm256_movemask_epi8(load(t.rows)));
    total += std::popcount(~empty & real);
  }
  return static_cast<std::uint64_t>(total);
}

/// The sizes of the move lists of the (fully built) children, all six at once: WA-4.1 (either
/// store at R::win_seeds), WA-4.2 (the child's mover row empty) as in swar::legal; a child whose
/// opponent's row is empty (it must feed, WA-2.3) takes swar::legal.
template <class R>
[[nodiscard]] BOARDRULES_WARRI_INLINE std::uint64_t legal6(const Six& s, const u64* opp, const u64* own,
                                                           u64 moves) noexcept {
  const __m256i limit = _mm256_set1_epi64x(R::win_seeds - 1);
  const __m256i row = _mm256_set1_epi64x(static_cast<long long>(swar::kRow));
  const __m256i vmoves = _mm256_set1_epi64x(static_cast<long long>(moves));
  std::uint64_t n = 0;
  for (int h = 0; h < 2; ++h) {
    const Half& t = kHalves[static_cast<std::size_t>(h)];
    const __m256i over = _mm256_or_si256(_mm256_cmpgt_epi64(_mm256_srli_epi64(s.opp[h], 56), limit),
                                         _mm256_cmpgt_epi64(_mm256_srli_epi64(s.own[h], 56), limit));
    const __m256i illegal = _mm256_cmpeq_epi64(_mm256_and_si256(vmoves, load(t.sel)), _mm256_setzero_si256());
    const __m256i out = _mm256_or_si256(over, illegal);
    const __m256i feed =
        _mm256_andnot_si256(out, _mm256_cmpeq_epi64(_mm256_and_si256(s.own[h], row), _mm256_setzero_si256()));
    const __m256i rows = _mm256_andnot_si256(_mm256_or_si256(out, feed), _mm256_and_si256(s.opp[h], load(t.rows)));
    const auto empty = static_cast<unsigned>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(rows, _mm256_setzero_si256())));
    const auto real = static_cast<unsigned>(_mm256_movemask_epi8(load(t.rows)));
    n += static_cast<std::uint64_t>(std::popcount(~empty & real));
    for (auto f = static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(feed))); f != 0; f &= f - 1) {
      const auto g = static_cast<std::size_t>(4 * h + std::countr_zero(f));
      n += static_cast<std::uint64_t>(swar::count_lanes(swar::legal<R>(Node{opp[g], own[g]})));
    }
  }
  return n;
}

/// The AVX2 kernel of perft (detail/perft.hpp): the six children built at once.
struct Kernel {
  static constexpr bool count_only = false;
  template <class R>
  struct Children {
    Six s;
    alignas(32) u64 opp[8];
    alignas(32) u64 own[8];
    BOARDRULES_WARRI_INLINE explicit Children(const Node& p) noexcept : s(six<R, true>(p)) {
      _mm256_store_si256(reinterpret_cast<__m256i*>(opp), s.opp[0]);
      _mm256_store_si256(reinterpret_cast<__m256i*>(opp + 4), s.opp[1]);
      _mm256_store_si256(reinterpret_cast<__m256i*>(own), s.own[0]);
      _mm256_store_si256(reinterpret_cast<__m256i*>(own + 4), s.own[1]);
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
    keep(s.opp[0], s.opp[1], s.own[0], s.own[1]);
  }
  template <class R>
  [[nodiscard]] BOARDRULES_WARRI_INLINE static std::uint64_t count2(const Node& p, u64 moves) noexcept {
    return avx2::count2<R>(p, moves);
  }
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::avx2

#endif

#endif  // BOARDRULES_WARRI_DETAIL_AVX2_HPP_
