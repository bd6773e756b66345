// Beavers and raccoons in a money session (BG-9.4) at the Match and State level: the GNUbg IDs
// while a beaver and a raccoon are pending are GNU Backgammon's own (printed by
// tests/data/backgammon/gen_beaver_ids.py inside gnubg; see its header for the command), and the
// legal actions offer the beaver only within the limit. Whole sessions with beavers recorded in
// gnubg are replayed by test_replay.cpp (replays/gnubg_b*.txt).
#include <doctest/doctest.h>

#include <algorithm>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/match.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {
Match opened_session(int beavers) {
  SessionRules r = SessionRules::money();
  r.beavers = beavers;
  Match m(r);
  REQUIRE(m.opening_roll(2, 1).has_value());
  auto play = parse_play(m.game().position(), m.game().dice(), "24/23 13/11");
  REQUIRE(play.has_value());
  REQUIRE(m.play(*play).has_value());
  return m;
}
}  // namespace

TEST_CASE("BG-9.4: GNUbg IDs while a beaver and a raccoon are pending are gnubg's") {
  Match m = opened_session(2);
  CHECK(format_gnubg_id(m) == "4HPkASjgc/ABMA:cAkAAAAAAAAE");
  REQUIRE(m.double_cube().has_value());
  CHECK(format_gnubg_id(m) == "4HPkASjgc/ABMA:cBEAAAAAAAAE");
  REQUIRE(m.beaver().has_value());
  CHECK(format_gnubg_id(m) == "4HPkASjgc/ABMA:QRkAAAAAAAAE");
  REQUIRE(m.beaver().has_value());
  CHECK(format_gnubg_id(m) == "4HPkASjgc/ABMA:QhEAAAAAAAAE");
  REQUIRE(m.take().has_value());
  CHECK(format_gnubg_id(m) == "4HPkASjgc/ABMA:QwkAAAAAAAAE");
}

TEST_CASE("BG-9.4: the legal actions offer beavers and raccoons up to the limit") {
  for (int limit : {0, 1, 2}) {
    CAPTURE(limit);
    SessionRules r = SessionRules::money();
    r.beavers = limit;
    auto made = State::make(r);
    REQUIRE(made.has_value());
    State s = *made;
    REQUIRE(s.apply_action(Action::opening(2, 1)).has_value());
    ActionList acts;
    s.legal_actions(acts);
    REQUIRE(!acts.empty());
    REQUIRE(s.apply_action(acts[0]).has_value());  // player 0's play
    REQUIRE(s.apply_action(Action::of(ActionKind::Double)).has_value());
    auto has_beaver = [&] {
      s.legal_actions(acts);
      return std::any_of(acts.begin(), acts.end(), [](const Action& a) { return a.kind == ActionKind::Beaver; });
    };
    CHECK(has_beaver() == (limit >= 1));
    if (limit == 0) continue;
    REQUIRE(s.apply_action(Action::of(ActionKind::Beaver)).has_value());
    CHECK(s.current_player() == 1);  // the doubler answers the beaver
    CHECK(has_beaver() == (limit >= 2));
    REQUIRE(s.apply_action(Action::of(ActionKind::Drop)).has_value());
    CHECK(s.match().last_result().winner == 0);
    CHECK(s.match().last_result().points == 2);
  }
}

