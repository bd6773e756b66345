// A user's program: includes the umbrella header and uses both games (generation, IDs, notation,
// a game of each). It is built with -fno-exceptions -fno-rtti and warnings as errors. Every
// expected value below is worked out by hand or taken from GNU Backgammon; the exit code is the
// number of checks that failed.
#include <boardrules/boardrules.hpp>

#include <cstdio>
#include <string_view>

namespace {

int failures = 0;

void check(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

// The play 8/5 6/5 (in the mover's numbering), steps in either order.
bool is_8_5_6_5(const boardrules::backgammon::Play& p) {
  if (p.size != 2 || p.hits != 0) return false;
  return (p.from[0] == 8 && p.to[0] == 5 && p.from[1] == 6 && p.to[1] == 5) ||
         (p.from[0] == 6 && p.to[0] == 5 && p.from[1] == 8 && p.to[1] == 5);
}

void backgammon() {
  namespace bg = boardrules::backgammon;
  const auto start = bg::Position::start();
  check(bg::perft(start, 1, boardrules::Leaves::List) == 447, "backgammon perft(1) from the start is 447");

  // 3-1 from the start: four 3s (24/21, 13/10, 8/5, 6/3) times three 1s from another checker
  // (24/23, 8/7, 6/5; 13/12 is blocked), plus one checker playing both dice from each of the four
  // points: 16 plays.
  bg::PlayList plays;
  bg::generate_plays(start, bg::Dice(3, 1), plays);
  check(plays.size() == 16, "3-1 from the start has 16 plays");
  const bg::Play* point_play = nullptr;
  for (const bg::Play& p : plays)
    if (is_8_5_6_5(p)) point_play = &p;
  check(point_play != nullptr, "3-1 from the start can make the 5 point (8/5 6/5)");

  // GNU Backgammon's Position ID of the start, both ways; a bad ID is an error, not a crash.
  check(bg::format_position_id(start) == bg::kStartPositionId, "format_position_id(start) is 4HPwATDgc/ABMA");
  const auto parsed = bg::parse_position_id<bg::Standard>("4HPwATDgc/ABMA");
  check(parsed.has_value() && *parsed == start, "parse_position_id reads the start");
  check(!bg::parse_position_id<bg::Standard>("not an id").has_value(), "from_position_id refuses bad text");

  // A game: player 0 wins the opening throw with 3-1 and makes the 5 point.
  bg::Game game;
  check(game.opening_roll(3, 1).has_value(), "the opening throw 3-1 is accepted");
  check(game.phase() == bg::Phase::Rolled, "after the opening throw the winner plays");
  check(game.opening_roll(3, 1).has_value() == false, "a second opening throw is refused");
  if (point_play != nullptr) {
    check(game.play(*point_play).has_value(), "8/5 6/5 is accepted");
    check(game.phase() == bg::Phase::TurnStart, "after the play the other player's turn starts");
  }
}

void warri() {
  namespace wa = boardrules::warri;
  const auto start = wa::Position::start();
  check(wa::perft(start, 2, boardrules::Leaves::List) == 36, "warri perft(2) is 6 * 6");

  wa::MoveList moves;
  wa::generate_moves(start, moves);
  check(moves.size() == 6, "South has six moves at the start");
  check(wa::format_move(moves[0]) == "a", "South's first house is a");
  check(wa::format_position(start) == wa::kStartPositionText, "the start's text");

  // Sowing house a (4 seeds) puts one seed in each of b, c, d, e; North to move.
  const auto m = wa::parse_move(start, "a");
  check(m.has_value(), "parse_move reads a");
  const std::string_view after = "0,5,5,5,5,4/4,4,4,4,4,4 0-0 N";
  if (m.has_value()) check(wa::format_position(wa::apply(start, *m)) == after, "the position after a");
  const auto back = wa::parse_position<wa::Speightstown>(after);
  check(back.has_value() && back->to_move() == wa::Player::North && back->house(1) == 5, "parse_position");
  check(!wa::parse_position<wa::Speightstown>("4,4,4/4 0-0 S").has_value(), "parse_position refuses bad text");

  wa::Game game;
  check(game.play("a").has_value(), "the game accepts a");
  check(wa::format_position(game.position()) == after, "the game's position after a");
  check(!game.play("a").has_value(), "North may not play South's house a");
  check(game.play("A").has_value(), "North plays A");
  check(game.plies() == 2 && !game.over(), "two plies played, the game goes on");
}

void version() {
  check(std::string_view(BOARDRULES_VERSION_STRING) == BOARDRULES_EXPECTED_VERSION,
        "BOARDRULES_VERSION_STRING is the CMake project version");
  check(BOARDRULES_VERSION ==
            BOARDRULES_VERSION_MAJOR * 10000 + BOARDRULES_VERSION_MINOR * 100 + BOARDRULES_VERSION_PATCH,
        "BOARDRULES_VERSION");
}

}  // namespace

int main() {
  backgammon();
  warri();
  version();
  std::printf("boardrules %s: %d check(s) failed\n", BOARDRULES_VERSION_STRING, failures);
  return failures;
}
