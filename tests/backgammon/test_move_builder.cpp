// Move builder (BG-12.1): step-by-step entry, undo, commit. Rules cases by hand, then an
// exhaustive comparison with generate_plays on many random positions, with the single-step rules
// re-written plainly here (not taken from the library) as the reference.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>
#include <utility>
#include <vector>

#include "../common/backgammon_stacks.hpp"
#include "boardrules/backgammon/game/move_builder.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/core/random.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

// The builder is about 60 KB: keep it on the heap in tests.
std::unique_ptr<MoveBuilder> make(const Position& p, Dice d) { return std::make_unique<MoveBuilder>(p, d); }

Position from_lists(std::initializer_list<stacks::Stack> mine, std::initializer_list<stacks::Stack> theirs) {
  const auto p = stacks::position(mine, theirs, stacks::OppPoints::Own);
  REQUIRE(p);
  return *p;
}

// ---------------------------------------------------------------------------------------------
// Reference single-die step (BG-3.3, 3.4, 5.2, 5.3, 6.1..6.4), written from the rules with plain
// arrays: mine[p] = mover checkers on its point p (0 off, 25 bar); theirs[q] likewise in the
// opponent's numbering (the mover's point p is the opponent's 25 - p).
struct RefBoard {
  std::array<int, 26> mine{};
  std::array<int, 26> theirs{};
  bool operator<(const RefBoard& o) const { return std::tie(mine, theirs) < std::tie(o.mine, o.theirs); }
  bool operator==(const RefBoard& o) const { return mine == o.mine && theirs == o.theirs; }
};

RefBoard to_ref(const Position& p) {
  RefBoard b;
  for (int i = 0; i <= 25; ++i) {
    b.mine[static_cast<std::size_t>(i)] = p.mover(i);
    b.theirs[static_cast<std::size_t>(i)] = p.opponent(i);
  }
  return b;
}

// Returns false when illegal; else the board after the step.
bool ref_step(const RefBoard& b, int from, int die, RefBoard& out) {
  if (b.mine[static_cast<std::size_t>(from)] == 0) return false;
  if (from != 25 && b.mine[25] > 0) return false;  // enter first
  int to = from - die;
  if (to <= 0) {
    int outside = 0;
    for (int p = 7; p <= 25; ++p) outside += b.mine[static_cast<std::size_t>(p)];
    if (outside > 0) return false;  // not all home
    if (to < 0) {
      for (int p = from + 1; p <= 6; ++p)
        if (b.mine[static_cast<std::size_t>(p)] > 0) return false;  // a higher checker exists
    }
    to = 0;
  } else {
    const int q = 25 - to;
    if (b.theirs[static_cast<std::size_t>(q)] >= 2) return false;  // blocked
  }
  out = b;
  out.mine[static_cast<std::size_t>(from)]--;
  out.mine[static_cast<std::size_t>(to)]++;
  if (to >= 1 && out.theirs[static_cast<std::size_t>(25 - to)] == 1) {
    out.theirs[static_cast<std::size_t>(25 - to)] = 0;
    out.theirs[25]++;
  }
  return true;
}

using DiceLeft = std::vector<int>;  // sorted

// Can `need` more reference steps from b reach one of `targets`? Memoised.
struct Reach {
  const std::set<RefBoard>* targets;
  std::map<std::pair<RefBoard, DiceLeft>, bool> memo;
  bool good(const RefBoard& b, const DiceLeft& left, int need) {
    if (need == 0) return targets->count(b) > 0;
    auto key = std::make_pair(b, left);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool ok = false;
    for (std::size_t i = 0; i < left.size() && !ok; ++i) {
      if (i > 0 && left[i] == left[i - 1]) continue;
      for (int from = 1; from <= 25 && !ok; ++from) {
        RefBoard nb;
        if (!ref_step(b, from, left[i], nb)) continue;
        DiceLeft rest = left;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        ok = good(nb, rest, need - 1);
      }
    }
    memo.emplace(key, ok);
    return ok;
  }
};

struct Stats {
  std::uint64_t rolls = 0, nodes = 0, plays = 0, refused_checked = 0;
};

