#pragma once
// Reading GNU Backgammon's cube decisions in tests/data/backgammon/cube/ (gen_gnubg_cube.py
// there writes them), and the States of their XGIDs. Each line is "KIND XGID ACTION [ND DT DP]":
// KIND money or match, ACTION gnubg's proper cube action with '_' for its spaces ("cannot" when
// the player on roll cannot double), ND DT DP its equities (money) or MWC (match) of no double,
// double/take and double/pass.
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"

#include "../common/data_file.hpp"

namespace cube_oracle {

/// The State of an XGID, its rules from the XGID (REQUIREd valid).
inline boardrules::backgammon::State state_of(const std::string& xgid) {
  namespace bg = boardrules::backgammon;
  const auto x = bg::parse_xgid<bg::Standard>(xgid);
  REQUIRE(x.has_value());
  auto m = bg::match_from_gnubg(x->position, x->fields, bg::xgid_rules(*x));
  REQUIRE(m.has_value());
  return bg::State(*m, bg::StateOptions{false, 1});
}

/// The XGID with other dice ("00" before the throw, "D" the double offered).
inline std::string with_dice(std::string xgid, const char* dice) {
  std::size_t at = 0;
  for (int i = 0; i < 4; ++i) at = xgid.find(':', at) + 1;
  return xgid.replace(at, xgid.find(':', at) - at, dice);
}

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
  data_file::for_each_line(std::string("backgammon/cube/") + file, [&](const std::string& text) {
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
  });
}

}  // namespace cube_oracle
