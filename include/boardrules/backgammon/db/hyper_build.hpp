#pragma once
/// \file
/// Building the solved Hypergammon database (build_hyper): value iteration in place over every pair
/// of positions until no value moves by more than a threshold; recompute_hyper_entry, one step of
/// it for one entry, to check a database.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "boardrules/backgammon/db/bearoff_tables.hpp"
#include "boardrules/backgammon/db/hyper_index.hpp"
#include "boardrules/backgammon/db/hyper_tables.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/backgammon/values/variant.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// How a Hypergammon database is built.
struct HyperBuildOptions {
  /// Stop when no value moved by more than this in a sweep (GNU Backgammon's default).
  float threshold = 1e-5f;
  /// Threads (0: all hardware threads). One thread iterates in a fixed order and so gives the same
  /// values at every run; with more, a value may be computed from a neighbour's value of this
  /// sweep or of the last, by timing, and the values agree with one thread's within the
  /// convergence (measured in docs/databases.md).
  unsigned threads = 1;
  /// Keep the positions each roll leads to between sweeps (4 bytes a position reached: 3.6 GB for
  /// 3 checkers, 0.1 GB for 2) instead of generating them at every sweep.
  bool keep_plays = true;
  /// Called while the plays are generated with (one-sided positions done, all), from the calling
  /// thread.
  std::function<void(std::size_t, std::size_t)> generation_progress{};
  /// Called after each sweep with (sweep, largest change).
  std::function<void(int, float)> progress{};
};

namespace hyper_detail {

[[nodiscard]] inline std::array<float, 5> invert(const std::array<float, 5>& p) noexcept {
  return {1.0f - p[0], p[3], p[4], p[1], p[2]};
}

inline HyperBoard board_of(const BasicPosition<Hypergammon>& pos, Side side) noexcept {
  HyperBoard b{};
  for (int p = 1; p <= 24; ++p) b[static_cast<std::size_t>(p - 1)] = static_cast<std::uint8_t>(pos.count(side, p));
  b[24] = static_cast<std::uint8_t>(pos.count(side, kBar));
  return b;
}

// The distinct positions a roll can leave, in the order GNU Backgammon's move generator first
// reaches them (among plays of equal cubeless equity it keeps the last one, so the order decides
// the probabilities kept): the higher die first, then the lower die first; a checker on the bar
// enters first (BG-5.2); other steps from the highest point down, a double's later steps from the
// same point or lower; a blot landed on is hit (BG-5.1); a play is kept when it uses as many dice
// and pips as any so far (BG-3.6, BG-3.7), the list restarting when one uses more.
struct HyperChildren {
  struct Boards {
    HyperBoard us, them;
    bool hit = false;  // `them` is no longer the board the play started from
  };
  std::vector<std::array<std::uint32_t, 2>> list;  // (mover index, opponent index) after the play
  int max_steps = 0, max_pips = 0;
  std::array<int, 4> dice{};
  std::uint32_t them_rank = 0;  // the index of the opponent's board before the play

