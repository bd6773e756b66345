// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_WRITERS_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_WRITERS_HPP_
/// \file
/// The play writers: the only place where the generator stores plays in bulk. The generator
/// (generate.hpp) calls three writers:
///  - write_row: one play per source of a mask, the plays sharing every step but one (the
///    lower die's plays after one higher-die step; the fourth step of a double);
///  - write_chains: one checker playing both dice of a non-double;
///  - write_double_pairs: the last two steps of a double.
/// Each has a plain C++ implementation (namespace plain: the reference, used in constant
/// evaluation and where no SIMD writer exists) and, where the compiler targets the ISA, a SIMD
/// one chosen at compile time (writers_avx512.hpp: all three; writers_avx2.hpp: the pairs u > v
/// of write_double_pairs). Both write the same plays in the same order; the SIMD ones may also
/// write garbage into up to kPlaySpare plays past the last one. Not part of the API.

#include "boardrules/core/config.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "boardrules/backgammon/detail/masks.hpp"
#include "boardrules/backgammon/values/play.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

/// Plays of storage a writer may scribble on after the last play it writes: a SIMD writer
/// stores whole registers (64 bytes = 6.4 plays with AVX-512). Every output buffer of the
/// generator has kMaxPlays + kPlaySpare plays.
inline constexpr std::size_t kPlaySpare = 7;

// A play is written as two stores: its four (from, to) steps packed in 64 bits (from[j] in
// byte j, to[j] in byte 4 + j: the layout of Play) and its size and hits in 16 bits. Building
// it byte by byte on the stack and copying it costs a store-forwarding stall per play.
constexpr std::uint64_t step_bits(int j, int from, int to) noexcept {
  return static_cast<std::uint64_t>(from) << (8 * j) | static_cast<std::uint64_t>(to) << (32 + 8 * j);
}

/// The 16 bits after the steps of a play record: its size, and its hit bits in the high byte.
constexpr unsigned play_tail(unsigned size, unsigned hits) noexcept { return size | hits << 8; }

constexpr void put(Play* out, std::uint64_t steps, unsigned size, unsigned hits) noexcept {
  if (std::is_constant_evaluated() || std::endian::native != std::endian::little) {
    Play p;
    for (std::size_t j = 0; j < 4; ++j) {
      p.from[j] = static_cast<std::uint8_t>(steps >> (8 * j));
      p.to[j] = static_cast<std::uint8_t>(steps >> (32 + 8 * j));
    }
    p.size = static_cast<std::uint8_t>(size);
    p.hits = static_cast<std::uint8_t>(hits);
    *out = p;
  } else {
    static_assert(sizeof(Play) == 10);
    const auto tail = static_cast<std::uint16_t>(play_tail(size, hits));
    std::memcpy(static_cast<void*>(out), &steps, 8);
    std::memcpy(reinterpret_cast<unsigned char*>(out) + 8, &tail, 2);
  }
}

constexpr void put2(Play* out, int a, int ta, bool ha, int b, int tb, bool hb) noexcept {
  put(out, step_bits(0, a, ta) | step_bits(1, b, tb), 2, (ha ? 1u : 0u) | (hb ? 2u : 0u));
}

constexpr void put1(Play* out, int a, int ta, bool ha) noexcept { put(out, step_bits(0, a, ta), 1, ha ? 1u : 0u); }

/// The landing point of a step of die d from s: s - d, or 0 (borne off) when s <= d.
constexpr int landing(int s, int d) noexcept { return s > d ? s - d : 0; }

namespace plain {

/// One play per source s of `srcs`, ascending: the record `steps` / `tail` (step `slot` zero in
/// `steps`; tail = play_tail(size, hits)) with step `slot` = s -> landing(s, die), and `hit_bit`
/// added to the hits when bit s of `hit_srcs` is set. Returns the number written.
constexpr std::size_t write_row(Play* out, std::uint64_t steps, unsigned tail, std::uint32_t srcs, int slot, int die,
                                std::uint32_t hit_srcs, unsigned hit_bit) noexcept {
  const unsigned size = tail & 0xFFu;
  const unsigned hits = tail >> 8;
  std::size_t n = 0;
  for (; srcs != 0; srcs &= srcs - 1) {
    const int s = std::countr_zero(srcs);
    put(out + n++, steps | step_bits(slot, s, landing(s, die)), size,
        hits | (((hit_srcs >> s) & 1u) != 0 ? hit_bit : 0u));
  }
  return n;
}

/// One play per a of `srcs`, ascending: one checker a -> x = a - first -> x - second, each stop
/// hitting a blot of `blot` there. Precondition: a > first + second for every a.
constexpr std::size_t write_chains(Play* out, std::uint32_t srcs, int first, int second, std::uint32_t blot) noexcept {
  std::size_t n = 0;
  for (; srcs != 0; srcs &= srcs - 1) {
    const int a = std::countr_zero(srcs);
    const int x = a - first;
    const int t = x - second;
    put2(out + n++, a, x, ((blot >> x) & 1u) != 0, x, t, ((blot >> t) & 1u) != 0);
  }
  return n;
}

/// The plays of a double d completed by steps 2 (from u) and 3 (from v) on the record `steps`
/// (steps 0 and 1 played) / `tail` (its hits of steps 0 and 1), in this order: every pair u > v
/// of the sources `mov` (by index in the ascending list: (1, 0), (2, 0), (2, 1), (3, 0), ...);
/// u = v = s for s in `same`; u = s + d, v = s for s in `on`. A step landing on a blot of `blot`
/// hits it, except the second step of u = v (the first took the point). Returns the number
/// written. Precondition: no source is <= d (no bear-off).
constexpr std::size_t write_double_pairs(Play* out, std::uint64_t steps, unsigned tail, std::uint32_t mov,
                                         std::uint32_t same, std::uint32_t on, int d, std::uint32_t blot) noexcept {
  const unsigned size = tail & 0xFFu;
  const unsigned hits = tail >> 8;
  std::size_t n = 0;
  auto write = [&](int u, int v, bool hit_v) {
    const unsigned h = hits | (((blot >> (u - d)) & 1u) << 2) | (hit_v ? ((blot >> (v - d)) & 1u) << 3 : 0u);
    put(out + n++, steps | step_bits(2, u, u - d) | step_bits(3, v, v - d), size, h);
  };
  for (std::uint32_t us = mov & (mov - 1); us != 0; us &= us - 1) {  // u above the lowest source
    const int u = std::countr_zero(us);
    for (std::uint32_t vs = mov & ((1u << u) - 1u); vs != 0; vs &= vs - 1) write(u, std::countr_zero(vs), true);
  }
  for (; same != 0; same &= same - 1) write(std::countr_zero(same), std::countr_zero(same), false);
  for (; on != 0; on &= on - 1) write(std::countr_zero(on) + d, std::countr_zero(on), true);
  return n;
}

}  // namespace plain
}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail

