// Per-game returns (StateOptions::returns): each game of a match or money session is an episode,
// terminal when it ends, with the points it won or lost (or the change of match winning
// chances), next_game() goes on at the new score; whole matches played that way reach the same
// matches as the State that plays the whole session; the score, the Crawford flag and the cube
// in the observation at every decision; texts read back at every node.
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <string>

#include "boardrules/backgammon/ai/state.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

/// A decision for random self-play with the cube: doubles one time in eight, takes half the
/// time, else a uniform legal action (a play, or a cube answer).
int pick(const State& s, Rng& rng) {
  ActionIdList ids;
  s.legal_actions(ids);
  for (const int id : ids)
    if ((id == kActionDouble && rng.below(8) == 0) || (id == kActionTake && rng.below(2) == 0)) return id;
  return ids[rng.below(static_cast<std::uint32_t>(ids.size()))];
}
/// One step of self-play: the throw drawn uniformly among the outcomes, or pick().
void step(State& s, Rng& rng) {
  if (s.is_chance_node()) {
    ChanceOutcomeList c;
    s.chance_outcomes(c);
    s.apply_legal_action(c[rng.below(static_cast<std::uint32_t>(c.size()))].action);
  } else {
    s.apply_legal_action(pick(s, rng));
  }
}
void round_trip(const State& s) {
  const std::string t = s.to_string();
  const auto back = State::from_string(t);
  REQUIRE_MESSAGE(back.has_value(), t, ": ", back.has_value() ? "" : back.error().message);
  CHECK(back->to_string() == t);
  CHECK(back->is_terminal() == s.is_terminal());
  CHECK(back->returns() == s.returns());
  CHECK(back->current_player() == s.current_player());
}

}  // namespace

TEST_CASE("per-game points: a whole 7-point match, game by game, beside the State of the whole match") {
  int crawford_games = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    Rng rng(seed);
    const SessionRules rules = SessionRules::match(7);
    State whole(rules);
    State game(rules, StateOptions{.returns = Returns::Points});
    std::array<double, 2> total{0, 0};
    std::array<int, 2> before{0, 0};
    int games = 0;
    bool crawford_played = false;
    while (!whole.is_terminal()) {
      REQUIRE_FALSE(game.is_terminal());
      Rng copy = rng;
      step(whole, rng);
      step(game, copy);
      REQUIRE(whole.match() == game.match());  // the same match, node by node
      if (!game.is_terminal()) {
        CHECK(game.returns() == std::array<double, 2>{0, 0});
        // The score, the Crawford flag and the cube, from the observer's view.
        std::array<float, kObservationSize> o{};
        game.observation_tensor(o);
        const int me = game.observer();
        const auto& sc = game.match().score();
        CHECK(o[202] == 1.0f);
        CHECK(o[203] == doctest::Approx((7 - sc[static_cast<std::size_t>(me)]) / 7.0));
        CHECK(o[204] == doctest::Approx((7 - sc[static_cast<std::size_t>(1 - me)]) / 7.0));
        CHECK(o[205] == (game.game().crawford() ? 1.0f : 0.0f));
        CHECK(o[198] == doctest::Approx(game.game().cube().log2_value() / 6.0));
        CHECK(o[200] == (game.game().cube().owner() == me ? 1.0f : 0.0f));
        if (game.game().crawford()) {
          ActionIdList ids;
          game.legal_actions(ids);
          for (const int id : ids) CHECK(id != kActionDouble);  // no double in the Crawford game (BG-10.2)
        }
        continue;
      }
      // The end of a game: the points it gave, from the scores before and after.
      ++games;
      const auto& after = game.match().score();
      const int w = after[0] != before[0] ? 0 : 1;
      const int points = after[static_cast<std::size_t>(w)] - before[static_cast<std::size_t>(w)];
      CHECK(points >= 1);
      CHECK(after[static_cast<std::size_t>(1 - w)] == before[static_cast<std::size_t>(1 - w)]);
      const auto r = game.returns();
      CHECK(r[static_cast<std::size_t>(w)] == points);
      CHECK(r[static_cast<std::size_t>(1 - w)] == -points);
      total[0] += r[0];
      total[1] += r[1];
      CHECK(game.max_game_length() == 1000);
      round_trip(game);
      before = after;
      if (game.session_over()) break;
      REQUIRE(game.next_game().has_value());
      CHECK_FALSE(game.is_terminal());
      CHECK(game.game().phase() == Phase::Opening);
      // BG-10.2: the game after a player first reaches 6 of 7 is the Crawford game, once.
      const bool crawford = !crawford_played && (after[0] == 6 || after[1] == 6);
      CHECK(game.game().crawford() == crawford);
      crawford_played = crawford_played || crawford;
      crawford_games += crawford ? 1 : 0;
      round_trip(game);
    }
    REQUIRE(whole.is_terminal());
    REQUIRE(game.is_terminal());
    CHECK(game.session_over());
    CHECK(games == whole.match().games_played());
    const int winner = *whole.match().winner();
    CHECK(whole.match().score()[static_cast<std::size_t>(winner)] >= 7);
    CHECK(total[0] == whole.match().score()[0] - whole.match().score()[1]);
    const Status again = game.next_game();
    REQUIRE_FALSE(again.has_value());
    CHECK(again.error().code == ErrorCode::illegal_action);
  }
  CHECK(crawford_games >= 2);  // the seeds play some Crawford games
}

