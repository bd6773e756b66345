// The small value types mean what they say: equality is "the same value", the obvious way to
// build one is correct, and creating a large list or builder writes nothing it does not need.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/game/move_builder.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/backgammon/values/play.hpp"

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

// ---- Dice hold their invariant -------------------------------------------------------------

namespace {
// Dice with any bytes, as a value copied from raw memory (a deserialised struct) may carry: the
// fields are private, so no API makes one.
Dice raw_dice(int a, int b) {
  return std::bit_cast<Dice>(std::array<std::uint8_t, 2>{static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)});
}

// `act(x)` is refused by the Match `m`, with `code`, and by a copy of its Game; both are left
// unchanged.
template <class Act>
void match_and_game_refuse(Match& m, ErrorCode code, const Act& act) {
  const Match before = m;
  const Status st = act(m);
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().code == code);
  CHECK(m == before);
  Game g = m.game();
  CHECK_FALSE(act(g).has_value());
  CHECK(g == m.game());
}
}  // namespace

namespace {
// Whether a caller can write a die past the checks (as `d.d1 = 9` once did).
template <class D>
concept dice_writable = requires(D d) {
  d.d1 = 9;
}
|| requires(D d) { d.d2 = 9; }
|| requires(D d) { d.d1_ = 9; }
|| requires(D d) { d.d2_ = 9; };
}  // namespace

TEST_CASE("Dice: the dice are read through d1() and d2(); no field can be written from outside") {
  static_assert(!dice_writable<Dice>);
  constexpr Dice d = Dice(5, 2);
  static_assert(d.d1() == 5 && d.d2() == 2 && d.high() == 5 && d.low() == 2);
  CHECK(Dice{}.d1() == 0);
  CHECK(Dice{}.d2() == 0);
}

TEST_CASE("Dice::from: a throw of two dice 1..6, else out_of_range naming the bad die") {
  const Result<Dice> ok = Dice::from(3, 1);
  REQUIRE(ok.has_value());
  CHECK(ok->d1() == 3);
  CHECK(ok->d2() == 1);
  CHECK(*ok == Dice(3, 1));
  struct Bad {
    int a, b;
    const char* names;
  };
  for (const Bad& bad : {Bad{7, 1, "first die is 7"}, Bad{0, 0, "no dice"}, Bad{255, 9, "first die is 255"},
                         Bad{3, 9, "second die is 9"}, Bad{-1, 2, "first die is -1"}, Bad{6, 0, "second die is 0"}}) {
    const Result<Dice> r = Dice::from(bad.a, bad.b);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code == ErrorCode::out_of_range);
    CHECK(r.error().message.find(bad.names) != std::string::npos);
  }
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) CHECK(Dice::from(a, b).has_value());
}

TEST_CASE("Dice{} is no dice: not a throw, no plays, refused by every function that takes a throw") {
  static_assert(!Dice{}.valid());
  static_assert(Dice(1, 1).valid() && Dice(6, 6).valid());
  CHECK_FALSE(Dice{} == Dice(1, 1));  // the default is not a legal roll
  for (const Dice d : kAllRolls) CHECK(d.valid());
  CHECK_FALSE(raw_dice(7, 1).valid());
  CHECK_FALSE(raw_dice(1, 7).valid());
  CHECK_FALSE(raw_dice(0, 3).valid());
  // The generator: no plays for dice that are not a throw (before: 35 plays like 24/24 for 0-0).
  static PlayList plays;
  for (const Dice d : {Dice{}, raw_dice(0, 0), raw_dice(7, 1), raw_dice(255, 9), raw_dice(3, 0)}) {
    plays.push_back(Play{});  // not left empty by chance
    generate_plays(Position::start(), d, plays);
    CHECK(plays.empty());
    CHECK_FALSE(has_any_play(Position::start(), d));
    CHECK(perft_roll(Position::start(), d, 2, Leaves::Count) == 0);
    PackedPlayList packed;
    packed.push_back(PackedPlay{1});
    generate_packed_plays(Position::start(), d, packed);
    CHECK(packed.empty());
  }
  // A game resumed after the throw with its dice forgotten is refused (before: silently 1-1).
  const auto forgotten = Game::resume(SessionRules{}, {.position = Position::start(), .phase = Phase::Rolled});
  REQUIRE_FALSE(forgotten.has_value());
  CHECK(forgotten.error().code == ErrorCode::out_of_range);
  const auto bad =
      Game::resume(SessionRules{}, {.position = Position::start(), .phase = Phase::Rolled, .dice = raw_dice(7, 1)});
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().message.find("7") != std::string::npos);
  // Game, Match and State refuse them, unchanged.
  Match m(SessionRules::match(3));
  REQUIRE(m.opening_roll(3, 1).has_value());
  REQUIRE(m.play(*parse_play(Position::start(), Dice(3, 1), "8/5 6/5")).has_value());
  for (const Dice d : {Dice{}, raw_dice(7, 1), raw_dice(1, 7), raw_dice(255, 9)}) {
    match_and_game_refuse(m, ErrorCode::out_of_range, [d](auto& x) { return x.roll(d); });
    State s(m, StateOptions{});
    if (!s.is_chance_node()) REQUIRE(s.apply_action(Action::of(ActionKind::NoDouble)).has_value());
    REQUIRE(s.is_chance_node());
    const State s0 = s;
    CHECK_FALSE(s.apply_action(Action::roll(d)).has_value());
    CHECK(s.match() == s0.match());
    CHECK(s.action_id(Action::roll(d)) == -1);
  }
  Game g;
  for (const auto& [a, b] : {std::pair{7, 1}, std::pair{0, 0}, std::pair{255, 9}, std::pair{3, -2}}) {
    const Status st = g.opening_roll(a, b);
    REQUIRE_FALSE(st.has_value());
    CHECK(st.error().code == ErrorCode::out_of_range);
    State s;
    const Status sa = s.apply_action(Action::opening(a, b));
    REQUIRE_FALSE(sa.has_value());
    CHECK(sa.error().code == ErrorCode::out_of_range);
    CHECK(s.action_id(Action::opening(a, b)) == -1);
  }
  CHECK(g == Game{});
}

