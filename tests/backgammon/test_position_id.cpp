// GNU Backgammon Position ID: encoding and decoding against IDs written by gnubg itself
// (tests/data/backgammon/gnubg_position_ids.txt, made by gen_position_ids.py inside gnubg 1.07),
// against a plain bit-string reference written here from gnubg's format, and every kind of bad ID.
#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/core/random.hpp"

#include "../common/data_file.hpp"

namespace bg = boardrules::backgammon;
using bg::Position;
using bg::Side;

namespace {

// Reference encoder, written plainly: a string of '0'/'1', then Base64 six bits at a time,
// each byte read from its high bit. Side not on roll first (as gnubg 1.07 does).
template <class V>
std::string reference_id(const bg::BasicPosition<V>& p) {
  std::string bits;
  for (Side s : {Side::Opponent, Side::Mover}) {
    for (int point = 1; point <= 25; ++point) {
      bits += std::string(static_cast<std::size_t>(p.count(s, point)), '1');
      bits += '0';
    }
  }
  bits.resize(80, '0');
  std::string stream;  // bytes, each high bit first
  for (int byte = 0; byte < 10; ++byte)
    for (int b = 7; b >= 0; --b) stream += bits[static_cast<std::size_t>(byte * 8 + b)];
  stream.resize(84, '0');
  const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string id;
  for (std::size_t i = 0; i < 84; i += 6) id += alphabet[std::stoi(stream.substr(i, 6), nullptr, 2)];
  return id;
}

template <class V>
bg::BasicPosition<V> random_position(boardrules::Rng& rng) {
  bg::BasicPosition<V> p;
  for (Side s : {Side::Mover, Side::Opponent}) {
    const int n = static_cast<int>(rng.below(V::kCheckers + 1));
    for (int i = 0; i < n; ++i) {
      for (;;) {
        const int point = static_cast<int>(rng.below(25)) + 1;  // 1..25 in s's numbering
        const Side other = s == Side::Mover ? Side::Opponent : Side::Mover;
        if (point == 25 || p.count(other, 25 - point) == 0) {
          p.set(s, point, p.count(s, point) + 1);
          break;
        }
      }
    }
    p.set(s, bg::kOff, V::kCheckers - n);
  }
  return p;
}

std::string error_of(std::string_view id) {
  auto r = bg::parse_position_id(id);
  REQUIRE_FALSE(r.has_value());
  return r.error().to_string();
}

}  // namespace

// The key is constexpr: gnubg.positionkey() of the start is (224, 115, 240, 1, 48) twice.
static_assert(bg::position_key(Position::start()) == bg::PositionKey{224, 115, 240, 1, 48, 224, 115, 240, 1, 48});

TEST_CASE("Start position (BG-1.4) is 4HPwATDgc/ABMA") {
  CHECK(bg::format_position_id(Position::start()) == "4HPwATDgc/ABMA");
  CHECK(bg::kStartPositionId == "4HPwATDgc/ABMA");
  auto r = bg::parse_position_id(bg::kStartPositionId);
  REQUIRE(r.has_value());
  CHECK(*r == Position::start());
  CHECK(r->borne_off(Side::Mover) == 0);
  CHECK(r->borne_off(Side::Opponent) == 0);
}

TEST_CASE("The player on roll is the Mover: second half of the key, as gnubg plays it") {
  // gnubg 1.07: `set board YAAAAAAABAAAAA`, `set dice 2 1`, gnubg.hint() -> "24/21" for the player
  // on roll, i.e. the player on roll has one checker on its 24-point; the other has 2 on its 6.
  //   not on roll (O): 2 checkers on its 6-point     on roll (X): 1 checker on its 24-point
  auto r = bg::parse_position_id("YAAAAAAABAAAAA");
  REQUIRE(r.has_value());
  Position want;
  want.set(Side::Mover, 24, 1);
  want.set(Side::Mover, bg::kOff, 14);
  want.set(Side::Opponent, 6, 2);
  want.set(Side::Opponent, bg::kOff, 13);
  CHECK(*r == want);
  CHECK(bg::format_position_id(want) == "YAAAAAAABAAAAA");
  // gnubg after its opening 6-5 played 24/13, the other side on roll: 4HPwAyDgc/ABMA.
  Position after = Position::start();
  after.set(Side::Opponent, 24, 1);
  after.set(Side::Opponent, 13, 6);
  CHECK(bg::format_position_id(after) == "4HPwAyDgc/ABMA");
}

