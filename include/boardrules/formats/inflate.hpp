#pragma once
/// \file
/// Decompression of DEFLATE data (RFC 1951) and of its zlib wrapping (RFC 1950), and the CRC-32
/// of ISO 3309 (the one of zlib, gzip and PNG): enough to read files that store zlib streams
/// (eXtreme Gammon's .xg, formats/xg.hpp) without depending on zlib. Every input, however
/// damaged, gives a value or an Error (ErrorCode::corrupted, the offset of the byte where the
/// stream went wrong); the output is bounded by a limit the caller gives. The Huffman codes taken
/// are those zlib takes, so that both read the same streams (a differential fuzz target,
/// tests/fuzz/fuzz_inflate_zlib.cpp, holds them to it).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "boardrules/core/error.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE {

namespace inflate_detail {
// The CRC-32 of each byte value: a table lookup per byte instead of eight shifts.
inline constexpr std::array<std::uint32_t, 256> kCrcTable = [] {
  std::array<std::uint32_t, 256> t{};
  for (std::uint32_t b = 0; b < 256; ++b) {
    std::uint32_t c = b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    t[b] = c;
  }
  return t;
}();
}  // namespace inflate_detail

/// The CRC-32 (polynomial 0xEDB88320, reflected, initial and final XOR 0xFFFFFFFF) of `data`,
/// continued from `crc` (the CRC of the bytes before; 0 to start).
[[nodiscard]] constexpr std::uint32_t crc32(std::span<const std::uint8_t> data, std::uint32_t crc = 0) noexcept {
  crc = ~crc;
  for (const std::uint8_t b : data) crc = (crc >> 8) ^ inflate_detail::kCrcTable[(crc ^ b) & 0xFFu];
  return ~crc;
}

/// What inflate gives: the bytes and where the compressed stream ended in the input.
struct Inflated {
  std::vector<std::uint8_t> data;
  std::size_t consumed = 0;  ///< bytes of the input read, up to the end of the stream
};

namespace inflate_detail {

/// A canonical Huffman code (RFC 1951 3.2.2): the count of codes of each length and the symbols
/// in code order.
struct Huffman {
  std::array<std::uint16_t, 16> count{};
  std::array<std::uint16_t, 288> symbol{};
};

class Reader {
 public:
  Reader(std::span<const std::uint8_t> in, std::size_t limit) : in_(in), limit_(limit) {}

  Result<Inflated> run(std::size_t start) {
    pos_ = start;
    bool last = false;
    while (!last) {
      int v = 0;
      if (!bits(1, v)) return cut();
      last = v != 0;
      int type = 0;
      if (!bits(2, type)) return cut();
      Status st;
      if (type == 0) {
        st = stored();
      } else if (type == 1) {
        st = fixed();
      } else if (type == 2) {
        st = dynamic();
      } else {
        return fail("a block of the reserved type 3");
      }
      if (!st.has_value()) return st.error();
    }
    Inflated r;
    r.data = std::move(out_);
    r.consumed = pos_;
    return r;
  }

 private:
  std::span<const std::uint8_t> in_;
  std::size_t limit_;
  std::size_t pos_ = 0;  // next byte of the input
  std::uint32_t buf_ = 0;
  int have_ = 0;  // bits in buf_
  std::vector<std::uint8_t> out_;

  Error fail(const std::string& why) const {
    return make_error(ErrorCode::corrupted, why, "deflate stream", pos_ == 0 ? 0 : pos_ - 1);
  }
  Error cut() const { return fail("the stream is cut short"); }

  bool bits(int n, int& v) {
    while (have_ < n) {
      if (pos_ >= in_.size()) return false;
      buf_ |= static_cast<std::uint32_t>(in_[pos_++]) << have_;
      have_ += 8;
    }
    v = static_cast<int>(buf_ & ((1u << n) - 1u));
    buf_ >>= n;
    have_ -= n;
    return true;
  }

