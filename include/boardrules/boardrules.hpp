#pragma once
/// \file
/// Umbrella header for the whole library: the shared core and both games.

#include "boardrules/backgammon.hpp"       // IWYU pragma: export
#include "boardrules/core/error.hpp"       // IWYU pragma: export
#include "boardrules/core/fixed_list.hpp"  // IWYU pragma: export
#include "boardrules/core/game_state.hpp"  // IWYU pragma: export
#include "boardrules/core/hash.hpp"        // IWYU pragma: export
#include "boardrules/core/leaves.hpp"      // IWYU pragma: export
#include "boardrules/core/random.hpp"      // IWYU pragma: export
#include "boardrules/version.hpp"          // IWYU pragma: export
#include "boardrules/warri.hpp"            // IWYU pragma: export
