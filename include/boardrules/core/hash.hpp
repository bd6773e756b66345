#pragma once
/// \file
/// hash_bytes: the 64-bit hash behind the positions' hash(): the bytes read as 64-bit words,
/// each word mixed on its own, the mixes summed. Stable within a build (and in fact across
/// platforms: the words are assembled from the bytes, whatever the byte order); not a
/// persistent format: nothing the library writes holds one.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

// ISA-neutral (config.hpp): the hash of the neutral value types, forced inline.
namespace boardrules {

namespace neutral_detail {

/// SplitMix64's finaliser (Stafford's variant 13): a bijection of 64-bit words in which every
/// input bit changes each output bit with probability close to 1/2.
[[nodiscard]] BOARDRULES_NEUTRAL constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/// The little-endian 64-bit word of bytes [at, at + 8) of `b` (zeros past the end). Compilers
/// turn the shifts into one load.
template <std::size_t N>
[[nodiscard]] BOARDRULES_NEUTRAL constexpr std::uint64_t word_at(const std::array<std::uint8_t, N>& b,
                                                                 std::size_t at) noexcept {
  std::uint64_t w = 0;
  for (std::size_t k = 0; k < 8 && at + k < N; ++k) w |= static_cast<std::uint64_t>(b[at + k]) << (8 * k);
  return w;
}

}  // namespace neutral_detail

/// The hash of N bytes: the sum over the 64-bit words w_i (the last one padded with zeros) of
/// mix64(w_i + (i + 1) × φ), φ = 2^64 / the golden ratio, the word's place entering its mix so
/// that equal words in two places do not cancel; the mixes do not depend on each other, so
/// they run side by side (8 for a backgammon position, 2 for a Warri one). ISA-neutral
/// (config.hpp): the hash of the neutral value types.
template <std::size_t N>
[[nodiscard]] BOARDRULES_NEUTRAL constexpr std::uint64_t hash_bytes(const std::array<std::uint8_t, N>& bytes) noexcept {
  constexpr std::uint64_t kPhi = 0x9E3779B97F4A7C15ULL;
  std::uint64_t h = N;
  for (std::size_t i = 0; i * 8 < N; ++i)
    h += neutral_detail::mix64(neutral_detail::word_at(bytes, i * 8) + (i + 1) * kPhi);
  return h;
}

}  // namespace boardrules
