#pragma once
/// \file
/// GNU Backgammon Position ID: a position as a 10-byte key and its 14-character Base64 text,
/// bit for bit as GNU Backgammon 1.07 writes and reads it (start position: "4HPwATDgc/ABMA").
///
/// The key is a string of at most 80 bits, written from bit 0 of byte 0 upwards (bit i is bit
/// i % 8 of byte i / 8). For each side in turn, for its points 1..24 in its own numbering and then
/// its bar: as many 1 bits as that side has checkers there, then one 0 bit. The rest is 0 up to 80
/// bits; borne-off checkers are not written (they are kCheckers minus those on the board).
/// The FIRST side written is the player NOT on roll, the second the player on roll (gnubg's
/// anBoard[0] and anBoard[1]); this is what gnubg 1.07 does (`set board`, `show board`,
/// gnubg.positionid()), checked in tests/backgammon/test_position_id.cpp against IDs gnubg made.
/// (The prose of gnubg's manual, "A technical description of the Position ID", names the
/// player on roll first; the program does the opposite, and the program is the reference.)
/// The ID is the key in standard Base64 (A-Z a-z 0-9 + /), 80 bits → 14 characters, without the
/// "==" padding; the last character carries 2 key bits and 4 padding bits that must be zero.
/// Mapping to this library: the player on roll is the Mover of BasicPosition.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/backgammon/values/position_key.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The Position ID of the standard starting position (BG-1.4).
inline constexpr std::string_view kStartPositionId = "4HPwATDgc/ABMA";

/// Length of a Position ID in characters.
inline constexpr std::size_t kPositionIdLength = 14;

namespace detail {

/// The ID character that holds key bit `bit` (0..79): Base64 reads each byte from its high bit.
[[nodiscard]] constexpr std::size_t id_offset_of_key_bit(int bit) noexcept {
  const int byte = bit / 8;
  const int stream = byte * 8 + (7 - bit % 8);
  return static_cast<std::size_t>(stream / 6);
}

[[nodiscard]] constexpr const char* key_side_name(Side s) noexcept {
  return s == Side::Mover ? "the player on roll" : "the player not on roll";
}

}  // namespace detail

/// The 14-character Base64 text of a key.
[[nodiscard]] inline std::string position_id_from_key(const PositionKey& key) {
  static_assert(boardrules::codec_detail::kBase64Chars<10> == kPositionIdLength);
  std::string id(kPositionIdLength, 'A');
  boardrules::codec_detail::base64_encode(key, id.data());
  return id;
}

/// The GNU Backgammon Position ID of `p`, the Mover being the player on roll.
/// Precondition: validate(p) succeeds (the ID holds no borne-off count: it is V::kCheckers minus
/// the checkers on the board).
template <class V = Standard>
[[nodiscard]] std::string format_position_id(const BasicPosition<V>& p) {
  return position_id_from_key(position_key(p));
}

/// Decodes a 10-byte key. Checks: at most V::kCheckers checkers a side (the rest are borne off),
/// no point held by both sides, all 50 point terminators present, and nothing after them.
template <class V = Standard>
[[nodiscard]] Result<BasicPosition<V>> from_position_key(const PositionKey& key) {
  BasicPosition<V> p;
  int bit = 0;
  const auto key_bit = [&key](int b) { return ((key[static_cast<std::size_t>(b / 8)] >> (b % 8)) & 1u) != 0; };
  for (const Side side : detail::kKeySides) {
    int total = 0;
    for (int point = 1; point <= 25; ++point) {
      int n = 0;
      while (bit < 80 && key_bit(bit)) {
        ++n;
        ++bit;
        if (total + n > V::kCheckers) {
          return make_error(ErrorCode::invalid_state,
                            std::string(detail::key_side_name(side)) + " has more than " +
                                std::to_string(V::kCheckers) + " checkers (the " + std::to_string(total + n) +
                                "th is on " +
                                (point == 25 ? std::string("its bar") : "its point " + std::to_string(point)) + ")",
                            "position id", detail::id_offset_of_key_bit(bit - 1));
        }
      }
      if (bit >= 80) {
        return make_error(
            ErrorCode::syntax,
            std::string("the checkers of ") + detail::key_side_name(side) + " run past the 80 bits of the key before " +
                (point == 25 ? std::string("its bar") : "its point " + std::to_string(point)) + " is closed",
            "position id", detail::id_offset_of_key_bit(79));
      }
      total += n;
      p.set(side, point, n);
      ++bit;  // the terminating 0
    }
    p.set(side, kOff, V::kCheckers - total);
  }
  for (int b = bit; b < 80; ++b) {
    if (key_bit(b)) {
      return make_error(ErrorCode::syntax, "bit " + std::to_string(b) + " of the key is set after the last point",
                        "position id", detail::id_offset_of_key_bit(b));
    }
  }
  // The counts are checked above (with the offset); validate() checks the rest of the invariants
  // (a point held by both sides).
  if (auto st = validate(p); !st.has_value()) {
    Error e = st.error();
    e.where = "position id";
    return e;
  }
  return p;
}

/// Decodes a 14-character GNU Backgammon Position ID (the player on roll becomes the Mover).
/// Errors (with the character offset where it applies): wrong length, a character outside the
/// Base64 alphabet, nonzero padding bits in the last character, more than V::kCheckers checkers a
/// side, checkers past the 80 key bits, bits set after the last point, a point held by both sides.
template <class V = Standard>
[[nodiscard]] Result<BasicPosition<V>> parse_position_id(std::string_view id) {
  if (id.size() != kPositionIdLength) {
    return make_error(
        ErrorCode::syntax,
        "expected " + std::to_string(kPositionIdLength) + " characters, found " + std::to_string(id.size()),
        "position id");
  }
  PositionKey key{};
  if (const std::size_t i = boardrules::codec_detail::base64_decode(id, key); i != id.npos) {
    const auto c = static_cast<unsigned char>(id[i]);
    std::string shown =
        (c >= 0x20 && c < 0x7f) ? std::string("'") + id[i] + "'" : "byte " + std::to_string(static_cast<int>(c));
    return make_error(ErrorCode::syntax, shown + " is not a Base64 character (A-Z a-z 0-9 + /)", "position id", i);
  }
  if ((boardrules::codec_detail::base64_value(id[13]) & 0x0f) != 0) {
    return make_error(ErrorCode::syntax, "the last character's 4 padding bits are not zero", "position id", 13);
  }
  return from_position_key<V>(key);
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
