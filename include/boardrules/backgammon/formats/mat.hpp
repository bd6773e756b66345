#pragma once
/// \file
/// The Jellyfish .mat match format, as GNU Backgammon exports and imports it, both ways:
/// parse_mat reads a record (its tokens: mat_tokens.hpp) into record steps and replays every
/// step through the match state machine as it reads it (record_replay.hpp, shared with SGF: an
/// illegal play or cube action is an Error naming the game, the move number and the column);
/// format_mat writes a record as GNU Backgammon does.
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

#include <array>
#include <cstddef>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/formats/mat_tokens.hpp"
#include "boardrules/backgammon/formats/match_record.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/record_replay.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace mat_detail {

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

/// A comment line of the header (`t` trimmed, after its `;` or `#`): a tag `[Key "value"]` is
/// kept in `rec`, and the Crawford, Jacoby, Beaver tags set its rules; other comments are skipped.
inline Status read_tag(std::string_view t, std::size_t at, MatchRecord& rec) {
  const std::string_view c = codec_detail::trim_blanks(t.substr(1));
  const auto q1 = c.find('"');
  const auto q2 = c.rfind('"');
  if (c.size() <= 2 || c.front() != '[' || c.back() != ']' || q1 == std::string_view::npos || q2 <= q1) return {};
  const std::string key(codec_detail::trim_blanks(c.substr(1, q1 - 1)));
  const std::string value(c.substr(q1 + 1, q2 - q1 - 1));
  if (rec.tags.size() == kMaxTags)
    return make_error(ErrorCode::unsupported, "a header of more than " + std::to_string(kMaxTags) + " tags", "header",
                      at);
  rec.tags.emplace_back(key, value);
  const bool on = iequal(value, "on") || iequal(value, "yes") || iequal(value, "true");
  if (iequal(key, "Crawford")) rec.rules.crawford = on;
  if (iequal(key, "Jacoby")) rec.rules.jacoby = on;
  if (iequal(key, "Beaver")) rec.rules.beavers = on ? (rec.rules.beavers > 0 ? rec.rules.beavers : 1) : 0;
  if (iequal(key, "Variation") && !iequal(value, "Backgammon"))
    return make_error(ErrorCode::unsupported, "the variation \"" + value + "\" is not read (only Backgammon)", "header",
                      at);
  return {};
}

/// The header: tags and comments until `N point match` (the match length into `rec`); `at` the
/// offset of the last line read.
inline Status read_header(LineReader& lines, MatchRecord& rec, std::size_t& at, std::size_t text_size) {
  std::string_view line;
  while (lines.next(line, at)) {
    const std::string_view t = codec_detail::trim_blanks(line);
    if (t.empty()) continue;
    if (t[0] == ';' || t[0] == '#') {
      if (auto st = read_tag(t, at, rec); !st.has_value()) return st;
      continue;
    }
    const auto w = words_of(t, at);
    if (w.size() < 3 || !iequal(w[1].text, "point") || !iequal(w[2].text, "match"))
      return make_error(ErrorCode::syntax, "expected \"N point match\" (0 for money play)", "header", at);
    const int n = to_int(w[0].text);
    if (n < 0 || n > kMaxMatchLength)
      return make_error(ErrorCode::out_of_range, "the match length must be 0.." + std::to_string(kMaxMatchLength),
                        "header", at);
    rec.rules.match_length = n;
    return {};
  }
  return make_error(ErrorCode::syntax, "no \"N point match\" line", "header", text_size);
}

/// The score line `name0 : s0   name1 : s1` (at `at`) into the Score step, the names into `names`.
inline Status read_score_line(std::string_view line, std::size_t at, const std::string& where_game,
                              read_detail::ReadStep& score, std::array<std::string, 2>& names) {
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
  score.kind = read_detail::ReadKind::Score;
  score.score = {s0, s1};
  score.offset = at;
  names[0] = std::string(codec_detail::trim_blanks(line.substr(0, c1)));
  names[1] = std::string(codec_detail::trim_blanks(line.substr(j, c2 - j)));
  return {};
}

/// The entries of a numbered line `N) ...` or a line with `Wins` only (its words `w`, at `at`),
/// each with its column: two entries (not counting Wins) are left then right; one goes by where
/// it starts. `number`: the line's move number (kept from the line before when it has none).
inline Result<std::vector<Entry>> read_entries(const std::vector<Word>& w, std::size_t at, int& number,
                                               const std::string& where_game) {
  std::size_t first = 0;
  const int line_start_column = w[0].column;
  if (w[0].text.back() == ')' && to_int(w[0].text.substr(0, w[0].text.size() - 1)) > 0) {
    number = to_int(w[0].text.substr(0, w[0].text.size() - 1));
    first = 1;
  } else if (w[0].text.size() > 1 && w[0].text.find(')') != std::string_view::npos &&
             to_int(w[0].text.substr(0, w[0].text.find(')'))) > 0) {
    return make_error(ErrorCode::syntax, "a blank must follow the move number", where_game, w[0].offset);
  }
  const std::string where = where_game + ", move " + std::to_string(number);
  auto entries = entries_of(w, first);
  if (!entries.has_value()) return Error{entries.error().message, where, entries.error().offset, entries.error().code};
  int slots = 0;
  for (const Entry& e : *entries)
    if (e.kind != EntryKind::Wins) ++slots;
  if (slots > 2) return make_error(ErrorCode::syntax, "more than two entries on a line", where, at);
  int seen = 0;
  for (Entry& e : *entries) {
    const bool by_position = (e.kind == EntryKind::Wins && seen == 0) || (e.kind != EntryKind::Wins && slots == 1);
    if (by_position) e.column = e.start_column - (first ? line_start_column : 0) >= kRightColumn ? 1 : 0;
    else e.column = e.kind == EntryKind::Wins ? 1 : seen;
    if (e.kind != EntryKind::Wins) ++seen;
  }
  return entries;
}