// Walks every step sequence the builder accepts; checks it against the reference at every node.
void walk(MoveBuilder& mb, const Position& start, Reach& reach, const DiceLeft& left, int need,
          std::set<RefBoard>& reached, std::set<std::pair<RefBoard, DiceLeft>>& seen, Stats& st) {
  const RefBoard here = to_ref(mb.position());
  if (!seen.insert({here, left}).second) return;
  ++st.nodes;
  const int made = mb.steps_made();
  StepList steps;
  mb.legal_steps(steps);
  // The reference set of accepted steps: legal single steps after which a legal play is reachable.
  std::set<std::pair<int, int>> expect;
  if (made < need) {
    for (std::size_t i = 0; i < left.size(); ++i) {
      for (int from = 1; from <= 25; ++from) {
        RefBoard nb;
        if (!ref_step(here, from, left[i], nb)) continue;
        DiceLeft rest = left;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        if (reach.good(nb, rest, need - made - 1)) expect.insert({from, left[i]});
      }
    }
  }
  std::set<std::pair<int, int>> got;
  for (const auto& s : steps) got.insert({s.from, s.die});
  REQUIRE(got.size() == steps.size());
  REQUIRE(got == expect);
  // can_step agrees with legal_steps on every (point, die).
  for (int from = 0; from <= 26; ++from)
    for (int die = 0; die <= 7; ++die) {
      const bool in = std::binary_search(left.begin(), left.end(), die) && expect.count({from, die}) > 0;
      REQUIRE(mb.can_step(from, die) == in);
      ++st.refused_checked;
    }
  if (made == need) {
    REQUIRE(mb.complete());
    auto c = mb.commit();
    REQUIRE(c.has_value());
    REQUIRE(c->size == need);
    REQUIRE(apply(start, *c) == mb.position());
    REQUIRE(reach.targets->count(here) == 1);
    reached.insert(here);
    ++st.plays;
    return;
  }
  REQUIRE_FALSE(mb.complete());
  REQUIRE_FALSE(mb.commit().has_value());
  for (const auto& s : steps) {
    const Position before = mb.position();
    REQUIRE(mb.step(s.from, s.die).has_value());
    REQUIRE(mb.play().to[static_cast<std::size_t>(made)] == s.to);
    REQUIRE(((mb.play().hits >> made) & 1) == (s.hit ? 1 : 0));
    DiceLeft rest = left;
    rest.erase(std::find(rest.begin(), rest.end(), static_cast<int>(s.die)));
    walk(mb, start, reach, rest, need, reached, seen, st);
    REQUIRE(mb.undo().has_value());
    REQUIRE(mb.position() == before);
    REQUIRE(mb.steps_made() == made);
  }
}

void check_roll(const Position& p, Dice d, Stats& st) {
  PlayList plays;
  generate_plays(p, d, plays);
  std::set<RefBoard> targets;
  for (const auto& pl : plays) targets.insert(to_ref(apply(p, pl)));
  REQUIRE(targets.size() == plays.size());
  auto mb = make(p, d);
  const int need = plays.empty() ? 0 : plays[0].size;
  REQUIRE(mb->steps_needed() == need);
  DiceLeft left = d.is_double() ? DiceLeft{d.d1(), d.d1(), d.d1(), d.d1()} : DiceLeft{d.low(), d.high()};
  if (need == 0) {
    // No legal play (BG-5.4): no step is accepted; the empty play commits.
    StepList s;
    mb->legal_steps(s);
    REQUIRE(s.empty());
    REQUIRE(mb->no_play());
    auto c = mb->commit();
    REQUIRE(c.has_value());
    REQUIRE(c->size == 0);
    ++st.rolls;
    return;
  }
  Reach reach{&targets, {}};
  std::set<RefBoard> reached;
  std::set<std::pair<RefBoard, DiceLeft>> seen;
  walk(*mb, p, reach, left, need, reached, seen, st);
  // Every legal play can be entered step by step (and nothing else completes).
  REQUIRE(reached == targets);
  ++st.rolls;
}

// A random position: a game from the start with random legal plays, stopped at a random ply.
Position random_game_position(Rng& rng) {
  Position p = Position::start();
  const int plies = static_cast<int>(rng.below(120));
  for (int i = 0; i < plies; ++i) {
    const Dice d = Dice::unchecked(rng.die(), rng.die());
    PlayList l;
    generate_plays(p, d, l);
    Position n = l.empty() ? p : apply(p, l[rng.below(static_cast<std::uint32_t>(l.size()))]);
    if (game_over(n)) break;
    p = n.flipped();
  }
  return p;
}

