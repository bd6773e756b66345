// WA-7 notation: positions and moves, round trips, and every error with what and where.

#include <doctest/doctest.h>

#include <array>
#include <string>
#include <string_view>

#include "boardrules/core/random.hpp"
#include "boardrules/warri/formats/notation.hpp"

#include "make_position.hpp"

using namespace boardrules;
using namespace boardrules::warri;
using namespace warri_test;  // make, make_checked, S, N

namespace {

/// Parses text that must fail; checks the kind of error, the field and the offset.
void fails(std::string_view text, ErrorCode code, std::string_view where, std::size_t offset) {
  CAPTURE(text);
  const auto r = parse_position(text);
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().code == code);
  CHECK(r.error().where == where);
  CHECK(r.error().offset == offset);
}

}  // namespace

TEST_CASE("WA-7.1 the start position's text") {
  CHECK(format_position(Position::start()) == "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
  CHECK(kStartPositionText == "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S");
  const auto r = parse_position(kStartPositionText);
  REQUIRE(r.has_value());
  CHECK(*r == Position::start());
  CHECK(*parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0-0 N") == Position::start(N));
}

TEST_CASE("WA-7.1 formatting: houses 0-5, '/', houses 6-11, stores, side") {
  const Position p = make({0, 12, 3, 0, 0, 1, 2, 0, 0, 0, 7, 0}, 13, 10, N);
  CHECK(format_position(p) == "0,12,3,0,0,1/2,0,0,0,7,0 13-10 N");
  CHECK(*parse_position("0,12,3,0,0,1/2,0,0,0,7,0 13-10 N") == p);
  const Position q = make({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 48}, 0, 0, S);
  CHECK(format_position(q) == "0,0,0,0,0,0/0,0,0,0,0,48 0-0 S");
  CHECK(*parse_position(format_position(q)) == q);
}

TEST_CASE("WA-7.1 round trips over many positions") {
  // Positions spread deterministically: k seeds of 48 moved house by house.
  for (int k = 0; k < 500; ++k) {
    std::array<int, 12> h{};
    int left = 48 - (k % 25);
    const int south = (k % 25) / 2;
    const int north = (k % 25) - south;
    for (int i = 0; i < 12 && left > 0; ++i) {
      const int n = i == 11 ? left : (k * (i + 3) + i) % (left + 1);
      h[static_cast<std::size_t>(i)] = n;
      left -= n;
    }
    const Position p = make(h, south, north, k % 2 == 0 ? S : N);
    REQUIRE(p.board_seeds() + south + north == 48);
    const std::string text = format_position(p);
    CAPTURE(text);
    const auto r = parse_position(text);
    REQUIRE(r.has_value());
    CHECK(*r == p);
    CHECK(format_position(*r) == text);
  }
}

TEST_CASE("WA-7.1 white space around and between the fields is accepted") {
  CHECK(*parse_position("  4,4,4,4,4,4/4,4,4,4,4,4   0-0 \t S \r\n") == Position::start());
  CHECK(*parse_position("04,4,4,4,4,4/4,4,4,4,4,4 00-0 S") == Position::start());
}

TEST_CASE("WA-7.1 errors: empty text") {
  fails("", ErrorCode::syntax, "position", 0);
  fails("   ", ErrorCode::syntax, "position", 3);
}

TEST_CASE("WA-7.1 errors: wrong number of houses") {
  fails("4,4,4,4,4/4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f)", 9);
  fails("4,4,4,4,4,4,4/4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f)", 11);
  fails("4,4,4,4,4,4/4,4,4,4,4 0-0 S", ErrorCode::syntax, "North's houses (A-F)", 21);
  fails("4,4,4,4,4,4/4,4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "North's houses (A-F)", 23);
  fails("4,4,4,4,4,4", ErrorCode::syntax, "South's houses (a-f)", 11);
  fails("4,4,4,4,4,4 4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f)", 11);
  fails("4,4,4,4,4,/4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f), house 6", 10);
  fails("4,4,,4,4,4/4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f), house 3", 4);
}

TEST_CASE("WA-7.1 errors: non-digits") {
  fails("4,x,4,4,4,4/4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f), house 2", 2);
  fails("4,4,4,4,4,4/4,4,4,4,4,4a 0-0 S", ErrorCode::syntax, "North's houses (A-F)", 23);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-x S", ErrorCode::syntax, "North's store", 26);
  fails("4.0,4,4,4,4,4/4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f)", 1);
  fails(std::string_view("\x01", 1), ErrorCode::syntax, "South's houses (a-f), house 1", 0);
  fails("+4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", ErrorCode::syntax, "South's houses (a-f), house 1", 0);
}

TEST_CASE("WA-7.1 errors: negative and overflowing numbers") {
  fails("-4,4,4,4,4,4/4,4,4,4,4,4 0-0 S", ErrorCode::out_of_range, "South's houses (a-f), house 1", 0);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 -1-0 S", ErrorCode::out_of_range, "South's store", 24);
  fails("4,4,4,4,4,4/4,4,4,4,4,99999999999999999999999 0-0 S", ErrorCode::out_of_range, "North's houses (A-F), house 6",
        22);
  fails("49,0,0,0,0,0/0,0,0,0,0,0 0-0 S", ErrorCode::out_of_range, "South's houses (a-f), house 1", 0);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-256 S", ErrorCode::out_of_range, "North's store", 26);
}

TEST_CASE("WA-7.1 errors: a seed total other than 48") {
  fails("4,4,4,4,4,4/4,4,4,4,4,5 0-0 S", ErrorCode::invalid_state, "seed total", Error::npos);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 1-0 S", ErrorCode::invalid_state, "seed total", Error::npos);
  fails("0,0,0,0,0,0/0,0,0,0,0,0 0-0 S", ErrorCode::invalid_state, "seed total", Error::npos);
}

TEST_CASE("WA-7.1 errors: stores and side to move missing or bad") {
  fails("4,4,4,4,4,4/4,4,4,4,4,4", ErrorCode::syntax, "stores", 23);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0", ErrorCode::syntax, "stores", 25);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S", ErrorCode::syntax, "stores", 25);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-0", ErrorCode::syntax, "side to move", 27);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-0  ", ErrorCode::syntax, "side to move", 29);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-0 X", ErrorCode::syntax, "side to move", 28);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-0 s", ErrorCode::syntax, "side to move", 28);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-0S", ErrorCode::syntax, "side to move", 27);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-0 SN", ErrorCode::syntax, "position", 29);
  fails("4,4,4,4,4,4/4,4,4,4,4,4 0-0 S x", ErrorCode::syntax, "position", 30);
}

