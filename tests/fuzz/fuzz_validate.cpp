// libFuzzer target: validate(), is_valid() and is_playable() on positions of any bytes, both
// games. The first
// byte picks the game and variant (backgammon Standard, Nackgammon, Hypergammon; Warri
// Speightstown, Bridgetown, Abapa) and how the bytes become a position: raw (every byte as
// given), or a valid position (dealt as fuzz_bg_position.hpp deals checkers, or Warri's 48
// seeds) with a few bytes then overwritten, so that both verdicts are reached. Checked:
//   - validate and is_valid agree with the invariants restated here from the documentation
//     (backgammon: each side's kCheckers on bytes 0..25 and 32..57, no point 1..24 held by both,
//     bytes 26..31 and 58..63 zero; Warri: 48 seeds in bytes 0..13, byte 14 0 or 1, byte 15 0),
//     and is_playable with the same but at most kCheckers a side;
//     a refusal is ErrorCode::invalid_state with a message whose printed form has no control byte;
//   - what the library builds on the verdict: a valid position's ID reads back to it and an
//     invalid one's does not (backgammon Position ID, Warri WA-7.1 text); Game::resume accepts a
//     valid position of a game going on and refuses an invalid one;
//   - a playable position is safe for the generators (asserted there: -UNDEBUG): every play of
//     every roll fits the list and leads to a playable position (a valid one from a valid one;
//     apply and apply_flipped), has_any_play agrees, perft(1) counts the plays; every Warri move
//     keeps a valid position.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/game/game.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "fuzz_bg_position.hpp"
#include "fuzz_common.hpp"

using namespace boardrules;

namespace {

// A refusal: invalid_state, a message, and a printed form without control bytes (Error::to_string
// escapes them).
void check_refusal(const Status& st) {
  fuzz::check(!st.has_value(), "a refusal is an error");
  fuzz::check(st.error().code == ErrorCode::invalid_state, "a refused position is invalid_state");
  fuzz::check(!st.error().message.empty(), "the error says what is wrong");
  for (const char c : st.error().to_string())
    fuzz::check(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, "no control byte in the printed error");
}

// The invariants of a backgammon position, from the layout documented in position.hpp: each
// side's checkers exactly kCheckers (`exact`) or at most that many.
template <class V>
bool bg_invariants(const backgammon::BasicPosition<V>& p, bool exact) {
  const auto& b = p.bytes();
  for (const std::size_t base : {std::size_t{0}, std::size_t{32}}) {
    int n = 0;
    for (std::size_t i = 0; i <= 25; ++i) n += b[base + i];
    if (exact ? n != V::kCheckers : n > V::kCheckers) return false;
    for (std::size_t i = 26; i < 32; ++i)
      if (b[base + i] != 0) return false;
  }
  for (std::size_t q = 1; q <= 24; ++q)  // the mover's point q is the opponent's 25 - q
    if (b[q] != 0 && b[32 + 25 - q] != 0) return false;
  return true;
}

template <class V>
void backgammon_case(fuzz::Bytes& in, bool raw) {
  using namespace boardrules::backgammon;
  BasicPosition<V> p;
  if (raw) {
    for (auto& x : p.bytes()) x = in.byte();
  } else {
    p = fuzz::position_from<V>(in);
    for (int edits = in.below(4); edits > 0; --edits) p.bytes()[static_cast<std::size_t>(in.below(64))] = in.byte();
  }
  const bool valid = bg_invariants(p, true);
  const bool playable = bg_invariants(p, false);
  const Status st = validate(p);
  fuzz::check(st.has_value() == valid, "validate agrees with the invariants");
  fuzz::check(is_valid(p) == valid, "is_valid agrees with validate");
  fuzz::check(is_playable(p) == playable, "is_playable agrees with the invariants, at most kCheckers a side");
  const auto back = parse_position_id<V>(format_position_id(p));
  fuzz::check((back.has_value() && *back == p) == valid, "the Position ID reads back to exactly the valid positions");
  const auto resumed = BasicGame<V>::resume(SessionRules{}, {.position = p, .phase = Phase::TurnStart});
  if (!valid) {
    check_refusal(st);
    fuzz::check(!resumed.has_value() && resumed.error().code == ErrorCode::invalid_state,
                "Game::resume refuses an invalid position");
  } else {
    fuzz::check(resumed.has_value() == !game_over(p), "Game::resume takes a valid position of a game going on");
  }
  if (!playable) return;
  PlayList list;
  std::uint64_t plays = 0;
  for (const Dice d : kAllRolls) {
    generate_plays(p, d, list);
    fuzz::check(list.size() <= kMaxPlays, "the plays fit the list");
    fuzz::check(has_any_play(p, d) == !list.empty(), "has_any_play agrees");
    plays += list.empty() ? 1 : list.size();
    for (const Play& play : list) {
      const auto a = apply(p, play);
      const auto f = apply_flipped(p, play);
      fuzz::check(is_playable(a) && is_playable(f), "apply and apply_flipped keep the position playable");
      fuzz::check(!valid || (is_valid(a) && is_valid(f)), "apply and apply_flipped keep the position valid");
    }
  }
  if (!game_over(p)) fuzz::check(perft(p, 1) == plays, "perft(1) counts the plays of the 21 rolls");
}

template <class R>
void warri_case(fuzz::Bytes& in, bool raw) {
  using namespace boardrules::warri;
  BasicPosition<R> p;
  if (raw) {
    for (auto& x : p.bytes()) x = in.byte();
  } else {
    // 48 seeds dealt to the houses and stores, then a few bytes overwritten.
    for (int k = 0; k < kTotalSeeds; ++k) ++p.bytes()[static_cast<std::size_t>(in.below(14))];
    p.set_to_move(in.below(2) == 0 ? Player::South : Player::North);
    for (int edits = in.below(3); edits > 0; --edits) p.bytes()[static_cast<std::size_t>(in.below(16))] = in.byte();
  }
  // The invariants, from the layout documented in warri/values/position.hpp.
  const auto& b = p.bytes();
  int seeds = 0;
  for (std::size_t i = 0; i < 14; ++i) seeds += b[i];
  const bool valid = seeds == kTotalSeeds && b[14] <= 1 && b[15] == 0;
  const Status st = validate(p);
  fuzz::check(st.has_value() == valid, "validate agrees with the invariants (Warri)");
  const auto back = parse_position<R>(format_position(p));
  fuzz::check((back.has_value() && *back == p) == valid, "the WA-7.1 text reads back to exactly the valid positions");
  if (!valid) {
    check_refusal(st);
    return;
  }
  MoveList moves;
  generate_moves(p, moves);
  for (const Move m : moves) fuzz::check(validate(apply(p, m)).has_value(), "a move keeps 48 seeds");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  const int pick = in.byte();
  const bool raw = (pick & 8) != 0;
  switch (pick % 8) {
    case 0:
    case 1: backgammon_case<backgammon::Standard>(in, raw); break;
    case 2: backgammon_case<backgammon::Nackgammon>(in, raw); break;
    case 3: backgammon_case<backgammon::Hypergammon>(in, raw); break;
    case 4: warri_case<warri::Speightstown>(in, raw); break;
    case 5: warri_case<warri::Bridgetown>(in, raw); break;
    default: warri_case<warri::Abapa>(in, raw); break;
  }
  return 0;
}
