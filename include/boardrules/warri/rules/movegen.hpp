#pragma once
/// \file
/// Warri move generation and apply (WA-2, WA-3, WA-4.1, WA-4.2). perft is in perft.hpp.

#include "boardrules/core/config.hpp"

#include <bit>
#include <cstdint>

#include "boardrules/warri/detail/plain.hpp"
#include "boardrules/warri/detail/swar.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// Fills `moves` (cleared first) with the legal moves of the side to move, in house order.
/// The list is empty iff the game is over in `p`: a store holds R::win_seeds or more (WA-4.1), the
/// mover's row is empty, or the opponent's row is empty and no move feeds it per R::feeding (WA-4.2).
/// When the opponent's row is empty only the moves that feed it are legal (WA-2.3). Under
/// GrandSlam::Illegal the grand slams are left out unless every such move is one (WA-3.4).
template <class R>
constexpr void generate_moves(const BasicPosition<R>& p, MoveList& moves) noexcept {
  moves.clear();
  unsigned mask = detail::swar::fits(p.bytes())
                      ? detail::swar::house_bits(detail::swar::legal<R>(detail::swar::to_node(p.bytes())))
                      : detail::legal_mask<R>(p.bytes());
  const int start = row_start(p.to_move());
  while (mask != 0) {
    const int i = std::countr_zero(mask);
    mask &= mask - 1;
    moves.push_back(Move{static_cast<std::uint8_t>(start + i)});
  }
}

/// Whether the side to move has a legal move, i.e. the game is not over (WA-4.1, WA-4.2).
template <class R>
[[nodiscard]] constexpr bool has_any_move(const BasicPosition<R>& p) noexcept {
  if (detail::swar::fits(p.bytes())) return detail::swar::legal<R>(detail::swar::to_node(p.bytes())) != 0;
  return detail::legal_mask<R>(p.bytes()) != 0;
}

/// Whether `m`, a non-empty house of the side to move, would capture every seed of the opponent's
/// row by WA-3.1 and WA-3.2: a grand slam (WA-3.3), whatever R::grand_slam does with it (captures
/// them, captures nothing, or makes the move illegal while another is legal, WA-3.4). False for a
/// house that is not the mover's or is empty.
template <class R>
[[nodiscard]] constexpr bool is_grand_slam(const BasicPosition<R>& p, Move m) noexcept {
  const int start = row_start(p.to_move());
  if (m.house < start || m.house >= start + kRowHouses || p.house(m.house) == 0) return false;
  return detail::is_grand_slam(p.bytes(), m.house);
}

/// The position after `m`: the house is sown (WA-2.1, WA-2.2: from 12 seeds the origin is skipped on
/// every lap), the captures of WA-3 (per R::grand_slam; a grand slam played under
/// GrandSlam::Illegal captures nothing, WA-3.4) go to the mover's store, and the other side
/// is to move. Precondition: `m` is a legal move of `p` (an empty house only passes the turn).
template <class R>
[[nodiscard]] constexpr BasicPosition<R> apply(const BasicPosition<R>& p, Move m) noexcept {
  BasicPosition<R> q = p;
  const int start = row_start(p.to_move());
  if (detail::swar::fits(p.bytes()) && m.house >= start && m.house < start + kRowHouses) {
    const auto child = detail::swar::make<R>(detail::swar::to_node(p.bytes()), 5 - (m.house - start));
    detail::swar::from_node(child, p.to_move() == Player::South, q.bytes());
  } else {
    q.bytes() = detail::apply<R>(p.bytes(), m.house % kHouses);
  }
  return q;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
