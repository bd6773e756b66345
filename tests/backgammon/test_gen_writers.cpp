// The generator's play writers (detail/writers.hpp): the writers the build selects (SIMD in the
// _native / _avx2 twins where the CPU has them, plain otherwise) against the plain reference
// writers, on random masks; the plain writers on hand-worked cases; apply_flipped (SIMD where
// the build has it) against its plain version and against apply then flipped.

#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "boardrules/backgammon/detail/writers.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "test_gen_util.hpp"

using namespace gen_test;
using namespace boardrules::backgammon::detail;

namespace {

using Buffer = std::array<Play, 256 + kPlaySpare>;

// Bits of the points strictly above d (d + 1 .. 24).
std::uint32_t points_above(int d) { return 0x1FFFFFEu & ~((2u << d) - 1u); }

std::uint32_t random_mask(Rng& rng, std::uint32_t allowed) {
  const std::uint64_t r = rng.next();
  // Sparse, dense and every-bit masks.
  switch (rng.below(4)) {
    case 0: return allowed & static_cast<std::uint32_t>(r) & static_cast<std::uint32_t>(r >> 32);
    case 1: return allowed & static_cast<std::uint32_t>(r);
    case 2: return allowed & (static_cast<std::uint32_t>(r) | static_cast<std::uint32_t>(r >> 32));
    default: return allowed;
  }
}

int die(Rng& rng) { return 1 + static_cast<int>(rng.below(6)); }

// The first `n` plays equal; the plain writer leaves the plays after them untouched.
void check_same(const Buffer& plain_out, const Buffer& out, std::size_t plain_n, std::size_t n) {
  REQUIRE(n == plain_n);
  for (std::size_t i = 0; i < n; ++i) CHECK(out[i] == plain_out[i]);
  Play untouched{};
  untouched.size = 0xEE;
  CHECK(plain_out[n] == untouched);
}

Buffer filled() {
  Buffer b;
  for (auto& p : b) {
    p = Play{};
    p.size = 0xEE;
  }
  return b;
}

}  // namespace

TEST_CASE("writers: the selected writers equal the plain ones on random masks") {
  Rng rng(8);
  for (int i = 0; i < 20000; ++i) {
    Buffer a = filled(), b = filled();
    {  // write_second_steps: after a first step a -> ta of the higher die.
      const int l = die(rng);
      const std::uint32_t srcs = random_mask(rng, points_above(l) | 1u << 25);
      const std::uint32_t hit_srcs = random_mask(rng, 0x1FFFFFEu) << l;
      const std::uint64_t steps = step_bits(0, 20, 14);
      const unsigned tail = play_tail(2, rng.below(2));
      const std::size_t n = write_second_steps(b.data(), steps, tail, srcs, l, hit_srcs);
      check_same(a, b, plain::write_row(a.data(), steps, tail, srcs, 1, l, hit_srcs, 2), n);
    }
    a = filled(), b = filled();
    {  // write_fourth_steps, bear-offs included (sources <= d land on 0).
      const int d = die(rng);
      const std::uint32_t srcs = random_mask(rng, 0x1FFFFFEu);
      const std::uint32_t hit_srcs = random_mask(rng, 0x1FFFFFEu) << d;
      const std::uint64_t steps = step_bits(0, 24, 24 - d) | step_bits(1, 13, 13 - d) | step_bits(2, 8, 8 - d);
      const unsigned tail = play_tail(4, rng.below(8));
      const std::size_t n = write_fourth_steps(b.data(), steps, tail, srcs, d, hit_srcs);
      check_same(a, b, plain::write_row(a.data(), steps, tail, srcs, 3, d, hit_srcs, 8), n);
    }
    a = filled(), b = filled();
    {  // write_chains: one checker plays both dice.
      const int first = die(rng), second = die(rng);
      const std::uint32_t srcs = random_mask(rng, points_above(first + second));
      const std::uint32_t blot = random_mask(rng, 0x1FFFFFEu);
      const std::size_t n = write_chains(b.data(), srcs, first, second, blot);
      check_same(a, b, plain::write_chains(a.data(), srcs, first, second, blot), n);
    }
    a = filled(), b = filled();
    {  // write_double_pairs: at most 15 sources (15 checkers).
      const int d = die(rng);
      std::uint32_t mov = random_mask(rng, points_above(d));
      while (std::popcount(mov) > 15) mov &= mov - 1;
      const std::uint32_t same = random_mask(rng, mov);
      const std::uint32_t on = random_mask(rng, (mov >> d) & points_above(d) & ~mov);
      const std::uint32_t blot = random_mask(rng, 0x1FFFFFEu & ~mov);
      const std::uint64_t steps = step_bits(0, 24, 24 - d) | step_bits(1, 13, 13 - d);
      const unsigned tail = play_tail(4, rng.below(4));
      const std::size_t n = write_double_pairs(b.data(), steps, tail, mov, same, on, d, blot);
      check_same(a, b, plain::write_double_pairs(a.data(), steps, tail, mov, same, on, d, blot), n);
    }
  }
}

namespace {
Play play(std::initializer_list<std::array<int, 2>> steps, unsigned hits) {
  Play p{};
  for (const auto& s : steps) p.add(s[0], s[1], false);
  p.hits = static_cast<std::uint8_t>(hits);
  return p;
}
}  // namespace

TEST_CASE("writers: plain writers on hand-worked cases") {
  Buffer out = filled();
  // 6-3 after 24/18 (a hit on 18): the 3 from 13 and from 8 (a blot on 5: the second hits).
  CHECK(plain::write_row(out.data(), step_bits(0, 24, 18), play_tail(2, 1), 1u << 13 | 1u << 8, 1, 3, 1u << 8, 2) == 2);
  CHECK(out[0] == play({{24, 18}, {8, 5}}, 1 | 2));
  CHECK(out[1] == play({{24, 18}, {13, 10}}, 1));
  // 4-2 with one checker: 13/9/7 and 8/4/2, a blot on 4.
  out = filled();
  CHECK(plain::write_chains(out.data(), 1u << 13 | 1u << 8, 4, 2, 1u << 4) == 2);
  CHECK(out[0] == play({{8, 4}, {4, 2}}, 1));
  CHECK(out[1] == play({{13, 9}, {9, 7}}, 0));
  // 2-2 after 24/22 13/11: sources 8 and 6, two checkers on 6, 4 reached by 6/4 only.
  out = filled();
  CHECK(plain::write_double_pairs(out.data(), step_bits(0, 24, 22) | step_bits(1, 13, 11), play_tail(4, 0),
                                  1u << 8 | 1u << 6, 1u << 6, 1u << 4, 2, 1u << 2) == 3);
  CHECK(out[0] == play({{24, 22}, {13, 11}, {8, 6}, {6, 4}}, 0));
  CHECK(out[1] == play({{24, 22}, {13, 11}, {6, 4}, {6, 4}}, 0));
  CHECK(out[2] == play({{24, 22}, {13, 11}, {6, 4}, {4, 2}}, 8));
}

TEST_CASE("apply_flipped: the selected version equals the plain one and apply then flipped") {
  Rng rng(13);
  PlayList list;
  for (int i = 0; i < 3000; ++i) {
    const auto p = random_scatter<Standard>(rng, static_cast<Scatter>(i % 6));
    generate_plays(p, Dice::unchecked(die(rng), die(rng)), list);
    for (const Play& play : list) {
      const Position child = apply_flipped(p, play);
      CHECK(child == boardrules::backgammon::detail::apply_flipped_plain(p, play));
      CHECK(child == apply(p, play).flipped());
    }
  }
}
