// Endgame database probes: the time to find a position's entry in a database held in memory, from
// a position (the side's checkers or houses read, the index computed, the entry read), and the
// index alone. The databases are built once, when their first benchmark runs: the one-sided
// bear-off database of 6 points (~1.5 s), the two-sided 6x6 (~2 s), Hypergammon with 2 checkers
// (~5 s) and the Warri endgames of up to 12 seeds for Speightstown (5.4 MB).
//
// Each benchmark probes random positions the database covers, in turn, one probe an iteration
// (ns per probe): /64 the first 64 of them (their entries stay in the L1 cache), /4096 all 4,096
// (their entries spread over the database: cache and TLB misses). `Probe` lets consecutive probes
// overlap, as a loop over independent positions does; `ProbeChained` makes each probe's position
// depend on the previous probe's value, so that the time is the latency of one probe; `Rank` is
// the index alone, from the boards. Every probe is checked before the timing (the entry of the
// index the position was made from, and a few entries known by hand).
//
//   cmake --build <dir> --target bench_db && <dir>/bench/bench_db      (-march=native)
//
// Each SIMD level by hand (docs/performance.md#database-probes):
//   g++ -std=c++20 -O3 -DNDEBUG -march=x86-64|x86-64-v3|native -Iinclude bench/bench_db.cpp
//       -lbenchmark_main -lbenchmark -lpthread -o bench_db_<level>

#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/db/hyper.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/index.hpp"

namespace {

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;
namespace we = boardrules::warri::endgame;
using boardrules::Rng;

constexpr std::size_t kSamples = 4096;  // the most a benchmark probes (a power of two)

// Stops the program when a probe gives a wrong entry: the timings would mean nothing.
void require(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "bench_db: check failed: %s\n", what);
    std::exit(1);
  }
}

// Times probe(items[i]) over the first state.range(0) samples (a power of two) in turn; `chained`:
// the next sample depends on the value the probe returned (read from the entry).
template <class Item, class Probe>
void run(benchmark::State& state, const std::vector<Item>& items, const Probe& probe, bool chained) {
  const auto mask = static_cast<std::size_t>(state.range(0)) - 1;
  std::size_t i = 0;
  std::uint32_t sum = 0;
  for (auto _ : state) {
    const std::uint32_t v = probe(items[i]);
    benchmark::DoNotOptimize(v);
    sum += v;
    i = (i + 1 + (chained ? (v & 1u) : 0u)) & mask;
  }
  benchmark::DoNotOptimize(sum);
}

// ---------------------------------------------------------------------------------------------
// Backgammon bear-off databases (6 points).

// A position with the mover's checkers as `mover`, the opponent's as `opponent` (both on points
// 1..6 of their own numbering; the rest of each side's 15 checkers borne off).
bg::Position bearoff_position(const bg::BearoffBoard& mover, const bg::BearoffBoard& opponent) {
  bg::Position p;
  for (int i = 0; i < 6; ++i) {
    p.set(bg::Side::Mover, i + 1, mover[static_cast<std::size_t>(i)]);
    p.set(bg::Side::Opponent, i + 1, opponent[static_cast<std::size_t>(i)]);
  }
  p.set(bg::Side::Mover, bg::kOff, 15 - bg::bearoff_checkers(mover));
  p.set(bg::Side::Opponent, bg::kOff, 15 - bg::bearoff_checkers(opponent));
  return p;
}

const bg::OneSidedBearoff& one_sided() {
  static const bg::OneSidedBearoff db = [] {
    bg::OneSidedBearoff d = bg::build_one_sided_bearoff(6, {.threads = 0}).value();
    // One checker on the 6-point: 27 of the 36 rolls bear it off at once (49151 = 27/36 of
    // 65535), the others in two (docs/databases.md).
    const bg::BearoffDistribution* e = d.probe(bg::BearoffBoard{0, 0, 0, 0, 0, 1});
    require(e != nullptr && e->off[1] == 49151 && e->off[2] == 16384, "one checker on the 6-point");
    return d;
  }();
  return db;
}

