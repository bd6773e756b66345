// The game record (game.hpp): moves applied or refused with a reason, the history since the last
// capture, cycling by each rule of WA-4.3, and the result (WA-4.4, WA-5).
// Expected values are worked out by hand from docs/rules/warri.md.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/game/game.hpp"
#include "boardrules/warri/formats/notation.hpp"

#include "make_position.hpp"
#include "rule_variants.hpp"

using namespace boardrules;
using namespace boardrules::warri;
using namespace warri_test;  // make, make_checked, S, N

namespace {

// Two lone seeds that chase each other round the board without ever capturing:
//   0 0 0 0 0 1    (F = 1)
//   0 0 0 0 0 1    (f = 1), South to move.
// f (to A: 0 -> 1), F (forced: South's row is empty, WA-2.3; to a), a, A, b, B, c, C, d, D, e, E:
// every move is forced, no landing makes 2 or 3, and after these 12 plies the position is back.
constexpr std::array<int, 12> kChase = {0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1};
constexpr std::array<std::string_view, 12> kLap = {"f", "F", "a", "A", "b", "B", "c", "C", "d", "D", "e", "E"};

template <class G>
void play_all(G& g, int plies) {
  for (int k = 0; k < plies; ++k) {
    CAPTURE(k);
    REQUIRE_FALSE(g.over());
    const Status s = g.play(kLap[static_cast<std::size_t>(k % 12)]);
    REQUIRE_MESSAGE(s.has_value(), (s.has_value() ? std::string() : s.error().to_string()));
  }
}

}  // namespace

TEST_CASE("a new game: the start, nothing played, the history holds the start") {
  const Game g;
  CHECK(g.position() == Position::start());
  CHECK_FALSE(g.over());
  CHECK(g.plies() == 0);
  CHECK(g.history().size() == 1);
  CHECK(g.legal_moves().size() == 6);
  CHECK(g.result() == Outcome{EndReason::None, 0, 0, std::nullopt});
  CHECK(g.cycle_options().rule == CycleRule::FirstRepetition);
}

TEST_CASE("moves are applied; illegal ones are refused with the reason and change nothing") {
  Game g;
  REQUIRE(g.play(Move{2}).has_value());  // c
  CHECK(g.position() == make_checked({4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4}, 0, 0, N));
  const Game before = g;

  auto refused = [&](Status s, std::string_view what) {
    REQUIRE_FALSE(s.has_value());
    CHECK(s.error().where == "move 2");
    CHECK_MESSAGE(s.error().message.find(what) != std::string::npos, s.error().message);
    CHECK(g.position() == before.position());
    CHECK(g.plies() == 1);
    CHECK(g.history().size() == 2);
  };
  refused(g.play(Move{0}), "house of South, but North is to move");
  refused(g.play(Move{12}), "no such house");
  refused(g.play("a"), "house of South");
  refused(g.play("g"), "expected a house letter");
  refused(g.play("AB"), "one house letter");
  refused(g.play(""), "empty move");
  REQUIRE(g.play("A").has_value());
  CHECK(g.position() == make_checked({4, 4, 0, 5, 5, 5, 0, 5, 5, 5, 5, 5}, 0, 0, S));
  // c is now empty.
  const Status s = g.play("c");
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(s.error().message.find("house 'c' is empty") != std::string::npos);
  CHECK(s.error().where == "move 3");
}

TEST_CASE("WA-2.3 the record refuses a move that does not feed an empty row and lists the legal ones") {
  Game g(make_checked({1, 0, 0, 3, 1, 1, 0, 0, 0, 0, 0, 0}, 21, 21, S));
  const Status s = g.play("a");
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(s.error().message.find("(WA-2.3); legal: d f") != std::string::npos);  // the rule and the legal moves
  CHECK(g.check(Move{4}).error().code == boardrules::ErrorCode::illegal_action);
  CHECK(g.check(Move{3}).has_value());
  CHECK(g.plies() == 0);
}

TEST_CASE("WA-3.4 option GrandSlam::Illegal: the record refuses a grand slam while another move is legal") {
  // North holds A = 1, B = 1; South's d and f would take both (a grand slam).
  //   0 0 0 0 1 1
  //   4 4 4 4 4 2      stores 12-12, South to move
  BasicGame<SlamIllegal> g(make_checked<SlamIllegal>({4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0}, 12, 12, S));
  const Status s = g.play("f");
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(s.error().message.find("(WA-3.4); legal: a b c e") != std::string::npos);
  CHECK(s.error().where == "move 1");
  CHECK_FALSE(g.check(Move{3}).has_value());  // d
  CHECK(g.plies() == 0);
  // Every legal move a grand slam: it is played and captures nothing, the game goes on.
  BasicGame<SlamIllegal> h(make_checked<SlamIllegal>({0, 0, 0, 0, 3, 2, 1, 1, 0, 0, 0, 0}, 20, 21, S));
  REQUIRE(h.play("e").has_value());
  CHECK(h.position() == make<SlamIllegal>({0, 0, 0, 0, 0, 3, 2, 2, 0, 0, 0, 0}, 20, 21, N));
  CHECK_FALSE(h.over());
  CHECK(h.plies_since_capture() == 1);
}

