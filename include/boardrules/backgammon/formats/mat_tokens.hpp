#pragma once
/// \file
/// The tokens of the Jellyfish .mat format (mat.hpp reads them into a match record): the lines
/// of a text, the words of a line with their columns, and the entries of a numbered line (a
/// throw and its play, Doubles, Takes, Drops, Beavers, Wins), read liberally: any case, blanks
/// and tabs, CRLF, `=> N` optional.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace mat_detail {

/// The lines of a text, one at a time, each without its line break (LF or CRLF), with its
/// offset; a UTF-8 byte order mark skipped.
class LineReader {
 public:
  explicit LineReader(std::string_view text) noexcept : text_(text) {
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  }

  /// The next line into `line` and its offset into `at`: true, or false at the end of the text.
  bool next(std::string_view& line, std::size_t& at) noexcept {
    if (pos_ >= text_.size()) return false;
    at = pos_;
    std::size_t end = text_.find('\n', pos_);
    if (end == std::string_view::npos) end = text_.size();
    line = text_.substr(pos_, end - pos_);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    pos_ = end + 1;
    return true;
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

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

}  // namespace mat_detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