  void save(int steps, int pips, const Boards& b) {
    if (steps < max_steps || pips < max_pips) return;
    if (steps > max_steps || pips > max_pips) list.clear();
    max_steps = steps;
    max_pips = pips;
    const std::array<std::uint32_t, 2> key{hyper_rank(b.us), b.hit ? hyper_rank(b.them) : them_rank};
    for (const auto& k : list)
      if (k[0] == key[0] && k[1] == key[1]) return;
    list.push_back(key);
  }
  static void step(Boards& b, int from, int die) noexcept {
    --b.us[static_cast<std::size_t>(from)];
    const int to = from - die;
    if (to < 0) return;  // borne off (BG-6)
    auto& blot = b.them[static_cast<std::size_t>(23 - to)];
    if (blot == 1) {  // hit (BG-5.1)
      blot = 0;
      ++b.them[24];
      b.hit = true;
    }
    ++b.us[static_cast<std::size_t>(to)];
  }
  [[nodiscard]] static bool legal(const Boards& b, int from, int die) noexcept {
    const int to = from - die;
    if (to >= 0) return b.them[static_cast<std::size_t>(23 - to)] < 2;  // not a made point (BG-4)
    int back = 0;
    for (int i = 24; i > 0; --i)
      if (b.us[static_cast<std::size_t>(i)] != 0) {
        back = i;
        break;
      }
    return back <= 5 && (from == back || to == -1);  // BG-6.1, BG-6.4
  }
  bool play(int depth, int top, int pips, const Boards& b) {
    if (depth > 3 || dice[static_cast<std::size_t>(depth)] == 0) return true;
    const int die = dice[static_cast<std::size_t>(depth)];
    if (b.us[24] != 0) {  // on the bar: enter first (BG-5.2)
      if (b.them[static_cast<std::size_t>(die - 1)] >= 2) return true;
      Boards n = b;
      step(n, 24, die);
      if (play(depth + 1, 23, pips + die, n)) save(depth + 1, pips + die, n);
      return false;
    }
    bool used = false;
    for (int i = top; i >= 0; --i) {
      if (b.us[static_cast<std::size_t>(i)] == 0 || !legal(b, i, die)) continue;
      Boards n = b;
      step(n, i, die);
      if (play(depth + 1, dice[0] == dice[1] ? i : 23, pips + die, n)) save(depth + 1, pips + die, n);
      used = true;
    }
    return !used;
  }
  void generate(const HyperBoard& us, const HyperBoard& them, Dice roll) {
    list.clear();
    max_steps = max_pips = 0;
    const int hi = roll.high(), lo = roll.low();
    const Boards b{us, them};
    them_rank = hyper_rank(them);
    dice = {hi, lo, hi == lo ? hi : 0, hi == lo ? hi : 0};
    play(0, 23, 0, b);
    if (hi != lo) {
      dice = {lo, hi, 0, 0};
      play(0, 23, 0, b);
    }
  }
};

}  // namespace hyper_detail

namespace hyper_detail {

// Relaxed atomic access to values other threads of a sweep read and write: each is a float on its
// own, and a sweep may take a neighbour's value of this sweep or of the last (both converge).
[[nodiscard]] inline float load(const float& x) noexcept {
  return std::atomic_ref<float>(const_cast<float&>(x)).load(std::memory_order_relaxed);
}
inline void store(float& x, float v) noexcept { std::atomic_ref<float>(x).store(v, std::memory_order_relaxed); }

// Asks for the cache line at `p` ahead of its use (a hint: nothing where the compiler has none).
inline void prefetch(const void* p) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}

// What a play into an entry offers the player who made it, kept beside the entries so that the
// inner loop only takes maxima: minus the cubeless equity, and minus the opponent's value after its
// own cube action under each cube state (we own the cube: it cannot double; centred; centred under
// the Jacoby rule; it owns the cube). 32 bytes: one cache line holds whole offers.
struct alignas(32) HyperOffer {
  float cubeless = 0;
  std::array<float, 4> cube{};
};

// Runs body(row, worker) for every row in [0, rows), in increasing order handed out to `threads`
// threads (the calling one among them) in blocks of 16 rows: a row's writes go to a column of the
// transposed arrays, and blocks keep two threads off the same cache lines there. After each of its
// own blocks the calling thread reports progress(rows done, rows).
template <class Worker, class F>
void for_each_row(std::uint32_t rows, std::vector<Worker>& workers, const F& body,
                  const std::function<void(std::size_t, std::size_t)>& progress) {
  constexpr std::uint32_t kBlock = 16;
  std::atomic<std::uint32_t> next{0}, done{0};
  const auto work = [&](Worker& w, bool caller) {
    for (;;) {
      const std::uint32_t first = next.fetch_add(kBlock, std::memory_order_relaxed);
      if (first >= rows) return;
      const std::uint32_t last = std::min(rows, first + kBlock);
      for (std::uint32_t row = first; row < last; ++row) body(row, w);
      const std::uint32_t d = done.fetch_add(last - first, std::memory_order_relaxed) + (last - first);
      if (caller && progress) progress(d, rows);
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < workers.size(); ++t) pool.emplace_back(work, std::ref(workers[t]), false);
  work(workers[0], true);
  for (auto& t : pool) t.join();
  if (progress) progress(rows, rows);
}

}  // namespace hyper_detail

