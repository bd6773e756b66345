// libFuzzer target: the MoveBuilder and the Chouette driven by fuzz bytes.
// MoveBuilder: on a position and dice built from the bytes, steps, step_to, undo and commit in
// any order; a refused call leaves the builder unchanged byte for byte, every listed step is
// accepted, a committed play is one of the legal plays, checkers are kept.
// Chouette: 3 to 8 players and any options; every action with any arguments; a refused action
// leaves the session unchanged, the ledger always sums to 0, cubes are powers of two within the
// limit.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "boardrules/backgammon/game/chouette.hpp"
#include "boardrules/backgammon/game/move_builder.hpp"
#include "fuzz_bg_position.hpp"
#include "fuzz_common.hpp"
#include "invariants.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

template <class T>
struct Snapshot {
  explicit Snapshot(const T& t) { std::memcpy(bytes, &t, sizeof(T)); }
  [[nodiscard]] bool same(const T& t) const { return std::memcmp(bytes, &t, sizeof(T)) == 0; }
  unsigned char bytes[sizeof(T)];
};

void builder(fuzz::Bytes& in) {
  const Position p = fuzz::position_from<Standard>(in);
  const Dice dice = Dice::unchecked(1 + in.below(6), 1 + in.below(6));
  static_assert(std::is_trivially_copyable_v<MoveBuilder>);
  MoveBuilder b(p, dice);
  for (int i = 0; i < 64 && !in.empty(); ++i) {
    StepList steps;
    b.legal_steps(steps);
    for (const Step& s : steps) {
      MoveBuilder t = b;
      fuzz::check(t.step(s.from, s.die).has_value(), "every listed step is accepted");
    }
    const Snapshot<MoveBuilder> before(b);
    Status st;
    switch (in.below(6)) {
      case 0:
        if (!steps.empty())
          st = b.step(steps[static_cast<std::size_t>(in.below(static_cast<int>(steps.size())))].from, steps[0].die);
        break;
      case 1: st = b.step(in.below(30) - 2, in.below(9) - 1); break;
      case 2: st = b.step_to(in.below(30) - 2, in.below(30) - 2); break;
      case 3: st = b.undo(); break;
      case 4: st = b.undo(static_cast<std::size_t>(in.below(6))); break;
      default: {
        const auto play = b.commit();
        fuzz::check(before.same(b), "commit changes nothing");
        if (play.has_value() && b.legal_plays().empty()) fuzz::check(play->size == 0, "no legal play: an empty play");
        if (play.has_value() && !b.legal_plays().empty()) {
          bool legal = false;
          for (const Play& l : b.legal_plays()) legal = legal || apply(p, l) == b.position();
          fuzz::check(legal, "a committed play is legal");
        }
        continue;
      }
    }
    if (!st.has_value()) fuzz::check(before.same(b), "a refused step leaves the builder unchanged");
    if (const char* why = invariants::checkers(b.position())) fuzz::check(false, why);
  }
}

void chouette(fuzz::Bytes& in) {
  ChouetteOptions o;
  o.cube_cap = in.below(2) ? std::uint64_t{1} << in.below(12) : 0;
  o.jacoby = in.below(2) == 1;
  o.bg_as_gammon = in.below(2) == 1;
  o.auto_doubles = in.below(4);
  auto made = Chouette::make(3 + in.below(6), o);
  if (!made.has_value()) return;
  Chouette c = *made;
  static_assert(std::is_trivially_copyable_v<Chouette>);
  for (int i = 0; i < 200 && !in.empty(); ++i) {
    const Snapshot<Chouette> before(c);
    Status st;
    const int n = c.players();
    switch (in.below(10)) {
      case 0: {
        std::array<int, 8> d{};
        for (int k = 0; k < 8; ++k) d[static_cast<std::size_t>(k)] = in.below(8);
        const std::size_t len = in.below(2) ? c.throwers().size() : static_cast<std::size_t>(1 + in.below(8));
        st = c.initial_throw(std::span<const int>(d.data(), len));
        break;
      }
      case 1: {
        std::array<bool, 8> agree{};
        for (int k = 0; k < 8; ++k) agree[static_cast<std::size_t>(k)] = in.below(8) != 0;
        st =
            c.team_double(std::span<const bool>(agree.data(), static_cast<std::size_t>(in.below(2) ? n : in.below(9))));
        break;
      }
      case 2: st = c.box_take(); break;
      case 3: st = c.box_pass(); break;
      case 4: st = c.automatic_double(); break;
      case 5: st = c.box_double(); break;
      case 6: st = c.take(in.below(10) - 1); break;
      case 7: st = c.pass(in.below(10) - 1); break;
      default: st = c.finish_game(static_cast<Party>(in.below(3)), static_cast<WinKind>(in.below(5))); break;
    }
    if (!st.has_value()) fuzz::check(before.same(c), "a refused chouette action leaves it unchanged");
    std::int64_t sum = 0;
    for (std::int64_t v : c.balances()) sum += v;
    fuzz::check(sum == 0, "the ledger sums to 0");
    for (int s = 0; s < n; ++s) {
      if (!c.in_game(s)) continue;  // a team member's stake
      const std::uint64_t v = c.cube(s);
      fuzz::check(v >= 1 && (v & (v - 1)) == 0, "a cube is a power of two");
      if (o.cube_cap) fuzz::check(v <= o.cube_cap, "a cube within its limit");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  if (in.below(2) == 0) builder(in);
  else chouette(in);
  return 0;
}
