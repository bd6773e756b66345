#pragma once
/// \file
/// Umbrella header for Barbados Warri (namespace boardrules::warri): variants and options, the
/// position, moves, generation, apply and perft, the end of the game, the game record with
/// cycles, tournament series, notation and the ASCII board.

#include "boardrules/warri/ai/state.hpp"     // IWYU pragma: export
#include "boardrules/warri/formats/notation.hpp"  // IWYU pragma: export
#include "boardrules/warri/formats/text.hpp"      // IWYU pragma: export
#include "boardrules/warri/game/game.hpp"      // IWYU pragma: export
#include "boardrules/warri/game/series.hpp"    // IWYU pragma: export
#include "boardrules/warri/rules/movegen.hpp"   // IWYU pragma: export
#include "boardrules/warri/rules/outcome.hpp"   // IWYU pragma: export
#include "boardrules/warri/rules/perft.hpp"     // IWYU pragma: export
#include "boardrules/warri/values/move.hpp"      // IWYU pragma: export
#include "boardrules/warri/values/position.hpp"  // IWYU pragma: export
#include "boardrules/warri/values/variant.hpp"     // IWYU pragma: export
