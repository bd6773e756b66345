#pragma once
// A backgammon position built from fuzz bytes: each side's checkers dealt to points (and the bar
// and off) as the bytes say, with no point held by both sides.
#include "boardrules/backgammon/values/position.hpp"
#include "fuzz_common.hpp"

namespace fuzz {

template <class V>
boardrules::backgammon::BasicPosition<V> position_from(Bytes& in) {
  using namespace boardrules::backgammon;
  BasicPosition<V> p;
  for (Side s : {Side::Mover, Side::Opponent}) {
    std::array<int, 26> n{};
    for (int k = 0; k < V::kCheckers; ++k) {
      const std::uint8_t b = in.byte();
      // most checkers on points; the bar and off now and then
      int at = b < 8 ? kOff : b < 16 ? kBar : 1 + b % 24;
      if (s == Side::Opponent && at >= 1 && at <= 24 && p.count(Side::Mover, 25 - at) > 0) at = kOff;
      ++n[static_cast<std::size_t>(at)];
    }
    for (int i = 0; i <= 25; ++i) p.set(s, i, n[static_cast<std::size_t>(i)]);
  }
  return p;
}

}  // namespace fuzz