struct OneSidedSample {
  bg::Position position;
  bg::BearoffBoard board;
};

const std::vector<OneSidedSample>& one_sided_samples() {
  static const std::vector<OneSidedSample> samples = [] {
    const bg::OneSidedBearoff& db = one_sided();
    const auto n = static_cast<std::uint32_t>(db.positions());
    Rng rng(1);
    std::vector<OneSidedSample> s(kSamples);
    for (auto& x : s) {
      const std::uint32_t r = rng.below(n);
      x.board = bg::bearoff_unrank(r, 6, 15);
      x.position = bearoff_position(x.board, bg::bearoff_unrank(rng.below(n), 6, 15));
      require(db.probe(x.position, bg::Side::Mover) == &db.entry(r), "one-sided probe = entry of its rank");
      require(bg::bearoff_rank(x.board, 6) == r, "one-sided rank");
    }
    return s;
  }();
  return samples;
}

std::uint32_t one_sided_probe(const OneSidedSample& x) {
  const bg::BearoffDistribution* e = one_sided().probe(x.position, bg::Side::Mover);
  return e != nullptr ? e->off[4] : 0u;
}

void BM_OneSided6_Probe(benchmark::State& state) {
  const auto& s = one_sided_samples();
  run(state, s, one_sided_probe, false);
}
void BM_OneSided6_ProbeChained(benchmark::State& state) {
  const auto& s = one_sided_samples();
  run(state, s, one_sided_probe, true);
}
void BM_OneSided6_Rank(benchmark::State& state) {
  const auto& s = one_sided_samples();
  run(
      state, s, [](const OneSidedSample& x) { return bg::bearoff_rank(x.board, 6); }, false);
}

const bg::TwoSidedBearoff& two_sided() {
  static const bg::TwoSidedBearoff db = [] {
    bg::TwoSidedBearoff d = bg::build_two_sided_bearoff(6, 6, {.threads = 0}).value();
    // The mover has borne off all its checkers: it has won (+1, the file's 65535).
    require(d.entry(0, 5).cubeless == 65535 && d.entry(5, 0).cubeless == 0, "two-sided: a side off has won");
    return d;
  }();
  return db;
}

struct TwoSidedSample {
  bg::Position position;
  bg::BearoffBoard mover, opponent;
};

const std::vector<TwoSidedSample>& two_sided_samples() {
  static const std::vector<TwoSidedSample> samples = [] {
    const bg::TwoSidedBearoff& db = two_sided();
    const std::uint32_t n = db.side_positions();
    Rng rng(2);
    std::vector<TwoSidedSample> s(kSamples);
    for (auto& x : s) {
      const std::uint32_t m = rng.below(n), o = rng.below(n);
      x.mover = bg::bearoff_unrank(m, 6, 6);
      x.opponent = bg::bearoff_unrank(o, 6, 6);
      x.position = bearoff_position(x.mover, x.opponent);
      require(db.probe(x.position) == &db.entry(m, o), "two-sided probe = entry of its ranks");
    }
    return s;
  }();
  return samples;
}

std::uint32_t two_sided_probe(const TwoSidedSample& x) {
  const bg::BearoffEquities* e = two_sided().probe(x.position);
  return e != nullptr ? e->cubeless : 0u;
}

void BM_TwoSided6x6_Probe(benchmark::State& state) {
  const auto& s = two_sided_samples();
  run(state, s, two_sided_probe, false);
}
void BM_TwoSided6x6_ProbeChained(benchmark::State& state) {
  const auto& s = two_sided_samples();
  run(state, s, two_sided_probe, true);
}
void BM_TwoSided6x6_Rank(benchmark::State& state) {
  const auto& s = two_sided_samples();
  const std::uint32_t n = two_sided().side_positions();
  run(
      state, s,
      [n](const TwoSidedSample& x) { return bg::bearoff_rank(x.mover, 6) * n + bg::bearoff_rank(x.opponent, 6); },
      false);
}

// ---------------------------------------------------------------------------------------------
// Hypergammon, 2 checkers a side.

