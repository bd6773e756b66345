// The quality of Position::hash() on the positions perft(4) from the start hashes: every
// distinct position at plies 0 to 3 (the nodes above perft(4)'s leaves, those a transposition
// table of perft(4) looks up), seen from the player to move, gathered as their 10-byte Position
// ID keys (exact for valid positions). For the library's hash and for the
// byte-serial FNV-1a it replaced (written here, with its final h ^ (h >> 29)), it counts the
// positions whose full 64-bit hashes collide, whose low and high 32 bits collide (against the
// n(n-1)/2^33 pairs a random function gives), and the buckets a table of 2^k buckets indexed by
// the low bits leaves empty (against m(1-1/m)^n). Prints a table; takes a few GB and minutes.
//
//   g++ -std=c++20 -O2 -DNDEBUG -Iinclude bench/hash_quality.cpp -o hash_quality && ./hash_quality

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <vector>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/backgammon/values/position_key.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

using Bytes = std::array<std::uint8_t, 64>;

// The hash before: FNV-1a over the 64 bytes, then a shift-xor.
std::uint64_t fnv_hash(const Bytes& b) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const auto c : b) h = (h ^ c) * 0x100000001b3ULL;
  return h ^ (h >> 29);
}

// The distinct keys seen so far: `done` sorted and unique, `fresh` not yet merged into it.
struct Keys {
  std::vector<PositionKey> done, fresh;
  void add(const Position& p) {
    fresh.push_back(position_key(p));
    if (fresh.size() >= (std::size_t{1} << 25)) merge();
  }
  void merge() {
    std::sort(fresh.begin(), fresh.end());
    fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
    std::vector<PositionKey> both;
    both.reserve(done.size() + fresh.size());
    std::set_union(done.begin(), done.end(), fresh.begin(), fresh.end(), std::back_inserter(both));
    done.swap(both);
    fresh.clear();
    fresh.shrink_to_fit();
  }
};

// Every position at plies 0..depth from `p` (a roll with no play passes: the flipped position).
void walk(const Position& p, int depth, Keys& out, std::size_t& visits) {
  out.add(p);
  ++visits;
  if (depth == 0 || game_over(p)) return;
  PlayList list;
  for (const Dice d : kAllRolls) {
    generate_plays(p, d, list);
    if (list.empty()) walk(p.flipped(), depth - 1, out, visits);
    for (const Play& play : list) walk(apply_flipped(p, play), depth - 1, out, visits);
  }
}

struct Counts {
  std::size_t full = 0, low32 = 0, high32 = 0, empty = 0;
};

// Pairs of equal values in a sorted vector: sum over runs of r(r-1)/2.
std::size_t colliding_pairs(std::vector<std::uint64_t>& v) {
  std::sort(v.begin(), v.end());
  std::size_t pairs = 0;
  for (std::size_t i = 0; i < v.size();) {
    std::size_t j = i + 1;
    while (j < v.size() && v[j] == v[i]) ++j;
    pairs += (j - i) * (j - i - 1) / 2;
    i = j;
  }
  return pairs;
}

template <class H>
Counts measure(const std::vector<Bytes>& positions, H hash, int k) {
  Counts c;
  std::vector<std::uint64_t> v(positions.size());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = hash(positions[i]);
  std::vector<std::uint8_t> used(std::size_t{1} << k, 0);
  for (const std::uint64_t h : v) used[h & ((std::uint64_t{1} << k) - 1)] = 1;
  c.empty = static_cast<std::size_t>(std::count(used.begin(), used.end(), std::uint8_t{0}));
  std::vector<std::uint64_t> w(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) w[i] = v[i] & 0xFFFFFFFFu;
  c.low32 = colliding_pairs(w);
  for (std::size_t i = 0; i < v.size(); ++i) w[i] = v[i] >> 32;
  c.high32 = colliding_pairs(w);
  c.full = colliding_pairs(v);
  return c;
}
}  // namespace

int main() {
  Keys keys;
  std::size_t visits = 0;
  walk(Position::start(), 3, keys, visits);
  keys.merge();
  std::vector<Bytes> all;
  all.reserve(keys.done.size());
  for (const PositionKey& key : keys.done) all.push_back(from_position_key<Standard>(key).value().bytes());
  keys = Keys{};
  const double n = static_cast<double>(all.size());
  int k = 0;
  while ((std::size_t{1} << k) < all.size()) ++k;
  const double m = std::ldexp(1.0, k);
  std::printf("positions at plies 0..3 from the start: %zu visits, %zu distinct; table of 2^%d buckets\n", visits,
              all.size(), k);
  std::printf("random function: 64-bit pairs %.2g, 32-bit pairs %.0f, empty buckets %.0f\n",
              n * (n - 1) / 2 / std::ldexp(1.0, 64), n * (n - 1) / 2 / std::ldexp(1.0, 32), m * std::pow(1 - 1 / m, n));
  const Counts lib = measure(
      all, [](const Bytes& b) { return hash_bytes(b); }, k);
  const Counts fnv = measure(all, fnv_hash, k);
  std::printf("%-28s %12s %12s %13s %14s\n", "hash", "64-bit pairs", "low 32 pairs", "high 32 pairs", "empty buckets");
  std::printf("%-28s %12zu %12zu %13zu %14zu\n", "hash_bytes (word-wise)", lib.full, lib.low32, lib.high32, lib.empty);
  std::printf("%-28s %12zu %12zu %13zu %14zu\n", "FNV-1a + h ^ (h >> 29)", fnv.full, fnv.low32, fnv.high32, fnv.empty);
  return 0;
}
