#include <doctest/doctest.h>

#include <array>
#include <cstdint>

#include "boardrules/core/hash.hpp"

TEST_CASE("hash_bytes is FNV-1a 64 followed by h ^ (h >> 29)") {
  // Published FNV-1a 64-bit value of the one-byte string "a".
  constexpr std::uint64_t fnv_a = 0xaf63dc4c8601ec8cULL;
  constexpr std::array<std::uint8_t, 1> a{0x61};
  static_assert(boardrules::hash_bytes(a) == (fnv_a ^ (fnv_a >> 29)));
  CHECK(boardrules::hash_bytes(a) == (fnv_a ^ (fnv_a >> 29)));
  constexpr std::array<std::uint8_t, 2> ab{0x61, 0x62};
  constexpr std::array<std::uint8_t, 2> ba{0x62, 0x61};
  CHECK(boardrules::hash_bytes(ab) != boardrules::hash_bytes(ba));
}
