#pragma once
/// \file
/// Text helpers shared by the formats: Base64 in the alphabet GNU Backgammon's IDs use (each
/// byte read from its high bit, no '=' padding), the one set of blanks that every parser skips,
/// and the trimming of blanks around an ID.
/// Internal helpers of the format headers (not a stable API).

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::codec_detail {

inline constexpr std::string_view kBase64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Value of a Base64 character, or -1.
[[nodiscard]] constexpr int base64_value(char c) noexcept {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

/// Number of Base64 characters that hold N bytes (the last one padded with zero bits).
template <std::size_t N>
inline constexpr std::size_t kBase64Chars = (8 * N + 5) / 6;

/// Writes `bytes` as kBase64Chars<N> characters at `out`: each group of 3 bytes as 4 characters,
/// a last group of 1 or 2 bytes as 2 or 3 characters.
template <std::size_t N>
constexpr void base64_encode(const std::array<std::uint8_t, N>& bytes, char* out) noexcept {
  for (std::size_t i = 0; i < N; i += 3) {
    const std::uint32_t b0 = bytes[i];
    const std::uint32_t b1 = i + 1 < N ? bytes[i + 1] : 0u;
    const std::uint32_t b2 = i + 2 < N ? bytes[i + 2] : 0u;
    const std::uint32_t group = (b0 << 16) | (b1 << 8) | b2;
    const std::size_t chars = i + 3 <= N ? 4 : N - i + 1;
    for (std::size_t c = 0; c < chars; ++c) *out++ = kBase64Alphabet[(group >> (18 - 6 * c)) & 63u];
  }
}

/// Reads kBase64Chars<N> characters of `text` (precondition: it has that many) into `bytes`,
/// the inverse of base64_encode (the padding bits of the last character are ignored). Returns
/// the offset of the first character outside the alphabet, or text.npos.
template <std::size_t N>
[[nodiscard]] constexpr std::size_t base64_decode(std::string_view text, std::array<std::uint8_t, N>& bytes) noexcept {
  constexpr std::size_t kChars = kBase64Chars<N>;
  for (std::size_t i = 0; i < kChars; ++i)
    if (base64_value(text[i]) < 0) return i;
  std::size_t out = 0;
  for (std::size_t i = 0; i < kChars; i += 4) {
    std::uint32_t group = 0;
    for (std::size_t c = 0; c < 4; ++c)
      group = (group << 6) | (i + c < kChars ? static_cast<std::uint32_t>(base64_value(text[i + c])) : 0u);
    for (int b = 2; b >= 0 && out < N; --b) bytes[out++] = static_cast<std::uint8_t>((group >> (8 * b)) & 0xffu);
  }
  return text.npos;
}

/// The blanks every text format of the library skips: space, tab, CR, LF, VT, FF (the C locale's
/// isspace, without its locale).
[[nodiscard]] constexpr bool is_blank(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/// `text` without the blanks around it.
[[nodiscard]] constexpr std::string_view trim_blanks(std::string_view text) noexcept {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::codec_detail