TEST_CASE("a capture clears the history: it restarts at the position after the capture") {
  Game g;
  REQUIRE(g.play("a").has_value());
  REQUIRE(g.play("A").has_value());
  CHECK(g.history().size() == 3);
  CHECK(g.plies_since_capture() == 2);
  // From a position where f captures D and C (WA-3.2).
  Game h(make_checked({4, 4, 4, 4, 4, 4, 1, 3, 1, 2, 4, 4}, 5, 4, S));
  REQUIRE(h.play("f").has_value());
  CHECK(h.history().size() == 1);
  CHECK(h.plies_since_capture() == 0);
  CHECK(h.plies() == 1);
  CHECK(h.history()[0] == make_checked({4, 4, 4, 4, 4, 0, 2, 4, 0, 0, 4, 4}, 10, 4, N));
}

TEST_CASE("WA-4.3 first repetition (default): the chase ends when its first position comes back") {
  Game g(make_checked(kChase, 23, 23, S));
  play_all(g, 11);
  CHECK_FALSE(g.over());
  CHECK(g.history().size() == 12);
  REQUIRE(g.play("E").has_value());
  CHECK(g.over());
  CHECK(g.plies() == 12);
  CHECK(g.position() == make_checked(kChase, 23, 23, S));
  CHECK(g.history().front() == g.history().back());
  // Speightstown: the 2 seeds go to nobody, 23-23, a draw.
  CHECK(g.result() == Outcome{EndReason::Cycle, 23, 23, std::nullopt});
  CHECK(g.legal_moves().empty());
  const Status s = g.play("f");
  REQUIRE_FALSE(s.has_value());
  CHECK(s.error().code == boardrules::ErrorCode::illegal_action);
  CHECK(s.error().where == "move 13");
}

TEST_CASE("WA-4.3 and WA-5.1 the cycle's award: nobody in Speightstown, split in Bridgetown") {
  Game g(make_checked(kChase, 24, 22, S));
  play_all(g, 12);
  CHECK(g.result() == Outcome{EndReason::Cycle, 24, 22, std::nullopt});  // WA-4.4: draw
  BasicGame<Bridgetown> b(make_checked<Bridgetown>(kChase, 24, 22, S));
  play_all(b, 12);
  CHECK(b.result() == Outcome{EndReason::Cycle, 25, 23, S});  // WA-5.3: 25-23, a win
}

TEST_CASE("WA-4.3 option threefold repetition: the third occurrence ends the game") {
  Game g(make_checked(kChase, 23, 23, S), CycleOptions{CycleRule::Threefold});
  play_all(g, 23);
  CHECK_FALSE(g.over());
  REQUIRE(g.play("E").has_value());
  CHECK(g.over());
  CHECK(g.plies() == 24);
  CHECK(g.result().reason == EndReason::Cycle);
  CHECK(std::count(g.history().begin(), g.history().end(), make_checked(kChase, 23, 23, S)) == 3);
}

TEST_CASE("WA-4.3 option N plies without capture") {
  Game g(make_checked(kChase, 23, 23, S), CycleOptions{CycleRule::NoCapturePlies, 5});
  play_all(g, 4);
  CHECK_FALSE(g.over());
  REQUIRE(g.play(kLap[4]).has_value());
  CHECK(g.over());
  CHECK(g.result() == Outcome{EndReason::Cycle, 23, 23, std::nullopt});
  // 30 plies: past two repetitions, which this rule ignores.
  Game h(make_checked(kChase, 23, 23, S), CycleOptions{CycleRule::NoCapturePlies, 30});
  play_all(h, 29);
  CHECK_FALSE(h.over());
  REQUIRE(h.play(kLap[29 % 12]).has_value());
  CHECK(h.over());
  // A capture restarts the count: from the start, "a A" then a capture-free stretch.
  Game k(Position::start(), CycleOptions{CycleRule::NoCapturePlies, 0});  // 0 counts as 1
  CHECK(k.cycle_options().plies == 1);
  REQUIRE(k.play("a").has_value());
  CHECK(k.over());
}

TEST_CASE("a full history ends the game as a cycle (the capacity of BasicGame)") {
  // Capacity 8: the 7th capture-free ply would make the history full.
  BasicGame<Speightstown, 8> g(make_checked(kChase, 23, 23, S), CycleOptions{CycleRule::Threefold});
  play_all(g, 6);
  CHECK_FALSE(g.over());
  REQUIRE(g.play(kLap[6]).has_value());
  CHECK(g.over());
  CHECK(g.result().reason == EndReason::Cycle);
  CHECK(g.history().size() == 8);
}

TEST_CASE("WA-4.1 a capture reaching 25 ends the game in the record") {
  Game g(make_checked({0, 0, 0, 0, 0, 1, 2, 4, 4, 4, 4, 4}, 22, 3, S));
  REQUIRE(g.play("f").has_value());
  CHECK(g.over());
  CHECK(g.result() == Outcome{EndReason::Captured, 25, 3, S});
  CHECK(g.play("A").error().code == boardrules::ErrorCode::illegal_action);
}

