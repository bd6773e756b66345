// The ASCII board (text.hpp): the start position drawn exactly; and on random positions, a plain
// reader written here reads the drawing back (point labels, stacks, counts past five, the bar) and
// must find the position, the pip counts (BG-1.3) and the borne-off counts, in both orientations
// of the home board (BG-1.5).
#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/formats/text.hpp"
#include "boardrules/core/random.hpp"

namespace bg = boardrules::backgammon;
using bg::Side;

namespace {

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

bg::Position random_position(boardrules::Rng& rng) {
  bg::Position p;
  for (Side s : {Side::Mover, Side::Opponent}) {
    const Side other = s == Side::Mover ? Side::Opponent : Side::Mover;
    const int n = static_cast<int>(rng.below(16));
    // Sometimes pile checkers up (counts past five are drawn as numbers).
    const int pile = rng.below(3) == 0 ? static_cast<int>(rng.below(25)) + 1 : 0;
    for (int i = 0; i < n; ++i) {
      for (;;) {
        const int point = pile != 0 && rng.below(2) == 0 ? pile : static_cast<int>(rng.below(25)) + 1;
        if (point == 25 || p.count(other, 25 - point) == 0) {
          p.set(s, point, p.count(s, point) + 1);
          break;
        }
      }
    }
    p.set(s, bg::kOff, 15 - n);
  }
  return p;
}

// Reads a drawing back: the mover's point -> (mover checkers, opponent checkers), bars, and the
// two panel lines. Columns: 3 characters per point, the checker in the middle one; the left half
// starts at character 2, the BAR column at 21, the right half at 25 (see the edge lines).
struct Read {
  std::map<int, int> mover, opponent;
  int mover_bar = 0, opponent_bar = 0;
  std::string top_panel, bottom_panel;
};

// Height of the stack drawn in column `col` if it is made of `glyph`s, else 0. A number may
// only stand in the fifth row, on top of four glyphs of the same side.
int stack_height(const std::vector<std::string>& rows, std::size_t col, char glyph) {
  int n = 0;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string cell = rows[r].substr(col - 1, 3);
    if (cell == "   ") break;
    if (cell[1] >= '0' && cell[1] <= '9') {
      REQUIRE(r == 4);
      return n == 4 ? std::stoi(cell) : 0;
    }
    if (cell[1] != glyph) return 0;
    ++n;
  }
  return n;
}

Read read_back(const std::string& drawing, char mover_glyph, char opponent_glyph) {
  const auto lines = lines_of(drawing);
  REQUIRE(lines.size() == 14);
  REQUIRE(lines[0].rfind(" Position ID: ", 0) == 0);
  const std::string& top_edge = lines[1];
  const std::string& bottom_edge = lines[13];
  REQUIRE(lines[7] == " |                  |BAR|                  |");
  std::vector<std::string> upper(lines.begin() + 2, lines.begin() + 7);    // edge first
  std::vector<std::string> lower(lines.rbegin() + 1, lines.rbegin() + 6);  // edge first
  Read r;
  r.top_panel = top_edge.substr(44);
  r.bottom_panel = bottom_edge.substr(44);
  for (const auto& [edge, rows] : {std::pair{top_edge, upper}, std::pair{bottom_edge, lower}}) {
    for (const auto& row : rows) {
      REQUIRE(row.size() == 44);
      REQUIRE(row[1] == '|');
      REQUIRE(row[20] == '|');
      REQUIRE(row[24] == '|');
      REQUIRE(row[43] == '|');
    }
    std::vector<std::size_t> cols;
    for (std::size_t i = 0; i < 6; ++i) cols.push_back(3 + 3 * i);
    for (std::size_t i = 0; i < 6; ++i) cols.push_back(26 + 3 * i);
    for (std::size_t c : cols) {
      // The label over/under column c: the two characters at c-1, c ("13", "-9").
      std::string label = edge.substr(c - 1, 2);
      if (label[0] == '-') label = label.substr(1);
      const int point = std::stoi(label);
      r.mover[point] = stack_height(rows, c, mover_glyph);
      r.opponent[point] = stack_height(rows, c, opponent_glyph);
    }
  }
  r.opponent_bar = stack_height(upper, 22, opponent_glyph);
  r.mover_bar = stack_height(lower, 22, mover_glyph);
  CHECK(stack_height(upper, 22, mover_glyph) == 0);
  CHECK(stack_height(lower, 22, opponent_glyph) == 0);
  return r;
}

}  // namespace

