// The bitmask computations of the generator (detail/masks.hpp): the SWAR and SIMD versions
// against the point-by-point one. In the _native build compute_masks takes the SIMD path of the
// CPU (SSE2 at least on x86-64); in the plain build it is SSE2 on x86-64 too, and SWAR elsewhere.

#include <doctest/doctest.h>

#include "boardrules/backgammon/detail/masks.hpp"
#include "test_gen_util.hpp"

using namespace gen_test;
using boardrules::backgammon::detail::compute_masks;
using boardrules::backgammon::detail::compute_masks_plain;
using boardrules::backgammon::detail::compute_masks_swar;
using boardrules::backgammon::detail::Masks;

namespace {
bool same(const Masks& a, const Masks& b) {
  return a.own == b.own && a.ones == b.ones && a.blocked == b.blocked && a.blot == b.blot;
}
}  // namespace

TEST_CASE("masks: SWAR and SIMD equal the point-by-point computation") {
  Rng rng(21);
  for (int i = 0; i < 20000; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % 6));
    const Masks ref = compute_masks_plain(p.bytes());
    CHECK(same(compute_masks_swar(p.bytes()), ref));
    CHECK(same(compute_masks(p.bytes()), ref));
  }
  // Extreme counts: 15 on one point, 255 (set() allows up to 255).
  Position p;
  p.set(Side::Mover, 24, 15);
  p.set(Side::Mover, kBar, 255);
  p.set(Side::Opponent, 1, 255);
  p.set(Side::Opponent, 24, 1);
  const Masks ref = compute_masks_plain(p.bytes());
  CHECK(ref.own == ((1u << 24) | (1u << 25)));
  CHECK(ref.blocked == (1u << 24));
  CHECK(ref.blot == (1u << 1));
  CHECK(same(compute_masks_swar(p.bytes()), ref));
  CHECK(same(compute_masks(p.bytes()), ref));
}

static_assert(compute_masks(Position::start().bytes()).own == ((1u << 24) | (1u << 13) | (1u << 8) | (1u << 6)));
static_assert(compute_masks(Position::start().bytes()).blocked == ((1u << 1) | (1u << 12) | (1u << 17) | (1u << 19)));
