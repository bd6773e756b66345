#pragma once
/// \file
/// sort_ids: the numbers of a roll's plays (actions.hpp) in increasing order, for
/// State::legal_actions. The generator's order is not the numbers' order (a roll's list is a few
/// increasing runs), and the lists are short: 14 plays on average, 45 for a double, rarely more
/// than 64. Not part of the API.
///   up to 128 numbers  each one's rank is the count of the numbers below it, 4, 8 or 16 ranks at
///                      a time (GCC/Clang vector extensions: SSE2, AVX2 or AVX-512 as the build
///                      allows; plain loops otherwise), and the number is stored at its rank
///   up to 1024         two counting passes over the low 8 and the high 7 bits
///   more               std::sort (a roll has at most kMaxPlays plays; none found in play has
///                      more than a few hundred)

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

/// The largest list the counting passes take (their scratch: 4 KiB on the stack).
inline constexpr std::size_t kSortCountingMax = 1024;

#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_SSE2
/// The build's vector of ints (GCC/Clang vector extensions), by the level of core/config.hpp as
/// every kernel: 16 lanes from AVX512BW, 8 from AVX2, 4 at SSE2 (a wider vector than the
/// build's would be lowered lane by lane).
#if BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX512BW
inline constexpr std::size_t kSortLanes = 16;
#elif BOARDRULES_SIMD_LEVEL >= BOARDRULES_SIMD_AVX2
inline constexpr std::size_t kSortLanes = 8;
#else
inline constexpr std::size_t kSortLanes = 4;
#endif
typedef int SortLanes __attribute__((vector_size(4 * kSortLanes)));

/// Ranks by counting, for n <= N distinct numbers (N a multiple of 16).
template <std::size_t N>
inline void sort_ids_by_rank(int* a, std::size_t n) noexcept {
  constexpr std::size_t kBlocks = N / kSortLanes;
  alignas(64) int v[N];
  for (std::size_t i = 0; i < N; ++i) v[i] = 0x7fffffff;  // above every number: ranks >= n, unused
  std::memcpy(v, a, n * sizeof(int));
  SortLanes x[kBlocks];
  SortLanes r[kBlocks];
  for (std::size_t b = 0; b < kBlocks; ++b) {
    std::memcpy(&x[b], v + kSortLanes * b, sizeof(SortLanes));
    r[b] = SortLanes{};
  }
  // Only the blocks that hold numbers (the others' ranks are not used).
  const std::size_t blocks = (n + kSortLanes - 1) / kSortLanes;
  for (std::size_t j = 0; j < n; ++j) {
    const int y = v[j];  // compared with every lane (a broadcast)
    for (std::size_t b = 0; b < kBlocks; ++b)
      if (b < blocks) r[b] -= x[b] > y;  // a true lane is -1
  }
  alignas(64) int rank[N];
  for (std::size_t b = 0; b < kBlocks; ++b) std::memcpy(rank + kSortLanes * b, &r[b], sizeof(SortLanes));
  for (std::size_t i = 0; i < n; ++i) a[rank[i]] = v[i];
}
#else
/// Ranks by counting (plain loops), for n <= N distinct numbers.
template <std::size_t N>
inline void sort_ids_by_rank(int* a, std::size_t n) noexcept {
  int v[N];
  std::memcpy(v, a, n * sizeof(int));
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t rank = 0;
    for (std::size_t j = 0; j < n; ++j) rank += v[j] < v[i] ? 1u : 0u;
    a[rank] = v[i];
  }
}
#endif

/// Two stable counting passes (bits 0..7, then 8..14). Precondition: n <= kSortCountingMax,
/// numbers in [0, 32768).
inline void sort_ids_by_counting(int* a, std::size_t n) noexcept {
  int tmp[kSortCountingMax];
  std::uint16_t low[257] = {};
  std::uint16_t high[129] = {};
  for (std::size_t i = 0; i < n; ++i) {
    ++low[(a[i] & 255) + 1];
    ++high[((a[i] >> 8) & 127) + 1];
  }
  for (std::size_t i = 1; i < 257; ++i) low[i] = static_cast<std::uint16_t>(low[i] + low[i - 1]);
  for (std::size_t i = 1; i < 129; ++i) high[i] = static_cast<std::uint16_t>(high[i] + high[i - 1]);
  for (std::size_t i = 0; i < n; ++i) tmp[low[a[i] & 255]++] = a[i];
  for (std::size_t i = 0; i < n; ++i) a[high[(tmp[i] >> 8) & 127]++] = tmp[i];
}

/// Sorts a[0..n) into increasing order. Precondition: the numbers are distinct and in [0, 32768)
/// (play numbers are below kNumPlayActions = 24426, and distinct plays have distinct numbers).
inline void sort_ids(int* a, std::size_t n) noexcept {
  if (n <= 1) return;
  if (n <= 16) sort_ids_by_rank<16>(a, n);
  else if (n <= 32) sort_ids_by_rank<32>(a, n);
  else if (n <= 48) sort_ids_by_rank<48>(a, n);
  else if (n <= 64) sort_ids_by_rank<64>(a, n);
  else if (n <= 96) sort_ids_by_rank<96>(a, n);
  else if (n <= 128) sort_ids_by_rank<128>(a, n);
  else if (n <= kSortCountingMax) sort_ids_by_counting(a, n);
  else std::sort(a, a + n);
#ifndef NDEBUG
  for (std::size_t i = 1; i < n; ++i) assert(a[i - 1] < a[i]);
#endif
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail
