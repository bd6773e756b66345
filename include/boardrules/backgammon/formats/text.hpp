#pragma once
/// \file
/// An ASCII drawing of a backgammon position with pip counts, in the spirit of GNU Backgammon's
/// `show board`. The player on roll (the Mover, 'X' by default) sits at the bottom; the points are
/// numbered from its side (BG-1.3); its home board is drawn bottom-right or bottom-left (BG-1.5).
///
///      Position ID: 4HPwATDgc/ABMA
///      +13-14-15-16-17-18------19-20-21-22-23-24-+   O: pips 167, borne off 0
///      | X           O    |   | O              X |
///      | X           O    |   | O              X |
///      | X           O    |   | O                |
///      | X                |   | O                |
///      | X                |   | O                |
///      |                  |BAR|                  |
///      | O                |   | X                |
///      | O                |   | X                |
///      | O           X    |   | X                |
///      | O           X    |   | X              O |
///      | O           X    |   | X              O |
///      +12-11-10--9--8--7-------6--5--4--3--2--1-+   X: pips 167, borne off 0 (on roll)
///
/// A stack of more than five checkers shows its count in its fifth row. Checkers on the bar are
/// drawn in the BAR column, the opponent's in the top half, the mover's in the bottom half.
///
/// draw_table() draws the same board from a fixed player's side, as a table seen by one of the
/// players: player 0 or 1 at the bottom whoever is on roll, the cube drawn beside the board (in
/// the middle showing 64 while centered at 1, BG-7.2; its value on its owner's side once taken)
/// and "(on roll)" beside the player on roll.

#include "boardrules/core/config.hpp"

#include <array>
#include <string>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/values/position.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// Where the home board of the player on roll is drawn (a display choice, BG-1.5).
enum class HomeSide { Right, Left };

/// Options for draw().
struct DrawOptions {
  HomeSide home = HomeSide::Right;  ///< side of the bottom (on-roll player's) home board
  char mover = 'X';                 ///< checker glyph of the player on roll
  char opponent = 'O';              ///< checker glyph of the other player
  bool position_id = true;          ///< first line "Position ID: ..."
};

namespace detail {

/// Three characters for row `row` (0 = next to the edge) of a stack of `n` checkers.
[[nodiscard]] inline std::string stack_cell(int n, int row, char glyph) {
  if (n <= row) return "   ";
  std::string cell(" ");
  if (row == 4 && n > 5) {
    cell.append(std::to_string(n));
  } else {
    cell.push_back(glyph);
  }
  cell.resize(3, ' ');
  return cell;
}

/// The label of point p in a 3-character column ("13-", "-9-").
[[nodiscard]] inline std::string point_label(int p) {
  std::string label(p >= 10 ? "" : "-");
  label.append(std::to_string(p));
  label.push_back('-');
  return label;
}

}  // namespace detail