/// Solves Hypergammon with `checkers` (1..3) checkers a side: value iteration in place over every
/// pair of positions (the player on roll's index major), each roll's play the best for the player
/// on roll under each cube state, until a sweep changes no value by more than the threshold.
/// An Error (out_of_range, where "checkers") for another number of checkers.
[[nodiscard]] inline Result<HyperDatabase> build_hyper(int checkers, const HyperBuildOptions& options = {}) {
  using namespace hyper_detail;
  if (checkers < 1 || checkers > 3)
    return make_error(ErrorCode::out_of_range, "1 to 3 checkers, not " + std::to_string(checkers), "checkers");
  const std::uint32_t n = hyper_positions(checkers);
  const std::size_t pairs = static_cast<std::size_t>(n) * n;
  std::vector<HyperBoard> boards(n);
  std::vector<int> on(n);
  for (std::uint32_t r = 0; r < n; ++r) {
    boards[r] = hyper_unrank(r, checkers);
    for (const std::uint8_t c : boards[r]) on[r] += c;
  }
  enum class Kind : std::uint8_t { Over, Play, Illegal };
  std::vector<Kind> kind(pairs);
  std::vector<HyperEntry> e(pairs);
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o) {
      const HyperBoard& a = boards[m];
      const HyperBoard& b = boards[o];
      bool clash = false;
      for (std::size_t i = 0; i < 24; ++i) clash = clash || (a[i] != 0 && b[23 - i] != 0);
      Kind& k = kind[static_cast<std::size_t>(m) * n + o];
      HyperEntry& x = e[static_cast<std::size_t>(m) * n + o];
      if (clash) {
        k = Kind::Illegal;
      } else if (on[m] == 0 || on[o] == 0) {
        k = Kind::Over;
        if (on[m] == 0 && on[o] != 0) {  // the player on roll has borne off all (BG-7.1)
          x.probability[0] = 1;
          if (on[o] == checkers) {  // none of the loser's off: a gammon (BG-7.4)
            x.probability[1] = 1;
            for (std::size_t i = 18; i < 25; ++i)
              if (b[i] != 0) x.probability[2] = 1;  // in the winner's home or on the bar (BG-7.5)
          }
        } else if (on[o] == 0 && on[m] != 0) {
          if (on[m] == checkers) {
            x.probability[3] = 1;
            for (std::size_t i = 18; i < 25; ++i)
              if (a[i] != 0) x.probability[4] = 1;
          }
        }
        // (Both sides off, a pair no game reaches: all probabilities 0, so equity -1, as in
        // GNU Backgammon's file.)
        x.equity.fill(money_utility(x.probability, true));
        x.equity[3] = money_utility(x.probability, false);
      } else {
        k = Kind::Play;
      }
    }
  // One worker a thread: its play generator, its scratch list, its sweep's largest change.
  struct Worker {
    HyperChildren gen;
    std::vector<std::uint32_t> scratch;
    float norm = 0;
  };
  const unsigned threads = options.threads == 0 ? std::max(1u, std::thread::hardware_concurrency()) : options.threads;
  std::vector<Worker> workers(threads);
  // The entries each roll leads to (the opponent on roll after the play), in GNU Backgammon's
  // order, appended to `out` as indices of the transposed arrays below (the player who moved
  // major).
  const auto fill = [&](Worker& w, std::uint32_t m, std::uint32_t o, std::size_t k, std::vector<std::uint32_t>& out) {
    w.gen.generate(boards[m], boards[o], kAllRolls[k]);
    for (const auto& c : w.gen.list) out.push_back(c[0] * n + c[1]);
  };
  // Kept between sweeps: a row's (one mover index's) positions in the order the sweep reads them,
  // and per (pair, roll) how many there are (at most 15: four steps over three checkers).
  std::vector<std::vector<std::uint32_t>> row_children;
  std::vector<std::uint8_t> count;
  if (options.keep_plays) {
    row_children.resize(n);
    count.assign(pairs * 21, 0);
    for_each_row(
        n, workers,
        [&](std::uint32_t m, Worker& w) {
          auto& out = row_children[m];
          for (std::uint32_t o = 0; o < n; ++o) {
            const std::size_t self = static_cast<std::size_t>(m) * n + o;
            if (kind[self] != Kind::Play) continue;
            for (std::size_t k = 0; k < 21; ++k) {
              const std::size_t before = out.size();
              fill(w, m, o, k, out);
              count[self * 21 + k] = static_cast<std::uint8_t>(out.size() - before);
            }
          }
          out.shrink_to_fit();
        },
        options.generation_progress);
  }
  // The offers and the probabilities of each entry, stored transposed: entry (mover a, opponent b)
  // at b * n + a. A row of the sweep (one mover index m, every opponent index o) reads the entries
  // (o', m') its plays lead to, o' mostly o and m' from the few boards m reaches: in this order
  // those reads run along a few streams of consecutive addresses instead of jumping by rows.
  std::vector<HyperOffer> offer(pairs);
  std::vector<std::array<float, 5>> chance(pairs);
  const auto t_index = [n](std::size_t i) { return (i % n) * n + i / n; };
  const auto offer_of = [](const std::array<float, 5>& q) {
    return HyperOffer{
        -q[0], {-q[4], -bearoff_detail::cube_value(q[2], q[4], 1.0f), -bearoff_detail::cube_value(q[3], q[4], 1.0f),
                -bearoff_detail::cube_value(q[1], q[4], 1.0f)}};  // the cube decision, BG-8.1
  };
  for (std::size_t i = 0; i < pairs; ++i) {
    offer[t_index(i)] = offer_of(e[i].equity);
    chance[t_index(i)] = e[i].probability;
  }
  const std::function<void(std::size_t, std::size_t)> no_progress;
  float norm = 0;
  int sweep = 0;
  do {
    ++sweep;
    for (Worker& w : workers) w.norm = 0;
    for_each_row(
        n, workers,
        [&](std::uint32_t m, Worker& w) {
          const std::uint32_t* kept = options.keep_plays ? row_children[m].data() : nullptr;
          const std::uint32_t* const kept_end = kept + (options.keep_plays ? row_children[m].size() : 0);
          for (std::uint32_t o = 0; o < n; ++o) {
            const std::size_t self = static_cast<std::size_t>(m) * n + o;
            if (kind[self] != Kind::Play) continue;
            HyperEntry sum{};
            for (std::size_t k = 0; k < 21; ++k) {
              const std::uint32_t* c = nullptr;
              std::size_t size = 0;
              if (options.keep_plays) {
                c = kept;
                size = count[self * 21 + k];
                kept += size;
                // The entries a pair's plays reach are scattered: ask for those of the pair after
                // next (about 60 to 120 plays ahead) while this one is computed.
                constexpr std::ptrdiff_t kAhead = 96;
                for (const std::uint32_t* a = c + kAhead;
                     a < c + kAhead + static_cast<std::ptrdiff_t>(size) && a < kept_end; ++a)
                  prefetch(&offer[*a]);
              } else {
                w.scratch.clear();
                fill(w, m, o, k, w.scratch);
                c = w.scratch.data();
                size = w.scratch.size();
              }
              HyperEntry best;
              if (size == 0) {
                // No play: the same position with the opponent on roll, seen from this side.
                const HyperEntry& x = e[static_cast<std::size_t>(o) * n + m];
                std::array<float, 5> p{};
                for (std::size_t j = 0; j < 5; ++j) {
                  p[j] = load(x.probability[j]);
                  best.equity[j] = -load(x.equity[j]);
                }
                best.probability = invert(p);
              } else {
                float top = -10000.0f;
                std::uint32_t chosen = c[0];
                std::array<float, 4> most{-10000.0f, -10000.0f, -10000.0f, -10000.0f};
                for (std::size_t i = 0; i < size; ++i) {
                  const HyperOffer& v = offer[c[i]];
                  const float r = load(v.cubeless);
                  if (r >= top) {  // the last of equal plays, as GNU Backgammon
                    chosen = c[i];
                    top = r;
                  }
                  for (std::size_t j = 0; j < 4; ++j) most[j] = std::max(most[j], load(v.cube[j]));
                }
                std::array<float, 5> p{};
                for (std::size_t j = 0; j < 5; ++j) p[j] = load(chance[chosen][j]);
                best.probability = invert(p);
                best.equity[0] = top;
                for (std::size_t j = 0; j < 4; ++j) best.equity[j + 1] = most[j];
              }
              const bool dbl = kAllRolls[k].is_double();
              for (std::size_t j = 0; j < 5; ++j) {
                sum.probability[j] += dbl ? best.probability[j] : best.probability[j] + best.probability[j];
                sum.equity[j] += dbl ? best.equity[j] : best.equity[j] + best.equity[j];
              }
            }
            HyperEntry& x = e[self];
            std::array<float, 5> q{};
            for (std::size_t j = 0; j < 5; ++j) {
              const float p = sum.probability[j] / 36.0f;
              q[j] = sum.equity[j] / 36.0f;
              // Only this thread writes this entry, so the change is measured from its own last value.
              w.norm = std::max({w.norm, std::fabs(p - load(x.probability[j])), std::fabs(q[j] - load(x.equity[j]))});
              store(x.probability[j], p);
              store(x.equity[j], q[j]);
            }
            const HyperOffer v = offer_of(q);
            const std::size_t t = static_cast<std::size_t>(o) * n + m;
            store(offer[t].cubeless, v.cubeless);
            for (std::size_t j = 0; j < 4; ++j) store(offer[t].cube[j], v.cube[j]);
            for (std::size_t j = 0; j < 5; ++j) store(chance[t][j], sum.probability[j] / 36.0f);
          }
        },
        no_progress);
    norm = 0;
    for (const Worker& w : workers) norm = std::max(norm, w.norm);
    if (options.progress) options.progress(sweep, norm);
  } while (norm > options.threshold);
  return HyperDatabase(checkers, std::move(e), norm);
}

