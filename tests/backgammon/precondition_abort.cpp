// Built with assertions on (NDEBUG undefined, whatever the build type): preconditions that
// values from outside could break are asserted, so breaking them aborts with the assertion
// instead of running into undefined behaviour (the test expects the abort and the message;
// tests/core/expect_abort.cmake). The generator asserts its precondition, is_playable: a
// position with more checkers than a side has would make it write past the PlayList. The cube
// arithmetic asserts a cube a match can hold (1..kMaxCubeValue): a cube of 2^30 would overflow
// an int.
//   precondition_abort generate    24 checkers of the mover, one on each point, 1-1
//   precondition_abort perft       the same position, perft(1)
//   precondition_abort shared      both sides on one point, generate_plays
//   precondition_abort cube_take   match_take_point with a cube of 2^30
//   precondition_abort cube_mwc    match_cubeful_mwc with a cube of 2^30
//   precondition_abort valid       the starting position and a cube of 32768: exits 0

#ifdef NDEBUG
#undef NDEBUG
#endif

#include <cstdio>
#include <string_view>

#include "boardrules/backgammon/game/match_cube.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"

namespace {
using namespace boardrules::backgammon;

// 24 checkers of the mover (one on each point), the opponent's 15 on its bar: 1-1 has far more
// than kMaxPlays plays.
Position crowded() {
  Position p;
  for (int q = 1; q <= 24; ++q) p.set(Side::Mover, q, 1);
  p.set(Side::Opponent, kBar, 15);
  return p;
}
}  // namespace

int main(int argc, char** argv) {
  const std::string_view what = argc > 1 ? argv[1] : "";
  static PlayList list;  // static, as a long-lived list is: an overflow runs into other globals
  if (what == "generate") {
    generate_plays(crowded(), Dice(1, 1), list);
  } else if (what == "perft") {
    std::printf("%llu\n", static_cast<unsigned long long>(perft(crowded(), 1)));
  } else if (what == "shared") {
    Position p = Position::start();
    p.set(Side::Mover, 6, 4);
    p.set(Side::Mover, 1, 1);  // the opponent's 24-point holds 2 of its checkers
    generate_plays(p, Dice(6, 5), list);
  } else if (what == "cube_take") {
    const auto tp = match_take_point(default_met(), 5, 5, false, 1 << 30, 0, GammonRates{}, 0.0);
    std::printf("%g\n", tp.value_or(-1.0));
  } else if (what == "cube_mwc") {
    std::printf("%g\n", match_cubeful_mwc(default_met(), 5, 5, false, 1 << 30, -1, 0, 0.5, GammonRates{}, 0.0));
  } else if (what == "valid") {
    generate_plays(Position::start(), Dice(1, 1), list);
    // The highest cube: no double can pass it (BG-8.5), so there is no take point.
    const bool cube_ok = !match_take_point(default_met(), 5, 5, false, kMaxCubeValue, 0, GammonRates{}, 0.0);
    return !list.empty() && cube_ok ? 0 : 1;
  }
  std::printf("%zu plays\n", list.size());
  return 0;  // no abort: the test fails
}
