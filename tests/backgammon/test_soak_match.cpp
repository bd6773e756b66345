// Random-play soak: thousands of full matches and money games between the random and
// the heuristic bot through the OpenSpiel-like State, with invariants checked at every step:
// 15 checkers a side and no point held by both, the cube a power of two within its cap and owned
// by -1/0/1, scores only grow (by exactly the points of each finished game), Crawford game at most
// once per match and exactly when BG-10.2 says, legal actions at every decision, chance
// probabilities summing to 1, refused actions leaving the state unchanged, and the GNUbg ID
// decoding back to the same state.
#include <doctest/doctest.h>

#include <cmath>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"

#include "../common/backgammon_stacks.hpp"
#include "../sanitize_scale.hpp"
#include "common/bots.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {
constexpr int kSoakScale = kSanitized ? 10 : 1;  // ASan/UBSan builds: keep it to seconds

struct MatchStats {
  long steps = 0, games = 0, crawford_games = 0, doubles = 0, drops = 0, gammons = 0, backgammons = 0, resigns = 0;
};

void run_one(const SessionRules& rules, StateOptions opt, Rng& rng, bool check_ids, MatchStats& st) {
  auto made = State::make(rules, opt);
  REQUIRE(made.has_value());
  State s = *made;
  std::array<int, 2> last_score{0, 0};
  int last_games = 0;
  bool crawford_seen = false;
  int steps = 0;
  while (!s.is_terminal()) {
    REQUIRE(++steps < 100000);
    const auto& g = s.game();
    if (g.phase() != Phase::Opening) REQUIRE(stacks::well_formed(g.position()));
    const Cube c = g.cube();
    REQUIRE((c.value() & (c.value() - 1)) == 0);
    REQUIRE(c.value() <= rules.max_cube());
    REQUIRE((c.owner() >= -1 && c.owner() <= 1));
    if (g.crawford()) {
      REQUIRE(c.value() == 1);
      REQUIRE(c.is_centered());
    }
    if (s.is_chance_node()) {
      ChanceOutcomeList co;
      s.chance_outcomes(co);
      double sum = 0;
      for (const auto& o : co) sum += o.probability;
      REQUIRE(std::fabs(sum - 1.0) < 1e-12);
    }
    // a refused action leaves the state unchanged
    if (steps % 7 == 0) {
      const State before = s;
      const Action bad = g.phase() == Phase::Doubled ? Action::of(ActionKind::Accept) : Action::of(ActionKind::Take);
      REQUIRE_FALSE(s.apply_action(bad).has_value());
      REQUIRE(s.match() == before.match());
    }
    if (check_ids && steps % 5 == 0 && g.phase() != Phase::Opening) {
      const auto id = format_gnubg_id(s.match());
      auto dec = parse_gnubg_id<>(id);
      REQUIRE(dec.has_value());
      auto back = match_from_gnubg(dec->position, dec->fields, rules);
      REQUIRE(back.has_value());
      REQUIRE(format_gnubg_id(*back) == id);
      REQUIRE(back->game().position() == g.position());
    }
    const int who = s.current_player();
    const Action a = (who == kChancePlayer || who == 0) ? bots::random_action(s, rng) : bots::heuristic_action(s, rng);
    if (a.kind == ActionKind::Double) ++st.doubles;
    if (a.kind == ActionKind::Drop) ++st.drops;
    if (a.kind == ActionKind::Resign) ++st.resigns;
    if (steps % 3 == 0 || a.kind != ActionKind::Move) {
      const auto r = s.apply_action(a);
      REQUIRE(r.has_value());
    } else {
      s.apply_legal_action(a);
    }
    ++st.steps;
    const auto& m = s.match();
    REQUIRE(m.score()[0] >= last_score[0]);
    REQUIRE(m.score()[1] >= last_score[1]);
    if (m.games_played() != last_games) {
      REQUIRE(m.games_played() == last_games + 1);
      const GameResult& r = m.last_result();
      REQUIRE(m.score()[static_cast<std::size_t>(r.winner)] ==
              last_score[static_cast<std::size_t>(r.winner)] + r.points);
      REQUIRE(m.score()[static_cast<std::size_t>(1 - r.winner)] == last_score[static_cast<std::size_t>(1 - r.winner)]);
      REQUIRE(r.points >= 1);
      if (r.kind == WinKind::Gammon) ++st.gammons;
      if (r.kind == WinKind::Backgammon) ++st.backgammons;
      ++st.games;
      last_games = m.games_played();
      if (rules.is_match() && !m.over()) {
        // BG-10.2: the next game is the Crawford game iff a player is at N-1 for the first time
        const bool at = m.score()[0] == rules.match_length - 1 || m.score()[1] == rules.match_length - 1;
        const bool expect = rules.crawford && at && !crawford_seen;
        REQUIRE(m.crawford_game() == expect);
        if (expect) {
          crawford_seen = true;
          ++st.crawford_games;
        }
      }
    }
    last_score = m.score();
  }
  if (rules.is_match()) {
    REQUIRE(s.match().over());
    REQUIRE(s.match().score()[static_cast<std::size_t>(*s.match().winner())] >= rules.match_length);
    const auto ret = s.returns();
    REQUIRE(ret[0] == -ret[1]);
  }
}
}  // namespace

TEST_CASE("soak: random and heuristic bots play full matches with every invariant checked") {
  Rng rng(2026);
  MatchStats st;
  const int n = 3000 / kSoakScale;
  for (int i = 0; i < n; ++i) {
    SessionRules r = SessionRules::match(static_cast<int>(rng.below(4)) * 2 + 1, {.crawford = rng.below(4) != 0});
    if (rng.below(5) == 0) r.cube_cap = 4;
    run_one(r, StateOptions{rng.below(3) == 0, 1}, rng, i % 10 == 0, st);
  }
  MESSAGE("matches " << n << ", games " << st.games << ", steps " << st.steps << ", Crawford games "
                     << st.crawford_games << ", doubles " << st.doubles << ", drops " << st.drops << ", gammons "
                     << st.gammons << ", backgammons " << st.backgammons << ", resignations " << st.resigns);
  CHECK(st.crawford_games > 0);
  CHECK(st.gammons > 0);
  CHECK(st.drops > 0);
}

TEST_CASE("soak: money sessions with Jacoby, automatic doubles, beavers and a cap") {
  Rng rng(7);
  MatchStats st;
  const int n = 3000 / kSoakScale;
  for (int i = 0; i < n; ++i) {
    SessionRules r = SessionRules::money({.jacoby = rng.below(2) != 0, .auto_doubles = static_cast<int>(rng.below(3))});
    r.beavers = static_cast<int>(rng.below(4));
    r.bg_as_gammon = rng.below(4) == 0;
    if (rng.below(3) == 0) r.cube_cap = 8;
    run_one(r, StateOptions{rng.below(3) == 0, static_cast<int>(rng.below(3)) + 1}, rng, i % 10 == 0, st);
  }
  MESSAGE("sessions " << n << ", games " << st.games << ", steps " << st.steps);
  CHECK(st.games >= n);
}
