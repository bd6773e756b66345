#pragma once
/// \file
/// The instruction set of a translation unit: which SIMD paths of the library it compiles,
/// chosen here once from the compiler's predefined macros (never at run time), and the two kinds
/// of namespace that keep units built with different `-march` flags apart.
///
/// The library is header only, so each translation unit compiles its own copy of every inline
/// function it uses, and the linker keeps one copy per name. A program whose units are built
/// with different `-march` flags (the usual way to dispatch by CPU) would get one
/// `generate_plays` for all of them, perhaps the AVX2 one in the SSE2 path. So:
///
/// - Code lives in an ISA-tagged inline namespace: every function, generator and stateful class
///   (`State`, `Game`, `Match`, ...) is declared in
///   `namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE` (or `boardrules::warri::`,
///   or `boardrules::` for the core), so units of different levels define different symbols
///   (`boardrules::backgammon::isa_sse2::generate_plays`,
///   `boardrules::backgammon::isa_avx2::generate_plays`) while code still writes
///   `boardrules::backgammon::generate_plays`, and argument-dependent lookup still finds them
///   (an inline namespace belongs to its enclosing namespace's lookup).
/// - Value types are ISA-neutral: `Position`, `Dice`, `Play`, `PackedPlay`, `Error`,
///   `Result`, `FixedList`, the Warri `Position` and `Move`, the rules' enumerations and option
///   structs are declared directly in `boardrules::backgammon`, `boardrules::warri` or
///   `boardrules`, so they are one type in every unit: a library built with `-march=x86-64-v3`
///   can export `int count(const boardrules::backgammon::Position&, boardrules::backgammon::Dice)`
///   to a program built without flags. Their layout does not depend on the level, and every
///   member function they have is BOARDRULES_NEUTRAL (forced inline, as simdjson's are): no unit
///   emits a copy of it that another unit could call. Helpers of the neutral types live in
///   `neutral_detail` namespaces, never in `detail`, so that `detail::` names one namespace.
///
/// The tag separates every pair of flag sets that compile different library code, and the
/// x86-64 levels v1 to v4 (which compile the same library paths differently, e.g.
/// `std::popcount` as `popcnt` from v2 on, VEX-encoded SSE from v3):
///
/// | tag                 | the compiler targets (predefined macros)                    | SIMD paths    |
/// |---------------------|-------------------------------------------------------------|---------------|
/// | `isa_plain`         | no x86 SSE2 (other CPUs, 32-bit x86 without SSE2)           | Plain         |
/// | `isa_sse2`          | SSE2 (x86-64 without `-march`, x86-64-v1)                   | SSE2          |
/// | `isa_sse42`         | SSE4.2 and POPCNT, no AVX2 (x86-64-v2)                      | SSE2          |
/// | `isa_avx2`          | AVX2, not the whole of AVX-512 v4 (x86-64-v3)               | AVX2          |
/// | `isa_avx512bw`      | AVX-512 F, BW, CD, DQ, VL (x86-64-v4, skylake-avx512)        | AVX512BW      |
/// | `isa_avx512vbmi`    | that and VBMI, no VBMI2 (cannonlake)                        | AVX512VBMI    |
/// | `isa_avx512vbmi2`   | that and VBMI and VBMI2 (icelake-server and later)          | AVX512VBMI2   |
///
/// The SIMD paths need GCC or Clang (their intrinsics, vector extensions and `asm`); with another
/// compiler, or when `BOARDRULES_NO_SIMD` is defined, every path is Plain and the tag gets
/// `_nosimd` (`isa_avx2_nosimd`: plain C++ compiled for AVX2; `isa_plain` stays `isa_plain`).
/// Flag sets between two rows (`-mavx` without `-mavx2`, `-mbmi2` alone, AVX-512 F without BW)
/// take the row below: their units must not be mixed with units of that row.

// The SIMD levels, for `#if` (the values of SimdLevel below).
#define BOARDRULES_SIMD_PLAIN 0
#define BOARDRULES_SIMD_SSE2 1
#define BOARDRULES_SIMD_AVX2 2
#define BOARDRULES_SIMD_AVX512BW 3
#define BOARDRULES_SIMD_AVX512VBMI 4
#define BOARDRULES_SIMD_AVX512VBMI2 5

