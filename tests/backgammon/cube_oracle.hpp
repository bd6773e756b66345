#pragma once
// Reading GNU Backgammon's cube decisions in tests/data/backgammon/cube/ (gen_gnubg_cube.py
// there writes them): each line "KIND XGID ACTION [ND DT DP]", KIND money or match, ACTION gnubg's
// proper cube action with '_' for its spaces ("cannot" when the player on roll cannot double),
// ND DT DP its equities (money) or MWC (match) of no double, double/take and double/pass.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace cube_oracle {

/// One line of a file.
struct Line {
  std::string text;    ///< the whole line
  bool match = false;  ///< match play (else money)
  std::string xgid;
  std::string action;  ///< gnubg's words, with their spaces
  double nd = 0, dt = 0, dp = 0;
  [[nodiscard]] bool cannot() const { return action == "cannot"; }
};

/// Calls `f(line)` for every line of tests/data/backgammon/cube/<file> but '#' comments, each
/// REQUIREd readable (figures unless "cannot").
template <class F>
void for_each_line(const char* file, F&& f) {
  std::ifstream in(std::string(BOARDRULES_TEST_DATA_DIR "/backgammon/cube/") + file);
  REQUIRE(in.good());
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#') continue;
    std::istringstream s(text);
    Line l;
    l.text = text;
    std::string kind;
    s >> kind >> l.xgid >> l.action;
    REQUIRE(s);
    l.match = kind == "match";
    for (char& ch : l.action)
      if (ch == '_') ch = ' ';
    if (!l.cannot()) {
      s >> l.nd >> l.dt >> l.dp;
      REQUIRE(s);
    }
    f(static_cast<const Line&>(l));
  }
}

}  // namespace cube_oracle