TEST_CASE("IDs written by GNU Backgammon decode to its boards and encode back") {
  int cases = 0;
  data_file::for_each_line("backgammon/gnubg_position_ids.txt", [&](const std::string& line) {
    std::istringstream ls(line);
    std::string id;
    ls >> id;
    Position want;
    int mover_total = 0;
    int opp_total = 0;
    for (int i = 0; i < 50; ++i) {
      int n = -1;
      ls >> n;
      REQUIRE(n >= 0);
      if (i < 25) {
        want.set(Side::Mover, i + 1, n);
        mover_total += n;
      } else {
        want.set(Side::Opponent, i - 24, n);
        opp_total += n;
      }
    }
    want.set(Side::Mover, bg::kOff, 15 - mover_total);
    want.set(Side::Opponent, bg::kOff, 15 - opp_total);
    INFO("line: " << line);
    CHECK(bg::format_position_id(want) == id);
    CHECK(reference_id(want) == id);
    auto r = bg::parse_position_id(id);
    REQUIRE(r.has_value());
    CHECK(*r == want);
    ++cases;
  });
  CHECK(cases >= 2000);
}

TEST_CASE("Random positions round-trip and match the reference encoder (all variants)") {
  boardrules::Rng rng(42);
  for (int i = 0; i < 20000; ++i) {
    const auto p = random_position<bg::Standard>(rng);
    const std::string id = bg::format_position_id(p);
    REQUIRE(id == reference_id(p));
    auto r = bg::parse_position_id(id);
    REQUIRE(r.has_value());
    REQUIRE(*r == p);
    REQUIRE(bg::format_position_id(r->flipped()) == reference_id(p.flipped()));
  }
  for (int i = 0; i < 2000; ++i) {
    const auto p = random_position<bg::Hypergammon>(rng);
    auto r = bg::parse_position_id<bg::Hypergammon>(bg::format_position_id(p));
    REQUIRE(r.has_value());
    REQUIRE(*r == p);
    const auto q = random_position<bg::Nackgammon>(rng);
    auto s = bg::parse_position_id<bg::Nackgammon>(bg::format_position_id(q));
    REQUIRE(s.has_value());
    REQUIRE(*s == q);
  }
  CHECK(bg::format_position_id(bg::HypergammonPosition::start()) == reference_id(bg::HypergammonPosition::start()));
}

TEST_CASE("Bad IDs: wrong length, bad characters, bad padding") {
  CHECK(error_of("").find("expected 14 characters, found 0") != std::string::npos);
  CHECK(error_of("4HPwATDgc/ABM").find("found 13") != std::string::npos);
  CHECK(error_of("4HPwATDgc/ABMA==").find("found 16") != std::string::npos);
  const std::string bad_char = error_of("4HPwATDg!/ABMA");
  CHECK(bad_char.find("'!'") != std::string::npos);
  CHECK(bad_char.find("offset 8") != std::string::npos);
  CHECK(error_of("4HPwATDgc/AB A").find("offset 12") != std::string::npos);
  CHECK(error_of(std::string_view("4HPwATDgc/AB\0A", 14)).find("byte 0") != std::string::npos);
  CHECK(error_of("4HPwATDgc/AB\xff"
                 "A")
            .find("byte 255") != std::string::npos);
  // The last character holds 2 key bits (values 0, 16, 32, 48): 'B' = 1 sets a padding bit.
  const std::string pad = error_of("4HPwATDgc/ABMB");
  CHECK(pad.find("padding") != std::string::npos);
  CHECK(pad.find("offset 13") != std::string::npos);
}

