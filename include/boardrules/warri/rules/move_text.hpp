#pragma once
/// \file
/// WA-7.2: a Warri move as text, the letter of its house: `a`-`f` for South's houses 0..5, `A`-`F`
/// for North's 6..11. Below the game layer, so that Game::play can read a letter and name the
/// legal ones in its errors; notation.hpp (the position's text) includes it.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <string>
#include <string_view>

#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// The letter of a house (WA-7.2): 'a'..'f' for 0..5, 'A'..'F' for 6..11. Precondition: house < 12.
[[nodiscard]] constexpr char move_letter(Move m) noexcept {
  return m.house < kRowHouses ? static_cast<char>('a' + m.house) : static_cast<char>('A' + (m.house - kRowHouses));
}

/// A move as text: its letter (WA-7.2).
[[nodiscard]] inline std::string format_move(Move m) { return std::string(1, move_letter(m)); }

namespace detail {

/// Shows a character in an error message, printable or as a code.
[[nodiscard]] inline std::string show_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + c + "'";
  if (c == ' ') return "a space";
  static constexpr char hex[] = "0123456789abcdef";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace detail

/// Parses a move (WA-7.2) in position p: one letter, of the side to move's row (`a`-`f` when South
/// moves, `A`-`F` when North moves), naming a non-empty house. White space around it is ignored.
/// Says what is wrong: not a letter a-f/A-F, a letter of the other side, an empty house.
/// It does not check the feeding obligation (WA-2.3) nor a grand slam made illegal (WA-3.4):
/// legality is the generator's (see game.hpp).
template <class R>
[[nodiscard]] Result<Move> parse_move(const BasicPosition<R>& p, std::string_view s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && codec_detail::is_blank(s[b])) ++b;
  while (e > b && codec_detail::is_blank(s[e - 1])) --e;
  if (b == e) return make_error(ErrorCode::syntax, "empty move", "move", b);
  if (e - b != 1) {
    return make_error(ErrorCode::syntax,
                      "expected one house letter (a-f or A-F), found \"" + std::string(s.substr(b, e - b)) + "\"",
                      "move", b);
  }
  const char c = s[b];
  int house = -1;
  if (c >= 'a' && c <= 'f') house = c - 'a';
  else if (c >= 'A' && c <= 'F') house = kRowHouses + (c - 'A');
  else
    return make_error(ErrorCode::syntax, "expected a house letter a-f or A-F, found " + detail::show_char(c), "move",
                      b);
  const Player owner = house < kRowHouses ? Player::South : Player::North;
  if (owner != p.to_move()) {
    return make_error(ErrorCode::illegal_action,
                      std::string("'") + c + "' is a house of " + (owner == Player::South ? "South" : "North") +
                          ", but " + (p.to_move() == Player::South ? "South (a-f)" : "North (A-F)") + " is to move",
                      "move", b);
  }
  if (p.house(house) == 0) {
    return make_error(ErrorCode::illegal_action, std::string("house '") + c + "' is empty", "move", b);
  }
  return Move{static_cast<std::uint8_t>(house)};
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
