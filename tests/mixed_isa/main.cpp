// The mixed_isa test: translation units built at different SIMD levels (CMakeLists.txt) in one
// program, as a program that dispatches by CPU has them. Each must report the level it was
// built for and its own namespace tag (units of one program share no library code), and compute
// the known values:
//  - 3-1 from the start: 16 plays; perft(2) = 202,782 and perft(3) = 116,154,993 from the start
//    (docs/rules/backgammon.md, Perft; GNU Backgammon's counts);
//  - the Position IDs of the start, 4HPwATDgc/ABMA, and after 8/5 6/5, sGfwATDgc/ABMA (as
//    gnubg.positionid() writes them; the README's quick start);
//  - Warri perft(8) = 711,414 from the start (the slow reference tests/warri/reference.hpp,
//    written from docs/rules/warri.md).
// One unit (mixed_dispatch) chooses its kernels at run time (core/dispatch.hpp): it has a tag of
// its own and reports the level of the kernels that ran (active_isa()).

#include <cstdio>
#include <cstring>

#include "mixed_isa/unit.hpp"
#include "mixed_isa_units.hpp"  // generated: BOARDRULES_MIXED_UNITS(X), X(function, expected level)

#define BOARDRULES_MIXED_DECLARE(fn, level) mixed_isa::Report fn();
BOARDRULES_MIXED_UNITS(BOARDRULES_MIXED_DECLARE)

namespace {

struct Unit {
  const char* name;
  boardrules::SimdLevel expected;
  mixed_isa::Report report;
};

int failures = 0;

void check(bool ok, const Unit& u, const char* what) {
  if (ok) return;
  ++failures;
  std::printf("FAIL %s: %s\n", u.name, what);
}

}  // namespace

int main() {
#define BOARDRULES_MIXED_ENTRY(fn, level) Unit{#fn, boardrules::SimdLevel::level, fn()},
  const Unit units[] = {BOARDRULES_MIXED_UNITS(BOARDRULES_MIXED_ENTRY)};
  for (const Unit& u : units) {
    const mixed_isa::Report& r = u.report;
    std::printf(
        "%-16s level %-12s tag %-18s kernels %-12s 3-1: %zu plays, perft(2) %llu / %llu, perft(3) %llu, ids %s %s, "
        "warri perft(8) %llu / %llu\n",
        u.name, r.level_name, r.tag, boardrules::simd_level_name(r.ran), r.plays_31,
        static_cast<unsigned long long>(r.bg_perft2_by_hand), static_cast<unsigned long long>(r.bg_perft2_make),
        static_cast<unsigned long long>(r.bg_perft3), r.start_id, r.id_after_31,
        static_cast<unsigned long long>(r.warri_perft8), static_cast<unsigned long long>(r.warri_perft8_make));
    check(r.level == u.expected, u, "simd_level() is not the level the unit was built for");
    check(std::strcmp(r.level_name, boardrules::simd_level_name(u.expected)) == 0, u,
          "simd_level_name() is not the name of the level the unit was built for");
    // The kernels run at the unit's level, or above it in the unit that dispatches (at most the
    // CPU's: the test runs here, so every level it reports ran).
    const bool dispatching = std::strstr(r.tag, "_dispatch") != nullptr;
    check(dispatching ? r.ran >= r.level : r.ran == r.level, u, "active_isa() is not the unit's level");
    check(dispatching == (std::strcmp(u.name, "mixed_dispatch") == 0), u,
          "only the unit built with BOARDRULES_DISPATCH has a _dispatch tag");
    check(r.plays_31 == 16, u, "3-1 from the start: not 16 plays");
    check(r.bg_perft2_by_hand == 202782, u, "perft(2) by generate_plays: not 202,782");
    check(r.bg_perft2_make == 202782, u, "perft(2, Leaves::Make): not 202,782");
    check(r.bg_perft3 == 116154993, u, "perft(3): not 116,154,993");
    check(std::strcmp(r.start_id, "4HPwATDgc/ABMA") == 0, u, "the start's Position ID");
    check(std::strcmp(r.id_after_31, "sGfwATDgc/ABMA") == 0, u, "the Position ID after 8/5 6/5");
    check(r.warri_perft8 == 711414, u, "Warri perft(8): not 711,414");
    check(r.warri_perft8_make == 711414, u, "Warri perft(8, Leaves::Make): not 711,414");
    for (const Unit& v : units)
      if (&v != &u && std::strcmp(v.report.tag, r.tag) == 0) check(false, u, "another unit has the same tag");
  }
  if (sizeof units / sizeof units[0] < 2) {
    std::printf("FAIL: fewer than two units\n");
    ++failures;
  }
  std::printf("%s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
