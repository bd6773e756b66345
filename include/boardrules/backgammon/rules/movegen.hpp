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

#include "boardrules/backgammon/detail/apply_avx2.hpp"
#include "boardrules/backgammon/detail/generate.hpp"
#include "boardrules/backgammon/rules/dice.hpp"
#include "boardrules/backgammon/rules/play.hpp"
#include "boardrules/backgammon/rules/position.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// Capacity of a PlayList: an upper bound on the distinct legal plays (BG-3.9) of one roll.
///
/// Derivation (the bound GNU Backgammon also uses, MAX_MOVES = 3060). Label the mover's 15
/// checkers. A play of a double d moves checker i by k_i steps of d with k_1 + ... + k_15 <= 4
/// (exactly the number of dice played, the same for every play of the roll, BG-3.6), and the
/// vector (k_i) fixes the resulting position: checker i ends k_i * d pips further (or off), and
/// the blots hit are those on the points its steps land on. So a double has at most as many
/// distinct plays as compositions of 4 into 15 parts, C(4 + 14, 14) = 3060. A non-double play is
/// fixed by the checkers that play the higher and the lower die (at most 15 x 15 + 15 choices,
/// one route each plus the swap of a single checker's route), well below 3060.
/// (Every variant has at most 15 checkers a side.) The largest count found by search, 2226 plays
/// of 1-1 (hill climbing; the position is in tests/backgammon/test_perft.cpp), is well inside.
inline constexpr std::size_t kMaxPlays = 3060;

/// The plays of one roll: one Play per distinct resulting position. Its storage has
/// detail::kPlaySpare plays more than kMaxPlays, for the generator's 64-byte stores.
using PlayList = FixedList<Play, kMaxPlays, detail::kPlaySpare>;

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
  const auto& b = pos.bytes();
  list.resize_unchecked(detail::write_plays(b, detail::PositionSummary(b), dice, list.data()));
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

namespace detail {
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

}  // namespace detail

/// The position after `play`, seen by the next player: apply(pos, play).flipped() in one pass
/// (what every search makes of a child). Precondition: `play` is legal in `pos`.
template <class V>
[[nodiscard]] constexpr BasicPosition<V> apply_flipped(const BasicPosition<V>& pos, const Play& play) noexcept {
#ifdef BOARDRULES_BG_APPLY_AVX2
  if (!std::is_constant_evaluated()) {
    BasicPosition<V> r;
    detail::avx2::apply_flipped(pos.bytes().data(), play, r.bytes().data());
    return r;
  }
#endif
  return detail::apply_flipped_plain(pos, play);
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
