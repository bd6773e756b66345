#pragma once
/// \file
/// The value of a Warri endgame board (WA-8.5), the result it gives for given stores, and the
/// decisions of a variant that a database depends on.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <string>
#include <string_view>

#include "boardrules/warri/values/position.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// A board's value (WA-8.5): `mover` is 25 minus the smallest store with which the side to move
/// wins, `other` the same for the other side. In Speightstown, the seeds each side can force
/// for itself; in Abapa mover + other = the seeds on the board.
struct Value {
  std::uint8_t mover = 0;
  std::uint8_t other = 0;
  friend constexpr bool operator==(Value, Value) noexcept = default;
};

/// The result for the side to move.
enum class Verdict : std::uint8_t { Loss, Draw, Win };

/// The result of a board of value v with the stores given (WA-8.5): a win when
/// mover_store + v.mover reaches win_seeds, a loss when other_store + v.other does, else a draw.
[[nodiscard]] constexpr Verdict verdict(Value v, int mover_store, int other_store, int win_seeds = 25) noexcept {
  if (mover_store + v.mover >= win_seeds) return Verdict::Win;
  if (other_store + v.other >= win_seeds) return Verdict::Loss;
  return Verdict::Draw;
}

/// The result for the side to move of a board of n seeds and value v with the stores as even as
/// they can be: the mover's ⌊(48 − n) / 2⌋, the other side's the rest (WA-1.1, WA-8.5). The
/// builds' per-layer counts are of this result.
[[nodiscard]] constexpr Verdict even_stores_verdict(Value v, int n, int win_seeds = 25) noexcept {
  const int mine = (kTotalSeeds - n) / 2;
  return verdict(v, mine, kTotalSeeds - n - mine, win_seeds);
}

/// "win", "draw" or "loss".
[[nodiscard]] constexpr std::string_view verdict_name(Verdict v) noexcept {
  return v == Verdict::Win ? "win" : v == Verdict::Draw ? "draw" : "loss";
}

/// The decisions of docs/rules/warri.md that a database's values depend on (the moves: WA-2.3,
/// WA-3.3, WA-3.4; the ends: WA-4.1 to WA-5.4). The cycle rule of the game record (WA-4.3) is
/// not among them: a database values endless play by the cycle end (WA-8.4).
struct Decisions {
  Feeding feeding = Speightstown::feeding;
  GrandSlam grand_slam = Speightstown::grand_slam;
  StarvationAward starvation_award = Speightstown::starvation_award;
  CycleAward cycle_award = Speightstown::cycle_award;
  OddSeed odd_seed = Speightstown::odd_seed;
  bool split_at_capture_end = Speightstown::split_at_capture_end;
  int win_seeds = Speightstown::win_seeds;
  friend constexpr bool operator==(const Decisions&, const Decisions&) noexcept = default;
};

/// The decisions of a variant R.
template <class R>
[[nodiscard]] constexpr Decisions decisions_of() noexcept {
  return {R::feeding,  R::grand_slam,           R::starvation_award, R::cycle_award,
          R::odd_seed, R::split_at_capture_end, R::win_seeds};
}

/// The decisions as text, the flags of the `warri` program (e.g. "--feeding sows --grand-slam
/// capture ..."), for messages and file listings.
[[nodiscard]] inline std::string describe(const Decisions& d) {
  std::string s = "--feeding ";
  s += d.feeding == Feeding::SowsIntoRow ? "sows" : "leaves-seeds";
  s += " --grand-slam ";
  s += d.grand_slam == GrandSlam::Captures          ? "capture"
       : d.grand_slam == GrandSlam::CapturesNothing ? "no-capture"
                                                    : "illegal";
  s += " --starvation-award ";
  s += d.starvation_award == StarvationAward::StarvedTakes ? "starved"
       : d.starvation_award == StarvationAward::MoverTakes ? "mover"
                                                           : "split";
  s += " --cycle-award ";
  s += d.cycle_award == CycleAward::Nobody ? "nobody" : d.cycle_award == CycleAward::Split ? "split" : "own-side";
  s += " --odd-seed ";
  s += d.odd_seed == OddSeed::ToLeader ? "leader" : d.odd_seed == OddSeed::ToTrailer ? "trailer" : "nobody";
  if (d.split_at_capture_end) s += " --split-at-every-end";
  if (d.win_seeds != 25) s += " (win at " + std::to_string(d.win_seeds) + ")";
  return s;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
