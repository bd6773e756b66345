// The interface of the cross_flag test's library: a user's library built with
// -march=x86-64-v3 (cross_lib.cpp) whose functions take and return the boardrules value types,
// called by a program built without flags (cross_main.cpp). It links only because the value
// types are ISA-neutral (core/config.hpp): the same types, the same mangled names, in both.
#pragma once

#include <string_view>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/game/session_rules.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/core/config.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"

namespace cross {

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;

/// The SIMD level the library was built for (AVX2 or above).
boardrules::SimdLevel level();
/// The legal plays of `dice` in `pos`: their number, and the first one in `first`.
int count_plays(const bg::Position& pos, bg::Dice dice, bg::Play& first);
/// The plays of `dice` in `pos`, packed.
void packed_plays(const bg::Position& pos, bg::Dice dice, bg::PackedPlayList& out);
/// The position of a Position ID, or the parser's Error.
boardrules::Result<bg::Position> parse_id(std::string_view id);
/// Dice from run-time values (Dice::from).
boardrules::Result<bg::Dice> dice_from(int a, int b);
/// The legal actions of a State resumed from `text` (State::from_string) as Action values.
boardrules::Status actions_of(std::string_view text, bg::ActionList& out);
/// The cube after a take by `taker`, and the rules of a 7-point match.
bg::Cube taken(bg::Cube cube, int taker);
bg::SessionRules match7();
/// Warri: the position after `move`, and the moves of `pos`.
wa::Position warri_apply(const wa::Position& pos, wa::Move move);
void warri_moves(const wa::Position& pos, wa::MoveList& out);

}  // namespace cross
