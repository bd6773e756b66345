// DEFLATE and zlib streams (formats/inflate.hpp): streams written by Python's zlib with each block
// type (tests/data/backgammon/xg/make_xg.py) inflate to the bytes compressed; the CRC-32 check
// value; every cut and damaged copy of a stream is an error, never a crash; Huffman codes are
// taken or refused as zlib takes or refuses them (make_inflate_cases.py); the output limit is
// always the caller's.
#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "boardrules/formats/inflate.hpp"

namespace {
using namespace boardrules;

std::vector<std::uint8_t> bytes_of(const std::string& name) {
  std::ifstream in(std::string(BOARDRULES_TEST_DATA_DIR "/backgammon/xg/") + name, std::ios::binary);
  REQUIRE_MESSAGE(in.good(), name);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The bytes make_xg.py compresses (inflate_data there): text with repeats, then an LCG's bytes.
std::vector<std::uint8_t> expected_data() {
  std::string text;
  for (int k = 0; k < 300; ++k) text += "Game " + std::to_string(k % 17) + ": 31: 8/5 6/5 ";
  std::vector<std::uint8_t> out(text.begin(), text.end());
  std::uint64_t x = 12345;
  for (int k = 0; k < 3000; ++k) {
    x = (x * 1103515245u + 12345u) % (std::uint64_t{1} << 31);
    out.push_back(static_cast<std::uint8_t>((x >> 16) & 0xFF));
  }
  return out;
}
}  // namespace

TEST_CASE("inflate: zlib's stored, fixed and dynamic blocks") {
  const auto want = expected_data();
  for (const char* name : {"inflate_stored.z", "inflate_fixed.z", "inflate_dynamic.z"}) {
    CAPTURE(name);
    const auto z = bytes_of(name);
    auto r = inflate_zlib(z, 0, want.size());
    REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
    CHECK(r->data == want);
    CHECK(r->consumed == z.size());
    // The limit: one byte less is an error.
    auto small = inflate_zlib(z, 0, want.size() - 1);
    REQUIRE(!small.has_value());
    CHECK(small.error().code == ErrorCode::corrupted);
  }
}

TEST_CASE("inflate: the CRC-32 check value and a continued CRC") {
  const std::string s = "123456789";
  const std::span<const std::uint8_t> b(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
  CHECK(crc32(b) == 0xCBF43926u);
  CHECK(crc32(b.subspan(4), crc32(b.subspan(0, 4))) == 0xCBF43926u);
  CHECK(crc32({}) == 0u);
}

TEST_CASE("inflate: cut and damaged streams are errors") {
  const auto want = expected_data();
  const auto z = bytes_of("inflate_dynamic.z");
  for (std::size_t n = 0; n < z.size(); n += 41) {
    const std::vector<std::uint8_t> cut(z.begin(), z.begin() + static_cast<std::ptrdiff_t>(n));
    auto r = inflate_zlib(cut, 0, want.size());
    REQUIRE_MESSAGE(!r.has_value(), n);
    CHECK(r.error().code == ErrorCode::corrupted);
  }
  for (std::size_t i = 0; i < z.size(); i += 17) {
    auto bad = z;
    bad[i] ^= 0x21;
    auto r = inflate_zlib(bad, 0, want.size());
    if (r.has_value()) CHECK(r->data == want);  // a flip that changes no decoded byte
  }
  auto bad_header = z;
  bad_header[0] = 0x79;
  auto r = inflate_zlib(bad_header, 0, want.size());
  REQUIRE(!r.has_value());
  CHECK(r.error().where == "zlib stream");
  CHECK(r.error().offset == 0);
  const std::uint8_t reserved[] = {0x07};  // final block of type 3
  auto t3 = inflate_raw(reserved, 0, 1);
  REQUIRE(!t3.has_value());
  CHECK(t3.error().message == "a block of the reserved type 3");
}

TEST_CASE("inflate: Huffman codes as zlib takes them") {
  // Final dynamic blocks built by tests/core/make_inflate_cases.py, which prints zlib's verdict
  // on each (the oracle). zlib takes a complete code, and an incomplete literal/length or
  // distance code only when all its codes are one bit long; it refuses every other incomplete
  // code.
  const std::uint8_t one_bit_codes[] = {0x05, 0xc0, 0xb1, 0x09, 0x00, 0x00, 0x00, 0x80, 0xa0, 0xff, 0xbf, 0x56};
  auto r = inflate_raw(one_bit_codes, 0, 16);
  REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
  CHECK(r->data.empty());
  CHECK(r->consumed == sizeof one_bit_codes);
  const std::uint8_t one_distance_code[] = {0x0d, 0xc0, 0xb1, 0x09, 0x00, 0x00, 0x00, 0x80,
                                            0xa0, 0xdb, 0xfc, 0xff, 0xa9, 0xd2, 0x02};
  r = inflate_raw(one_distance_code, 0, 16);
  REQUIRE_MESSAGE(r.has_value(), r.error().to_string());
  CHECK(std::string(r->data.begin(), r->data.end()) == "AAAA");
  // zlib: "invalid distances set", "invalid literal/lengths set", "invalid code lengths set".
  const std::vector<std::vector<std::uint8_t>> refused = {
      {0x0d, 0xc1, 0xb1, 0x09, 0x00, 0x00, 0x00, 0x80, 0xa0, 0xdb, 0xfc, 0xff, 0xa9, 0x32, 0x0b},
      {0x05, 0xc0, 0xb1, 0x09, 0x00, 0x00, 0x00, 0x80, 0xa0, 0xdb, 0xfa, 0xff, 0xa9, 0x44},
      {0x05, 0xc0, 0x81, 0x09, 0x00, 0x00, 0x00, 0x80, 0xa0, 0xd9, 0xda, 0x7f, 0xa9, 0x44},
      // A 13-byte stream whose distance code is incomplete; it would decode to "A" if the code
      // were taken (zlib: "invalid distances set").
      {0x05, 0xc0, 0x81, 0x00, 0x00, 0x00, 0x00, 0x80, 0x20, 0xb6, 0xfc, 0xa5, 0x5a}};
  for (const auto& s : refused) {
    CAPTURE(s.size());
    auto bad = inflate_raw(s, 0, 16);
    REQUIRE(!bad.has_value());
    CHECK(bad.error().code == ErrorCode::corrupted);
    CHECK(bad.error().message.find("incomplete") != std::string::npos);
  }
}

// The output limit has no default: every caller sizes it to what its format holds.
template <class S>
concept InflatesWithoutLimit = requires(S s) {
  inflate_zlib(s);
}
|| requires(S s) { inflate_raw(s); }
|| requires(S s) { inflate_zlib(s, 0); }
|| requires(S s) { inflate_raw(s, 0); };
static_assert(!InflatesWithoutLimit<std::span<const std::uint8_t>>);
