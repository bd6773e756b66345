// constexpr claims for the Warri engine: generation, apply and perft run at compile time, and agree
// with the slow reference of tests/warri/reference.hpp (also constexpr).

#include "../warri/reference.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/perft.hpp"

#include <type_traits>

namespace {

using namespace boardrules::warri;
using boardrules::Leaves;

constexpr Position kStart = Position::start();

// perft from the start at compile time, in every Leaves mode, against the reference.
static_assert(perft(kStart, 1) == 6);
static_assert(perft(kStart, 2) == 36);
static_assert(perft(kStart, 5, Leaves::Count) == warri_ref::perft(kStart, 5));
static_assert(perft(kStart, 5, Leaves::List) == warri_ref::perft(kStart, 5));
static_assert(perft(kStart, 5, Leaves::Make) == warri_ref::perft(kStart, 5));
static_assert(perft(AbapaPosition::start(Player::North), 4) ==
              warri_ref::perft(AbapaPosition::start(Player::North), 4));

// WA-2.1: a from the start gives 0,5,5,5,5,4/4,4,4,4,4,4 0-0 N.
constexpr bool a_from_start() {
  const Position q = apply(kStart, Move{0});
  if (q.house(0) != 0 || q.house(5) != 4 || q.to_move() != Player::North) return false;
  for (int i = 1; i <= 4; ++i)
    if (q.house(i) != 5) return false;
  MoveList m;
  generate_moves(q, m);
  return m.size() == 6 && m[0].house == 6 && has_any_move(q);
}
static_assert(a_from_start());

// WA-3.4 at compile time: in 4,4,4,4,4,2/1,1,0,0,0,0 12-12 S, d and f would take North's whole
// row (A 1, B 1); with the grand slam illegal South has a, b, c and e.
struct SlamIllegal : Speightstown {
  static constexpr GrandSlam grand_slam = GrandSlam::Illegal;
};
constexpr BasicPosition<SlamIllegal> slam_position() {
  BasicPosition<SlamIllegal> p;
  for (int i = 0; i < 5; ++i) p.set_house(i, 4);
  p.set_house(5, 2);
  p.set_house(6, 1);
  p.set_house(7, 1);
  p.set_store(Player::South, 12);
  p.set_store(Player::North, 12);
  return p;
}
static_assert(is_grand_slam(slam_position(), Move{3}) && is_grand_slam(slam_position(), Move{5}));
static_assert(!is_grand_slam(slam_position(), Move{2}));
static_assert(perft(slam_position(), 1) == 4);
static_assert(perft(slam_position(), 4) == warri_ref::perft(slam_position(), 4));

// The rules are part of a position's type (position.hpp): a position under one rules converts to
// another only explicitly, and positions under different rules do not compare.
template <class A, class B>
concept ComparableWith = requires(const A& a, const B& b) { a == b; };
template <class A, class B>
constexpr bool kept_apart = !std::is_convertible_v<A, B> && !std::is_convertible_v<B, A> &&
                            std::is_nothrow_constructible_v<A, B> && std::is_nothrow_constructible_v<B, A> &&
                            !ComparableWith<A, B> && !ComparableWith<B, A>;
static_assert(kept_apart<Position, BridgetownPosition>);
static_assert(kept_apart<Position, AbapaPosition>);
static_assert(kept_apart<BridgetownPosition, AbapaPosition>);
static_assert(kept_apart<Position, BasicPosition<SlamIllegal>>);
static_assert(ComparableWith<Position, Position> && ComparableWith<AbapaPosition, AbapaPosition>);
static_assert(AbapaPosition(kStart) == AbapaPosition::start() && AbapaPosition(kStart).bytes() == kStart.bytes());

}  // namespace
