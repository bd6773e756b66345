#pragma once
/// \file
/// Rule variants of backgammon: the number of checkers and the starting position. The moves,
/// the cube and the scoring are the same in every variant (BG-3 to BG-10).

#include "boardrules/core/config.hpp"

#include <array>
#include <string_view>

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// One stack of the starting position: `count` checkers on `point` (the owner's numbering, BG-1.3).
struct StartStack {
  int point;
  int count;
};

/// Standard backgammon (BG-1.4): 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6.
struct Standard {
  static constexpr std::string_view name = "standard";
  static constexpr int kCheckers = 15;
  static constexpr std::array<StartStack, 4> start{{{24, 2}, {13, 5}, {8, 3}, {6, 5}}};
};

/// Nackgammon (Nack Ballard's variant, as in GNU Backgammon): 2 on the 24 and 23, 4 on the 13,
/// 3 on the 8, 4 on the 6.
struct Nackgammon {
  static constexpr std::string_view name = "nackgammon";
  static constexpr int kCheckers = 15;
  static constexpr std::array<StartStack, 5> start{{{24, 2}, {23, 2}, {13, 4}, {8, 3}, {6, 4}}};
};

/// Hypergammon (as in GNU Backgammon): 3 checkers each, on the 24, 23 and 22 points.
struct Hypergammon {
  static constexpr std::string_view name = "hypergammon";
  static constexpr int kCheckers = 3;
  static constexpr std::array<StartStack, 3> start{{{24, 1}, {23, 1}, {22, 1}}};
};

}  // namespace boardrules::backgammon
