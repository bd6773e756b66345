#pragma once
/// \file
/// The endgame databases in use: one call that gives the value of a position (or of a State at the
/// start of a turn) for the player on roll when a loaded database covers it.
///
/// What is exact, and where:
///  - the two-sided bear-off database (bearoff.hpp): positions with every checker of both sides on
///    its points 1..P (BG-6.1: no contact), at most C checkers a side, and at least one checker of
///    each side borne off, so that no gammon is possible (BG-7.3, BG-7.4; the database counts
///    every win as a single one). Exact within its 16-bit fixed point;
///  - the Hypergammon database (hyper.hpp): Hypergammon positions (BasicPosition<Hypergammon>) of
///    exactly N checkers a side, counting those borne off (the position's kOff count: a
///    Position ID does not carry it, its parser assumes the variant's 3 checkers), contact
///    included. Exact within the database's convergence threshold and 24-bit storage.
///  - The one-sided bear-off database is not exact for a race between two sides: each side's
///    distribution is that of the play minimising its own expected number of rolls, not of the
///    play maximising its chance to win against this opponent. database_value gives that estimate
///    (marked `exact == false`) when no exact database answers; exact_value never does.
///
/// The scoring is money scoring, per unit of cube: a single game 1, a gammon 2, a backgammon 3
/// (BG-7.3..7.5). The cubeful equities are money-game values (BG-8, without beavers or a cube cap)
/// before the player on roll's own cube decision; money_cube_equity applies it.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/db/hyper.hpp"
#include "boardrules/backgammon/game/game.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/backgammon/values/variant.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

// The State overloads below need only the game a State plays (game/game.hpp): the State itself
// (ai/state.hpp, with the match and the integer actions) is included by the caller that has one.
template <class V>
class BasicState;

/// The loaded databases, not owned (any of them null: not loaded). Each must outlive the calls.
struct EndgameDatabases {
  /// Exact for bear-offs without gammons (see the file comment).
  const TwoSidedBearoff* two_sided = nullptr;
  /// Exact for Hypergammon positions of its number of checkers.
  const HyperDatabase* hyper = nullptr;
  /// Only an estimate of a race: used by database_value, never by exact_value.
  const OneSidedBearoff* one_sided = nullptr;
};

/// The database that gave a value.
enum class DatabaseSource : std::uint8_t {
  TwoSidedBearoff,  ///< exact (two-sided bear-off)
  Hypergammon,      ///< exact (solved Hypergammon)
  OneSidedBearoff,  ///< an estimate from two one-sided distributions
};

/// The value of a position for the player on roll, before its roll (and its cube decision).
struct DatabaseValue {
  /// The database that answered.
  DatabaseSource source = DatabaseSource::TwoSidedBearoff;
  /// False only for the one-sided estimate.
  bool exact = true;
  /// Cubeless money equity per unit of cube (BG-7.3..7.5: gammons count 2, backgammons 3).
  double equity = 0;
  /// Cubeless probabilities: win, win a gammon, win a backgammon, lose a gammon, lose a backgammon
  /// (the gammons include the backgammons, BG-7). Zero gammons where none is possible.
  std::array<double, 5> probability{};
  /// Whether the four cubeful equities below are known.
  bool cubeful = false;
  /// Money equity per unit of cube, the player on roll owning the cube (BG-8.3).
  double owner = 0;
  /// Money equity per unit of cube, the cube centred.
  double centered = 0;
  /// The same under the Jacoby rule (BG-9.2); equal to `centered` where no gammon is possible.
  double centered_jacoby = 0;
  /// Money equity per unit of cube, the opponent owning the cube (the player on roll cannot double).
  double opponent_owns = 0;
};

/// Where the cube is, seen from the player on roll (BG-8.3).
enum class CubeAccess : std::uint8_t {
  Owner,     ///< the player on roll owns it
  Centered,  ///< in the middle
  Opponent,  ///< the opponent owns it
};

/// The money equity per unit of cube of the player on roll after its own cube decision (BG-8.1):
/// it doubles when the opponent's take (twice the value with the opponent owning the cube) and
/// its pass (+1, BG-8.4) are both worth at least not doubling, and the opponent then takes or
/// passes, whichever costs it less. `may_double` false (the Crawford game, a cube at its cap):
/// no double. Without cubeful values, the cubeless equity.
[[nodiscard]] constexpr double money_cube_equity(const DatabaseValue& v, CubeAccess cube, bool jacoby,
                                                 bool may_double = true) noexcept {
  if (!v.cubeful) return v.equity;
  if (cube == CubeAccess::Opponent) return v.opponent_owns;
  const double no_double = cube == CubeAccess::Owner ? v.owner : jacoby ? v.centered_jacoby : v.centered;
  if (!may_double) return no_double;
  return bearoff_detail::cube_value(no_double, v.opponent_owns, 1.0);  // a pass wins 1 (BG-8.4)
}