TEST_CASE("Bad IDs: too many checkers, a point held by both sides, stray bits") {
  // 16 checkers of the side not on roll on its 1-point: 16 ones then 49 zeros.
  Position p;
  p.set(Side::Opponent, 1, 15);
  std::string id15 = bg::format_position_id(p);
  CHECK(bg::parse_position_id(id15).has_value());
  // Reference-encode a 16-checker board (the encoder under test refuses nothing, so use the plain one).
  bg::BasicPosition<bg::Standard> sixteen;
  sixteen.set(Side::Opponent, 1, 16);
  const std::string e16 = error_of(reference_id(sixteen));
  CHECK(e16.find("not on roll has more than 15 checkers") != std::string::npos);
  bg::BasicPosition<bg::Standard> mover16;
  mover16.set(Side::Mover, 25, 16);
  CHECK(error_of(reference_id(mover16)).find("the player on roll has more than 15") != std::string::npos);
  // Hypergammon: 4 checkers is one too many, though fine for standard.
  bg::HypergammonPosition hyper;
  hyper.set(Side::Mover, 3, 4);
  const std::string four = bg::format_position_id(hyper);
  auto hr = bg::parse_position_id<bg::Hypergammon>(four);
  REQUIRE_FALSE(hr.has_value());
  CHECK(hr.error().code == boardrules::ErrorCode::invalid_state);
  CHECK(hr.error().message.find("more than 3") != std::string::npos);
  CHECK(bg::parse_position_id(four).has_value());
  // Both sides on one point: the mover's 6-point is the opponent's 19-point.
  Position both;
  both.set(Side::Mover, 6, 2);
  both.set(Side::Opponent, 19, 1);
  const std::string eb = error_of(reference_id(both));
  CHECK(eb.find("point 6 of the player on roll") != std::string::npos);
  CHECK(eb.find("point 19 of the other player") != std::string::npos);
  // Both sides on their bars is legal.
  Position bars;
  bars.set(Side::Mover, 25, 2);
  bars.set(Side::Opponent, 25, 3);
  CHECK(bg::parse_position_id(reference_id(bars)).has_value());
  // All ones: 80 checkers and no terminators.
  CHECK(error_of("/////////////w").find("not on roll has more than 15") != std::string::npos);
  // A bit set after the 50th terminator: start has 80 bits exactly, so use an empty board (50
  // zeros) with bit 60 set. Byte 7, bit 4.
  {
    bg::PositionKey key{};
    key[7] = 1u << 4;
    auto r = bg::from_position_key(key);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code == boardrules::ErrorCode::syntax);
    CHECK(r.error().message.find("bit 60") != std::string::npos);
    const std::string id = bg::position_id_from_key(key);
    const std::string e = error_of(id);
    CHECK(e.find("bit 60") != std::string::npos);
    CHECK(id[r.error().offset] != 'A');  // the offset names the character holding the bit
  }
  // 15 + 15 checkers, but the 50th terminator (the on-roll bar's) is replaced by a 1 at bit 79:
  // a 16th checker on the bar. (With at most 15 a side the 50 terminators always fit in 80 bits,
  // so the "run past the 80 bits" check cannot be reached by a standard ID.)
  {
    bg::PositionKey key{};
    const std::string bits = std::string(15, '1') + '0' + std::string(24, '0') +       // not on roll
                             std::string(15, '1') + '0' + std::string(23, '0') + "1";  // on roll
    for (int i = 0; i < 80 && i < static_cast<int>(bits.size()); ++i)
      if (bits[static_cast<std::size_t>(i)] == '1')
        key[static_cast<std::size_t>(i / 8)] =
            static_cast<std::uint8_t>(key[static_cast<std::size_t>(i / 8)] | (1u << (i % 8)));
    auto r = bg::from_position_key(key);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code == boardrules::ErrorCode::invalid_state);
    CHECK(r.error().message.find("the player on roll has more than 15 checkers (the 16th is on its bar)") !=
          std::string::npos);
  }
}

TEST_CASE("Every 14-character string decodes or fails cleanly (no crash)") {
  boardrules::Rng rng(7);
  const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  int ok = 0;
  for (int i = 0; i < 50000; ++i) {
    std::string id(14, 'A');
    for (auto& c : id) c = rng.below(4) == 0 ? alphabet[rng.below(64)] : 'A';
    if (i % 2 == 0) id[13] = alphabet[rng.below(4) * 16];
    auto r = bg::parse_position_id(id);
    if (r.has_value()) {
      ++ok;
      REQUIRE(bg::format_position_id(*r) == id);  // decoding is exact: encoding gives the same text back
    } else {
      REQUIRE_FALSE(r.error().message.empty());
    }
  }
  CHECK(ok > 0);
}
