// The cross_flag test's library, built with -march=x86-64-v3 (see cross_lib.hpp).
#include "mixed_isa/cross_lib.hpp"

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/warri/rules/movegen.hpp"

namespace cross {

boardrules::SimdLevel level() { return boardrules::simd_level(); }

int count_plays(const bg::Position& pos, bg::Dice dice, bg::Play& first) {
  bg::PlayList plays;
  bg::generate_plays(pos, dice, plays);
  if (!plays.empty()) first = plays[0];
  return static_cast<int>(plays.size());
}

void packed_plays(const bg::Position& pos, bg::Dice dice, bg::PackedPlayList& out) {
  bg::generate_packed_plays(pos, dice, out);
}

boardrules::Result<bg::Position> parse_id(std::string_view id) { return bg::parse_position_id(id); }

boardrules::Result<bg::Dice> dice_from(int a, int b) { return bg::Dice::from(a, b); }

boardrules::Status actions_of(std::string_view text, bg::ActionList& out) {
  const auto state = bg::State::from_string(text);
  if (!state) return state.error();
  state->legal_actions(out);
  return {};
}

bg::Cube taken(bg::Cube cube, int taker) { return cube.taken_by(taker); }

bg::SessionRules match7() { return bg::SessionRules::match(7); }

wa::Position warri_apply(const wa::Position& pos, wa::Move move) { return wa::apply(pos, move); }

void warri_moves(const wa::Position& pos, wa::MoveList& out) { wa::generate_moves(pos, out); }

}  // namespace cross
