// One translation unit of the mixed_isa test, compiled once per SIMD level (its -march and
// BOARDRULES_MIXED_UNIT, the name of its one function, come from CMakeLists.txt) and linked
// with the others into one program. Each unit computes with the library's inline functions, so
// each object file defines its own copies of them (weak symbols); with one namespace for every
// level the linker would keep one copy of each for all the units.

#include <cstring>
#include <string>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/core/dispatch.hpp"
#include "boardrules/warri/rules/perft.hpp"
#include "mixed_isa/unit.hpp"

#ifndef BOARDRULES_MIXED_UNIT
#error "CMakeLists.txt names each unit's function with BOARDRULES_MIXED_UNIT"
#endif

namespace {

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;

// Through a pointer the optimiser cannot see through: the call cannot be inlined or folded
// at compile time, so the object file defines the function out of line and the program calls
// the copy the linker kept.
template <class R, class... A>
R call_out_of_line(R (*f)(A...), A... args) {
  R (*volatile p)(A...) = f;
  return p(args...);
}

void copy_id(char (&to)[16], const std::string& id) { std::strncpy(to, id.c_str(), sizeof to - 1); }

bg::PlayList plays, replies;  // 30 KB each: not on the stack

std::uint64_t bg_perft2_by_hand(const bg::Position& start) {
  std::uint64_t n = 0;
  for (const bg::Dice& d : bg::kAllRolls) {
    bg::generate_plays(start, d, plays);
    for (const bg::Play& play : plays) {
      const bg::Position child = bg::apply_flipped(start, play);
      for (const bg::Dice& e : bg::kAllRolls) {
        bg::generate_plays(child, e, replies);
        n += replies.size();
      }
    }
  }
  return n;
}

}  // namespace

mixed_isa::Report BOARDRULES_MIXED_UNIT() {
  mixed_isa::Report r;
  r.level = call_out_of_line(&boardrules::simd_level);
  r.level_name = call_out_of_line<const char*>(&boardrules::simd_level_name);
  r.tag = call_out_of_line(&boardrules::isa_namespace_name);
  r.ran = boardrules::active_isa();

  const bg::Position start = bg::Position::start();
  bg::generate_plays(start, bg::Dice(3, 1), plays);
  r.plays_31 = plays.size();
  r.bg_perft2_by_hand = bg_perft2_by_hand(start);
  r.bg_perft2_make = bg::perft(start, 2, boardrules::Leaves::Make);
  r.bg_perft3 = bg::perft(start, 3);
  copy_id(r.start_id, bg::format_position_id(start));
  bg::Play play{};
  play.add(8, 5, false);
  play.add(6, 5, false);
  copy_id(r.id_after_31, bg::format_position_id(bg::apply_flipped(start, play)));

  r.warri_perft8 = wa::perft(wa::Position::start(), 8);
  r.warri_perft8_make = wa::perft(wa::Position::start(), 8, boardrules::Leaves::Make);
  return r;
}
