#pragma once
/// \file
/// XGID (eXtreme Gammon's position text) import and export, e.g. the start of a money game:
///   XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10
/// Fields after the 26 board characters, separated by ':':
///   cube (log2 of its value) : cube owner (1 bottom, -1 top, 0 centered) : turn (1 bottom player
///   on roll, -1 top) : dice ("00" not rolled, "D" a double offered, else two digits) : score of
///   the bottom player : score of the top player : in a match 1 = Crawford game, in money play
///   1 = Jacoby (+2 beavers) : match length (0 = money) : log2 of the cube limit.
/// Board: character i (1..24) is the bottom player's point i, character 0 the top player's bar,
/// character 25 the bottom player's bar; the top player's point p is character 25 - p.
/// '-' empty, 'A'..'P' 1..16 checkers of the bottom player, 'a'..'p' of the top player.
///
/// Players: GNU Backgammon's `set xgid` makes the player on roll its player 1 (and the other
/// player 0); parse_xgid() does the same, so that XGID -> GNUbg ID gives exactly gnubg's ID
/// (tested against IDs gnubg made). format_xgid() writes GNU Backgammon's player 1 as the bottom player.
/// Decision: a pending double ("D") is imported as a double offered (Match ID doubled bit, the
/// opponent to decide); gnubg 1.07 drops it. Pending beavers/raccoons ("B", "R") are refused.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/game/scoring.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// A decoded XGID: the position seen from the player on roll, the Match ID fields (player on roll
/// = player 1, as GNU Backgammon imports XGIDs), and the cube limit.
template <class V = Standard>
struct Xgid {
  BasicPosition<V> position;
  MatchIdFields fields;
  int max_cube_log2 = 10;  ///< XGID's last field: log2 of the highest cube value allowed
  bool beavers = false;    ///< money play: the flag field's 2 (beavers allowed, BG-9.4)
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {
inline bool xgid_int(std::string_view s, int lo, int hi, int& out) {
  bool neg = false;
  if (!s.empty() && s[0] == '-') {
    neg = true;
    s.remove_prefix(1);
  }
  if (s.empty() || s.size() > 5) return false;
  int v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (neg) v = -v;
  if (v < lo || v > hi) return false;
  out = v;
  return true;
}
}  // namespace detail

namespace detail {
/// The 10 ':'-separated fields of an XGID and the offset of each in the whole text.
struct XgidText {
  std::array<std::string_view, 10> field{};
  std::array<std::size_t, 10> at{};
};

/// Splits the text (blanks around it and a "XGID=" prefix skipped) into its 10 fields.
[[nodiscard]] inline Result<XgidText> xgid_split(std::string_view text) {
  const std::string_view trimmed = boardrules::codec_detail::trim_blanks(text);
  std::size_t base = static_cast<std::size_t>(trimmed.data() - text.data());
  text = text.substr(0, base + trimmed.size());
  if (text.substr(base, 5) == "XGID=") base += 5;
  XgidText x;
  std::size_t n = 0, start = base;
  for (std::size_t i = base; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ':') {
      if (n == 10) return make_error(ErrorCode::syntax, "more than 10 fields", "xgid", i);
      x.at[n] = start;
      x.field[n++] = text.substr(start, i - start);
      start = i + 1;
    }
  }
  if (n != 10)
    return make_error(ErrorCode::syntax, "an XGID has 10 fields separated by ':', found " + std::to_string(n), "xgid");
  return x;
}

/// The board field (at offset `at`): a signed checker count per character, + for the bottom
/// player, - for the top player; at most `checkers` a side.
inline Result<std::array<int, 26>> xgid_board(std::string_view board, std::size_t at, int checkers) {
  if (board.size() != 26)
    return make_error(ErrorCode::syntax, "the board has 26 characters, found " + std::to_string(board.size()),
                      "xgid board", at);
  std::array<int, 26> cell{};
  int bottom = 0, top = 0;
  for (std::size_t i = 0; i < 26; ++i) {
    const char c = board[i];
    int v = 0;
    if (c == '-') v = 0;
    else if (c >= 'A' && c <= 'P') v = c - 'A' + 1;
    else if (c >= 'a' && c <= 'p') v = -(c - 'a' + 1);
    else
      return make_error(ErrorCode::syntax, std::string("character '") + c + "' is not '-', A..P or a..p", "xgid board",
                        at + i);
    if (i == 0 && v > 0)
      return make_error(ErrorCode::invalid_state, "the bottom player's checkers cannot be on the top player's bar",
                        "xgid board", at);
    if (i == 25 && v < 0)
      return make_error(ErrorCode::invalid_state, "the top player's checkers cannot be on the bottom player's bar",
                        "xgid board", at + 25);
    cell[i] = v;
    if (v > 0) bottom += v;
    else top -= v;
  }
  if (bottom > checkers)
    return make_error(
        ErrorCode::invalid_state,
        "the bottom player has " + std::to_string(bottom) + " checkers, more than " + std::to_string(checkers),
        "xgid board", at);
  if (top > checkers)
    return make_error(ErrorCode::invalid_state,
                      "the top player has " + std::to_string(top) + " checkers, more than " + std::to_string(checkers),
                      "xgid board", at);
  return cell;
}

/// The fields after the board, as numbers.
struct XgidNumbers {
  int cube = 0;   ///< log2 of the cube value
  int owner = 0;  ///< 1 bottom, -1 top, 0 centered
  int turn = 0;   ///< 1 bottom player on roll, -1 top
  int die1 = 0;   ///< 0 0 when not rolled
  int die2 = 0;
  bool doubled = false;
  int score_bottom = 0;
  int score_top = 0;
  int flag = 0;      ///< Crawford (match) or Jacoby + 2 x beavers (money)
  int length = 0;    ///< 0 = money
  int max_cube = 0;  ///< log2 of the cube limit
};

/// Reads fields 1..9 of an XGID; errors name the field and its offset.
[[nodiscard]] inline Result<XgidNumbers> xgid_numbers(const XgidText& t) {
  const auto& f = t.field;
  const auto& at = t.at;
  XgidNumbers n;
  if (!xgid_int(f[1], 0, 15, n.cube))
    return make_error(ErrorCode::out_of_range, "cube must be log2 of its value, 0..15", "xgid cube", at[1]);
  if (!xgid_int(f[2], -1, 1, n.owner))
    return make_error(ErrorCode::out_of_range, "cube owner must be -1, 0 or 1", "xgid cube owner", at[2]);
  if (!xgid_int(f[3], -1, 1, n.turn) || n.turn == 0)
    return make_error(ErrorCode::out_of_range, "turn must be 1 or -1", "xgid turn", at[3]);
  const auto dice = f[4];
  if (dice == "D") {
    n.doubled = true;
  } else if (dice == "B" || dice == "R") {
    return make_error(ErrorCode::unsupported, "pending beavers and raccoons are not supported", "xgid dice", at[4]);
  } else if (dice == "00") {
  } else if (dice.size() == 2 && dice[0] >= '1' && dice[0] <= '6' && dice[1] >= '1' && dice[1] <= '6') {
    n.die1 = dice[0] - '0';
    n.die2 = dice[1] - '0';
  } else {
    return make_error(ErrorCode::syntax, "dice must be 00, D or two digits 1..6", "xgid dice", at[4]);
  }
  const std::string score_range = "score must be 0.." + std::to_string(kMaxIdScore);
  if (!xgid_int(f[5], 0, kMaxIdScore, n.score_bottom))
    return make_error(ErrorCode::out_of_range, score_range, "xgid score bottom", at[5]);
  if (!xgid_int(f[6], 0, kMaxIdScore, n.score_top))
    return make_error(ErrorCode::out_of_range, score_range, "xgid score top", at[6]);
  if (!xgid_int(f[7], 0, 3, n.flag))
    return make_error(ErrorCode::out_of_range, "Crawford/Jacoby flag must be 0..3", "xgid crawford/jacoby", at[7]);
  if (!xgid_int(f[8], 0, kMaxMatchLength, n.length))
    return make_error(ErrorCode::out_of_range, "match length must be 0.." + std::to_string(kMaxMatchLength),
                      "xgid match length", at[8]);
  if (!xgid_int(f[9], 0, 15, n.max_cube))
    return make_error(ErrorCode::out_of_range, "cube limit must be log2 of its value, 0..15", "xgid cube limit", at[9]);
  if (n.length > 0 && n.flag > 1)
    return make_error(ErrorCode::out_of_range, "in a match the Crawford flag is 0 or 1", "xgid crawford/jacoby", at[7]);
  if (n.doubled && n.die1 != 0)
    return make_error(ErrorCode::invalid_state, "a double is offered before rolling", "xgid dice", at[4]);
  return n;
}

/// The position of the board, seen from the player on roll (`turn`: 1 bottom, -1 top).
template <class V>
[[nodiscard]] BasicPosition<V> xgid_position(const std::array<int, 26>& cell, int turn) noexcept {
  BasicPosition<V> p;
  auto& b = p.bytes();
  int on_board_mover = 0, on_board_opp = 0;
  for (int i = 0; i < 26; ++i) {
    const int v = cell[static_cast<std::size_t>(i)];
    if (v == 0) continue;
    const bool bottom_side = v > 0;
    const int cnt = bottom_side ? v : -v;
    const int own_point = bottom_side ? i : 25 - i;  // in that side's own numbering
    const bool is_mover = bottom_side == (turn == 1);
    b[static_cast<std::size_t>((is_mover ? 0 : 32) + own_point)] = static_cast<std::uint8_t>(cnt);
    (is_mover ? on_board_mover : on_board_opp) += cnt;
  }
  b[0] = static_cast<std::uint8_t>(V::kCheckers - on_board_mover);
  b[32] = static_cast<std::uint8_t>(V::kCheckers - on_board_opp);
  return p;
}

/// The Match ID fields of the numbers: the player on roll is GNU Backgammon's player 1.
[[nodiscard]] inline MatchIdFields xgid_match_fields(const XgidNumbers& n) noexcept {
  MatchIdFields m;
  m.cube_value = 1 << n.cube;
  m.cube_owner = n.owner == 0 ? -1 : (n.owner == n.turn ? 1 : 0);
  m.on_roll = 1;
  m.turn = n.doubled ? 0 : 1;
  m.doubled = n.doubled;
  m.die1 = n.die1 >= n.die2 ? n.die1 : n.die2;
  m.die2 = n.die1 >= n.die2 ? n.die2 : n.die1;
  m.match_length = n.length;
  m.score[1] = n.turn == 1 ? n.score_bottom : n.score_top;
  m.score[0] = n.turn == 1 ? n.score_top : n.score_bottom;
  // GNU Backgammon: no Crawford game in a 1-point match, Jacoby only in money play
  m.crawford = n.length > 1 && n.flag == 1;
  m.jacoby = n.length == 0 && (n.flag & 1) != 0;
  m.state = MatchIdGameState::Playing;
  return m;
}
}  // namespace detail

