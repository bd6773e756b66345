#pragma once
/// \file
/// Umbrella header for backgammon (namespace boardrules::backgammon): variants, the position,
/// dice, plays, the legal-play generator, perft, outcomes, GNU Backgammon Position ID and the
/// ASCII board; the game as it is played (cube, scoring, game, match, OpenSpiel-like state,
/// simple bots), chouette, the move builder, the Match ID / GNUbg ID / XGID formats and the match
/// records (.mat, .sgf), match equity tables (the built-in one and GNU Backgammon's files). The
/// endgame databases are included on their own
/// (boardrules/backgammon/db/bearoff.hpp, db/hyper.hpp), as Warri's (boardrules/warri/db/).

#include "boardrules/backgammon/ai/actions.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/ai/observation.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/ai/record_actions.hpp"     // IWYU pragma: export
#include "boardrules/backgammon/ai/state.hpp"              // IWYU pragma: export
#include "boardrules/backgammon/formats/mat.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/formats/match_id.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/formats/match_io.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/formats/match_record.hpp"  // IWYU pragma: export
#include "boardrules/backgammon/formats/met_xml.hpp"       // IWYU pragma: export
#include "boardrules/backgammon/formats/notation.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/formats/position_id.hpp"   // IWYU pragma: export
#include "boardrules/backgammon/formats/sgf.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/formats/text.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/formats/xgid.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/game/chouette.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/game/cube.hpp"             // IWYU pragma: export
#include "boardrules/backgammon/game/game.hpp"             // IWYU pragma: export
#include "boardrules/backgammon/game/match.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/game/match_equity.hpp"     // IWYU pragma: export
#include "boardrules/backgammon/game/move_builder.hpp"     // IWYU pragma: export
#include "boardrules/backgammon/game/scoring.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/game/session_rules.hpp"    // IWYU pragma: export
#include "boardrules/backgammon/values/dice.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/rules/movegen.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/rules/outcome.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/rules/perft.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/values/play.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/values/position.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/rules/step.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/values/variant.hpp"         // IWYU pragma: export
