// GNU Backgammon Match ID and GNUbg ID. Vectors were written by gnubg 1.07 itself
// (see tests/data/backgammon/replays/record_gnubg.py and the session notes below); the expected
// fields are read off gnubg's own posinfo()/cubeinfo() for the same state.
#include <doctest/doctest.h>

#include <string>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/core/random.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {
// Slow reference: the 66 bits as a string of '0'/'1' in gnubg's order, then Base64 by hand.
std::string reference_match_id(const MatchIdFields& f) {
  std::string bits;
  auto put = [&](unsigned v, int n) {
    for (int i = 0; i < n; ++i) bits += ((v >> i) & 1u) ? '1' : '0';
  };
  unsigned lg = 0;
  while ((1 << lg) < f.cube_value) ++lg;
  put(lg, 4);
  put(f.cube_owner < 0 ? 3u : static_cast<unsigned>(f.cube_owner), 2);
  put(static_cast<unsigned>(f.on_roll), 1);
  put(f.crawford, 1);
  put(static_cast<unsigned>(f.state), 3);
  put(static_cast<unsigned>(f.turn), 1);
  put(f.doubled, 1);
  put(static_cast<unsigned>(f.resigned), 2);
  put(static_cast<unsigned>(std::max(f.die1, f.die2)), 3);
  put(static_cast<unsigned>(std::min(f.die1, f.die2)), 3);
  put(static_cast<unsigned>(f.match_length), 15);
  put(static_cast<unsigned>(f.score[0]), 15);
  put(static_cast<unsigned>(f.score[1]), 15);
  put(!f.jacoby, 1);
  while (bits.size() < 72) bits += '0';
  // bytes: bit i of the key is bit i%8 of byte i/8; Base64 reads each byte from its high bit
  std::string stream;
  for (int byte = 0; byte < 9; ++byte)
    for (int b = 7; b >= 0; --b) stream += bits[static_cast<std::size_t>(byte * 8 + b)];
  const char* alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < 72; i += 6) out += alpha[std::stoi(stream.substr(i, 6), nullptr, 2)];
  return out;
}
}  // namespace

TEST_CASE("Match ID: vectors written by GNU Backgammon 1.07") {
  struct V {
    const char* id;
    MatchIdFields f;
  };
  // Each: gnubg's Match ID and the state gnubg reported for it (posinfo/cubeinfo).
  // new 5-point match, player 1 won the opening 2-1
  const MatchIdFields a{.on_roll = 1, .turn = 1, .die1 = 2, .die2 = 1, .match_length = 5};
  // money, Jacoby on: player 1 doubled, player 0 to decide
  const MatchIdFields b{.on_roll = 1, .turn = 0, .doubled = true, .jacoby = true};
  // money, Jacoby on: cube 2 owned by 0, player 1 rolled 4-1
  const MatchIdFields c{
      .cube_value = 2, .cube_owner = 0, .on_roll = 1, .turn = 1, .die1 = 4, .die2 = 1, .jacoby = true};
  // ... then player 1 offers to resign a gammon
  MatchIdFields d = c;
  d.turn = 0;
  d.resigned = 2;
  // `set xgid` with cube 2 owned by 1, score 3-2 in a 7-point match, 5-2 rolled
  const MatchIdFields e{.cube_value = 2,
                        .cube_owner = 1,
                        .on_roll = 1,
                        .turn = 1,
                        .die1 = 5,
                        .die2 = 2,
                        .match_length = 7,
                        .score = {3, 2}};
  const V vs[] = {
      {"cAmlAAAAAAAE", a}, {"cBEAAAAAAAAA", b}, {"QQkGAAAAAAAA", c}, {"QUEGAAAAAAAA", d}, {"UYnqADAAEAAE", e}};
  for (const auto& v : vs) {
    CAPTURE(v.id);
    CHECK(format_match_id(v.f) == v.id);
    CHECK(reference_match_id(v.f) == v.id);
    auto r = parse_match_id(v.id);
    REQUIRE(r.has_value());
    CHECK(*r == v.f);
  }
}

