// libFuzzer target over the bear-off file readers (backgammon/db/bearoff.hpp): whatever the bytes,
// parse_one_sided_bearoff and parse_two_sided_bearoff return a database or an Error, never read
// past the end of the buffer (ASan) and never crash; an accepted file, written again in the
// layout its header names, reads back into the same database.
// Seed corpus (corpus/bg_bearoff/, files named by their SHA-1): makebearoff -o 1, -o 1 -g,
// -o 1 -c -g, -t 1x2, -t 2x1 -C (GNU Backgammon 1.07).
#include <cstddef>
#include <cstdint>
#include <span>

#include "boardrules/backgammon/db/bearoff.hpp"
#include "fuzz_common.hpp"

namespace bg = boardrules::backgammon;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> file(data, size);
  const auto header = bg::parse_bearoff_header(file);
  if (const auto one = bg::parse_one_sided_bearoff(file)) {
    fuzz::check(header && !header->two_sided, "a one-sided file has a one-sided header");
    const auto again = bg::format_one_sided_bearoff(*one, {.compress = header->compressed, .gammons = header->gammons});
    const auto back = bg::parse_one_sided_bearoff(again);
    fuzz::check(back && *back == *one, "a one-sided database reads back from its own file");
  }
  if (const auto two = bg::parse_two_sided_bearoff(file)) {
    fuzz::check(header && header->two_sided, "a two-sided file has a two-sided header");
    const auto again = bg::format_two_sided_bearoff(*two, header->cubeful);
    fuzz::check(again.size() == size, "a two-sided file is written back at its size");
    const auto back = bg::parse_two_sided_bearoff(again);
    fuzz::check(back && *back == *two, "a two-sided database reads back from its own file");
  }
  return 0;
}
