#pragma once
/// \file
/// The legal-play generator of backgammon (BG-3 to BG-6): generate_plays, has_any_play, apply,
/// apply_flipped.

#include "boardrules/core/config.hpp"

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "boardrules/backgammon/detail/dispatch.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/dispatch.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

// kMaxPlays and PlayList, the list generate_plays fills, are defined with the generator
// (detail/generate.hpp), whose kernels use them at every level.

/// Fills `list` with the legal plays of `dice` in `pos` (cleared first): one Play per distinct
/// resulting position (BG-3.9), under BG-3 to BG-6 (maximum dice BG-3.6, higher die BG-3.7, bar
/// entry BG-5, bear-off BG-6). An empty list means no legal play: the turn passes.
/// The order of the list is unspecified. Steps of a Play are in an order in which they are legal.
/// Dice that are not a throw (`Dice{}`, no dice; !dice.valid()) have no play: an empty list.
/// Precondition: is_playable(pos) (at most V::kCheckers checkers a side, never both sides on one
/// point, padding zero; validate(pos) implies it, and every parser of the library checks that):
/// kMaxPlays relies on it, and a position with more checkers can make the generator write past
/// the list. Asserted in debug builds.
template <class V>
constexpr void generate_plays(const BasicPosition<V>& pos, Dice dice, PlayList& list) noexcept {
  assert(is_playable(pos));
  if (!dice.valid()) [[unlikely]] {
    list.clear();
    return;
  }
  list.resize_unchecked(
      BOARDRULES_KERNEL(detail::kernels<V>(), plays, detail::roll_plays)(pos.bytes(), dice, list.data()));
}

/// True when `dice` has at least one legal play in `pos` (cheaper than generate_plays); false
/// for dice that are not a throw (!dice.valid()). Precondition: as generate_plays.
template <class V>
[[nodiscard]] constexpr bool has_any_play(const BasicPosition<V>& pos, Dice dice) noexcept {
  assert(is_playable(pos));
  return dice.valid() && detail::has_any_step(pos.bytes(), dice);
}

/// The position after `play`, still seen from the side that moved (not flipped). A checker
/// landing on a single opposing checker hits it: the blot goes to the opponent's bar (BG-5.1).
/// Precondition: `play` is legal in `pos` (e.g. from generate_plays).
template <class V>
[[nodiscard]] constexpr BasicPosition<V> apply(const BasicPosition<V>& pos, const Play& play) noexcept {
  BasicPosition<V> r = pos;
  for (std::size_t i = 0; i < play.size; ++i) (void)apply_step(r, play.from[i], play.to[i]);
  return r;
}

/// The canonical form of `play` (see Play): the element of generate_plays(pos, dice) that
/// reaches the same position as `play` (BG-3.9), whatever the order of its steps; false, `out`
/// unchanged, when `play` reaches no legal play's position or is no play's shape
/// (play_shape_ok). Allocation-free; generates the plays.
template <class V>
[[nodiscard]] constexpr bool canonical_play(const BasicPosition<V>& pos, Dice dice, const Play& play,
                                            Play& out) noexcept {
  if (!play_shape_ok(play)) return false;
  BasicPosition<V> target = pos;
  for (std::size_t i = 0; i < play.size; ++i) {
    const int from = play.from[i];
    const int to = play.to[i];
    if (target.mover(from) == 0) return false;
    (void)apply_step(target, from, to);
  }
  PlayList legal;
  generate_plays(pos, dice, legal);
  if (legal.empty()) {
    if (play.size != 0) return false;
    out = Play{};
    return true;
  }
  for (const Play& p : legal)
    if (apply(pos, p) == target) {
      out = p;
      return true;
    }
  return false;
}

/// The position after `play`, seen by the next player: apply(pos, play).flipped() in one pass
/// (what every search makes of a child). Precondition: `play` is legal in `pos`.
template <class V>
[[nodiscard]] constexpr BasicPosition<V> apply_flipped(const BasicPosition<V>& pos, const Play& play) noexcept {
  return detail::apply_flipped_selected(pos, play);
}

namespace detail {
/// out = apply_flipped(pos, play), where `out` may be `pos` itself (a game's position updated in
/// place). The position is written at once (AVX2: two 32-byte stores of registers; else the
/// flipped copy, then the steps' bytes), never through a temporary read back as a whole, which
/// would wait for the bytes just stored to reach the cache.
template <class V>
constexpr void apply_flipped_into(const BasicPosition<V>& pos, const Play& play, BasicPosition<V>& out) noexcept {
#ifdef BOARDRULES_BG_APPLY_AVX2
  if (!std::is_constant_evaluated()) {
    avx2::apply_flipped(pos.bytes().data(), play, out.bytes().data());  // reads all of pos first
    return;
  }
#endif
  const Play p = play;
  out = pos.flipped();
  auto& o = out.bytes();
  unsigned hits = 0;
  for (std::size_t i = 0; i < p.size; ++i) {
    const std::size_t s = p.from[i];
    const std::size_t t = p.to[i];
    o[32 + s] = static_cast<std::uint8_t>(o[32 + s] - 1);
    o[32 + t] = static_cast<std::uint8_t>(o[32 + t] + 1);
    if (t >= 1 && t <= 24 && o[25 - t] == 1) {  // a hit (BG-5.1): the blot goes to the bar
      o[25 - t] = 0;
      ++hits;
    }
  }
  o[kBar] = static_cast<std::uint8_t>(o[kBar] + hits);
}
}  // namespace detail

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
