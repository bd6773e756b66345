#pragma once
/// \file
/// The look-ups of a distributed build (distributed_build.hpp) in rounds: each rank asks the
/// owners of the boards it does not hold for their words or values, many look-ups to one rank in
/// one message (message combining), answered in one message, over a `Comm` (comm.hpp).

#include "boardrules/core/config.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/comm.hpp"
#include "boardrules/warri/values/move.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame::detail {

// A look-up key: a board's local index at its owner, with the layer for a capture's.
inline constexpr int kLayerShift = 42;
inline constexpr std::uint64_t kLocalMask = (std::uint64_t{1} << kLayerShift) - 1;
inline constexpr std::uint64_t kRemote = std::uint64_t{1} << 63;  // an entry's answer comes from another rank

// The look-ups of a round: entry e of item j (e < 6) holds, after route(), either the local
// index of a board this rank holds or kRemote | the place of its answer; exchange() sends the
// other ranks' keys to their owners in one message each, and brings their answers back.
template <class Answer>
struct Round {
  std::vector<std::uint64_t> key;    // [item * 6 + e]
  std::vector<std::uint32_t> owner;  // [item * 6 + e]
  std::vector<std::uint8_t> count;   // [item]: the entries of an item
  std::vector<std::uint64_t> send_counts, offsets, recv_counts, answer_counts, back_counts;
  std::vector<std::uint64_t> send;
  std::vector<std::uint8_t> send_bytes, recv_bytes, answer_bytes, back_bytes;
  std::vector<Answer> answers;  // [place]
  std::uint64_t bytes_sent = 0, messages = 0, lookups = 0, remote = 0;

  void resize(std::size_t items) {
    key.resize(items * kMaxMoves);
    owner.resize(items * kMaxMoves);
    count.resize(items);
  }

  // Buckets the entries of the first `items` items owned by other ranks by owner; their keys
  // become places in `answers`.
  void route(std::size_t items, std::uint32_t me, std::uint32_t ranks) {
    send_counts.assign(ranks, 0);
    for (std::size_t j = 0; j < items; ++j)
      for (std::size_t e = j * kMaxMoves; e < j * kMaxMoves + count[j]; ++e) {
        ++lookups;
        if (owner[e] != me) ++send_counts[owner[e]];
      }
    offsets.assign(ranks + 1, 0);
    for (std::uint32_t o = 0; o < ranks; ++o) offsets[o + 1] = offsets[o] + send_counts[o];
    send.resize(static_cast<std::size_t>(offsets[ranks]));
    std::vector<std::uint64_t> at(offsets.begin(), offsets.end() - 1);
    for (std::size_t j = 0; j < items; ++j)
      for (std::size_t e = j * kMaxMoves; e < j * kMaxMoves + count[j]; ++e) {
        if (owner[e] == me) continue;
        const std::uint64_t place = at[owner[e]]++;
        send[static_cast<std::size_t>(place)] = key[e];
        key[e] = kRemote | place;
      }
    remote += send.size();
    for (std::uint32_t o = 0; o < ranks; ++o) messages += send_counts[o] != 0 ? 1 : 0;
  }

  // Sends the keys to their owners, which answer each with serve(key) (on `threads` threads),
  // and receives the answers into `answers`.
  template <class Serve>
  void exchange(Comm& comm, unsigned threads, const Serve& serve) {
    const std::uint32_t ranks = comm.ranks();
    send_bytes.resize(send.size() * 8);
    if (!send.empty()) std::memcpy(send_bytes.data(), send.data(), send_bytes.size());
    std::vector<std::uint64_t> byte_counts(ranks);
    for (std::uint32_t o = 0; o < ranks; ++o) byte_counts[o] = send_counts[o] * 8;
    comm.all_to_all(send_bytes, byte_counts, recv_bytes, recv_counts);
    const std::size_t asked = recv_bytes.size() / 8;
    answer_bytes.resize(asked * sizeof(Answer));
    for_chunks(asked, threads, [&](std::uint64_t begin, std::uint64_t end) {
      for (std::uint64_t i = begin; i < end; ++i) {
        std::uint64_t k;
        std::memcpy(&k, recv_bytes.data() + 8 * i, 8);
        const Answer a = serve(k);
        std::memcpy(answer_bytes.data() + sizeof(Answer) * i, &a, sizeof(Answer));
      }
    });
    answer_counts.resize(ranks);
    for (std::uint32_t o = 0; o < ranks; ++o) {
      answer_counts[o] = recv_counts[o] / 8 * sizeof(Answer);
      bytes_sent += 8 * send_counts[o] + answer_counts[o];
      messages += recv_counts[o] != 0 ? 1 : 0;
    }
    comm.all_to_all(answer_bytes, answer_counts, back_bytes, back_counts);
    answers.resize(send.size());
    if (!answers.empty()) std::memcpy(answers.data(), back_bytes.data(), answers.size() * sizeof(Answer));
  }
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame::detail