namespace detail {

/// What is drawn around the board: which side is on roll, and the cube's text in the top half,
/// the middle line or the bottom half (cube_row -1, 0, 1; cube empty: none).
struct Marks {
  Side on_roll = Side::Mover;
  std::string cube;
  int cube_row = 0;
};

template <class V>
[[nodiscard]] std::string draw_board(const BasicPosition<V>& p, const DrawOptions& options, const Marks& marks) {
  // Columns of each row, left to right, as the mover's point numbers (0 = the bar column).
  std::array<int, 13> top{};
  std::array<int, 13> bottom{};
  for (int i = 0; i < 6; ++i) {
    if (options.home == HomeSide::Right) {
      top[static_cast<std::size_t>(i)] = 13 + i;
      top[static_cast<std::size_t>(7 + i)] = 19 + i;
      bottom[static_cast<std::size_t>(i)] = 12 - i;
      bottom[static_cast<std::size_t>(7 + i)] = 6 - i;
    } else {
      top[static_cast<std::size_t>(i)] = 24 - i;
      top[static_cast<std::size_t>(7 + i)] = 18 - i;
      bottom[static_cast<std::size_t>(i)] = 1 + i;
      bottom[static_cast<std::size_t>(7 + i)] = 7 + i;
    }
  }
  const auto cell = [&](int point, int row, bool upper) {
    if (point == 0) {  // the bar column
      return upper ? detail::stack_cell(p.opponent(kBar), row, options.opponent)
                   : detail::stack_cell(p.mover(kBar), row, options.mover);
    }
    if (p.mover(point) > 0) return detail::stack_cell(p.mover(point), row, options.mover);
    return detail::stack_cell(p.opponent_at_mover_point(point), row, options.opponent);
  };
  const auto edge = [](const std::array<int, 13>& cols) {
    std::string s = " +";
    for (int i = 0; i < 6; ++i) s += detail::point_label(cols[static_cast<std::size_t>(i)]);
    s += "-----";
    for (int i = 7; i < 13; ++i) s += detail::point_label(cols[static_cast<std::size_t>(i)]);
    return s + "+";
  };
  const auto row_line = [&](const std::array<int, 13>& cols, int row, bool upper) {
    std::string s = " |";
    for (int i = 0; i < 6; ++i) s += cell(cols[static_cast<std::size_t>(i)], row, upper);
    s += '|';
    s += cell(0, row, upper);
    s += '|';
    for (int i = 7; i < 13; ++i) s += cell(cols[static_cast<std::size_t>(i)], row, upper);
    return s + "|";
  };
  const auto panel = [&](Side side) {
    const char glyph = side == Side::Mover ? options.mover : options.opponent;
    std::string s = std::string("   ") + glyph + ": pips " + std::to_string(p.pips(side)) + ", borne off " +
                    std::to_string(p.borne_off(side));
    if (side == marks.on_roll) s += " (on roll)";
    return s;
  };
  const auto cube_at = [&](int where) {
    return !marks.cube.empty() && marks.cube_row == where ? "   " + marks.cube : "";
  };

  std::string out;
  if (options.position_id) out += " Position ID: " + backgammon::format_position_id(p) + "\n";
  out += edge(top) + panel(Side::Opponent) + "\n";
  for (int row = 0; row < 5; ++row) out += row_line(top, row, true) + (row == 0 ? cube_at(-1) : "") + "\n";
  out += " |                  |BAR|                  |" + cube_at(0) + "\n";
  for (int row = 4; row >= 0; --row) out += row_line(bottom, row, false) + (row == 0 ? cube_at(1) : "") + "\n";
  out += edge(bottom) + panel(Side::Mover) + "\n";
  return out;
}

}  // namespace detail

/// The position drawn in ASCII (lines ending in '\n'), with both pip counts and borne-off counts.
/// Precondition: the position keeps its invariants (no point held by both sides).
template <class V>
[[nodiscard]] std::string draw(const BasicPosition<V>& p, const DrawOptions& options = {}) {
  return detail::draw_board(p, options, detail::Marks{});
}

/// Options for draw_table().
struct TableOptions {
  int bottom = 0;                       ///< the player (0 or 1) drawn at the bottom, whoever is on roll
  HomeSide home = HomeSide::Right;      ///< side of the bottom player's home board (BG-1.5)
  std::array<char, 2> glyph{'O', 'X'};  ///< checker glyphs of player 0 and player 1
  bool position_id = true;              ///< first line "Position ID: ..." (of the position as on roll)
};

/// A table seen by player `options.bottom`: `position` is seen from `on_roll` (0 or 1, as a
/// Game keeps it), `cube` is the game's cube. The bottom player's points are numbered from its
/// side; "(on roll)" marks the player on roll; the cube is drawn beside the middle line showing
/// 64 while centered at 1 (BG-7.2), its value there while centered above 1 (automatic doubles,
/// BG-9.1), else beside its owner's half. Preconditions: on_roll and options.bottom are 0 or 1.
template <class V>
[[nodiscard]] std::string draw_table(const BasicPosition<V>& position, int on_roll, Cube cube,
                                     const TableOptions& options = {}) {
  const int bottom = options.bottom == 1 ? 1 : 0;
  const BasicPosition<V> seen = on_roll == bottom ? position : position.flipped();
  DrawOptions d;
  d.home = options.home;
  d.mover = options.glyph[static_cast<std::size_t>(bottom)];
  d.opponent = options.glyph[static_cast<std::size_t>(1 - bottom)];
  d.position_id = false;
  detail::Marks marks;
  marks.on_roll = on_roll == bottom ? Side::Mover : Side::Opponent;
  marks.cube = "Cube: " + std::to_string(cube.is_centered() && cube.value() == 1 ? 64 : cube.value());
  marks.cube_row = cube.is_centered() ? 0 : cube.owner() == bottom ? 1 : -1;
  std::string out;
  if (options.position_id) out += " Position ID: " + backgammon::format_position_id(position) + "\n";
  return out + detail::draw_board(seen, d, marks);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
