// A user's program: includes the umbrella header and runs both games' generators.
#include <boardrules/boardrules.hpp>

#include <cstdio>

int main() {
  namespace bg = boardrules::backgammon;
  namespace wa = boardrules::warri;
  const auto bg_start = bg::Position::start();
  const auto bg_nodes = bg::perft(bg_start, 1, boardrules::Leaves::List);
  const auto wa_nodes = wa::perft(wa::Position::start(), 2, boardrules::Leaves::List);
  std::printf("backgammon perft(1) = %llu, warri perft(2) = %llu\n",
              static_cast<unsigned long long>(bg_nodes), static_cast<unsigned long long>(wa_nodes));
  // Known values: 447 (perft(1) of backgammon) and 6 * 6 = 36 (every house holds seeds for the first two plies).
  return bg_nodes == 447 && wa_nodes == 36 ? 0 : 1;
}
