#pragma once
/// \file
/// The solved Hypergammon database (1 to 3 checkers a side, the whole game with contact) in GNU
/// Backgammon's file format (`makehyper -c N`): for every pair of one-sided positions, the
/// cubeless probabilities of the player on roll (win, win a gammon, win a backgammon, lose a
/// gammon, lose a backgammon; BG-7) and its money equities with the cube owned, centred (with and
/// without the Jacoby rule, BG-9.2) and owned by the opponent (BG-8). The values are the fixed point
/// of one roll of look-ahead, reached by iterating in place over all positions until no value
/// moves by more than a threshold (GNU Backgammon's 1e-5), so they agree with makehyper's within
/// that residual, not to the last bit.
///
/// This header is the whole of it, in four parts: the numbering of one side's checkers
/// (hyper_index.hpp), the database in memory (hyper_tables.hpp), its building (hyper_build.hpp)
/// and GNU Backgammon's file (hyper_file.hpp).

#include "boardrules/core/config.hpp"

#include "boardrules/backgammon/db/hyper_build.hpp"
#include "boardrules/backgammon/db/hyper_file.hpp"
#include "boardrules/backgammon/db/hyper_index.hpp"
#include "boardrules/backgammon/db/hyper_tables.hpp"
