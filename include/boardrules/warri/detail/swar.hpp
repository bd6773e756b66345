// Include guard, not #pragma once: a unit that dispatches includes the kernels once per level
// (core/dispatch_passes.hpp).
#ifndef BOARDRULES_WARRI_DETAIL_SWAR_HPP_
#define BOARDRULES_WARRI_DETAIL_SWAR_HPP_
/// \file
/// The fast Warri core in portable C++20 (SWAR: eight byte lanes in a 64-bit word), used by
/// generation, apply and perft (its portable kernel).
///
/// A node is the board seen from the side to move, two words:
///   m: the mover's row,    lane j (byte j) = the mover's house 5 - j (its sowing index 0..5 reversed),
///      lane 6 zero, lane 7 the mover's store;
///   o: the opponent's row, the same layout (lane j = its house 5 - j), lane 7 its store.
/// Both rows are mirrored, so (i) the capture chain of WA-3.2, which runs backwards in sowing order,
/// runs towards higher lanes and is one add-and-mask: `x & ~(x + landing)` on the 0xFF lanes of the
/// houses holding 2 or 3 (the zero lane 6 stops the carry: the chain never leaves the row); and
/// (ii) the child, seen from the next mover, is just (o, m) swapped.
/// Sowing (WA-2.1, WA-2.2) is one table entry per (house, seeds): the house at distance d receives
/// (n + 11 - d) / 11 seeds; the entry holds what to add to each row and the landing lane.
/// Precondition of everything here: at most 48 seeds in all (the perft entry checks it).

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cstdint>

#include "boardrules/warri/detail/plain.hpp"
#include "boardrules/warri/detail/simd.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::swar {

using u64 = std::uint64_t;

inline constexpr u64 kOnes = 0x0101010101010101ULL;
inline constexpr u64 kRow = 0x0000FFFFFFFFFFFFULL;      ///< lanes 0..5: the six houses
inline constexpr u64 kRowHigh = 0x0000808080808080ULL;  ///< the high bit of lanes 0..5
inline constexpr u64 kLow7 = 0x7F7F7F7F7F7F7F7FULL;
inline constexpr int kMaxSeeds = 63;  ///< table size - 1 (48 seeds in play)

/// One sowing: what house index i (lane 5 - i) with n seeds adds to each row.
struct Sow {
  u64 keep_m;  ///< clears the origin lane
  u64 add_m;   ///< seeds received by the mover's row (origin skipped)
  u64 add_o;   ///< seeds received by the opponent's row
  u64 land;    ///< 1 in the lane of the opponent's row where the last seed lands, else 0
};

[[nodiscard]] constexpr std::array<Sow, 6 * (kMaxSeeds + 1)> make_sow_table() noexcept {
  std::array<Sow, 6 * (kMaxSeeds + 1)> t{};
  for (int lane = 0; lane < 6; ++lane) {
    const int i = 5 - lane;  // sowing index of the origin in the mover's row
    for (int n = 0; n <= kMaxSeeds; ++n) {
      Sow s{};
      s.keep_m = ~(u64{0xFF} << (8 * lane));
      for (int h = 0; h < 6; ++h) {
        if (h != i) {
          const int d = (h - i + 12) % 12;
          s.add_m |= static_cast<u64>(seeds_received(n, d)) << (8 * (5 - h));
        }
        const int d = 6 + h - i;
        s.add_o |= static_cast<u64>(seeds_received(n, d)) << (8 * (5 - h));
      }
      if (n > 0) {
        const int last = i + last_distance(n);  // 1..16 from the mover's row start
        if (last >= 6 && last <= 11) s.land = u64{1} << (8 * (5 - (last - 6)));
      }
      t[static_cast<std::size_t>(lane * (kMaxSeeds + 1) + n)] = s;
    }
  }
  return t;
}

inline constexpr auto kSowTable = make_sow_table();

[[nodiscard]] constexpr const Sow& sow_entry(int lane, int n) noexcept {
  return kSowTable[static_cast<std::size_t>(lane * (kMaxSeeds + 1) + n)];
}

