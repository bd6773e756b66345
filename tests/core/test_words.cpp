// The word reader of the State texts (formats/words.hpp): words, keys and values, offsets, the
// table lookup, keys seen twice, counts and the errors. Expected values written by hand.
#include <doctest/doctest.h>

#include <array>
#include <string_view>

#include "boardrules/formats/words.hpp"

using boardrules::ErrorCode;
using boardrules::find_word;
using boardrules::read_count;
using boardrules::read_count_in;
using boardrules::Word;
using boardrules::WordReader;

namespace words_test {
inline constexpr std::array<std::string_view, 3> kKeys = {"flag", "games", "cycle"};
}  // namespace words_test

using words_test::kKeys;

TEST_CASE("WordReader splits words at blanks, each at its first '=', with its offset and key index") {
  constexpr std::string_view text = "ID:x flag\tgames=12 \n cycle=a=b  x=  y";
  WordReader words(text, 4, kKeys, "state text");
  Word w;
  REQUIRE(words.next(w));
  CHECK(w.text == "flag");
  CHECK(w.key == "flag");
  CHECK(w.value.empty());
  CHECK_FALSE(w.has_value);
  CHECK(w.offset == 5);
  CHECK(w.index == 0);
  REQUIRE(words.next(w));
  CHECK(w.text == "games=12");
  CHECK(w.key == "games");
  CHECK(w.value == "12");
  CHECK(w.has_value);
  CHECK(w.offset == 10);
  CHECK(w.value_offset() == 16);
  CHECK(w.index == 1);
  CHECK(words.position() == 18);
  REQUIRE(words.next(w));
  CHECK(w.key == "cycle");
  CHECK(w.value == "a=b");  // split at the first '=' only
  CHECK(w.offset == 21);
  CHECK(w.index == 2);
  REQUIRE(words.next(w));
  CHECK(w.key == "x");
  CHECK(w.has_value);
  CHECK(w.value.empty());
  CHECK(w.offset == 32);
  CHECK(w.index == 3);  // not a key: the table's size
  REQUIRE(words.next(w));
  CHECK(w.text == "y");
  CHECK(w.offset == 36);
  CHECK_FALSE(words.next(w));
  CHECK(w.text == "y");  // unchanged at the end
  CHECK(words.position() == 37);
  CHECK_FALSE(words.next(w));
}

TEST_CASE("WordReader: a word that is only '=' has an empty key; blanks only give no word") {
  WordReader eq("=", 0, kKeys, "t");
  Word w;
  REQUIRE(eq.next(w));
  CHECK(w.key.empty());
  CHECK(w.value.empty());
  CHECK(w.has_value);
  CHECK(w.index == 3);
  WordReader blanks(" \t\r\n\v\f", 0, kKeys, "t");
  CHECK_FALSE(blanks.next(w));
  CHECK(blanks.position() == 6);
  WordReader past("abc", 9, kKeys, "t");  // an offset past the end reads nothing
  CHECK_FALSE(past.next(w));
  CHECK(past.position() == 3);
}

TEST_CASE("WordReader::skip passes over words, and over the blanks at the end of the text") {
  WordReader three("4,4/4,4 0-0 S cycle=first", 0, kKeys, "t");
  three.skip(3);
  CHECK(three.position() == 13);  // just after "S"
  WordReader short_text("  4,4/4,4 0-0  ", 0, kKeys, "t");
  short_text.skip(3);
  CHECK(short_text.position() == 15);  // fewer words: the whole text
  WordReader none("ab cd", 0, kKeys, "t");
  none.skip(0);
  CHECK(none.position() == 0);
}

TEST_CASE("WordReader::first_time is true once per key") {
  WordReader words("games=1 flag games=2", 0, kKeys, "t");
  Word a;
  Word b;
  Word c;
  REQUIRE((words.next(a) && words.next(b) && words.next(c)));
  CHECK(words.first_time(a));
  CHECK(words.first_time(b));
  CHECK_FALSE(words.first_time(c));  // games again
  CHECK_FALSE(words.first_time(a));
}

TEST_CASE("WordReader::error names the key and the word's offset") {
  WordReader words("ID  games=x", 2, kKeys, "state text");
  Word w;
  REQUIRE(words.next(w));
  const auto e = words.error(w, "expected a number of games");
  CHECK(e.message == "expected a number of games");
  CHECK(e.where == "state text: games");
  CHECK(e.offset == 4);
  CHECK(e.code == ErrorCode::syntax);
  CHECK(e.to_string() == "state text: games: expected a number of games (at offset 4)");
  CHECK(words.error(w, "x", ErrorCode::invalid_state).code == ErrorCode::invalid_state);
  WordReader unknown("x =1", 1, kKeys, "state text");
  REQUIRE(unknown.next(w));
  CHECK(unknown.error(w, "unknown").where == "state text: ");
  CHECK(unknown.error(w, "unknown").offset == 2);
}

TEST_CASE("find_word: the index in the table, or its size") {
  CHECK(find_word(kKeys, "flag") == 0);
  CHECK(find_word(kKeys, "cycle") == 2);
  CHECK(find_word(kKeys, "Cycle") == 3);
  CHECK(find_word(kKeys, "") == 3);
  constexpr std::array<std::string_view, 2> with_empty = {"", "single"};
  CHECK(find_word(with_empty, "") == 0);
  static_assert(find_word(kKeys, "games") == 1);
}

TEST_CASE("read_count: 1 to 9 decimal digits, else -1") {
  CHECK(read_count("0") == 0);
  CHECK(read_count("7") == 7);
  CHECK(read_count("007") == 7);
  CHECK(read_count("120") == 120);
  CHECK(read_count("999999999") == 999999999);
  CHECK(read_count("000000001") == 1);
  CHECK(read_count("1234567890") == -1);  // 10 digits
  CHECK(read_count("0000000001") == -1);
  CHECK(read_count("") == -1);
  CHECK(read_count("-1") == -1);
  CHECK(read_count("+1") == -1);
  CHECK(read_count(" 1") == -1);
  CHECK(read_count("1a") == -1);
  CHECK(read_count("x") == -1);
  static_assert(read_count("42") == 42);
}

TEST_CASE("read_count_in: within lo..hi, both included; out set only then") {
  int n = -5;
  CHECK(read_count_in("3", 3, 255, n));
  CHECK(n == 3);
  CHECK(read_count_in("255", 3, 255, n));
  CHECK(n == 255);
  CHECK_FALSE(read_count_in("2", 3, 255, n));
  CHECK(n == 255);
  CHECK_FALSE(read_count_in("256", 3, 255, n));
  CHECK_FALSE(read_count_in("", 0, 255, n));
  CHECK_FALSE(read_count_in("x", 0, 255, n));
  CHECK(n == 255);
  CHECK(read_count_in("0", 0, 0, n));
  CHECK(n == 0);
}
