#pragma once
/// \file
/// GNU Backgammon's Match ID (12 base64 characters) and the combined GNUbg ID
/// `PositionID:MatchID`: the fields and their codec, text to fields and back. The link to a
/// BasicMatch (the IDs of a match, a match resumed from an ID) is match_io.hpp.
///
/// The match key is 72 bits (9 bytes, little-endian bit order) of which 67 are used, as GNU
/// Backgammon (matchid.c) writes them:
///   bits  0..3  log2 of the cube value          bits 15..17 die 1 (the higher die; 0 = none)
///   bits  4..5  cube owner: 0, 1, 3 = centered  bits 18..20 die 2 (the lower die)
///   bit   6     player on roll (who did roll)   bits 21..35 match length (0 = money)
///   bit   7     Crawford game                   bits 36..50 player 0's score
///   bits  8..10 game state (MatchIdGameState)   bits 51..65 player 1's score
///   bit  11     player to decide (turn)         bit  66     NOT Jacoby (1 = Jacoby off)
///   bit  12     a double is offered             bits 67..71 zero
///   bits 13..14 resignation offered: 0 none, 1 single, 2 gammon, 3 backgammon

#include "boardrules/core/config.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/game/session_rules.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/codec.hpp"
#include "boardrules/core/error.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// Length of a Match ID in characters (72 bits in Base64).
inline constexpr std::size_t kMatchIdLength = 12;

/// The highest score a Match ID holds (15 bits); an XGID holds the same. The highest match length
/// is kMaxMatchLength (session_rules.hpp), the highest cube value kMaxCubeValue (cube.hpp).
inline constexpr int kMaxIdScore = 32767;

/// The game state field of the Match ID (GNU Backgammon's `gamestate`).
enum class MatchIdGameState : std::uint8_t {
  None = 0,      ///< no game started
  Playing = 1,   ///< a game is being played
  Over = 2,      ///< the game ended by bearing off
  Resigned = 3,  ///< the game ended by an accepted resignation
  Dropped = 4,   ///< the game ended by a refused double
};

/// Every field of a Match ID. Players are 0 and 1 (GNU Backgammon's player 0 is "O", the top
/// player; player 1 is "X", the bottom player).
struct MatchIdFields {
  int cube_value = 1;     ///< a power of two, 1..kMaxCubeValue
  int cube_owner = -1;    ///< -1 centered, else the owner 0 or 1
  int on_roll = 0;        ///< the player on roll, or who did roll (GNU bg's fMove)
  bool crawford = false;  ///< this game is the Crawford game
  MatchIdGameState state = MatchIdGameState::Playing;
  int turn = 0;          ///< the player to make the next decision (GNU bg's fTurn)
  bool doubled = false;  ///< a double is offered (turn = the player to take or pass)
  int resigned = 0;      ///< 0 none, 1 single, 2 gammon, 3 backgammon offered
  int die1 = 0;          ///< dice rolled, 0 0 when not rolled; written high die first
  int die2 = 0;
  int match_length = 0;  ///< 0 = money play
  std::array<int, 2> score{0, 0};
  bool jacoby = false;  ///< the Jacoby rule is in force (money play)

  BOARDRULES_NEUTRAL friend bool operator==(const MatchIdFields&, const MatchIdFields&) = default;
};

