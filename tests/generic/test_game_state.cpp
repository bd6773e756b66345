// The GameState contract (core/game_state.hpp) for every State type of both games: the concept
// holds, and one function template, written only against the contract, plays random games to
// the end with each (chance nodes through chance_outcomes, decisions through legal_actions and
// sample_legal_action, alternately apply_action and apply_legal_action), checking the contract
// at every ply: the lists, the refusals, the text round trip, the observation, the returns.
// Also: a default-constructed state and from_string() of its text agree.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/core/game_state.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri/ai/state.hpp"

#include "../sanitize_scale.hpp"

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;
using boardrules::GameState;
using boardrules::Rng;
using boardrules::Status;

// Every State type the library names, and a few more instantiations.
static_assert(GameState<bg::State>);
static_assert(GameState<bg::NackgammonState>);
static_assert(GameState<bg::HypergammonState>);
static_assert(GameState<wa::State>);
static_assert(GameState<wa::BridgetownState>);
static_assert(GameState<wa::AbapaState>);
static_assert(GameState<wa::BasicState<wa::BridgetownEveryEnd>>);
static_assert(GameState<wa::BasicState<wa::Speightstown, 16>>);
// Not states.
static_assert(!GameState<bg::Match>);
static_assert(!GameState<wa::Game>);
static_assert(!GameState<int>);

// The static sizes are constant expressions.
static_assert(bg::State::num_distinct_actions() == 24436 && bg::State::max_chance_outcomes() == 57 &&
              bg::State::observation_size() == 210);
static_assert(wa::State::num_distinct_actions() == 6 && wa::State::max_chance_outcomes() == 0 &&
              wa::State::observation_size() == 15);

namespace {

/// What a playout saw.
struct Seen {
  long plies = 0;     // decisions and chance outcomes applied
  long chance = 0;    // chance outcomes applied
  long refused = 0;   // numbers refused with the state unchanged
  long restored = 0;  // texts read back
  std::array<double, 2> returns{0, 0};
  std::set<std::string> words;  // the blank-separated parts of the texts, up to a '='
};

void add_words(const std::string& text, std::set<std::string>& words) {
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t end = std::min(text.find(' ', i), text.size());
    const std::string w = text.substr(i, end - i);
    words.insert(w.substr(0, w.find('=')));
    i = end + 1;
  }
}

template <class List>
std::vector<int> numbers(const List& ids) {
  return std::vector<int>(ids.begin(), ids.end());
}

