// Quick start, the shortest (the README's first example): the legal plays of a roll, a move read
// from text and the Position ID after it, perft. Built and run by CTest (examples_quickstart_plays).
#include <boardrules/backgammon.hpp>

#include <cstdio>

namespace bg = boardrules::backgammon;

int main() {
  static bg::PlayList plays;  // the caller's list, of fixed capacity: generating plays never allocates
  const bg::Position start = bg::Position::start();
  bg::generate_plays(start, bg::Dice(3, 1), plays);
  std::printf("3-1 from the start: %zu plays\n", plays.size());

  auto play = bg::parse_play(start, bg::Dice(3, 1), "8/5 6/5");
  if (!play) return 1;
  const bg::Position next = bg::apply(start, *play).flipped();  // seen from the side to move next
  std::printf("after 8/5 6/5: %s\n", bg::format_position_id(next).c_str());
  std::printf("perft(2) = %llu\n", static_cast<unsigned long long>(bg::perft(start, 2)));
}
