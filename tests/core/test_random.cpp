#include <doctest/doctest.h>

#include <array>
#include <cstdint>

#include "boardrules/core/random.hpp"

using boardrules::Rng;

TEST_CASE("Rng: xoshiro256** matches the reference output for a known state") {
  // Reference: the first outputs of xoshiro256** (Blackman & Vigna's C code) seeded by
  // SplitMix64 from 0, computed by hand from the published algorithms below.
  std::uint64_t x = 0;
  auto splitmix = [&x] {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  };
  std::uint64_t s[4] = {splitmix(), splitmix(), splitmix(), splitmix()};
  auto rotl = [](std::uint64_t v, int k) { return (v << k) | (v >> (64 - k)); };
  Rng rng(0);
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t expected = rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    REQUIRE(rng.next() == expected);
  }
}

TEST_CASE("Rng: dice are in range and roughly uniform") {
  Rng rng(42);
  std::array<int, 7> counts{};
  constexpr int kN = 60000;
  for (int i = 0; i < kN; ++i) {
    const int d = rng.die();
    REQUIRE(d >= 1);
    REQUIRE(d <= 6);
    ++counts[static_cast<std::size_t>(d)];
  }
  for (int d = 1; d <= 6; ++d) {
    CHECK(counts[static_cast<std::size_t>(d)] > kN / 6 - 600);
    CHECK(counts[static_cast<std::size_t>(d)] < kN / 6 + 600);
  }
  for (int i = 0; i < 1000; ++i) {
    const double u = rng.uniform();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
  }
}

TEST_CASE("Rng: same seed, same stream; different seeds differ") {
  Rng a(7), b(7), c(8);
  bool differ = false;
  for (int i = 0; i < 10; ++i) {
    const auto va = a.next();
    CHECK(va == b.next());
    differ = differ || (va != c.next());
  }
  CHECK(differ);
}
