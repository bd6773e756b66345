// libFuzzer targets over the database file readers of backgammon/db: whatever the bytes, the
// reader returns a database or an Error, never reads past the end of the buffer (ASan) and never
// crashes.
// fuzz_bg_bearoff: parse_one_sided_bearoff and parse_two_sided_bearoff; an accepted file, written
// again in the layout its header names, reads back into the same database. Seed corpus
// (corpus/bg_bearoff/, files named by their SHA-1): makebearoff -o 1, -o 1 -g, -o 1 -c -g, -t 1x2,
// -t 2x1 -C (GNU Backgammon 1.07).
// fuzz_bg_hyper (FUZZ_HYPER): parse_hyper (db/hyper.hpp); an accepted file is written again at its
// size and reads back into the same values within the 24-bit fixed point's rounding. Seed corpus
// (corpus/bg_hyper/): makehyper -c 1 (tests/data/backgammon/bearoff/hyper1.bd), and that file cut
// short by one byte.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/db/hyper.hpp"
#include "fuzz_common.hpp"

namespace bg = boardrules::backgammon;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> file(data, size);
#if defined(FUZZ_HYPER)
  if (const auto db = bg::parse_hyper(file)) {
    fuzz::check(db->checkers() >= 1 && db->checkers() <= 3, "1 to 3 checkers");
    const auto again = bg::format_hyper(*db);
    fuzz::check(again.size() == size, "a Hypergammon database is written back at its file's size");
    const auto back = bg::parse_hyper(again);
    fuzz::check(back && back->checkers() == db->checkers(), "a Hypergammon database reads back");
    const std::uint32_t n = db->side_positions();
    for (std::uint32_t m = 0; m < n; ++m)
      for (std::uint32_t o = 0; o < n; ++o) {
        const bg::HyperEntry& a = db->entry(m, o);
        const bg::HyperEntry& b = back->entry(m, o);
        // A stored value v is read as v / 0xFFFFFF in float (equities: 6 v / 0xFFFFFF - 3) and
        // written back truncated: a few units of 2^-24 off with the floats' rounding (an equity 6
        // times that, the cubeless equity, from the five probabilities, up to 6 of theirs).
        for (std::size_t k = 0; k < 5; ++k)
          fuzz::check(std::fabs(a.probability[k] - b.probability[k]) <= 5e-7f, "a Hypergammon probability reads back");
        fuzz::check(std::fabs(a.equity[0] - b.equity[0]) <= 5e-6f, "a cubeless equity reads back");
        for (std::size_t k = 1; k < 5; ++k)
          fuzz::check(std::fabs(a.equity[k] - b.equity[k]) <= 3e-6f, "a cubeful equity reads back");
      }
  }
  return 0;
#else
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
#endif
}
