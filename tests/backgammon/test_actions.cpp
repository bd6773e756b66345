// Integer actions (actions.hpp) and the integer interface of State: the multiset ranking of
// doubles' plays, and on positions from thousands of random games, for every one of the 21 rolls:
// distinct plays get distinct numbers in their range, a number means its play (rebuilt here
// from the number alone, step by step, and compared with the play's result), reordered steps and
// the other route of one checker give the same number, and number -> Action -> number round trips
// through State, with bar entries, bear-offs, doubles and partial plays all seen; encode_plays
// numbers a list as encode_play does. Decoding (decode_full_play) accepts exactly the numbers of
// the legal plays of every die (every number of the play range on some positions), and State's
// apply_action(int) reaches the state of the generator's path for every legal number and refuses
// the others, the state unchanged, and apply_legal_action(int) reaches it too; legal_actions lists
// the decisions in increasing order (ActionOrder::Generated: the order of the Action structs);
// sample_legal_action is the uniform pick from legal_actions(ActionOrder::Generated).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "../sanitize_scale.hpp"
#include "boardrules/backgammon/ai/actions.hpp"
#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/core/random.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

constexpr int kScale = kSanitizerSlowdown;  // ASan/UBSan builds: keep it to seconds

// One structural step (no legality check): from `from` by `die`, borne off below point 1.
bool step(Position& p, int from, int die) {
  auto& b = p.bytes();
  if (b[static_cast<std::size_t>(from)] == 0) return false;
  const int to = std::max(from - die, 0);
  --b[static_cast<std::size_t>(from)];
  ++b[static_cast<std::size_t>(to)];
  if (to >= 1) {
    auto& o = b[static_cast<std::size_t>(32 + 25 - to)];
    if (o >= 2) return false;  // a held point: this order does not work
    if (o == 1) {
      o = 0;
      ++b[32 + 25];
    }
  }
  return true;
}

// The positions a number can stand for, rebuilt from the definition in actions.hpp.
std::vector<Position> meanings(const Position& pos, Dice dice, int id) {
  std::vector<Position> out;
  if (dice.is_double()) {
    REQUIRE(id >= kFirstDoublePlayAction);
    REQUIRE(id < kNumPlayActions);
    std::array<int, 4> s{};
    const int k = double_play_unrank(id - kFirstDoublePlayAction, s);
    std::array<int, 4> pts{};
    for (int i = 0; i < k; ++i) pts[static_cast<std::size_t>(i)] = point_of(s[static_cast<std::size_t>(i)]);
    std::sort(pts.begin(), pts.begin() + k);
    do {
      Position q = pos;
      bool ok = true;
      for (int i = 0; i < k && ok; ++i) ok = step(q, pts[static_cast<std::size_t>(i)], dice.d1());
      if (ok) out.push_back(q);
    } while (std::next_permutation(pts.begin(), pts.begin() + k));
    return out;
  }
  REQUIRE(id >= 0);
  REQUIRE(id < kNumNonDoublePlayActions);
  const int h = id / 26;
  const int l = id % 26;
  for (int order = 0; order < 2; ++order) {
    Position q = pos;
    bool ok = true;
    const int first = order == 0 ? h : l;
    const int second = order == 0 ? l : h;
    const int d1 = order == 0 ? dice.high() : dice.low();
    const int d2 = order == 0 ? dice.low() : dice.high();
    if (first != kNoSource) ok = step(q, point_of(first), d1);
    if (ok && second != kNoSource) ok = step(q, point_of(second), d2);
    if (ok) out.push_back(q);
  }
  return out;
}

struct Coverage {
  int positions = 0, plays = 0, bar = 0, off = 0, doubles = 0, partial = 0, aliases = 0;
};

