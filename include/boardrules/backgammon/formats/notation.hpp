#pragma once
/// \file
/// Standard move notation, both ways, as GNU Backgammon writes it: `24/18 13/11`, chains
/// `13/7*/5` and `24/13` (one checker moved by several dice), repeats `8/5(2)` and `6/off(3)`,
/// `bar/22*`, hits marked `*` (optional on input). Points are in the mover's numbering (BG-1.3):
/// 1..24, `bar` (also 25 on input) and `off` (also 0 on input). Moves are separated by blanks
/// (or commas on input).
///
/// parse_play_text reads the text; resolve_play (game/resolve_play.hpp) finds the legal play it
/// means in a position with a roll, by the position it reaches (BG-3.9); format_play writes a play as GNU Backgammon
/// does. Text in, Result out: malformed text and text that means no legal play are Errors
/// saying which part is wrong.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "boardrules/backgammon/game/resolve_play.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {

// A separator between the parts of a play: a blank or a comma.
[[nodiscard]] constexpr bool notation_space(char c) noexcept { return codec_detail::is_blank(c) || c == ','; }

// Reads a point at s[i]: 1..24, "bar" or 25, "off" or 0 (words case-insensitive). -1 when none.
inline int notation_point(std::string_view s, std::size_t& i) noexcept {
  auto word = [&](std::string_view w) {
    if (s.size() - i < w.size()) return false;
    for (std::size_t k = 0; k < w.size(); ++k)
      if ((s[i + k] | 0x20) != w[k]) return false;
    i += w.size();
    return true;
  };
  if (i >= s.size()) return -1;
  if (word("bar")) return kBar;
  if (word("off")) return kOff;
  int n = 0;
  std::size_t k = i;
  while (k < s.size() && s[k] >= '0' && s[k] <= '9' && k - i < 3) n = n * 10 + (s[k++] - '0');
  if (k == i || n > kBar) return -1;
  i = k;
  return n;
}


}  // namespace detail

/// Parses move text into its segments (repeats expanded). Empty text is the empty play (no
/// legal play: the turn passes, BG-5.4). Errors: malformed text (with the offset), a point out
/// of range, a checker moving backwards, more than four segments.
[[nodiscard]] inline Result<SegmentList> parse_play_text(std::string_view text) {
  SegmentList out;
  std::size_t i = 0;
  const auto fail = [&](const std::string& why) { return make_error(ErrorCode::syntax, why, "move text", i); };
  while (true) {
    while (i < text.size() && detail::notation_space(text[i])) ++i;
    if (i >= text.size()) break;
    const std::size_t token = i;
    std::array<std::uint8_t, 8> pts{};
    std::array<bool, 8> hit{};
    std::size_t n = 0;
    while (true) {
      const int p = detail::notation_point(text, i);
      if (p < 0) return fail("expected a point (1..24, bar or off)");
      if (n == pts.size()) return fail("too many points in one chain");
      pts[n] = static_cast<std::uint8_t>(p);
      if (i < text.size() && text[i] == '*') {
        hit[n] = true;
        ++i;
      }
      ++n;
      if (i < text.size() && text[i] == '/') {
        ++i;
        continue;
      }
      break;
    }
    int count = 1;
    if (i < text.size() && text[i] == '(') {
      ++i;
      if (i + 1 >= text.size() || text[i] < '1' || text[i] > '4' || text[i + 1] != ')')
        return fail("expected a repeat count (1) to (4)");
      count = text[i] - '0';
      i += 2;
    }
    if (i < text.size() && !detail::notation_space(text[i]))
      return fail("unexpected character '" + std::string(1, text[i]) + "'");
    if (n < 2) {
      i = token;
      return fail("a move is written from/to, e.g. 24/18");
    }
    for (std::size_t k = 0; k + 1 < n; ++k) {
      const int a = pts[k];
      const int b = pts[k + 1];
      if (a == kOff || b == kBar || b >= a) {
        i = token;
        return fail("checkers move forward, from a higher point to a lower one (" + detail::notation_point_name(a) +
                    "/" + detail::notation_point_name(b) + ", BG-1.3)");
      }
      if (hit[k] && k == 0) {
        i = token;
        return fail("a hit is marked on the point a checker starts from");
      }
    }
    if (hit[n - 1] && pts[n - 1] == kOff) {
      i = token;
      return fail("no hit can be made bearing off");
    }
    for (int c = 0; c < count; ++c)
      for (std::size_t k = 0; k + 1 < n; ++k) {
        if (out.size() == out.capacity()) {
          i = token;
          return fail("more than four checker moves: a roll moves checkers by at most four dice");
        }
        out.push_back(Segment{pts[k], pts[k + 1], hit[k + 1]});
      }
  }
  return out;
}