/// 0x80 in each lane of 0..5 that is not zero. Every lane holds less than 128 (48 seeds in all),
/// so adding 0x7F sets bit 7 exactly in the non-zero lanes and never carries into the next lane.
[[nodiscard]] constexpr u64 nonzero_lanes(u64 x) noexcept { return ((x & kRow) + kLow7) & kRowHigh; }
/// Number of 0x80 lanes in a nonzero_lanes() mask (portable: no popcount instruction needed).
[[nodiscard]] constexpr int count_lanes(u64 high) noexcept { return static_cast<int>(((high >> 7) * kOnes) >> 56); }
/// 0xFF in each lane of 0..5 that holds 2 or 3 (lanes below 64: (x ^ 2) & 0x3E is zero exactly
/// for 2 and 3). The 0x80 marks become 0xFF lanes by (m << 1) - (m >> 7).
[[nodiscard]] constexpr u64 two_or_three(u64 x) noexcept {
  const u64 is = ~(((x ^ 0x0202020202020202ULL) & 0x3E3E3E3E3E3E3E3EULL) + kLow7) & kRowHigh;
  return (is << 1) - (is >> 7);
}
[[nodiscard]] constexpr int store_of(u64 row) noexcept { return static_cast<int>(row >> 56); }

struct Node {
  u64 m = 0;
  u64 o = 0;
};

/// WA-3.1, WA-3.2: the lanes of the opponent's row that the chain takes, given the sown row `o`
/// and the landing lane, before any grand slam option.
[[nodiscard]] constexpr u64 full_chain(u64 o, u64 land) noexcept {
  const u64 x = two_or_three(o);
  return x & ~(x + land);
}
/// WA-3: the lanes of the opponent's row captured after sowing, given the sown row `o` and the
/// landing lane; per R::grand_slam a capture of the whole row captures all or nothing (under
/// GrandSlam::Illegal a grand slam is played only when every legal move is one: nothing, WA-3.4).
template <class R>
[[nodiscard]] constexpr u64 chain_of(u64 o, u64 land) noexcept {
  u64 chain = full_chain(o, land);
  if constexpr (R::grand_slam != GrandSlam::Captures) {
    if ((o & kRow & ~chain) == 0) chain = 0;
  }
  return chain;
}
/// Seeds in the lanes of `o` selected by `mask` (lanes 0..5 only, total < 256).
[[nodiscard]] constexpr u64 byte_sum(u64 o, u64 mask) noexcept { return ((o & mask) * kOnes) >> 56; }

/// The child after the mover sows lane j, already seen from the next mover.
template <class R>
[[nodiscard]] BOARDRULES_WARRI_INLINE constexpr Node make(const Node& p, int lane) noexcept {
  const int n = static_cast<int>((p.m >> (8 * lane)) & 0xFF);
  const Sow& s = sow_entry(lane, n);
  const u64 m = (p.m & s.keep_m) + s.add_m;
  const u64 o = p.o + s.add_o;
  const u64 chain = chain_of<R>(o, s.land);
  return Node{o & ~chain, m + (byte_sum(o, chain) << 56)};
}

/// Whether sowing lane j feeds the opponent per R::feeding (WA-2.3).
template <class R>
[[nodiscard]] constexpr bool feeds(const Node& p, int lane) noexcept {
  if constexpr (R::feeding == Feeding::SowsIntoRow) {
    return static_cast<int>((p.m >> (8 * lane)) & 0xFF) + (5 - lane) >= 6;
  } else {
    return (make<R>(p, lane).m & kRow) != 0;  // the next mover's row after the captures
  }
}

/// Whether sowing lane j (non-empty) would capture every seed of the opponent's row by WA-3.1 and
/// WA-3.2: a grand slam (WA-3.3), whatever R::grand_slam then does with it.
[[nodiscard]] constexpr bool is_grand_slam(const Node& p, int lane) noexcept {
  const Sow& s = sow_entry(lane, static_cast<int>((p.m >> (8 * lane)) & 0xFF));
  const u64 o = p.o + s.add_o;
  const u64 chain = full_chain(o, s.land);
  return chain != 0 && (o & kRow & ~chain) == 0;
}

/// Whether no move can be a grand slam against the row `o` (lanes 0..5): a house holding 4 or
/// more only gains seeds by sowing, so it is never captured (WA-3.1) and the row never emptied.
[[nodiscard]] constexpr bool no_grand_slam(u64 o) noexcept { return (o & 0x0000FCFCFCFCFCFCULL) != 0; }

