// The run-time dispatcher (core/dispatch.hpp). The generic tests' plain executable dispatches
// (tests/CMakeLists.txt, DISPATCH), and CTest runs this file at each level this CPU has, with
// BOARDRULES_ISA forcing the lower ones and BOARDRULES_TEST_EXPECT_ISA the level the run must get,
// which CMake reads from /proc/cpuinfo (the library asks cpuid). Built without dispatch (another
// compiler, CPU or flags), the checks are those of compile-time selection.

#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/core/dispatch.hpp"
#include "boardrules/warri/rules/perft.hpp"

namespace dispatch_test {

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;
using boardrules::SimdLevel;

}  // namespace dispatch_test

using namespace dispatch_test;

TEST_CASE("dispatch: the level chosen is the best of this CPU, or the one BOARDRULES_ISA forces") {
#if BOARDRULES_DISPATCHING
  CHECK(std::string_view(boardrules::isa_namespace_name()).ends_with("_dispatch"));
  const char* want = std::getenv("BOARDRULES_TEST_EXPECT_ISA");
  if (want != nullptr) {
    CHECK(std::string(boardrules::simd_level_name(boardrules::active_isa())) == want);
  } else {
    MESSAGE("BOARDRULES_TEST_EXPECT_ISA not set (CMake did not know this CPU's levels): the level is not checked");
  }
  CHECK(boardrules::active_isa() >= boardrules::simd_level());
#else
  static_assert(boardrules::active_isa() == boardrules::simd_level());
  CHECK(boardrules::active_isa() == boardrules::simd_level());
#endif
}

TEST_CASE("dispatch: the kernels that run are those of the level chosen") {
#if BOARDRULES_DISPATCHING
  // Each level's copy of the kernels reports the level it was compiled at.
  CHECK(bg::detail::kernels<bg::Standard>().level() == boardrules::active_isa());
  CHECK(bg::detail::kernels<bg::Hypergammon>().level() == boardrules::active_isa());
  CHECK(wa::detail::kernels<wa::Speightstown>().level() == boardrules::active_isa());
  CHECK(wa::detail::kernels<wa::Abapa>().level() == boardrules::active_isa());
#else
  CHECK(bg::detail::kernel_level() == boardrules::simd_level());
  CHECK(wa::detail::kernel_level() == boardrules::simd_level());
#endif
}

TEST_CASE("dispatch: each entry point gives the known counts through the kernels chosen") {
  const bg::Position start = bg::Position::start();
  bg::PlayList plays;
  bg::generate_plays(start, bg::Dice(3, 1), plays);
  CHECK(plays.size() == 16);  // the 3-1 opening (docs/rules/backgammon.md)
  bg::PackedPlayList packed;
  bg::generate_packed_plays(start, bg::Dice(6, 6), packed);
  bg::generate_plays(start, bg::Dice(6, 6), plays);
  REQUIRE(packed.size() == plays.size());
  for (std::size_t i = 0; i < plays.size(); ++i) CHECK(bg::unpack_play(packed[i], bg::Dice(6, 6)) == plays[i]);
  // perft from the start: 447 and 202,782 (GNU Backgammon's counts), in every mode.
  for (const auto leaves : {boardrules::Leaves::Count, boardrules::Leaves::List, boardrules::Leaves::Make}) {
    CHECK(bg::perft(start, 1, leaves) == 447);
    CHECK(bg::perft(start, 2, leaves) == 202782);
  }
  std::uint64_t by_roll = 0;
  for (const bg::Dice& d : bg::kAllRolls) by_roll += bg::perft_roll(start, d, 2, boardrules::Leaves::Count);
  CHECK(by_roll == 202782);
  CHECK(bg::perft(bg::HypergammonPosition::start(), 2) ==
        bg::perft(bg::HypergammonPosition::start(), 2, boardrules::Leaves::Make));
  // Warri perft(8) from the start: 711,414 (the slow reference, tests/warri/reference.hpp).
  for (const auto leaves : {boardrules::Leaves::Count, boardrules::Leaves::List, boardrules::Leaves::Make})
    CHECK(wa::perft(wa::Position::start(), 8, leaves) == 711414);
}

#if BOARDRULES_DISPATCHING
namespace dispatch_test {

// choose_level(env, cpu, report) and what it wrote to `report`.
struct Choice {
  SimdLevel level;
  std::string report;
};
Choice choose(const char* env, SimdLevel cpu) {
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  const SimdLevel level = boardrules::dispatch_detail::choose_level(env, cpu, f);
  std::rewind(f);
  std::string text;
  for (int c = std::fgetc(f); c != EOF; c = std::fgetc(f)) text.push_back(static_cast<char>(c));
  std::fclose(f);
  return {level, text};
}

}  // namespace dispatch_test

TEST_CASE("dispatch: the choice for each CPU and BOARDRULES_ISA (a unit built without -march)") {
  if (boardrules::dispatch_detail::kUnitLevel != SimdLevel::SSE2) {
    MESSAGE("built for ", boardrules::simd_level_name(), ": the choices below are those of an SSE2 unit");
    return;
  }
  // Not set: the best level compiled that the CPU runs (SSE2, AVX2, AVX512VBMI2).
  CHECK(choose(nullptr, SimdLevel::SSE2).level == SimdLevel::SSE2);
  CHECK(choose(nullptr, SimdLevel::AVX2).level == SimdLevel::AVX2);
  CHECK(choose("", SimdLevel::AVX2).level == SimdLevel::AVX2);
  CHECK(choose(nullptr, SimdLevel::AVX512BW).level == SimdLevel::AVX2);    // no AVX-512 kernels without VBMI2
  CHECK(choose(nullptr, SimdLevel::AVX512VBMI).level == SimdLevel::AVX2);  // nor without VBMI2
  CHECK(choose(nullptr, SimdLevel::AVX512VBMI2).level == SimdLevel::AVX512VBMI2);
  // Forced lower, in any case.
  CHECK(choose("sse2", SimdLevel::AVX512VBMI2).level == SimdLevel::SSE2);
  CHECK(choose("AVX2", SimdLevel::AVX512VBMI2).level == SimdLevel::AVX2);
  CHECK(choose("avx512bw", SimdLevel::AVX512VBMI2).level == SimdLevel::AVX2);  // the highest compiled below it
  CHECK(choose("Plain", SimdLevel::AVX2).level == SimdLevel::SSE2);            // the unit's own is the lowest
  // Never above the CPU.
  CHECK(choose("AVX512VBMI2", SimdLevel::AVX2).level == SimdLevel::AVX2);
  CHECK(choose("AVX512VBMI2", SimdLevel::SSE2).level == SimdLevel::SSE2);
  CHECK(choose("avx2", SimdLevel::SSE2).level == SimdLevel::SSE2);
  // A name of no level: said, and ignored.
  for (const char* bad : {"avx3", "AVX2 ", "x86-64-v3", "avx"}) {
    const Choice c = choose(bad, SimdLevel::AVX2);
    CHECK(c.level == SimdLevel::AVX2);
    CHECK(c.report == std::string("boardrules: BOARDRULES_ISA=\"") + bad +
                          "\" names no SIMD level (SSE2, AVX2, AVX512BW, AVX512VBMI, AVX512VBMI2); ignored\n");
  }
  CHECK(choose("sse2", SimdLevel::AVX2).report.empty());
}
#endif