void check_position(const Position& pos, Coverage& cov) {
  ++cov.positions;
  PlayList plays;
  for (const Dice d : kAllRolls) {
    generate_plays(pos, d, plays);
    std::set<int> ids;
    const int full = d.is_double() ? 4 : 2;
    std::vector<int> batch(plays.size());  // encode_plays: encode_play of each play
    encode_plays(pos, d, std::span<const Play>(plays.data(), plays.size()), batch.data());
    for (std::size_t i = 0; i < plays.size(); ++i)
      if (batch[i] != encode_play(pos, d, plays[i])) FAIL_CHECK("encode_plays differs from encode_play on play ", i);
    for (const Play& p : plays) {
      const int id = encode_play(pos, d, p);
      CHECK(ids.insert(id).second);
      const Position after = apply(pos, p);
      const auto m = meanings(pos, d, id);
      CHECK(std::find(m.begin(), m.end(), after) != m.end());
      ++cov.plays;
      if (p.from[0] == kBar) ++cov.bar;
      if (std::find(p.to.begin(), p.to.begin() + p.size, kOff) != p.to.begin() + p.size) ++cov.off;
      if (d.is_double()) ++cov.doubles;
      if (p.size < full) ++cov.partial;
      // Reordered steps that still work give the same number.
      std::array<int, 4> order{0, 1, 2, 3};
      while (std::next_permutation(order.begin(), order.begin() + p.size)) {
        Play q{};
        for (int i = 0; i < p.size; ++i) {
          const int j = order[static_cast<std::size_t>(i)];
          q.add(p.from[static_cast<std::size_t>(j)], p.to[static_cast<std::size_t>(j)], false);
        }
        std::string why;
        Position alt;
        if (!detail::game_apply_steps(pos, d, q, alt).empty()) continue;
        // recompute the hits of this order
        Play h{};
        Position walk = pos;
        for (int i = 0; i < q.size; ++i) {
          const int t = q.to[static_cast<std::size_t>(i)];
          const bool hit = t >= 1 && walk.opponent_at_mover_point(t) == 1;
          h.add(q.from[static_cast<std::size_t>(i)], t, hit);
          Play one{};
          one.add(q.from[static_cast<std::size_t>(i)], t, hit);
          walk = apply(walk, one);
        }
        if (apply(pos, h) != after) continue;
        CHECK(encode_play(pos, d, h) == id);
        int batched = -1;  // encode_plays too, on every order (unsorted sources leave its table path)
        encode_plays(pos, d, std::span<const Play>(&h, 1), &batched);
        CHECK(batched == id);
      }
      // One checker by both dice of a non-double: the other route, when it gives the same result.
      if (!d.is_double() && p.size == 2 && p.from[1] == p.to[0]) {
        const int x = p.from[0];
        const int first = x - p.to[0];
        const int other = first == d.high() ? d.low() : d.high();
        const int via = x - other;
        if (via >= 1 && pos.opponent_at_mover_point(via) == 0) {
          Play alt{};
          alt.add(x, via, false);
          alt.add(via, p.to[1], p.to[1] >= 1 && pos.opponent_at_mover_point(p.to[1]) == 1);
          if (apply(pos, alt) == after) {
            ++cov.aliases;
            CHECK(encode_play(pos, d, alt) == id);
          }
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("doubles' multisets: rank and unrank are inverse and dense") {
  std::set<int> ranks;
  std::array<int, 4> s{};
  for (int k = 1; k <= 4; ++k) {
    // every ascending multiset of size k over 0..24
    std::array<int, 4> m{};
    std::function<void(int, int)> rec = [&](int i, int lo) {
      if (i == k) {
        const int r = double_play_rank(m, k);
        CHECK(r >= 0);
        CHECK(r < kNumDoublePlayActions);
        CHECK(ranks.insert(r).second);
        std::array<int, 4> back{};
        CHECK(double_play_unrank(r, back) == k);
        for (int j = 0; j < k; ++j) CHECK(back[static_cast<std::size_t>(j)] == m[static_cast<std::size_t>(j)]);
        // decode_full_play's unrank of four sources: the same sources, and none for fewer
        std::array<int, 4> four{};
        CHECK(detail::unrank_four(r, four) == (k == 4));
        if (k == 4) CHECK(four == m);
        return;
      }
      for (int v = lo; v <= 24; ++v) {
        m[static_cast<std::size_t>(i)] = v;
        rec(i + 1, v);
      }
    };
    rec(0, 0);
  }
  CHECK(ranks.size() == static_cast<std::size_t>(kNumDoublePlayActions));
  CHECK_FALSE(detail::unrank_four(-1, s));
  CHECK_FALSE(detail::unrank_four(kNumDoublePlayActions, s));
  // Hand-worked: {0} -> 0, {24} -> 24, {0,0} -> 25 + C(0,1) + C(1,2) = 25.
  CHECK(double_play_rank({0, 0, 0, 0}, 1) == 0);
  CHECK(double_play_rank({24, 0, 0, 0}, 1) == 24);
  CHECK(double_play_rank({0, 0, 0, 0}, 2) == 25);
  CHECK(double_play_rank({24, 24, 24, 24}, 4) == kNumDoublePlayActions - 1);
}

TEST_CASE("hand-worked numbers") {
  const Position start = Position::start();
  Play p{};
  p.add(8, 5, false);  // 3-1: 8/5 6/5
  p.add(6, 5, false);
  CHECK(encode_play(start, Dice(3, 1), p) == 26 * 7 + 5);
  Play q{};  // the same play, low die first
  q.add(6, 5, false);
  q.add(8, 5, false);
  CHECK(encode_play(start, Dice(1, 3), q) == 26 * 7 + 5);
  Play r{};  // 6-5 "lover's leap" 24/13, both routes: high first is 24/18/13
  r.add(24, 19, false);
  r.add(19, 13, false);
  CHECK(encode_play(start, Dice(6, 5), r) == 26 * 23 + 17);
  Play dd{};  // 6-6: 24/18(2) 13/7(2): sources {12, 12, 23, 23}: 3275 + C(12,1) + C(13,2) + C(25,3) + C(26,4)
  dd.add(24, 18, false);
  dd.add(24, 18, false);
  dd.add(13, 7, false);
  dd.add(13, 7, false);
  CHECK(encode_play(start, Dice(6, 6), dd) == kFirstDoublePlayAction + 3275 + 12 + 78 + 2300 + 14950);
  CHECK(roll_chance_id(Dice(1, 1)) == 0);
  CHECK(roll_chance_id(Dice(1, 2)) == 1);
  CHECK(roll_chance_id(Dice(6, 6)) == 20);
  CHECK(opening_chance_id(6, 5) == 21 + 34);
  CHECK(kNumDistinctActions == 24436);
  CHECK(kMaxChanceOutcomes == 57);
}

TEST_CASE("every legal play of every roll, on positions of random games: distinct, meaningful, canonical") {
  Rng rng(12);
  Coverage cov;
  for (int game = 0; game < 30 / kScale; ++game) {
    Game g;
    while (!g.over()) {
      if (g.phase() == Phase::Opening) {
        const int a = rng.die();
        const int b = rng.die();
        (void)g.opening_roll(a, b);
        continue;
      }
      if (g.phase() == Phase::TurnStart) {
        check_position(g.position(), cov);
        REQUIRE(g.roll(throw_dice(rng)).has_value());
        continue;
      }
      PlayList plays;
      g.legal_plays(plays);
      REQUIRE(g.play(plays[rng.below(static_cast<std::uint32_t>(plays.size()))]).has_value());
    }
  }
  MESSAGE("positions ", cov.positions, ", plays ", cov.plays, ", bar ", cov.bar, ", bear-off ", cov.off, ", doubles ",
          cov.doubles, ", partial ", cov.partial, ", two routes ", cov.aliases);
  CHECK(cov.positions > 1000 / kScale);
  CHECK(cov.bar > 100);
  CHECK(cov.off > 100 / kScale);
  CHECK(cov.partial > 100 / kScale);
  CHECK(cov.aliases > 100);
}

TEST_CASE("State: number <-> Action round trip over random matches with the cube and resignations") {
  Rng rng(3);
  int decisions = 0;
  for (int m = 0; m < 200 / kScale; ++m) {
    State s(m % 2 ? SessionRules::match(5) : SessionRules::money(), StateOptions{m % 3 == 0, 2});
    int steps = 0;
    while (!s.is_terminal() && steps < 5000) {
      ++steps;
      ActionIdList ids;
      ActionList acts;
      s.legal_actions(ids, ActionOrder::Generated);
      s.legal_actions(acts);
      if (s.is_chance_node()) {
        // No decision in either list: the numbers are the chance outcomes', the Action structs
        // chance_actions().
        CHECK(ids.empty());
        CHECK(acts.empty());
        ChanceOutcomeList c;
        s.chance_outcomes(c);
        for (const auto& o : c) ids.push_back(o.action);
        s.chance_actions(acts);
      } else {
        // The same numbers in increasing order.
        ActionIdList sorted;
        s.legal_actions(sorted);
        std::vector<int> expected(ids.begin(), ids.end());
        std::sort(expected.begin(), expected.end());
        CHECK(std::vector<int>(sorted.begin(), sorted.end()) == expected);
        CHECK(std::adjacent_find(expected.begin(), expected.end()) == expected.end());
      }
      REQUIRE(!ids.empty());
      REQUIRE(ids.size() == acts.size());
      for (std::size_t i = 0; i < ids.size(); ++i) {
        CHECK(s.action_id(acts[i]) == ids[i]);
        const auto a = s.to_action(ids[i]);
        REQUIRE(a.has_value());
        CHECK(s.action_id(*a) == ids[i]);
        if (s.is_chance_node()) {
          CHECK(ids[i] >= 0);
          CHECK(ids[i] < kMaxChanceOutcomes);
        } else {
          CHECK(ids[i] >= 0);
          CHECK(ids[i] < kNumDistinctActions);
          ++decisions;
        }
      }
      const int pick = ids[rng.below(static_cast<std::uint32_t>(ids.size()))];
      if (!s.is_chance_node()) {
        const std::string text = s.action_to_string(pick);
        CHECK(s.string_to_action(text).value() == pick);
      }
      // Resignations are accepted only now and then, so that games get played out.
      const State before = s;
      REQUIRE(s.apply_action(pick).has_value());
      (void)before;
    }
  }
  CHECK(decisions > 10000 / kScale);
}

TEST_CASE("State: numbers that stand for nothing legal are refused, the state unchanged") {
  State s(SessionRules::match(3));
  CHECK_FALSE(s.apply_action(-1).has_value());
  CHECK_FALSE(s.apply_action(kMaxChanceOutcomes).has_value());
  CHECK_FALSE(s.apply_action(0).has_value());  // 1-1 is no opening throw... unless ties matter: 30 pairs here
  REQUIRE(s.apply_action(opening_chance_id(3, 1)).has_value());
  CHECK(s.current_player() == 0);
  const Match before = s.match();
  const Status st = s.apply_action(26 * 0 + 0);  // 1/off? nothing on point 1
  CHECK_FALSE(st.has_value());
  CHECK(st.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(st.error().message.find("no legal play") != std::string::npos);
  CHECK(s.match() == before);
  CHECK_FALSE(s.apply_action(kNumDistinctActions).has_value());
  CHECK(s.apply_action(26 * 7 + 5).has_value());  // 8/5 6/5
  CHECK(s.action_to_string(0).rfind("illegal", 0) == 0);
}

TEST_CASE("State: to_string reads back") {
  State s(SessionRules::match(7));
  Rng rng(5);
  for (int k = 0; k < 40 && !s.is_terminal(); ++k) {
    ActionIdList ids;
    s.legal_actions(ids);
    if (s.is_chance_node()) {
      ChanceOutcomeList c;
      s.chance_outcomes(c);
      for (const auto& o : c) ids.push_back(o.action);
    }
    REQUIRE(s.apply_action(ids[rng.below(static_cast<std::uint32_t>(ids.size()))]).has_value());
    if (s.is_chance_node() && s.match().game().phase() == Phase::TurnStart) {
      const auto back = State::from_string(s.to_string());
      REQUIRE(back.has_value());
      CHECK(back->to_string() == s.to_string());
      CHECK(back->match().game().position() == s.match().game().position());
    }
  }
  CHECK_FALSE(State::from_string("nonsense").has_value());
}

// ---- Decoding a number straight to its steps (decode_full_play) and State's apply_action(int) ----

namespace {

struct DecodeCoverage {
  long positions = 0, tried = 0, accepted = 0, dense = 0;
  // number -> its play's index in the roll's list (-1: none), and whether it was tried; both
  // reset after each roll
  std::vector<int> index = std::vector<int>(static_cast<std::size_t>(kNumPlayActions), -1);
  std::vector<char> tried_id = std::vector<char>(static_cast<std::size_t>(kNumPlayActions), 0);
};

// Checks decode_full_play against the generator for one roll: the numbers it accepts are exactly
// those of the legal plays that use every die, and the steps it gives reach that play's position
// through legal steps. `ids` are the numbers tried (each once or more).
void check_decode(const Position& pos, Dice d, const std::vector<int>& ids, DecodeCoverage& cov) {
  PlayList plays;
  generate_plays(pos, d, plays);
  std::vector<int> full_id;  // numbers of the legal plays that use every die
  std::vector<Position> full_after;
  auto& index = cov.index;
  auto& tried = cov.tried_id;
  for (const Play& p : plays) {
    if (p.size != d.steps()) continue;
    const int id = encode_play(pos, d, p);
    index[static_cast<std::size_t>(id)] = static_cast<int>(full_id.size());
    full_id.push_back(id);
    full_after.push_back(apply(pos, p));
  }
  for (const int id : ids) {
    ++cov.tried;
    Play q{};
    const bool ok = decode_full_play(pos, d, id, q);
    const int at = id >= 0 && id < kNumPlayActions ? index[static_cast<std::size_t>(id)] : -1;
    if (at >= 0) tried[static_cast<std::size_t>(id)] = 1;
    if (ok != (at >= 0))
      FAIL_CHECK("decode_full_play ", (ok ? "accepts" : "refuses"), " number ", id);  // (no CHECK per number: millions)
    if (!ok || at < 0) continue;
    ++cov.accepted;
    // Every step legal in turn with its die, each die of a non-double used once, the hits
    // recorded, and the generator's position reached.
    if (q.size != d.steps()) FAIL_CHECK("decode_full_play gives ", int{q.size}, " steps for number ", id);
    auto walk_with = [&](const std::array<int, 4>& dies, Position& walk) {
      walk = pos;
      for (int i = 0; i < q.size; ++i) {
        const std::size_t u = static_cast<std::size_t>(i);
        if (check_step(walk, q.from[u], dies[u]) != StepError::None || step_target(q.from[u], dies[u]) != q.to[u])
          return false;
        if (apply_step(walk, q.from[u], q.to[u]) != (((q.hits >> i) & 1u) != 0)) return false;
      }
      return true;
    };
    Position walk;
    const bool legal_steps =
        d.is_double() ? walk_with({d.d1(), d.d1(), d.d1(), d.d1()}, walk)
                      : walk_with({d.high(), d.low(), 0, 0}, walk) || walk_with({d.low(), d.high(), 0, 0}, walk);
    if (!legal_steps || walk != full_after[static_cast<std::size_t>(at)] || walk != apply(pos, q))
      FAIL_CHECK("decode_full_play's steps for number ", id, " are not its play");
  }
  // Every legal full play must have been tried and accepted (the callers include them all).
  for (const int id : full_id) {
    if (!tried[static_cast<std::size_t>(id)]) FAIL_CHECK("number ", id, " of a legal play not tried");
    index[static_cast<std::size_t>(id)] = -1;
    tried[static_cast<std::size_t>(id)] = 0;
  }
}

// Numbers to try for one roll: every non-double number; for a double every legal number, its
// neighbours (one source moved by 1 or by the die, up or down) and random ones; with `dense`
// every number of the whole play range for either kind of roll.
std::vector<int> numbers_to_try(const Position& pos, Dice d, bool dense, Rng& rng) {
  std::vector<int> ids;
  if (dense) {
    for (int id = -1; id <= kNumPlayActions; ++id) ids.push_back(id);
    return ids;
  }
  for (int id = 0; id < kNumNonDoublePlayActions; ++id) ids.push_back(id);
  ids.push_back(-1);
  ids.push_back(kNumPlayActions);
  if (!d.is_double()) {
    for (int k = 0; k < 50; ++k)
      ids.push_back(kFirstDoublePlayAction + static_cast<int>(rng.below(kNumDoublePlayActions)));
    return ids;
  }
  PlayList plays;
  generate_plays(pos, d, plays);
  for (const Play& p : plays) {
    const int id = encode_play(pos, d, p);
    ids.push_back(id);
    std::array<int, 4> s{};
    const int k = double_play_unrank(id - kFirstDoublePlayAction, s);
    for (int i = 0; i < k; ++i) {
      for (const int delta : {-1, 1, -static_cast<int>(d.d1()), static_cast<int>(d.d1())}) {
        std::array<int, 4> t = s;
        const int v = t[static_cast<std::size_t>(i)] + delta;
        if (v < 0 || v > 24) continue;
        t[static_cast<std::size_t>(i)] = v;
        std::sort(t.begin(), t.begin() + k);
        ids.push_back(kFirstDoublePlayAction + double_play_rank(t, k));
      }
    }
  }
  for (int k = 0; k < 300; ++k)
    ids.push_back(kFirstDoublePlayAction + static_cast<int>(rng.below(kNumDoublePlayActions)));
  return ids;
}

}  // namespace

TEST_CASE("decode_full_play accepts exactly the numbers of the legal plays of every die, with their steps") {
  Rng rng(21);
  Rng pick(22);
  DecodeCoverage cov;
  int position = 0;
  for (int game = 0; game < 30 / kScale; ++game) {
    Game g;
    while (!g.over()) {
      if (g.phase() == Phase::Opening) {
        (void)g.opening_roll(rng.die(), rng.die());
        continue;
      }
      if (g.phase() == Phase::TurnStart) {
        // Every other position; every 60th: the whole dense play range. For each of the 21 rolls.
        const int n = position++;
        const bool dense = n % 60 == 0;
        if (n % 2 == 0) {
          ++cov.positions;
          cov.dense += dense;
          for (const Dice d : kAllRolls)
            check_decode(g.position(), d, numbers_to_try(g.position(), d, dense, pick), cov);
        }
        REQUIRE(g.roll(throw_dice(rng)).has_value());
        continue;
      }
      PlayList plays;
      g.legal_plays(plays);
      REQUIRE(g.play(plays[rng.below(static_cast<std::uint32_t>(plays.size()))]).has_value());
    }
  }
  MESSAGE("positions ", cov.positions, " (", cov.dense, " with every number), numbers tried ", cov.tried, ", accepted ",
          cov.accepted);
  CHECK(cov.positions > 1000 / kScale);
  CHECK(cov.dense > 40 / kScale);
  CHECK(cov.accepted > 500000 / kScale);
}

TEST_CASE("decode_full_play: hand-worked plays, routes and refusals") {
  const Position start = Position::start();
  Play q{};
  REQUIRE(decode_full_play(start, Dice(3, 1), 26 * 7 + 5, q));  // 8/5 6/5
  CHECK(apply(start, q).mover(5) == 2);
  CHECK(apply(start, q).mover(8) == 2);
  CHECK(apply(start, q).mover(6) == 4);
  // 6-5 24/13: the high die first (24/18/13) is the number; the low die first (24/19/13) is the
  // same play, so its number is no play.
  REQUIRE(decode_full_play(start, Dice(6, 5), 26 * 23 + 17, q));
  CHECK(apply(start, q).mover(13) == 6);
  CHECK_FALSE(decode_full_play(start, Dice(6, 5), 26 * 18 + 23, q));
  CHECK_FALSE(decode_full_play(start, Dice(6, 5), 26 * 23 + kNoSource, q));  // one die: never here
  CHECK_FALSE(decode_full_play(start, Dice(6, 5), kNumNonDoublePlayActions - 1, q));
  CHECK_FALSE(decode_full_play(start, Dice(6, 5), kFirstDoublePlayAction, q));  // a double's number
  CHECK_FALSE(decode_full_play(start, Dice(6, 6), 26 * 23 + 17, q));            // a non-double's
  CHECK_FALSE(decode_full_play(start, Dice(6, 5), 26 * 5 + 5, q));              // 6/off: not home
  // 6-6: 24/18(2) 13/7(2).
  const int dd = kFirstDoublePlayAction + 3275 + 12 + 78 + 2300 + 14950;
  REQUIRE(decode_full_play(start, Dice(6, 6), dd, q));
  CHECK(apply(start, q).mover(18) == 2);
  CHECK(apply(start, q).mover(7) == 2);
  // Bearing off: checkers on 5 and 2, roll 4-2. 5/3/off takes the low die first (5/1 then 1/off
  // with the 2 is refused while a checker stands on 2, BG-6.4), numbered as 5/1/off.
  Position b;
  b.set(Side::Mover, 5, 1);
  b.set(Side::Mover, 2, 1);
  b.set(Side::Mover, kOff, 13);
  b.set(Side::Opponent, 24, 15);
  PlayList plays;
  generate_plays(b, Dice(4, 2), plays);
  bool seen = false;
  for (const Play& p : plays) {
    const int id = encode_play(b, Dice(4, 2), p);
    REQUIRE(decode_full_play(b, Dice(4, 2), id, q));
    CHECK(apply(b, q) == apply(b, p));
    seen = seen || (apply(b, p).mover(5) == 0 && apply(b, p).mover(2) == 1 && apply(b, p).borne_off(Side::Mover) == 14);
  }
  CHECK(seen);
}

namespace {

// The state after `id` the slow way: a play is the generated play whose number is `id`
// (generate_plays, encode_play), played through Match::play, which checks it again; any other
// action is the legal Action struct with that number.
template <class V>
BasicState<V> by_generator(const BasicState<V>& from, int id) {
  BasicState<V> s = from;
  if (s.is_chance_node()) {  // a throw: its Action
    const Result<Action> a = s.to_action(id);
    REQUIRE(a.has_value());
    REQUIRE(s.apply_action(*a).has_value());
    return s;
  }
  ActionList acts;
  s.legal_actions(acts);
  for (const Action& a : acts) {
    if (s.action_id(a) != id) continue;
    REQUIRE(s.apply_action(a).has_value());
    return s;
  }
  FAIL("no legal action is numbered " << id);
  return s;
}

template <class V>
void state_games(int games, std::uint64_t seed, long& checked, long& refused) {
  Rng rng(seed);
  for (int m = 0; m < games; ++m) {
    SessionRules rules = m % 2 ? SessionRules::match(3) : SessionRules::money();
    BasicState<V> s(rules, StateOptions{m % 3 == 0, 2});
    int steps = 0;
    while (!s.is_terminal() && steps < 3000) {
      ++steps;
      ActionIdList ids;  // the decisions in the generator's order, or the chance outcomes
      s.legal_actions(ids, ActionOrder::Generated);
      if (s.is_chance_node()) {
        ChanceOutcomeList c;
        s.chance_outcomes(c);
        for (const auto& o : c) ids.push_back(o.action);
      }
      REQUIRE(!ids.empty());
      // Every legal number: apply_action(int) and apply_legal_action(int) reach the generator
      // path's state.
      for (const int id : ids) {
        BasicState<V> fast = s;
        REQUIRE(fast.apply_action(id).has_value());
        const BasicState<V> slow = by_generator(s, id);
        CHECK(fast.match() == slow.match());
        CHECK(fast.current_player() == slow.current_player());
        BasicState<V> unchecked = s;
        unchecked.apply_legal_action(id);
        CHECK(unchecked.match() == fast.match());
        CHECK(unchecked.to_string() == fast.to_string());  // rolling without a double included
        ++checked;
      }
      // Numbers that stand for nothing legal here: refused, the state unchanged byte for byte.
      const int range = s.is_chance_node() ? kMaxChanceOutcomes : kNumDistinctActions;
      for (int k = 0; k < 40; ++k) {
        const int id = k < 2 ? (k == 0 ? -1 - static_cast<int>(rng.below(3)) : range)
                             : static_cast<int>(rng.below(static_cast<std::uint32_t>(range)));
        if (std::find(ids.begin(), ids.end(), id) != ids.end()) continue;
        BasicState<V> t = s;
        const Status st = t.apply_action(id);
        CHECK_FALSE(st.has_value());
        if (!st.has_value()) CHECK_FALSE(st.error().message.empty());
        CHECK(std::memcmp(&t, &s, sizeof(s)) == 0);
        ++refused;
      }
      // sample_legal_action: the uniform pick from legal_actions(ActionOrder::Generated), with the
      // same random draw; at a chance node no number and no draw.
      Rng twin = rng;
      const int sampled = s.sample_legal_action(twin);
      if (s.is_chance_node()) {
        CHECK(sampled == -1);
        CHECK(twin.next() == Rng(rng).next());
      }
      const int pick = ids[rng.below(static_cast<std::uint32_t>(ids.size()))];
      if (!s.is_chance_node()) {
        CHECK(sampled == pick);
        CHECK(twin.next() == Rng(rng).next());
      }
      REQUIRE(s.apply_action(pick).has_value());
    }
    if (!s.is_terminal()) continue;
    Rng twin = rng;
    CHECK(s.sample_legal_action(twin) == -1);  // terminal: no action, no draw
    CHECK(twin.next() == Rng(rng).next());
  }
}

}  // namespace

TEST_CASE("State: apply_action(int) decodes plays without the generator, and agrees with it; sample_legal_action") {
  long checked = 0, refused = 0;
  state_games<Standard>(60 / kScale, 31, checked, refused);
  state_games<Nackgammon>(10 / kScale, 32, checked, refused);
  state_games<Hypergammon>(20 / kScale, 33, checked, refused);
  MESSAGE("legal numbers applied both ways ", checked, ", other numbers refused ", refused);
  CHECK(checked > 50000 / kScale);
  CHECK(refused > 100000 / kScale);
}

TEST_CASE("detail::sort_ids sorts distinct play numbers of every list length") {
  Rng rng(41);
  for (int t = 0; t < 4000; ++t) {
    const std::size_t n = t < 3000 ? rng.below(160) : rng.below(static_cast<std::uint32_t>(kMaxActions));
    std::vector<int> v;
    std::vector<char> used(static_cast<std::size_t>(kNumPlayActions), 0);
    while (v.size() < n) {
      const auto x = rng.below(static_cast<std::uint32_t>(kNumPlayActions));
      if (used[x] != 0) continue;
      used[x] = 1;
      v.push_back(static_cast<int>(x));
    }
    std::vector<int> expected = v;
    std::sort(expected.begin(), expected.end());
    detail::sort_ids(v.data(), v.size());
    REQUIRE(v == expected);
  }
}
