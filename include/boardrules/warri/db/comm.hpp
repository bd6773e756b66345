#pragma once
/// \file
/// The collective operations a distributed build (distributed_build.hpp) needs from the ranks that
/// run it: the interface `Comm`, and `LocalComm`, the one rank of a build in one process.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// The collective operations a distributed build needs from the ranks that run it: every rank
/// makes the same calls in the same order, from the build's calling thread only (an MPI
/// communicator in examples/warri_endgame_mpi.cpp; LocalComm for one process).
class Comm {
 public:
  virtual ~Comm() = default;
  [[nodiscard]] virtual std::uint32_t rank() const noexcept = 0;
  [[nodiscard]] virtual std::uint32_t ranks() const noexcept = 0;
  /// All to all: `send` holds send_counts[o] bytes for each rank o, in rank order; `recv` gets
  /// what each rank sent this one, in rank order, recv_counts[o] bytes from rank o (both resized).
  virtual void all_to_all(std::span<const std::uint8_t> send, std::span<const std::uint64_t> send_counts,
                          std::vector<std::uint8_t>& recv, std::vector<std::uint64_t>& recv_counts) = 0;
  /// Each element summed over the ranks, in place.
  virtual void sum(std::span<std::uint64_t> values) = 0;
  /// Each element or-ed over the ranks, in place.
  virtual void bit_or(std::span<std::uint64_t> values) = 0;
  /// Every rank's `value`, in rank order.
  [[nodiscard]] virtual std::vector<std::uint64_t> all_gather(std::uint64_t value) = 0;
};

/// The one rank of a build in one process.
class LocalComm final : public Comm {
 public:
  [[nodiscard]] std::uint32_t rank() const noexcept override { return 0; }
  [[nodiscard]] std::uint32_t ranks() const noexcept override { return 1; }
  void all_to_all(std::span<const std::uint8_t> send, std::span<const std::uint64_t> send_counts,
                  std::vector<std::uint8_t>& recv, std::vector<std::uint64_t>& recv_counts) override {
    recv.assign(send.begin(), send.end());
    recv_counts.assign(send_counts.begin(), send_counts.end());
  }
  void sum(std::span<std::uint64_t>) override {}
  void bit_or(std::span<std::uint64_t>) override {}
  [[nodiscard]] std::vector<std::uint64_t> all_gather(std::uint64_t value) override { return {value}; }
};

namespace detail {

// Whether any rank's flag is set.
[[nodiscard]] inline bool any_rank(Comm& comm, bool flag) {
  std::uint64_t v = flag ? 1 : 0;
  comm.sum({&v, 1});
  return v != 0;
}

}  // namespace detail

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
