#pragma once
/// \file
/// Run-time kernel selection, for programs built once for every x86-64 CPU (a wheel, a distro
/// package). A translation unit opts in by defining BOARDRULES_DISPATCH before it includes the
/// library (`-DBOARDRULES_DISPATCH`); it then compiles the kernels (the backgammon play writers
/// and counters, the Warri sowing: backgammon/detail and warri/detail, the only headers whose code
/// depends on the level) once for its own level and once more for each level above it among
/// x86-64-v3 (AVX2) and AVX-512 with BW, VBMI and VBMI2, each copy under a target region
/// (`#pragma GCC target`, `#pragma clang attribute`) in a namespace of its own. The entry points
/// (backgammon generate_plays, generate_packed_plays, perft, perft_roll; Warri perft) call the
/// kernels of the level chosen at the first call through a table of function pointers: one load
/// and an indirect call, no test on the level afterwards.
///
/// The level is the highest one compiled that the CPU runs (cpuid, and xgetbv for the registers
/// the operating system saves), capped by the environment variable BOARDRULES_ISA when set (a
/// SimdLevel name: SSE2, AVX2, AVX512BW, AVX512VBMI, AVX512VBMI2; any case), so that one binary
/// can be measured and tested at each level. A level the CPU lacks is never chosen.
///
/// Without BOARDRULES_DISPATCH nothing changes: the paths are chosen at compile time, with no
/// indirection. The same when dispatching cannot help or cannot be done: a unit built for the top
/// level (`-march=native` on an AVX-512 VBMI2 CPU), another CPU than x86-64, another compiler than
/// GCC and Clang, or BOARDRULES_NO_SIMD (core/config.hpp, BOARDRULES_DISPATCHING).

#include "boardrules/core/config.hpp"

#include <type_traits>  // std::is_constant_evaluated, for BOARDRULES_KERNEL

#if BOARDRULES_DISPATCHING
#include <cpuid.h>
// Every intrinsic header is parsed here, before any target region: the kernels of each level
// include the ones they need, and those must not be defined inside another level's region.
#include <immintrin.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

/// The instruction sets of the kernels compiled for each level above a unit's own: x86-64-v3
/// (without CX16, LAHF/SAHF and XSAVE, which compiled code does not use), and that with the
/// AVX-512 subsets of the AVX512VBMI2 row of config.hpp. cpu_level() checks exactly these.
#define BOARDRULES_TARGET_AVX2 "sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi,bmi2,fma,f16c,lzcnt,movbe"
#define BOARDRULES_TARGET_AVX512VBMI2                                                                 \
  "sse3,ssse3,sse4.1,sse4.2,popcnt,avx,avx2,bmi,bmi2,fma,f16c,lzcnt,movbe,avx512f,avx512bw,avx512cd," \
  "avx512dq,avx512vl,avx512vbmi,avx512vbmi2"

#define BOARDRULES_PRAGMA_(x) _Pragma(#x)
#define BOARDRULES_PRAGMA(x) BOARDRULES_PRAGMA_(x)
/// Opens and closes a region whose functions are compiled for the instruction sets `isa` (a
/// string of the compiler's target names).
#if defined(__clang__)
#define BOARDRULES_TARGET_BEGIN(isa) \
  BOARDRULES_PRAGMA(clang attribute push(__attribute__((target(isa))), apply_to = function))
#define BOARDRULES_TARGET_END _Pragma("clang attribute pop")
#else
#define BOARDRULES_TARGET_BEGIN(isa) _Pragma("GCC push_options") BOARDRULES_PRAGMA(GCC target(isa))
#define BOARDRULES_TARGET_END _Pragma("GCC pop_options")
#endif

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::dispatch_detail {

/// The lowest level a dispatching unit runs: its own.
inline constexpr SimdLevel kUnitLevel = static_cast<SimdLevel>(BOARDRULES_ISA_TARGET_);

/// The highest level this CPU runs, among SSE2 (every x86-64), AVX2 (x86-64-v3, as
/// BOARDRULES_TARGET_AVX2), AVX512BW, AVX512VBMI and AVX512VBMI2 (the subsets of config.hpp's
/// rows), each with the registers saved by the operating system.
inline SimdLevel cpu_level() noexcept {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid(1, &a, &b, &c, &d) == 0) return SimdLevel::SSE2;
  // Leaf 1, ECX: SSE3 (0), SSSE3 (9), FMA (12), SSE4.1 (19), SSE4.2 (20), MOVBE (22), POPCNT
  // (23), OSXSAVE (27), AVX (28), F16C (29).
  constexpr unsigned kLeaf1 =
      1u << 0 | 1u << 9 | 1u << 12 | 1u << 19 | 1u << 20 | 1u << 22 | 1u << 23 | 1u << 27 | 1u << 28 | 1u << 29;
  if ((c & kLeaf1) != kLeaf1) return SimdLevel::SSE2;
  unsigned xcr0_low = 0, xcr0_high = 0;
  asm volatile("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0u));  // OSXSAVE: the instruction exists
  (void)xcr0_high;
  if ((xcr0_low & 0x6u) != 0x6u) return SimdLevel::SSE2;  // XMM and YMM state saved
  if (__get_cpuid(0x80000001u, &a, &b, &c, &d) == 0 || (c & 1u << 5) == 0) return SimdLevel::SSE2;  // LZCNT
  if (__get_cpuid_max(0, nullptr) < 7) return SimdLevel::SSE2;
  __cpuid_count(7, 0, a, b, c, d);
  // Leaf 7, EBX: BMI1 (3), AVX2 (5), BMI2 (8).
  constexpr unsigned kLeaf7 = 1u << 3 | 1u << 5 | 1u << 8;
  if ((b & kLeaf7) != kLeaf7) return SimdLevel::SSE2;
  // EBX: AVX512F (16), DQ (17), CD (28), BW (30), VL (31); XCR0: opmask, ZMM_Hi256, Hi16_ZMM.
  constexpr unsigned kAvx512 = 1u << 16 | 1u << 17 | 1u << 28 | 1u << 30 | 1u << 31;
  if ((b & kAvx512) != kAvx512 || (xcr0_low & 0xE0u) != 0xE0u) return SimdLevel::AVX2;
  if ((c & 1u << 1) == 0) return SimdLevel::AVX512BW;    // ECX: AVX512_VBMI (1)
  if ((c & 1u << 6) == 0) return SimdLevel::AVX512VBMI;  // ECX: AVX512_VBMI2 (6)
  return SimdLevel::AVX512VBMI2;
}

/// The level named by `text` (a SimdLevel name, any case), or -1.
inline int level_of_name(const char* text) noexcept {
  const auto upper = [](char ch) { return ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 'a' + 'A') : ch; };
  for (int i = 0; i <= static_cast<int>(SimdLevel::AVX512VBMI2); ++i) {
    const char* name = simd_level_name(static_cast<SimdLevel>(i));
    std::size_t k = 0;
    while (name[k] != '\0' && upper(text[k]) == upper(name[k])) ++k;
    if (name[k] == '\0' && text[k] == '\0') return i;
  }
  return -1;
}