/// WA-3.4 (GrandSlam::Illegal): the moves of `moves` (0x80 lanes) that are not grand slams, or
/// all of `moves` when every one is a grand slam.
[[nodiscard]] constexpr u64 drop_grand_slams(const Node& p, u64 moves) noexcept {
  if (no_grand_slam(p.o)) return moves;
  u64 other = 0;
  for (u64 rest = moves; rest != 0; rest &= rest - 1) {
    const int lane = std::countr_zero(rest) >> 3;
    if (!is_grand_slam(p, lane)) other |= u64{0x80} << (8 * lane);
  }
  return other != 0 ? other : moves;
}

/// The legal moves as 0x80 lanes (0 iff the game is over: WA-4.1, WA-4.2, with WA-2.3; then
/// WA-3.4 under GrandSlam::Illegal).
template <class R>
[[nodiscard]] constexpr u64 legal(const Node& p) noexcept {
  if (store_of(p.m) >= R::win_seeds || store_of(p.o) >= R::win_seeds) return 0;
  u64 moves = nonzero_lanes(p.m);
  if ((p.o & kRow) == 0) {
    u64 fed = 0;
    for (u64 rest = moves; rest != 0; rest &= rest - 1) {
      const int lane = std::countr_zero(rest) >> 3;
      if (feeds<R>(p, lane)) fed |= u64{0x80} << (8 * lane);
    }
    moves = fed;
  }
  if constexpr (R::grand_slam == GrandSlam::Illegal) return drop_grand_slams(p, moves);
  return moves;
}

/// perft(p, 2) from the children's rows, without building the grandchildren: a child has one move
/// per non-empty house of its row, unless it is over (the mover's store reaches R::win_seeds) or it
/// must feed (the mover's row is left empty), which takes the exact path. Under
/// GrandSlam::Illegal so does a child that may have a grand slam (WA-3.4).
template <class R>
[[nodiscard]] constexpr std::uint64_t count2(const Node& p, u64 moves) noexcept {
  std::uint64_t total = 0;
  const int mine = store_of(p.m);
  for (; moves != 0; moves &= moves - 1) {
    const int lane = std::countr_zero(moves) >> 3;
    const int n = static_cast<int>((p.m >> (8 * lane)) & 0xFF);
    const Sow& s = sow_entry(lane, n);
    const u64 o = p.o + s.add_o;
    const u64 chain = chain_of<R>(o, s.land);
    const u64 captured = byte_sum(o, chain);
    if (mine + static_cast<int>(captured) >= R::win_seeds) continue;  // WA-4.1: over, no move
    const u64 m = (p.m & s.keep_m) + s.add_m;
    // Under GrandSlam::Illegal a child may have grand slams, which are not its moves (WA-3.4):
    // exact, unless its opponent's row (m) rules them out.
    if ((m & kRow) != 0 && (R::grand_slam != GrandSlam::Illegal || no_grand_slam(m))) {
      total += static_cast<std::uint64_t>(count_lanes(nonzero_lanes(o & ~chain)));
    } else {  // the child must feed (WA-2.3) or may have a grand slam: rare, exact
      total += static_cast<std::uint64_t>(count_lanes(legal<R>(Node{o & ~chain, m + (captured << 56)})));
    }
  }
  return total;
}

/// The portable kernel of perft (detail/perft.hpp): the children are made one at a time.
struct Kernel {
  /// Whether the kernel gains only for Leaves::Count (then List and Make take the portable kernel).
  static constexpr bool count_only = false;
  template <class R>
  struct Children {
    Node parent;
    explicit constexpr Children(const Node& p) noexcept : parent(p) {}
    [[nodiscard]] BOARDRULES_WARRI_INLINE constexpr Node child(int lane) const noexcept {
      return make<R>(parent, lane);
    }
    /// The sizes of the move lists of the children `moves` (lanes of 0x80).
    [[nodiscard]] constexpr std::uint64_t list_sizes(u64 moves) const noexcept {
      std::uint64_t n = 0;
      for (; moves != 0; moves &= moves - 1)
        n += static_cast<std::uint64_t>(count_lanes(legal<R>(child(std::countr_zero(moves) >> 3))));
      return n;
    }
  };
  /// Builds every child `moves` and keeps it (Leaves::Make at the last ply).
  template <class R>
  static constexpr void make_leaves(const Node& p, u64 moves) noexcept {
    for (; moves != 0; moves &= moves - 1) {
      Node c = make<R>(p, std::countr_zero(moves) >> 3);
      keep(c.m, c.o);
    }
  }
  template <class R>
  [[nodiscard]] static constexpr std::uint64_t count2(const Node& p, u64 moves) noexcept {
    return swar::count2<R>(p, moves);
  }
};

