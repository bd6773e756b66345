// Quick start, backgammon: the legal plays of a roll, one game turn, a Position ID, perft, and the
// error a bad ID gets. Built and run by CTest (examples_quickstart_backgammon).
#include <boardrules/backgammon.hpp>

#include <cstdio>

namespace bg = boardrules::backgammon;

int main() {
  static bg::PlayList plays;                         // room for every play of a roll (30 KB): reuse one
  const bg::Position start = bg::Position::start();  // seen from the side to move
  bg::generate_plays(start, bg::Dice(3, 1), plays);
  std::printf("3-1 from the start: %zu plays\n", plays.size());

  bg::Game game(bg::SessionRules::match(5));  // a game of a 5-point match
  game.opening_roll(3, 1).ignore();           // player 0 threw the 3: it plays 3-1
  bg::Play play;                              // the empty play; add() appends a step
  play.add(8, 5, false);
  play.add(6, 5, false);
  if (auto st = game.play(play); !st) return 1;
  std::printf("player %d to roll: %s\n", game.on_roll(), bg::format_position_id(game.position()).c_str());

  std::printf("perft(2) = %llu\n", static_cast<unsigned long long>(bg::perft(start, 2)));

  auto bad = bg::parse_position_id("4HPwATDgc/AB");
  if (!bad) std::printf("error: %s\n", bad.error().to_string().c_str());
}
