// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_BACKGAMMON_DETAIL_APPLY_HPP_
#define BOARDRULES_BACKGAMMON_DETAIL_APPLY_HPP_
/// \file
/// apply_flipped (rules/movegen.hpp): the plain version, the reference, and the version of the
/// level (AVX2 and above: apply_avx2.hpp). Not part of the API.

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "boardrules/backgammon/detail/apply_avx2.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail {

/// apply_flipped in plain C++: the reference of the SIMD version.
template <class V>
[[nodiscard]] constexpr BasicPosition<V> apply_flipped_plain(const BasicPosition<V>& pos, const Play& play) noexcept {
  // The steps are played in the flipped layout: the mover's point p at byte 32 + p, the
  // opponent's checker on the mover's point t at byte 25 - t, the opponent's bar at byte 25.
  // Without branches: the steps past play.size move from byte 58 to itself, and a step that
  // cannot hit (bear-off, or no step) tests byte 26 instead of 25 - t; both bytes are zero.
  BasicPosition<V> r = pos.flipped();
  auto& o = r.bytes();
  constexpr std::size_t kNowhere = 26;
  std::uint8_t hits = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const bool on = i < play.size;
    const std::size_t s = on ? play.from[i] : kNowhere;
    const std::size_t t = on ? play.to[i] : kNowhere;
    o[32 + s] = static_cast<std::uint8_t>(o[32 + s] - 1);
    o[32 + t] = static_cast<std::uint8_t>(o[32 + t] + 1);
    const std::size_t h = t - 1 < 24 ? 25 - t : kNowhere;   // the opponent's byte of point t
    const auto hit = static_cast<std::uint8_t>(o[h] == 1);  // a hit (BG-5.1)
    o[h] = static_cast<std::uint8_t>(o[h] - hit);
    hits = static_cast<std::uint8_t>(hits + hit);
  }
  o[kBar] = static_cast<std::uint8_t>(o[kBar] + hits);
  return r;
}

/// apply_flipped by the widest version of the level (the plain one in constant evaluation).
template <class V>
[[nodiscard]] constexpr BasicPosition<V> apply_flipped_selected(const BasicPosition<V>& pos,
                                                                const Play& play) noexcept {
#ifdef BOARDRULES_BG_APPLY_AVX2
  if (!std::is_constant_evaluated()) {
    BasicPosition<V> r;
    avx2::apply_flipped(pos.bytes().data(), play, r.bytes().data());
    return r;
  }
#endif
  return apply_flipped_plain(pos, play);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE::detail

#endif  // BOARDRULES_BACKGAMMON_DETAIL_APPLY_HPP_