// What the compiler targets: the highest row of the table whose macros are all defined.
#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512CD__) && defined(__AVX512DQ__) && \
    defined(__AVX512VL__)
#if defined(__AVX512VBMI__) && defined(__AVX512VBMI2__)
#define BOARDRULES_ISA_TARGET_ BOARDRULES_SIMD_AVX512VBMI2
#define BOARDRULES_ISA_SIMD_NAMESPACE_ isa_avx512vbmi2
#define BOARDRULES_ISA_NOSIMD_NAMESPACE_ isa_avx512vbmi2_nosimd
#elif defined(__AVX512VBMI__)
#define BOARDRULES_ISA_TARGET_ BOARDRULES_SIMD_AVX512VBMI
#define BOARDRULES_ISA_SIMD_NAMESPACE_ isa_avx512vbmi
#define BOARDRULES_ISA_NOSIMD_NAMESPACE_ isa_avx512vbmi_nosimd
#else
#define BOARDRULES_ISA_TARGET_ BOARDRULES_SIMD_AVX512BW
#define BOARDRULES_ISA_SIMD_NAMESPACE_ isa_avx512bw
#define BOARDRULES_ISA_NOSIMD_NAMESPACE_ isa_avx512bw_nosimd
#endif
#elif defined(__AVX2__)
#define BOARDRULES_ISA_TARGET_ BOARDRULES_SIMD_AVX2
#define BOARDRULES_ISA_SIMD_NAMESPACE_ isa_avx2
#define BOARDRULES_ISA_NOSIMD_NAMESPACE_ isa_avx2_nosimd
#elif defined(__SSE4_2__) && defined(__POPCNT__)
#define BOARDRULES_ISA_TARGET_ BOARDRULES_SIMD_SSE2
#define BOARDRULES_ISA_SIMD_NAMESPACE_ isa_sse42
#define BOARDRULES_ISA_NOSIMD_NAMESPACE_ isa_sse42_nosimd
#elif defined(__SSE2__) || defined(_M_X64) || defined(_M_AMD64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define BOARDRULES_ISA_TARGET_ BOARDRULES_SIMD_SSE2
#define BOARDRULES_ISA_SIMD_NAMESPACE_ isa_sse2
#define BOARDRULES_ISA_NOSIMD_NAMESPACE_ isa_sse2_nosimd
#else
#define BOARDRULES_ISA_TARGET_ BOARDRULES_SIMD_PLAIN
#define BOARDRULES_ISA_SIMD_NAMESPACE_ isa_plain
#define BOARDRULES_ISA_NOSIMD_NAMESPACE_ isa_plain
#endif

/// The SIMD paths this translation unit compiles, one of the BOARDRULES_SIMD_* values. The
/// kernels test this macro (never the ISA macros themselves), so that the tag below names
/// exactly the code compiled.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(BOARDRULES_NO_SIMD)
#define BOARDRULES_SIMD_LEVEL BOARDRULES_ISA_TARGET_
/// The inline namespace of this translation unit (see the file comment), e.g. `isa_avx2`.
#define BOARDRULES_ISA_NAMESPACE BOARDRULES_ISA_SIMD_NAMESPACE_
#else
#define BOARDRULES_SIMD_LEVEL BOARDRULES_SIMD_PLAIN
#define BOARDRULES_ISA_NAMESPACE BOARDRULES_ISA_NOSIMD_NAMESPACE_
#endif

/// 1 in a translation unit that selects its kernels at run time (core/dispatch.hpp), else 0: the
/// unit defines BOARDRULES_DISPATCH, targets x86-64 with GCC or Clang and the SIMD paths on, and
/// below the top level (AVX-512 VBMI2, whose units have nothing above them to choose). Such a unit
/// is tagged `<its tag>_dispatch` (`isa_sse2_dispatch`): its public functions differ from those
/// of a unit of its level that does not dispatch (they call the kernels through a table), so the
/// two share no symbol. Its kernels for the levels above its own are compiled in namespaces
/// nested in that tag (`isa_sse2_dispatch::isa_avx2`), which no other unit defines.
#if defined(BOARDRULES_DISPATCH) && (defined(__GNUC__) || defined(__clang__)) && !defined(BOARDRULES_NO_SIMD) && \
    defined(__x86_64__) && BOARDRULES_ISA_TARGET_ < BOARDRULES_SIMD_AVX512VBMI2
