#pragma once
/// \file
/// WA-7: the library's text formats for Warri positions and moves.
///   position: `<houses 0-5>/<houses 6-11> <South store>-<North store> <S|N>`,
///             e.g. the start `4,4,4,4,4,4/4,4,4,4,4,4 0-0 S`
///   move:     the house's letter, `a`-`f` for South's houses 0..5, `A`-`F` for North's 6..11
///             (move_letter, format_move and parse_move, from move_text.hpp).
/// The parsers never throw and never read out of bounds; bad text gets an Error that says what is
/// wrong, in which field, and at which character offset.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <string>
#include <string_view>

#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/warri/rules/move_text.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// The start position's text (WA-7.1).
inline constexpr std::string_view kStartPositionText = "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S";

/// A position as text (WA-7.1).
template <class R>
[[nodiscard]] std::string format_position(const BasicPosition<R>& p) {
  std::string s;
  s.reserve(48);
  for (int i = 0; i < kHouses; ++i) {
    if (i == kRowHouses) s += '/';
    else if (i > 0) s += ',';
    s += std::to_string(p.house(i));
  }
  s += ' ';
  s += std::to_string(p.store(Player::South));
  s += '-';
  s += std::to_string(p.store(Player::North));
  s += ' ';
  s += p.to_move() == Player::South ? 'S' : 'N';
  return s;
}

namespace detail {

[[nodiscard]] constexpr bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

/// Reads a count (decimal digits, at most kTotalSeeds) at s[i], moving i past it.
inline Result<int> read_count(std::string_view s, std::size_t& i, const std::string& where) {
  const std::size_t start = i;
  if (i >= s.size()) return make_error(ErrorCode::syntax, "missing number, found the end of the text", where, i);
  if (s[i] == '-') return make_error(ErrorCode::out_of_range, "negative number", where, i);
  if (s[i] == '+') return make_error(ErrorCode::syntax, "a sign is not allowed, expected a digit", where, i);
  if (!is_digit(s[i])) return make_error(ErrorCode::syntax, "expected a digit, found " + show_char(s[i]), where, i);
  long long v = 0;
  while (i < s.size() && is_digit(s[i])) {
    if (v <= kTotalSeeds) v = v * 10 + (s[i] - '0');  // stops growing once too big: no overflow
    ++i;
  }
  if (v > kTotalSeeds) {
    return make_error(ErrorCode::out_of_range,
                      "number " + std::string(s.substr(start, i - start)) + " is too large (at most " +
                          std::to_string(kTotalSeeds) + " seeds)",
                      where, start);
  }
  return static_cast<int>(v);
}

}  // namespace detail

/// Parses a position (WA-7.1). Leading and trailing blanks are ignored and the three fields may be
/// separated by any run of blanks (space, tab, CR, LF, VT, FF: every text reader's set, see
/// docs/formats.md). Rejects, with an Error naming the field and
/// offset: a wrong count of houses in a row, non-digits, signs, numbers above 48, a missing '/',
/// '-' or field, a side other than `S` or `N`, trailing text, and a seed total other than 48.
template <class R = Speightstown>
[[nodiscard]] Result<BasicPosition<R>> parse_position(std::string_view s) {
  BasicPosition<R> p;
  std::size_t i = 0;
  while (i < s.size() && codec_detail::is_blank(s[i])) ++i;
  if (i == s.size()) return make_error(ErrorCode::syntax, "empty position text", "position", i);
  // The two rows.
  for (int row = 0; row < 2; ++row) {
    const std::string where = row == 0 ? "South's houses (a-f)" : "North's houses (A-F)";
    for (int k = 0; k < kRowHouses; ++k) {
      Result<int> n = detail::read_count(s, i, where + ", house " + std::to_string(k + 1));
      if (!n) return n.error();
      p.set_house(row * kRowHouses + k, *n);
      if (k + 1 < kRowHouses) {
        if (i < s.size() && s[i] == ',') {
          ++i;
          continue;
        }
        if (i >= s.size() || s[i] == '/' || codec_detail::is_blank(s[i])) {
          return make_error(ErrorCode::syntax, "expected 6 houses, found " + std::to_string(k + 1), where, i);
        }
        return make_error(ErrorCode::syntax,
                          "expected ',' after house " + std::to_string(k + 1) + ", found " + detail::show_char(s[i]),
                          where, i);
      }
    }
    if (i < s.size() && s[i] == ',') {
      return make_error(ErrorCode::syntax, "expected 6 houses, found more", where, i);
    }
    if (row == 0) {
      if (i >= s.size()) return make_error(ErrorCode::syntax, "missing '/' and North's houses", where, i);
      if (s[i] != '/') {
        return make_error(ErrorCode::syntax, "expected '/' after the 6th house, found " + detail::show_char(s[i]),
                          where, i);
      }
      ++i;
    }
  }
  // Separator, then the stores.
  if (i >= s.size()) return make_error(ErrorCode::syntax, "missing the stores and the side to move", "stores", i);
  if (!codec_detail::is_blank(s[i])) {
    return make_error(ErrorCode::syntax, "expected a space after North's 6th house, found " + detail::show_char(s[i]),
                      "North's houses (A-F)", i);
  }
  while (i < s.size() && codec_detail::is_blank(s[i])) ++i;
  Result<int> south = detail::read_count(s, i, "South's store");
  if (!south) return south.error();
  if (i >= s.size() || s[i] != '-') {
    return make_error(ErrorCode::syntax,
                      i >= s.size() ? "missing '-' and North's store"
                                    : "expected '-' between the stores, found " + detail::show_char(s[i]),
                      "stores", i);
  }
  ++i;
  Result<int> north = detail::read_count(s, i, "North's store");
  if (!north) return north.error();
  p.set_store(Player::South, *south);
  p.set_store(Player::North, *north);
  // Side to move.
  const std::size_t before_side = i;
  while (i < s.size() && codec_detail::is_blank(s[i])) ++i;
  if (i >= s.size() || codec_detail::is_blank(s[i])) {
    return make_error(ErrorCode::syntax, "missing the side to move (S or N)", "side to move", i);
  }
  if (i == before_side) {
    return make_error(ErrorCode::syntax, "expected a space before the side to move, found " + detail::show_char(s[i]),
                      "side to move", i);
  }
  if (s[i] == 'S') p.set_to_move(Player::South);
  else if (s[i] == 'N') p.set_to_move(Player::North);
  else return make_error(ErrorCode::syntax, "expected S or N, found " + detail::show_char(s[i]), "side to move", i);
  ++i;
  const std::size_t after = i;
  while (i < s.size() && codec_detail::is_blank(s[i])) ++i;
  if (i < s.size()) {
    return make_error(ErrorCode::syntax,
                      after == i ? "unexpected " + detail::show_char(s[i]) + " after the side to move"
                                 : "unexpected text after the side to move",
                      "position", i);
  }
  // WA-1.1: 48 seeds in all (the only invariant the text can break).
  if (auto st = validate(p); !st.has_value()) {
    Error e = st.error();
    e.where = "seed total";
    return e;
  }
  return p;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
