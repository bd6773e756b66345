// libFuzzer target: action sequences through the backgammon State (and so Match and Game), for
// the three variants, money (Jacoby, automatic doubles, beavers, a cube cap) and matches. The
// fuzz bytes choose the rules, then each action: a listed one, or any action at all. After every
// step: every listed action is accepted (tried on a copy), a refused action leaves the state
// unchanged byte for byte, each side has all its checkers, the cube is a power of two within its
// cap, scores never decrease, and the state's own GNUbg ID restores to the same ID.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "boardrules/backgammon/ai/state.hpp"
#include "fuzz_common.hpp"
#include "invariants.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

template <class V>
Action any_action(fuzz::Bytes& in) {
  Action a;
  a.kind = static_cast<ActionKind>(in.below(12));  // one past the last kind too
  // Dice 0..7 copied in as bytes (Dice::unchecked's precondition is 1..6, and the fields are
  // private): an action from outside may carry any bytes, and the state must refuse the ones
  // out of range.
  const auto d1 = static_cast<std::uint8_t>(in.below(8));
  const auto d2 = static_cast<std::uint8_t>(in.below(8));
  a.dice = std::bit_cast<Dice>(std::array<std::uint8_t, 2>{d1, d2});
  a.resign = static_cast<Resign>(in.below(5));
  const int steps = in.below(5);
  for (int i = 0; i < steps; ++i) a.play.add(in.below(27), in.below(27), false);
  return a;
}

template <class V>
void run(fuzz::Bytes& in) {
  SessionRules r;
  const int kind = in.below(4);
  if (kind == 0) {
    r = SessionRules::money({.jacoby = in.below(2) == 1, .auto_doubles = in.below(4)});
    r.beavers = in.below(2) == 1;
  } else {
    r = SessionRules::match(1 + in.below(kind == 3 ? 25 : 7), {.crawford = in.below(4) != 0});
  }
  if (in.below(4) == 0) r.cube_cap = 1 << in.below(8);
  r.bg_as_gammon = in.below(4) == 0;
  StateOptions o;
  o.resignations = in.below(2) == 1;
  o.money_games = 1 + in.below(4);
  static_assert(std::is_trivially_copyable_v<BasicState<V>>);
  BasicState<V> s(r, o);
  std::array<int, 2> score{0, 0};
  ActionList legal;
  while (!s.is_terminal()) {
    if (const char* why = invariants::state(s, score)) fuzz::check(false, why);
    if (s.is_chance_node()) s.chance_actions(legal);  // the throws (no decision is listed here)
    else s.legal_actions(legal);
    if (in.empty()) break;
    const std::uint8_t b = in.byte();
    if (b < 0xE0) {
      const Action a = legal[static_cast<std::size_t>(b) % legal.size()];
      if (b & 1) {
        const Status st = s.apply_action(a);
        fuzz::check(st.has_value(), "every listed action is accepted");
      } else {
        s.apply_legal_action(a);
      }
    } else {
      const Action a = any_action<V>(in);
      bool listed = false;
      for (const Action& l : legal) listed = listed || l == a;
      unsigned char before[sizeof(s)];
      std::memcpy(before, &s, sizeof(s));
      const Status st = s.apply_action(a);
      if (listed) fuzz::check(st.has_value(), "a listed action is accepted");
      if (!st.has_value())
        fuzz::check(std::memcmp(before, &s, sizeof(s)) == 0, "a refused action leaves the state unchanged");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  switch (in.below(3)) {
    case 0: run<Standard>(in); break;
    case 1: run<Nackgammon>(in); break;
    default: run<Hypergammon>(in); break;
  }
  return 0;
}