// A random scatter: checkers thrown on random points (some on the bar, some off, some home).
Position random_scatter(Rng& rng) {
  Position p;
  const bool home = rng.below(3) == 0;  // bear-off positions
  int m = 15;
  int t = 15;
  if (!home && rng.below(3) == 0) {
    const int bar = 1 + static_cast<int>(rng.below(3));
    p.set(Side::Mover, kBar, bar);
    m -= bar;
  }
  const int moff = static_cast<int>(rng.below(home ? 10u : 3u));
  p.set(Side::Mover, kOff, moff);
  m -= moff;
  while (m > 0) {
    const int pt = home ? 1 + static_cast<int>(rng.below(6)) : 1 + static_cast<int>(rng.below(24));
    if (p.opponent_at_mover_point(pt) > 0) continue;
    const int n = std::min(m, 1 + static_cast<int>(rng.below(3)));
    p.set(Side::Mover, pt, p.mover(pt) + n);
    m -= n;
  }
  if (rng.below(4) == 0) {
    p.set(Side::Opponent, kBar, 1);
    --t;
  }
  int guard = 0;
  while (t > 0 && guard++ < 1000) {
    const int q = 1 + static_cast<int>(rng.below(24));  // opponent's numbering
    if (p.mover(25 - q) > 0) continue;
    const int n = std::min(t, 1 + static_cast<int>(rng.below(3)));
    p.set(Side::Opponent, q, p.opponent(q) + n);
    t -= n;
  }
  p.set(Side::Opponent, kOff, p.opponent(kOff) + t);
  return p;
}

}  // namespace

TEST_CASE("BG-12.1: a step at a time, commit only a complete play") {
  auto mb = make(Position::start(), Dice(3, 1));
  CHECK(mb->steps_needed() == 2);
  CHECK_FALSE(mb->complete());
  auto early = mb->commit();
  REQUIRE_FALSE(early.has_value());
  CHECK(early.error().code == ErrorCode::illegal_action);
  CHECK(early.error().message.find("incomplete") != std::string::npos);
  REQUIRE(mb->step(8, 3).has_value());
  CHECK(mb->position().mover(5) == 1);
  CHECK(mb->dice_left().size() == 1);
  CHECK(mb->dice_left()[0] == 1);
  CHECK_FALSE(mb->commit().has_value());
  REQUIRE(mb->step_to(6, 5).has_value());
  CHECK(mb->complete());
  auto c = mb->commit();
  REQUIRE(c.has_value());
  CHECK(c->size == 2);
  CHECK(c->from[0] == 8);
  CHECK(c->to[0] == 5);
  CHECK(c->from[1] == 6);
  CHECK(c->to[1] == 5);
  // The classic 3-1: 8/5 6/5 makes the 5-point.
  Position expect = Position::start();
  expect.set(Side::Mover, 8, 2);
  expect.set(Side::Mover, 6, 4);
  expect.set(Side::Mover, 5, 2);
  CHECK(mb->position() == expect);
  // Nothing more once complete.
  auto more = mb->step(13, 1);
  REQUIRE_FALSE(more.has_value());
  CHECK(more.error().code == ErrorCode::illegal_action);
  CHECK(more.error().message.find("complete") != std::string::npos);
}

