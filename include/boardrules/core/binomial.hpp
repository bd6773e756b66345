#pragma once
/// \file
/// pascal_triangle: a table of binomial coefficients C(n, k) built at compile time, for the
/// combinatorial number systems that rank the positions of the endgame databases.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

/// t[n][k] = C(n, k) for n < Rows, k < Cols (0 where k > n), in T; T must hold
/// C(Rows - 1, min(Cols - 1, (Rows - 1) / 2)).
template <class T, std::size_t Rows, std::size_t Cols>
[[nodiscard]] consteval std::array<std::array<T, Cols>, Rows> pascal_triangle() {
  std::array<std::array<T, Cols>, Rows> t{};
  for (std::size_t n = 0; n < Rows; ++n) {
    t[n][0] = 1;
    for (std::size_t k = 1; k < Cols && k <= n; ++k) t[n][k] = t[n - 1][k - 1] + (k < n ? t[n - 1][k] : T{0});
  }
  return t;
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
