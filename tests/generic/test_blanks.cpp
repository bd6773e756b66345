// One rule for blanks in every text reader of both games (docs/formats.md): space, tab, LF, CR,
// VT and FF are skipped around a text and between its fields; no other byte is.

#include <doctest/doctest.h>

#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/warri/ai/state.hpp"

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;

namespace {
// The blanks, written out here rather than taken from the library: the C locale's isspace.
bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

constexpr const char* kGnubgId = "4HPwATDgc/ABMA:MAAgAAAAAAAE";  // the start of a 1-point match
constexpr const char* kXgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
constexpr const char* kWarriRows = "4,4,4,4,4,4/4,4,4,4,4,4";
}  // namespace

TEST_CASE("both games' text readers skip exactly the same blanks") {
  const wa::Position warri_start = *wa::parse_position(std::string(kWarriRows) + " 0-0 S");
  const bg::Position bg_start = bg::Position::start();
  int blanks = 0;
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    const std::string x(1, c);
    const bool want = blank(c);
    blanks += want;
    CAPTURE(b);
    // Around a text.
    CHECK(bg::parse_gnubg_id(x + kGnubgId + x).has_value() == want);
    CHECK(bg::parse_xgid(x + kXgid + x).has_value() == want);
    CHECK(bg::State::from_string(x + kGnubgId + x).has_value() == want);
    CHECK(wa::parse_position(x + kWarriRows + " 0-0 S" + x).has_value() == want);
    CHECK(wa::parse_move(warri_start, x + "a" + x).has_value() == want);
    CHECK(wa::State::from_string(x + kWarriRows + " 0-0 S" + x).has_value() == want);
    // Between the fields of a text (a comma also separates the steps of a play).
    if (c != ',') CHECK(bg::parse_play(bg_start, bg::Dice{3, 1}, "8/5" + x + "6/5").has_value() == want);
    CHECK(bg::State::from_string(kGnubgId + x + "resignations").has_value() == want);
    CHECK(wa::parse_position(kWarriRows + x + "0-0" + x + "S").has_value() == want);
    CHECK(wa::State::from_string(kWarriRows + x + "0-0" + x + "S" + x + "cycle=threefold").has_value() == want);
  }
  CHECK(blanks == 6);
}
