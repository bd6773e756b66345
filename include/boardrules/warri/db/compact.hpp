#pragma once
/// \file
/// The values of a layer at rest in a sliced table (docs/databases.md#sliced-tables): the
/// distinct (mover, other) pairs of the layer (WA-8.5), in increasing order of mover then other,
/// form its palette, and a board is stored as one byte, its pair's place in the palette. A layer
/// with more than 256 distinct pairs keeps two bytes a board, the pair itself. The palette is
/// the layer's, the same in every part of it, so a part's bytes do not depend on how the layer
/// was dealt.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "boardrules/warri/db/value.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame {

/// A set of values, a bit for each (mover, other) pair: bit mover + 256·other. The sets of the
/// parts of a layer are joined by OR.
using ValueSet = std::array<std::uint64_t, 1024>;

/// Adds v to the set s.
constexpr void add_value(ValueSet& s, Value v) noexcept {
  const unsigned bit = v.mover | static_cast<unsigned>(v.other) << 8;
  s[bit >> 6] |= std::uint64_t{1} << (bit & 63);
}

/// How a layer's values are stored: the palette and one byte a board, or two bytes a board.
class LayerCodec {
 public:
  /// The most pairs a palette holds.
  static constexpr std::size_t kMaxPalette = 256;

  /// Two bytes a board, no palette.
  LayerCodec() = default;

  /// The codec of a layer whose values are the set s: a palette of its pairs, in increasing order
  /// of mover then other, when there are at most 256 of them.
  explicit LayerCodec(const ValueSet& s) {
    std::vector<Value> pairs;
    for (unsigned mover = 0; mover < 256; ++mover)
      for (unsigned other = 0; other < 256; ++other) {
        const unsigned bit = mover | other << 8;
        if ((s[bit >> 6] >> (bit & 63) & 1) != 0)
          pairs.push_back(Value{static_cast<std::uint8_t>(mover), static_cast<std::uint8_t>(other)});
      }
    if (pairs.size() <= kMaxPalette) set_palette(pairs);
  }

  /// The codec with the given palette (at most 256 pairs, as a slice file lists them); an empty
  /// palette means two bytes a board.
  static LayerCodec with_palette(std::span<const Value> palette) {
    LayerCodec c;
    if (!palette.empty()) c.set_palette(palette);
    return c;
  }

  /// Bytes a board: 1 with a palette, else 2.
  [[nodiscard]] std::size_t value_bytes() const noexcept { return palette_size_ != 0 ? 1 : 2; }
  /// The palette (empty with two bytes a board).
  [[nodiscard]] std::span<const Value> palette() const noexcept { return {palette_.data(), palette_size_}; }

  /// The bytes of v: its place in the palette, or (mover, other). Precondition: with a
  /// palette, v is in it.
  void encode(Value v, std::uint8_t* out) const noexcept {
    if (palette_size_ != 0) {
      out[0] = index_[v.mover | static_cast<std::size_t>(v.other) << 8];
    } else {
      out[0] = v.mover;
      out[1] = v.other;
    }
  }

  /// The value at place i of a layer's bytes. Precondition: a byte, with a palette, is below
  /// palette().size() (the readers check every byte of a slice before they use it).
  [[nodiscard]] Value decode(const std::uint8_t* data, std::uint64_t i) const noexcept {
    if (palette_size_ != 0) return palette_[data[i]];
    return Value{data[2 * i], data[2 * i + 1]};
  }

 private:
  void set_palette(std::span<const Value> pairs) {
    palette_size_ = pairs.size();
    index_.assign(std::size_t{1} << 16, 0);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      palette_[i] = pairs[i];
      index_[pairs[i].mover | static_cast<std::size_t>(pairs[i].other) << 8] = static_cast<std::uint8_t>(i);
    }
  }

  std::array<Value, kMaxPalette> palette_{};
  std::size_t palette_size_ = 0;
  std::vector<std::uint8_t> index_;  // a pair's place, for encode
};

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE::endgame
