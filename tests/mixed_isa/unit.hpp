#pragma once
// What each translation unit of the mixed_isa test reports (tests/mixed_isa/CMakeLists.txt): its
// own SIMD level and namespace tag, and results computed with the library at that level. Plain
// data only: the library's own types differ from one level to another (core/config.hpp).

#include <cstddef>
#include <cstdint>

#include "boardrules/core/config.hpp"  // SimdLevel: untagged, the same type in every unit

namespace mixed_isa {

struct Report {
  boardrules::SimdLevel level = boardrules::SimdLevel::Plain;  // boardrules::simd_level() of the unit
  const char* level_name = "";                                 // boardrules::simd_level_name()
  const char* tag = "";                                        // boardrules::isa_namespace_name()
  boardrules::SimdLevel ran = boardrules::SimdLevel::Plain;    // active_isa(): the level of the kernels that ran
  std::size_t plays_31 = 0;                                    // plays of 3-1 from the start
  std::uint64_t bg_perft2_by_hand = 0;                         // perft(2) by generate_plays and apply_flipped alone
  std::uint64_t bg_perft2_make = 0;                            // perft(start, 2, Leaves::Make)
  std::uint64_t bg_perft3 = 0;                                 // perft(start, 3)
  char start_id[16] = {};                                      // position_id of the start
  char id_after_31[16] = {};                                   // position_id after 8/5 6/5, seen by the next player
  std::uint64_t warri_perft8 = 0;                              // Warri perft(start, 8)
  std::uint64_t warri_perft8_make = 0;                         // Warri perft(start, 8, Leaves::Make)
};

}  // namespace mixed_isa
