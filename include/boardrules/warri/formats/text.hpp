#pragma once
/// \file
/// An ASCII drawing of a Warri position, as seen from above with South at the bottom (WA-1.3:
/// South's a-f run left to right, North's A-F right to left, sowing goes counter-clockwise):
///
///           F    E    D    C    B    A
///        +----+----+----+----+----+----+
///  North |  4 |  4 |  4 |  4 |  4 |  4 |  store  0
///        +----+----+----+----+----+----+
///  South |  4 |  4 |  4 |  4 |  4 |  4 |  store  0  <- to move
///        +----+----+----+----+----+----+
///           a    b    c    d    e    f

#include "boardrules/core/config.hpp"

#include <string>

#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// What draw() adds to the board.
struct DrawOptions {
  bool position_text = false;  ///< append a last line with the position in WA-7.1 notation
};

namespace detail {
inline void pad_number(std::string& s, int n, int width) {
  const std::string d = std::to_string(n);
  for (int k = static_cast<int>(d.size()); k < width; ++k) s += ' ';
  s += d;
}
}  // namespace detail

/// The board as ASCII art (lines ending in '\n'), see the file comment.
template <class R>
[[nodiscard]] std::string draw(const BasicPosition<R>& p, const DrawOptions& options = {}) {
  static constexpr const char* kRule = "       +----+----+----+----+----+----+\n";
  std::string s;
  s += "          F    E    D    C    B    A\n";
  s += kRule;
  for (int row = 0; row < 2; ++row) {
    const Player who = row == 0 ? Player::North : Player::South;
    s += row == 0 ? " North |" : " South |";
    for (int k = 0; k < kRowHouses; ++k) {
      // North's row is drawn from F (house 11) to A (house 6), South's from a (0) to f (5).
      const int i = row == 0 ? kHouses - 1 - k : k;
      detail::pad_number(s, p.house(i), 3);
      s += " |";
    }
    s += "  store ";
    detail::pad_number(s, p.store(who), 2);
    if (p.to_move() == who) s += "  <- to move";
    s += '\n';
    s += kRule;
  }
  s += "          a    b    c    d    e    f\n";
  if (options.position_text) s += format_position(p) + '\n';
  return s;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
