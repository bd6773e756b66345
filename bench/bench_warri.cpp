// Warri speed: perft(12) from the start in each Leaves mode, a baseline
// straightforward table-driven SSE2 perft measured in the same run, ns per make+generate on a corpus
// of game positions, and random playouts. Every perft benchmark checks its count before it times.
//
//   cmake --build <dir> --target bench_warri && <dir>/bench/bench_warri      (-march=native)
//
// Each level of perft.hpp (portable C++, SSE2, AVX2, AVX-512) by hand, e.g.:
//   g++ -std=c++20 -O3 -DNDEBUG -march=x86-64|x86-64-v3|native -Iinclude bench/bench_warri.cpp
//       -lbenchmark_main -lbenchmark -lpthread -o bench_warri_<level>
// (and -DBOARDRULES_NO_SIMD for the portable C++ core alone).
// The perft benchmarks run one iteration per repetition (perft(12) takes ~0.1..4 s); read the `min`
// and the CPU column (the machine is shared).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/perft.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace {

using namespace boardrules::warri;
using boardrules::Leaves;
using boardrules::Rng;

constexpr std::uint64_t kPerft12 = 460'005'710;  // perft(12) from the start (known value)

double min_of(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

void perft_bench(benchmark::State& state, Leaves leaves, int depth, std::uint64_t want) {
  const auto start = Position::start();
  if (perft(start, depth, leaves) != want) {
    state.SkipWithError("wrong perft count");
    return;
  }
  std::uint64_t n = 0;
  for (auto _ : state) {
    n = perft(start, depth, leaves);
    benchmark::DoNotOptimize(n);
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Perft12_Count(benchmark::State& s) { perft_bench(s, Leaves::Count, 12, kPerft12); }
void BM_Perft12_List(benchmark::State& s) { perft_bench(s, Leaves::List, 12, kPerft12); }
void BM_Perft12_Make(benchmark::State& s) { perft_bench(s, Leaves::Make, 12, kPerft12); }

#if defined(__SSE2__)
// ---------------------------------------------------------------------------------------------
// Baseline: a straightforward table-driven SSE2 implementation with bulk counting, written from
// the rules (docs/rules/warri.md) without the tricks of the library (absolute board in one
// register, one sowing table entry per (house, seeds) added with one instruction, captures and
// legality by scalar loops).
namespace baseline {

struct Tables {
  alignas(16) std::uint8_t sow[12][49][16];  // what sowing house h with n seeds adds (origin cleared)
};

Tables make_tables() {
  Tables t{};
  for (int h = 0; h < 12; ++h)
    for (int n = 0; n <= 48; ++n) {
      std::uint8_t* v = t.sow[h][n];
      v[h] = static_cast<std::uint8_t>(-n);  // wraps the origin to 0
      int cur = h;
      for (int k = 0; k < n; ++k) {
        do cur = (cur + 1) % 12;
        while (cur == h);
        ++v[cur];
      }
      v[14] = static_cast<std::uint8_t>(h < 6 ? 1 : 0xFF);  // side to move: +1 or -1
    }
  return t;
}
const Tables kTables = make_tables();

struct Board {
  alignas(16) std::uint8_t b[16];
};

inline int mover(const Board& p) { return p.b[14] == 0 ? 0 : 6; }

inline Board apply(const Board& p, int h) {
  const int n = p.b[h];
  Board q;
  const __m128i v = _mm_add_epi8(_mm_load_si128(reinterpret_cast<const __m128i*>(p.b)),
                                 _mm_load_si128(reinterpret_cast<const __m128i*>(kTables.sow[h][n])));
  _mm_store_si128(reinterpret_cast<__m128i*>(q.b), v);
  const int me = h < 6 ? 0 : 6;
  const int opp = 6 - me;
  const int last = (h + (n - 1) % 11 + 1) % 12;
  if (last >= opp && last < opp + 6) {
    int j = last, cap = 0;
    while (j >= opp && (q.b[j] == 2 || q.b[j] == 3)) cap += q.b[j--];
    if (cap > 0) {
      for (int k = j + 1; k <= last; ++k) q.b[k] = 0;
      q.b[me == 0 ? 12 : 13] = static_cast<std::uint8_t>(q.b[me == 0 ? 12 : 13] + cap);
    }
  }
  return q;
}

inline int legal(const Board& p, int* moves) {
  if (p.b[12] >= 25 || p.b[13] >= 25) return 0;
  const int me = mover(p), opp = 6 - me;
  int opp_seeds = 0;
  for (int i = opp; i < opp + 6; ++i) opp_seeds += p.b[i];
  int k = 0;
  for (int i = 0; i < 6; ++i) {
    const int n = p.b[me + i];
    if (n == 0) continue;
    if (opp_seeds == 0 && n + i < 6) continue;  // WA-2.3
    moves[k++] = me + i;
  }
  return k;
}

std::uint64_t perft(const Board& p, int depth) {
  int moves[6];
  const int k = legal(p, moves);
  if (depth == 1) return static_cast<std::uint64_t>(k);  // bulk counting
  std::uint64_t n = 0;
  for (int i = 0; i < k; ++i) n += perft(apply(p, moves[i]), depth - 1);
  return n;
}

}  // namespace baseline

void BM_Perft12_Baseline_SSE2_List(benchmark::State& state) {
  baseline::Board start{};
  for (int i = 0; i < 12; ++i) start.b[i] = 4;
  if (baseline::perft(start, 12) != kPerft12) {
    state.SkipWithError("wrong perft count");
    return;
  }
  std::uint64_t n = 0;
  for (auto _ : state) {
    n = baseline::perft(start, 12);
    benchmark::DoNotOptimize(n);
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_Perft12_Baseline_SSE2_List)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ComputeStatistics("min", min_of);
#endif

BENCHMARK(BM_Perft12_Count)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ComputeStatistics("min", min_of);
BENCHMARK(BM_Perft12_List)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ComputeStatistics("min", min_of);
BENCHMARK(BM_Perft12_Make)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3)
    ->ComputeStatistics("min", min_of);

// A corpus of positions from random games (all phases of the game), fixed seed.
std::vector<Position> corpus() {
  std::vector<Position> v;
  Rng rng(2026);
  while (v.size() < 4096) {
    auto p = Position::start();
    for (;;) {
      MoveList m;
      generate_moves(p, m);
      if (m.empty()) break;
      v.push_back(p);
      p = apply(p, m[rng.below(static_cast<std::uint32_t>(m.size()))]);
    }
  }
  v.resize(4096);
  return v;
}

// ns per (apply one move + generate the child's moves), through the public API.
void BM_MakeGenerate(benchmark::State& state) {
  const auto positions = corpus();
  std::int64_t made = 0;
  for (auto _ : state) {
    for (const auto& p : positions) {
      MoveList moves;
      generate_moves(p, moves);
      for (auto m : moves) {
        MoveList next;
        generate_moves(apply(p, m), next);
        benchmark::DoNotOptimize(next);
        ++made;
      }
    }
  }
  state.SetItemsProcessed(made);
  state.counters["ns/make+gen"] =
      benchmark::Counter(static_cast<double>(made), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_MakeGenerate);

// Random playouts from the start to the end of the game (WA-4.1/4.2; a game that cycles is cut at
// 300 plies), through the public API: games per second.
void BM_RandomPlayouts(benchmark::State& state) {
  Rng rng(7);
  std::int64_t games = 0, plies = 0;
  for (auto _ : state) {
    auto p = Position::start();
    for (int ply = 0; ply < 300; ++ply) {
      MoveList m;
      generate_moves(p, m);
      if (m.empty()) break;
      p = apply(p, m[rng.below(static_cast<std::uint32_t>(m.size()))]);
      ++plies;
    }
    benchmark::DoNotOptimize(p);
    ++games;
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  state.counters["plies/game"] = static_cast<double>(plies) / static_cast<double>(std::max<std::int64_t>(games, 1));
}
BENCHMARK(BM_RandomPlayouts);

}  // namespace
