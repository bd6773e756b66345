#pragma once
/// \file
/// UTF-8 (RFC 3629) for the readers that turn another encoding into the library's text: the
/// character references of an XML file (backgammon/formats/met_xml.hpp) and eXtreme Gammon's
/// Latin-1 and UTF-16 strings (backgammon/formats/xg_text.hpp). Every string the library returns
/// is UTF-8, so these readers write each code point they decode with append_utf8.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <string>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// U+FFFD REPLACEMENT CHARACTER: what append_utf8 writes for a value that is no character.
inline constexpr std::uint32_t kReplacementCharacter = 0xFFFD;

/// Appends `code_point` to `out` as UTF-8: one byte below U+0080, two below U+0800, three below
/// U+10000, four up to U+10FFFF. A value that is not a Unicode scalar value (a surrogate,
/// U+D800..U+DFFF, or above U+10FFFF) has no UTF-8 form: U+FFFD is written instead (a caller that
/// must refuse such a value, as an XML character reference, checks it before).
inline void append_utf8(std::string& out, std::uint32_t code_point) {
  std::uint32_t c = code_point;
  if ((c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) c = kReplacementCharacter;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