/// One random game to the end through the contract alone (see the file comment).
template <GameState S>
Seen playout(S s, Rng& rng) {
  Seen seen;
  typename S::ActionIdList ids;
  typename S::ActionIdList back_ids;
  typename S::ChanceOutcomeList outcomes;
  const float kUnwritten = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> obs(static_cast<std::size_t>(S::observation_size()) + 1);
  for (int ply = 0;; ++ply) {
    const std::string text = s.to_string();
    const int who = s.current_player();
    s.legal_actions(ids);

    // The text round trip: the same text, the same player, the same legal actions.
    {
      auto back = S::from_string(text);
      REQUIRE_MESSAGE(back.has_value(), text, ": ", back.has_value() ? std::string() : back.error().to_string());
      CHECK(back->to_string() == text);
      CHECK(back->current_player() == who);
      CHECK(back->is_terminal() == s.is_terminal());
      back->legal_actions(back_ids);
      CHECK(numbers(back_ids) == numbers(ids));
      CHECK(back->returns() == s.returns());
      ++seen.restored;
      add_words(text, seen.words);
    }

    // The observation: observation_size() floats, all written, nothing past them.
    std::fill(obs.begin(), obs.end(), kUnwritten);
    s.observation_tensor(std::span<float>(obs.data(), static_cast<std::size_t>(S::observation_size())));
    for (int i = 0; i < S::observation_size(); ++i) {
      const float v = obs[static_cast<std::size_t>(i)];
      CHECK(std::isfinite(v));  // written
    }
    CHECK(std::isnan(obs.back()));  // nothing past them

    if (s.is_terminal()) {
      CHECK(who == boardrules::kTerminalPlayer);
      CHECK_FALSE(s.is_chance_node());
      CHECK(ids.empty());
      s.chance_outcomes(outcomes);
      CHECK(outcomes.size() == 0);
      Rng twin = rng;
      CHECK(s.sample_legal_action(twin) == -1);
      CHECK(twin.next() == Rng(rng).next());  // no draw
      CHECK_FALSE(s.apply_action(0).has_value());
      CHECK(s.to_string() == text);
      seen.returns = s.returns();
      // Zero-sum, in whole points as the game scores it (a match or a Warri game: +1 / -1 or a
      // draw; money play: the points won).
      CHECK(seen.returns[0] == -seen.returns[1]);
      CHECK(seen.returns[0] == std::round(seen.returns[0]));
      return seen;
    }
    CHECK(s.returns() == std::array<double, 2>{0.0, 0.0});

    // A number that is not legal here: refused, the state unchanged.
    const auto refuse = [&](int bad) {
      S copy = s;
      const Status st = copy.apply_action(bad);
      CHECK_FALSE(st.has_value());
      CHECK_FALSE(st.error().message.empty());
      CHECK(copy.to_string() == text);
      copy.legal_actions(back_ids);
      CHECK(numbers(back_ids) == numbers(ids));
      ++seen.refused;
    };

    if (s.is_chance_node()) {
      CHECK(who == boardrules::kChancePlayer);
      CHECK(ids.empty());  // the outcomes are chance_outcomes()
      Rng twin = rng;
      CHECK(s.sample_legal_action(twin) == -1);
      CHECK(twin.next() == Rng(rng).next());
      s.chance_outcomes(outcomes);
      REQUIRE(outcomes.size() > 0);
      double total = 0;
      std::vector<int> chance_ids;
      for (const auto& o : outcomes) {
        CHECK((o.action >= 0 && o.action < S::max_chance_outcomes()));
        CHECK((o.probability > 0 && o.probability <= 1));
        CHECK(!s.action_to_string(o.action).empty());
        total += o.probability;
        chance_ids.push_back(o.action);
      }
      CHECK(std::is_sorted(chance_ids.begin(), chance_ids.end()));
      CHECK(std::adjacent_find(chance_ids.begin(), chance_ids.end()) == chance_ids.end());
      CHECK(std::fabs(total - 1.0) < 1e-12);
      refuse(-1);
      refuse(S::max_chance_outcomes());
      for (int k = 0; k < S::max_chance_outcomes(); ++k)
        if (!std::binary_search(chance_ids.begin(), chance_ids.end(), k)) {
          refuse(k);
          break;
        }
      // An outcome drawn with its probability.
      double u = rng.uniform();
      int pick = outcomes[outcomes.size() - 1].action;
      for (const auto& o : outcomes) {
        if (u < o.probability) {
          pick = o.action;
          break;
        }
        u -= o.probability;
      }
      if (ply % 2 == 0) {
        REQUIRE(s.apply_action(pick).has_value());
      } else {
        s.apply_legal_action(pick);
      }
      ++seen.chance;
      ++seen.plies;
      continue;
    }

    // A decision.
    CHECK((who == 0 || who == 1));
    s.chance_outcomes(outcomes);
    CHECK(outcomes.size() == 0);
    REQUIRE_FALSE(ids.empty());
    const std::vector<int> legal = numbers(ids);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      CHECK((legal[i] >= 0 && legal[i] < S::num_distinct_actions()));
      if (i > 0) CHECK(legal[i - 1] < legal[i]);  // increasing
    }
    const int sampled = s.sample_legal_action(rng);
    CHECK(std::binary_search(legal.begin(), legal.end(), sampled));
    CHECK(!s.action_to_string(sampled).empty());
    refuse(-1 - static_cast<int>(rng.below(3)));
    refuse(S::num_distinct_actions());
    for (int k = 0; k < 4; ++k) {
      const int x = static_cast<int>(rng.below(static_cast<std::uint32_t>(S::num_distinct_actions())));
      if (!std::binary_search(legal.begin(), legal.end(), x)) refuse(x);
    }
    // Every other decision from the list itself, the others sampled.
    const int a = ply % 4 < 2 ? sampled : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    if (ply % 2 == 0) {
      const Status st = s.apply_action(a);
      REQUIRE_MESSAGE(st.has_value(), text, " ", a, ": ", st.has_value() ? std::string() : st.error().to_string());
    } else {
      static_assert(noexcept(s.apply_legal_action(a)));
      s.apply_legal_action(a);
    }
    ++seen.plies;
  }
}

/// `games` playouts from `start`; returns the totals.
template <GameState S>
Seen playouts(const S& start, int games, std::uint64_t seed) {
  Rng rng(seed);
  Seen all;
  for (int g = 0; g < games; ++g) {
    const Seen one = playout(start, rng);
    all.plies += one.plies;
    all.chance += one.chance;
    all.refused += one.refused;
    all.restored += one.restored;
    all.returns[0] += std::fabs(one.returns[0]);
    all.words.insert(one.words.begin(), one.words.end());
  }
  return all;
}

constexpr int kGames = 40 / kSanitizerSlowdown;

bg::SessionRules money(int cap = 0) {
  bg::SessionRules r = bg::SessionRules::money();
  r.cube_cap = cap;
  return r;
}

}  // namespace

