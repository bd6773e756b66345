#pragma once
/// \file
/// A compiler barrier that keeps work observable: perft's Leaves::Make builds every leaf and never
/// reads it, and the optimiser must not drop that work. This is the form for bytes in memory; the
/// form for values in registers, which the Warri kernels pass their vectors, is compiled with
/// them at each level (warri/detail/simd.hpp). Internal helpers of the perft code (not a stable
/// API).

#include "boardrules/core/config.hpp"

#include <cstddef>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::observable_detail {

/// Makes the `size` bytes at `p` observable: the compiler must have computed them, at the cost
/// of storing them, nothing more (GCC and Clang: an empty asm statement that may read memory;
/// elsewhere every byte folded into a volatile).
inline void keep_observable(const void* p, std::size_t size) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  (void)size;
  asm volatile("" : : "r"(p) : "memory");
#else
  const auto* bytes = static_cast<const unsigned char*>(p);
  volatile unsigned char sink = 0;
  for (std::size_t i = 0; i < size; ++i) sink = static_cast<unsigned char>(sink ^ bytes[i]);
#endif
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::observable_detail