/// Reverses the six low bytes (lane j <-> lane 5 - j); lanes 6 and 7 must be zero.
[[nodiscard]] constexpr u64 reverse6(u64 x) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_bswap64(x << 16);
#else
  u64 r = 0;
  for (int j = 0; j < 6; ++j) r |= ((x >> (8 * j)) & 0xFF) << (8 * (5 - j));
  return r;
#endif
}

/// The two little-endian words of the 16 raw bytes.
[[nodiscard]] constexpr std::array<u64, 2> words(const Bytes& b) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    return std::bit_cast<std::array<u64, 2>>(b);
  } else {
    std::array<u64, 2> w{};
    for (std::size_t i = 0; i < 16; ++i) w[i / 8] |= u64{b[i]} << (8 * (i % 8));
    return w;
  }
}

/// The node of a position (16 raw bytes of BasicPosition).
[[nodiscard]] constexpr Node to_node(const Bytes& b) noexcept {
  const auto w = words(b);
  const u64 south = w[0] & kRow;                           // houses 0..5 in lanes 0..5
  const u64 north = ((w[0] >> 48) | (w[1] << 16)) & kRow;  // houses 6..11 in lanes 0..5
  const u64 ss = (w[1] >> 32) & 0xFF, ns = (w[1] >> 40) & 0xFF;
  if (((w[1] >> 48) & 0xFF) == 0) return Node{reverse6(south) | ss << 56, reverse6(north) | ns << 56};
  return Node{reverse6(north) | ns << 56, reverse6(south) | ss << 56};
}

/// Writes a node back into the 16 raw bytes of a BasicPosition (side to move: `mover_is_north`).
constexpr void from_node(const Node& n, bool mover_is_north, Bytes& b) noexcept {
  const int me = mover_is_north ? 6 : 0;
  const int them = 6 - me;
  for (int h = 0; h < 6; ++h) {
    b[static_cast<std::size_t>(me + h)] = static_cast<std::uint8_t>(n.m >> (8 * (5 - h)));
    b[static_cast<std::size_t>(them + h)] = static_cast<std::uint8_t>(n.o >> (8 * (5 - h)));
  }
  b[mover_is_north ? kNorthStore : kSouthStore] = static_cast<std::uint8_t>(n.m >> 56);
  b[mover_is_north ? kSouthStore : kNorthStore] = static_cast<std::uint8_t>(n.o >> 56);
  b[kToMove] = mover_is_north ? 1 : 0;
}

/// Bit i (house i of the mover's row, i = 0..5) for each 0x80 lane of a legal() mask.
[[nodiscard]] constexpr unsigned house_bits(u64 lanes) noexcept {
  // Lane j holds house 5 - j; the multiply gathers lane j's bit at bit 63 - j (no two partial
  // products share a bit, so no carries), and >> 58 leaves it at bit 5 - j.
  return static_cast<unsigned>((((lanes >> 7) & 0x0000010101010101ULL) * 0x8040201008040201ULL) >> 58);
}

/// Whether the fast core's precondition holds: 48 seeds or fewer in all (houses and stores).
[[nodiscard]] constexpr bool fits(const Bytes& b) noexcept {
  const auto w = words(b);
  // Byte sums by halves (16-bit lanes) so that no lane overflows: 14 bytes of at most 255.
  const u64 lo = (w[0] & 0x00FF00FF00FF00FFULL) + ((w[0] >> 8) & 0x00FF00FF00FF00FFULL);
  const u64 hi = (w[1] & 0x000000FF00FF00FFULL) + ((w[1] >> 8) & 0x000000FF00FF00FFULL);
  const u64 sum = ((lo + hi) * 0x0001000100010001ULL) >> 48;
  return sum <= 48;
}

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::detail::swar

#endif  // BOARDRULES_WARRI_DETAIL_SWAR_HPP_
