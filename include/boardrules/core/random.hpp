#pragma once
/// \file
/// Rng: a small, fast, seeded generator (xoshiro256**, seeded through SplitMix64) for dice,
/// playouts and tests. Deterministic for a given seed on every platform. Not for cryptography.

#include "boardrules/core/config.hpp"

#include <cstdint>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// xoshiro256** by Blackman and Vigna, seeded with SplitMix64. 32 bytes of state, a value type.
class Rng {
 public:
  /// Seeds the generator; every seed (0 included) gives a valid, distinct stream.
  constexpr explicit Rng(std::uint64_t seed = 0x9E3779B97F4A7C15ULL) noexcept {
    std::uint64_t x = seed;
    for (auto& s : s_) s = splitmix64(x);
  }

  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  /// A uniform integer in [0, n) without bias (Lemire's method). Precondition: n > 0.
  constexpr std::uint32_t below(std::uint32_t n) noexcept {
    std::uint64_t m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
    auto low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = static_cast<std::uint64_t>(static_cast<std::uint32_t>(next() >> 32)) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  /// A fair die: 1 to 6.
  constexpr int die() noexcept { return static_cast<int>(below(6)) + 1; }

  /// A uniform double in [0, 1).
  constexpr double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  /// UniformRandomBitGenerator interface, so Rng works with <random> and std::shuffle.
  using result_type = std::uint64_t;
  static constexpr result_type min() noexcept { return 0; }
  static constexpr result_type max() noexcept { return ~result_type{0}; }
  constexpr result_type operator()() noexcept { return next(); }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  static constexpr std::uint64_t splitmix64(std::uint64_t& x) noexcept {
    std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint64_t s_[4]{};
};

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
