// States restored from outside (GNUbg IDs, XGIDs) are checked like states reached by play, and a
// few actions that play would never make are refused. Every ID below is one a fuzzer built: each
// was accepted into a state no game can reach, or dropped part of what it said.
#include <doctest/doctest.h>

#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/chouette.hpp"
#include "boardrules/backgammon/game/match.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

// Where a restore was refused (Error::where); "(accepted)" when it was not.
template <class T>
std::string refused_at(const Result<T>& r) {
  return r.has_value() ? std::string("(accepted)") : std::string(r.error().where);
}

Result<Match> restore(const std::string& id, SessionRules rules = SessionRules{}) {
  auto d = parse_gnubg_id<>(id);
  if (!d.has_value()) return d.error();
  return match_from_gnubg(d->position, d->fields, rules);
}

// An XGID restored as a match whose cube cap is the XGID's (its last field).
Result<Match> restore_xgid(const std::string& text, bool use_cap) {
  auto x = parse_xgid<>(text);
  if (!x.has_value()) return x.error();
  SessionRules r;
  if (use_cap) r.cube_cap = 1 << x->max_cube_log2;
  return match_from_gnubg(x->position, x->fields, r);
}

}  // namespace

TEST_CASE("BG-8.5: a restored double that would take the cube above its limit is refused") {
  // cube 32768 offered: the take would make it 65536 (the Match ID holds at most 2^15)
  CHECK(refused_at(restore("4HPwATDgc/ABMA:DxkAAAAAAAAE")) == "cube");
  CHECK_FALSE(restore_xgid("XGID=-b----E-C---eE---c-e----B-:15:1:1:D:0:0:0:0:10", false).has_value());
  CHECK_FALSE(restore_xgid("XGID=-b----E-C---eE---c-e----B-:15:1:1:D:0:0:0:0:10", true).has_value());
  // cube 2 offered with a cap of 2: the take would give 4
  SessionRules cap2;
  cap2.cube_cap = 2;
  CHECK_FALSE(restore("4HPwATDgc/ABMA:ARkAAAAAAAAE", cap2).has_value());
  // the same offer without a cap is a double play can make: taken, the cube is 4
  auto ok = restore("4HPwATDgc/ABMA:ARkAAAAAAAAE");
  REQUIRE(ok.has_value());
  REQUIRE(ok->take().has_value());
  CHECK(ok->game().cube().value() == 4);
}

