#pragma once
// Ranks on threads: an endgame::Comm whose P ranks are threads of one process, for the tests of
// the distributed build without MPI. Each collective is a meeting of all P threads: each puts
// its part on a shared board, all wait, each takes what is meant for it, all wait again.

#include <barrier>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <thread>
#include <utility>
#include <vector>

#include "boardrules/warri/db/distributed_build.hpp"

namespace thread_comm_test {

namespace eg = boardrules::warri::endgame;

// What the P threads share.
struct Meeting {
  explicit Meeting(std::uint32_t n) : ranks(n), meet(n), sends(n), counts(n), words(n) {}
  std::uint32_t ranks;
  std::barrier<> meet;
  std::vector<std::span<const std::uint8_t>> sends;
  std::vector<std::span<const std::uint64_t>> counts;
  std::vector<std::vector<std::uint64_t>> words;
};

class ThreadComm final : public eg::Comm {
 public:
  ThreadComm(Meeting& board, std::uint32_t rank) : b_(board), rank_(rank) {}
  [[nodiscard]] std::uint32_t rank() const noexcept override { return rank_; }
  [[nodiscard]] std::uint32_t ranks() const noexcept override { return b_.ranks; }

  void all_to_all(std::span<const std::uint8_t> send, std::span<const std::uint64_t> send_counts,
                  std::vector<std::uint8_t>& recv, std::vector<std::uint64_t>& recv_counts) override {
    b_.sends[rank_] = send;
    b_.counts[rank_] = send_counts;
    b_.meet.arrive_and_wait();
    recv.clear();
    recv_counts.assign(b_.ranks, 0);
    for (std::uint32_t o = 0; o < b_.ranks; ++o) {
      std::uint64_t at = 0;  // where o's part for this rank starts in o's buffer
      for (std::uint32_t k = 0; k < rank_; ++k) at += b_.counts[o][k];
      const std::uint64_t n = b_.counts[o][rank_];
      recv.insert(recv.end(), b_.sends[o].begin() + static_cast<std::ptrdiff_t>(at),
                  b_.sends[o].begin() + static_cast<std::ptrdiff_t>(at + n));
      recv_counts[o] = n;
    }
    b_.meet.arrive_and_wait();
  }

  void sum(std::span<std::uint64_t> values) override {
    reduce(values, [](std::uint64_t a, std::uint64_t b) { return a + b; });
  }
  void bit_or(std::span<std::uint64_t> values) override {
    reduce(values, [](std::uint64_t a, std::uint64_t b) { return a | b; });
  }
  [[nodiscard]] std::vector<std::uint64_t> all_gather(std::uint64_t value) override {
    b_.words[rank_].assign(1, value);
    b_.meet.arrive_and_wait();
    std::vector<std::uint64_t> all;
    for (std::uint32_t o = 0; o < b_.ranks; ++o) all.push_back(b_.words[o][0]);
    b_.meet.arrive_and_wait();
    return all;
  }

 private:
  void reduce(std::span<std::uint64_t> values, const std::function<std::uint64_t(std::uint64_t, std::uint64_t)>& op) {
    b_.words[rank_].assign(values.begin(), values.end());
    b_.meet.arrive_and_wait();
    for (std::size_t i = 0; i < values.size(); ++i) {
      std::uint64_t v = b_.words[0][i];
      for (std::uint32_t o = 1; o < b_.ranks; ++o) v = op(v, b_.words[o][i]);
      values[i] = v;
    }
    b_.meet.arrive_and_wait();
  }

  Meeting& b_;
  std::uint32_t rank_;
};

// Runs f(comm) on `ranks` threads, one rank each; returns each rank's result.
template <class F>
auto on_ranks(std::uint32_t ranks, F&& f) {
  Meeting board(ranks);
  using Out = decltype(f(std::declval<ThreadComm&>()));
  std::vector<std::optional<Out>> out(ranks);
  {
    std::vector<std::jthread> threads;
    for (std::uint32_t r = 0; r < ranks; ++r)
      threads.emplace_back([&, r] {
        ThreadComm comm(board, r);
        out[r].emplace(f(comm));
      });
  }
  return out;
}

}  // namespace thread_comm_test