TEST_CASE("The start position (BG-1.4) drawn, home board right (BG-1.5)") {
  const std::string want =
      " Position ID: 4HPwATDgc/ABMA\n"
      " +13-14-15-16-17-18------19-20-21-22-23-24-+   O: pips 167, borne off 0\n"
      " | X           O    |   | O              X |\n"
      " | X           O    |   | O              X |\n"
      " | X           O    |   | O                |\n"
      " | X                |   | O                |\n"
      " | X                |   | O                |\n"
      " |                  |BAR|                  |\n"
      " | O                |   | X                |\n"
      " | O                |   | X                |\n"
      " | O           X    |   | X                |\n"
      " | O           X    |   | X              O |\n"
      " | O           X    |   | X              O |\n"
      " +12-11-10--9--8--7-------6--5--4--3--2--1-+   X: pips 167, borne off 0 (on roll)\n";
  CHECK(bg::draw(bg::Position::start()) == want);
}

TEST_CASE("Home board left mirrors the columns (BG-1.5); glyphs and the ID line are options") {
  // Not on roll: 2 on its 6-point (our 19); on roll: 1 on its 24-point (gnubg's YAAAAAAABAAAAA).
  auto p = bg::parse_position_id("YAAAAAAABAAAAA");
  REQUIRE(p.has_value());
  bg::DrawOptions o;
  o.home = bg::HomeSide::Left;
  o.mover = '@';
  o.opponent = '*';
  o.position_id = false;
  const std::string want =
      " +24-23-22-21-20-19------18-17-16-15-14-13-+   *: pips 12, borne off 13\n"
      " | @              * |   |                  |\n"
      " |                * |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |BAR|                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " +-1--2--3--4--5--6-------7--8--9-10-11-12-+   @: pips 24, borne off 14 (on roll)\n";
  CHECK(bg::draw(*p, o) == want);
}

TEST_CASE("Stacks past five show their count; the bar holds each side's checkers") {
  bg::Position p;
  p.set(Side::Mover, 6, 13);
  p.set(Side::Mover, bg::kBar, 2);
  p.set(Side::Opponent, 6, 8);  // our 19-point
  p.set(Side::Opponent, bg::kBar, 7);
  const auto lines = lines_of(bg::draw(p));
  CHECK(lines[6] == " |                  | 7 | 8                |");
  CHECK(lines[8] == " |                  |   | 13               |");
  CHECK(lines[12] == " |                  | X | X                |");
}

TEST_CASE("Random positions read back from the drawing, both orientations") {
  boardrules::Rng rng(2026);
  for (int i = 0; i < 3000; ++i) {
    const bg::Position p = random_position(rng);
    for (bg::HomeSide home : {bg::HomeSide::Right, bg::HomeSide::Left}) {
      bg::DrawOptions o;
      o.home = home;
      const std::string d = bg::draw(p, o);
      INFO(d);
      const Read r = read_back(d, 'X', 'O');
      for (int point = 1; point <= 24; ++point) {
        REQUIRE(r.mover.at(point) == p.mover(point));
        REQUIRE(r.opponent.at(point) == p.opponent_at_mover_point(point));
      }
      REQUIRE(r.mover_bar == p.mover(bg::kBar));
      REQUIRE(r.opponent_bar == p.opponent(bg::kBar));
      // Pip counts computed here plainly (BG-1.3: point number x checkers, the bar 25).
      int mover_pips = 25 * p.mover(bg::kBar);
      int opp_pips = 25 * p.opponent(bg::kBar);
      for (int point = 1; point <= 24; ++point) {
        mover_pips += point * p.mover(point);
        opp_pips += (25 - point) * p.opponent_at_mover_point(point);
      }
      REQUIRE(r.bottom_panel == "   X: pips " + std::to_string(mover_pips) + ", borne off " +
                                    std::to_string(p.borne_off(Side::Mover)) + " (on roll)");
      REQUIRE(r.top_panel ==
              "   O: pips " + std::to_string(opp_pips) + ", borne off " + std::to_string(p.borne_off(Side::Opponent)));
      REQUIRE(lines_of(d)[0] == " Position ID: " + bg::format_position_id(p));
    }
  }
}

