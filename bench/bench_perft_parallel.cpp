// Scaling of perft_parallel (perft/runner.hpp): the same perft on 1 and 2 threads (and with
// a table), in one run so that the ratios compare like with like. Every benchmark checks its count
// before it times. Runs of about a second or more (one iteration per repetition); read the
// real-time `min` of each and divide (the machine may be shared: docs/perft.md).
//
//   cmake --build <dir> --target bench_perft_parallel && <dir>/bench/bench_perft_parallel
//     --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true
//     --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include <cstdint>

#include "boardrules/perft/backgammon.hpp"
#include "boardrules/perft/warri.hpp"

namespace {

using boardrules::Leaves;
using boardrules::PerftOptions;

constexpr std::uint64_t kWarri13 = 2'321'756'777;  // Warri perft(13) from the start (perft())

template <class F>
void run(benchmark::State& state, std::uint64_t want, F count) {
  if (count() != want) {
    state.SkipWithError("wrong perft count");
    return;
  }
  std::uint64_t n = 0;
  for (auto _ : state) {
    n = count();
    benchmark::DoNotOptimize(n);
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_WarriPerft13(benchmark::State& state) {
  const PerftOptions o{static_cast<unsigned>(state.range(0)), static_cast<std::size_t>(state.range(1))};
  run(state, kWarri13,
      [&] { return boardrules::warri::perft_parallel(boardrules::warri::Position::start(), 13, Leaves::Count, o); });
}

// Backgammon perft(4) of a no-contact race (perft(4) of the start takes tens of seconds).
void BM_BackgammonRacePerft4(benchmark::State& state) {
  namespace bg = boardrules::backgammon;
  bg::Position p;
  p.set(bg::Side::Mover, 2, 2);
  p.set(bg::Side::Mover, 4, 3);
  p.set(bg::Side::Mover, 6, 3);
  p.set(bg::Side::Mover, bg::kOff, 7);
  p.set(bg::Side::Opponent, 1, 2);
  p.set(bg::Side::Opponent, 3, 3);
  p.set(bg::Side::Opponent, 5, 2);
  p.set(bg::Side::Opponent, bg::kOff, 8);
  const std::uint64_t want = bg::perft(p, 4);
  const PerftOptions o{static_cast<unsigned>(state.range(0)), static_cast<std::size_t>(state.range(1))};
  run(state, want, [&] { return bg::perft_parallel(p, 4, Leaves::Count, o); });
}

// Arguments: threads, table MiB; one timed run each, wall time.
void perft_args(benchmark::internal::Benchmark* b) {
  b->Args({1, 0})->Args({2, 0})->Args({2, 64})->Iterations(1)->UseRealTime()->Unit(benchmark::kMillisecond);
}

}  // namespace

BENCHMARK(BM_WarriPerft13)->Apply(perft_args);
BENCHMARK(BM_BackgammonRacePerft4)->Apply(perft_args);
