#pragma once
/// \file
/// The options of a backgammon match or money session (BG-7.6, BG-8.5, BG-9, BG-10) and their check.

#include "boardrules/core/config.hpp"

#include <string>

#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/core/error.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// The longest match the library plays: the Match ID keeps the length in 15 bits.
inline constexpr int kMaxMatchLength = 32767;
/// The most beavers and raccoons in a row SessionRules allows (BG-9.4).
inline constexpr int kMaxBeavers = 255;
/// The most automatic doubles a game SessionRules allows (BG-9.1): the cube stays within
/// kMaxCubeValue (2^15).
inline constexpr int kMaxAutoDoubles = 15;

/// The options of money play, for designated initialisers:
/// `SessionRules::money({.jacoby = true, .beavers = 1})` (the fields of SessionRules of
/// the same names).
struct MoneyOptions {
  bool jacoby = false;        ///< the Jacoby rule (BG-9.2)
  int auto_doubles = 0;       ///< limit of automatic doubles per game (BG-9.1); 0 = off
  int beavers = 0;            ///< beavers and raccoons allowed in a row (BG-9.4); 0 = off
  int cube_cap = 0;           ///< highest cube value allowed (BG-8.5); 0 = none
  bool bg_as_gammon = false;  ///< a backgammon scores as a gammon (BG-7.6)
};
/// The options of match play: `SessionRules::match(7, {.crawford = false})`.
struct MatchOptions {
  bool crawford = true;       ///< the Crawford rule (BG-10.2)
  int cube_cap = 0;           ///< highest cube value allowed (BG-8.5); 0 = none
  bool bg_as_gammon = false;  ///< a backgammon scores as a gammon (BG-7.6)
};

/// The options of a match or a money session: match length, Crawford, the cube options. A small
/// value type (it does not pick the variant of the board: see variant.hpp).
/// In a match (match_length > 0) `jacoby` and `auto_doubles` have no effect (BG-9.3); use the
/// effective_*() accessors. `crawford` has no effect in money play.
struct SessionRules {
  int match_length = 0;            ///< points to win (BG-10.1); 0 = money play
  bool crawford = true;            ///< the Crawford rule (BG-10.2), match play only
  bool jacoby = false;             ///< the Jacoby rule (BG-9.2), money play only
  int auto_doubles = 0;            ///< limit of automatic doubles per game (BG-9.1), money only; 0 = off
  int cube_cap = 0;                ///< highest cube value allowed (BG-8.5), a power of two; 0 = none
  bool bg_as_gammon = false;       ///< a backgammon scores as a gammon (BG-7.6)
  int beavers = 0;                 ///< beavers and raccoons allowed in a row (BG-9.4), money only; 0 = off
  bool auto_forced_moves = false;  ///< not a rule: a throw with one legal play is played at once (BG-12.1)

  /// Money play with the given options.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr SessionRules money(const MoneyOptions& o = {}) noexcept {
    SessionRules r;
    r.jacoby = o.jacoby;
    r.auto_doubles = o.auto_doubles;
    r.beavers = o.beavers;
    r.cube_cap = o.cube_cap;
    r.bg_as_gammon = o.bg_as_gammon;
    return r;
  }
  /// A match to `length` points (the Crawford rule on unless the options say otherwise).
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr SessionRules match(int length,
                                                                       const MatchOptions& o = {}) noexcept {
    SessionRules r;
    r.match_length = length;
    r.crawford = o.crawford;
    r.cube_cap = o.cube_cap;
    r.bg_as_gammon = o.bg_as_gammon;
    return r;
  }

  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool is_match() const noexcept { return match_length > 0; }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool effective_jacoby() const noexcept { return jacoby && !is_match(); }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int effective_auto_doubles() const noexcept {
    return is_match() ? 0 : auto_doubles;
  }
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr bool effective_beavers() const noexcept {
    return beavers > 0 && !is_match();
  }
  /// The highest cube value a double may reach: the cap, or kMaxCubeValue.
  [[nodiscard]] BOARDRULES_NEUTRAL constexpr int max_cube() const noexcept {
    return cube_cap > 0 ? cube_cap : kMaxCubeValue;
  }

  BOARDRULES_NEUTRAL friend constexpr bool operator==(const SessionRules&, const SessionRules&) noexcept = default;
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// Checks the options: match length 0..kMaxMatchLength, beavers 0..kMaxBeavers, auto_doubles
/// 0..kMaxAutoDoubles, cube_cap 0 or a power of two from 1 to kMaxCubeValue.
[[nodiscard]] inline Status validate(const SessionRules& r) {
  if (r.match_length < 0 || r.match_length > kMaxMatchLength)
    return make_error(
        ErrorCode::out_of_range,
        "match length " + std::to_string(r.match_length) + " is not in 0.." + std::to_string(kMaxMatchLength),
        "match length");
  if (r.beavers < 0 || r.beavers > kMaxBeavers)
    return make_error(ErrorCode::out_of_range,
                      "beavers limit " + std::to_string(r.beavers) + " is not in 0.." + std::to_string(kMaxBeavers),
                      "beavers");
  if (r.auto_doubles < 0 || r.auto_doubles > kMaxAutoDoubles)
    return make_error(ErrorCode::out_of_range,
                      "automatic doubles limit " + std::to_string(r.auto_doubles) + " is not in 0.." +
                          std::to_string(kMaxAutoDoubles),
                      "auto doubles");
  if (r.cube_cap != 0 && (r.cube_cap < 1 || r.cube_cap > kMaxCubeValue || (r.cube_cap & (r.cube_cap - 1)) != 0))
    return make_error(
        ErrorCode::out_of_range,
        "cube cap " + std::to_string(r.cube_cap) + " is not a power of two from 1 to " + std::to_string(kMaxCubeValue),
        "cube cap");
  return {};
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
