// The small value types mean what they say: equality is "the same value", the obvious way to
// build one is correct, and creating a large list or builder writes nothing it does not need.

#include <doctest/doctest.h>

#include <cstddef>
#include <cstring>
#include <new>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/game/move_builder.hpp"
#include "boardrules/backgammon/rules/dice.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/play.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

TEST_CASE("Dice: == compares the dice in order, same_roll() compares rolls") {
  CHECK(Dice(3, 1) == Dice(3, 1));
  CHECK_FALSE(Dice(3, 1) == Dice(1, 3));
  CHECK(Dice(3, 1) != Dice(1, 3));
  CHECK(Dice(3, 1).same_roll(Dice(1, 3)));
  CHECK(Dice(4, 4).same_roll(Dice(4, 4)));
  CHECK_FALSE(Dice(3, 1).same_roll(Dice(3, 2)));
  static_assert(Dice(6, 5) != Dice(5, 6) && Dice(6, 5).same_roll(Dice(5, 6)));
}

TEST_CASE("Action: opening throws 3-1 and 1-3 are different chance outcomes and different values") {
  // BG-2.1: d1 is player 0's die, so 3-1 lets player 0 start and 1-3 player 1.
  CHECK_FALSE(Action::opening(3, 1) == Action::opening(1, 3));
  CHECK(Action::opening(3, 1) == Action::opening(3, 1));
  const State s;  // at the opening throw
  CHECK(s.action_id(Action::opening(3, 1)) != s.action_id(Action::opening(1, 3)));
}

TEST_CASE("Play: a default-constructed play is the empty play, and add() builds on it") {
  // Built in storage full of garbage, as a stack slot may be: the default constructor must
  // still give the empty play.
  alignas(Play) unsigned char buf[sizeof(Play)];
  std::memset(buf, 0xAB, sizeof buf);
  Play* p = ::new (static_cast<void*>(buf)) Play;
  CHECK(p->size == 0);
  CHECK(p->hits == 0);
  p->add(8, 5, false);
  p->add(6, 5, true);
  CHECK(p->size == 2);
  CHECK(p->hits == 2);
  Play q;
  q.add(8, 5, false);
  q.add(6, 5, true);
  CHECK(*p == q);
  static_assert([] {
    Play r;
    r.add(13, 7, false);
    return r.size == 1 && r.from[0] == 13 && r.to[0] == 7 && r.hits == 0;
  }());
}

namespace {
// Keeps the compiler from treating the fill as dead (a store before an object's lifetime
// begins may otherwise be dropped) or the bytes read afterwards as known.
void opaque(void* p) { asm volatile("" : : "r"(p) : "memory"); }

// Counts the bytes of [p, p + n) still holding the fill pattern.
std::size_t untouched(const unsigned char* p, std::size_t n) {
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) k += p[i] == 0xAB ? 1 : 0;
  return k;
}
}  // namespace

TEST_CASE("PlayList l{} does not write its 30 KB of storage") {
  alignas(PlayList) static unsigned char buf[sizeof(PlayList)];
  std::memset(buf, 0xAB, sizeof buf);
  opaque(buf);
  auto* l = ::new (static_cast<void*>(buf)) PlayList{};  // value-initialisation
  opaque(buf);
  CHECK(l->empty());
  // Only the size is written.
  CHECK(untouched(buf, sizeof buf) >= sizeof buf - sizeof(std::size_t));
}

TEST_CASE("MoveBuilder: creating one writes the roll's plays, not its whole 60 KB") {
  alignas(MoveBuilder) static unsigned char buf[sizeof(MoveBuilder)];
  std::memset(buf, 0xAB, sizeof buf);
  opaque(buf);
  auto* b = ::new (static_cast<void*>(buf)) MoveBuilder(Position::start(), Dice(3, 1));
  opaque(buf);
  CHECK(b->legal_plays().size() == 16);  // 3-1 from the start: 16 plays (as GNU Backgammon)
  CHECK(sizeof(MoveBuilder) > 55000);
  // 16 plays write about 16 * (10 + 8 + 2) bytes; the rest of the storage is never written.
  CHECK(untouched(buf, sizeof buf) > sizeof buf - 2000);
  CHECK(b->step(8, 3).has_value());
  CHECK(b->step(6, 1).has_value());
  CHECK(b->commit().has_value());
}