/// Decodes an XGID (with or without the "XGID=" prefix). Errors name the field and the offset.
template <class V = Standard>
[[nodiscard]] Result<Xgid<V>> parse_xgid(std::string_view text) {
  const auto t = detail::xgid_split(text);
  if (!t.has_value()) return t.error();
  const auto cell = detail::xgid_board(t->field[0], t->at[0], V::kCheckers);
  if (!cell.has_value()) return cell.error();
  const auto n = detail::xgid_numbers(*t);
  if (!n.has_value()) return n.error();
  Xgid<V> x;
  x.position = detail::xgid_position<V>(*cell, n->turn);
  if (auto st = validate(x.position); !st.has_value()) {  // what xgid_board does not check
    Error e = st.error();
    e.where = "xgid board";
    e.offset = t->at[0];
    return e;
  }
  x.fields = detail::xgid_match_fields(*n);
  x.max_cube_log2 = n->max_cube;
  x.beavers = n->length == 0 && (n->flag & 2) != 0;
  if (auto st = validate(x.fields); !st.has_value()) {
    Error e = st.error();
    e.where = "xgid " + e.where;
    return e;
  }
  return x;
}

/// Encodes an XGID ("XGID=..."): `position` seen from f.on_roll; GNU Backgammon's player 1 is
/// written as the bottom player. Game state, resignation offers and the turn while no double is
/// pending are not representable in an XGID and are dropped. Preconditions: validate(f) and
/// validate(position) succeed.
template <class V = Standard>
[[nodiscard]] std::string format_xgid(const BasicPosition<V>& position, const MatchIdFields& f, int max_cube_log2 = 10,
                                      bool beavers = false) {
  // the bottom player is player 1; see position from it
  const BasicPosition<V> p1 = f.on_roll == 1 ? position : position.flipped();
  std::string s = "XGID=";
  auto glyph = [](int n, bool bottom) -> char {
    if (n == 0) return '-';
    return static_cast<char>((bottom ? 'A' : 'a') + (n > 16 ? 15 : n - 1));
  };
  for (int i = 0; i < 26; ++i) {
    const int mine = i >= 1 ? p1.count(Side::Mover, i) : 0;             // bottom: own point i, bar = 25
    const int theirs = i <= 24 ? p1.count(Side::Opponent, 25 - i) : 0;  // top: own point 25 - i, bar at 0
    s += mine > 0 ? glyph(mine, true) : glyph(theirs, false);
  }
  int lg = 0;
  while ((1 << lg) < f.cube_value) ++lg;
  const int owner = f.cube_owner < 0 ? 0 : (f.cube_owner == 1 ? 1 : -1);
  const int turn = f.on_roll == 1 ? 1 : -1;
  std::string dice = "00";
  if (f.doubled) dice = "D";
  else if (f.die1 != 0) {
    dice.assign(1, static_cast<char>('0' + (f.die1 >= f.die2 ? f.die1 : f.die2)));
    dice += static_cast<char>('0' + (f.die1 >= f.die2 ? f.die2 : f.die1));
  }
  const int flag = f.match_length > 0 ? (f.crawford ? 1 : 0) : (f.jacoby ? 1 : 0) + (beavers ? 2 : 0);
  auto add = [&s](const std::string& part) {
    s += ':';
    s += part;
  };
  add(std::to_string(lg));
  add(std::to_string(owner));
  add(std::to_string(turn));
  add(dice);
  add(std::to_string(f.score[1]));
  add(std::to_string(f.score[0]));
  add(std::to_string(flag));
  add(std::to_string(f.match_length));
  add(std::to_string(max_cube_log2));
  return s;
}

/// The rules an XGID states: match length, Jacoby (money), beavers (money, the flag's 2: allowed,
/// as GNU Backgammon's default of 3 in a row, BG-9.4) and the cube limit as the cap (BG-8.5).
/// The Crawford rule is on in a match (an XGID does not say otherwise).
template <class V>
[[nodiscard]] constexpr SessionRules xgid_rules(const Xgid<V>& x) noexcept {
  SessionRules r = x.fields.match_length > 0 ? SessionRules::match(x.fields.match_length)
                                             : SessionRules::money({.jacoby = x.fields.jacoby});
  r.beavers = x.beavers ? 3 : 0;
  r.cube_cap = 1 << x.max_cube_log2;
  return r;
}

/// The cube-limit field for `rules`: log2 of the cap, or 10 (GNU Backgammon's and XG's usual
/// value) without one.
[[nodiscard]] constexpr int xgid_cube_limit(const SessionRules& rules) noexcept {
  if (rules.cube_cap == 0) return 10;
  int lg = 0;
  while ((1 << lg) < rules.cube_cap) ++lg;
  return lg;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
