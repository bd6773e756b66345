#pragma once
/// \file
/// The Jellyfish .mat match format, as GNU Backgammon exports and imports it, both ways:
/// parse_mat reads a record and replays every step through the match state machine (an illegal
/// play or cube action is an Error naming the game, the move number and the column); format_mat
/// writes a record as GNU Backgammon does.
///
/// The format: optional `; [Key "value"]` header lines (other lines starting with `;` or `#` are
/// comments), `N point match` (0: a money session), then per game `Game k`, the score line
/// `name0 : s0   name1 : s1`, and numbered lines of two columns, player 0 on the left:
/// `  1) 52: 13/8 24/22              63: 8/5 11/5`. A column holds a throw and its play (empty
/// when no play is legal, or when the player resigns after throwing), `Doubles => 2`, `Takes`,
/// `Drops`, `Beavers => 4`; `Wins N point(s)` ends the game (after a bear-off, a drop, or a
/// resignation by the player on roll). A beaver's take is not written. Reading is liberal: any
/// case, blanks and tabs, CRLF, `*` hits optional, `bar`/`off` or 25/0, `(2)` repeats, chains.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/formats/match_record.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace mat_detail {

/// A word of a line: its text, its offset in the whole text and its column (tabs to multiples of 8).
struct Word {
  std::string_view text;
  std::size_t offset = 0;
  int column = 0;
};

/// Column from which an entry alone on its line is the right column's (GNU Backgammon writes the
/// left column from 5, the right one from 33).
inline constexpr int kRightColumn = 20;

inline char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