  Error past_limit() const {
    return make_error(ErrorCode::corrupted, "the data inflates past " + std::to_string(limit_) + " bytes",
                      "deflate stream", pos_ == 0 ? 0 : pos_ - 1);
  }

  Status put(std::uint8_t b) {
    if (out_.size() >= limit_) return past_limit();
    out_.push_back(b);
    return {};
  }

  Status stored() {
    buf_ = 0;  // the rest of the current byte is padding
    have_ = 0;
    if (pos_ + 4 > in_.size()) return cut();
    const unsigned len = unsigned{in_[pos_]} | (unsigned{in_[pos_ + 1]} << 8);
    const unsigned nlen = unsigned{in_[pos_ + 2]} | (unsigned{in_[pos_ + 3]} << 8);
    pos_ += 4;
    if (len != (~nlen & 0xFFFFu)) return fail("a stored block's length and its complement do not match");
    if (pos_ + len > in_.size()) return cut();
    for (unsigned k = 0; k < len; ++k)
      if (auto st = put(in_[pos_ + k]); !st.has_value()) return st;
    pos_ += len;
    return {};
  }

  // Builds the code from the lengths; false when they do not make a code zlib takes: an
  // over-subscribed one, or an incomplete one (code space left unused), except a literal/length
  // or distance code whose codes are all one bit long (a single one-bit code: RFC 1951 3.2.7
  // allows one distance code; zlib takes it for either). No code at all is taken: decoding any
  // symbol of it fails. `one_bit_incomplete`: false for the code length code, which zlib never
  // takes incomplete.
  static bool build(Huffman& h, const std::uint8_t* lengths, int n, bool one_bit_incomplete) {
    h.count.fill(0);
    for (int s = 0; s < n; ++s) ++h.count[lengths[s]];
    if (h.count[0] == n) return true;  // no codes: decoding any symbol fails
    int left = 1;
    int longest = 0;
    for (int len = 1; len < 16; ++len) {
      left <<= 1;
      left -= h.count[static_cast<std::size_t>(len)];
      if (left < 0) return false;
      if (h.count[static_cast<std::size_t>(len)] != 0) longest = len;
    }
    if (left > 0 && !(one_bit_incomplete && longest == 1)) return false;
    std::array<std::uint16_t, 16> offs{};
    for (int len = 1; len < 15; ++len)
      offs[static_cast<std::size_t>(len + 1)] =
          static_cast<std::uint16_t>(offs[static_cast<std::size_t>(len)] + h.count[static_cast<std::size_t>(len)]);
    for (int s = 0; s < n; ++s)
      if (lengths[s] != 0) h.symbol[offs[lengths[s]]++] = static_cast<std::uint16_t>(s);
    return true;
  }

  // One symbol of `h`, bit by bit (codes are stored most significant bit first), or -1.
  int decode(const Huffman& h) {
    int code = 0, first = 0, index = 0;
    for (int len = 1; len < 16; ++len) {
      int b = 0;
      if (!bits(1, b)) return -2;
      code |= b;
      const int count = h.count[static_cast<std::size_t>(len)];
      if (code - count < first) return h.symbol[static_cast<std::size_t>(index + (code - first))];
      index += count;
      first += count;
      first <<= 1;
      code <<= 1;
    }
    return -1;
  }

