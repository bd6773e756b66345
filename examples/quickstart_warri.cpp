// Quick start, Warri: the legal moves, a game record fed with house letters, the notation,
// perft, and how a finished position is scored. Built and run by CTest (examples_quickstart_warri).
#include <boardrules/warri.hpp>

#include <cstdio>

namespace wa = boardrules::warri;

int main() {
  const wa::Position start = wa::Position::start();  // Speightstown, South to move
  wa::MoveList moves;
  wa::generate_moves(start, moves);
  std::printf("moves from the start: %zu\n", moves.size());

  wa::Game game;  // from the start, cycling at the first repetition
  if (auto st = game.play("a"); !st) return 1;
  std::printf("after a: %s\n", wa::format_position(game.position()).c_str());
  if (auto st = game.play("a"); !st) std::printf("refused: %s\n", st.error().to_string().c_str());

  std::printf("perft(2) = %llu\n", static_cast<unsigned long long>(wa::perft(start, 2)));

  auto end = wa::parse_position("0,0,0,0,0,0/1,0,0,0,0,0 25-22 S");
  if (!end) return 1;
  const wa::Outcome o = wa::outcome(*end);
  std::printf("over: %d-%d, %s wins\n", o.south, o.north, o.winner == wa::Player::South ? "South" : "North");
}
