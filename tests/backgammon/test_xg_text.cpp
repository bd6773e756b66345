// The strings of eXtreme Gammon files (formats/xg_text.hpp) as UTF-8, from bytes written here by
// hand: Pascal short strings of Latin-1 bytes (a Latin-1 byte is the code point of its value),
// zero-terminated UTF-16LE strings (a surrogate pair is one code point, an unpaired surrogate
// U+FFFD), both cut at their field's size; and the Delphi date of the match header.
#include <doctest/doctest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/xg_text.hpp"

namespace xg_text_test {
namespace xd = boardrules::backgammon::xg_detail;

// `units` UTF-16 code units as little-endian bytes, after one byte of padding (so that the field
// starts at offset 1).
std::vector<std::uint8_t> utf16le_field(const std::vector<std::uint16_t>& units) {
  std::vector<std::uint8_t> b{0xAA};
  for (const std::uint16_t u : units) {
    b.push_back(static_cast<std::uint8_t>(u & 0xFF));
    b.push_back(static_cast<std::uint8_t>(u >> 8));
  }
  return b;
}

std::string utf16_field_text(const std::vector<std::uint16_t>& units, std::size_t field_units) {
  const auto b = utf16le_field(units);
  return xd::utf16_string(std::span<const std::uint8_t>(b), 1, field_units);
}
}  // namespace xg_text_test

TEST_CASE("xg text: a Pascal short string's Latin-1 bytes as UTF-8, at most its field's size") {
  namespace xd = xg_text_test::xd;
  // 0xFF padding, then a length byte of 4 and "Jos" 0xE9 (Latin-1 é), then bytes past the string.
  const std::vector<std::uint8_t> b{0xFF, 4, 'J', 'o', 's', 0xE9, 'x', 'y'};
  const std::span<const std::uint8_t> s(b);
  CHECK(xd::short_string(s, 1, 7) == "Jos\xC3\xA9");
  // A field of 4 bytes holds at most 3 characters, whatever its length byte says.
  CHECK(xd::short_string(s, 1, 4) == "Jos");
  const std::vector<std::uint8_t> high{3, 0x80, 0xA0, 0xFF};  // the C1 control U+0080, NBSP, ÿ
  CHECK(xd::short_string(std::span<const std::uint8_t>(high), 0, 41) == "\xC2\x80\xC2\xA0\xC3\xBF");
  const std::vector<std::uint8_t> empty{0, 'a'};
  CHECK(xd::short_string(std::span<const std::uint8_t>(empty), 0, 41).empty());
}

TEST_CASE("xg text: UTF-16LE strings as UTF-8, surrogate pairs joined, unpaired ones U+FFFD") {
  using xg_text_test::utf16_field_text;
  CHECK(utf16_field_text({'A', 0x00E9, 0x20AC, 0}, 129) == "A\xC3\xA9\xE2\x82\xAC");  // A é €
  // U+1F600 is the pair D83D DE00.
  CHECK(utf16_field_text({0xD83D, 0xDE00, '!', 0}, 129) == "\xF0\x9F\x98\x80!");
  // A high surrogate before a unit that is not a low one: U+FFFD, and that unit is read as itself.
  CHECK(utf16_field_text({0xD83D, 'A', 0}, 129) == "\xEF\xBF\xBD" "A");
  CHECK(utf16_field_text({0xD83D, 0xD83D, 0xDE00, 0}, 129) == "\xEF\xBF\xBD\xF0\x9F\x98\x80");
  // A low surrogate alone, a high one before the terminator.
  CHECK(utf16_field_text({0xDE00, 'B', 0}, 129) == "\xEF\xBF\xBD" "B");
  CHECK(utf16_field_text({'C', 0xDBFF, 0}, 129) == "C\xEF\xBF\xBD");
  // The field's size ends the string: a high surrogate in its last unit is not paired with the
  // unit after the field.
  CHECK(utf16_field_text({'a', 'b', 'c', 0}, 2) == "ab");
  CHECK(utf16_field_text({'a', 0xD83D, 0xDE00, 0}, 2) == "a\xEF\xBF\xBD");
  CHECK(utf16_field_text({0, 'a'}, 129).empty());
}

TEST_CASE("xg text: a Delphi date (days since 1899-12-30) as YYYY.MM.DD") {
  // The dates as Python gives them: datetime.date(1899, 12, 30) + datetime.timedelta(days=n).
  namespace xd = xg_text_test::xd;
  CHECK(xd::delphi_date(1.0) == "1899.12.31");
  CHECK(xd::delphi_date(25569.0) == "1970.01.01");
  CHECK(xd::delphi_date(25569.0 + 59.0) == "1970.03.01");   // 1970 is not a leap year: 31 + 28 days
  CHECK(xd::delphi_date(36585.75) == "2000.02.29");         // 2000 is; the fraction is the time of day
  CHECK(xd::delphi_date(2958465.0) == "9999.12.31");
  CHECK(xd::delphi_date(0.0).empty());
  CHECK(xd::delphi_date(2958466.0).empty());
}