/// The level a dispatching unit runs on a CPU of level `cpu` with BOARDRULES_ISA = `env` (null or
/// empty: not set): the highest it compiled (its own, AVX2, AVX512VBMI2) that is at most `cpu`
/// and at most the level `env` names; its own when `env` names a level below it. An `env` that
/// names no level is reported on `report` (a line) and ignored.
inline SimdLevel choose_level(const char* env, SimdLevel cpu, std::FILE* report) noexcept {
  SimdLevel cap = cpu;
  if (env != nullptr && *env != '\0') {
    const int named = level_of_name(env);
    if (named < 0)
      std::fprintf(report,
                   "boardrules: BOARDRULES_ISA=\"%s\" names no SIMD level (SSE2, AVX2, AVX512BW, AVX512VBMI, "
                   "AVX512VBMI2); ignored\n",
                   env);
    else if (static_cast<SimdLevel>(named) < cap) cap = static_cast<SimdLevel>(named);
  }
  if (cap >= SimdLevel::AVX512VBMI2) return SimdLevel::AVX512VBMI2;
  if (cap >= SimdLevel::AVX2 && kUnitLevel < SimdLevel::AVX2) return SimdLevel::AVX2;
  return kUnitLevel;
}

/// choose_level() for this CPU and the environment, worked out once (the first call; thread-safe).
inline SimdLevel chosen_level() noexcept {
  static const SimdLevel level = choose_level(std::getenv("BOARDRULES_ISA"), cpu_level(), stderr);
  return level;
}

/// A game's kernel table (a struct of function pointers, one constant instance per level compiled)
/// of the level chosen_level(): `avx512`, `avx2` (null when the unit's own level is AVX2 or above)
/// or the unit's own; stored in `current`, where the game's entry points read it from then on.
template <class Table>
const Table* store_choice(std::atomic<const Table*>& current, const Table* unit, const Table* avx2,
                          const Table* avx512) noexcept {
  const SimdLevel level = chosen_level();
  const Table* table = level == SimdLevel::AVX512VBMI2               ? avx512
                       : level == SimdLevel::AVX2 && avx2 != nullptr ? avx2
                                                                     : unit;
  current.store(table, std::memory_order_relaxed);
  return table;
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::dispatch_detail
#endif

/// The kernel an entry point calls: `direct` (a function of the unit's own kernels) in a unit that
/// does not dispatch, a direct call with no indirection; in a unit that dispatches, the function
/// `name` of `table` (the kernels of the level chosen at run time), or `direct` in constant
/// evaluation. Used as BOARDRULES_KERNEL(detail::kernels<V>(), perft, detail::perft_entry<V>)(...).
#if BOARDRULES_DISPATCHING
#define BOARDRULES_KERNEL(table, name, direct) (std::is_constant_evaluated() ? &direct : (table).name)
#else
#define BOARDRULES_KERNEL(table, name, direct) (&direct)
#endif

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

#if BOARDRULES_DISPATCHING
/// The SIMD level of the kernels that run in this unit: chosen when first needed from the CPU
/// and BOARDRULES_ISA (see the file comment), the same for the rest of the program's run.
[[nodiscard]] inline SimdLevel active_isa() noexcept { return dispatch_detail::chosen_level(); }
#else
/// The SIMD level of the kernels that run in this unit: simd_level(), chosen at compile time (the
/// unit does not dispatch: see the file comment).
[[nodiscard]] constexpr SimdLevel active_isa() noexcept { return simd_level(); }
#endif

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
