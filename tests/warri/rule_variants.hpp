#pragma once
// Test helper: rule structs for the options the named variants do not cover (docs/rules/warri.md).
#include "boardrules/warri/values/variant.hpp"

namespace warri_test {

/// Speightstown with the other meaning of "feeds" (WA-2.3): the opponent's row is not empty after the move.
struct LeavesSeeds : boardrules::warri::Speightstown {
  static constexpr boardrules::warri::Feeding feeding = boardrules::warri::Feeding::LeavesSeedsInRow;
};
/// Abapa (its grand slam captures nothing, WA-3.3) with that meaning of "feeds".
struct AbapaLeavesSeeds : boardrules::warri::Abapa {
  static constexpr boardrules::warri::Feeding feeding = boardrules::warri::Feeding::LeavesSeedsInRow;
};
/// Speightstown with the grand slam made illegal (WA-3.4).
struct SlamIllegal : boardrules::warri::Speightstown {
  static constexpr boardrules::warri::GrandSlam grand_slam = boardrules::warri::GrandSlam::Illegal;
};
/// The grand slam illegal (WA-3.4) with the other meaning of "feeds" (WA-2.3).
struct SlamIllegalLeavesSeeds : SlamIllegal {
  static constexpr boardrules::warri::Feeding feeding = boardrules::warri::Feeding::LeavesSeedsInRow;
};

}  // namespace warri_test
