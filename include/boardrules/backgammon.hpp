#pragma once
/// \file
/// Umbrella header for backgammon (namespace boardrules::backgammon), what a first program
/// needs: variants, the position, dice, plays, the legal-play generator, perft, outcomes, the
/// game as it is played (cube, scoring, game, match, chouette, the move builder, the built-in
/// match equity table), the OpenSpiel-like State, and the texts of a position and a match (GNU
/// Backgammon Position ID, Match ID, XGID, play notation, the ASCII board).
///
/// Included by name, so that a program pays only for what it uses: the match records and their
/// files (backgammon/formats/match_record.hpp, mat.hpp, sgf.hpp, xg.hpp;
/// backgammon/ai/record_actions.hpp), GNU Backgammon's match equity files
/// (backgammon/formats/met_xml.hpp), the UBGI protocol (backgammon/formats/ubgi.hpp,
/// backgammon/ai/ubgi_engine.hpp, ubgi_host.hpp), parallel perft (perft/backgammon.hpp) and the
/// endgame databases (backgammon/db/).

#include "boardrules/backgammon/ai/actions.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/ai/observation.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/ai/state.hpp"              // IWYU pragma: export
#include "boardrules/backgammon/formats/match_id.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/formats/match_io.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/formats/notation.hpp"      // IWYU pragma: export
#include "boardrules/backgammon/formats/position_id.hpp"   // IWYU pragma: export
#include "boardrules/backgammon/formats/text.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/formats/xgid.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/game/chouette.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/game/cube.hpp"             // IWYU pragma: export
#include "boardrules/backgammon/game/game.hpp"             // IWYU pragma: export
#include "boardrules/backgammon/game/match.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/game/match_cube.hpp"       // IWYU pragma: export
#include "boardrules/backgammon/game/match_equity.hpp"     // IWYU pragma: export
#include "boardrules/backgammon/game/move_builder.hpp"     // IWYU pragma: export
#include "boardrules/backgammon/game/scoring.hpp"          // IWYU pragma: export
#include "boardrules/backgammon/game/session_rules.hpp"    // IWYU pragma: export
#include "boardrules/backgammon/rules/movegen.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/rules/outcome.hpp"         // IWYU pragma: export
#include "boardrules/backgammon/rules/perft.hpp"           // IWYU pragma: export
#include "boardrules/backgammon/rules/step.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/values/dice.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/values/play.hpp"            // IWYU pragma: export
#include "boardrules/backgammon/values/position.hpp"        // IWYU pragma: export
#include "boardrules/backgammon/values/variant.hpp"         // IWYU pragma: export