TEST_CASE("BG-1.5/BG-7.2: draw_table draws the board from a fixed player's side, with the cube and the turn") {
  // Seen from player 1 (on roll): its 2 checkers on its 24-point, 13 off; player 0 has 3 on its
  // 6-point, 12 off. Player 1's 24-point is player 0's 1-point.
  bg::Position p;
  p.set(bg::Side::Mover, 24, 2);
  p.set(bg::Side::Mover, 0, 13);
  p.set(bg::Side::Opponent, 6, 3);
  p.set(bg::Side::Opponent, 0, 12);
  bg::TableOptions o;
  o.bottom = 0;  // player 0 (O) at the bottom although player 1 is on roll
  const std::string id = " Position ID: 4AAAAAAAGAAAAA\n";
  const std::string centered =
      " +13-14-15-16-17-18------19-20-21-22-23-24-+   X: pips 48, borne off 13 (on roll)\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |BAR|                  |   Cube: 64\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   | O                |\n"
      " |                  |   | O              X |\n"
      " |                  |   | O              X |\n"
      " +12-11-10--9--8--7-------6--5--4--3--2--1-+   O: pips 18, borne off 12\n";
  const std::string left =
      " +24-23-22-21-20-19------18-17-16-15-14-13-+   X: pips 48, borne off 13 (on roll)\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |BAR|                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                O |   |                  |\n"
      " | X              O |   |                  |\n"
      " | X              O |   |                  |   Cube: 4\n"
      " +-1--2--3--4--5--6-------7--8--9-10-11-12-+   O: pips 18, borne off 12\n";
  const std::string player1 =
      " +13-14-15-16-17-18------19-20-21-22-23-24-+   O: pips 18, borne off 12\n"
      " |                  |   | O              X |   Cube: 2\n"
      " |                  |   | O              X |\n"
      " |                  |   | O                |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |BAR|                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " |                  |   |                  |\n"
      " +12-11-10--9--8--7-------6--5--4--3--2--1-+   X: pips 48, borne off 13 (on roll)\n";
  // Centered at 1: the middle shows 64; home right.
  CHECK(bg::draw_table(p, 1, bg::Cube{}, o) == id + centered);
  // Home left; the cube at 4 owned by player 0, drawn on its (bottom) side.
  o.home = bg::HomeSide::Left;
  CHECK(bg::draw_table(p, 1, bg::Cube::owned_by(0, 4), o) == id + left);
  // Player 1 at the bottom: the cube at 2 owned by player 0 is drawn at the top.
  o.bottom = 1;
  o.home = bg::HomeSide::Right;
  CHECK(bg::draw_table(p, 1, bg::Cube::owned_by(0, 2), o) == id + player1);
  // From the bottom player's side when it is on roll, the board is draw()'s.
  o.position_id = false;
  const std::string plain = bg::draw(p, bg::DrawOptions{bg::HomeSide::Right, 'X', 'O', false});
  const std::string table = bg::draw_table(p, 1, bg::Cube::owned_by(0, 2), o);
  CHECK(plain.substr(plain.find('\n') + 1, 40) == table.substr(table.find('\n') + 1, 40));
}
