#pragma once
/// \file
/// The look-ups of a distributed build (distributed_build.hpp) in rounds: each rank asks the
/// owners of the boards it does not hold for their words or values, many look-ups to one rank in
/// one message (message combining), answered in one message, over a `Comm` (comm.hpp).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <bit>
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

// Appends v to `out` in LEB128 (7 bits a byte, low first, the high bit set on all but the last).
inline void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<std::uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(v));
}

// The look-ups of a round: entry e of item j (e < 6) holds, after route(), either the local
// index of a board this rank holds or kRemote | the place of its answer; exchange() sends the
// other ranks' keys to their owners in one message each, and brings their answers back.
// A message holds its keys sorted, each once, as the differences from the key before it in
// LEB128 (one to three bytes a key for a layer's boards spread over a rank's slice, instead of
// eight), and the owner answers them in that order, walking its words forwards.
template <class Answer>
struct Round {
  std::vector<std::uint64_t> key;    // [item * 6 + e]
  std::vector<std::uint32_t> owner;  // [item * 6 + e]
  std::vector<std::uint8_t> count;   // [item]: the entries of an item
  std::vector<std::uint64_t> offsets, byte_counts, recv_counts, answer_counts, back_counts;
  std::vector<std::uint64_t> send, asked;
  struct Remote {
    std::uint64_t key;
    std::uint32_t entry, owner;
  };
  std::vector<Remote> sorted, scratch;  // the remote entries
  std::vector<std::uint8_t> send_bytes, recv_bytes, answer_bytes, back_bytes;
  std::vector<Answer> answers;  // [place]
  std::uint64_t bytes_sent = 0, messages = 0, lookups = 0, remote = 0;
  std::vector<std::uint64_t> counters;  // the radix sort's counters, kept from round to round

  void resize(std::size_t items) {
    key.resize(items * kMaxMoves);
    owner.resize(items * kMaxMoves);
    count.resize(items);
  }

  // Buckets the entries of the first `items` items owned by other ranks by owner, each bucket
  // sorted and its repeated keys asked once; their keys become places in `answers`. The sort is a
  // radix sort (least significant digit first, stable), its last pass by owner. Its digits are
  // up to 12 bits wide, narrower in a small round, so that clearing and summing the counters never
  // costs much more than moving the round's entries.
  void route(std::size_t items, std::uint32_t me, std::uint32_t ranks) {
    sorted.clear();
    std::uint64_t all_bits = 0;
    for (std::size_t j = 0; j < items; ++j)
      for (std::size_t e = j * kMaxMoves; e < j * kMaxMoves + count[j]; ++e) {
        ++lookups;
        if (owner[e] == me) continue;
        sorted.push_back(Remote{key[e], static_cast<std::uint32_t>(e), owner[e]});
        all_bits |= key[e];
      }
    remote += sorted.size();
    scratch.resize(sorted.size());
    const int bits = static_cast<int>(std::bit_width(all_bits));
    const int widest = std::clamp(static_cast<int>(std::bit_width(sorted.size())), 4, 12);
    const int passes = (bits + widest - 1) / widest;
    const int digit = passes == 0 ? 0 : (bits + passes - 1) / passes;
    for (int p = 0; p < passes; ++p) {
      const int shift = p * digit;
      const std::uint64_t mask = (std::uint64_t{1} << digit) - 1;
      counters.assign((std::size_t{1} << digit) + 1, 0);
      for (const Remote& x : sorted) ++counters[static_cast<std::size_t>((x.key >> shift & mask) + 1)];
      for (std::size_t d = 1; d < counters.size(); ++d) counters[d] += counters[d - 1];
      for (const Remote& x : sorted) scratch[static_cast<std::size_t>(counters[static_cast<std::size_t>(x.key >> shift & mask)]++)] = x;
      sorted.swap(scratch);
    }
    // The pass by owner: afterwards counters[o] is the end of owner o's bucket and the start of o + 1's.
    counters.assign(ranks + 1, 0);
    for (const Remote& x : sorted) ++counters[x.owner + 1];
    for (std::uint32_t o = 0; o < ranks; ++o) counters[o + 1] += counters[o];
    for (const Remote& x : sorted) scratch[static_cast<std::size_t>(counters[x.owner]++)] = x;
    sorted.swap(scratch);
    send.clear();
    offsets.assign(ranks + 1, 0);
    for (std::uint32_t o = 0; o < ranks; ++o) {
      for (std::uint64_t i = o == 0 ? 0 : counters[o - 1]; i < counters[o]; ++i) {
        const Remote& x = sorted[static_cast<std::size_t>(i)];
        if (send.size() == offsets[o] || send.back() != x.key) send.push_back(x.key);
        key[x.entry] = kRemote | (send.size() - 1);
      }
      offsets[o + 1] = send.size();
      messages += offsets[o + 1] != offsets[o] ? 1 : 0;
    }
  }

  // Sends the keys to their owners, which answer each with serve(key) (on `threads` threads),
  // and receives the answers into `answers`.
  template <class Serve>
  void exchange(Comm& comm, unsigned threads, const Serve& serve) {
    const std::uint32_t ranks = comm.ranks();
    send_bytes.clear();
    byte_counts.assign(ranks, 0);
    for (std::uint32_t o = 0; o < ranks; ++o) {
      const std::size_t before = send_bytes.size();
      std::uint64_t previous = 0;
      for (std::uint64_t i = offsets[o]; i < offsets[o + 1]; ++i) {
        put_varint(send_bytes, send[static_cast<std::size_t>(i)] - previous);
        previous = send[static_cast<std::size_t>(i)];
      }
      byte_counts[o] = send_bytes.size() - before;
    }
    comm.all_to_all(send_bytes, byte_counts, recv_bytes, recv_counts);
    // The keys asked of this rank, from each rank's differences in turn.
    asked.clear();
    answer_counts.assign(ranks, 0);
    std::size_t pos = 0;
    for (std::uint32_t o = 0; o < ranks; ++o) {
      const std::size_t end = pos + static_cast<std::size_t>(recv_counts[o]);
      std::uint64_t k = 0;
      while (pos < end) {
        std::uint64_t delta = 0;
        for (unsigned shift = 0; pos < end; shift += 7) {
          const std::uint8_t b = recv_bytes[pos++];
          if (shift < 64) delta |= static_cast<std::uint64_t>(b & 0x7Fu) << shift;
          if ((b & 0x80u) == 0) break;
        }
        k += delta;
        asked.push_back(k);
        answer_counts[o] += sizeof(Answer);
      }
    }
    answer_bytes.resize(asked.size() * sizeof(Answer));
    for_chunks(asked.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
      for (std::uint64_t i = begin; i < end; ++i) {
        const Answer a = serve(asked[static_cast<std::size_t>(i)]);
        std::memcpy(answer_bytes.data() + sizeof(Answer) * i, &a, sizeof(Answer));
      }
    });
    for (std::uint32_t o = 0; o < ranks; ++o) {
      bytes_sent += byte_counts[o] + answer_counts[o];
      messages += recv_counts[o] != 0 ? 1 : 0;
    }
    comm.all_to_all(answer_bytes, answer_counts, back_bytes, back_counts);
    answers.resize(send.size());
    if (!answers.empty()) std::memcpy(answers.data(), back_bytes.data(), answers.size() * sizeof(Answer));
  }
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame::detail