TEST_CASE("Match ID: random fields round-trip and agree with the bit-string reference") {
  Rng rng(42);
  for (int i = 0; i < 20000; ++i) {
    MatchIdFields f;
    f.cube_value = 1 << rng.below(16);
    f.cube_owner = static_cast<int>(rng.below(3)) - 1;
    f.on_roll = static_cast<int>(rng.below(2));
    f.state = static_cast<MatchIdGameState>(rng.below(5));
    f.turn = static_cast<int>(rng.below(2));
    f.doubled = rng.below(2) != 0;
    f.resigned = static_cast<int>(rng.below(4));
    if (rng.below(2)) {
      f.die1 = static_cast<int>(rng.below(6)) + 1;
      f.die2 = static_cast<int>(rng.below(static_cast<std::uint32_t>(f.die1))) + 1;  // high die first, as gnubg writes
    }
    f.match_length = rng.below(3) ? static_cast<int>(rng.below(32768)) : 0;
    const int top = f.match_length ? f.match_length : 32767;
    f.score = {static_cast<int>(rng.below(static_cast<unsigned>(top) + 1)),
               static_cast<int>(rng.below(static_cast<unsigned>(top) + 1))};
    if (f.match_length > 0 && f.score[0] >= f.match_length && f.score[1] >= f.match_length)
      f.score[1] = 0;  // one winner
    f.crawford = f.match_length > 0 && rng.below(2);
    f.jacoby = rng.below(2) != 0;
    REQUIRE(validate(f).has_value());
    const auto id = format_match_id(f);
    REQUIRE(id == reference_match_id(f));
    auto back = parse_match_id(id);
    REQUIRE(back.has_value());
    REQUIRE(*back == f);
  }
}

TEST_CASE("Match ID: the dice are written high die first") {
  MatchIdFields f;
  f.die1 = 2;
  f.die2 = 5;
  auto back = parse_match_id(format_match_id(f));
  REQUIRE(back.has_value());
  CHECK(back->die1 == 5);
  CHECK(back->die2 == 2);
}

TEST_CASE("Match ID: bad input gets an error that says what and where") {
  auto r1 = parse_match_id("cAmlAAAAAAA");
  REQUIRE_FALSE(r1.has_value());
  CHECK(r1.error().code == boardrules::ErrorCode::syntax);
  auto r2 = parse_match_id("cAml*AAAAAAE");
  REQUIRE_FALSE(r2.has_value());
  CHECK(r2.error().offset == 4);
  CHECK(r2.error().code == boardrules::ErrorCode::syntax);
  auto r3 = parse_match_id("cAmlAAAAAAAM");  // key bit 67 set
  REQUIRE_FALSE(r3.has_value());
  CHECK(r3.error().code == boardrules::ErrorCode::syntax);
  auto r4 = parse_match_id("cAm9AAAAAAAE");  // second die = 7
  REQUIRE_FALSE(r4.has_value());
  CHECK(r4.error().where == "dice");
  auto r5 = parse_match_id("YAmlAAAAAAAE");  // cube owner code 2
  REQUIRE_FALSE(r5.has_value());
  CHECK(r5.error().where == "cube owner");
  MatchIdFields f;
  f.die1 = 3;  // one die only
  f.die2 = 0;
  CHECK(validate(f).error().where == "dice");
  f.die2 = 1;
  f.match_length = 3;
  f.score = {4, 0};
  CHECK(validate(f).error().where == "score 0");
  f.score = {0, 0};
  f.match_length = 0;
  f.crawford = true;
  CHECK(validate(f).error().where == "crawford");
  f.crawford = false;
  f.cube_value = 3;
  CHECK(validate(f).error().where == "cube value");
}

TEST_CASE("GNUbg ID: PositionID:MatchID round trip and errors") {
  const MatchIdFields f{.on_roll = 1, .turn = 1, .die1 = 2, .die2 = 1, .match_length = 5};
  CHECK(format_gnubg_id(Position::start(), f) == "4HPwATDgc/ABMA:cAmlAAAAAAAE");
  auto r = parse_gnubg_id<>(" 4HPwATDgc/ABMA:cAmlAAAAAAAE\n");
  REQUIRE(r.has_value());
  CHECK(r->position == Position::start());
  CHECK(r->fields == f);
  auto e1 = parse_gnubg_id<>("4HPwATDgc/ABMA");
  REQUIRE_FALSE(e1.has_value());
  CHECK(e1.error().where == "gnubg id");
  auto e2 = parse_gnubg_id<>("4HPwATDgc/ABMA:cAml!AAAAAAE");
  REQUIRE_FALSE(e2.has_value());
  CHECK(e2.error().offset == 19);
  auto e3 = parse_gnubg_id<>("4HPwATDgc/ABM:cAmlAAAAAAAE");
  REQUIRE_FALSE(e3.has_value());
  CHECK(e3.error().where.rfind("gnubg id: ", 0) == 0);
}
