#pragma once
/// \file
/// The Warri variants and every decision of docs/rules/warri.md as a named option.
/// A variant is a struct of static constexpr options; users may define their own with other
/// choices, e.g. `struct MyRules : Speightstown { static constexpr auto odd_seed = OddSeed::Nobody; };`

#include "boardrules/core/config.hpp"

#include <string_view>

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::warri {

/// What "feeding" the opponent means (WA-2.3).
enum class Feeding {
  SowsIntoRow,       ///< the move sows at least one seed into the opponent's row (default)
  LeavesSeedsInRow,  ///< after the move (captures included) the opponent's row is not empty
};

/// What a capture of every seed in the opponent's row does (WA-3.3, WA-3.4).
enum class GrandSlam {
  Captures,         ///< legal, captures them all (Barbados Warri, default)
  CapturesNothing,  ///< legal, but captures nothing (Oware Abapa)
  Illegal,          ///< illegal while another move is legal; else played, captures nothing (WA-3.4)
};

/// Who gets the seeds left on the board when the game ends by starvation (WA-4.2, WA-5.1).
enum class StarvationAward {
  StarvedTakes,  ///< the starved player takes them (Speightstown, default)
  MoverTakes,    ///< the player who could still move takes them (Oware Abapa)
  Split,         ///< divided equally, odd seed per OddSeed (Bridgetown)
};

/// Who gets the seeds left on the board when a cycling game ends (WA-4.3, WA-5.1).
enum class CycleAward {
  Nobody,   ///< not captured by anyone (Speightstown,default)
  Split,    ///< divided equally, odd seed per OddSeed (Bridgetown)
  OwnSide,  ///< each player takes the seeds in its own row (Oware Abapa, as commonly played)
};

/// Who gets the odd seed when an odd number is split (WA-5.2).
enum class OddSeed {
  ToLeader,   ///< the player who has captured more (default)
  ToTrailer,  ///< the player who has captured fewer
  Nobody,     ///< nobody
};

/// When the game record declares a game cycling (WA-4.3).
enum class CycleRule {
  FirstRepetition,  ///< first repetition of (houses, side to move) since the last capture (default)
  Threefold,        ///< a position occurs for the third time since the last capture
  NoCapturePlies,   ///< N plies in a row without a capture (N = the record's option)
};

/// Speightstown Warri: the default of every option (WA-1 to WA-4).
struct Speightstown {
  static constexpr std::string_view name = "speightstown";
  static constexpr Feeding feeding = Feeding::SowsIntoRow;
  static constexpr GrandSlam grand_slam = GrandSlam::Captures;
  static constexpr StarvationAward starvation_award = StarvationAward::StarvedTakes;
  static constexpr CycleAward cycle_award = CycleAward::Nobody;
  static constexpr OddSeed odd_seed = OddSeed::ToLeader;
  static constexpr CycleRule cycle_rule = CycleRule::FirstRepetition;
  /// WA-5.4 option: when a capture to win_seeds ends the game (WA-4.1), the seeds left on the board
  /// are also divided as in WA-5.1 and WA-5.2 (Bridgetown with a split at every end of the game).
  static constexpr bool split_at_capture_end = false;
  /// Captured seeds that win at once (WA-4.1).
  static constexpr int win_seeds = 25;
};

/// Bridgetown Warri (WA-5): seeds left at the end are split, the odd seed to the leader.
struct Bridgetown : Speightstown {
  static constexpr std::string_view name = "bridgetown";
  static constexpr StarvationAward starvation_award = StarvationAward::Split;
  static constexpr CycleAward cycle_award = CycleAward::Split;
};

/// Bridgetown splitting the seeds left at every end of the game, also after a capture to 25
/// (WA-5.4 option).
struct BridgetownEveryEnd : Bridgetown {
  static constexpr std::string_view name = "bridgetown-every-end";
  static constexpr bool split_at_capture_end = true;
};

/// Oware Abapa, for comparison with other Oware engines: a grand slam captures nothing, the
/// mover takes the seeds left when it cannot feed its opponent, and when the game ends by
/// cycling each player takes the seeds in its own row.
struct Abapa : Speightstown {
  static constexpr std::string_view name = "abapa";
  static constexpr GrandSlam grand_slam = GrandSlam::CapturesNothing;
  static constexpr StarvationAward starvation_award = StarvationAward::MoverTakes;
  static constexpr CycleAward cycle_award = CycleAward::OwnSide;
};

}  // namespace boardrules::warri