namespace exact_detail {

// Every checker of each side is on the board, on the bar or borne off, and no more than the
// variant has (the position says how many are off: kOff).
template <class V>
[[nodiscard]] constexpr bool accounted(const BasicPosition<V>& pos, int checkers) noexcept {
  return pos.on_board(Side::Mover) + pos.borne_off(Side::Mover) == checkers &&
         pos.on_board(Side::Opponent) + pos.borne_off(Side::Opponent) == checkers;
}

template <class V>
[[nodiscard]] std::optional<DatabaseValue> from_hyper(const BasicPosition<V>& pos, const HyperDatabase& db) noexcept {
  if constexpr (!std::is_same_v<V, Hypergammon>) {
    return std::nullopt;
  } else {
    const int n = db.checkers();
    if (n < 1 || n > Hypergammon::kCheckers || db.side_positions() != hyper_positions(n) || !accounted(pos, n))
      return std::nullopt;
    for (int p = 1; p <= 24; ++p)  // two sides on one point: not a position of the game (BG-4)
      if (pos.count(Side::Mover, p) != 0 && pos.opponent_at_mover_point(p) != 0) return std::nullopt;
    const HyperBoard us = hyper_detail::board_of(pos, Side::Mover);
    const HyperBoard them = hyper_detail::board_of(pos, Side::Opponent);
    const HyperEntry& e = db.entry(hyper_rank(us), hyper_rank(them));
    DatabaseValue v;
    v.source = DatabaseSource::Hypergammon;
    v.exact = true;
    for (std::size_t i = 0; i < 5; ++i) v.probability[i] = static_cast<double>(e.probability[i]);
    v.equity = static_cast<double>(e.equity[0]);
    v.cubeful = true;
    v.owner = static_cast<double>(e.equity[1]);
    v.centered = static_cast<double>(e.equity[2]);
    v.centered_jacoby = static_cast<double>(e.equity[3]);
    v.opponent_owns = static_cast<double>(e.equity[4]);
    return v;
  }
}

template <class V>
[[nodiscard]] std::optional<DatabaseValue> from_two_sided(const BasicPosition<V>& pos,
                                                          const TwoSidedBearoff& db) noexcept {
  // No gammon possible: a checker of each side is off (BG-7.3).
  if (!accounted(pos, V::kCheckers) || pos.borne_off(Side::Mover) == 0 || pos.borne_off(Side::Opponent) == 0)
    return std::nullopt;
  const BearoffEquities* e = db.probe(pos);
  if (e == nullptr) return std::nullopt;
  DatabaseValue v;
  v.source = DatabaseSource::TwoSidedBearoff;
  v.exact = true;
  v.equity = BearoffEquities::equity(e->cubeless);
  v.probability[0] = (v.equity + 1.0) / 2.0;
  v.cubeful = db.is_cubeful();
  if (v.cubeful) {
    v.owner = BearoffEquities::equity(e->owner);
    v.centered = v.centered_jacoby = BearoffEquities::equity(e->centered);
    v.opponent_owns = BearoffEquities::equity(e->opponent_owns);
  }
  return v;
}

// P(X >= n) for a distribution in 1/65535 units, as a fraction.
[[nodiscard]] constexpr double at_least(const std::array<std::uint16_t, 32>& d, std::size_t n) noexcept {
  std::uint32_t s = 0;
  for (std::size_t k = n; k < 32; ++k) s += d[k];
  return static_cast<double>(s) / 65535.0;
}

template <class V>
[[nodiscard]] std::optional<DatabaseValue> from_one_sided(const BasicPosition<V>& pos,
                                                          const OneSidedBearoff& db) noexcept {
  if (db.positions() == 0 || !accounted(pos, V::kCheckers)) return std::nullopt;
  const BearoffDistribution* m = db.probe(pos, Side::Mover);
  const BearoffDistribution* o = db.probe(pos, Side::Opponent);
  if (m == nullptr || o == nullptr) return std::nullopt;
  // The gammon distributions are those of 15 checkers (bearoff_entry): they say nothing of a
  // variant with fewer, where a side with none off can still be gammoned.
  const bool gammon_possible = pos.borne_off(Side::Mover) == 0 || pos.borne_off(Side::Opponent) == 0;
  if (gammon_possible && (!db.has_gammons() || V::kCheckers != kBearoffMaxCheckers)) return std::nullopt;
  DatabaseValue v;
  v.source = DatabaseSource::OneSidedBearoff;
  v.exact = false;
  // The player on roll needs n rolls; it wins when the opponent needs n or more (it rolls first),
  // and wins a gammon when the opponent's first checker needs n rolls or more; it loses when the
  // opponent needs n rolls and it needs more, a gammon when its first checker needs more.
  for (std::size_t n = 1; n < 32; ++n) {
    const double pm = static_cast<double>(m->off[n]) / 65535.0;
    const double po = static_cast<double>(o->off[n]) / 65535.0;
    v.probability[0] += pm * at_least(o->off, n);
    if (gammon_possible) {
      v.probability[1] += pm * at_least(o->gammon, n);
      v.probability[3] += po * at_least(m->gammon, n + 1);
    }
  }
  // A side with every checker off has won (BG-7.1): a gammon when the other has none off (BG-7.4).
  if (m->off[0] != 0) v.probability = {1, pos.borne_off(Side::Opponent) == 0 ? 1.0 : 0.0, 0, 0, 0};
  else if (o->off[0] != 0) v.probability = {0, 0, 0, pos.borne_off(Side::Mover) == 0 ? 1.0 : 0.0, 0};
  v.equity = 2.0 * v.probability[0] - 1.0 + v.probability[1] - v.probability[3];
  return v;
}

}  // namespace exact_detail

