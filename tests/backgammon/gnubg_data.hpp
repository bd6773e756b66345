#pragma once
// Reading the gnubg data files of tests/data/backgammon/ (gnubg_moves.txt, gnubg_notation.txt):
// each line starts with a case, "<position id> <d1> <d2>", then the file's own fields.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "../common/data_file.hpp"

namespace gnubg_data {

/// The case a line starts with: a Position ID and the two dice.
struct Case {
  std::string id;
  int d1 = 0;
  int d2 = 0;
};

/// Calls `f(c, rest)` for every line of tests/data/backgammon/<file> but blank ones and '#'
/// comments: `c` the case the line starts with (REQUIREd readable), `rest` the line after it.
template <class F>
void for_each_line(const char* file, F&& f) {
  data_file::for_each_line(std::string("backgammon/") + file, [&](const std::string& line) {
    std::istringstream rest(line);
    Case c;
    rest >> c.id >> c.d1 >> c.d2;
    REQUIRE(rest);
    f(c, rest);
  });
}

}  // namespace gnubg_data