#define BOARDRULES_DISPATCHING 1
#define BOARDRULES_ISA_CAT_(a, b) a##b
#define BOARDRULES_ISA_CAT(a, b) BOARDRULES_ISA_CAT_(a, b)
/// The tag of a dispatching unit; its kernels of a higher level are in BOARDRULES_ISA_DISPATCH_NAMESPACE_::isa_<level>.
#define BOARDRULES_ISA_DISPATCH_NAMESPACE_ BOARDRULES_ISA_CAT(BOARDRULES_ISA_SIMD_NAMESPACE_, _dispatch)
#undef BOARDRULES_ISA_NAMESPACE
#define BOARDRULES_ISA_NAMESPACE BOARDRULES_ISA_DISPATCH_NAMESPACE_
#else
#define BOARDRULES_DISPATCHING 0
#endif

#define BOARDRULES_ISA_STRINGIFY_(x) #x
#define BOARDRULES_ISA_STRINGIFY(x) BOARDRULES_ISA_STRINGIFY_(x)
/// The name of the inline namespace as text, e.g. "isa_avx2".
#define BOARDRULES_ISA_NAMESPACE_NAME BOARDRULES_ISA_STRINGIFY(BOARDRULES_ISA_NAMESPACE)

/// Marks a member function of an ISA-neutral value type (and the few free functions beside such
/// types): inline, and forced inline where the compiler can force it, so that no translation
/// unit emits an out-of-line copy that the linker could hand to a unit of another level.
#if defined(__GNUC__) || defined(__clang__)
#define BOARDRULES_NEUTRAL [[gnu::always_inline]] inline
#elif defined(_MSC_VER)
#define BOARDRULES_NEUTRAL __forceinline
#else
#define BOARDRULES_NEUTRAL inline
#endif

// ISA-neutral (see above): an enumeration, the same type in every unit.
namespace boardrules {

/// The SIMD paths a translation unit compiles (see simd_level()). Outside the tagged namespace
/// on purpose: it has no code, so it is the same type in every unit and units of different
/// levels can report their level to each other with it.
enum class SimdLevel : int {
  Plain = BOARDRULES_SIMD_PLAIN,              ///< portable C++ only (SWAR where it pays)
  SSE2 = BOARDRULES_SIMD_SSE2,                ///< SSE2 masks and Warri kernel (every x86-64)
  AVX2 = BOARDRULES_SIMD_AVX2,                ///< AVX2 masks, apply, pair writer and Warri kernel
  AVX512BW = BOARDRULES_SIMD_AVX512BW,        ///< AVX-512 BW masks; the rest as AVX2
  AVX512VBMI = BOARDRULES_SIMD_AVX512VBMI,    ///< and the VBMI masks, play encoder and Warri kernel
  AVX512VBMI2 = BOARDRULES_SIMD_AVX512VBMI2,  ///< and the AVX-512 play writers
};

}  // namespace boardrules

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// The SIMD paths of the translation unit that calls it (each unit has its own copy, in its
/// own tagged namespace), e.g. SimdLevel::SSE2 for an x86-64 build without `-march`.
[[nodiscard]] constexpr SimdLevel simd_level() noexcept { return static_cast<SimdLevel>(BOARDRULES_SIMD_LEVEL); }

/// The name of a level: "Plain", "SSE2", "AVX2", "AVX512BW", "AVX512VBMI" or "AVX512VBMI2".
[[nodiscard]] constexpr const char* simd_level_name(SimdLevel level) noexcept {
  switch (level) {
    case SimdLevel::Plain: return "Plain";
    case SimdLevel::SSE2: return "SSE2";
    case SimdLevel::AVX2: return "AVX2";
    case SimdLevel::AVX512BW: return "AVX512BW";
    case SimdLevel::AVX512VBMI: return "AVX512VBMI";
    case SimdLevel::AVX512VBMI2: return "AVX512VBMI2";
  }
  return "?";
}

/// The name of this translation unit's level, simd_level_name(simd_level()).
[[nodiscard]] constexpr const char* simd_level_name() noexcept { return simd_level_name(simd_level()); }

/// The name of this translation unit's inline namespace, e.g. "isa_avx2" or "isa_sse2_nosimd":
/// units with different names share no library symbol.
[[nodiscard]] constexpr const char* isa_namespace_name() noexcept { return BOARDRULES_ISA_NAMESPACE_NAME; }

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
