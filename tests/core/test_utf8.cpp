// UTF-8 (formats/utf8.hpp): the bytes of code points at each length's first and last value and a
// few between, written from RFC 3629's table (U+0000..U+007F: 0xxxxxxx; ..U+07FF: 110xxxxx
// 10xxxxxx; ..U+FFFF: 1110xxxx 10xxxxxx 10xxxxxx; ..U+10FFFF: 11110xxx and three 10xxxxxx), and
// U+FFFD (EF BF BD) for the values that have no UTF-8 form: surrogates and values above U+10FFFF.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "boardrules/formats/utf8.hpp"

namespace utf8_test {
// The UTF-8 bytes append_utf8 writes for `code_point`.
std::string utf8_of(std::uint32_t code_point) {
  std::string s;
  boardrules::append_utf8(s, code_point);
  return s;
}
}  // namespace utf8_test

TEST_CASE("append_utf8: one byte up to U+007F") {
  using utf8_test::utf8_of;
  CHECK(utf8_of(0x00) == std::string(1, '\x00'));
  CHECK(utf8_of(0x41) == "\x41");  // A
  CHECK(utf8_of(0x7F) == "\x7F");
}

TEST_CASE("append_utf8: two bytes from U+0080 to U+07FF") {
  using utf8_test::utf8_of;
  CHECK(utf8_of(0x80) == "\xC2\x80");
  CHECK(utf8_of(0xE9) == "\xC3\xA9");   // é: 000 1110 1001 -> 110 00011, 10 101001
  CHECK(utf8_of(0xFF) == "\xC3\xBF");   // ÿ, the last Latin-1 character
  CHECK(utf8_of(0x7FF) == "\xDF\xBF");
}

TEST_CASE("append_utf8: three bytes from U+0800 to U+FFFF, the surrogates excepted") {
  using utf8_test::utf8_of;
  CHECK(utf8_of(0x800) == "\xE0\xA0\x80");
  CHECK(utf8_of(0x20AC) == "\xE2\x82\xAC");  // €: 0010 000010 101100
  CHECK(utf8_of(0xD7FF) == "\xED\x9F\xBF");  // the last before the surrogates
  CHECK(utf8_of(0xE000) == "\xEE\x80\x80");  // the first after them
  CHECK(utf8_of(0xFFFD) == "\xEF\xBF\xBD");
  CHECK(utf8_of(0xFFFF) == "\xEF\xBF\xBF");
}

TEST_CASE("append_utf8: four bytes from U+10000 to U+10FFFF") {
  using utf8_test::utf8_of;
  CHECK(utf8_of(0x10000) == "\xF0\x90\x80\x80");
  CHECK(utf8_of(0x1F600) == "\xF0\x9F\x98\x80");  // 😀: 000 011111 011000 000000
  CHECK(utf8_of(0x10FFFF) == "\xF4\x8F\xBF\xBF");
}

TEST_CASE("append_utf8: a surrogate or a value above U+10FFFF is written as U+FFFD") {
  using utf8_test::utf8_of;
  for (const std::uint32_t c : {0xD800u, 0xDBFFu, 0xDC00u, 0xDFFFu, 0x110000u, 0x1FFFFFu, 0xFFFFFFFFu}) {
    CAPTURE(c);
    CHECK(utf8_of(c) == "\xEF\xBF\xBD");
  }
}

TEST_CASE("append_utf8 appends: what the string held stays") {
  std::string s = "ab";
  boardrules::append_utf8(s, 0xE9);
  boardrules::append_utf8(s, 0x1F600);
  boardrules::append_utf8(s, 0x63);
  CHECK(s == "ab\xC3\xA9\xF0\x9F\x98\x80" "c");
}
