// Built with assertions on (NDEBUG undefined, whatever the build type): the generator asserts
// that its position is valid (validate), so a position with more checkers than a side has
// aborts with the assertion instead of writing past the PlayList (the test expects the abort
// and the message; tests/core/expect_abort.cmake).
//   invalid_position_abort generate   24 checkers of the mover, one on each point, 1-1
//   invalid_position_abort perft      the same position, perft(1)
//   invalid_position_abort shared     both sides on one point, generate_plays
//   invalid_position_abort valid      the starting position: exits 0

#ifdef NDEBUG
#undef NDEBUG
#endif

#include <cstdio>
#include <string_view>

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
  } else if (what == "valid") {
    generate_plays(Position::start(), Dice(1, 1), list);
    return list.empty() ? 1 : 0;
  }
  std::printf("%zu plays\n", list.size());
  return 0;  // no abort: the test fails
}
