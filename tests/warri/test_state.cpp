// The Warri State: integer actions, the game record's end rules (checked against BasicGame on many
// random games, with every cycle rule and a small capacity), exact position keys, the observation
// layout on hand-checked positions, refused actions, cheap copies.

#include <doctest/doctest.h>

#include <array>
#include <string>
#include <type_traits>
#include <unordered_map>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/game/game.hpp"
#include "boardrules/warri/ai/state.hpp"

#include "make_position.hpp"
#include "rule_variants.hpp"

using namespace boardrules;
using namespace boardrules::warri;
using warri_test::SlamIllegal;

namespace {

template <class R, std::size_t Cap>
void agree_on_random_games(CycleOptions options, int games, std::uint64_t seed) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    BasicGame<R, Cap> game(BasicPosition<R>::start(), options);
    BasicState<R, Cap> state(BasicPosition<R>::start(), options);
    for (;;) {
      REQUIRE(state.position() == game.position());
      REQUIRE(state.is_terminal() == game.over());
      REQUIRE(state.result() == game.result());
      REQUIRE(state.plies_since_capture() == game.plies_since_capture());
      if (game.over()) break;
      ActionIdList actions;
      state.legal_actions(actions);
      REQUIRE(actions.size() == game.legal_moves().size());
      const int a = actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
      const BasicState<R, Cap> copy = state;  // copies are independent
      REQUIRE(state.apply_action(a).has_value());
      REQUIRE(copy.position() == game.position());
      REQUIRE(game.play(Move{static_cast<std::uint8_t>(row_start(game.position().to_move()) + a)}).has_value());
    }
    const auto r = state.returns();
    const auto& w = game.result().winner;
    CHECK(r[0] == (!w ? 0.0 : *w == Player::South ? 1.0 : -1.0));
    CHECK(r[0] == -r[1]);
    CHECK(state.current_player() == kTerminalPlayer);
  }
}

}  // namespace