TEST_CASE("BG-12.1: undo the last step or any step; refused steps change nothing") {
  auto mb = make(Position::start(), Dice(4, 4));
  REQUIRE(mb->step(24, 4).has_value());
  REQUIRE(mb->step(20, 4).has_value());  // the same checker on
  REQUIRE(mb->step(13, 4).has_value());
  CHECK(mb->steps_made() == 3);
  // Step 1 cannot go: step 2 moves the checker it brought to 20.
  const Position before = mb->position();
  auto bad = mb->undo(0);
  REQUIRE_FALSE(bad.has_value());
  CHECK(bad.error().code == ErrorCode::illegal_action);
  CHECK(bad.error().message.find("depends") != std::string::npos);
  CHECK(mb->position() == before);
  CHECK(mb->steps_made() == 3);
  // Step 3 (13/9) can go on its own, the others stay.
  REQUIRE(mb->undo(2).has_value());
  CHECK(mb->steps_made() == 2);
  CHECK(mb->position().mover(13) == 5);
  CHECK(mb->position().mover(16) == 1);
  REQUIRE(mb->undo().has_value());
  REQUIRE(mb->undo().has_value());
  CHECK(mb->position() == Position::start());
  CHECK_FALSE(mb->undo().has_value());
  CHECK_FALSE(mb->undo(5).has_value());
  // Refusals with reasons.
  auto no_die = mb->step(13, 3);
  REQUIRE_FALSE(no_die.has_value());
  CHECK(no_die.error().code == ErrorCode::illegal_action);
  CHECK(no_die.error().message.find("no die 3") != std::string::npos);
  auto empty = mb->step(12, 4);
  REQUIRE_FALSE(empty.has_value());
  CHECK(empty.error().code == ErrorCode::illegal_action);
  CHECK(empty.error().message.find("no checker") != std::string::npos);
  auto blocked = mb->step(6, 4);  // 6 -> 2 is fine; 24 -> 20 fine; try a blocked one: 8 -> 4? open.
  CHECK(blocked.has_value());
  REQUIRE(mb->undo().has_value());
  CHECK_FALSE(mb->step(27, 4).has_value());
  CHECK_FALSE(mb->step(0, 4).has_value());
  CHECK_FALSE(mb->step(13, 0).has_value());
  CHECK_FALSE(mb->step(13, 9).has_value());
  CHECK_FALSE(mb->step_to(13, 14).has_value());
  CHECK_FALSE(mb->step_to(13, 10).has_value());
  CHECK(mb->position() == Position::start());
}

TEST_CASE("BG-3.4: no landing on a point the opponent holds, not even in passing") {
  // Mover: 13 x 15. Opponent holds the mover's 9 point (its own 16) and 7 point (its own 18).
  const Position p = from_lists({{13, 15}}, {{16, 2}, {18, 2}});
  auto mb = make(p, Dice(4, 2));
  auto s = mb->step(13, 4);
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().code == ErrorCode::illegal_action);
  CHECK(s.error().message.find("held by the opponent") != std::string::npos);
  REQUIRE(mb->step(13, 2).has_value());  // to 11
  CHECK_FALSE(mb->can_step(11, 4));      // 11 -> 7 blocked
  REQUIRE(mb->step(13, 4).has_value() == false);
  StepList l;
  mb->legal_steps(l);
  CHECK(l.empty());  // 13 -> 9 blocked, 11 -> 7 blocked: only the 2 can be played
  // generate_plays agrees: the play is the 2 alone, so after 13/11 the play is complete?
  // No: BG-3.7 says the higher die must be played if only one die can be: the 4 cannot be played
  // at all here, so the 2 alone is the play.
  CHECK(mb->complete());
}

TEST_CASE("BG-3.7: when only one die can be played, the higher one must be") {
  // Mover: one checker on 9, the rest off... keep it simple: 14 off, one checker on 12.
  // Opponent holds the mover's 8 (own 17) and 4 (own 21): 12 -> 8 (4) blocked, 12 -> 6 (6)
  // open then 6 -> 2 (4) open; take 6-4? Use a roll where only one die plays:
  // Roll 5-3: 12 -> 7 (5) open, 7 -> 4 (3) blocked; 12 -> 9 (3) open, 9 -> 4 (5) blocked.
  // Either die alone can be played, not both: the 5 must be played (BG-3.7).
  const Position p = from_lists({{12, 1}}, {{21, 2}, {1, 13}});
  auto mb = make(p, Dice(5, 3));
  CHECK(mb->steps_needed() == 1);
  auto low = mb->step(12, 3);
  REQUIRE_FALSE(low.has_value());
  CHECK(low.error().code == ErrorCode::illegal_action);
  CHECK(low.error().message.find("BG-3.7") != std::string::npos);
  REQUIRE(mb->step(12, 5).has_value());
  CHECK(mb->complete());
}

