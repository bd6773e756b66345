// Quick start, Warri, the shortest (the README's second example): the legal moves, a move read
// from its house letter and the position after it, perft. Built and run by CTest
// (examples_quickstart_moves).
#include <boardrules/warri.hpp>

#include <cstdio>

namespace wa = boardrules::warri;

int main() {
  wa::MoveList moves;  // of fixed capacity (six houses): generating moves never allocates
  const wa::Position start = wa::Position::start();  // Speightstown, South to move
  wa::generate_moves(start, moves);
  std::printf("moves from the start: %zu\n", moves.size());

  auto move = wa::parse_move(start, "c");  // South's third house
  if (!move) return 1;
  const wa::Position next = wa::apply(start, *move);  // North to move
  std::printf("after c: %s\n", wa::format_position(next).c_str());
  std::printf("perft(2) = %llu\n", static_cast<unsigned long long>(wa::perft(start, 2)));
}
