// libFuzzer target: the value types a user builds by hand (Dice, Play, Action, PackedPlay) with
// any bytes in them, fed to every entry point that takes one, on states reached by listed
// actions (three variants, money and matches). Checked:
//   Dice:   Dice::from accepts exactly two dice 1..6; other dice have no plays (generate_plays,
//           generate_packed_plays, has_any_play, perft_roll, MoveBuilder) and are refused by
//           Game::roll, Match::roll, Game::opening_roll and State::apply_action, which then
//           change nothing (byte for byte).
//   Play:   a Play of any size, points and hit bits given to Game::play, Match::play and
//           State::apply_action: refused (ErrorCode::illegal_action, nothing changed) unless it has
//           a play's shape; accepted only when it reaches a legal play's position, and then the
//           same as its canonical form (canonical_play, an element of generate_plays);
//           action_id, format_play, segments_of, resolve_play, pack_play take it without harm.
//   Action: any kind, dice, resignation and play: a listed action is accepted, any refused one
//           leaves the state unchanged; action_id and action_to_string take it without harm.
//   Packed: any 32 bits unpack to at most four steps; every legal play packs and unpacks the
//           same with either order of the dice.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/game/move_builder.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "fuzz_common.hpp"
#include "invariants.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {

template <class T>
bool same_bytes(const T& a, const T& b) {
  static_assert(std::is_trivially_copyable_v<T>);
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// A byte, usually small (the edges of the ranges), now and then anything.
std::uint8_t edgy(fuzz::Bytes& in, int small) {
  const std::uint8_t b = in.byte();
  return (b & 0xC0) == 0xC0 ? in.byte() : static_cast<std::uint8_t>(b % small);
}

// Dice with any two bytes, as copied from raw memory (the fields are private: no API makes them).
Dice any_dice(fuzz::Bytes& in) {
  const std::uint8_t a = edgy(in, 8);
  const std::uint8_t b = edgy(in, 8);
  return std::bit_cast<Dice>(std::array<std::uint8_t, 2>{a, b});
}

Play any_play(fuzz::Bytes& in) {
  Play p;
  p.size = edgy(in, 7);
  for (std::size_t i = 0; i < 4; ++i) {
    p.from[i] = edgy(in, 28);
    p.to[i] = edgy(in, 28);
  }
  p.hits = edgy(in, 32);
  return p;
}

// The throws a user can hand over: 1..6 each, nothing else.
bool is_throw(Dice d) { return d.d1() >= 1 && d.d1() <= 6 && d.d2() >= 1 && d.d2() <= 6; }

// The shape of a play, written here from the definition (not taken from the library).
bool has_play_shape(const Play& p) {
  if (p.size > 4) return false;
  for (std::size_t i = 0; i < p.size; ++i)
    if (p.from[i] < 1 || p.from[i] > 25 || p.to[i] > 24 || p.to[i] >= p.from[i]) return false;
  return (p.hits >> p.size) == 0;
}

template <class V>
void dice_value(const BasicState<V>& s, Dice d) {
  const bool ok = is_throw(d);
  fuzz::check(d.valid() == ok, "Dice::valid means two dice 1..6");
  const Result<Dice> from = Dice::from(d.d1(), d.d2());
  fuzz::check(from.has_value() == ok, "Dice::from accepts exactly the throws");
  if (!from.has_value()) fuzz::check(from.error().code == ErrorCode::out_of_range, "a bad die is out_of_range");
  else fuzz::check(*from == d, "Dice::from keeps the dice in order");
  const auto& g = s.game();
  const BasicPosition<V> pos = g.position();
  static PlayList plays;
  generate_plays(pos, d, plays);
  if (!ok) fuzz::check(plays.empty(), "no plays for dice that are not a throw");
  fuzz::check(has_any_play(pos, d) == !plays.empty(), "has_any_play agrees with generate_plays");
  static PackedPlayList packed;
  generate_packed_plays(pos, d, packed);
  fuzz::check(packed.size() == plays.size(), "generate_packed_plays agrees with generate_plays");
  if (!game_over(pos))
    fuzz::check(perft_roll(pos, d, 1, Leaves::Count) == (ok ? (plays.empty() ? 1u : plays.size()) : 0u),
                "perft_roll of a throw, 0 for no throw");
  if (!ok) {
    static auto builder = std::make_unique<BasicMoveBuilder<V>>(pos, Dice{});
    *builder = BasicMoveBuilder<V>(pos, d);
    fuzz::check(builder->no_play(), "no dice: the builder has no play");
  }
  // The game, the match and the state take the throw only when it is one.
  BasicMatch<V> m = s.match();
  const BasicMatch<V> m0 = m;
  const Status rolled = m.roll(d);
  if (!ok) fuzz::check(!rolled.has_value(), "Match::roll refuses no throw");
  if (!rolled.has_value()) fuzz::check(same_bytes(m, m0), "a refused roll changes nothing");
  BasicGame<V> game = g;
  const Status opened = game.opening_roll(d.d1(), d.d2());
  if (!ok) fuzz::check(!opened.has_value(), "Game::opening_roll refuses no throw");
  if (!opened.has_value()) fuzz::check(same_bytes(game, g), "a refused opening throw changes nothing");
  for (const Action a : {Action::roll(d), Action::opening(d.d1(), d.d2())}) {
    BasicState<V> t = s;
    const Status st = t.apply_action(a);
    if (!ok) fuzz::check(!st.has_value(), "State refuses no throw");
    if (!st.has_value()) fuzz::check(same_bytes(t, s), "a refused throw leaves the state unchanged");
    if (!ok) fuzz::check(s.action_id(a) == -1, "no throw has no number");
  }
}

template <class V>
void play_value(const BasicState<V>& s, const Play& p) {
  const bool shaped = has_play_shape(p);
  fuzz::check(play_shape_ok(p) == shaped, "play_shape_ok agrees with the definition");
  fuzz::check(check_play_shape(p).has_value() == shaped, "check_play_shape agrees with play_shape_ok");
  fuzz::check(segments_of(p).size() <= 4, "at most four segments");
  const auto& g = s.game();
  const BasicPosition<V> pos = g.position();
  const Dice dice = g.dice_rolled() ? g.dice() : Dice(3, 1);
  (void)format_play(pos, p);
  (void)resolve_play(pos, dice, segments_of(p));
  const int id = s.action_id(Action::move(p));
  if (!shaped) fuzz::check(id == -1, "no number for a Play that is no play's shape");
  const Play unpacked = unpack_play(pack_play(p, dice), dice);
  fuzz::check(unpacked.size <= 4, "unpack gives at most four steps");
  Play canon;
  const bool has_canon = canonical_play(pos, dice, p, canon);
  if (has_canon) {
    fuzz::check(shaped, "only a shaped play has a canonical form");
    static PlayList plays;
    generate_plays(pos, dice, plays);
    bool listed = plays.empty() && canon.size == 0;
    for (const Play& q : plays) listed = listed || q == canon;
    fuzz::check(listed, "the canonical form is an element of generate_plays");
    fuzz::check(apply(pos, canon) == apply(pos, p), "the canonical form reaches the same position");
  }
  BasicMatch<V> m = s.match();
  const BasicMatch<V> m0 = m;
  const Status st = m.play(p);
  if (!shaped) {
    fuzz::check(!st.has_value(), "Match::play refuses a Play that is no play's shape");
    if (g.phase() == Phase::Rolled)  // (else refused first for the phase: no dice thrown)
      fuzz::check(st.error().code == ErrorCode::illegal_action, "the shape's error is illegal_action");
  }
  if (!st.has_value()) {
    fuzz::check(same_bytes(m, m0), "a refused play changes nothing");
  } else {
    fuzz::check(g.phase() == Phase::Rolled, "a play is accepted only after the throw");
    Play c;
    fuzz::check(canonical_play(pos, g.dice(), p, c), "an accepted play reaches a legal play's position");
    BasicMatch<V> by_canon = m0;
    fuzz::check(by_canon.play(c).has_value(), "the canonical form is accepted");
    fuzz::check(by_canon == m, "the canonical form plays the same");
  }
  BasicState<V> t = s;
  const Status sa = t.apply_action(Action::move(p));
  fuzz::check(sa.has_value() == st.has_value(), "State and Match agree on a play");
  if (!sa.has_value()) fuzz::check(same_bytes(t, s), "a refused play leaves the state unchanged");
}

template <class V>
void action_value(const BasicState<V>& s, fuzz::Bytes& in) {
  Action a;
  a.kind = static_cast<ActionKind>(edgy(in, 12));
  a.dice = any_dice(in);
  a.resign = static_cast<Resign>(edgy(in, 5));
  a.play = any_play(in);
  (void)s.action_id(a);
  (void)BasicState<V>::action_to_string(a);
  static ActionList listed;
  if (s.is_chance_node()) s.chance_actions(listed);
  else s.legal_actions(listed);
  bool is_listed = false;
  for (const Action& l : listed) is_listed = is_listed || l == a;
  BasicState<V> t = s;
  const Status st = t.apply_action(a);
  if (is_listed) fuzz::check(st.has_value(), "a listed action is accepted");
  if (!st.has_value()) fuzz::check(same_bytes(t, s), "a refused action leaves the state unchanged");
}

template <class V>
void packed_value(const BasicState<V>& s, fuzz::Bytes& in) {
  std::uint32_t bits = 0;
  for (int k = 0; k < 4; ++k) bits = bits << 8 | in.byte();
  const auto& g = s.game();
  const Dice dice = g.dice_rolled() ? g.dice() : Dice::unchecked(1 + in.below(6), 1 + in.below(6));
  const Dice swapped = Dice::unchecked(dice.d2(), dice.d1());
  fuzz::check(unpack_play(PackedPlay{bits}, dice).size <= 4, "unpack gives at most four steps");
  static PlayList plays;
  generate_plays(g.position(), dice, plays);
  for (const Play& p : plays) {
    fuzz::check(pack_play(p, dice) == pack_play(p, swapped), "the packed play does not depend on the dice order");
    fuzz::check(unpack_play(pack_play(p, dice), swapped) == p, "packed with one order, unpacked with the other");
  }
}

template <class V>
void run(fuzz::Bytes& in) {
  SessionRules r = in.below(2) == 0 ? SessionRules::money({.jacoby = in.below(2) == 1, .auto_doubles = in.below(3)})
                                    : SessionRules::match(1 + in.below(7));
  StateOptions o;
  o.resignations = in.below(2) == 1;
  BasicState<V> s(r, o);
  std::array<int, 2> score{0, 0};
  static ActionList legal;
  for (int ops = 0; ops < 256 && !in.empty() && !s.is_terminal(); ++ops) {
    switch (in.below(6)) {
      case 0:
      case 1: {  // a listed action: the game moves on
        if (s.is_chance_node()) s.chance_actions(legal);
        else s.legal_actions(legal);
        fuzz::check(!legal.empty(), "a state that is not terminal has something to do");
        const Action a = legal[static_cast<std::size_t>(in.byte()) % legal.size()];
        fuzz::check(s.apply_action(a).has_value(), "every listed action is accepted");
        if (const char* why = invariants::state(s, score)) fuzz::check(false, why);
        break;
      }
      case 2: dice_value(s, any_dice(in)); break;
      case 3: play_value(s, any_play(in)); break;
      case 4: action_value(s, in); break;
      default: packed_value(s, in); break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  switch (in.below(3)) {
    case 0: run<Standard>(in); break;
    case 1: run<Nackgammon>(in); break;
    default: run<Hypergammon>(in); break;
  }
  return 0;
}
