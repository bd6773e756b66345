#pragma once
/// \file
/// The words of a one-line text such as a State's to_string() (both games): words separated by
/// blanks (codec.hpp's is_blank), each a `key` or a `key=value`, read one at a time with the
/// offset where it starts; each key looked up in the table of the keys the text may hold and
/// seen at most once; decimal counts; and an Error that names the word's key and its offset.
/// The caller decides what a key's value must be and in what order it checks.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// One word of a text: `key`, or `key=value` split at its first '='.
struct Word {
  std::string_view text;   ///< the whole word
  std::string_view key;    ///< before the first '=' (the whole word when it has none)
  std::string_view value;  ///< after the first '=' (empty when there is none)
  bool has_value = false;  ///< the word has an '=' (its value may still be empty)
  std::size_t offset = 0;  ///< the offset of the word's first character in the text
  std::size_t index = 0;   ///< the key's index in the reader's table; the table's size when not there

  /// The offset of the value's first character in the text. Precondition: has_value.
  [[nodiscard]] constexpr std::size_t value_offset() const noexcept { return offset + key.size() + 1; }
};

/// The index of `word` in `table`, or N when it is not there.
template <std::size_t N>
[[nodiscard]] constexpr std::size_t find_word(const std::array<std::string_view, N>& table,
                                              std::string_view word) noexcept {
  std::size_t i = 0;
  while (i < N && table[i] != word) ++i;
  return i;
}

/// A count in decimal: 1 to 9 digits (so that it fits an int), leading zeros allowed; -1 for
/// anything else (empty, a sign, a blank, another character, 10 digits or more).
[[nodiscard]] constexpr int read_count(std::string_view digits) noexcept {
  if (digits.empty() || digits.size() > 9) return -1;
  int n = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return -1;
    n = 10 * n + (c - '0');
  }
  return n;
}

/// read_count(digits) when it is within lo..hi (both included): true, and `out` is set; false
/// otherwise, `out` unchanged.
[[nodiscard]] constexpr bool read_count_in(std::string_view digits, int lo, int hi, int& out) noexcept {
  const int n = read_count(digits);
  if (n < 0 || n < lo || n > hi) return false;
  out = n;
  return true;
}

/// Reads the words of `text` from an offset on, looking each key up in `keys` (at most 32).
/// Offsets are those of `text`; errors name `where` and the key ("state text: games").
template <std::size_t N>
class WordReader {
  static_assert(N <= 32, "first_time() keeps a bit per key");

 public:
  /// A reader of text[from..]; `keys` and `where` must outlive it.
  constexpr WordReader(std::string_view text, std::size_t from, const std::array<std::string_view, N>& keys,
                       std::string_view where) noexcept
      : text_(text), keys_(keys), where_(where), at_(from < text.size() ? from : text.size()) {}

  /// The next word into `w` (blanks before it skipped); false, `w` unchanged, when only blanks
  /// are left.
  constexpr bool next(Word& w) noexcept {
    skip_blanks();
    const std::size_t start = at_;
    while (at_ < text_.size() && !codec_detail::is_blank(text_[at_])) ++at_;
    if (start == at_) return false;
    w.text = text_.substr(start, at_ - start);
    const std::size_t eq = w.text.find('=');
    w.has_value = eq != std::string_view::npos;
    w.key = w.text.substr(0, eq);
    w.value = w.has_value ? w.text.substr(eq + 1) : std::string_view{};
    w.offset = start;
    w.index = find_word(keys_, w.key);
    return true;
  }

  /// Passes over the next `n` words (all that are left when there are fewer, and the blanks
  /// after them).
  constexpr void skip(int n) noexcept {
    for (int i = 0; i < n; ++i) {
      skip_blanks();
      while (at_ < text_.size() && !codec_detail::is_blank(text_[at_])) ++at_;
    }
  }

  /// The offset of the first character not read yet (the text's size at its end).
  [[nodiscard]] constexpr std::size_t position() const noexcept { return at_; }

  /// Whether this is the first word of its key: true the first time, false when a word of the
  /// same key was passed here before. Precondition: w.index < N (a known key).
  [[nodiscard]] constexpr bool first_time(const Word& w) noexcept {
    const std::uint32_t bit = std::uint32_t{1} << w.index;
    const bool first = (seen_ & bit) == 0;
    seen_ |= bit;
    return first;
  }

  /// An error about the word `w`: `message`, where "<where>: <key>", at the word's offset.
  [[nodiscard]] Error error(const Word& w, std::string message, ErrorCode code = ErrorCode::syntax) const {
    return make_error(code, std::move(message), std::string(where_) + ": " + std::string(w.key), w.offset);
  }

 private:
  constexpr void skip_blanks() noexcept {
    while (at_ < text_.size() && codec_detail::is_blank(text_[at_])) ++at_;
  }

  std::string_view text_;
  const std::array<std::string_view, N>& keys_;
  std::string_view where_;
  std::size_t at_;
  std::uint32_t seen_ = 0;  // bit k: a word of key k was passed to first_time()
};

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
