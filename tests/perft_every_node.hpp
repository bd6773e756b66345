#pragma once
// For the perft runner's tests: a game policy with the table on every node from depth 1 up, each
// counted through its children (the libraries' policies start deeper and count the lower nodes
// with perft()), so that small trees use the table much more; and perft_run summed.

#include <cstddef>
#include <cstdint>

#include "boardrules/perft/runner.hpp"

template <class G>
struct EveryNode : G {
  static constexpr int kTableMinDepth = 1;
  static constexpr int kBaseMaxDepth = 0;
};

template <class G>
std::uint64_t run_sum(const typename G::Node& node, int depth, boardrules::Leaves leaves, unsigned threads,
                      boardrules::PerftTable* table, std::size_t roots) {
  std::uint64_t n = 0;
  for (std::uint64_t x :
       boardrules::perft_run<G>(node, depth, leaves, boardrules::PerftOptions{threads, 0}, roots, table))
    n += x;
  return n;
}
