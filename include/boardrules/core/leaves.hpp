#pragma once
/// \file
/// Leaves: how perft counts its last ply(s), shared by both games.

#include "boardrules/core/config.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// How perft treats the last ply.
enum class Leaves {
  Count,  ///< any exact counting shortcut (formulas, counting without building the leaves)
  List,   ///< fill the move/play list at the last ply and add its size (bulk counting)
  Make,   ///< apply every leaf move/play (what a search pays per node)
};

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