/// parse_play_text then resolve_play: the legal play that `text` means.
template <class V>
[[nodiscard]] Result<Play> parse_play(const BasicPosition<V>& pos, Dice dice, std::string_view text) {
  auto segs = parse_play_text(text);
  if (!segs) return segs.error();
  return resolve_play(pos, dice, *segs);
}

/// `play` (legal in `pos`) written as GNU Backgammon writes it: its steps ordered by starting
/// point, highest first (then by landing point, highest first); steps that continue one
/// checker's move merged into a chain that shows an intermediate point only where it hits;
/// identical moves written once with their number `(n)`; `*` after a landing point where an
/// opposing blot stood, once per point. The empty play is the empty string.
template <class V>
[[nodiscard]] std::string format_play(const BasicPosition<V>& pos, const Play& play) {
  struct Chain {
    std::array<int, 5> pts{};
    int n = 0;
    int count = 1;
  };
  std::array<std::array<int, 2>, 4> steps{};
  const std::size_t m = std::min<std::size_t>(play.size, 4);
  for (std::size_t i = 0; i < m; ++i) steps[i] = {play.from[i], play.to[i]};
  // At most four steps: insertion sort, starting point then landing point, highest first.
  for (std::size_t i = 1; i < m; ++i)
    for (std::size_t j = i;
         j > 0 && (steps[j][0] != steps[j - 1][0] ? steps[j][0] > steps[j - 1][0] : steps[j][1] > steps[j - 1][1]); --j)
      std::swap(steps[j], steps[j - 1]);
  const auto blot = [&](int p) { return p >= 1 && p <= 24 && pos.opponent_at_mover_point(p) != 0; };
  // Merge: each unmerged step, in order, takes every later step that starts where it ends.
  std::array<Chain, 4> chains{};
  std::array<bool, 4> taken{};
  std::size_t nc = 0;
  for (std::size_t i = 0; i < m; ++i) {
    if (taken[i]) continue;
    Chain c;
    c.pts[0] = steps[i][0];
    c.pts[1] = steps[i][1];
    c.n = 2;
    for (std::size_t j = i + 1; j < m; ++j) {
      if (taken[j] || steps[j][0] != c.pts[static_cast<std::size_t>(c.n - 1)]) continue;
      if (blot(c.pts[static_cast<std::size_t>(c.n - 1)]))
        c.pts[static_cast<std::size_t>(c.n++)] = steps[j][1];  // keep the hit point
      else c.pts[static_cast<std::size_t>(c.n - 1)] = steps[j][1];
      taken[j] = true;
    }
    // Identical chains are counted once.
    bool dup = false;
    for (std::size_t k = 0; k < nc && !dup; ++k)
      if (chains[k].n == c.n && std::equal(c.pts.begin(), c.pts.begin() + c.n, chains[k].pts.begin())) {
        ++chains[k].count;
        dup = true;
      }
    if (!dup) chains[nc++] = c;
  }
  std::string out;
  std::uint32_t marked = 0;
  for (std::size_t k = 0; k < nc; ++k) {
    const Chain& c = chains[k];
    if (k != 0) out += ' ';
    out += detail::notation_point_name(c.pts[0]);
    for (int j = 1; j < c.n; ++j) {
      const int p = c.pts[static_cast<std::size_t>(j)];
      out += '/';
      out += detail::notation_point_name(p);
      if (j < c.n - 1 || (blot(p) && ((marked >> p) & 1u) == 0)) {
        out += '*';
        marked |= 1u << p;
      }
    }
    if (c.count > 1) {  // appended piece by piece: GCC 12 -O3 warns (-Wrestrict) on "(" + std::string
      out += '(';
      out += std::to_string(c.count);
      out += ')';
    }
  }
  return out;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