TEST_CASE("WA-4.2 a grand slam then starvation ends the game in the record") {
  Game g(make_checked({4, 4, 4, 4, 4, 2, 1, 1, 0, 0, 0, 0}, 12, 12, S));
  REQUIRE(g.play("f").has_value());
  CHECK(g.result() == Outcome{EndReason::Starved, 16, 32, N});
  CHECK(g.play("A").error().code == boardrules::ErrorCode::illegal_action);
  // A record started from a finished position is over at once.
  const Game h(make_checked({0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, 21, 21, S));
  CHECK(h.over());
  CHECK(h.result() == Outcome{EndReason::Starved, 27, 21, S});
}

TEST_CASE("random games: 48 seeds kept, over iff no legal move, history well within capacity") {
  // Also the measurement behind kDefaultHistoryCapacity: the longest capture-free stretch.
  Rng rng(20261130);
  int longest = 0;
  int cycles = 0;
  constexpr int kGames = 3000;
  for (int n = 0; n < kGames; ++n) {
    Game g(Position::start(n % 2 == 0 ? S : N));
    while (!g.over()) {
      const MoveList moves = g.legal_moves();
      REQUIRE_FALSE(moves.empty());
      REQUIRE(g.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]).has_value());
      longest = std::max(longest, g.plies_since_capture());
      const Position& p = g.position();
      REQUIRE(p.board_seeds() + p.store(S) + p.store(N) == 48);
    }
    const Outcome& o = g.result();
    if (o.reason == EndReason::Cycle) ++cycles;
    REQUIRE(g.legal_moves().empty());
    // Final scores: 48 seeds minus those left unclaimed (Speightstown cycles, 25 reached).
    CHECK(o.south + o.north <= 48);
    if (o.winner) CHECK(o.score(*o.winner) >= 25);
    else CHECK((o.south < 25 && o.north < 25));
  }
  MESSAGE("longest capture-free stretch: " << longest << " plies; cycles: " << cycles);
  CHECK(longest < static_cast<int>(kDefaultHistoryCapacity) / 8);
  CHECK(cycles > 0);
}

TEST_CASE("copies of a record are independent; reset() starts again") {
  Game g(make_checked(kChase, 23, 23, S));
  play_all(g, 5);
  Game copy = g;
  CHECK(copy.position() == g.position());
  CHECK(copy.history().size() == 6);
  CHECK(std::equal(copy.history().begin(), copy.history().end(), g.history().begin()));
  REQUIRE(copy.play(kLap[5]).has_value());
  CHECK(copy.plies() == 6);
  CHECK(g.plies() == 5);
  CHECK(g.history().size() == 6);
  g = copy;
  CHECK(g.plies() == 6);
  CHECK(g.history().size() == 7);
  CHECK(g.position() == copy.position());
  // The copy goes on to the same cycle as the original would.
  play_all(g, 0);
  for (int k = 6; k < 12; ++k) REQUIRE(g.play(kLap[static_cast<std::size_t>(k)]).has_value());
  CHECK(g.result().reason == EndReason::Cycle);
  g.reset(Position::start());
  CHECK_FALSE(g.over());
  CHECK(g.plies() == 0);
  CHECK(g.history().size() == 1);
  CHECK(g.position() == Position::start());
  CHECK(g.legal_moves().size() == 6);
  g.reset(make_checked(kChase, 23, 23, S), CycleOptions{CycleRule::NoCapturePlies, 2});
  REQUIRE(g.play("f").has_value());
  REQUIRE(g.play("F").has_value());
  CHECK(g.over());
}

TEST_CASE("WA-7.1: a parsed position starts a game under other rules by an explicit conversion") {
  auto parsed = parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N");
  REQUIRE(parsed.has_value());
  BasicGame<Bridgetown> g{BridgetownPosition(*parsed)};
  CHECK(g.position().to_move() == Player::North);
  CHECK(g.position().bytes() == parsed->bytes());
  CHECK(g.play("A").has_value());
  const auto a = AbapaPosition(Position::start());
  CHECK(a.bytes() == Position::start().bytes());
  // The same text parsed under Bridgetown gives the same bytes.
  const auto b = parse_position<Bridgetown>("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N");
  REQUIRE(b.has_value());
  CHECK(*b == BridgetownPosition(*parsed));
  static_assert(std::is_trivially_copyable_v<BasicPosition<Bridgetown>>);
}

// The rules are part of a position's type: no silent conversion, no comparison across rules
// (tests/static/static_warri.cpp asserts the same of the other pairs).
template <class A, class B>
concept ComparableWith = requires(const A& a, const B& b) { a == b; };
static_assert(!std::is_convertible_v<Position, BridgetownPosition>);
static_assert(!std::is_convertible_v<BridgetownPosition, Position>);
static_assert(std::is_constructible_v<BridgetownPosition, Position>);
static_assert(!ComparableWith<Position, BridgetownPosition>);
static_assert(!std::is_constructible_v<BasicGame<Bridgetown>, Position>);
static_assert(std::is_constructible_v<BasicGame<Bridgetown>, BridgetownPosition>);
