// PerftTable: a hit returns exactly what was stored under that key (the whole key compared,
// depth included), a full table drops or replaces but never confuses, and threads writing and
// reading one tiny table never see a torn entry. PerftQueue hands out every job once.

#include <doctest/doctest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "boardrules/perft/runner.hpp"

using boardrules::PerftKey;
using boardrules::PerftTable;
using boardrules::perft_detail::PerftQueue;

namespace {

// A count that depends on every bit of the key, so that an entry mixing two stores shows.
std::uint64_t value_of(const PerftKey& k) { return (k.lo * 0x2545F4914F6CDD1Dull) ^ (k.hi * 31 + 7); }

PerftKey key_of(std::uint64_t i) { return {i * 0x9E3779B97F4A7C15ull, (i % 5 + 1) << 16 | (i & 0xFFFF)}; }

}  // namespace

TEST_CASE("PerftTable: sizes are powers of two of 64-byte buckets, at least one") {
  CHECK(PerftTable(0).buckets() == 1);
  CHECK(PerftTable(64).buckets() == 1);
  CHECK(PerftTable(191).buckets() == 2);
  CHECK(PerftTable(4096).bytes() == 4096);
  CHECK(PerftTable::megabytes(1).buckets() == (1u << 20) / 64);
}

TEST_CASE("PerftTable: an empty table misses; a stored key hits with its count") {
  PerftTable t(1 << 12);
  std::uint64_t n = 99;
  CHECK_FALSE(t.probe({1, 1}, n));
  CHECK(n == 99);
  t.store({1, 1}, 12345);
  REQUIRE(t.probe({1, 1}, n));
  CHECK(n == 12345);
  CHECK_FALSE(t.probe({1, 2}, n));  // same position, another depth
  CHECK_FALSE(t.probe({0, 1}, n));
}

TEST_CASE("PerftTable: a one-bucket table, always full, returns only what belongs to the key") {
  PerftTable t(64);
  for (std::uint64_t i = 0; i < 1000; ++i) {
    const PerftKey k = key_of(i);
    t.store(k, value_of(k));
    std::uint64_t n = 0;
    int hits = 0;
    for (std::uint64_t j = 0; j <= i; ++j) {
      const PerftKey q = key_of(j);
      if (t.probe(q, n)) {
        ++hits;
        REQUIRE(n == value_of(q));
      }
    }
    CHECK(hits >= 1);  // the second entry always takes the last store
    CHECK(hits <= 2);
  }
}

TEST_CASE("PerftTable: four threads on a two-bucket table never read a torn entry") {
  PerftTable t(128);
  std::atomic<std::uint64_t> hits{0};
  std::atomic<std::uint64_t> wrong{0};
  {
    std::vector<std::jthread> pool;
    for (std::uint64_t w = 0; w < 4; ++w) {
      pool.emplace_back([&, w] {
        for (std::uint64_t i = 0; i < 200000; ++i) {
          const PerftKey k = key_of((i * 7 + w) % 13);
          std::uint64_t n = 0;
          if (t.probe(k, n)) {
            hits.fetch_add(1, std::memory_order_relaxed);
            if (n != value_of(k)) wrong.fetch_add(1, std::memory_order_relaxed);
          } else {
            t.store(k, value_of(k));
          }
        }
      });
    }
  }
  CHECK(hits.load() > 0);
  CHECK(wrong.load() == 0);
}

TEST_CASE("PerftQueue: every job once, in order, across threads") {
  PerftQueue q(10000);
  std::vector<std::atomic<int>> seen(10000);
  {
    std::vector<std::jthread> pool;
    for (int w = 0; w < 3; ++w) {
      pool.emplace_back([&] {
        for (;;) {
          const auto [first, last] = q.take(3);
          if (first == last) return;
          for (std::size_t i = first; i < last; ++i) seen[i].fetch_add(1);
        }
      });
    }
  }
  int once = 0;
  for (auto& s : seen) once += s.load() == 1 ? 1 : 0;
  CHECK(once == 10000);
  const auto [a, b] = q.take(5);
  CHECK(a == b);
}
