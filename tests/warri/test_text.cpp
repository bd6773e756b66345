// The ASCII board (text.hpp): North's row on top drawn F..A, South's below a..f (WA-1.3).

#include <doctest/doctest.h>

#include <string>

#include "boardrules/warri/formats/text.hpp"

using namespace boardrules::warri;

TEST_CASE("the start position drawn, South to move") {
  const std::string expected =
      "          F    E    D    C    B    A\n"
      "       +----+----+----+----+----+----+\n"
      " North |  4 |  4 |  4 |  4 |  4 |  4 |  store  0\n"
      "       +----+----+----+----+----+----+\n"
      " South |  4 |  4 |  4 |  4 |  4 |  4 |  store  0  <- to move\n"
      "       +----+----+----+----+----+----+\n"
      "          a    b    c    d    e    f\n";
  CHECK(draw(Position::start()) == expected);
}

TEST_CASE("houses in the library's numbering land in the right cells; stores; North to move") {
  // Houses 0..11 = 0,1,2,3,4,5 / 6,7,8,9,10,1 (sum 47... plus stores 1-0 = 48).
  Position p;
  for (int i = 0; i < 11; ++i) p.set_house(i, i);
  p.set_house(11, 1);
  p.set_store(Player::South, 1);
  p.set_store(Player::North, 0);
  p.set_to_move(Player::North);
  const std::string expected =
      "          F    E    D    C    B    A\n"
      "       +----+----+----+----+----+----+\n"
      " North |  1 | 10 |  9 |  8 |  7 |  6 |  store  0  <- to move\n"
      "       +----+----+----+----+----+----+\n"
      " South |  0 |  1 |  2 |  3 |  4 |  5 |  store  1\n"
      "       +----+----+----+----+----+----+\n"
      "          a    b    c    d    e    f\n"
      "0,1,2,3,4,5/6,7,8,9,10,1 1-0 N\n";
  CHECK(draw(p, DrawOptions{true}) == expected);
}