TEST_CASE("WA-7.1 Error::to_string names the field, the problem and the offset") {
  const auto r = parse_position("4,x,4,4,4,4/4,4,4,4,4,4 0-0 S");
  REQUIRE_FALSE(r.has_value());
  CHECK(r.error().to_string() == "South's houses (a-f), house 2: expected a digit, found 'x' (at offset 2)");
}

TEST_CASE("WA-7.2 move letters: a-f for houses 0-5, A-F for houses 6-11") {
  constexpr std::string_view kLetters = "abcdefABCDEF";
  for (int h = 0; h < 12; ++h) {
    const Move m{static_cast<std::uint8_t>(h)};
    CHECK(move_letter(m) == kLetters[static_cast<std::size_t>(h)]);
    CHECK(format_move(m) == std::string(1, kLetters[static_cast<std::size_t>(h)]));
    // Round trip in the start position of the side that owns the house.
    const Position p = Position::start(h < 6 ? S : N);
    const auto r = parse_move(p, format_move(m));
    REQUIRE(r.has_value());
    CHECK(*r == m);
  }
  static_assert(move_letter(Move{0}) == 'a' && move_letter(Move{11}) == 'F');
  CHECK(*parse_move(Position::start(), " c \n") == Move{2});
}

TEST_CASE("WA-7.2 move errors: wrong side, empty house, not a letter") {
  const Position p = Position::start();
  auto fails_move = [](const Position& q, std::string_view text, ErrorCode code, std::size_t offset) {
    CAPTURE(text);
    const auto r = parse_move(q, text);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code == code);
    CHECK(r.error().where == "move");
    CHECK(r.error().offset == offset);
  };
  fails_move(p, "A", ErrorCode::illegal_action, 0);
  CHECK(parse_move(p, "A").error().message == "'A' is a house of North, but South (a-f) is to move");
  fails_move(Position::start(N), "f", ErrorCode::illegal_action, 0);
  const Position q = make({0, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4}, 0, 0, S);
  fails_move(q, "a", ErrorCode::illegal_action, 0);
  fails_move(p, "g", ErrorCode::syntax, 0);
  fails_move(p, "1", ErrorCode::syntax, 0);
  fails_move(p, "", ErrorCode::syntax, 0);
  fails_move(p, "  ", ErrorCode::syntax, 2);
  fails_move(p, " ab", ErrorCode::syntax, 1);
}

TEST_CASE("WA-7 the parsers survive mangled text: an error inside the text, or a valid round trip") {
  boardrules::Rng rng(7);
  constexpr std::string_view kAlphabet = "0123456789,/- SNsnab\t-+x\xff";
  int accepted = 0;
  for (int n = 0; n < 30000; ++n) {
    std::string text(kStartPositionText);
    const int edits = 1 + static_cast<int>(rng.below(4));
    for (int e = 0; e < edits; ++e) {
      const auto at = static_cast<std::size_t>(rng.below(static_cast<std::uint32_t>(text.size() + 1)));
      const char c = kAlphabet[rng.below(static_cast<std::uint32_t>(kAlphabet.size()))];
      switch (rng.below(3)) {
        case 0: text.insert(at, 1, c); break;
        case 1:
          if (at < text.size()) text.erase(at, 1);
          break;
        default:
          if (at < text.size()) text[at] = c;
          break;
      }
    }
    CAPTURE(text);
    const auto r = parse_position(text);
    if (r.has_value()) {
      ++accepted;
      const Position& p = *r;
      REQUIRE(p.board_seeds() + p.store(S) + p.store(N) == 48);
      REQUIRE(*parse_position(format_position(p)) == p);
    } else {
      REQUIRE_FALSE(r.error().message.empty());
      REQUIRE_FALSE(r.error().where.empty());
      if (r.error().offset != Error::npos) REQUIRE(r.error().offset <= text.size());
    }
    const auto m = parse_move(Position::start(), text.substr(0, rng.below(3)));
    if (m.has_value()) REQUIRE(m->house < 6);
  }
  CHECK(accepted > 100);  // some edits keep a valid position (e.g. "4,4,..." -> "04,4,...")
}
