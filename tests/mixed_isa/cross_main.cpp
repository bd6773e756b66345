// The cross_flag test: this program is built without -march flags and calls a library built
// with -march=x86-64-v3 (cross_lib.hpp) through functions whose signatures hold the library's
// value types. That it links is the first check: were the value types ISA-tagged, the two sides
// would name different functions (cross::count_plays of an isa_sse2 Position here, of an
// isa_avx2 one in the library) and the link would fail with an undefined reference.
// Then both sides must agree, and with known values: 16 plays of 3-1 from
// the start (docs/rules/backgammon.md, the 3-1 opening), the start's Position ID
// 4HPwATDgc/ABMA (as GNU Backgammon writes it), Warri's 4 seeds in each house (WA-1.1).
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <typeinfo>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "mixed_isa/cross_lib.hpp"

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (ok) return;
  ++failures;
  std::printf("FAIL: %s\n", what);
}

}  // namespace

int main() {
  namespace bg = boardrules::backgammon;
  namespace wa = boardrules::warri;
  std::printf("program level %s (%s), library level %s\n", boardrules::simd_level_name(),
              boardrules::isa_namespace_name(), boardrules::simd_level_name(cross::level()));
  check(cross::level() >= boardrules::SimdLevel::AVX2, "the library is built for AVX2 or above");
  check(cross::level() != boardrules::simd_level(), "the program and the library are built for different levels");

  // The value types have one name whatever the level; the code does not.
  check(std::strstr(typeid(bg::Position).name(), "isa_") == nullptr, "Position's name has no ISA tag");
  check(std::strstr(typeid(boardrules::Error).name(), "isa_") == nullptr, "Error's name has no ISA tag");
  check(std::strstr(typeid(wa::Position).name(), "isa_") == nullptr, "warri Position's name has no ISA tag");
  check(std::strstr(typeid(bg::State).name(), "isa_") != nullptr, "State (code) keeps its ISA tag");

  const bg::Position start = bg::Position::start();
  bg::Play lib_first;
  const int lib_n = cross::count_plays(start, bg::Dice(3, 1), lib_first);
  bg::PlayList mine;
  bg::generate_plays(start, bg::Dice(3, 1), mine);
  check(lib_n == 16 && mine.size() == 16, "3-1 from the start: 16 plays on both sides");
  check(!mine.empty() && lib_first == mine[0], "the same first play on both sides");

  bg::PackedPlayList lib_packed;
  cross::packed_plays(start, bg::Dice(6, 6), lib_packed);
  bg::PackedPlayList my_packed;
  bg::generate_packed_plays(start, bg::Dice(6, 6), my_packed);
  bool same_packed = lib_packed.size() == my_packed.size() && lib_packed.size() > 0;
  for (std::size_t i = 0; same_packed && i < my_packed.size(); ++i) same_packed = lib_packed[i] == my_packed[i];
  check(same_packed, "6-6 from the start: the same packed plays on both sides");

  const auto parsed = cross::parse_id("4HPwATDgc/ABMA");
  check(parsed.has_value() && *parsed == start, "the start's Position ID parsed by the library");
  const auto bad = cross::parse_id("not an id");
  check(!bad.has_value() && bad.error().code == boardrules::ErrorCode::syntax,
        "a bad Position ID: the library's Error, ErrorCode::syntax");
#if defined(__cpp_exceptions)
  bool threw = false;
  try {
    (void)bad.value();
  } catch (const std::exception& e) {
    threw = std::string(e.what()) == bad.error().to_string();
  }
  check(threw, "value() of the library's error Result throws here with its text");
#endif
  const auto dice = cross::dice_from(7, 1);
  check(!dice.has_value() && dice.error().code == boardrules::ErrorCode::out_of_range, "Dice::from(7, 1) refused");
  check(cross::dice_from(6, 5).value() == bg::Dice(6, 5), "Dice::from(6, 5)");

  // A state after the opening throw 3-1 (player 0 to play it), as text.
  auto opened = bg::State::make(bg::SessionRules::money());
  check(opened.has_value() && opened->apply_action(bg::Action::opening(3, 1)).has_value(), "the opening throw 3-1");
  const std::string text = opened.has_value() ? opened->to_string() : std::string();
  bg::ActionList lib_actions;
  check(cross::actions_of(text, lib_actions).has_value(), "a State text read by the library");
  bg::ActionList my_actions;
  if (opened) opened->legal_actions(my_actions);
  bool same_actions = lib_actions.size() == my_actions.size() && my_actions.size() == 16;
  for (std::size_t i = 0; same_actions && i < my_actions.size(); ++i) same_actions = lib_actions[i] == my_actions[i];
  check(same_actions, "the 16 plays of the opening 3-1 as the same Actions on both sides");
  check(!cross::actions_of("garbage", lib_actions).has_value(), "a bad State text refused by the library");

  const bg::Cube cube = cross::taken(bg::Cube{}, 1);
  check(cube.value() == 2 && cube.owner() == 1, "a taken cube: 2, owned by the taker (BG-8.4)");
  check(cross::match7() == bg::SessionRules::match(7), "SessionRules::match(7) across the boundary");

  const wa::Position w = wa::Position::start();
  const wa::Position lib_after = cross::warri_apply(w, wa::Move{0});
  check(lib_after == wa::apply(w, wa::Move{0}), "Warri: the same position after sowing house a");
  check(lib_after.house(0) == 0 && lib_after.house(1) == 5 && lib_after.house(4) == 5 && lib_after.house(5) == 4,
        "Warri: house a's 4 seeds sown into b..e (WA-2.1)");
  wa::MoveList lib_moves;
  cross::warri_moves(w, lib_moves);
  check(lib_moves.size() == 6, "Warri: 6 moves from the start (WA-1.1)");

  std::printf(failures == 0 ? "cross_flag: all checks passed\n" : "cross_flag: %d failures\n", failures);
  return failures == 0 ? 0 : 1;
}