TEST_CASE("BG-5.2: a checker on the bar enters first; BG-5.4 closed board: no play") {
  const Position p = from_lists({{kBar, 1}, {13, 14}}, {{1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}});
  auto mb = make(p, Dice(6, 1));
  auto s = mb->step(13, 6);
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().code == ErrorCode::illegal_action);
  CHECK(s.error().message.find("bar") != std::string::npos);
  // The 1 enters on 24 (opponent's 1 is held: no); the 6 enters on the 19 (opponent's 6: open).
  CHECK_FALSE(mb->can_step(kBar, 1));
  REQUIRE(mb->step(kBar, 6).has_value());
  REQUIRE(mb->step(13, 1).has_value());
  CHECK(mb->complete());

  const Position closed = from_lists({{kBar, 1}, {13, 14}}, {{1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}});
  auto nb = make(closed, Dice(6, 1));
  CHECK(nb->no_play());
  CHECK(nb->complete());
  auto c = nb->commit();
  REQUIRE(c.has_value());
  CHECK(c->size == 0);
  auto st = nb->step(kBar, 6);
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().code == ErrorCode::illegal_action);
  CHECK(st.error().message.find("no legal play") != std::string::npos);
}

TEST_CASE("BG-6.6: all home points made, 6-4: the 6 bears off, the 4 bears off or moves") {
  const Position p = from_lists({{1, 3}, {2, 2}, {3, 2}, {4, 2}, {5, 3}, {6, 3}},
                                {{1, 15}});  // opponent far away on its own 1-point (the mover's 24)
  auto mb = make(p, Dice(6, 4));
  CHECK(mb->can_step(6, 6));
  CHECK(mb->can_step(6, 4));        // 6 -> 2
  CHECK(mb->can_step(5, 4));        // 5 -> 1
  CHECK(mb->can_step(4, 4));        // off
  CHECK_FALSE(mb->can_step(3, 4));  // BG-6.4: checkers above the 3
  auto st = mb->step(3, 4);
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().code == ErrorCode::illegal_action);
  CHECK(st.error().message.find("BG-6.4") != std::string::npos);
  CHECK_FALSE(mb->can_step(5, 6));  // 5 -> off with the 6 while the 6-point is held: BG-6.4
  REQUIRE(mb->step_to(4, kOff).has_value());
  REQUIRE(mb->step_to(6, kOff).has_value());
  REQUIRE(mb->commit().has_value());
  CHECK(mb->position().mover(kOff) == 2);
}

TEST_CASE("BG-6.4: a larger die bears off from the highest point; step_to picks the die") {
  // Mover: 2 on the 3 point, 1 on the 2 point, 12 off. Roll 6-5.
  const Position p = from_lists({{3, 2}, {2, 1}}, {{1, 15}});  // opponent far away on its own 1-point (the mover's 24)
  auto mb = make(p, Dice(6, 5));
  REQUIRE(mb->step_to(3, kOff).has_value());  // no die 3: the smallest die that bears off, the 5
  CHECK(mb->die_of_step(0) == 5);
  REQUIRE(mb->step_to(3, kOff).has_value());
  CHECK(mb->die_of_step(1) == 6);
  CHECK(mb->complete());
  CHECK(mb->position().mover(2) == 1);
}

TEST_CASE("BG-12.1 vs generate_plays: exhaustive on random positions") {
  Rng rng(0xC0FFEE);
  Stats st;
  for (int i = 0; i < 300; ++i) {
    const Position p = i % 3 == 2 ? random_scatter(rng) : random_game_position(rng);
    if (game_over(p)) continue;
    for (const Dice d : kAllRolls) check_roll(p, d, st);
  }
  // The start position too.
  for (const Dice d : kAllRolls) check_roll(Position::start(), d, st);
  MESSAGE("rolls " << st.rolls << ", builder nodes " << st.nodes << ", complete plays " << st.plays
                   << ", can_step probes " << st.refused_checked);
  CHECK(st.rolls > 6000);
}