/// The step entry `e` of game `gi` at move `number` says: a play that cannot be read is an
/// Unreadable step (its error raised in its place, after what comes before it).
inline read_detail::ReadStep step_of(const Entry& e, std::size_t gi, int number) {
  using read_detail::ReadKind;
  read_detail::ReadStep r;
  r.player = e.column;
  r.number = number;
  r.offset = e.offset;
  r.value = e.value;
  switch (e.kind) {
    case EntryKind::Double: r.kind = ReadKind::Double; return r;
    case EntryKind::Take: r.kind = ReadKind::Take; return r;
    case EntryKind::Drop: r.kind = ReadKind::Drop; return r;
    case EntryKind::Beaver: r.kind = ReadKind::Beaver; return r;
    case EntryKind::Wins:
    case EntryKind::Losses: r.kind = ReadKind::Wins; return r;  // Losses: not kept by entries_of
    case EntryKind::Roll: break;
  }
  r.kind = ReadKind::Roll;
  r.dice = e.dice;
  if (e.move.empty()) {  // no legal play, or the player resigns after throwing
    r.written = false;
    r.hidden = e.hidden;
    return r;
  }
  auto segs = parse_play_text(e.move);
  if (!segs.has_value()) {
    RecordStep s;
    s.player = e.column;
    s.number = number;
    r.kind = ReadKind::Unreadable;
    r.error = Error{segs.error().message, record_detail::step_where(gi, s),
                    segs.error().offset == Error::npos ? e.move_offset : e.move_offset + segs.error().offset,
                    segs.error().code};
    return r;
  }
  for (const Segment& seg : *segs) r.play.add(seg.from, seg.to, false);
  return r;
}

}  // namespace mat_detail

/// Reads a .mat record (see the file comment) and replays it through BasicMatch: the header
/// (mat_detail::read_header), then a line at a time, each game's score line and its numbered
/// lines read into steps (read_entries, step_of), each step applied as it is read by the replay
/// SGF shares (read_detail::RecordReplay). `rules` gives what the format does not always say:
/// the Crawford rule, and in money play the Jacoby rule and beavers (header tags
/// `[Crawford "Off"]`, `[Jacoby "On"]`, `[Beaver "On"]` override it); the match length is the
/// file's. Errors: the line or the step at fault, with the game, the move number and the column,
/// and the offset in `text`; a header of more than 256 tags (ErrorCode::unsupported). Work and
/// memory: linear in the text (a line at a time; the record keeps a step of about 100 bytes per
/// throw or cube action).
template <class V = Standard>
[[nodiscard]] Result<MatchRecord> parse_mat(std::string_view text, const SessionRules& rules = SessionRules{},
                                            const ReadOptions& opt = ReadOptions{}) {
  using namespace mat_detail;
  using read_detail::ReadKind;
  MatchRecord rec;
  rec.rules = rules;
  LineReader lines(text);
  std::size_t at = 0;
  if (auto st = read_header(lines, rec, at, text.size()); !st.has_value()) return st.error();
  auto made = BasicMatch<V>::make(rec.rules);
  if (!made.has_value()) return Error{made.error().message, "rules", at, made.error().code};
  read_detail::RecordReplay<V> replay(std::move(rec), *made, opt, {.beaver_take_implied = true});
  std::size_t gi = 0;
  bool need_score = false;  // a game opened, its score line not yet read
  int number = 0;
  std::string_view line;
  while (lines.next(line, at)) {
    const auto w = words_of(line, at);
    if (w.empty() || w[0].text[0] == ';' || w[0].text[0] == '#') continue;  // a comment
    const bool opened = !replay.record().games.empty();
    if (iequal(w[0].text, "game") && w.size() == 2 && to_int(w[1].text) > 0) {
      if (opened) {
        read_detail::ReadStep end;
        end.kind = ReadKind::End;
        end.offset = at;
        if (auto st = replay.feed(std::move(end)); !st.has_value()) return st.error();
        ++gi;
      }
      if (to_int(w[1].text) != static_cast<int>(gi) + 1)
        return make_error(ErrorCode::syntax, "expected game " + std::to_string(gi + 1),
                          "game " + std::string(w[1].text), at);
      read_detail::ReadStep game;
      game.kind = ReadKind::Game;
      if (auto st = replay.feed(std::move(game)); !st.has_value()) return st.error();
      need_score = true;
      number = 0;
      continue;
    }
    if (!opened) return make_error(ErrorCode::syntax, "expected \"Game 1\"", "line", at);
    const std::string where_game = "game " + std::to_string(gi + 1);
    if (need_score) {
      read_detail::ReadStep score;
      std::array<std::string, 2> names;
      if (auto st = read_score_line(line, at, where_game, score, names); !st.has_value()) return st.error();
      if (gi == 0) replay.record().players = names;
      if (auto st = replay.feed(std::move(score)); !st.has_value()) return st.error();
      need_score = false;
      continue;
    }
    auto entries = read_entries(w, at, number, where_game);
    if (!entries.has_value()) return entries.error();
    for (const Entry& e : *entries)
      if (auto st = replay.feed(step_of(e, gi, number)); !st.has_value()) return st.error();
  }
  if (need_score)
    return make_error(ErrorCode::syntax, "the game has no score line", "game " + std::to_string(gi + 1), text.size());
  read_detail::ReadStep end;
  end.kind = ReadKind::End;
  end.offset = text.size();
  end.last = true;
  if (auto st = replay.feed(std::move(end)); !st.has_value()) return st.error();
  return std::move(replay).take();
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
