// Backgammon generator benchmarks: a fixed corpus of positions (opening, contact middle games,
// bar entry against made points, bear-off, pure race), each against the 21 rolls, apply_flipped,
// Position::hash, random playouts, and perft(3) from the start in each Leaves mode. Every
// benchmark checks its result before timing.
//
// Run from a Release build: bench_backgammon --benchmark_min_time=1s
// "ns per (position, roll)" = the reported time per iteration / "pairs".

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

#include "../tests/common/backgammon_stacks.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/core/random.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

using Stacks = std::initializer_list<stacks::Stack>;

// Mover stacks in its numbering; opponent stacks in ITS OWN numbering; the rest borne off. A bad
// corpus position throws (std::bad_optional_access).
Position pos(Stacks mover, Stacks opp) { return stacks::position(mover, opp, stacks::OppPoints::Own).value(); }

std::vector<Position> opening() { return {Position::start()}; }

std::vector<Position> contact() {
  return {
      // Early middle game: both sides split and built.
      pos({{24, 1}, {22, 1}, {13, 4}, {10, 1}, {8, 3}, {6, 4}, {5, 1}},
          {{24, 2}, {13, 4}, {11, 1}, {8, 2}, {6, 5}, {4, 1}}),
      // Blitz and holding game.
      pos({{21, 2}, {13, 3}, {8, 2}, {7, 1}, {6, 4}, {4, 2}, {2, 1}},
          {{24, 1}, {20, 2}, {13, 5}, {8, 2}, {6, 4}, {3, 1}}),
      // Back game / prime vs prime.
      pos({{23, 2}, {20, 2}, {11, 1}, {9, 2}, {8, 2}, {7, 2}, {6, 3}, {4, 1}},
          {{22, 2}, {15, 1}, {10, 2}, {9, 2}, {8, 3}, {7, 2}, {6, 3}}),
      // Scattered, many blots (wide choice).
      pos({{24, 1}, {19, 1}, {17, 1}, {15, 2}, {13, 2}, {11, 1}, {9, 1}, {8, 2}, {6, 2}, {5, 1}, {3, 1}},
          {{24, 1}, {23, 1}, {21, 2}, {18, 1}, {13, 3}, {11, 1}, {9, 2}, {7, 1}, {5, 2}, {4, 1}}),
  };
}

std::vector<Position> bar() {
  return {
      // One on the bar against a 4-point board.
      pos({{kBar, 1}, {13, 4}, {8, 3}, {6, 5}, {4, 2}}, {{13, 3}, {8, 2}, {6, 3}, {5, 2}, {4, 2}, {3, 2}, {24, 1}}),
      // Two on the bar against a 5-point board.
      pos({{kBar, 2}, {13, 5}, {8, 3}, {6, 5}}, {{8, 3}, {6, 2}, {5, 2}, {4, 2}, {3, 2}, {2, 2}, {13, 2}}),
      // One on the bar, 3-point board, blots to hit.
      pos({{kBar, 1}, {18, 1}, {13, 4}, {9, 1}, {8, 2}, {6, 4}, {5, 2}},
          {{13, 4}, {10, 1}, {8, 3}, {6, 3}, {5, 2}, {4, 2}}),
  };
}

std::vector<Position> bearoff() {
  return {
      pos({{6, 3}, {5, 3}, {4, 3}, {3, 2}, {2, 2}, {1, 2}}, {{6, 4}, {5, 3}, {4, 3}, {3, 3}, {2, 2}}),
      pos({{6, 2}, {5, 2}, {4, 1}, {3, 3}, {2, 1}}, {{6, 1}, {5, 2}, {4, 2}, {3, 3}, {2, 1}, {1, 2}}),
      // Bear-off against a checker still back (contact).
      pos({{6, 4}, {5, 3}, {4, 3}, {3, 2}, {2, 1}}, {{24, 1}, {13, 2}, {8, 4}, {6, 4}, {5, 2}}),
  };
}

std::vector<Position> race() {
  return {
      pos({{12, 2}, {10, 2}, {9, 2}, {8, 3}, {7, 1}, {6, 3}, {5, 2}},
          {{11, 3}, {9, 2}, {8, 3}, {6, 4}, {5, 2}, {4, 1}}),
      pos({{11, 2}, {10, 2}, {9, 2}, {8, 2}, {6, 4}, {4, 2}, {3, 1}},
          {{12, 2}, {9, 1}, {8, 3}, {6, 4}, {5, 3}, {2, 2}}),
  };
}

