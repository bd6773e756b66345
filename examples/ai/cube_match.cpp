// The cube-aware player (common/cube_bot.hpp) against the same player that never doubles, over
// matches played through State: mirrored pairs, each sequence of dice played twice with the
// sides swapped (the opening throw's dice swapped with them), so that both matches of a pair
// differ only by the cube. Prints the cube-aware player's share of the matches won with a 95%
// confidence interval over the pairs.
//
//   cube_match [--pairs N] [--length L] [--seed S] [--bearoff-points P]
//
// --bearoff-points: the one-sided bear-off database of P home points (0..6, default 6, built in
// memory first: under a second for 6) gives the chances in bear-offs; 0: the race formula only.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string_view>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/bearoff.hpp"
#include "common/args.hpp"
#include "common/cube_bot.hpp"

namespace bg = boardrules::backgammon;
using boardrules::Rng;

namespace {

/// What a match gave.
struct MatchOutcome {
  bool cube_bot_won = false;
  int games = 0;
  int doubles = 0;  ///< doubles offered by the cube-aware player
  int passes = 0;   ///< of those, passed
};

/// One match: the cube-aware player is player `side`; the throws come from `dice` in order (the
/// opening throw's first die is the cube-aware player's), the tie-breaks of checker play from
/// `play`.
MatchOutcome play_match(int length, int side, std::uint64_t dice_seed, std::uint64_t play_seed,
                        const bots::CubeBot& bot, const bots::CubeBot& baseline) {
  bg::State s(bg::SessionRules::match(length));
  Rng dice(dice_seed);
  Rng play(play_seed);
  MatchOutcome out;
  while (!s.is_terminal()) {
    if (s.is_chance_node()) {
      if (s.game().phase() == bg::Phase::Opening) {
        const int a = dice.die();
        int b = dice.die();
        while (b == a) b = dice.die();
        (void)s.apply_action(side == 0 ? bg::Action::opening(a, b) : bg::Action::opening(b, a));
      } else {
        (void)s.apply_action(bg::Action::roll(bg::throw_dice(dice)));
      }
      continue;
    }
    const int who = s.current_player();
    const bg::Action a = bots::cube_bot_action(s, play, who == side ? bot : baseline);
    if (who == side && a.kind == bg::ActionKind::Double) ++out.doubles;
    if (who != side && a.kind == bg::ActionKind::Drop) ++out.passes;
    if (const auto st = s.apply_action(a); !st.has_value()) {
      std::fprintf(stderr, "cube_match: %s refused: %s\n", bg::State::action_to_string(a).c_str(),
                   st.error().message.c_str());
      out.games = -1;
      return out;
    }
  }
  out.cube_bot_won = s.match().winner() == side;
  out.games = s.match().games_played();
  return out;
}

/// A 64-bit mix (splitmix64's finaliser): the seeds of pair i.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

int main(int argc, char** argv) {
  constexpr examples::Usage usage{"cube_match", "",
                                  "[--pairs N] [--length L] [--seed S] [--bearoff-points P]\n"
                                  "  N mirrored pairs of L-point matches (default 100 pairs, 7 points): the cube-aware "
                                  "player against the same player that never doubles"};
  int pairs = 100;
  int length = 7;
  std::uint64_t seed = 1;
  int bearoff_points = 6;
  if (const auto status = examples::read_int_options(
          examples::Args(argc, argv), usage, examples::IntOption<int>{"--pairs", 1, 10000000, &pairs},
          examples::IntOption<int>{"--length", 1, 64, &length, "a match length"},
          examples::IntOption<std::uint64_t>{"--seed", 0, ~std::uint64_t{0}, &seed},
          examples::IntOption<int>{"--bearoff-points", 0, 6, &bearoff_points, "0: no database"}))
    return *status;

  std::optional<bg::OneSidedBearoff> db;
  if (bearoff_points > 0) {
    auto built = bg::build_one_sided_bearoff(bearoff_points);
    if (!built) {
      std::fprintf(stderr, "cube_match: %s\n", built.error().to_string().c_str());
      return 1;
    }
    db = std::move(*built);
  }
  const bots::CubeBot bot{.doubles = true, .met = nullptr, .bearoff = db ? &*db : nullptr};
  bots::CubeBot baseline = bot;
  baseline.doubles = false;

  long won = 0, games = 0, doubles = 0, passes = 0;
  double sum_sq = 0;  // the pairs' shares won (0, 1/2 or 1), squared
  for (int i = 0; i < pairs; ++i) {
    const std::uint64_t dice_seed = mix(seed * 0x100000001b3ull + 2 * static_cast<std::uint64_t>(i));
    const std::uint64_t play_seed = mix(dice_seed + 1);
    int pair_won = 0;
    for (int side = 0; side < 2; ++side) {
      const MatchOutcome m = play_match(length, side, dice_seed, play_seed, bot, baseline);
      if (m.games < 0) return 1;
      pair_won += m.cube_bot_won ? 1 : 0;
      games += m.games;
      doubles += m.doubles;
      passes += m.passes;
    }
    won += pair_won;
    sum_sq += (pair_won / 2.0) * (pair_won / 2.0);
  }
  const double n = pairs;
  const double mean = static_cast<double>(won) / (2 * n);
  const double var = pairs > 1 ? (sum_sq - n * mean * mean) / (n - 1) : 0.0;
  const double half = 1.96 * std::sqrt(var > 0 ? var / n : 0.0);
  std::printf("%d-point matches, %d mirrored pairs (%d matches, %ld games), bear-off database of %d points\n", length,
              pairs, 2 * pairs, games, bearoff_points);
  std::printf("cube-aware against never-doubles: %ld of %d matches won, %.1f%% (95%% CI %.1f%% .. %.1f%%)\n", won,
              2 * pairs, 100 * mean, 100 * (mean - half), 100 * (mean + half));
  std::printf("doubles offered by the cube-aware player: %ld (%ld passed)\n", doubles, passes);
  return 0;
}
