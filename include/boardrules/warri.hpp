#pragma once
/// \file
/// Umbrella header for Barbados Warri (namespace boardrules::warri): variants and options, the
/// position, moves, generation, apply and perft, the end of the game, the game record with
/// cycles, tournament series, notation and the ASCII board.

#include "boardrules/warri/game.hpp"      // IWYU pragma: export
#include "boardrules/warri/move.hpp"      // IWYU pragma: export
#include "boardrules/warri/movegen.hpp"   // IWYU pragma: export
#include "boardrules/warri/notation.hpp"  // IWYU pragma: export
#include "boardrules/warri/outcome.hpp"   // IWYU pragma: export
#include "boardrules/warri/perft.hpp"     // IWYU pragma: export
#include "boardrules/warri/position.hpp"  // IWYU pragma: export
#include "boardrules/warri/rules.hpp"     // IWYU pragma: export
#include "boardrules/warri/series.hpp"    // IWYU pragma: export
#include "boardrules/warri/state.hpp"     // IWYU pragma: export
#include "boardrules/warri/text.hpp"      // IWYU pragma: export
