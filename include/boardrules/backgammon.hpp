#pragma once
/// \file
/// Umbrella header for backgammon (namespace boardrules::backgammon): variants, the position,
/// dice, plays, the legal-play generator, perft, outcomes, GNU Backgammon Position ID and the
/// ASCII board.

#include "boardrules/backgammon/variant.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/position.hpp"     // IWYU pragma: export
#include "boardrules/backgammon/dice.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/play.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/movegen.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/outcome.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/perft.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/position_id.hpp"  // IWYU pragma: export
#include "boardrules/backgammon/text.hpp"         // IWYU pragma: export