/// One step of build_hyper's iteration for the entry of (mover, opponent), from the entries of
/// `db` its plays lead to: what a converged database holds there, within the build's threshold
/// (and, for a file, the rounding of its 24-bit values). Gives false, leaving `out` alone, when
/// the pair is no position in play (the boards clash or a side has borne off every checker).
/// `children` is the caller's scratch, reused between calls. Precondition: both indices below
/// db.side_positions(). For checking a database, e.g. a file read from disk (which carries no
/// checksum): the program's `db verify` recomputes a sample of entries with it.
[[nodiscard]] inline bool recompute_hyper_entry(const HyperDatabase& db, std::uint32_t mover, std::uint32_t opponent,
                                                hyper_detail::HyperChildren& children, HyperEntry& out) {
  using namespace hyper_detail;
  const int checkers = db.checkers();
  const HyperBoard a = hyper_unrank(mover, checkers), b = hyper_unrank(opponent, checkers);
  bool clash = false;
  int on_a = 0, on_b = 0;
  for (std::size_t k = 0; k < 24; ++k) clash = clash || (a[k] != 0 && b[23 - k] != 0);
  for (std::size_t k = 0; k < 25; ++k) on_a += a[k], on_b += b[k];
  if (clash || on_a == 0 || on_b == 0) return false;
  HyperEntry sum{};
  for (const Dice roll : kAllRolls) {
    children.generate(a, b, roll);
    HyperEntry best;
    if (children.list.empty()) {  // no play: the same position with the opponent on roll
      const HyperEntry& x = db.entry(opponent, mover);
      best.probability = invert(x.probability);
      for (std::size_t j = 0; j < 5; ++j) best.equity[j] = -x.equity[j];
    } else {
      float top = -10000.0f;
      std::array<float, 4> most{-10000.0f, -10000.0f, -10000.0f, -10000.0f};
      const HyperEntry* chosen = nullptr;
      for (const auto& c : children.list) {
        const HyperEntry& x = db.entry(c[1], c[0]);  // the opponent on roll after the play
        const float r = -x.equity[0];
        if (r >= top) chosen = &x, top = r;  // the last of equal plays, as the build
        const std::array<float, 4> cube{-x.equity[4], -bearoff_detail::cube_value(x.equity[2], x.equity[4], 1.0f),
                                        -bearoff_detail::cube_value(x.equity[3], x.equity[4], 1.0f),
                                        -bearoff_detail::cube_value(x.equity[1], x.equity[4], 1.0f)};
        for (std::size_t j = 0; j < 4; ++j) most[j] = std::max(most[j], cube[j]);
      }
      best.probability = invert(chosen->probability);
      best.equity[0] = top;
      for (std::size_t j = 0; j < 4; ++j) best.equity[j + 1] = most[j];
    }
    const float w = roll.is_double() ? 1.0f : 2.0f;
    for (std::size_t j = 0; j < 5; ++j) {
      sum.probability[j] += w * best.probability[j];
      sum.equity[j] += w * best.equity[j];
    }
  }
  for (std::size_t j = 0; j < 5; ++j) {
    out.probability[j] = sum.probability[j] / 36.0f;
    out.equity[j] = sum.equity[j] / 36.0f;
  }
  return true;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
