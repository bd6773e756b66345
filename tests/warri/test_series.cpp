// Tournament series (WA-6): first to six wins, draws count for nobody, who moves first alternates.

#include <doctest/doctest.h>

#include <optional>

#include "boardrules/warri/game/series.hpp"

#include "make_position.hpp"

using namespace boardrules::warri;
using namespace warri_test;  // make, make_checked, S, N

TEST_CASE("WA-6.1 the first player to win six games is the champion") {
  Series s;
  CHECK(s.options().wins_needed == 6);
  for (int k = 0; k < 5; ++k) REQUIRE(s.record(S).has_value());
  for (int k = 0; k < 5; ++k) REQUIRE(s.record(N).has_value());
  CHECK_FALSE(s.over());
  CHECK(s.champion() == std::nullopt);
  CHECK(s.wins(S) == 5);
  CHECK(s.wins(N) == 5);
  REQUIRE(s.record(N).has_value());
  CHECK(s.over());
  CHECK(s.champion() == N);
  CHECK(s.games() == 11);
  // Nothing more can be recorded, and the failed call changes nothing.
  const auto st = s.record(S);
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(s.games() == 11);
  CHECK(s.wins(S) == 5);
}

TEST_CASE("WA-6.1 drawn games count for nobody") {
  Series s;
  for (int k = 0; k < 20; ++k) REQUIRE(s.record(std::nullopt).has_value());
  CHECK(s.draws() == 20);
  CHECK(s.wins(S) == 0);
  CHECK(s.wins(N) == 0);
  CHECK_FALSE(s.over());
  for (int k = 0; k < 6; ++k) REQUIRE(s.record(S).has_value());
  CHECK(s.champion() == S);
  CHECK(s.games() == 26);
}

TEST_CASE("WA-6.1 recording outcomes: a draw by cycle, a win; an unfinished game is refused") {
  Series s;
  REQUIRE(s.record(Outcome{EndReason::Cycle, 24, 22, std::nullopt}).has_value());
  REQUIRE(s.record(Outcome{EndReason::Captured, 25, 3, S}).has_value());
  CHECK(s.draws() == 1);
  CHECK(s.wins(S) == 1);
  const auto st = s.record(Outcome{EndReason::None, 10, 10, std::nullopt});
  REQUIRE_FALSE(st.has_value());
  CHECK(st.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(s.games() == 2);
}

TEST_CASE("WA-6.2 who moves first alternates from game to game, draws included") {
  Series s;
  CHECK(s.first_mover() == S);
  REQUIRE(s.record(S).has_value());
  CHECK(s.first_mover() == N);
  REQUIRE(s.record(std::nullopt).has_value());
  CHECK(s.first_mover() == S);
  REQUIRE(s.record(N).has_value());
  CHECK(s.first_mover() == N);
  // Starting with North.
  Series t(SeriesOptions{6, FirstMover::Alternate, N});
  CHECK(t.first_mover() == N);
  REQUIRE(t.record(N).has_value());
  CHECK(t.first_mover() == S);
}

TEST_CASE("WA-6.2 other orders: the same player, the loser, the winner") {
  Series same(SeriesOptions{6, FirstMover::Same, N});
  REQUIRE(same.record(S).has_value());
  REQUIRE(same.record(std::nullopt).has_value());
  CHECK(same.first_mover() == N);

  Series loser(SeriesOptions{6, FirstMover::LoserStarts, S});
  REQUIRE(loser.record(S).has_value());
  CHECK(loser.first_mover() == N);
  REQUIRE(loser.record(N).has_value());
  CHECK(loser.first_mover() == S);
  REQUIRE(loser.record(std::nullopt).has_value());  // a draw: the other player than last time
  CHECK(loser.first_mover() == N);

  Series winner(SeriesOptions{6, FirstMover::WinnerStarts, S});
  REQUIRE(winner.record(N).has_value());
  CHECK(winner.first_mover() == N);
  REQUIRE(winner.record(N).has_value());
  CHECK(winner.first_mover() == N);
  REQUIRE(winner.record(std::nullopt).has_value());
  CHECK(winner.first_mover() == S);
}

TEST_CASE("a shorter series (first to two); wins_needed below 1 counts as 1") {
  Series s(SeriesOptions{2, FirstMover::Alternate, S});
  REQUIRE(s.record(N).has_value());
  REQUIRE(s.record(S).has_value());
  CHECK_FALSE(s.over());
  REQUIRE(s.record(S).has_value());
  CHECK(s.champion() == S);
  Series one(SeriesOptions{0, FirstMover::Alternate, S});
  CHECK(one.options().wins_needed == 1);
  REQUIRE(one.record(N).has_value());
  CHECK(one.champion() == N);
}

TEST_CASE("Series is a constexpr-friendly value") {
  constexpr Series s;
  static_assert(s.first_mover() == Player::South);
  static_assert(!s.over());
  static_assert(s.games() == 0);
  CHECK(s.wins(S) == 0);
}
