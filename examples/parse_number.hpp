#pragma once
// parse_number: a whole number argument of the example programs (perft's --threads, --hash).

#include <charconv>
#include <string_view>
#include <system_error>

/// Reads all of `text` as a whole number from 0 to `max` into `out`; false (out unchanged) when
/// it is not one.
template <class T>
bool parse_number(std::string_view text, T max, T& out) {
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || v > max) return false;
  out = v;
  return true;
}
