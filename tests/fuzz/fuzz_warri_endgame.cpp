// libFuzzer target over the Warri endgame file reader (warri/db/table_file.hpp): whatever the bytes,
// parse_database returns a table or an Error, never reads past the end of the buffer (ASan) and
// never crashes. An accepted file holds the boards of its layers, is written again at its size and
// reads back into the same table, is accepted when its own decisions are expected and refused for
// others, and every board of its largest layer probes to its value.
// The bytes are read as they are, then once more with the checksum (bytes 56..63) recomputed, so
// that the header and the values behind a matching checksum are explored too.
// Seed corpus (corpus/warri_endgame/, files named by their SHA-1): format_database of the tables
// of 0 to 3 seeds of Speightstown, Bridgetown, Abapa and Bridgetown with a split at every end, and
// the 3-seed files cut short (to 40 bytes, to the 64-byte header, by their last byte).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/index.hpp"
#include "fuzz_common.hpp"

namespace eg = boardrules::warri::endgame;

namespace {

void check_file(std::span<const std::uint8_t> file) {
  const auto t = eg::parse_database(file);
  if (!t) return;
  fuzz::check(file.size() >= eg::kHeaderBytes && t->max_seeds >= 0 && t->max_seeds <= eg::kMaxBuildSeeds,
              "an accepted file has a header and a seed count in range");
  fuzz::check(t->values.size() == eg::layer_offset(t->max_seeds + 1), "an accepted file holds its layers' boards");
  const auto again = eg::format_database(*t);
  fuzz::check(again.size() == file.size(), "a table is written back at its file's size");
  const auto back = eg::parse_database(again);
  fuzz::check(back && back->values == t->values && back->decisions == t->decisions && back->max_seeds == t->max_seeds &&
                  back->variant == t->variant,
              "a table reads back from its own file");
  fuzz::check(eg::parse_database(file, &t->decisions).has_value(), "a file is accepted for its own decisions");
  eg::Decisions other = t->decisions;
  other.win_seeds = other.win_seeds == 25 ? 24 : 25;
  fuzz::check(!eg::parse_database(file, &other), "a file is refused for other decisions");
  // Every board of the largest layer (at most C(14, 11) = 364 of them for 3 seeds: the seeds'
  // files are small; a larger accepted file is probed at its first and last boards).
  const int n = t->max_seeds;
  const std::uint64_t size = eg::layer_size(n);
  for (std::uint64_t r = 0; r < size; r = (size > 512 && r == 0) ? size - 1 : r + 1) {
    const eg::Board b = eg::unrank(n, r);
    const auto v = t->probe(b);
    fuzz::check(v && *v == t->values[static_cast<std::size_t>(eg::layer_offset(n) + r)],
                "a board probes to the value at its index");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  check_file({data, size});
  if (size >= eg::kHeaderBytes) {
    // The same bytes with the checksum they would need: a copy of exactly `size` bytes, so that a
    // read past its end is caught as well.
    std::vector<std::uint8_t> fixed(data, data + size);
    eg::detail::Checksum sum;
    sum.add(std::span<const std::uint8_t>(fixed).first(56));
    sum.add(std::span<const std::uint8_t>(fixed).subspan(eg::kHeaderBytes));
    eg::detail::put_u64(fixed.data() + 56, sum.value());
    check_file(fixed);
  }
  return 0;
}
