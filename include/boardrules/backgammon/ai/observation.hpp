#pragma once
/// \file
/// The observation tensor of a backgammon match for learning code: TD-Gammon's board encoding
/// plus the cube, the match score and the dice, from one player's perspective, written into the
/// caller's buffer (no allocation).
///
/// kObservationSize = 210 floats; "me" is the perspective player, "they" the other:
///   [0, 96)     my points 1..24 in my numbering (BG-1.3), 4 floats per point p at 4 (p - 1):
///               n >= 1, n >= 2, n >= 3 (each 1 or 0), and (n - 3) / 2 when n > 3 (else 0)
///   [96, 192)   their points 1..24 in their numbering, the same 4 floats at 96 + 4 (p - 1)
///   [192] my checkers on the bar / 2     [193] theirs on the bar / 2
///   [194] my checkers borne off / 15     [195] theirs borne off / 15
///   [196] 1 if I am on roll (my turn to roll or play)    [197] 1 if they are on roll
///   [198] log2(cube value) / 6   [199] 1 if the cube is centred   [200] 1 if I own it
///   [201] 1 if they own it
///   [202] 1 in a match, 0 in money play
///   [203] my away count (points I still need) / match length   [204] theirs   (0 in money play)
///   [205] 1 in the Crawford game (BG-10.2)
///   [206] the high die / 6   [207] the low die / 6   (0 0 until the dice are thrown this turn)
///   [208] 1 if a double is offered to me   [209] the resignation offered to me: 1, 2 or 3 / 3
/// Before the opening throw "on roll" is nobody: [196] and [197] are 0.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <span>

#include "boardrules/backgammon/game/match.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// Floats of an observation (see the file comment).
inline constexpr std::size_t kObservationSize = 210;

namespace detail {
/// The 4 floats of a point holding n checkers (0..15), as the file comment gives them.
inline constexpr std::array<std::array<float, 4>, 16> kPointFeatures = [] {
  std::array<std::array<float, 4>, 16> t{};
  for (std::size_t n = 0; n < 16; ++n)
    t[n] = {n >= 1 ? 1.0f : 0.0f, n >= 2 ? 1.0f : 0.0f, n >= 3 ? 1.0f : 0.0f,
            n > 3 ? static_cast<float>(n - 3) * 0.5f : 0.0f};
  return t;
}();
}  // namespace detail

/// Writes the observation of `m` from `player`'s perspective (0 or 1) into out[0..209].
/// Precondition: out.size() >= kObservationSize.
template <class V>
void write_observation(const BasicMatch<V>& m, int player, std::span<float> out) noexcept {
  assert(out.size() >= kObservationSize);
  const auto& g = m.game();
  const bool opening = g.phase() == Phase::Opening;
  const BasicPosition<V> pos = opening ? g.position() : g.position_of(player);
  const auto& b = pos.bytes();
  float* o = out.data();
  for (std::size_t side = 0; side < 2; ++side) {
    for (std::size_t p = 1; p <= 24; ++p) {
      // A point holds at most 15 checkers (BG-1.1), so the mask changes nothing: it keeps the read
      // inside the table whatever the byte.
      const auto& f = detail::kPointFeatures[b[32 * side + p] & 15u];
      std::copy_n(f.data(), 4, o + 96 * side + 4 * (p - 1));
    }
    o[192 + side] = static_cast<float>(b[32 * side + kBar]) * 0.5f;
    o[194 + side] = static_cast<float>(b[32 * side + kOff]) / 15.0f;
  }
  const int them = 1 - player;
  o[196] = !opening && g.on_roll() == player ? 1.0f : 0.0f;
  o[197] = !opening && g.on_roll() == them ? 1.0f : 0.0f;
  const Cube c = g.cube();
  o[198] = static_cast<float>(c.log2_value()) / 6.0f;
  o[199] = c.is_centered() ? 1.0f : 0.0f;
  o[200] = c.owner() == player ? 1.0f : 0.0f;
  o[201] = c.owner() == them ? 1.0f : 0.0f;
  const int length = m.rules().match_length;
  o[202] = length > 0 ? 1.0f : 0.0f;
  o[203] = length > 0
               ? static_cast<float>(length - m.score()[static_cast<std::size_t>(player)]) / static_cast<float>(length)
               : 0.0f;
  o[204] = length > 0
               ? static_cast<float>(length - m.score()[static_cast<std::size_t>(them)]) / static_cast<float>(length)
               : 0.0f;
  o[205] = g.crawford() ? 1.0f : 0.0f;
  const bool rolled = g.dice_rolled();
  o[206] = rolled ? static_cast<float>(g.dice().high()) / 6.0f : 0.0f;
  o[207] = rolled ? static_cast<float>(g.dice().low()) / 6.0f : 0.0f;
  o[208] = g.phase() == Phase::Doubled && g.turn() == player ? 1.0f : 0.0f;
  o[209] = g.phase() == Phase::Resigned && g.turn() == player ? static_cast<float>(g.resignation()) / 3.0f : 0.0f;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