  Status codes(const Huffman& lit, const Huffman& dist) {
    static constexpr std::array<std::uint16_t, 29> kLenBase{3,  4,  5,  6,  7,  8,  9,  10, 11,  13,
                                                           15, 17, 19, 23, 27, 31, 35, 43, 51,  59,
                                                           67, 83, 99, 115, 131, 163, 195, 227, 258};
    static constexpr std::array<std::uint8_t, 29> kLenExtra{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                           2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    static constexpr std::array<std::uint16_t, 30> kDistBase{
        1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
        193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
    static constexpr std::array<std::uint8_t, 30> kDistExtra{0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                             6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
    for (;;) {
      int sym = decode(lit);
      if (sym == -2) return cut();
      if (sym < 0) return fail("a literal/length code that is not in the block's code");
      if (sym < 256) {
        if (auto st = put(static_cast<std::uint8_t>(sym)); !st.has_value()) return st;
        continue;
      }
      if (sym == 256) return {};
      sym -= 257;
      if (sym >= 29) return fail("a length symbol above 285");
      int extra = 0;
      if (!bits(kLenExtra[static_cast<std::size_t>(sym)], extra)) return cut();
      const int len = kLenBase[static_cast<std::size_t>(sym)] + extra;
      int d = decode(dist);
      if (d == -2) return cut();
      if (d < 0) return fail("a distance code that is not in the block's code");
      if (d >= 30) return fail("a distance symbol above 29");
      if (!bits(kDistExtra[static_cast<std::size_t>(d)], extra)) return cut();
      const std::size_t distance = static_cast<std::size_t>(kDistBase[static_cast<std::size_t>(d)] + extra);
      if (distance > out_.size()) return fail("a distance back past the start of the data");
      // The limit is checked once for the whole copy (the output is dropped on an error).
      if (static_cast<std::size_t>(len) > limit_ - out_.size()) return past_limit();
      for (int k = 0; k < len; ++k) {
        const std::uint8_t b = out_[out_.size() - distance];
        out_.push_back(b);
      }
    }
  }

  Status fixed() {
    // The fixed codes (RFC 1951 3.2.6), both complete: the distance code has 32 five-bit codes,
    // of which symbols 30 and 31 may appear in no stream (refused by codes()).
    std::array<std::uint8_t, 320> l{};
    for (int s = 0; s < 144; ++s) l[static_cast<std::size_t>(s)] = 8;
    for (int s = 144; s < 256; ++s) l[static_cast<std::size_t>(s)] = 9;
    for (int s = 256; s < 280; ++s) l[static_cast<std::size_t>(s)] = 7;
    for (int s = 280; s < 288; ++s) l[static_cast<std::size_t>(s)] = 8;
    for (int s = 288; s < 320; ++s) l[static_cast<std::size_t>(s)] = 5;
    Huffman lit, dist;
    build(lit, l.data(), 288, true);
    build(dist, l.data() + 288, 32, true);
    return codes(lit, dist);
  }

  Status dynamic() {
    int nlen = 0, ndist = 0, ncode = 0;
    if (!bits(5, nlen) || !bits(5, ndist) || !bits(4, ncode)) return cut();
    nlen += 257;
    ndist += 1;
    ncode += 4;
    if (nlen > 286 || ndist > 30) return fail("a dynamic block with too many length or distance codes");
    static constexpr std::array<std::uint8_t, 19> kOrder{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    std::array<std::uint8_t, 320> lengths{};
    for (int k = 0; k < ncode; ++k) {
      int v = 0;
      if (!bits(3, v)) return cut();
      lengths[kOrder[static_cast<std::size_t>(k)]] = static_cast<std::uint8_t>(v);
    }
    Huffman lencode;
    if (!build(lencode, lengths.data(), 19, false)) return fail("an over-subscribed or incomplete code length code");
    int index = 0;
    while (index < nlen + ndist) {
      int sym = decode(lencode);
      if (sym == -2) return cut();
      if (sym < 0) return fail("a code length code that is not in the block's code");
      if (sym < 16) {
        lengths[static_cast<std::size_t>(index++)] = static_cast<std::uint8_t>(sym);
        continue;
      }
      std::uint8_t len = 0;
      int rep = 0;
      if (sym == 16) {
        if (index == 0) return fail("a repeat of the previous length with no length before");
        len = lengths[static_cast<std::size_t>(index - 1)];
        if (!bits(2, rep)) return cut();
        rep += 3;
      } else if (sym == 17) {
        if (!bits(3, rep)) return cut();
        rep += 3;
      } else {
        if (!bits(7, rep)) return cut();
        rep += 11;
      }
      if (index + rep > nlen + ndist) return fail("code lengths repeated past the codes of the block");
      while (rep-- > 0) lengths[static_cast<std::size_t>(index++)] = len;
    }
    if (lengths[256] == 0) return fail("a block without an end-of-block code");
    Huffman lit, dist;
    if (!build(lit, lengths.data(), nlen, true)) return fail("an over-subscribed or incomplete literal/length code");
    if (!build(dist, lengths.data() + nlen, ndist, true)) return fail("an over-subscribed or incomplete distance code");
    return codes(lit, dist);
  }
};

}  // namespace inflate_detail

/// Inflates the raw DEFLATE stream starting at `in[start]`, giving at most `limit` bytes: the
/// caller sizes the limit to what its format can hold (there is no default: DEFLATE expands
/// up to 1032 times, so a small input could otherwise take any memory). Work and memory: linear
/// in the bytes read and the bytes given, at most `limit` bytes of output. Errors
/// (ErrorCode::corrupted, where "deflate stream", the offset of the byte reached): a stream cut
/// short, a reserved block type, a stored block's length check, code lengths that are not a
/// Huffman code zlib takes (over-subscribed, or incomplete but for a single one-bit literal/length
/// or distance code), a code or symbol not in the block's code, a distance before the start,
/// more output than `limit`: every stream zlib refuses, and only those.
[[nodiscard]] inline Result<Inflated> inflate_raw(std::span<const std::uint8_t> in, std::size_t start,
                                                  std::size_t limit) {
  if (start > in.size()) start = in.size();
  return inflate_detail::Reader(in, limit).run(start);
}

/// Inflates the zlib stream (RFC 1950: a 2-byte header, DEFLATE data, the Adler-32 of the data)
/// starting at `in[start]`, giving at most `limit` bytes (as inflate_raw); `consumed` counts up
/// to the end of the checksum. Errors (ErrorCode::corrupted, where "zlib stream"): a header that
/// is not zlib's (method 8, window up to 32 KiB, check bits), a preset dictionary, the checksum
/// not that of the data, and those of inflate_raw.
[[nodiscard]] inline Result<Inflated> inflate_zlib(std::span<const std::uint8_t> in, std::size_t start,
                                                   std::size_t limit) {
  auto bad = [&](const std::string& why, std::size_t at) { return make_error(ErrorCode::corrupted, why, "zlib stream", at); };
  if (start > in.size() || in.size() - start < 2) return bad("the stream is cut short (no header)", start);
  const unsigned cmf = in[start], flg = in[start + 1];
  if ((cmf & 0x0Fu) != 8 || (cmf >> 4) > 7 || ((cmf << 8) | flg) % 31 != 0)
    return bad("not a zlib header (expected method 8 and a valid check)", start);
  if ((flg & 0x20u) != 0) return bad("a preset dictionary is not supported", start + 1);
  auto r = inflate_raw(in, start + 2, limit);
  if (!r.has_value()) return Error{r.error().message, "zlib stream", r.error().offset, r.error().code};
  std::size_t p = r->consumed;
  if (in.size() - p < 4) return bad("the stream is cut short (no checksum)", p);
  // Adler-32 (RFC 1950 8.2), reduced modulo 65521 every 5552 bytes: the most after which b
  // still fits in 32 bits.
  std::uint32_t a = 1, b = 0;
  for (std::size_t i = 0; i < r->data.size();) {
    const std::size_t end = std::min(r->data.size(), i + 5552);
    for (; i < end; ++i) {
      a += r->data[i];
      b += a;
    }
    a %= 65521u;
    b %= 65521u;
  }
  const std::uint32_t want = (std::uint32_t{in[p]} << 24) | (std::uint32_t{in[p + 1]} << 16) |
                             (std::uint32_t{in[p + 2]} << 8) | std::uint32_t{in[p + 3]};
  if (want != ((b << 16) | a)) return bad("the Adler-32 checksum is not that of the data", p);
  r->consumed = p + 4;
  return r;
}

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE
