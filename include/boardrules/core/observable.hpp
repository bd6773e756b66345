#pragma once
/// \file
/// Compiler barriers that keep work observable: perft's Leaves::Make builds every leaf and never
/// reads it, and the optimiser must not drop that work. Two forms, for values in registers and for
/// bytes in memory. Internal helpers of the perft code (not a stable API).

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <type_traits>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::observable_detail {

/// Makes the compiler treat `values` as read and changed, so that it keeps the work that made
/// them although the program never reads them. With GCC and Clang an empty asm statement (no
/// instruction; integers stay in general registers, vectors in vector registers); elsewhere a
/// store to a volatile local. Nothing in constant evaluation.
template <class... T>
constexpr void keep(T&... values) noexcept {
  if (std::is_constant_evaluated()) return;
#if defined(__GNUC__) || defined(__clang__)
  auto one = [](auto& v) {
    if constexpr (std::is_integral_v<std::remove_reference_t<decltype(v)>>) {
      asm volatile("" : "+r"(v));
    } else {
      asm volatile("" : "+v"(v));  // an x86 vector register (only the SIMD kernels pass vectors)
    }
  };
#else
  auto one = [](auto& v) {
    volatile std::remove_reference_t<decltype(v)> sink = v;
    (void)sink;
  };
#endif
  (one(values), ...);
}

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