TEST_CASE("per-game points: a dropped double, the text of the end, the next game at the new score") {
  State s(SessionRules::match(3), StateOptions{.returns = Returns::Points});
  REQUIRE(s.apply_action(Action::opening(3, 1)).has_value());
  REQUIRE(s.apply_action(*s.string_to_action("move 8/5 6/5")).has_value());
  REQUIRE(s.current_player() == 1);
  REQUIRE(s.apply_action(Action::of(ActionKind::Double)).has_value());
  CHECK(s.returns() == std::array<double, 2>{0, 0});
  REQUIRE(s.apply_action(Action::of(ActionKind::Drop)).has_value());
  REQUIRE(s.is_terminal());
  CHECK(s.current_player() == kTerminalPlayer);
  CHECK(s.returns() == std::array<double, 2>{-1, 1});
  CHECK_FALSE(s.session_over());
  const std::string t = s.to_string();
  CHECK(t.find(" returns=points ended=1:1") != std::string::npos);
  CHECK(t.find(" games=1") != std::string::npos);
  round_trip(s);
  REQUIRE(s.next_game().has_value());
  CHECK(s.match().score() == std::array<int, 2>{0, 1});
  CHECK(s.is_chance_node());
  CHECK(s.returns() == std::array<double, 2>{0, 0});
  CHECK(s.to_string().find("ended") == std::string::npos);
  round_trip(s);

  // Player 1 leads 2-0 in a 3-point match: the next game is the Crawford game.
  State c(SessionRules::match(3), StateOptions{.returns = Returns::Points});
  REQUIRE(c.apply_action(Action::opening(3, 1)).has_value());
  REQUIRE(c.apply_action(*c.string_to_action("move 8/5 6/5")).has_value());
  REQUIRE(c.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(c.apply_action(Action::of(ActionKind::Take)).has_value());
  REQUIRE(c.current_player() == kChancePlayer);
  // player 1 owns the cube at 2; player 0 resigns nothing: play on to the end at random
  Rng rng(3);
  while (!c.is_terminal()) step(c, rng);
  const auto r = c.returns();
  CHECK(std::fabs(r[0]) >= 2);  // a cube of 2 at least
  CHECK(r[0] == -r[1]);
  round_trip(c);
}

TEST_CASE("per-game points in money play: money_games episodes, then the session is over") {
  State s(SessionRules::money(), StateOptions{.money_games = 3, .returns = Returns::Points});
  Rng rng(11);
  int episodes = 0;
  double sum = 0;
  while (true) {
    while (!s.is_terminal()) step(s, rng);
    ++episodes;
    const auto r = s.returns();
    CHECK(r[0] == -r[1]);
    CHECK(r[0] != 0);
    sum += r[0];
    round_trip(s);
    if (s.session_over()) break;
    REQUIRE(s.next_game().has_value());
  }
  CHECK(episodes == 3);
  CHECK(sum == s.match().score()[0] - s.match().score()[1]);
  CHECK_FALSE(s.next_game().has_value());
}

TEST_CASE("per-game returns: refused options, next_game and texts") {
  CHECK(State::make(SessionRules::money(), StateOptions{.returns = Returns::Equity}).error().code == ErrorCode::usage);
  CHECK(State::make(SessionRules::match(5), StateOptions{.returns = Returns::Equity}).has_value());
  CHECK(State::make(SessionRules::money(), StateOptions{.returns = static_cast<Returns>(7)}).error().code ==
        ErrorCode::out_of_range);
  State whole(SessionRules::match(5));
  CHECK(whole.next_game().error().code == ErrorCode::usage);
  State g(SessionRules::match(1), StateOptions{.returns = Returns::Points});
  CHECK(g.next_game().error().code == ErrorCode::illegal_action);  // the game is still to be played
  CHECK(g.to_string() == "4HPwATDgc/ABMA:MAAgAAAAAAAE returns=points");
  const std::string id = "4HPwATDgc/ABMA:MAAgAAAAAAAE";
  const char* bad[] = {
      " returns=money",
      " returns=points ended=2:1 games=1",
      " returns=points ended=0:0 games=1",
      " returns=points ended=0 games=1",
      " returns=points ended=0:1:craw games=1",
      " ended=0:1 games=1",                           // per-game returns only
      " returns=points ended=0:1",                    // no game finished
      " returns=points ended=0:1:crawford games=1",   // 0-0 after it: no Crawford game before
      " returns=equity",                              // (in money play below)
  };
  for (const char* w : bad) {
    const std::string t = id + w;
    const bool money = std::string(w) == " returns=equity";
    const auto s = money ? State::from_string("4HPwATDgc/ABMA:MAAAAAAAAAAE returns=equity") : State::from_string(t);
    REQUIRE_MESSAGE(!s.has_value(), t);
    MESSAGE(t, " -> ", s.error().where, ": ", s.error().message);
  }
  // The winner's score is below the points it won.
  CHECK_FALSE(State::from_string(id + " returns=points ended=1:2 games=1").has_value());
}

// The figures of GNU Backgammon's met/Kazaross-XG2.xml (the built-in table): player 0's chances
// at 1-away against 3-away and at 6-away against 7-away (pre-Crawford), and the trailer's at
// 2-away against the 1-away leader after the Crawford game.
constexpr double kMet1v3 = 0.75076;
constexpr double kMet6v7 = 0.56261;
constexpr double kPost2 = 0.48803;

TEST_CASE("equity returns: the change of match winning chances by the table, game by game") {
  // A dropped double at 0-0 of a 7-point match: player 1 wins a point.
  State d(SessionRules::match(7), StateOptions{.returns = Returns::Equity});
  REQUIRE(d.apply_action(Action::opening(3, 1)).has_value());
  REQUIRE(d.apply_action(*d.string_to_action("move 8/5 6/5")).has_value());
  REQUIRE(d.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(d.apply_action(Action::of(ActionKind::Drop)).has_value());
  REQUIRE(d.is_terminal());
  CHECK(d.returns()[0] == doctest::Approx(-(kMet6v7 - 0.5)).epsilon(1e-6));
  CHECK(d.returns()[1] == doctest::Approx(kMet6v7 - 0.5).epsilon(1e-6));
  CHECK(d.to_string().find(" returns=equity ended=1:1") != std::string::npos);
  round_trip(d);

  // A 3-point match: player 0 wins 2 points (a redouble passed) and is 1-away: the Crawford game.
  State s(SessionRules::match(3), StateOptions{.returns = Returns::Equity});
  REQUIRE(s.apply_action(Action::opening(3, 1)).has_value());
  REQUIRE(s.apply_action(*s.string_to_action("move 8/5 6/5")).has_value());
  REQUIRE(s.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(s.apply_action(Action::of(ActionKind::Take)).has_value());
  REQUIRE(s.apply_action(Action::roll(Dice::unchecked(6, 5))).has_value());
  ActionIdList ids;
  s.legal_actions(ids);
  REQUIRE(s.apply_action(ids[0]).has_value());  // any play of 6-5
  REQUIRE(s.current_player() == 0);
  REQUIRE(s.apply_action(Action::of(ActionKind::Double)).has_value());
  REQUIRE(s.apply_action(Action::of(ActionKind::Drop)).has_value());
  REQUIRE(s.is_terminal());
  CHECK(s.match().score() == std::array<int, 2>{2, 0});
  CHECK(s.returns()[0] == doctest::Approx(kMet1v3 - 0.5).epsilon(1e-6));
  round_trip(s);
  REQUIRE(s.next_game().has_value());
  REQUIRE(s.game().crawford());
  round_trip(s);
  // The Crawford game, played out at random: every result it can have.
  int kinds = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    State c = s;
    Rng rng(seed);
    while (!c.is_terminal()) step(c, rng);
    const GameResult& r = c.match().last_result();
    double after = 0;  // player 0's chances after the game
    if (r.winner == 0) {
      after = 1;
    } else if (r.points == 1) {
      after = 1 - kPost2;  // 1-away against 2-away, post-Crawford
      kinds |= 1;
    } else if (r.points == 2) {
      after = 0.5;  // both 1-away
      kinds |= 2;
    } else {
      after = 0;
    }
    CHECK(c.returns()[0] == doctest::Approx(after - kMet1v3).epsilon(1e-6));
    CHECK(c.returns()[1] == -c.returns()[0]);
    round_trip(c);
  }
  CHECK((kinds & 1) != 0);
}

TEST_CASE("equity returns over whole matches add up to the match's result") {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    Rng rng(seed);
    State s(SessionRules::match(5), StateOptions{.returns = Returns::Equity});
    double total = 0;
    while (true) {
      while (!s.is_terminal()) step(s, rng);
      const auto r = s.returns();
      CHECK(r[0] == -r[1]);
      total += r[0];
      round_trip(s);
      if (s.session_over()) break;
      REQUIRE(s.next_game().has_value());
    }
    CHECK(total == doctest::Approx((s.match().winner() == 0 ? 1.0 : 0.0) - 0.5).epsilon(1e-9));
  }
}