inline bool iequal(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

inline bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

/// The non-negative integer `s`, or -1 (also when it is out of range).
inline int to_int(std::string_view s) noexcept {
  if (s.empty() || s.size() > 9) return -1;
  int v = 0;
  for (char c : s) {
    if (!is_digit(c)) return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

/// The words of `line` (which starts at `offset` in the text).
inline std::vector<Word> words_of(std::string_view line, std::size_t offset) {
  std::vector<Word> out;
  int column = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    if (codec_detail::is_blank(line[i])) {
      column = line[i] == '\t' ? (column / 8 + 1) * 8 : column + 1;
      ++i;
      continue;
    }
    const std::size_t start = i;
    const int start_column = column;
    while (i < line.size() && !codec_detail::is_blank(line[i])) ++i;
    column += static_cast<int>(i - start);
    out.push_back(Word{line.substr(start, i - start), offset + start, start_column});
  }
  return out;
}

/// What a column entry of a line is.
enum class EntryKind { Roll, Double, Take, Drop, Beaver, Wins, Losses };

/// One entry of a line: its kind, column (0 left, 1 right), dice and move words, value.
struct Entry {
  EntryKind kind = EntryKind::Roll;
  int column = 0;
  Dice dice{};
  std::string move;    ///< Roll: the move words, joined by blanks
  std::string hidden;  ///< Roll: the play hidden, as written (`????`, `???`); empty if not
  std::size_t move_offset = 0;
  int value = 0;  ///< Double, Beaver: the cube; Wins: the points
  std::size_t offset = 0;
  int start_column = 0;
};

/// `w` starts with a throw `dd:` (dice 1..6).
inline bool is_throw(std::string_view w) noexcept {
  return w.size() >= 3 && w[0] >= '1' && w[0] <= '6' && w[1] >= '1' && w[1] <= '6' && w[2] == ':';
}

/// The kind of entry the word `w` starts, if it starts one.
inline bool entry_start(std::string_view w, EntryKind& kind) noexcept {
  if (is_throw(w)) kind = EntryKind::Roll;
  else if (iequal(w, "doubles") || iequal(w, "double")) kind = EntryKind::Double;
  else if (iequal(w, "takes") || iequal(w, "take") || iequal(w, "accepts")) kind = EntryKind::Take;
  else if (iequal(w, "drops") || iequal(w, "drop") || iequal(w, "passes") || iequal(w, "pass")) kind = EntryKind::Drop;
  else if (iequal(w, "beavers") || iequal(w, "beaver")) kind = EntryKind::Beaver;
  else if (iequal(w, "wins") || iequal(w, "win")) kind = EntryKind::Wins;
  else if (iequal(w, "losses") || iequal(w, "loses")) kind = EntryKind::Losses;
  else return false;
  return true;
}

/// The entries of the words of one line (after its move number, if any).
inline Result<std::vector<Entry>> entries_of(const std::vector<Word>& words, std::size_t first) {
  std::vector<Entry> out;
  std::size_t i = first;
  while (i < words.size()) {
    const Word& w = words[i];
    Entry e;
    if (!entry_start(w.text, e.kind))
      return make_error(ErrorCode::syntax,
                        "unexpected \"" + std::string(w.text) +
                            "\": a throw (like 52:), Doubles, Takes, Drops, "
                            "Beavers or Wins was expected",
                        "line", w.offset);
    e.offset = w.offset;
    e.start_column = w.column;
    ++i;
    if (e.kind == EntryKind::Roll) {
      e.dice = Dice::unchecked(w.text[0] - '0', w.text[1] - '0');  // is_throw: 1..6
      std::string_view rest = w.text.substr(3);
      e.move_offset = w.offset + 3;
      if (!rest.empty()) e.move = std::string(rest);
      EntryKind k{};
      while (i < words.size() && !entry_start(words[i].text, k)) {
        if (e.move.empty()) e.move_offset = words[i].offset;
        if (!e.move.empty()) e.move += ' ';
        e.move += std::string(words[i].text);
        ++i;
      }
      // no legal play (`Cannot Move`), or a play hidden (`????`: the player resigned instead)
      if (!e.move.empty() && e.move.find_first_not_of('?') == std::string::npos) e.hidden = e.move;
      if (iequal(e.move, "cannot move") || !e.hidden.empty()) e.move.clear();
    } else if (e.kind == EntryKind::Double || e.kind == EntryKind::Beaver || e.kind == EntryKind::Wins ||
               e.kind == EntryKind::Losses) {
      if (e.kind != EntryKind::Wins && i < words.size() &&
          (words[i].text == "=>" || words[i].text == "=" || words[i].text == "==>"))
        ++i;
      e.value = i < words.size() ? to_int(words[i].text) : -1;
      if (e.value < 1) {
        if (e.kind == EntryKind::Wins)
          return make_error(ErrorCode::syntax, "Wins must be followed by the points won", "line", w.offset);
        e.value = 0;  // the value is optional: the replay gives it
      } else {
        ++i;
      }
      if (e.kind == EntryKind::Losses) {  // the loser's side of a `Wins` line: nothing to read
        if (e.value < 1)
          return make_error(ErrorCode::syntax, "Losses must be followed by the points lost", "line", w.offset);
        if (i < words.size() && (iequal(words[i].text, "point") || iequal(words[i].text, "points"))) ++i;
        continue;
      }
      if (e.kind == EntryKind::Wins) {
        if (i < words.size() && (iequal(words[i].text, "point") || iequal(words[i].text, "points"))) ++i;
        if (i + 2 < words.size() && iequal(words[i].text, "and") && iequal(words[i + 1].text, "the") &&
            iequal(words[i + 2].text, "match"))
          i += 3;
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

/// Writes `n` right-aligned in 3 characters, then ") ".
inline void append_number(std::string& out, int n) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%3d) ", n);
  out += buf;
}

/// Pads `out` with spaces from `line_start` to `column`.
inline void pad_to(std::string& out, std::size_t line_start, std::size_t column) {
  while (out.size() - line_start < column) out += ' ';
}

/// The text of a throw and its play, as GNU Backgammon writes it: `52: 13/8 24/22 ` (each step
/// followed by a blank but the fourth; a step landing on a blot marked `*`; 25 the bar, 0 off).
inline std::string roll_text(const RecordStep& s) {
  std::string t = std::to_string(s.dice.d1()) + std::to_string(s.dice.d2()) + ": ";
  if (!s.played) return t;
  for (std::size_t i = 0; i < s.play.size; ++i) {
    t += std::to_string(s.play.from[i]) + "/" + std::to_string(s.play.to[i]);
    if (s.play.hits & (1u << i)) t += '*';
    if (i < 3) t += ' ';
  }
  return t;
}

/// The most header tags read (GNU Backgammon writes about 10): what a header keeps is bounded.
inline constexpr std::size_t kMaxTags = 256;

}  // namespace mat_detail

/// Reads a .mat record (see the file comment) and replays it through BasicMatch. `rules` gives
/// what the format does not always say: the Crawford rule, and in money play the Jacoby rule and
/// beavers (header tags `[Crawford "Off"]`, `[Jacoby "On"]`, `[Beaver "On"]` override it); the
/// match length is the file's. Errors: the line or the step at fault, with the game, the move
/// number and the column, and the offset in `text`; a header of more than 256 tags
/// (ErrorCode::unsupported). Work and memory: linear in the text (a line at a time; the record
/// keeps a step of about 100 bytes per throw or cube action).
template <class V = Standard>
[[nodiscard]] Result<MatchRecord> parse_mat(std::string_view text, const SessionRules& rules = SessionRules{},
                                            const ReadOptions& opt = ReadOptions{}) {
  using namespace mat_detail;
  MatchRecord rec;
  rec.rules = rules;
  std::size_t pos = 0;
  // The lines: (text without the line break, offset).
  auto next_line = [&](std::string_view& line, std::size_t& at) {
    if (pos >= text.size()) return false;
    at = pos;
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos = end + 1;
    return true;
  };
  std::string_view line;
  std::size_t at = 0;
  // --- header: tags and comments until `N point match`
  bool found = false;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") pos = 3;  // a UTF-8 byte order mark
  while (!found && next_line(line, at)) {
    const std::string_view t = codec_detail::trim_blanks(line);
    if (t.empty()) continue;
    if (t[0] == ';' || t[0] == '#') {
      const std::string_view c = codec_detail::trim_blanks(t.substr(1));
      const auto q1 = c.find('"');
      const auto q2 = c.rfind('"');
      if (c.size() > 2 && c.front() == '[' && c.back() == ']' && q1 != std::string_view::npos && q2 > q1) {
        const std::string key(codec_detail::trim_blanks(c.substr(1, q1 - 1)));
        const std::string value(c.substr(q1 + 1, q2 - q1 - 1));
        if (rec.tags.size() == kMaxTags)
          return make_error(ErrorCode::unsupported, "a header of more than " + std::to_string(kMaxTags) + " tags",
                            "header", at);
        rec.tags.emplace_back(key, value);
        const bool on = iequal(value, "on") || iequal(value, "yes") || iequal(value, "true");
        if (iequal(key, "Crawford")) rec.rules.crawford = on;
        if (iequal(key, "Jacoby")) rec.rules.jacoby = on;
        if (iequal(key, "Beaver")) rec.rules.beavers = on ? (rec.rules.beavers > 0 ? rec.rules.beavers : 1) : 0;
        if (iequal(key, "Variation") && !iequal(value, "Backgammon"))
          return make_error(ErrorCode::unsupported, "the variation \"" + value + "\" is not read (only Backgammon)",
                            "header", at);
      }
      continue;
    }
    const auto w = words_of(t, at);
    if (w.size() >= 3 && iequal(w[1].text, "point") && iequal(w[2].text, "match")) {
      const int n = to_int(w[0].text);
      if (n < 0 || n > kMaxMatchLength)
        return make_error(ErrorCode::out_of_range, "the match length must be 0.." + std::to_string(kMaxMatchLength),
                          "header", at);
      rec.rules.match_length = n;
      found = true;
    } else {
      return make_error(ErrorCode::syntax, "expected \"N point match\" (0 for money play)", "header", at);
    }
  }
  if (!found) return make_error(ErrorCode::syntax, "no \"N point match\" line", "header", text.size());
  auto made = BasicMatch<V>::make(rec.rules);
  if (!made.has_value()) return Error{made.error().message, "rules", at, made.error().code};
  BasicMatch<V> m = *made;

  // --- games
  GameRecord* game = nullptr;
  std::size_t gi = 0;
  bool unplayed = false;        // the last step is a throw written without its play
  std::string unplayed_hidden;  // that play hidden, as written (`????`)
  std::size_t unplayed_at = 0;
  bool need_score = false;
  int number = 0;
  auto apply = [&](RecordStep s) -> Status {
    if (auto st = record_detail::apply_step_read(m, gi, s, opt); !st.has_value()) return st;
    game->steps.push_back(s);
    return {};
  };
  auto finish_game = [&](bool last, std::size_t where) -> Status {
    if (game == nullptr) return {};
    if (m.games_played() > static_cast<int>(gi)) {
      game->winner = m.last_result().winner;
      game->points = m.last_result().points;
    }
    return record_detail::check_game_end(m, gi, -1, 0, last, where);
  };
  while (next_line(line, at)) {
    const auto w = words_of(line, at);
    if (w.empty()) continue;
    if (w[0].text[0] == ';' || w[0].text[0] == '#') continue;  // a comment
    if (iequal(w[0].text, "game") && w.size() == 2 && to_int(w[1].text) > 0) {
      if (game != nullptr) {
        if (auto st = finish_game(false, at); !st.has_value()) return st.error();
        ++gi;
      }
      if (to_int(w[1].text) != static_cast<int>(gi) + 1)
        return make_error(ErrorCode::syntax, "expected game " + std::to_string(gi + 1),
                          "game " + std::string(w[1].text), at);
      rec.games.emplace_back();
      game = &rec.games.back();
      need_score = true;
      number = 0;
      unplayed = false;
      continue;
    }
    if (game == nullptr) return make_error(ErrorCode::syntax, "expected \"Game 1\"", "line", at);
    const std::string where_game = "game " + std::to_string(gi + 1);
    if (need_score) {
      // `name0 : s0   name1 : s1`
      const std::size_t c1 = line.find(':');
      const std::size_t c2 = c1 == std::string_view::npos ? c1 : line.find(':', c1 + 1);
      if (c2 == std::string_view::npos)
        return make_error(ErrorCode::syntax, "expected the score line \"name : 0   name : 0\"", where_game, at);
      std::size_t i = c1 + 1;
      while (i < line.size() && codec_detail::is_blank(line[i])) ++i;
      std::size_t j = i;
      while (j < line.size() && is_digit(line[j])) ++j;
      const int s0 = to_int(line.substr(i, j - i));
      const int s1 = to_int(codec_detail::trim_blanks(line.substr(c2 + 1)));
      if (s0 < 0 || s1 < 0) return make_error(ErrorCode::syntax, "the scores must be numbers", where_game, at);
      game->score = {s0, s1};
      if (gi == 0) {
        rec.players[0] = std::string(codec_detail::trim_blanks(line.substr(0, c1)));
        rec.players[1] = std::string(codec_detail::trim_blanks(line.substr(j, c2 - j)));
      }
      if (auto st = record_detail::start_game(m, gi, game->score, at, opt); !st.has_value()) return st.error();
      need_score = false;
      continue;
    }
    // A numbered line `N) ...`, or a line with `Wins` only.
    std::size_t first = 0;
    const int line_start_column = w[0].column;
    if (w[0].text.back() == ')' && to_int(w[0].text.substr(0, w[0].text.size() - 1)) > 0) {
      number = to_int(w[0].text.substr(0, w[0].text.size() - 1));
      first = 1;
    } else if (w[0].text.size() > 1 && w[0].text.find(')') != std::string_view::npos &&
               to_int(w[0].text.substr(0, w[0].text.find(')'))) > 0) {
      return make_error(ErrorCode::syntax, "a blank must follow the move number", where_game, w[0].offset);
    }
    auto entries = entries_of(w, first);
    if (!entries.has_value())
      return Error{entries.error().message, where_game + ", move " + std::to_string(number), entries.error().offset,
                   entries.error().code};
    // Columns: two entries (not counting Wins) are left then right; one goes by where it starts.
    int slots = 0;
    for (const Entry& e : *entries)
      if (e.kind != EntryKind::Wins) ++slots;
    if (slots > 2)
      return make_error(ErrorCode::syntax, "more than two entries on a line",
                        where_game + ", move " + std::to_string(number), at);
    int seen = 0;
    for (Entry& e : *entries) {
      const bool by_position = (e.kind == EntryKind::Wins && seen == 0) || (e.kind != EntryKind::Wins && slots == 1);
      if (by_position) e.column = e.start_column - (first ? line_start_column : 0) >= kRightColumn ? 1 : 0;
      else e.column = e.kind == EntryKind::Wins ? 1 : seen;
      if (e.kind != EntryKind::Wins) ++seen;
    }
    for (const Entry& e : *entries) {
      RecordStep s;
      s.player = e.column;
      s.number = number;
      s.offset = e.offset;
      const std::string where = record_detail::step_where(gi, s);
      if (unplayed && e.kind != EntryKind::Wins) {
        // the throw not played is followed by play, not by a resignation: named by its own place
        const RecordStep last = game->steps.back();
        const std::string dice = std::to_string(last.dice.d1()) + std::to_string(last.dice.d2());
        Error no_play{!unplayed_hidden.empty() ? "the play of " + dice + " is hidden (" + unplayed_hidden +
                                                     ") and no resignation follows: the throw has a legal play (BG-3.5)"
                                               : "the throw has a legal play but none is written (BG-3.5)",
                      record_detail::step_where(gi, last), unplayed_at, ErrorCode::illegal_action};
        if (!opt.lenient) return no_play;
        // as GNU Backgammon reads it: the throw stays unplayed (the checkers stay), the turn passes
        RecordStep turn;
        turn.kind = StepKind::Setup;
        turn.setup = SetupKind::Turn;
        turn.player = 1 - last.player;
        turn.number = last.number;
        turn.offset = unplayed_at;
        if (auto st = apply(turn); !st.has_value()) return no_play;
        no_play.message += ": read as written (the checkers stay, the turn passes)";
        record_detail::warn(opt, std::move(no_play));
      }
      unplayed = false;
      // The take of a beaver is not written: the next step of another kind is made after it.
      const auto& g = m.game();
      if (m.games_played() == static_cast<int>(gi) && g.phase() == Phase::Doubled && g.beavers_in_a_row() > 0 &&
          !((e.kind == EntryKind::Take || e.kind == EntryKind::Drop || e.kind == EntryKind::Beaver) &&
            e.column == g.turn())) {
        RecordStep take;
        take.kind = StepKind::Take;
        take.player = g.turn();
        take.number = number;
        take.offset = e.offset;
        if (auto st = apply(take); !st.has_value()) return st.error();
      }
      switch (e.kind) {
        case EntryKind::Roll: {
          s.kind = StepKind::Roll;
          s.dice = e.dice;
          if (e.move.empty()) {
            s.played = false;
            if (auto st = apply(s); !st.has_value()) return st.error();
            RecordStep& last = game->steps.back();
            if (m.games_played() == static_cast<int>(gi) && m.game().phase() == Phase::Rolled) {
              unplayed = true;  // a resignation must follow, or the record ends
              unplayed_hidden = e.hidden;
              unplayed_at = e.offset;
            } else {
              last.played = true;  // no legal play: the turn passed (BG-3.8)
            }
            break;
          }
          auto segs = parse_play_text(e.move);
          if (!segs.has_value())
            return make_error(segs.error().code, segs.error().message, where,
                              segs.error().offset == Error::npos ? e.move_offset : e.move_offset + segs.error().offset);
          const BasicPosition<V> before =
              m.game().phase() == Phase::TurnStart ? m.game().position() : BasicPosition<V>{};
          for (const Segment& seg : *segs) s.play.add(seg.from, seg.to, false);
          const bool opening = m.game().phase() == Phase::Opening;
          if (auto st = apply(s); !st.has_value()) return st.error();
          // The hits, from the position before the play (BG-5.1).
          BasicPosition<V> p = opening ? BasicPosition<V>::start() : before;
          RecordStep& last = game->steps.back();
          last.play.hits = 0;
          for (std::size_t i = 0; i < last.play.size && p.mover(last.play.from[i]) > 0; ++i)
            if (apply_step(p, last.play.from[i], last.play.to[i]))
              last.play.hits = static_cast<std::uint8_t>(last.play.hits | (1u << i));
          break;
        }
        case EntryKind::Double:
          s.kind = StepKind::Double;
          s.cube = e.value;
          if (auto st = apply(s); !st.has_value()) return st.error();
          game->steps.back().cube = m.game().offered_value();  // when the file leaves it out
          break;
        case EntryKind::Take:
        case EntryKind::Drop:
        case EntryKind::Beaver:
          s.kind = e.kind == EntryKind::Take   ? StepKind::Take
                   : e.kind == EntryKind::Drop ? StepKind::Drop
                                               : StepKind::Beaver;
          s.cube = e.value;
          if (auto st = apply(s); !st.has_value()) return st.error();
          if (s.kind == StepKind::Beaver) game->steps.back().cube = m.game().offered_value();
          break;
        case EntryKind::Losses: break;  // not kept by entries_of
        case EntryKind::Wins: {
          bool rounded = false;  // lenient: a resignation of other points than written (warned)
          if (m.games_played() == static_cast<int>(gi)) {
            // Not over: the player on roll resigns (BG-7.7), conceding points / cube.
            const int cube = m.game().cube().value();
            int kind = e.value % cube == 0 ? e.value / cube : 0;
            if (kind < 1 || kind > 3) {
              Error bad{"the game is not over, and " + std::to_string(e.value) +
                            " points are not a resignation at cube " + std::to_string(cube) + " (BG-7.7)",
                        where, e.offset, ErrorCode::illegal_action};
              if (!opt.lenient) return bad;
              // as GNU Backgammon reads it: the resignation of the points written, rounded up
              kind = std::min(3, (e.value + cube - 1) / cube);
              bad.message += ": read as the resignation of " + std::to_string(kind * cube) + " point(s)";
              rounded = true;
              record_detail::warn(opt, std::move(bad));
            }
            s.kind = StepKind::Resign;
            s.player = m.game().turn();
            if (e.column == s.player) {
              if (!opt.lenient)
                return make_error(ErrorCode::illegal_action,
                                  "only the player on roll resigns, and the winner is the other player (BG-7.7)", where,
                                  e.offset);
              s.player = 1 - e.column;  // the loser resigns out of turn: apply_step_read says so
            }
            s.resign = static_cast<Resign>(kind);
            if (auto st = apply(s); !st.has_value()) return st.error();
          }
          const GameResult& r = m.last_result();
          // Some programs write the points the winner needed to finish the match, not the
          // points won (a gammon at cube 4 that wins a match 2 points away: `Wins 2 points`).
          const bool capped = rec.rules.is_match() && r.points > e.value &&
                              m.score()[static_cast<std::size_t>(r.winner)] >= rec.rules.match_length &&
                              e.value == rec.rules.match_length - game->score[static_cast<std::size_t>(r.winner)];
          if (r.points != e.value && !capped && !rounded) {
            Error bad{"the game is won for " + std::to_string(r.points) + " point(s), not " + std::to_string(e.value),
                      where, e.offset, ErrorCode::invalid_state};
            if (!opt.lenient) return bad;
            bad.message += ": the play's result is kept";
            record_detail::warn(opt, std::move(bad));
          }
          break;
        }
      }
    }
  }
  if (need_score)
    return make_error(ErrorCode::syntax, "the game has no score line", "game " + std::to_string(gi + 1), text.size());
  if (auto st = finish_game(true, text.size()); !st.has_value()) return st.error();
  return rec;
}

namespace mat_detail {
/// Whether the throw not played at step `si` of `g` is played by a later Roll step (a throw set
/// by itself, then played, with only setups between).
inline bool played_later(const GameRecord& g, std::size_t si) {
  const RecordStep& s = g.steps[si];
  for (std::size_t k = si + 1; k < g.steps.size(); ++k) {
    const RecordStep& t = g.steps[k];
    if (t.kind == StepKind::Setup) continue;
    return t.kind == StepKind::Roll && t.played && t.player == s.player &&
           ((t.dice.d1() == s.dice.d1() && t.dice.d2() == s.dice.d2()) ||
            (t.dice.d1() == s.dice.d2() && t.dice.d2() == s.dice.d1()));
  }
  return false;
}
}  // namespace mat_detail

namespace mat_detail {
/// Why parse_mat would not read `name` back as it is, or "" (see check_mat).
inline std::string name_problem(std::string_view name) {
  if (name.find(':') != name.npos) return "holds a ':', which ends a name on the score line";
  if (name.find_first_of("\r\n") != name.npos) return "holds a line break";
  if (!name.empty() && (codec_detail::is_blank(name.front()) || codec_detail::is_blank(name.back())))
    return "starts or ends with a blank (space, tab, CR, LF, VT, FF), which reading trims";
  if (!name.empty() && (name.front() == ';' || name.front() == '#'))
    return "starts with ';' or '#', which makes the score line a comment";
  return "";
}
}  // namespace mat_detail

/// Whether format_mat can write `record` so that parse_mat (given the same rules) reads back its
/// players, tags and games: an Error (ErrorCode::unsupported, where "players", "tags" or the
/// game) names the first thing the format cannot hold: a player's name with a `:` or a line
/// break, with blanks around it, or starting with `;` or `#`; a tag whose key holds a `"` or a
/// line break or has blanks around it, or whose value holds a line break; a
/// `Variation` tag other than Backgammon, or a `Crawford`, `Jacoby` or `Beaver` tag that says
/// other than the record's rules (reading would take the tag's); an edited position (a Setup
/// step), which .mat has no way to write. The names are quoted with their control bytes
/// escaped (printable).
[[nodiscard]] inline Status check_mat(const MatchRecord& record) {
  using namespace mat_detail;
  const auto refuse = [](std::string why, std::string where) {
    return make_error(ErrorCode::unsupported, std::move(why) + ": .mat cannot hold it", std::move(where));
  };
  for (int p = 0; p < 2; ++p) {
    const std::string& name = record.players[static_cast<std::size_t>(p)];
    if (const std::string why = name_problem(name); !why.empty())
      return refuse("player " + std::to_string(p) + "'s name \"" + printable(name) + "\" " + why, "players");
  }
  for (const auto& [key, value] : record.tags) {
    const std::string tag = "the tag \"" + printable(key) + "\"";
    if (key.find_first_of("\"\r\n") != key.npos || codec_detail::trim_blanks(key) != key)
      return refuse(tag + ": a key has no '\"', line break or blanks around it", "tags");
    if (value.find_first_of("\r\n") != value.npos) return refuse(tag + "'s value holds a line break", "tags");
    const bool on = iequal(value, "on") || iequal(value, "yes") || iequal(value, "true");
    const bool says_other = (iequal(key, "Variation") && !iequal(value, "Backgammon")) ||
                            (iequal(key, "Crawford") && on != record.rules.crawford) ||
                            (iequal(key, "Jacoby") && on != record.rules.jacoby) ||
                            (iequal(key, "Beaver") && on != (record.rules.beavers > 0));
    if (says_other) return refuse(tag + " says \"" + printable(value) + "\", other than the record's rules", "tags");
  }
  for (std::size_t gi = 0; gi < record.games.size(); ++gi)
    for (const RecordStep& s : record.games[gi].steps)
      if (s.kind == StepKind::Setup)
        return refuse("an edited position (a setup step)", record_detail::step_where(gi, s));
  return {};
}

/// Writes `record` as GNU Backgammon exports a match: its tags, `N point match`, and per game
/// the score line and the two columns (player 0 on the left; a column left empty when the same
/// player acts twice in a row), `Wins N point(s)` in the winner's column. Preconditions: the
/// record replays (as parse_mat makes it), and check_mat(record) succeeds: a record that breaks
/// it (a name or tag the format cannot hold, an edited position, which is left out as GNU
/// Backgammon exports it) does not read back the same, or at all. Programs check_mat a record
/// from outside first (`backgammon convert --to mat` refuses it).
[[nodiscard]] inline std::string format_mat(const MatchRecord& record) {
  using namespace mat_detail;
  std::string out;
  for (const auto& [key, value] : record.tags) out += "; [" + key + " \"" + value + "\"]\n";
  out += "\n " + std::to_string(record.rules.match_length) + " point match\n\n";
  for (std::size_t gi = 0; gi < record.games.size(); ++gi) {
    const GameRecord& g = record.games[gi];
    out += " Game " + std::to_string(gi + 1) + "\n";
    std::string left = record.players[0] + " : " + std::to_string(g.score[0]);
    while (left.size() < 31) left += ' ';
    if (left.back() != ' ') left += ' ';  // a long name: a blank before the other name all the same
    out += " " + left + record.players[1] + " : " + std::to_string(g.score[1]) + "\n";
    int slot = 0;                // even: the left column of line slot/2 + 1
    std::size_t line_start = 0;  // where the open line starts
    bool open = false;           // a line is being written
    auto put = [&](int player, const std::string& text, bool pad) {
      if ((slot & 1) != player) {  // the other column stays empty
        if ((slot & 1) == 0) {
          line_start = out.size();
          append_number(out, slot / 2 + 1);
          pad_to(out, line_start, 33);
          open = true;
        } else {
          out += '\n';
          open = false;
        }
        ++slot;
      }
      if ((slot & 1) == 0) {
        line_start = out.size();
        append_number(out, slot / 2 + 1);
        out += text;
        if (pad) {
          pad_to(out, line_start, 32);
          out += ' ';
        }
        open = true;
      } else {
        out += text;
        if (pad) {
          out += '\n';
          open = false;
        }
      }
      ++slot;
    };
    for (std::size_t si = 0; si < g.steps.size(); ++si) {
      const RecordStep& s = g.steps[si];
      const bool after_beaver = si > 0 && g.steps[si - 1].kind == StepKind::Beaver;
      switch (s.kind) {
        case StepKind::Roll:
          if (!s.played && played_later(g, si)) break;  // the throw is written with its play
          // an opening throw not played at the end of the record goes to the left column
          // whoever threw it, as GNU Backgammon writes it; followed by a resignation, it goes to
          // the thrower's column, which tells who is on roll and so who resigns (BG-7.7)
          put(si == 0 && !s.played && si + 1 == g.steps.size() ? 0 : s.player, roll_text(s), s.played);
          break;
        case StepKind::Double: put(s.player, " Doubles => " + std::to_string(s.cube), true); break;
        case StepKind::Take:
          // a beaver's take is not written (the next step implies it), unless it ends the record
          if (!after_beaver || si + 1 == g.steps.size()) put(s.player, " Takes", true);
          break;
        case StepKind::Drop: put(s.player, " Drops", true); break;
        case StepKind::Beaver: put(s.player, " Beavers => " + std::to_string(s.cube), true); break;
        case StepKind::Resign: break;  // written as the winner's `Wins`
        case StepKind::Setup: break;   // .mat holds no edited position (see above)
      }
    }
    if (g.winner < 0) continue;
    const std::string wins = "Wins " + std::to_string(g.points) + (g.points == 1 ? " point" : " points");
    if (g.winner == 0) {
      if (open) out += '\n';
      out += "      " + wins + "\n\n";
    } else if (open) {
      // after the loser's drop in the left column one blank more, as GNU Backgammon writes it
      const bool dropped = !g.steps.empty() && g.steps.back().kind == StepKind::Drop;
      pad_to(out, line_start, dropped ? 34 : 33);
      out += wins + "\n\n";
    } else {
      out += std::string(34, ' ') + wins + "\n\n";
    }
  }
  return out;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