TEST_CASE(
    "BG-3.9/BG-12.1: a step is accepted when the same checker reaches a legal play's position with several dice") {
  // Mover: its last checker on the 5-point; 6-1. The play is 5/4/off: dragging the checker off
  // with the 6 (step(5, 6)) or straight off (step_to(5, off)) enters both steps.
  const Position last = from_lists({{5, 1}}, {{1, 15}});
  for (int way = 0; way < 2; ++way) {
    auto mb = make(last, Dice(6, 1));
    CHECK_FALSE(mb->can_step(5, 6));  // the single-die step alone completes no legal play
    REQUIRE((way == 0 ? mb->step(5, 6) : mb->step_to(5, kOff)).has_value());
    CHECK(mb->steps_made() == 2);
    CHECK(mb->play().from[0] == 5);
    CHECK(mb->play().to[0] == 4);
    CHECK(mb->play().to[1] == kOff);
    CHECK(mb->complete());
    REQUIRE(mb->undo().has_value());  // undo takes back one step: the checker is back on the 4-point
    CHECK(mb->position().mover(4) == 1);
  }
  // 6-5 from the start: step_to(24, 13) is 24/18/13 (or 24/19/13: the same position).
  auto mb = make(Position::start(), Dice(6, 5));
  REQUIRE(mb->step_to(24, 13).has_value());
  CHECK(mb->steps_made() == 2);
  CHECK(mb->complete());
  CHECK(mb->position().mover(13) == 6);
  // Where no route exists the refusal stands: 24/12 with 6-5 is not a move.
  auto mb2 = make(Position::start(), Dice(6, 5));
  CHECK_FALSE(mb2->step_to(24, 12).has_value());
  CHECK(mb2->steps_made() == 0);
}

namespace {
// Every complete play reachable by single-die steps, lowest source first (the opposite of the
// generator's order), up to `cap` plays: each commit() must be an element of `plays` (==).
void commit_every_order(MoveBuilder& mb, const Position& start, const PlayList& plays, long& committed, long cap,
                        long& steps_orders) {
  if (committed >= cap) return;
  if (mb.complete()) {
    const auto c = mb.commit();
    REQUIRE(c.has_value());
    // No legal play: the empty play (the turn passes); else an element of generate_plays.
    const bool generated = plays.empty() ? c->size == 0 : std::find(plays.begin(), plays.end(), *c) != plays.end();
    REQUIRE(generated);
    if (!(mb.play() == *c)) ++steps_orders;  // entered in another order or form than generated
    Play canon;
    REQUIRE(canonical_play(start, mb.dice(), mb.play(), canon));
    REQUIRE(canon == *c);
    ++committed;
    return;
  }
  StepList steps;
  mb.legal_steps(steps);
  for (std::size_t k = steps.size(); k-- > 0;) {
    REQUIRE(mb.step(steps[k].from, steps[k].die).has_value());
    commit_every_order(mb, start, plays, committed, cap, steps_orders);
    REQUIRE(mb.undo().has_value());
  }
}
}  // namespace

TEST_CASE("Play identity: every play MoveBuilder commits is == an element of generate_plays") {
  // 8/7 then 13/7 with 6-1 from the start: the play 13/7 8/7, as generate_plays lists it.
  {
    PlayList plays;
    generate_plays(Position::start(), Dice(6, 1), plays);
    auto mb = make(Position::start(), Dice(6, 1));
    REQUIRE(mb->step(8, 1).has_value());
    REQUIRE(mb->step(13, 6).has_value());
    const auto c = mb->commit();
    REQUIRE(c.has_value());
    CHECK(std::find(plays.begin(), plays.end(), *c) != plays.end());  // before: no element was ==
    CHECK(mb->play().from[0] == 8);                                   // play() keeps the order entered
  }
  Rng rng(20261204);
  long committed_total = 0, other_orders = 0;
  static PlayList plays;
  for (int i = 0; i < 60; ++i) {
    const Position p = i % 3 == 2 ? random_scatter(rng) : random_game_position(rng);
    if (game_over(p)) continue;
    for (const Dice d : kAllRolls) {
      generate_plays(p, d, plays);
      auto mb = make(p, d);
      long committed = 0;
      commit_every_order(*mb, p, plays, committed, 400, other_orders);
      committed_total += committed;
      // The plays generated are canonical already.
      for (const Play& g : plays) {
        Play canon;
        REQUIRE(canonical_play(p, d, g, canon));
        CHECK(canon == g);
      }
    }
  }
  MESSAGE("commits " << committed_total << ", entered in another form than generated " << other_orders);
  CHECK(committed_total > 20000);
  CHECK(other_orders > 1000);
}
