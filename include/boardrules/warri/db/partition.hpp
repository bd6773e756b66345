#pragma once
/// \file
/// How the boards of a layer (WA-8.2) are dealt to the parts of a sliced table: the ranks of a
/// distributed build, the slice files of a layer. A board of rank r (index.hpp) belongs to one
/// part, where it has a local index; both directions are constant time and allocation-free.
///
/// - `Ranges`: part k of P holds the boards [k·size/P, (k+1)·size/P), in order.
/// - `Blocks`: the layer is cut into blocks of 4,096 boards dealt round robin, block b to part
///   b mod P, in order within a part: the parts take every region of the layer alike.

#include "boardrules/core/config.hpp"

#include <bit>
#include <cassert>
#include <cstdint>
#include <string_view>

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// The ways of dealing a layer's boards to parts (the numbers are those of the slice files).
enum class PartitionKind : std::uint8_t { Ranges = 1, Blocks = 2 };

/// "ranges" or "blocks".
[[nodiscard]] constexpr std::string_view partition_name(PartitionKind k) noexcept {
  return k == PartitionKind::Ranges ? "ranges" : "blocks";
}

/// The most parts a layer is dealt to (the products of the arithmetic below stay in 64 bits for
/// every layer of up to 48 seeds).
inline constexpr std::uint32_t kMaxParts = 1u << 16;

/// A layer of `size` boards dealt to `parts` parts. Preconditions: 1 <= parts <= kMaxParts,
/// size < 2^46 (every layer of up to 48 seeds).
struct Partition {
  static constexpr int kBlockBits = 12;  ///< Blocks: 4,096 boards a block
  static constexpr std::uint64_t kBlock = std::uint64_t{1} << kBlockBits;

  PartitionKind kind = PartitionKind::Ranges;
  std::uint64_t size = 0;
  std::uint32_t parts = 1;

  /// The first board of part k (Ranges only).
  [[nodiscard]] constexpr std::uint64_t range_start(std::uint32_t k) const noexcept { return size * k / parts; }

  /// The part that holds board r (r < size).
  [[nodiscard]] constexpr std::uint32_t owner(std::uint64_t r) const noexcept {
    assert(r < size);
    if (kind == PartitionKind::Blocks) return static_cast<std::uint32_t>((r >> kBlockBits) % parts);
    auto k = static_cast<std::uint32_t>(r * parts / size);  // range_start(k) <= r
    while (k + 1 < parts && range_start(k + 1) <= r) ++k;   // floor rounding, and empty parts when size < parts
    return k;
  }

  /// Board r's index within its part.
  [[nodiscard]] constexpr std::uint64_t local(std::uint64_t r) const noexcept {
    if (kind == PartitionKind::Blocks) return ((r >> kBlockBits) / parts) << kBlockBits | (r & (kBlock - 1));
    return r - range_start(owner(r));
  }

  /// owner(r) and local(r) at once, with the divisions of one part (none) or of parts that are
  /// a power of two (shifts) left out.
  struct Place {
    std::uint32_t owner;
    std::uint64_t local;
  };
  [[nodiscard]] constexpr Place locate(std::uint64_t r) const noexcept {
    if (parts == 1) return {0, r};
    if (kind == PartitionKind::Blocks) {
      const std::uint64_t b = r >> kBlockBits;
      if ((parts & (parts - 1)) == 0)
        return {static_cast<std::uint32_t>(b & (parts - 1)),
                (b >> std::countr_zero(parts)) << kBlockBits | (r & (kBlock - 1))};
      return {static_cast<std::uint32_t>(b % parts), (b / parts) << kBlockBits | (r & (kBlock - 1))};
    }
    const std::uint32_t k = owner(r);
    return {k, r - range_start(k)};
  }

  /// The board with local index i in part k (the inverse of owner and local).
  [[nodiscard]] constexpr std::uint64_t global(std::uint32_t k, std::uint64_t i) const noexcept {
    if (kind == PartitionKind::Blocks) return ((i >> kBlockBits) * parts + k) << kBlockBits | (i & (kBlock - 1));
    return range_start(k) + i;
  }

  /// The boards in part k.
  [[nodiscard]] constexpr std::uint64_t count(std::uint32_t k) const noexcept {
    if (kind == PartitionKind::Ranges) return range_start(k + 1) - range_start(k);
    const std::uint64_t blocks = size >> kBlockBits;  // whole blocks; the last one, if any, is shorter
    const std::uint64_t tail = size & (kBlock - 1);
    std::uint64_t n = (blocks / parts + (k < blocks % parts ? 1 : 0)) << kBlockBits;
    if (tail != 0 && blocks % parts == k) n += tail;
    return n;
  }

  friend constexpr bool operator==(const Partition&, const Partition&) noexcept = default;
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
