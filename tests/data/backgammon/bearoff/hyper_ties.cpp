// Explains every entry whose probabilities differ by more than 1e-4 between two Hypergammon
// files A and B of the same checkers (A: ours, B: GNU Backgammon's), or says it cannot:
//   tie:   a roll has two plays whose cubeless equities (in A) are within 1e-5 of the best
//          while their probabilities differ by more than 1e-4: the choice among equal plays,
//          which sets the probabilities but not the equity;
//   child: else a best play of a roll (or the position itself, for a roll without a play) leads
//          to an entry that itself differs by more than 1e-5;
//   stale: else B's entry is not the backup of B's own children (each roll's best play, the
//          last of equal ones), and that backup is A's entry within 1e-5: B was written while
//          its values still moved;
//   other: none of these (the exit status is then 1).
// Built and run by compare_hyper.sh:
//   g++ -std=c++20 -O2 -I<repository>/include hyper_ties.cpp -o hyper_ties && ./hyper_ties A B
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "boardrules/backgammon/db/hyper.hpp"

namespace bg = boardrules::backgammon;

namespace {

bg::HyperDatabase load(const char* name) {
  std::ifstream in(name, std::ios::binary);
  const std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)), {});
  auto db = bg::parse_hyper(bytes);
  if (!db) {
    std::fprintf(stderr, "hyper_ties: %s: %s\n", name, db.error().to_string().c_str());
    std::exit(2);
  }
  return std::move(*db);
}

float differ(const bg::HyperEntry& a, const bg::HyperEntry& b) {
  float d = 0;
  for (std::size_t k = 0; k < 5; ++k) d = std::max(d, std::fabs(a.probability[k] - b.probability[k]));
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: hyper_ties A.bd B.bd\n");
    return 2;
  }
  const bg::HyperDatabase a = load(argv[1]), b = load(argv[2]);
  if (a.checkers() != b.checkers()) {
    std::fprintf(stderr, "hyper_ties: the files have other numbers of checkers\n");
    return 2;
  }
  const std::uint32_t n = a.side_positions();
  std::vector<bg::HyperBoard> boards(n);
  for (std::uint32_t r = 0; r < n; ++r) boards[r] = bg::hyper_unrank(r, a.checkers());
  bg::hyper_detail::HyperChildren gen;
  long total = 0, tie = 0, child = 0, stale = 0, other = 0;
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o) {
      if (differ(a.entry(m, o), b.entry(m, o)) <= 1e-4f) continue;
      ++total;
      bool is_tie = false, is_child = false;
      std::array<double, 5> backup{};  // B's entry recomputed from B's children
      const auto add = [&](bg::Dice roll, const bg::HyperEntry& next) {
        const std::array<float, 5> p = bg::hyper_detail::invert(next.probability);
        for (std::size_t k = 0; k < 5; ++k) backup[k] += (roll.is_double() ? 1 : 2) * static_cast<double>(p[k]);
      };
      for (const bg::Dice roll : bg::kAllRolls) {
        gen.generate(boards[m], boards[o], roll);
        // A play's result is the entry of the opponent on roll: (their index, ours).
        if (gen.list.empty()) {
          is_child = is_child || differ(a.entry(o, m), b.entry(o, m)) > 1e-5f;
          add(roll, b.entry(o, m));
          continue;
        }
        float best_a = -1e9f, best_b = -1e9f;
        std::array<std::uint32_t, 2> chosen_b = gen.list[0];
        for (const auto& c : gen.list) {
          best_a = std::max(best_a, -a.entry(c[1], c[0]).equity[0]);
          const float r = -b.entry(c[1], c[0]).equity[0];
          if (r >= best_b) {
            best_b = r;
            chosen_b = c;
          }
        }
        add(roll, b.entry(chosen_b[1], chosen_b[0]));
        const bg::HyperEntry* first = nullptr;
        for (const auto& c : gen.list) {
          const bg::HyperEntry& x = a.entry(c[1], c[0]);
          if (-x.equity[0] < best_a - 1e-5f) continue;
          is_child = is_child || differ(x, b.entry(c[1], c[0])) > 1e-5f;
          if (first != nullptr && differ(*first, x) > 1e-4f) is_tie = true;
          if (first == nullptr) first = &x;
        }
      }
      bg::HyperEntry q{};
      for (std::size_t k = 0; k < 5; ++k) q.probability[k] = static_cast<float>(backup[k] / 36);
      if (is_tie) {
        ++tie;
      } else if (is_child) {
        ++child;
      } else if (differ(q, a.entry(m, o)) <= 1e-5f) {
        ++stale;
      } else {
        if (++other <= 10) std::printf("not explained: entry (%u, %u)\n", m, o);
      }
    }
  std::printf(
      "entries with a probability more than 1e-4 apart: %ld; a tie among plays: %ld; "
      "a best play's entry differs: %ld; B's entry not the backup of its children: %ld; "
      "not explained: %ld\n",
      total, tie, child, stale, other);
  return other == 0 ? 0 : 1;
}