/// A decoded GNUbg ID: the position (seen from fields.on_roll) and the match fields.
template <class V = Standard>
struct GnubgId {
  BasicPosition<V> position;
  MatchIdFields fields;
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

namespace detail {
constexpr void mid_put_bits(std::array<std::uint8_t, 9>& key, int pos, int n, unsigned value) noexcept {
  for (int i = 0; i < n; ++i, ++pos) {
    if ((value >> i) & 1u) key[static_cast<std::size_t>(pos / 8)] |= static_cast<std::uint8_t>(1u << (pos % 8));
  }
}

[[nodiscard]] constexpr unsigned mid_get_bits(const std::array<std::uint8_t, 9>& key, int pos, int n) noexcept {
  unsigned v = 0;
  for (int i = 0; i < n; ++i, ++pos) {
    if ((key[static_cast<std::size_t>(pos / 8)] >> (pos % 8)) & 1u) v |= 1u << i;
  }
  return v;
}

[[nodiscard]] constexpr int mid_log2(int v) noexcept {
  int l = 0;
  while (v > 1) {
    v >>= 1;
    ++l;
  }
  return l;
}
}  // namespace detail

/// Checks the fields for values a Match ID can hold and GNU Backgammon accepts, with one
/// addition: in a match, a score above the length is accepted when the game state is a finished
/// game (Over, Resigned, Dropped), so that the ID of a finished match (format_gnubg_id(match))
/// reads back. GNU Backgammon 1.07 writes such IDs but refuses them in `set gnubgid`.
/// At most one player has reached the length.
[[nodiscard]] inline Status validate(const MatchIdFields& f) {
  auto bad = [](std::string what, std::string where, ErrorCode code = ErrorCode::out_of_range) {
    return Status(make_error(code, std::move(what), std::move(where)));
  };
  if (f.cube_value < 1 || f.cube_value > kMaxCubeValue || (f.cube_value & (f.cube_value - 1)) != 0)
    return bad("cube value " + std::to_string(f.cube_value) + " is not a power of two from 1 to " +
                   std::to_string(kMaxCubeValue),
               "cube value");
  if (f.cube_owner < -1 || f.cube_owner > 1) return bad("cube owner must be -1 (centered), 0 or 1", "cube owner");
  if (f.on_roll < 0 || f.on_roll > 1) return bad("player on roll must be 0 or 1", "player on roll");
  if (f.turn < 0 || f.turn > 1) return bad("player to decide must be 0 or 1", "turn");
  if (static_cast<int>(f.state) > 4) return bad("game state must be 0..4", "game state");
  if (f.resigned < 0 || f.resigned > 3) return bad("resignation must be 0..3", "resigned");
  if (f.die1 < 0 || f.die1 > 6 || f.die2 < 0 || f.die2 > 6 || ((f.die1 == 0) != (f.die2 == 0)))
    return bad("dice must be both 0 (not rolled) or both 1..6", "dice");
  if (f.match_length < 0 || f.match_length > kMaxMatchLength)
    return bad("match length must be 0.." + std::to_string(kMaxMatchLength), "match length");
  // The game that won the match is over: the winner's score may go past the length (a final
  // game scores up to 3 times the cube), as GNU Backgammon writes it.
  const bool finished = f.state == MatchIdGameState::Over || f.state == MatchIdGameState::Resigned ||
                        f.state == MatchIdGameState::Dropped;
  for (int i = 0; i < 2; ++i) {
    const int s = f.score[static_cast<std::size_t>(i)];
    if (s < 0 || s > kMaxIdScore)
      return bad("score must be 0.." + std::to_string(kMaxIdScore), "score " + std::to_string(i));
    if (f.match_length > 0 && s > f.match_length && !finished)
      return bad("score " + std::to_string(s) + " exceeds the match length " + std::to_string(f.match_length),
                 "score " + std::to_string(i));
  }
  if (f.match_length > 0 && f.score[0] >= f.match_length && f.score[1] >= f.match_length)
    return bad("both players cannot have reached the match length", "score", ErrorCode::invalid_state);
  if (f.match_length == 0 && f.crawford)
    return bad("no Crawford game in money play", "crawford", ErrorCode::invalid_state);
  return {};
}

/// Encodes the fields as a 12-character Match ID. Precondition: validate(f).has_value().
[[nodiscard]] inline std::string format_match_id(const MatchIdFields& f) {
  std::array<std::uint8_t, 9> key{};
  const int hi = f.die1 >= f.die2 ? f.die1 : f.die2;
  const int lo = f.die1 >= f.die2 ? f.die2 : f.die1;
  detail::mid_put_bits(key, 0, 4, static_cast<unsigned>(detail::mid_log2(f.cube_value)));
  detail::mid_put_bits(key, 4, 2, static_cast<unsigned>(f.cube_owner) & 3u);
  detail::mid_put_bits(key, 6, 1, static_cast<unsigned>(f.on_roll));
  detail::mid_put_bits(key, 7, 1, f.crawford ? 1u : 0u);
  detail::mid_put_bits(key, 8, 3, static_cast<unsigned>(f.state));
  detail::mid_put_bits(key, 11, 1, static_cast<unsigned>(f.turn));
  detail::mid_put_bits(key, 12, 1, f.doubled ? 1u : 0u);
  detail::mid_put_bits(key, 13, 2, static_cast<unsigned>(f.resigned));
  detail::mid_put_bits(key, 15, 3, static_cast<unsigned>(hi));
  detail::mid_put_bits(key, 18, 3, static_cast<unsigned>(lo));
  detail::mid_put_bits(key, 21, 15, static_cast<unsigned>(f.match_length));
  detail::mid_put_bits(key, 36, 15, static_cast<unsigned>(f.score[0]));
  detail::mid_put_bits(key, 51, 15, static_cast<unsigned>(f.score[1]));
  detail::mid_put_bits(key, 66, 1, f.jacoby ? 0u : 1u);
  std::string s(kMatchIdLength, 'A');
  boardrules::codec_detail::base64_encode(key, s.data());
  return s;
}

/// Decodes a 12-character Match ID. Checks the length, the alphabet, the unused trailing bits,
/// the cube owner code, the game state, the dice and the scores; the error names the field.
[[nodiscard]] inline Result<MatchIdFields> parse_match_id(std::string_view id) {
  if (id.size() != kMatchIdLength)
    return make_error(ErrorCode::syntax, "a Match ID has 12 characters, found " + std::to_string(id.size()),
                      "match id");
  std::array<std::uint8_t, 9> key{};
  if (const std::size_t i = boardrules::codec_detail::base64_decode(id, key); i != id.npos)
    return make_error(ErrorCode::syntax, std::string("character '") + id[i] + "' is not base64", "match id", i);
  if (detail::mid_get_bits(key, 67, 5) != 0)
    return make_error(ErrorCode::syntax, "unused bits 67..71 are not zero", "match id", 11);
  MatchIdFields f;
  f.cube_value = 1 << detail::mid_get_bits(key, 0, 4);
  const unsigned owner = detail::mid_get_bits(key, 4, 2);
  if (owner == 2)
    return make_error(ErrorCode::syntax, "cube owner code 2 is not defined (0, 1 or 3 = centered)", "cube owner", 0);
  f.cube_owner = owner == 3 ? -1 : static_cast<int>(owner);
  f.on_roll = static_cast<int>(detail::mid_get_bits(key, 6, 1));
  f.crawford = detail::mid_get_bits(key, 7, 1) != 0;
  const unsigned gs = detail::mid_get_bits(key, 8, 3);
  if (gs > 4)
    return make_error(ErrorCode::syntax, "game state " + std::to_string(gs) + " is not defined (0..4)", "game state",
                      1);
  f.state = static_cast<MatchIdGameState>(gs);
  f.turn = static_cast<int>(detail::mid_get_bits(key, 11, 1));
  f.doubled = detail::mid_get_bits(key, 12, 1) != 0;
  f.resigned = static_cast<int>(detail::mid_get_bits(key, 13, 2));
  f.die1 = static_cast<int>(detail::mid_get_bits(key, 15, 3));
  f.die2 = static_cast<int>(detail::mid_get_bits(key, 18, 3));
  if (f.die1 < f.die2) std::swap(f.die1, f.die2);  // high die first, as format_match_id() writes them
  f.match_length = static_cast<int>(detail::mid_get_bits(key, 21, 15));
  f.score[0] = static_cast<int>(detail::mid_get_bits(key, 36, 15));
  f.score[1] = static_cast<int>(detail::mid_get_bits(key, 51, 15));
  f.jacoby = detail::mid_get_bits(key, 66, 1) == 0;
  if (auto st = validate(f); !st.has_value()) {
    Error e = st.error();
    e.message += " (in match id)";
    return e;
  }
  return f;
}

/// The GNUbg ID "PositionID:MatchID". `position` is seen from the player on roll (f.on_roll),
/// as GNU Backgammon writes it. Preconditions: validate(f) and validate(position) succeed.
template <class V = Standard>
[[nodiscard]] std::string format_gnubg_id(const BasicPosition<V>& position, const MatchIdFields& f) {
  return format_position_id(position) + ":" + format_match_id(f);
}

/// Decodes "PositionID:MatchID" (surrounding blanks ignored). Errors name the part at fault.
template <class V = Standard>
[[nodiscard]] Result<GnubgId<V>> parse_gnubg_id(std::string_view id) {
  id = boardrules::codec_detail::trim_blanks(id);
  const auto colon = id.find(':');
  if (colon == std::string_view::npos)
    return make_error(ErrorCode::syntax, "a GNUbg ID is PositionID:MatchID, no ':' found", "gnubg id");
  auto pos = parse_position_id<V>(id.substr(0, colon));
  if (!pos.has_value()) {
    Error e = pos.error();
    e.where = "gnubg id: " + (e.where.empty() ? std::string("position id") : e.where);
    return e;
  }
  auto m = parse_match_id(id.substr(colon + 1));
  if (!m.has_value()) {
    Error e = m.error();
    if (e.offset != Error::npos) e.offset += colon + 1;
    e.where = "gnubg id: " + e.where;
    return e;
  }
  return GnubgId<V>{*pos, *m};
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
