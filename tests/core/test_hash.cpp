#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <set>

#include "boardrules/core/hash.hpp"

namespace {
using boardrules::hash_bytes;
}  // namespace

TEST_CASE("mix64 is SplitMix64's finaliser: its first output from seed 0") {
  // SplitMix64 seeded with 0 first returns mix64(0x9E3779B97F4A7C15) = 0xE220A8397B1DCDAF (the
  // published first value of the generator).
  static_assert(boardrules::neutral_detail::mix64(0x9E3779B97F4A7C15ULL) == 0xE220A8397B1DCDAFULL);
  CHECK(boardrules::neutral_detail::mix64(0x9E3779B97F4A7C15ULL) == 0xE220A8397B1DCDAFULL);
}

TEST_CASE("hash_bytes: the sum of the words' mixes, as an independent implementation computes it") {
  // Expected values from a Python implementation of the definition in hash.hpp (N + the sum over
  // the little-endian words w_i of mix64(w_i + (i + 1) * 0x9E3779B97F4A7C15), modulo 2^64).
  constexpr std::array<std::uint8_t, 1> a{0x61};
  constexpr std::array<std::uint8_t, 2> ab{0x61, 0x62};
  constexpr std::array<std::uint8_t, 2> ba{0x62, 0x61};
  static_assert(hash_bytes(a) == 0x4F5DA978776A9DB2ULL);
  CHECK(hash_bytes(ab) == 0x3B4E21FE1EFC54EAULL);
  CHECK(hash_bytes(ba) == 0x117656BA7B7597DFULL);
  // The backgammon start (bytes 24, 13, 8, 6 = 2, 5, 3, 5 on both halves) and the Warri start
  // (4 in each of the 12 houses).
  std::array<std::uint8_t, 64> start{};
  for (const auto& [point, n] : {std::pair{24, 2}, std::pair{13, 5}, std::pair{8, 3}, std::pair{6, 5}}) {
    start[static_cast<std::size_t>(point)] = static_cast<std::uint8_t>(n);
    start[static_cast<std::size_t>(32 + point)] = static_cast<std::uint8_t>(n);
  }
  CHECK(hash_bytes(start) == 0x4A23A36D1AF41520ULL);
  std::array<std::uint8_t, 16> warri{};
  for (std::size_t i = 0; i < 12; ++i) warri[i] = 4;
  CHECK(hash_bytes(warri) == 0x8CFB7DA14A0F54AFULL);
}

TEST_CASE("hash_bytes: every one-bit change of 64 bytes changes about half of the hash's bits") {
  // Avalanche: over 64 x 8 single-bit flips of a few arrays, the flipped output bits average 32
  // (a sum of independent mixes: each input bit goes through one mix64). Each flip must change
  // at least 12 bits (a binomial(64, 1/2) is below 12 with probability about 1e-7) and the
  // mean must be within 32 +- 1 (its standard deviation over 2048 flips is about 0.09).
  std::array<std::uint8_t, 64> b{};
  double flipped = 0;
  int flips = 0;
  for (std::size_t base = 0; base < 4; ++base) {
    for (std::size_t i = 0; i < 64; ++i) b[i] = static_cast<std::uint8_t>(base == 0 ? 0 : (i * 37 + base) % 16);
    const std::uint64_t h = hash_bytes(b);
    for (std::size_t i = 0; i < 64; ++i)
      for (int bit = 0; bit < 8; ++bit) {
        b[i] ^= static_cast<std::uint8_t>(1u << bit);
        const int d = std::popcount(h ^ hash_bytes(b));
        b[i] ^= static_cast<std::uint8_t>(1u << bit);
        CHECK(d >= 12);
        flipped += d;
        ++flips;
      }
  }
  CHECK(flipped / flips > 31.0);
  CHECK(flipped / flips < 33.0);
}

TEST_CASE("hash_bytes: small counts moved between bytes and words give distinct hashes") {
  // Positions are small counts in fixed places: every way to put 1 or 2 into two of the 64 bytes
  // (4 x C(64, 2) + 2 x 64 arrays) hashes to a distinct value, and so do their low 32 bits.
  std::set<std::uint64_t> full;
  std::set<std::uint32_t> low;
  std::size_t n = 0;
  const auto add = [&](const std::array<std::uint8_t, 64>& b) {
    const std::uint64_t h = hash_bytes(b);
    full.insert(h);
    low.insert(static_cast<std::uint32_t>(h));
    ++n;
  };
  for (std::size_t i = 0; i < 64; ++i)
    for (std::uint8_t v : {std::uint8_t{1}, std::uint8_t{2}}) {
      std::array<std::uint8_t, 64> b{};
      b[i] = v;
      add(b);
    }
  for (std::size_t i = 0; i < 64; ++i)
    for (std::size_t j = i + 1; j < 64; ++j)
      for (std::uint8_t v : {std::uint8_t{1}, std::uint8_t{2}})
        for (std::uint8_t w : {std::uint8_t{1}, std::uint8_t{2}}) {
          std::array<std::uint8_t, 64> b{};
          b[i] = v;
          b[j] = w;
          add(b);
        }
  CHECK(n == 4 * 2016 + 128);
  CHECK(full.size() == n);
  CHECK(low.size() == n);  // 8,192 values in 2^32: a low-bit collision has probability about 0.008
}
