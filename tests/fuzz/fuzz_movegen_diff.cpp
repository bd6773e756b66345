// libFuzzer target: the generators against the slow references of tests/ on positions built from
// the fuzz bytes. Backgammon (three variants): the set of positions after the legal plays equals
// reference::legal_results (BG-3..6), has_any_play agrees. Warri (three variants): the legal moves
// equal warri_ref::legal_moves and every sowing equals warri_ref::play (WA-2..4). Built once
// plain and once with -march=native (fuzz_movegen_diff_native), so that each SIMD path of the
// host is compared.
#include <cstddef>
#include <cstdint>
#include <set>

#include "backgammon/reference.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "fuzz_bg_position.hpp"
#include "fuzz_common.hpp"
#include "warri/reference.hpp"

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;

namespace {

template <class V>
void backgammon(fuzz::Bytes& in) {
  const bg::BasicPosition<V> p = fuzz::position_from<V>(in);
  const bg::Dice dice = bg::Dice::unchecked(1 + in.below(6), 1 + in.below(6));
  bg::PlayList plays;
  bg::generate_plays(p, dice, plays);
  std::set<reference::Board> got;
  for (const bg::Play& play : plays) {
    const bool fresh = got.insert(reference::Board::from(bg::apply(p, play))).second;
    fuzz::check(fresh, "the plays are distinct");
  }
  fuzz::check(got == reference::legal_results(p, dice), "generate_plays equals the reference");
  fuzz::check(bg::has_any_play(p, dice) == !got.empty(), "has_any_play equals the reference");
}

template <class R>
void warri(fuzz::Bytes& in) {
  wa::BasicPosition<R> p;
  p.set_to_move(in.below(2) ? wa::Player::North : wa::Player::South);
  // 48 seeds dealt to the 12 houses and the two stores as the bytes say
  std::array<int, 14> n{};
  for (int k = 0; k < wa::kTotalSeeds; ++k) {
    const std::uint8_t b = in.byte();
    ++n[static_cast<std::size_t>(b < 16 ? 12 + (b & 1) : b % 12)];
  }
  for (int h = 0; h < 12; ++h) p.set_house(h, n[static_cast<std::size_t>(h)]);
  p.set_store(wa::Player::South, n[12]);
  p.set_store(wa::Player::North, n[13]);
  wa::MoveList fast;
  wa::generate_moves(p, fast);
  const auto ref = warri_ref::legal_moves(p);
  fuzz::check(static_cast<int>(fast.size()) == ref.count, "as many moves as the reference");
  for (int i = 0; i < ref.count; ++i)
    fuzz::check(fast[static_cast<std::size_t>(i)].house == ref.house[static_cast<std::size_t>(i)],
                "the reference's moves");
  fuzz::check(wa::has_any_move(p) == (ref.count > 0), "has_any_move equals the reference");
  const int start = wa::row_start(p.to_move());
  for (int h = start; h < start + 6; ++h) {
    if (p.house(h) == 0) continue;
    fuzz::check(wa::apply(p, wa::Move{static_cast<std::uint8_t>(h)}) == warri_ref::play(p, h).after,
                "sowing equals the reference");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  switch (in.below(6)) {
    case 0: backgammon<bg::Standard>(in); break;
    case 1: backgammon<bg::Nackgammon>(in); break;
    case 2: backgammon<bg::Hypergammon>(in); break;
    case 3: warri<wa::Speightstown>(in); break;
    case 4: warri<wa::Bridgetown>(in); break;
    default: warri<wa::Abapa>(in); break;
  }
  return 0;
}
