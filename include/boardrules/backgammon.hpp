#pragma once
/// \file
/// Umbrella header for backgammon (namespace boardrules::backgammon): variants, the position,
/// dice, plays, the legal-play generator, perft, outcomes, GNU Backgammon Position ID and the
/// ASCII board; the game as it is played (cube, scoring, game, match, OpenSpiel-like state,
/// simple bots), chouette, the move builder, and the Match ID / GNUbg ID / XGID formats.

#include "boardrules/backgammon/actions.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/chouette.hpp"       // IWYU pragma: export
#include "boardrules/backgammon/cube.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/dice.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/game.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/match.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/match_id.hpp"       // IWYU pragma: export
#include "boardrules/backgammon/match_io.hpp"       // IWYU pragma: export
#include "boardrules/backgammon/move_builder.hpp"   // IWYU pragma: export
#include "boardrules/backgammon/movegen.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/notation.hpp"       // IWYU pragma: export
#include "boardrules/backgammon/observation.hpp"    // IWYU pragma: export
#include "boardrules/backgammon/outcome.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/perft.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/play.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/position.hpp"       // IWYU pragma: export
#include "boardrules/backgammon/position_id.hpp"    // IWYU pragma: export
#include "boardrules/backgammon/scoring.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/session_rules.hpp"  // IWYU pragma: export
#include "boardrules/backgammon/state.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/step.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/text.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/variant.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/xgid.hpp"           // IWYU pragma: export