std::vector<Position> realistic() {
  std::vector<Position> all;
  for (auto f : {contact, bar, bearoff, race})
    for (const auto& p : f()) all.push_back(p);
  return all;
}

// 300 positions met in random games from the start (fixed seed: the same corpus every run and
// every build, as the play is picked among the children sorted by their bytes, not by the
// generator's order): the mix a playout or a search meets (contact, hits, the bar, bear-off,
// race).
std::vector<Position> games() {
  std::vector<Position> all;
  Rng rng(2026);
  PlayList list;
  std::vector<std::array<std::uint8_t, 64>> children;
  while (all.size() < 300) {
    Position p = Position::start();
    for (int ply = 0; ply < 200 && !game_over(p) && all.size() < 300; ++ply) {
      if (ply % 3 == 1) all.push_back(p);
      const Dice d = Dice::unchecked(rng.die(), rng.die());
      generate_plays(p, d, list);
      children.clear();
      for (const Play& play : list) children.push_back(apply(p, play).bytes());
      std::sort(children.begin(), children.end());
      if (!children.empty()) p.bytes() = children[rng.below(static_cast<std::uint32_t>(children.size()))];
      p = p.flipped();
    }
  }
  return all;
}

// `expected`: the plays of the corpus over the 21 rolls, as the slow reference generator of
// the tests (tests/backgammon/reference.hpp) counts them.
void generate(benchmark::State& state, const std::vector<Position>& corpus, std::uint64_t expected) {
  PlayList list;
  std::uint64_t plays_per_pass = 0;
  for (const auto& p : corpus)
    for (Dice d : kAllRolls) {
      generate_plays(p, d, list);
      plays_per_pass += list.size();
    }
  if (plays_per_pass != expected) {
    state.SkipWithError("wrong number of plays on the corpus");
    return;
  }
  for (auto _ : state) {
    for (const auto& p : corpus)
      for (Dice d : kAllRolls) {
        generate_plays(p, d, list);
        benchmark::DoNotOptimize(list.data());
        benchmark::ClobberMemory();
      }
  }
  const auto pairs = static_cast<double>(corpus.size() * kAllRolls.size());
  state.counters["pairs"] = pairs;
  state.counters["ns_per_pair"] =
      benchmark::Counter(pairs, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  state.counters["positions_per_s"] =
      benchmark::Counter(static_cast<double>(plays_per_pass), benchmark::Counter::kIsIterationInvariantRate);
}

// The plays of each corpus over the 21 rolls, counted by the reference generator.
constexpr std::uint64_t kOpeningPlays = 447;
constexpr std::uint64_t kContactPlays = 4880;
constexpr std::uint64_t kBarPlays = 331;
constexpr std::uint64_t kBearoffPlays = 944;
constexpr std::uint64_t kRacePlays = 2668;
constexpr std::uint64_t kRealisticPlays = 8823;
constexpr std::uint64_t kGamesPlays = 134470;
void BM_Generate_Opening(benchmark::State& s) { generate(s, opening(), kOpeningPlays); }
void BM_Generate_Contact(benchmark::State& s) { generate(s, contact(), kContactPlays); }
void BM_Generate_Bar(benchmark::State& s) { generate(s, bar(), kBarPlays); }
void BM_Generate_BearOff(benchmark::State& s) { generate(s, bearoff(), kBearoffPlays); }
void BM_Generate_Race(benchmark::State& s) { generate(s, race(), kRacePlays); }
void BM_Generate_Realistic(benchmark::State& s) { generate(s, realistic(), kRealisticPlays); }
void BM_Generate_Games(benchmark::State& s) { generate(s, games(), kGamesPlays); }
BENCHMARK(BM_Generate_Opening);
BENCHMARK(BM_Generate_Contact);
BENCHMARK(BM_Generate_Bar);
BENCHMARK(BM_Generate_BearOff);
BENCHMARK(BM_Generate_Race);
BENCHMARK(BM_Generate_Realistic);
BENCHMARK(BM_Generate_Games);

// apply_flipped over every play of every roll of the random-game corpus: the child a search
// makes, checked against apply then flipped before timing. Reported per play.
void BM_ApplyFlipped_Games(benchmark::State& state) {
  struct Item {
    std::uint32_t pos;  // index into the corpus
    Play play;
  };
  const std::vector<Position> corpus = games();
  std::vector<Item> items;
  PlayList list;
  for (std::uint32_t i = 0; i < corpus.size(); ++i)
    for (Dice d : kAllRolls) {
      generate_plays(corpus[i], d, list);
      for (const Play& play : list) items.push_back({i, play});
    }
  for (const auto& it : items)
    if (apply_flipped(corpus[it.pos], it.play) != apply(corpus[it.pos], it.play).flipped()) {
      state.SkipWithError("apply_flipped differs from apply then flipped");
      return;
    }
  for (auto _ : state)
    for (const auto& it : items) {
      Position child = apply_flipped(corpus[it.pos], it.play);
      benchmark::DoNotOptimize(child);
    }
  state.counters["ns_per_play"] = benchmark::Counter(
      static_cast<double>(items.size()), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ApplyFlipped_Games);

// Position::hash() on every child (apply_flipped) of every roll of the random-game corpus, as a
// transposition table hashes the nodes of a search. Checked before timing: the distinct children
// have distinct hashes. Reported per hash.
void BM_PositionHash_Games(benchmark::State& state) {
  std::vector<Position> children;
  PlayList list;
  for (const Position& p : games())
    for (Dice d : kAllRolls) {
      generate_plays(p, d, list);
      for (const Play& play : list) children.push_back(apply_flipped(p, play));
    }
  std::vector<std::array<std::uint8_t, 64>> distinct;
  std::vector<std::uint64_t> hashes;
  for (const Position& c : children) distinct.push_back(c.bytes());
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  for (const auto& b : distinct) {
    Position c;
    c.bytes() = b;
    hashes.push_back(c.hash());
  }
  std::sort(hashes.begin(), hashes.end());
  if (std::adjacent_find(hashes.begin(), hashes.end()) != hashes.end()) {
    state.SkipWithError("two distinct children have the same hash");
    return;
  }
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (const Position& c : children) {
      const std::uint64_t h = c.hash();
      benchmark::DoNotOptimize(h);
      sum += h;
    }
    benchmark::DoNotOptimize(sum);
  }
  state.counters["ns_per_hash"] =
      benchmark::Counter(static_cast<double>(children.size()),
                         benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_PositionHash_Games);

// Random playouts from the start to the end of the game (no cube): throw, generate, pick a play
// uniformly, apply_flipped; games per second. Before timing, a game is checked to end with the
// loser's side to move and the winner's 15 checkers off.
int playout(Rng& rng, PlayList& plays) {
  Position p = Position::start();
  int plies = 0;
  while (!game_over(p)) {
    ++plies;
    generate_plays(p, throw_dice(rng), plays);
    p = plays.empty() ? p.flipped() : apply_flipped(p, plays[rng.below(static_cast<std::uint32_t>(plays.size()))]);
  }
  return plies;
}

void BM_RandomPlayouts(benchmark::State& state) {
  PlayList plays;
  {
    Rng check(1);
    const int plies = playout(check, plays);
    Position p = Position::start();
    Rng again(1);
    for (int i = 0; i < plies; ++i) {
      generate_plays(p, throw_dice(again), plays);
      p = plays.empty() ? p.flipped()
                        : apply(p, plays[again.below(static_cast<std::uint32_t>(plays.size()))]).flipped();
    }
    if (plies <= 0 || !game_over(p) || p.borne_off(Side::Opponent) != 15) {
      state.SkipWithError("a playout did not end the game");
      return;
    }
  }
  Rng rng(7);
  std::int64_t games = 0, plies = 0;
  for (auto _ : state) {
    const int n = playout(rng, plays);
    benchmark::DoNotOptimize(n);
    plies += n;
    ++games;
  }
  state.counters["games_per_s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["plies_per_game"] = static_cast<double>(plies) / static_cast<double>(std::max<std::int64_t>(games, 1));
}
BENCHMARK(BM_RandomPlayouts);

// perft(3) from the start = 116,154,993: this library's value, checked equal to the reference
// generator through depth 2 (202,782) and on every (position, roll) of the tests.
constexpr std::uint64_t kPerft3 = 116154993;

void perft3(benchmark::State& state, Leaves leaves) {
  const Position start = Position::start();
  if (perft(start, 3, leaves) != kPerft3) {
    state.SkipWithError("perft(3) count is wrong");
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(perft(start, 3, leaves));
  state.counters["leaves_per_s"] =
      benchmark::Counter(static_cast<double>(kPerft3), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Perft3_Count(benchmark::State& s) { perft3(s, Leaves::Count); }
void BM_Perft3_List(benchmark::State& s) { perft3(s, Leaves::List); }
void BM_Perft3_Make(benchmark::State& s) { perft3(s, Leaves::Make); }
BENCHMARK(BM_Perft3_Count)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft3_List)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Perft3_Make)->Unit(benchmark::kMillisecond);

}  // namespace
