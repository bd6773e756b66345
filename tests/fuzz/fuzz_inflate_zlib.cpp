// Differential fuzz target: formats/inflate.hpp against zlib itself (a test dependency only; Debian's
// zlib1g-dev). The first byte picks the wrapping (bit 0: a zlib stream, inflate_zlib; else raw
// DEFLATE, inflate_raw) and the output limit (bits 1..7: 0..6 a small limit, 0 to 258 bytes,
// so that the limit is met inside a copy; otherwise 64 KiB); the rest is the stream.
// Checks, with zlib given the same bytes and an output buffer one byte larger than the limit
// (one call, Z_FINISH, windowBits 15 / -15):
//   - a stream inflate takes, zlib takes: the same bytes out, the same input consumed;
//   - a stream zlib takes within the limit, inflate takes;
//   - inflate refuses a stream for its limit only when zlib gives more than the limit.
// So both refuse the same streams (a damaged one, an incomplete Huffman code, a distance too far
// back, a bad checksum), whatever the error.
// Seeds (corpus/inflate_zlib): the three streams of tests/data/backgammon/xg/inflate_*.z (stored,
// fixed and dynamic blocks, as zlib streams and again raw), the hand-built dynamic blocks of
// tests/core/make_inflate_cases.py (complete, incomplete, one-bit codes), a stream of zeros that
// meets the limit; written by `make_inflate_cases.py --corpus tests/fuzz/corpus/inflate_zlib`.
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "boardrules/formats/inflate.hpp"
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const bool wrapped = (data[0] & 1u) != 0;
  const unsigned pick = data[0] >> 1;
  const std::size_t limit = pick < 7 ? pick * 43u : std::size_t{1} << 16;
  const std::span<const std::uint8_t> in(data + 1, size - 1);

  auto ours = wrapped ? boardrules::inflate_zlib(in, 0, limit) : boardrules::inflate_raw(in, 0, limit);

  z_stream z{};
  fuzz::check(inflateInit2(&z, wrapped ? 15 : -15) == Z_OK, "zlib: inflateInit2 failed");
  std::vector<std::uint8_t> out(limit + 1);
  z.next_in = const_cast<Bytef*>(in.data());  // zlib's API is not const-correct; it only reads
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&z, Z_FINISH);
  const std::size_t zout = z.total_out;
  const std::size_t zin = z.total_in;
  inflateEnd(&z);
  const bool zlib_takes = rc == Z_STREAM_END && zout <= limit;
  const bool zlib_over = zout > limit;  // more output than the limit, before any error

  if (ours.has_value()) {
    fuzz::check(zlib_takes, "inflate takes a stream zlib refuses");
    fuzz::check(ours->data.size() == zout, "inflate and zlib give different sizes");
    fuzz::check(std::equal(ours->data.begin(), ours->data.end(), out.begin()), "inflate and zlib give other bytes");
    fuzz::check(ours->consumed == zin, "inflate and zlib end the stream at different bytes");
  } else {
    fuzz::check(!zlib_takes, "inflate refuses a stream zlib takes");
    // Past the limit only where zlib gives more than the limit too. (Not the converse: zlib
    // copies the start of a stored block whose end is cut off, which inflate refuses as cut.)
    const bool ours_over = ours.error().message.find("inflates past") != std::string::npos;
    fuzz::check(!ours_over || zlib_over, "inflate meets the output limit where zlib does not");
    fuzz::check(!ours.error().message.empty(), "an error without a message");
  }
  return 0;
}