// ---- A Play built by the user is checked before its steps are read ---------------------------

TEST_CASE("Game::play, Match::play, State::apply_action refuse a Play that is no play's shape") {
  std::vector<Play> bad;
  for (int size : {5, 6, 8, 100, 255}) {  // more than four steps (before: a stack overflow in segments_of)
    Play p;
    for (std::size_t i = 0; i < 4; ++i) p.add(24 - static_cast<int>(i), 23 - static_cast<int>(i), false);
    p.size = static_cast<std::uint8_t>(size);
    bad.push_back(p);
  }
  for (const auto& [from, to] : {std::pair{26, 20}, std::pair{0, 0}, std::pair{200, 3}, std::pair{8, 25},
                                 std::pair{5, 8}, std::pair{8, 8}, std::pair{30, 27}}) {
    Play p;
    p.add(13, 10, false);
    p.add(from, to, false);
    bad.push_back(p);
  }
  Play hits;  // a hit bit past the steps
  hits.add(8, 5, false);
  hits.add(6, 5, false);
  hits.hits = 0b100;
  bad.push_back(hits);

  Match m(SessionRules::match(3));
  REQUIRE(m.opening_roll(3, 1).has_value());  // player 0 plays 3-1
  for (const Play& p : bad) {
    CAPTURE(int{p.size});
    CHECK_FALSE(play_shape_ok(p));
    match_and_game_refuse(m, ErrorCode::illegal_action, [&p](auto& x) { return x.play(p); });
    State s(m, StateOptions{});
    CHECK_FALSE(s.apply_action(Action::move(p)).has_value());
    CHECK(s.match() == m);
    CHECK(s.action_id(Action::move(p)) == -1);
    Play out;
    CHECK_FALSE(canonical_play(m.game().position(), m.game().dice(), p, out));
  }
  // The well-shaped play is still accepted.
  Play good;
  good.add(8, 5, false);
  good.add(6, 5, false);
  CHECK(play_shape_ok(good));
  CHECK(m.play(good).has_value());
}

// ---- State: both legal_actions overloads mean the same ----------------------------------------

TEST_CASE("State: at a chance node both legal_actions overloads list nothing; chance_actions the throws") {
  State s(SessionRules::money(), StateOptions{false, 50});
  REQUIRE(s.is_chance_node());
  static ActionList acts;
  ActionIdList ids;
  Rng rng(5);
  int chance_nodes = 0;
  for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
    s.legal_actions(acts);
    s.legal_actions(ids);
    REQUIRE(acts.size() == ids.size());  // before: 30 Action structs and no number at the opening
    if (s.is_chance_node()) {
      ++chance_nodes;
      CHECK(acts.empty());
      ChanceOutcomeList c;
      s.chance_outcomes(c);
      s.chance_actions(acts);
      REQUIRE(acts.size() == c.size());
      CHECK(acts.size() == (s.game().phase() == Phase::Opening ? 30u : 21u));
      for (std::size_t i = 0; i < c.size(); ++i) CHECK(s.action_id(acts[i]) == c[i].action);
      REQUIRE(s.apply_action(acts[rng.below(static_cast<std::uint32_t>(acts.size()))]).has_value());
    } else {
      std::vector<int> from_structs;
      for (const Action& a : acts) from_structs.push_back(s.action_id(a));
      std::sort(from_structs.begin(), from_structs.end());
      CHECK(from_structs == std::vector<int>(ids.begin(), ids.end()));
      s.chance_actions(acts);
      CHECK(acts.empty());
      REQUIRE(s.apply_action(ids[rng.below(static_cast<std::uint32_t>(ids.size()))]).has_value());
    }
  }
  CHECK(chance_nodes > 20);
}

namespace {
// Random games of V: every Move that to_action gives for a play's number is == the play that
// legal_actions lists (the canonical form, an element of generate_plays).
template <class V>
void to_action_is_canonical(int games, long& plays, long& checked) {
  Rng rng(77);
  static ActionList acts;
  for (int g = 0; g < games; ++g) {
    BasicState<V> s(SessionRules::money(), StateOptions{false, 1});
    while (!s.is_terminal()) {
      if (s.is_chance_node()) {
        s.chance_actions(acts);
      } else {
        s.legal_actions(acts);
        for (const Action& a : acts) {
          if (a.kind != ActionKind::Move) continue;
          const auto back = s.to_action(s.action_id(a));
          REQUIRE(back.has_value());
          CHECK(back->play == a.play);
          ++checked;
        }
        plays += static_cast<long>(acts.size());
      }
      REQUIRE(s.apply_action(acts[rng.below(static_cast<std::uint32_t>(acts.size()))]).has_value());
    }
  }
}
}  // namespace

TEST_CASE("Play identity: State::to_action gives the play as legal_actions lists it") {
  // 11/7 13/11 decodes to the same position as the generated 13/11 11/7, and 6/3/1 as 4/1 6/4.
  long plays = 0, checked = 0;
  to_action_is_canonical<Standard>(400, plays, checked);
  to_action_is_canonical<Nackgammon>(200, plays, checked);
  to_action_is_canonical<Hypergammon>(600, plays, checked);
  CHECK(checked > 50000);
}
