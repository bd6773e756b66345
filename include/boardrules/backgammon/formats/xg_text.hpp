#pragma once
/// \file
/// The text of eXtreme Gammon's files (.xg, .xgp; formats/xg.hpp) as the library's UTF-8: the
/// Pascal short strings of Latin-1 bytes of the older fields, the zero-terminated UTF-16LE strings
/// of the newer ones, and the Delphi date of the match header. Each reads a field of a known
/// size inside bytes the caller has checked, so none can fail.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "boardrules/formats/utf8.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace xg_detail {

// A Pascal short string of `cap` bytes (a length byte, then Latin-1 bytes) as UTF-8: a Latin-1
// byte is the code point of the same value.
[[nodiscard]] inline std::string short_string(std::span<const std::uint8_t> b, std::size_t at, std::size_t cap) {
  std::size_t n = b[at];
  if (n > cap - 1) n = cap - 1;
  std::string s;
  for (std::size_t k = 0; k < n; ++k) append_utf8(s, b[at + 1 + k]);
  return s;
}

// A zero-terminated UTF-16LE string of at most `units` code units as UTF-8: a high surrogate
// followed by a low one is the code point of the pair; an unpaired surrogate becomes U+FFFD
// (append_utf8 writes it for a surrogate).
[[nodiscard]] inline std::string utf16_string(std::span<const std::uint8_t> b, std::size_t at, std::size_t units) {
  const auto unit = [&](std::size_t k) {
    return std::uint32_t{b[at + 2 * k]} | (std::uint32_t{b[at + 2 * k + 1]} << 8);
  };
  std::string s;
  for (std::size_t k = 0; k < units; ++k) {
    std::uint32_t c = unit(k);
    if (c == 0) break;
    if (c >= 0xD800 && c < 0xDC00 && k + 1 < units) {
      const std::uint32_t d = unit(k + 1);
      if (d >= 0xDC00 && d < 0xE000) {
        c = 0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00);
        ++k;
      }
    }
    append_utf8(s, c);
  }
  return s;
}

// A Delphi date (days since 1899-12-30) as "YYYY.MM.DD"; empty when out of a sane range.
[[nodiscard]] inline std::string delphi_date(double d) {
  if (!(d >= 1.0 && d < 2958466.0)) return {};  // 1899-12-31 .. 9999-12-31
  // Days since 1970-01-01, then the civil date (proleptic Gregorian).
  const long z0 = static_cast<long>(d) - 25569L + 719468L;
  const long era = (z0 >= 0 ? z0 : z0 - 146096) / 146097;
  const long doe = z0 - era * 146097;
  const long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const long mp = (5 * doy + 2) / 153;
  const long day = doy - (153 * mp + 2) / 5 + 1;
  const long month = mp < 10 ? mp + 3 : mp - 9;
  const long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  auto two = [](long v) { return (v < 10 ? "0" : "") + std::to_string(v); };
  return std::to_string(year) + "." + two(month) + "." + two(day);
}

}  // namespace xg_detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