TEST_CASE("position_key: hand-worked values, and exact on random boards") {
  // Start: every house 4 = 1111 then a 0 separator, twelve times minus the last separator.
  std::uint64_t start = 0;
  for (int i = 0; i < 12; ++i) start |= std::uint64_t{0xF} << (5 * i);
  CHECK(position_key(Position::start()) == start);
  CHECK(position_key(Position::start(Player::North)) == (start | (std::uint64_t{1} << 63)));
  // One seed in house 11 only: eleven separators, then the one bit at position 11.
  auto p = warri_test::make({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 0, 0, Player::South);
  CHECK(position_key(p) == (std::uint64_t{1} << 11));
  p = warri_test::make({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0, 0, Player::South);
  CHECK(position_key(p) == 1);

  // Distinct boards (same seed count or not) never share a key.
  Rng rng(7);
  std::unordered_map<std::uint64_t, std::array<std::uint8_t, 16>> seen;
  for (int k = 0; k < 200000; ++k) {
    Position q;
    int left = static_cast<int>(rng.below(49));
    for (int i = 0; i < 12; ++i) {
      const int h = static_cast<int>(rng.below(static_cast<std::uint32_t>(left + 1)));
      q.set_house(i, h);
      left -= h;
    }
    q.set_to_move(rng.below(2) ? Player::South : Player::North);
    if (q.board_seeds() > 48) continue;
    const auto [it, fresh] = seen.emplace(position_key(q), q.bytes());
    if (!fresh) CHECK(it->second == q.bytes());
  }
}

TEST_CASE("the State agrees with the game record on random games, under every cycle rule") {
  agree_on_random_games<Speightstown, kDefaultStateCapacity>(CycleOptions{CycleRule::FirstRepetition, 100}, 3000, 1);
  agree_on_random_games<Speightstown, kDefaultStateCapacity>(CycleOptions{CycleRule::Threefold, 100}, 3000, 2);
  agree_on_random_games<Bridgetown, kDefaultStateCapacity>(CycleOptions{CycleRule::NoCapturePlies, 30}, 3000, 3);
  agree_on_random_games<Abapa, kDefaultStateCapacity>(CycleOptions{CycleRule::Threefold, 100}, 2000, 4);
  // A small capacity: the full history declares cycling, in the state as in the record.
  agree_on_random_games<Speightstown, 16>(CycleOptions{CycleRule::Threefold, 100}, 2000, 5);
}

TEST_CASE("interface constants and integer actions") {
  State s;
  CHECK(State::num_distinct_actions() == 6);
  CHECK(State::max_chance_outcomes() == 0);
  CHECK(State::num_players() == 2);
  CHECK_FALSE(s.is_chance_node());
  CHECK(s.current_player() == 0);
  ActionIdList a;
  s.legal_actions(a);
  CHECK(a.size() == 6);
  CHECK(s.legal_mask() == 0x3Fu);
  CHECK(s.action_to_string(0) == "a");
  CHECK(s.action_to_string(5) == "f");
  CHECK(s.action_to_string(6) == "illegal 6");  // no action: the words of backgammon's State
  CHECK(s.action_to_string(-1) == "illegal -1");
  CHECK(s.string_to_action("c").value() == 2);
  CHECK(s.string_to_action("3").value() == 3);
  CHECK_FALSE(s.string_to_action("C").has_value());  // North's house, South to move
  REQUIRE(s.apply_action(5).has_value());            // f: 4 seeds to A B C D
  CHECK(s.current_player() == 1);
  CHECK(s.position().house(5) == 0);
  CHECK(s.position().house(6) == 5);
  CHECK(s.action_to_string(0) == "A");
  CHECK(s.string_to_action("F").value() == 5);
  // The position, then the houses before the move and the move: the history cycles look back on.
  CHECK(s.to_string() == "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4:f");
  const auto back = State::from_string(s.to_string());
  REQUIRE(back.has_value());
  CHECK(back->position() == s.position());
  CHECK(back->plies_since_capture() == 1);
  CHECK(back->plies() == 1);
  CHECK_FALSE(State::from_string("4,4,4/4 0-0 S").has_value());
  // The GameState members Warri has for the contract's sake.
  ChanceOutcomeList c;
  s.chance_outcomes(c);
  CHECK(c.size() == 0);
  CHECK(State::observation_size() == 15);
  Rng rng(3);
  Rng twin = rng;
  s.legal_actions(a);
  CHECK(s.sample_legal_action(rng) == a[twin.below(static_cast<std::uint32_t>(a.size()))]);
}

TEST_CASE("to_string / from_string: the cycle rule, the moves since the last capture, the plies") {
  // A repetition is one move away (first repetition ends the game, WA-4.3): the restored state
  // must see it too.
  Rng rng(11);
  int checked = 0;
  for (int game = 0; game < 2000 && checked < 50; ++game) {
    State s;
    while (!s.is_terminal()) {
      ActionIdList a;
      s.legal_actions(a);
      const auto back = State::from_string(s.to_string());
      REQUIRE(back.has_value());
      for (const int x : a) {
        State t = s;
        State u = *back;
        t.apply_legal_action(x);
        u.apply_legal_action(x);
        REQUIRE(t.to_string() == u.to_string());
        REQUIRE(t.is_terminal() == u.is_terminal());
        REQUIRE(t.result() == u.result());
        if (t.is_terminal() && t.result().reason == EndReason::Cycle) ++checked;
      }
      s.apply_legal_action(a[rng.below(static_cast<std::uint32_t>(a.size()))]);
    }
  }
  CHECK(checked >= 50);

  // Other cycle rules and a state made from a position: written only when not the defaults.
  const State three(Position::start(), CycleOptions{CycleRule::Threefold});
  CHECK(three.to_string() == "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S cycle=threefold");
  const State plies(Position::start(Player::North), CycleOptions{CycleRule::NoCapturePlies, 40});
  CHECK(plies.to_string() == "4,4,4,4,4,4/4,4,4,4,4,4 0-0 N cycle=noncapture:40");
  for (const State& x : {three, plies}) {
    const auto b = State::from_string(x.to_string());
    REQUIRE(b.has_value());
    CHECK(b->cycle_options().rule == x.cycle_options().rule);
    CHECK(b->cycle_options().plies == x.cycle_options().plies);
  }
  // The options argument stands for a text without cycle=.
  const auto given = State::from_string(kStartPositionText, CycleOptions{CycleRule::Threefold});
  REQUIRE(given.has_value());
  CHECK(given->cycle_options().rule == CycleRule::Threefold);
  // plies= after a capture.
  State s;
  Rng moves(2);
  while (s.plies_since_capture() == s.plies() || s.plies_since_capture() == 0) {
    if (s.is_terminal()) s = State();
    s.apply_legal_action(s.sample_legal_action(moves));
  }
  CHECK(s.to_string().find(" plies=") != std::string::npos);
  const auto b = State::from_string(s.to_string());
  REQUIRE(b.has_value());
  CHECK(b->to_string() == s.to_string());
  CHECK(b->plies() == s.plies());
  CHECK(b->plies_since_capture() == s.plies_since_capture());

  // Refused: each error names its word.
  const auto refused = [](std::string_view text, std::string_view where) {
    const auto r = State::from_string(text);
    REQUIRE_FALSE(r.has_value());
    CHECK_MESSAGE(r.error().where.find(where) != std::string::npos, text, ": ", r.error().to_string());
  };
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S sometimes", "state text");
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S cycle=never", "cycle");
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S cycle=noncapture:0", "cycle");
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S cycle=first cycle=first", "cycle");
  refused("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S plies=x", "plies");
  refused("4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4:e", "since");  // another position
  refused("4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4:A", "since");  // not South's house
  refused("4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4", "since");
  refused("4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4/4,4,4,4,4,4:f", "since");
  refused("4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4:f plies=0", "since");
}

TEST_CASE("illegal actions are refused with a reason and change nothing") {
  // South's row empty: North must feed it (WA-2.3); only F (house 11, 2 seeds... ) reaches it.
  const auto p = warri_test::make_checked({0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 2}, 22, 22, Player::North);
  State s(p);
  ActionIdList a;
  s.legal_actions(a);
  REQUIRE(a.size() == 1);
  CHECK(a[0] == 5);
  const State before = s;
  for (int bad : {-1, 6, 0, 2}) {
    const Status st = s.apply_action(bad);
    CHECK_FALSE(st.has_value());
    CHECK_FALSE(st.error().message.empty());
    CHECK(s.position() == before.position());
  }
  CHECK(s.apply_action(-1).error().code == boardrules::ErrorCode::out_of_range);
  CHECK(s.apply_action(6).error().code == boardrules::ErrorCode::out_of_range);
  CHECK(s.apply_action(0).error().code == boardrules::ErrorCode::illegal_action);
  CHECK(s.apply_action(0).error().message.find("WA-2.3") != std::string::npos);
  CHECK(s.apply_action(2).error().message.find("empty") != std::string::npos);
  REQUIRE(s.apply_action(5).has_value());
  CHECK(s.apply_action(5).error().where == "move 2");  // South's f is empty now
}

TEST_CASE("WA-3.4 option GrandSlam::Illegal: the state's actions leave out the grand slams") {
  // South's d (3) and f (5) would take North's A = 1 and B = 1, its whole row.
  const auto p = warri_test::make_checked<SlamIllegal>({4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0}, 12, 12, Player::South);
  BasicState<SlamIllegal> s(p);
  ActionIdList a;
  s.legal_actions(a);
  REQUIRE(a.size() == 4);
  CHECK((a[0] == 0 && a[1] == 1 && a[2] == 2 && a[3] == 4));
  CHECK(s.legal_mask() == 0b010111u);
  for (int slam : {3, 5}) {
    const Status st = s.apply_action(slam);
    REQUIRE_FALSE(st.has_value());
    CHECK(st.error().code == boardrules::ErrorCode::illegal_action);
    CHECK(st.error().message.find("WA-3.4") != std::string::npos);
    CHECK(st.error().where == "move 1");
    CHECK(s.position() == p);
  }
  // The Speightstown state takes the same action: a grand slam that captures (WA-3.3).
  State c(warri_test::make_checked({4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0}, 12, 12, Player::South));
  REQUIRE(c.apply_action(5).has_value());
  CHECK(c.position().store(Player::South) == 16);
}

TEST_CASE("observation tensor: hand-checked layout, perspective of the mover") {
  const auto p = warri_test::make_checked({1, 2, 3, 4, 5, 6, 0, 0, 7, 0, 8, 0}, 10, 2, Player::North);
  State s(p);
  std::array<float, State::kObservationSize> o{};
  s.observation_tensor(o);
  const std::array<float, 15> want = {0, 0, 7, 0, 8, 0, 1, 2, 3, 4, 5, 6, 2, 10, 0};
  for (std::size_t i = 0; i < 14; ++i) {
    CAPTURE(i);
    CHECK(o[i] == doctest::Approx(want[i] / 48.0));
  }
  CHECK(o[14] == 1.0f);
  CHECK(State::observation_shape()[0] == 15);
}

TEST_CASE("copies are small relative to a game record and independent") {
  static_assert(sizeof(State) < sizeof(Game));
  State a;
  State b = a;
  REQUIRE(b.apply_action(0).has_value());
  CHECK(a.plies() == 0);
  CHECK(b.plies() == 1);
}