TEST_CASE("BG-9.4/BG-8.5: the XGID's beaver flag and cube limit map to the rules") {
  // Money play, flag 3 = Jacoby + beavers, cube limit 2^6 = 64.
  auto x = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:6");
  REQUIRE(x.has_value());
  CHECK(x->beavers);
  CHECK(x->fields.jacoby);
  const SessionRules r = xgid_rules(*x);
  CHECK(r.beavers == 3);
  CHECK(r.jacoby);
  CHECK(r.cube_cap == 64);
  CHECK_FALSE(r.is_match());
  CHECK(xgid_cube_limit(r) == 6);
  CHECK(format_xgid(x->position, x->fields, xgid_cube_limit(r), r.beavers > 0) ==
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:6");
  // Beavers alone (flag 2); none in a match; no cap writes the usual 10.
  auto b = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:0:10");
  REQUIRE(b.has_value());
  CHECK(b->beavers);
  CHECK_FALSE(b->fields.jacoby);
  auto m = parse_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10");
  REQUIRE(m.has_value());
  CHECK_FALSE(m->beavers);
  CHECK(xgid_rules(*m).beavers == 0);
  CHECK(xgid_rules(*m).match_length == 5);
  CHECK(xgid_cube_limit(SessionRules::money()) == 10);
}

TEST_CASE("BG-9.4: a GNUbg ID written while a beaver is pending restores, and play goes on from it") {
  SessionRules r = SessionRules::money();
  r.beavers = 2;
  // gnubg's ID after double and beaver (see the test above): the doubler (player 1) decides.
  const auto d = parse_gnubg_id<Standard>("4HPkASjgc/ABMA:QRkAAAAAAAAE");
  REQUIRE(d.has_value());
  auto m = match_from_gnubg(d->position, d->fields, r);
  REQUIRE(m.has_value());
  CHECK(m->game().phase() == Phase::Doubled);
  CHECK(m->game().turn() == 1);
  CHECK(m->game().beavers_in_a_row() == 1);
  CHECK(m->game().cube().value() == 2);
  CHECK(m->game().cube().owner() == 0);
  CHECK(format_gnubg_id(*m) == "4HPkASjgc/ABMA:QRkAAAAAAAAE");
  // The raccoon then gives gnubg's next ID, and the take the one after it.
  REQUIRE(m->beaver().has_value());
  CHECK(format_gnubg_id(*m) == "4HPkASjgc/ABMA:QhEAAAAAAAAE");
  CHECK_FALSE(m->game().may_beaver());  // two in a row: the limit
  REQUIRE(m->take().has_value());
  CHECK(format_gnubg_id(*m) == "4HPkASjgc/ABMA:QwkAAAAAAAAE");

  // Without beavers in the rules the same ID is refused, with the reason.
  auto off = match_from_gnubg(d->position, d->fields, SessionRules::money());
  REQUIRE_FALSE(off.has_value());
  CHECK(off.error().code == boardrules::ErrorCode::invalid_state);
  CHECK(off.error().message.find("beavers are not allowed") != std::string::npos);
  // The pending double before the beaver still restores as a plain double.
  const auto before = parse_gnubg_id<Standard>("4HPkASjgc/ABMA:cBEAAAAAAAAE");
  REQUIRE(before.has_value());
  auto plain = match_from_gnubg(before->position, before->fields, r);
  REQUIRE(plain.has_value());
  CHECK(plain->game().beavers_in_a_row() == 0);
  CHECK(format_gnubg_id(*plain) == "4HPkASjgc/ABMA:cBEAAAAAAAAE");
}

TEST_CASE("BG-9.4: a GNUbg ID written while a raccoon is pending restores, and play goes on from it") {
  // gnubg's ID after double, beaver and raccoon (the first test above): the beaver's player
  // (player 0) decides, the cube at 4 kept by that player (the opponent of the doubler on roll),
  // as gnubg records it.
  const auto d = parse_gnubg_id<Standard>("4HPkASjgc/ABMA:QhEAAAAAAAAE");
  REQUIRE(d.has_value());
  for (const int limit : {2, 3}) {
    SessionRules r = SessionRules::money();
    r.beavers = limit;
    auto m = match_from_gnubg(d->position, d->fields, r);
    REQUIRE_MESSAGE(m.has_value(), m.error().to_string());
    CHECK(m->game().phase() == Phase::Doubled);
    CHECK(m->game().turn() == 0);
    CHECK(m->game().beavers_in_a_row() == 2);
    CHECK(m->game().cube().value() == 4);
    CHECK(m->game().cube().owner() == 0);
    CHECK(format_gnubg_id(*m) == "4HPkASjgc/ABMA:QhEAAAAAAAAE");
    CHECK(m->game().may_beaver() == (limit == 3));  // a third in a row only where the rules allow it
    Match dropped = *m;
    REQUIRE(m->take().has_value());
    CHECK(format_gnubg_id(*m) == "4HPkASjgc/ABMA:QwkAAAAAAAAE");  // gnubg's ID after the take
    REQUIRE(dropped.drop().has_value());
    CHECK(dropped.score()[1] == 4);  // the raccoon's player wins what the beaver's player accepted
  }
  // SessionRules that allow one beaver in a row cannot have a raccoon pending.
  SessionRules one = SessionRules::money();
  one.beavers = 1;
  auto refused = match_from_gnubg(d->position, d->fields, one);
  REQUIRE_FALSE(refused.has_value());
  CHECK(refused.error().code == boardrules::ErrorCode::invalid_state);
  // Without beavers it reads as a double by a player without access to the cube (BG-8.3).
  auto off = match_from_gnubg(d->position, d->fields, SessionRules::money());
  REQUIRE_FALSE(off.has_value());
  CHECK(off.error().message.find("BG-8.3") != std::string::npos);
}