TEST_CASE("BG-10.2: a restored double in the Crawford game is refused") {
  CHECK(refused_at(restore("4HPwATDgc/ABMA:sBmgAEAAAAAE")) == "double");
  CHECK_FALSE(restore_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:4:0:1:5:10", true).has_value());
  // the same game after the Crawford game (flag 0 at 4-0 in a 5-point match): the double stands
  CHECK(restore_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:D:4:0:0:5:10", true).has_value());
}

TEST_CASE("BG-8.3: a restored double offered by a player without access to the cube is refused") {
  // cube 2 owned by player 1, player 1 asked to answer a double of player 0
  CHECK(refused_at(restore("4HPwATDgc/ABMA:ERkAAAAAAAAE")) == "double");
}

TEST_CASE("BG-3.8: a restored throw with no legal play passes the turn, as roll() does") {
  for (const std::string id : {"ZUCAYQxYGNwDAQ:cAkSAAAAAAAE", "hsUVwFEcHAKAAA:cgkrA1ABGAAE"}) {
    CAPTURE(id);
    const auto d = parse_gnubg_id<>(id);
    REQUIRE(d.has_value());
    REQUIRE(d->fields.die1 != 0);
    PlayList plays;
    generate_plays(d->position, Dice::unchecked(d->fields.die1, d->fields.die2), plays);
    REQUIRE(plays.empty());  // the thrown dice cannot be played
    const auto m = match_from_gnubg(d->position, d->fields, SessionRules{});
    REQUIRE(m.has_value());
    CHECK(m->game().phase() == Phase::TurnStart);
    CHECK(m->game().on_roll() == 1 - d->fields.on_roll);
    CHECK(m->game().turn() == 1 - d->fields.on_roll);
    CHECK(m->game().position() == d->position.flipped());
    // the search interface has something to do
    const State s(*m, StateOptions{});
    CHECK_FALSE(s.is_terminal());
    ActionList actions;
    if (s.is_chance_node()) s.chance_actions(actions);
    else s.legal_actions(actions);
    CHECK_FALSE(actions.empty());
  }
  // GNU Backgammon 1.07 (set gnubgid, then `move`: "cannot move") shows this ID after the pass
  CHECK(format_gnubg_id(*restore("ZUCAYQxYGNwDAQ:cAkSAAAAAAAE")) == "AxYG90BlQIBhAA:MAEAAAAAAAAE");
}

TEST_CASE("a restored resignation with a double offered at once is refused") {
  const auto d = parse_gnubg_id<>("4HPwATDgc/ABMA:MFkAAAAAAAAE");
  REQUIRE(d.has_value());
  REQUIRE(d->fields.doubled);
  REQUIRE(d->fields.resigned != 0);
  CHECK(refused_at(match_from_gnubg(d->position, d->fields, SessionRules{})) == "resigned");
}

TEST_CASE("BG-9.3: the Jacoby bit of a match ID is kept as the ID says (it does not count in a match)") {
  // GNU Backgammon 1.07 `set gnubgid` then shows this very ID
  const std::string id = "9wJywAGBDUzHQQ:8AnuAGAAEAAA";
  const auto d = parse_gnubg_id<>(id);
  REQUIRE(d.has_value());
  REQUIRE(d->fields.match_length > 0);
  REQUIRE(d->fields.jacoby);
  const auto m = restore(id);
  REQUIRE(m.has_value());
  CHECK(format_gnubg_id(*m) == id);
  CHECK_FALSE(m->rules().effective_jacoby());
}

TEST_CASE("a finished match writes an ID that reads back (the final score may exceed the length)") {
  // 1-point match: player 0 wins the opening throw, resigns a gammon, player 1 accepts: 0-2
  Match m(SessionRules::match(1));
  REQUIRE(m.opening_roll(3, 1).has_value());
  REQUIRE(m.resign(Resign::Gammon).has_value());
  REQUIRE(m.accept().has_value());
  REQUIRE(m.over());
  CHECK(m.score() == std::array<int, 2>{0, 2});
  const MatchIdFields f = match_id_fields(m);
  CHECK(validate(f).has_value());  // format_match_id()'s precondition
  const std::string id = format_gnubg_id(m);
  CHECK(id == "4HPwATDgc/ABMA:MAsgAAAAEAAE");
  const auto d = parse_gnubg_id<>(id);
  REQUIRE(d.has_value());
  CHECK(d->fields == f);
  CHECK(d->position == id_position(m));
  // a finished game cannot be resumed
  CHECK(refused_at(match_from_gnubg(d->position, d->fields, SessionRules{})) == "game state");
  // while a game is being played, or before it, no score exceeds the length
  MatchIdFields playing = f;
  playing.state = MatchIdGameState::Playing;
  CHECK_FALSE(validate(playing).has_value());
  // and only one player can have won
  MatchIdFields both = f;
  both.score = {1, 2};
  CHECK_FALSE(validate(both).has_value());
}

TEST_CASE("BG-2.1: State refuses a tied opening throw that is not among its chance outcomes") {
  State s(SessionRules::match(3));
  REQUIRE(s.is_chance_node());
  ActionList legal;
  s.chance_actions(legal);
  REQUIRE(legal.size() == 30);
  for (const Action& a : legal) REQUIRE(a.dice.d1() != a.dice.d2());  // no automatic doubles in a match
  const State before = s;
  CHECK_FALSE(s.apply_action(Action::opening(4, 4)).has_value());
  CHECK(s.match() == before.match());
  // with automatic doubles the tie is an outcome, and is accepted
  State money(SessionRules::money({.auto_doubles = 1}));
  CHECK(money.apply_action(Action::opening(4, 4)).has_value());
  CHECK(money.game().cube().value() == 2);
  // once the automatic double is used up, a tie is refused again
  CHECK_FALSE(money.apply_action(Action::opening(4, 4)).has_value());
}

TEST_CASE("BG-11.6: Chouette::finish_game refuses a party outside the enum") {
  auto c = Chouette::make(3);
  REQUIRE(c.has_value());
  const std::array<int, 3> dice{5, 3, 1};
  REQUIRE(c->initial_throw(dice).has_value());
  const Chouette before = *c;
  const auto st = c->finish_game(static_cast<Party>(2), WinKind::Single);
  CHECK_FALSE(st.has_value());
  CHECK(*c == before);
}

TEST_CASE("a Match ID with the low die first reads as high die first, so that it round-trips") {
  // dice 1 and 4 in the order 1, 4 (GNU Backgammon writes 4, 1)
  const auto f = parse_match_id("SqIQAlAAAAAE");
  REQUIRE(f.has_value());
  CHECK(f->die1 == 4);
  CHECK(f->die2 == 1);
  const auto back = parse_match_id(format_match_id(*f));
  REQUIRE(back.has_value());
  CHECK(*back == *f);
}