/// The exact value of `pos` for the player on roll (the Mover, before its roll) when a loaded
/// database covers it (see the file comment: the Hypergammon database first, then the two-sided
/// bear-off one), else nothing. Money scoring; noexcept, allocation-free, any input accepted.
template <class V>
[[nodiscard]] std::optional<DatabaseValue> exact_value(const BasicPosition<V>& pos,
                                                       const EndgameDatabases& dbs) noexcept {
  if (dbs.hyper != nullptr)
    if (auto v = exact_detail::from_hyper(pos, *dbs.hyper)) return v;
  if (dbs.two_sided != nullptr)
    if (auto v = exact_detail::from_two_sided(pos, *dbs.two_sided)) return v;
  return std::nullopt;
}

/// exact_value, else the one-sided database's estimate of the race (`exact == false`): both
/// sides' checkers on its points 1..P, every checker accounted for; gammons from its gammon
/// distributions when it has them and the variant has 15 checkers (otherwise only positions where
/// no gammon is possible). No cubeful values.
template <class V>
[[nodiscard]] std::optional<DatabaseValue> database_value(const BasicPosition<V>& pos,
                                                          const EndgameDatabases& dbs) noexcept {
  if (auto v = exact_value(pos, dbs)) return v;
  if (dbs.one_sided != nullptr) return exact_detail::from_one_sided(pos, *dbs.one_sided);
  return std::nullopt;
}

namespace exact_detail {
// The state's position for the player on roll when the state is at the start of a turn, and
// whether the session scores as the databases do.
template <class V, class F>
[[nodiscard]] std::optional<DatabaseValue> for_state(const BasicState<V>& state, const F& value) noexcept {
  if (state.is_terminal()) return std::nullopt;
  const auto& g = state.game();
  if (g.phase() != Phase::TurnStart) return std::nullopt;
  auto v = value(g.position());
  if (!v) return v;
  const SessionRules& r = g.rules();
  // The Hypergammon values are those of money scoring's best plays: other scoring (a match,
  // BG-10; backgammons as gammons, BG-7.6) would choose other plays.
  const bool gammons = v->probability[1] != 0 || v->probability[3] != 0 || v->source == DatabaseSource::Hypergammon;
  if (gammons && (r.is_match() || r.bg_as_gammon)) return std::nullopt;
  // Money cube values: not those of a match, nor of beavers (BG-9.4) or a cube cap (BG-8.5).
  if (r.is_match() || r.effective_beavers() || r.cube_cap != 0) v->cubeful = false;
  return v;
}
}  // namespace exact_detail

/// exact_value of the position of the player on roll, when `state` is at the start of a turn
/// (Phase::TurnStart, before the cube decision and the throw); nothing at other nodes. In a match
/// (BG-10) or with backgammons scored as gammons (BG-7.6) only values without gammons are given
/// (the bear-off database's: the chance to win is then the whole value); the cubeful equities
/// are given only for money play without beavers or a cube cap.
template <class V>
[[nodiscard]] std::optional<DatabaseValue> exact_value(const BasicState<V>& state,
                                                       const EndgameDatabases& dbs) noexcept {
  return exact_detail::for_state(state, [&](const BasicPosition<V>& p) { return exact_value(p, dbs); });
}

/// database_value of the position of the player on roll, under the conditions of
/// exact_value(state, dbs).
template <class V>
[[nodiscard]] std::optional<DatabaseValue> database_value(const BasicState<V>& state,
                                                          const EndgameDatabases& dbs) noexcept {
  return exact_detail::for_state(state, [&](const BasicPosition<V>& p) { return database_value(p, dbs); });
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