TEST_CASE("playouts through GameState: backgammon, every variant, matches and money play") {
  // The default state (a 1-point match), then matches and money sessions with every option the
  // text carries: Crawford off, the Jacoby rule, automatic doubles, beavers (more than two in a
  // row), a cube cap, backgammons as gammons, forced moves played at once, resignations, several
  // money games.
  bg::SessionRules beavers = bg::SessionRules::money({.jacoby = true, .auto_doubles = 2});
  beavers.beavers = 4;
  bg::SessionRules no_crawford = bg::SessionRules::match(3, {.crawford = false});
  no_crawford.bg_as_gammon = true;
  bg::SessionRules capped = bg::SessionRules::match(5);
  capped.cube_cap = 4;
  capped.auto_forced_moves = true;
  const bg::StateOptions resign{true, 1};
  const bg::StateOptions three{true, 3};

  long plies = 0;
  std::set<std::string> words;
  const auto add = [&](const Seen& seen) {
    plies += seen.plies;
    words.insert(seen.words.begin(), seen.words.end());
  };
  add(playouts(bg::State(), kGames, 1));
  add(playouts(bg::State(bg::SessionRules::match(5), resign), kGames / 2, 2));
  add(playouts(bg::State(money(1)), kGames / 2, 3));
  add(playouts(bg::State(beavers, three), kGames / 2, 4));
  add(playouts(bg::State(no_crawford, resign), kGames / 2, 5));
  add(playouts(bg::State(capped), kGames / 2, 6));
  add(playouts(bg::NackgammonState(), kGames / 2, 7));
  add(playouts(bg::NackgammonState(bg::SessionRules::match(3), resign), kGames / 4, 8));
  add(playouts(bg::HypergammonState(), kGames / 2, 9));
  add(playouts(bg::HypergammonState(beavers, three), kGames / 2, 10));
  MESSAGE("backgammon plies ", plies);
  CHECK(plies > 0);
  // Every word of the text (State::to_string) was written and read back.
  for (const char* w : {"no-crawford", "bg-as-gammon", "auto-forced-moves", "resignations", "no-double", "auto-doubles",
                        "cube-cap", "beavers", "money-games", "games", "declined", "beavers-in-a-row", "conceded"})
    // The sanitizer build plays a fifth of the games, too few for every word to occur.
    if (!kSanitized) CHECK_MESSAGE(words.count(w) == 1, w);
}

TEST_CASE("playouts through GameState: Warri, every variant and cycle rule") {
  long plies = 0;
  const Seen first = playouts(wa::State(), kGames, 11);
  plies += first.plies;
  CHECK(first.words.count("since") == 1);
  plies += playouts(wa::BridgetownState(), kGames, 12).plies;
  plies += playouts(wa::AbapaState(), kGames, 13).plies;
  plies += playouts(wa::BasicState<wa::BridgetownEveryEnd>(), kGames / 2, 14).plies;
  const Seen threefold =
      playouts(wa::State(wa::Position::start(), wa::CycleOptions{wa::CycleRule::Threefold}), kGames / 2, 15);
  CHECK(threefold.words.count("cycle") == 1);
  plies += threefold.plies;
  plies +=
      playouts(wa::State(wa::Position::start(), wa::CycleOptions{wa::CycleRule::NoCapturePlies, 12}), kGames / 2, 16)
          .plies;
  // A small history: cycling by the capacity (WA-4.3), as BasicGame<R, 16>.
  plies += playouts(wa::BasicState<wa::Speightstown, 16>(), kGames / 2, 17).plies;
  plies += playouts(wa::State(wa::Position::start(wa::Player::North)), kGames / 2, 18).plies;
  MESSAGE("warri plies ", plies);
  CHECK(plies > 0);
}

namespace {
/// A default-constructed state and from_string() of its text: the same text, the same state.
template <GameState S>
void default_agrees() {
  const S s{};
  const auto back = S::from_string(s.to_string());
  REQUIRE(back.has_value());
  CHECK(back->to_string() == s.to_string());
  typename S::ActionIdList a;
  typename S::ActionIdList b;
  s.legal_actions(a);
  back->legal_actions(b);
  CHECK(numbers(a) == numbers(b));
  CHECK(back->current_player() == s.current_player());
  Rng r1(5);
  Rng r2(5);
  S x = s;
  S y = *back;
  // The same future: the same random game from both.
  while (!x.is_terminal()) {
    REQUIRE(x.to_string() == y.to_string());
    typename S::ChanceOutcomeList c;
    x.chance_outcomes(c);
    const int n =
        x.is_chance_node() ? c[r1.below(static_cast<std::uint32_t>(c.size()))].action : x.sample_legal_action(r1);
    const int m =
        y.is_chance_node() ? c[r2.below(static_cast<std::uint32_t>(c.size()))].action : y.sample_legal_action(r2);
    REQUIRE(n == m);
    x.apply_legal_action(n);
    y.apply_legal_action(m);
  }
  CHECK(y.is_terminal());
  CHECK(x.returns() == y.returns());
}
}  // namespace