const bg::HyperDatabase& hyper() {
  static const bg::HyperDatabase db = bg::build_hyper(2).value();
  return db;
}

// A side's checkers as the database numbers them: its points 1..24, then the bar, which are the
// side's bytes 1..25 in the position's layout (position.hpp). The database has no probe from a
// position (its positions are those of a game of 1 to 3 checkers a side, not the 3 of every
// Hypergammon position): the benchmark ranks both sides and reads the entry, as a caller does.
[[maybe_unused]] bg::HyperBoard hyper_board(const bg::HypergammonPosition& p, bg::Side side) {
  bg::HyperBoard b;
  std::memcpy(b.data(), p.bytes().data() + (side == bg::Side::Mover ? 1 : 33), b.size());
  return b;
}

// A side's index from the position: hyper_rank(position, side) where the library has it (it reads
// the position's bytes in place), else hyper_rank of the board copied out (the tree before it).
template <class P>
std::uint32_t hyper_side_rank(const P& p, bg::Side side) {
  if constexpr (requires { bg::hyper_rank(p, side); }) return bg::hyper_rank(p, side);
  else return bg::hyper_rank(hyper_board(p, side));
}

struct HyperSample {
  bg::HypergammonPosition position;
  bg::HyperBoard mover, opponent;
};

const std::vector<HyperSample>& hyper_samples() {
  static const std::vector<HyperSample> samples = [] {
    const bg::HyperDatabase& db = hyper();
    const std::uint32_t n = db.side_positions();
    Rng rng(3);
    std::vector<HyperSample> s;
    while (s.size() < kSamples) {
      const std::uint32_t m = rng.below(n), o = rng.below(n);
      HyperSample x;
      x.mover = bg::hyper_unrank(m, 2);
      x.opponent = bg::hyper_unrank(o, 2);
      bool clash = false;  // both sides on one point: no position
      for (std::size_t i = 0; i < 24; ++i) clash = clash || (x.mover[i] != 0 && x.opponent[23 - i] != 0);
      if (clash) continue;
      int on_m = 0, on_o = 0;
      for (int i = 1; i <= 25; ++i) {
        x.position.set(bg::Side::Mover, i, x.mover[static_cast<std::size_t>(i - 1)]);
        x.position.set(bg::Side::Opponent, i, x.opponent[static_cast<std::size_t>(i - 1)]);
        on_m += x.mover[static_cast<std::size_t>(i - 1)];
        on_o += x.opponent[static_cast<std::size_t>(i - 1)];
      }
      x.position.set(bg::Side::Mover, bg::kOff, 2 - on_m);
      x.position.set(bg::Side::Opponent, bg::kOff, 2 - on_o);
      const bg::HyperEntry& e =
          db.entry(hyper_side_rank(x.position, bg::Side::Mover), hyper_side_rank(x.position, bg::Side::Opponent));
      require(&e == &db.entry(m, o), "hypergammon probe = entry of its ranks");
      const float p = e.probability[0];
      require(p >= 0.0f && p <= 1.0f, "hypergammon: a probability");
      s.push_back(x);
    }
    return s;
  }();
  return samples;
}

// The entry's win probability, as its bits (a value the chained loop can depend on).
std::uint32_t hyper_value(const bg::HyperEntry& e) { return std::bit_cast<std::uint32_t>(e.probability[0]); }

std::uint32_t hyper_probe(const HyperSample& x) {
  const bg::HyperDatabase& db = hyper();
  return hyper_value(
      db.entry(hyper_side_rank(x.position, bg::Side::Mover), hyper_side_rank(x.position, bg::Side::Opponent)));
}

void BM_Hyper2_Probe(benchmark::State& state) {
  const auto& s = hyper_samples();
  run(state, s, hyper_probe, false);
}
void BM_Hyper2_ProbeChained(benchmark::State& state) {
  const auto& s = hyper_samples();
  run(state, s, hyper_probe, true);
}
void BM_Hyper2_Rank(benchmark::State& state) {
  const auto& s = hyper_samples();
  const std::uint32_t n = hyper().side_positions();
  run(
      state, s, [n](const HyperSample& x) { return bg::hyper_rank(x.mover) * n + bg::hyper_rank(x.opponent); }, false);
}

