// PackedPlay (rules/packed_play.hpp): the 32-bit record of a play of a known roll. Hand-packed
// values, and on random positions of every kind, every roll: generate_packed_plays gives the
// plays of generate_plays, in order, and unpacking restores each Play exactly.

#include <doctest/doctest.h>

#include <cstddef>
#include <cstdint>
#include <set>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "test_gen_util.hpp"

namespace packed_play_test {

using namespace boardrules;
using namespace boardrules::backgammon;

constexpr Play play_of(std::initializer_list<std::array<int, 2>> steps, unsigned hits) {
  Play p;
  for (const auto& s : steps) p.add(s[0], s[1], false);
  p.hits = static_cast<std::uint8_t>(hits);
  return p;
}

// 24/18 18/17 with 6-1: step 0 from 24 by the high die (24 | 1 << 5 = 56), step 1 from 18 by
// the low die (18 | 2 << 5 = 82, shifted by 7: 10,496); 56 + 10,496 = 10,552.
static_assert(pack_play(play_of({{24, 18}, {18, 17}}, 0), Dice(6, 1)).bits == 10552u);
// The same play with the dice thrown the other way round (1-6, the same roll): the same bits.
static_assert(pack_play(play_of({{24, 18}, {18, 17}}, 0), Dice(1, 6)).bits == 10552u);
static_assert(unpack_play(PackedPlay{10552u}, Dice(1, 6)) == play_of({{24, 18}, {18, 17}}, 0));
// 3/off 2/off with 6-5, the second step hitting nothing, the first none: borne off is 0 whatever
// the die (3 and 2 << 7 = 256): 259. With hits 0b10 (bit 29): 259 + 2^29.
static_assert(pack_play(play_of({{3, 0}, {2, 0}}, 2), Dice(6, 5)).bits == 259u + (1u << 29));
// The bar: 25/22*(3) of a 3-3 (three entries, the first hits): 25 | 1 << 5 = 57 three times.
static_assert(pack_play(play_of({{25, 22}, {25, 22}, {25, 22}}, 1), Dice(3, 3)).bits ==
              57u + (57u << 7) + (57u << 14) + (1u << 28));
static_assert(unpack_play(PackedPlay{10552u}, Dice(6, 1)) == play_of({{24, 18}, {18, 17}}, 0));
static_assert(unpack_play(PackedPlay{259u + (1u << 29)}, Dice(6, 5)) == play_of({{3, 0}, {2, 0}}, 2));
static_assert(unpack_play(PackedPlay{0}, Dice(6, 5)) == Play{});  // no legal play: the empty play

TEST_CASE("PackedPlay: generate_packed_plays unpacks to generate_plays's plays, on random positions") {
  Rng rng(20261202);
  static PlayList plays;
  static PackedPlayList packed;
  long checked = 0;
  for (int i = 0; i < 600; ++i) {
    const auto kind = static_cast<gen_test::Scatter>(i % 6);
    const Position pos = gen_test::random_scatter(rng, kind);
    for (const Dice roll : kAllRolls) {
      for (const Dice dice : {roll, Dice::unchecked(roll.d2(), roll.d1())}) {  // both orders of the dice
        generate_plays(pos, dice, plays);
        generate_packed_plays(pos, dice, packed);
        REQUIRE(packed.size() == plays.size());
        std::set<std::uint32_t> distinct;
        for (std::size_t k = 0; k < plays.size(); ++k) {
          CHECK(unpack_play(packed[k], dice) == plays[k]);
          CHECK(pack_play(plays[k], dice) == packed[k]);
          distinct.insert(packed[k].bits);
          ++checked;
        }
        CHECK(distinct.size() == plays.size());
      }
    }
  }
  CHECK(checked > 100000);
}

TEST_CASE("PackedPlay: a play packed with one order of the dice unpacks with the other (the same roll)") {
  // Packed with 3-1 and unpacked with 1-3, every opening play of 3-1 is restored (before: 13 of
  // the 16 changed), and the bits do not depend on the order; on random positions, every roll.
  Rng rng(20261204);
  static PlayList plays;
  long checked = 0;
  for (int i = 0; i < 300; ++i) {
    const auto kind = static_cast<gen_test::Scatter>(i % 6);
    const Position pos = i == 0 ? Position::start() : gen_test::random_scatter(rng, kind);
    for (const Dice roll : kAllRolls) {
      const Dice swapped = Dice::unchecked(roll.d2(), roll.d1());
      generate_plays(pos, roll, plays);
      for (const Play& p : plays) {
        const PackedPlay a = pack_play(p, roll);
        const PackedPlay b = pack_play(p, swapped);
        CHECK(a == b);
        CHECK(unpack_play(a, swapped) == p);
        CHECK(unpack_play(b, roll) == p);
        ++checked;
      }
    }
  }
  CHECK(checked > 50000);
}

}  // namespace packed_play_test
