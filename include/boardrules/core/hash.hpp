#pragma once
/// \file
/// hash_bytes: the 64-bit hash behind the positions' hash() (FNV-1a with a final mix).
/// Stable within a build; not a persistent format.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

// ISA-neutral (config.hpp): the hash of the neutral value types, forced inline.
namespace boardrules {

/// FNV-1a over the bytes, then a shift-xor so that the low bits depend on every byte. ISA-neutral
/// (config.hpp): the hash of the neutral value types.
template <std::size_t N>
[[nodiscard]] BOARDRULES_NEUTRAL constexpr std::uint64_t hash_bytes(const std::array<std::uint8_t, N>& bytes) noexcept {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (auto c : bytes) h = (h ^ c) * 0x100000001b3ULL;
  return h ^ (h >> 29);
}

}  // namespace boardrules
