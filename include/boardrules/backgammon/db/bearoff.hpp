#pragma once
/// \file
/// Bear-off databases (BG-6), built by the library and stored in GNU Backgammon's file formats:
/// the one-sided database (for every position of up to 15 checkers on the home points 1..P, the
/// distribution of the number of rolls needed to bear off all checkers, and of the rolls needed to
/// bear off the first one, the gammon distribution of BG-7) and the two-sided database (for every
/// pair of positions of up to C checkers on the points 1..P, the cubeless and cubeful money
/// equities of the player on roll, BG-8).
///
/// The values are those of GNU Backgammon's `makebearoff`, unit for unit: the same position
/// numbering, the same choice of play (the play that minimises the expected number of rolls as the
/// stored, rounded distributions give it; among plays that tie, the first in GNU Backgammon's order
/// of generation), the same fixed-point rounding. The comments of the parts say which is which.
///
/// This header is the whole of the bear-off databases, in four parts: the numbering of the
/// positions (bearoff_index.hpp), the databases in memory and their probes (bearoff_tables.hpp),
/// their building (bearoff_build.hpp) and GNU Backgammon's files (bearoff_file.hpp).

#include "boardrules/core/config.hpp"

#include "boardrules/backgammon/db/bearoff_build.hpp"
#include "boardrules/backgammon/db/bearoff_file.hpp"
#include "boardrules/backgammon/db/bearoff_index.hpp"
#include "boardrules/backgammon/db/bearoff_tables.hpp"