#include "boardrules/backgammon/detail/writers_avx2.hpp"
#include "boardrules/backgammon/detail/writers_avx512.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

// The SIMD namespace the writers use, if any: `simd` is an alias chosen at compile time.
// AVX2 has a writer for the pairs of write_double_pairs only (avx2::write_pairs).
#undef BOARDRULES_BG_SIMD_WRITERS  // defined for this level only
#if defined(BOARDRULES_BG_WRITERS_AVX512)
namespace simd = avx512;
#define BOARDRULES_BG_SIMD_WRITERS 1
#endif

/// plain::write_row, by the widest writer the compiler targets. The seam's writers are inlined
/// into the search that calls them: one call per search node, which costs more than the write.
[[gnu::always_inline]] constexpr std::size_t write_row(Play* out, std::uint64_t steps, unsigned tail,
                                                       std::uint32_t srcs, int slot, int die, std::uint32_t hit_srcs,
                                                       unsigned hit_bit) noexcept {
#ifdef BOARDRULES_BG_SIMD_WRITERS
  if (!std::is_constant_evaluated()) return simd::write_row(out, steps, tail, srcs, slot, die, hit_srcs, hit_bit);
#endif
  return plain::write_row(out, steps, tail, srcs, slot, die, hit_srcs, hit_bit);
}

/// The lower die's plays after a first step: one play per source b of `srcs`, step 1 =
/// b -> b - die, hitting when bit b of `hit_srcs` is set. `steps` / `tail`: the first step.
[[gnu::always_inline]] constexpr std::size_t write_second_steps(Play* out, std::uint64_t steps, unsigned tail,
                                                                std::uint32_t srcs, int die,
                                                                std::uint32_t hit_srcs) noexcept {
  return write_row(out, steps, tail, srcs, 1, die, hit_srcs, 2);
}

/// The fourth step of a double: one play per source s of `srcs`, step 3 = s -> landing(s, d),
/// hitting when bit s of `hit_srcs` is set. `steps` / `tail`: the first three steps.
[[gnu::always_inline]] constexpr std::size_t write_fourth_steps(Play* out, std::uint64_t steps, unsigned tail,
                                                                std::uint32_t srcs, int d,
                                                                std::uint32_t hit_srcs) noexcept {
  return write_row(out, steps, tail, srcs, 3, d, hit_srcs, 8);
}

/// plain::write_chains, by the widest writer the compiler targets.
[[gnu::always_inline]] constexpr std::size_t write_chains(Play* out, std::uint32_t srcs, int first, int second,
                                                          std::uint32_t blot) noexcept {
#ifdef BOARDRULES_BG_SIMD_WRITERS
  if (!std::is_constant_evaluated()) return simd::write_chains(out, srcs, first, second, blot);
#endif
  return plain::write_chains(out, srcs, first, second, blot);
}

/// plain::write_double_pairs, by the widest writer the compiler targets.
[[gnu::always_inline]] constexpr std::size_t write_double_pairs(Play* out, std::uint64_t steps, unsigned tail,
                                                                std::uint32_t mov, std::uint32_t same, std::uint32_t on,
                                                                int d, std::uint32_t blot) noexcept {
#if defined(BOARDRULES_BG_SIMD_WRITERS)
  if (!std::is_constant_evaluated()) return simd::write_double_pairs(out, steps, tail, mov, same, on, d, blot);
#elif defined(BOARDRULES_BG_WRITERS_AVX2)
  if (!std::is_constant_evaluated() && std::popcount(mov) <= avx2::kMaxSources) {
    const std::size_t n = avx2::write_pairs(out, steps, tail, mov, d, blot);
    return n + plain::write_double_pairs(out + n, steps, tail, 0, same, on, d, blot);
  }
#endif
  return plain::write_double_pairs(out, steps, tail, mov, same, on, d, blot);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_BACKGAMMON_DETAIL_WRITERS_HPP_