// ---------------------------------------------------------------------------------------------
// Warri endgames of up to 12 seeds (Speightstown).

constexpr int kWarriSeeds = 12;

const we::Table& warri_table() {
  static const we::Table table = [] {
    we::BuildOptions options;
    options.threads = 0;
    auto t = we::build<wa::Speightstown>(kWarriSeeds, options);
    require(t.has_value(), "the Warri endgame build");
    // An empty board: nothing left to win for either side.
    require(t->probe(we::Board{}) == we::Value{0, 0}, "Warri: the empty board");
    return std::move(*t);
  }();
  return table;
}

struct WarriSample {
  wa::Position position;
  we::Board board;
};

const std::vector<WarriSample>& warri_samples() {
  static const std::vector<WarriSample> samples = [] {
    const we::Table& t = warri_table();
    Rng rng(4);
    std::vector<WarriSample> s(kSamples);
    for (auto& x : s) {
      // A board index drawn uniformly, its layer and rank, the board; then a position whose board
      // (from the side to move) it is: North to move half the time, stores as the seeds allow.
      const auto index = static_cast<std::uint64_t>(rng.below(static_cast<std::uint32_t>(t.values.size())));
      int n = 0;
      while (we::layer_offset(n + 1) <= index) ++n;
      x.board = we::unrank(n, index - we::layer_offset(n));
      const wa::Player mover = rng.below(2) == 0 ? wa::Player::South : wa::Player::North;
      const int start = wa::row_start(mover);
      for (int i = 0; i < wa::kHouses; ++i)
        x.position.set_house((start + i) % wa::kHouses, x.board[static_cast<std::size_t>(i)]);
      const int south = static_cast<int>(rng.below(static_cast<std::uint32_t>(wa::kTotalSeeds - n + 1)));
      x.position.set_store(wa::Player::South, south);
      x.position.set_store(wa::Player::North, wa::kTotalSeeds - n - south);
      x.position.set_to_move(mover);
      require(we::board_of(x.position) == x.board, "Warri: the position's board");
      const auto v = t.probe(x.position);
      require(v.has_value() && *v == t.values[static_cast<std::size_t>(index)], "Warri probe = value of its index");
    }
    return s;
  }();
  return samples;
}

std::uint32_t warri_probe(const WarriSample& x) {
  const auto v = warri_table().probe(x.position);
  return v ? static_cast<std::uint32_t>(v->mover) : 0u;
}

void BM_Warri12_Probe(benchmark::State& state) {
  const auto& s = warri_samples();
  run(state, s, warri_probe, false);
}
void BM_Warri12_ProbeChained(benchmark::State& state) {
  const auto& s = warri_samples();
  run(state, s, warri_probe, true);
}
void BM_Warri12_Rank(benchmark::State& state) {
  const auto& s = warri_samples();
  run(
      state, s, [](const WarriSample& x) { return static_cast<std::uint32_t>(we::board_index(x.board)); }, false);
}

}  // namespace

BENCHMARK(BM_OneSided6_Probe)->Arg(64)->Arg(4096);
BENCHMARK(BM_OneSided6_ProbeChained)->Arg(4096);
BENCHMARK(BM_OneSided6_Rank)->Arg(4096);
BENCHMARK(BM_TwoSided6x6_Probe)->Arg(64)->Arg(4096);
BENCHMARK(BM_TwoSided6x6_ProbeChained)->Arg(4096);
BENCHMARK(BM_TwoSided6x6_Rank)->Arg(4096);
BENCHMARK(BM_Hyper2_Probe)->Arg(64)->Arg(4096);
BENCHMARK(BM_Hyper2_ProbeChained)->Arg(4096);
BENCHMARK(BM_Hyper2_Rank)->Arg(4096);
BENCHMARK(BM_Warri12_Probe)->Arg(64)->Arg(4096);
BENCHMARK(BM_Warri12_ProbeChained)->Arg(4096);
BENCHMARK(BM_Warri12_Rank)->Arg(4096);