TEST_CASE("a default-constructed state and from_string of its text agree") {
  default_agrees<bg::State>();
  default_agrees<bg::NackgammonState>();
  default_agrees<bg::HypergammonState>();
  default_agrees<wa::State>();
  default_agrees<wa::BridgetownState>();
  default_agrees<wa::AbapaState>();

  // Backgammon: the default is one money game (as a default Game and Match), whose text is a bare
  // GNUbg ID (match length 0: key bytes 30 00 00 ...); the match and the options read back are
  // the default's.
  const bg::State d;
  CHECK(d.match().rules() == bg::State::default_rules());
  CHECK(d.match().rules() == bg::SessionRules{});
  CHECK(d.match().rules() == bg::Match().rules());
  CHECK(d.match().rules() == bg::Game().rules());
  CHECK(d.to_string() == "4HPwATDgc/ABMA:MAAAAAAAAAAE");
  const auto back = bg::State::from_string(d.to_string());
  REQUIRE(back.has_value());
  CHECK(back->match() == d.match());
  CHECK(back->options().resignations == d.options().resignations);
  CHECK(back->options().money_games == d.options().money_games);
  // Warri: the start position, the variant's cycle rule.
  const wa::State w;
  CHECK(w.to_string() == "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
  const auto wb = wa::State::from_string(w.to_string());
  REQUIRE(wb.has_value());
  CHECK(wb->position() == w.position());
  CHECK(wb->cycle_options().rule == w.cycle_options().rule);
  CHECK(wb->plies() == 0);
}

// ---- The search of docs/ai.md, written once, as it is there ---------------------------------

namespace {

// A random game to the end: chance outcomes at their probabilities, decisions uniformly.
template <boardrules::GameState S>
std::array<double, 2> rollout(S s, boardrules::Rng& rng) {
  typename S::ChanceOutcomeList outcomes;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      s.chance_outcomes(outcomes);
      double u = rng.uniform();
      std::size_t k = 0;
      while (k + 1 < outcomes.size() && u >= outcomes[k].probability) u -= outcomes[k++].probability;
      s.apply_legal_action(outcomes[k].action);
    } else {
      s.apply_legal_action(s.sample_legal_action(rng));
    }
  }
  return s.returns();
}

// The decision whose random games score best for the player to act.
template <boardrules::GameState S>
int best_action(const S& s, int rollouts_per_action, boardrules::Rng& rng) {
  typename S::ActionIdList ids;
  s.legal_actions(ids);
  const int me = s.current_player();
  int best = -1;
  double best_total = 0;
  for (const int a : ids) {
    double total = 0;
    for (int i = 0; i < rollouts_per_action; ++i) {
      S next = s;  // copy, don't undo
      next.apply_legal_action(a);
      total += rollout(next, rng)[static_cast<std::size_t>(me)];
    }
    if (best < 0 || total > best_total) {
      best_total = total;
      best = a;
    }
  }
  return best;
}

/// best_action for player 0 against random decisions for player 1: games to the end; returns
/// player 0's total.
template <GameState S>
double flat_monte_carlo_games(const S& start, int games, int rollouts, std::uint64_t seed) {
  Rng rng(seed);
  double total = 0;
  for (int g = 0; g < games; ++g) {
    S s = start;
    typename S::ChanceOutcomeList outcomes;
    while (!s.is_terminal()) {
      if (s.is_chance_node()) {
        s.chance_outcomes(outcomes);
        s.apply_legal_action(outcomes[rng.below(static_cast<std::uint32_t>(outcomes.size()))].action);
      } else {
        const int a = s.current_player() == 0 ? best_action(s, rollouts, rng) : s.sample_legal_action(rng);
        REQUIRE(s.apply_action(a).has_value());
      }
    }
    total += s.returns()[0];
  }
  return total;
}

}  // namespace

TEST_CASE("the search of docs/ai.md drives both games") {
  // Flat Monte Carlo beats random play clearly in both games (a statistical check with margin).
  const int games = kSanitized ? 4 : 20;
  const double warri = flat_monte_carlo_games(wa::State(), games, 8, 21);
  bg::SessionRules no_cube = bg::SessionRules::money();
  no_cube.cube_cap = 1;
  const double backgammon = flat_monte_carlo_games(bg::State(no_cube), games, 4, 22);
  MESSAGE("flat Monte Carlo against random, ", games, " games: Warri ", warri, ", backgammon ", backgammon);
  CHECK(warri > 0);
  CHECK(backgammon > 0);
}
