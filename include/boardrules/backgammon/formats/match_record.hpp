#pragma once
/// \file
/// MatchRecord: a match or money session as players keep it (the value read from and written to
/// the .mat format, mat.hpp): the players, the rules, and per game the score at its start, every
/// step in order (a throw and its play, a cube action, a resignation) and the result. A record
/// is checked by replaying it through the match state machine (replay_record): every throw,
/// play and cube action must be one the rules allow (BG-2 to BG-10).

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// What a step of a game record does.
enum class StepKind : std::uint8_t {
  Roll,    ///< the player throws `dice` (the opening throw: the higher die plays, BG-2.1) and plays `play`
  Double,  ///< the player on roll offers the cube at `cube` (BG-8.1)
  Take,    ///< the player facing the double takes (BG-8.4)
  Drop,    ///< the player facing the double passes: the game ends (BG-8.4)
  Beaver,  ///< the player facing the double beavers: the cube stands at `cube` (BG-9.4)
  Resign,  ///< the player on roll resigns `resign`, and the opponent accepts (BG-7.7)
  Setup,   ///< a position edited into the game (SGF setup properties): `setup` says what is set
};

/// What a Setup step sets (the game goes on from there, replayed through the rules).
enum class SetupKind : std::uint8_t {
  Board,      ///< the checkers (`board`), with `player` on roll
  CubeValue,  ///< the cube's value (`cube`), its owner kept
  CubeOwner,  ///< the cube's owner (`owner`), its value kept
  Turn,       ///< `player` on roll (a throw made by the other player undone), the checkers kept
};

/// One step of a game record.
struct RecordStep {
  StepKind kind = StepKind::Roll;
  int player = 0;  ///< who acts: player 0 (the left column of a .mat file) or 1
  Dice dice{};  ///< Roll: the throw, dice in the order written (the opening throw: the mover's is the higher, BG-2.1)
  /// Roll: false when the throw is not played in the record: a resignation follows, or the record
  /// ends there.
  bool played = true;
  /// Roll: the play, in the mover's numbering (BG-1.3), steps in the order written, hits marked
  /// (the empty play when no play is legal, BG-5.4).
  Play play{};
  int cube = 0;                        ///< Double, Beaver: the cube value offered (by the beaver: redoubled, BG-9.4)
  Resign resign = Resign::Single;      ///< Resign: what is conceded
  SetupKind setup = SetupKind::Board;  ///< Setup: what is set
  /// Setup Board: the checkers of each player on its own points 1..24 (BG-1.3) and the bar (25);
  /// those not on the board are borne off.
  std::array<std::array<std::uint8_t, 26>, 2> board{};
  int owner = -1;                    ///< Setup CubeOwner: the owner (0 or 1), -1 the cube centered
  int number = 0;                    ///< the move number of the source file (0 when not read from one)
  std::size_t offset = Error::npos;  ///< the step's offset in the source text

  /// The same step (where it was read, `number` and `offset`, aside).
  friend bool operator==(const RecordStep& a, const RecordStep& b) noexcept {
    return a.kind == b.kind && a.player == b.player && a.dice.d1() == b.dice.d1() && a.dice.d2() == b.dice.d2() &&
           a.played == b.played && a.play == b.play && a.cube == b.cube && a.resign == b.resign && a.setup == b.setup &&
           a.board == b.board && a.owner == b.owner;
  }
};

/// One game of a record: the score at its start, its steps, and its result when it is finished.
struct GameRecord {
  std::array<int, 2> score{0, 0};
  std::vector<RecordStep> steps;
  int winner = -1;  ///< the winner (0 or 1), -1 while the game goes on
  int points = 0;   ///< the points won
  /// The SGF root properties of the game in the order read (values as written, brackets
  /// included), kept for writing back; MI, PW, PB, RU and RE are written from the record.
  std::vector<std::pair<std::string, std::string>> sgf_root;
  friend bool operator==(const GameRecord&, const GameRecord&) = default;
};

/// A match or money session record (see the file comment).
struct MatchRecord {
  std::array<std::string, 2> players{"Player 0", "Player 1"};
  /// The rules: match length (0: money play), Crawford, Jacoby, beavers (BG-9, BG-10).
  SessionRules rules{};
  /// Header tags as read or to write (`; [Key "value"]` in .mat), in order.
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<GameRecord> games;
  friend bool operator==(const MatchRecord&, const MatchRecord&) = default;
};

/// How a record is read. Strict (the default): every step must be one the rules allow and every
/// score the one the games before give. Lenient, as GNU Backgammon imports what other programs
/// write: what is wrong is reported in `warnings` (each an Error: what, where, offset) and
/// reading goes on from what the file gives: a play that is not legal or a throw written without
/// its play (the checkers as written, the turn passing), a score that does not follow (the
/// file's score), a resignation by the player not on roll (the game ends as written), a result
/// that is not the play's (the file's). Nothing is changed silently: every such step warns.
struct ReadOptions {
  bool lenient = false;
  std::vector<Error>* warnings = nullptr;  ///< where lenient reading reports (may be null)
};

namespace record_detail {
/// "game G, move N, player P" for error messages.
inline std::string step_where(std::size_t game, const RecordStep& s) {
  std::string w = "game " + std::to_string(game + 1);
  if (s.number > 0) w += ", move " + std::to_string(s.number);
  w += s.player == 0 ? ", left column" : ", right column";
  return w;
}

/// The opening throw of `player` with `dice`: the higher die is the player's (BG-2.1).
template <class V>
Status opening_roll_of(BasicMatch<V>& m, int player, Dice dice) {
  if (dice.is_double())
    return make_error(ErrorCode::illegal_action,
                      "an opening throw is never a double: equal dice are thrown again (BG-2.1)");
  const int hi = dice.high();
  const int lo = dice.d1() + dice.d2() - hi;
  return player == 0 ? m.opening_roll(hi, lo) : m.opening_roll(lo, hi);
}
}  // namespace record_detail

namespace record_detail {
/// Reports `e` as a warning of lenient reading.
inline void warn(const ReadOptions& opt, Error e) {
  if (opt.warnings != nullptr) opt.warnings->push_back(std::move(e));
}

/// A match about to start a game at `score` after `games` games: a record may start at any
/// score (a match resumed), and lenient reading takes a score that does not follow. The game is
/// the Crawford game when a player is 1 point away and the Crawford game has not been played
/// (`crawford_done`), BG-10.2.
template <class V>
Result<BasicMatch<V>> match_at(const SessionRules& rules, const std::array<int, 2>& score, int games,
                               bool crawford_done) {
  const int len = rules.match_length;
  if (score[0] < 0 || score[1] < 0 || (rules.is_match() && (score[0] >= len || score[1] >= len)))
    return make_error(ErrorCode::invalid_state, "the score " + std::to_string(score[0]) + "-" +
                                                    std::to_string(score[1]) +
                                                    " is not one a game of this match can start at");
  const bool one_away = rules.is_match() && len > 1 && rules.crawford && (score[0] == len - 1 || score[1] == len - 1);
  MatchInProgress<V> mp{BasicGame<V>(rules, one_away && !crawford_done), score, one_away && crawford_done,
                        rules.jacoby && !rules.is_match(), games};
  return BasicMatch<V>(rules, mp);
}

/// The match `m` with its game resumed from `parts` (the score and the match's state kept).
template <class V>
Status resume_in(BasicMatch<V>& m, const typename BasicGame<V>::Parts& given) {
  typename BasicGame<V>::Parts parts = given;
  parts.crawford_game = m.game().crawford();
  auto g = BasicGame<V>::resume(m.rules(), parts);
  if (!g.has_value()) return g.error();
  m = BasicMatch<V>(m.rules(), MatchInProgress<V>{*g, m.score(), m.post_crawford(), m.jacoby_bit(), m.games_played()});
  return {};
}

/// Lenient reading of a throw whose play is not legal (or not written where one is): the
/// checkers are moved as written and the turn passes (GNU Backgammon keeps the position its
/// file gives). Only what can be carried out is: a checker on each point moved from, no step
/// onto a point the opponent holds, no bear-off of the last checker.
template <class V>
Status force_roll(BasicMatch<V>& m, const RecordStep& s) {
  const auto& g = m.game();
  BasicPosition<V> p;
  if (g.phase() == Phase::Opening) p = BasicPosition<V>::start();
  else if (g.phase() == Phase::TurnStart || g.phase() == Phase::Rolled)
    p = g.on_roll() == s.player ? g.position() : g.position().flipped();
  else return make_error(ErrorCode::illegal_action, "a throw is not expected here: a decision is pending");
  for (std::size_t i = 0; i < s.play.size; ++i) {
    const int from = s.play.from[i], to = s.play.to[i];
    if (from < 1 || from > 25 || to < 0 || to > 24 || p.mover(from) < 1)
      return make_error(ErrorCode::illegal_action, "no checker of the player on point " + std::to_string(from));
    if (to > 0 && p.opponent(25 - to) > 1)
      return make_error(ErrorCode::illegal_action, "the point " + std::to_string(to) + " is held by the opponent");
    apply_step(p, from, to);
  }
  if (game_over(p)) return make_error(ErrorCode::illegal_action, "a play that is not legal ends the game");
  return resume_in(m, {.position = p.flipped(), .on_roll = 1 - s.player, .cube = g.cube(), .phase = Phase::TurnStart});
}

/// Lenient reading of a resignation by the player not on roll (as FIBS allows): `loser` concedes
/// `kind`; the turn is given to the resigner first, so that the game ends as written (BG-7.7).
template <class V>
Status force_resign(BasicMatch<V>& m, int loser, Resign kind) {
  const auto& g = m.game();
  if (g.phase() == Phase::Opening || g.phase() == Phase::Over)
    return make_error(ErrorCode::invalid_state, "no game is being played");
  if (g.turn() != loser || (g.phase() != Phase::TurnStart && g.phase() != Phase::Rolled)) {
    const auto p = g.on_roll() == loser ? g.position() : g.position().flipped();
    if (auto st = resume_in(m, {.position = p, .on_roll = loser, .cube = g.cube(), .phase = Phase::TurnStart});
        !st.has_value())
      return st;
  }
  if (auto st = m.resign(kind); !st.has_value()) return st;
  return m.accept();
}
}  // namespace record_detail

namespace record_detail {
/// The checkers of each player on its own points (1..24, the bar 25) in the game of `m` (the
/// starting position before the opening throw, BG-1.4).
template <class V>
std::array<std::array<std::uint8_t, 26>, 2> board_of(const BasicMatch<V>& m) {
  const auto& g = m.game();
  const int p0 = g.phase() == Phase::Opening ? 0 : g.on_roll();
  const BasicPosition<V> p = g.phase() == Phase::Opening ? BasicPosition<V>::start() : g.position();
  std::array<std::array<std::uint8_t, 26>, 2> b{};
  for (int pt = 1; pt <= 25; ++pt) {
    b[static_cast<std::size_t>(p0)][static_cast<std::size_t>(pt)] = static_cast<std::uint8_t>(p.mover(pt));
    b[static_cast<std::size_t>(1 - p0)][static_cast<std::size_t>(pt)] = static_cast<std::uint8_t>(p.opponent(pt));
  }
  return b;
}

/// The player on roll in the game of `m` for a setup: the one on roll, 0 before the opening throw.
template <class V>
int setup_player(const BasicMatch<V>& m) {
  return m.game().phase() == Phase::Opening ? 0 : m.game().on_roll();
}

/// Applies a Setup step: the game goes on from the position, player on roll and cube it sets,
/// checked (at most 15 checkers a player, one colour a point, BG-1.1; the cube against the rules,
/// BG-8). A throw already made stays when the same player stays on roll (GNU Backgammon keeps
/// the dice of an edited position). Before the opening throw the game starts at the setup.
template <class V>
Status apply_setup(BasicMatch<V>& m, const RecordStep& s) {
  const auto& g = m.game();
  if (g.phase() != Phase::Opening && g.phase() != Phase::TurnStart && g.phase() != Phase::Rolled)
    return make_error(ErrorCode::invalid_state, "a position is set up while a double or resignation is pending");
  const int before = setup_player(m);
  typename BasicGame<V>::Parts parts;
  parts.on_roll = before;
  parts.cube = g.phase() == Phase::Opening ? Cube{} : g.cube();
  parts.phase = g.phase() == Phase::Rolled ? Phase::Rolled : Phase::TurnStart;
  parts.dice = g.phase() == Phase::Rolled ? g.dice() : Dice{};
  auto board = board_of(m);
  switch (s.setup) {
    case SetupKind::Board: {
      if (s.player != 0 && s.player != 1) return make_error(ErrorCode::out_of_range, "the player must be 0 or 1");
      board = s.board;
      constexpr int kAll = BasicPosition<V>::kCheckers;
      for (std::size_t pl = 0; pl < 2; ++pl) {
        int n = 0;
        for (std::size_t pt = 1; pt <= 25; ++pt) n += board[pl][pt];
        if (n > kAll)
          return make_error(ErrorCode::out_of_range, "player " + std::to_string(pl) + " has " + std::to_string(n) +
                                                         " checkers on the board, more than " + std::to_string(kAll) +
                                                         " (BG-1.1)");
        if (n == 0)
          return make_error(ErrorCode::invalid_state,
                            "player " + std::to_string(pl) + " has no checker on the board: the game is over");
        if (board[pl][0] != 0) return make_error(ErrorCode::out_of_range, "a point 0 is set (1..24 and the bar only)");
      }
      for (std::size_t pt = 1; pt <= 24; ++pt)
        if (board[0][pt] != 0 && board[1][25 - pt] != 0)
          return make_error(ErrorCode::invalid_state, "both players have checkers on player 0's point " +
                                                          std::to_string(pt) + " (player 1's point " +
                                                          std::to_string(25 - pt) + ")");
      if (s.player != before) {  // another player on roll: no throw made
        parts.phase = Phase::TurnStart;
        parts.dice = Dice{};
      }
      parts.on_roll = s.player;
      break;
    }
    case SetupKind::Turn:
      if (s.player != 0 && s.player != 1) return make_error(ErrorCode::out_of_range, "the player must be 0 or 1");
      if (s.player != before) {
        parts.phase = Phase::TurnStart;
        parts.dice = Dice{};
      }
      parts.on_roll = s.player;
      break;
    case SetupKind::CubeValue:
      if (s.cube < 1 || s.cube > kMaxCubeValue || (s.cube & (s.cube - 1)) != 0)
        return make_error(ErrorCode::out_of_range, "the cube value " + std::to_string(s.cube) +
                                                       " is not a power of two 1.." + std::to_string(kMaxCubeValue));
      parts.cube = Cube::from_log2(std::countr_zero(static_cast<unsigned>(s.cube)), parts.cube.owner());
      break;
    case SetupKind::CubeOwner:
      if (s.owner < -1 || s.owner > 1) return make_error(ErrorCode::out_of_range, "the cube owner must be -1, 0 or 1");
      parts.cube = Cube::from_log2(std::countr_zero(static_cast<unsigned>(parts.cube.value())), s.owner);
      break;
  }
  BasicPosition<V> p;
  const auto me = static_cast<std::size_t>(parts.on_roll);
  for (int pt = 0; pt <= 25; ++pt) {
    const auto i = static_cast<std::size_t>(pt);
    p.set(Side::Mover, pt, board[me][i]);
    p.set(Side::Opponent, pt, board[1 - me][i]);
  }
  int on0 = 0, on1 = 0;
  for (int pt = 1; pt <= 25; ++pt) {
    on0 += p.mover(pt);
    on1 += p.opponent(pt);
  }
  p.set(Side::Mover, 0, BasicPosition<V>::kCheckers - on0);
  p.set(Side::Opponent, 0, BasicPosition<V>::kCheckers - on1);
  parts.position = p;
  return resume_in(m, parts);
}
}  // namespace record_detail

namespace record_detail {
/// Whether the throw of Roll step `s` is the one already made in `m`: the same player on roll,
/// the same dice, not yet played (a throw set by itself, then played).
template <class V>
bool already_thrown(const BasicMatch<V>& m, const RecordStep& s) {
  const auto& g = m.game();
  if (s.kind != StepKind::Roll || !s.played || g.phase() != Phase::Rolled || g.on_roll() != s.player) return false;
  const Dice d = g.dice();
  return (d.d1() == s.dice.d1() && d.d2() == s.dice.d2()) || (d.d1() == s.dice.d2() && d.d2() == s.dice.d1());
}

/// Applies one step of game `game` (0-based) to `m`, checked (see replay_record).
template <class V>
Status apply_record_step(BasicMatch<V>& m, std::size_t game, const RecordStep& s) {
  auto fail = [&](const std::string& why, ErrorCode code = ErrorCode::illegal_action) {
    return make_error(code, why, step_where(game, s), s.offset);
  };
  if (m.over()) return fail("the match is already over");
  if (m.games_played() != static_cast<int>(game)) return fail("the game is already over");
  const auto& g = m.game();
  if (s.player != 0 && s.player != 1) return fail("the player must be 0 or 1", ErrorCode::out_of_range);
  Status st;
  switch (s.kind) {
    case StepKind::Roll:
      if (s.dice.d1() < 1 || s.dice.d1() > 6 || s.dice.d2() < 1 || s.dice.d2() > 6)
        return fail("dice must be 1..6", ErrorCode::out_of_range);
      if (already_thrown(m, s)) {
        st = {};  // the throw set before (an SGF DI node), now played
      } else if (g.phase() == Phase::Opening) {
        st = opening_roll_of(m, s.player, s.dice);
      } else {
        if (g.phase() != Phase::TurnStart) return fail("a throw is not expected here: a decision is pending");
        if (g.on_roll() != s.player) return fail("this player is not on roll");
        st = m.roll(s.dice);
      }
      if (!st.has_value()) return fail(st.error().message, st.error().code);
      if (s.played && m.games_played() == static_cast<int>(game) && m.game().phase() == Phase::Rolled)
        st = m.play(s.play);
      else if (s.played && s.play.size != 0) return fail("the throw has no legal play: the turn passes (BG-3.8)");
      break;
    case StepKind::Double:
      if (g.phase() != Phase::TurnStart || g.on_roll() != s.player)
        return fail("only the player on roll may double, before throwing (BG-8.1)");
      st = m.double_cube();
      if (st.has_value() && s.cube != 0 && m.game().offered_value() != s.cube)
        return fail("the double offers the cube at " + std::to_string(m.game().offered_value()) + ", not " +
                    std::to_string(s.cube));
      break;
    case StepKind::Take:
    case StepKind::Drop:
    case StepKind::Beaver:
      if (g.phase() != Phase::Doubled || g.turn() != s.player)
        return fail("no double is offered to this player (BG-8.4)");
      st = s.kind == StepKind::Take ? m.take() : s.kind == StepKind::Drop ? m.drop() : m.beaver();
      if (st.has_value() && s.kind == StepKind::Beaver && s.cube != 0 && m.game().offered_value() != s.cube)
        return fail("the beaver offers the cube at " + std::to_string(m.game().offered_value()) + ", not " +
                    std::to_string(s.cube));
      break;
    case StepKind::Resign:
      if ((g.phase() != Phase::TurnStart && g.phase() != Phase::Rolled) || g.turn() != s.player)
        return fail("only the player on roll may resign (BG-7.7)");
      st = m.resign(s.resign);
      if (st.has_value()) st = m.accept();
      break;
    case StepKind::Setup: st = apply_setup(m, s); break;
  }
  if (!st.has_value()) return fail(st.error().message, st.error().code);
  return {};
}

/// Checks the score written at the start of game `game` against the match.
template <class V>
Status check_game_start(const BasicMatch<V>& m, std::size_t game, const std::array<int, 2>& score, std::size_t offset) {
  const std::string where = "game " + std::to_string(game + 1);
  if (m.over()) return make_error(ErrorCode::invalid_state, "the match is already over", where, offset);
  if (m.games_played() != static_cast<int>(game))
    return make_error(ErrorCode::invalid_state, "the game before has no result", where, offset);
  if (score != m.score())
    return make_error(ErrorCode::invalid_state,
                      "the score written is " + std::to_string(score[0]) + "-" + std::to_string(score[1]) +
                          ", the games before give " + std::to_string(m.score()[0]) + "-" +
                          std::to_string(m.score()[1]),
                      where, offset);
  return {};
}

/// Checks the end of game `game` against the result written (winner -1: none written).
template <class V>
Status check_game_end(const BasicMatch<V>& m, std::size_t game, int winner, int points, bool last, std::size_t offset) {
  const std::string where = "game " + std::to_string(game + 1);
  if (m.games_played() > static_cast<int>(game)) {
    const GameResult& r = m.last_result();
    if (winner >= 0 && (r.winner != winner || r.points != points))
      return make_error(ErrorCode::invalid_state,
                        "the result written is player " + std::to_string(winner) + " winning " +
                            std::to_string(points) + " point(s), the play gives player " + std::to_string(r.winner) +
                            " winning " + std::to_string(r.points),
                        where, offset);
    return {};
  }
  if (winner >= 0)
    return make_error(ErrorCode::invalid_state, "a result is written but the game is not over", where, offset);
  if (!last)
    return make_error(ErrorCode::invalid_state, "the game has no result but another game follows", where, offset);
  return {};
}

/// apply_record_step, and with `opt.lenient` what the rules refuse read as the file gives it,
/// with a warning (see ReadOptions): a throw played as written, a resignation by the player not
/// on roll.
template <class V>
Status apply_step_read(BasicMatch<V>& m, std::size_t game, const RecordStep& s, const ReadOptions& opt) {
  // A record resumed at a score 1 point away does not say whether its first game is the
  // Crawford game (match_at takes it for one); a double in it, or a cube set up in it, says it
  // is not: the game is one after the Crawford game (BG-10.2).
  const bool cube_set = s.kind == StepKind::Setup && s.setup != SetupKind::Board;
  if ((s.kind == StepKind::Double || cube_set) && game == 0 && m.games_played() == 0 && m.game().crawford() &&
      (m.game().phase() == Phase::TurnStart || (cube_set && m.game().phase() == Phase::Rolled)) &&
      m.score() != std::array<int, 2>{0, 0}) {
    const auto& g = m.game();
    auto after = BasicGame<V>::resume(
        m.rules(),
        {.position = g.position(), .on_roll = g.on_roll(), .cube = g.cube(), .phase = g.phase(), .dice = g.dice()});
    if (after.has_value()) m = BasicMatch<V>(m.rules(), MatchInProgress<V>{*after, m.score(), true, m.jacoby_bit(), 0});
  }
  if (!opt.lenient) return apply_record_step(m, game, s);
  const BasicMatch<V> before = m;
  auto st = apply_record_step(m, game, s);
  if (st.has_value() || m.over() || before.games_played() != static_cast<int>(game)) return st;
  Status forced;
  std::string how;
  if (s.kind == StepKind::Roll && s.played) {
    m = before;
    forced = force_roll(m, s);
    how = ": read as written (the checkers as the file moves them, the turn passes)";
  } else if (s.kind == StepKind::Resign) {
    m = before;
    forced = force_resign(m, s.player, s.resign);
    how = ": read as written (the game ends by the resignation)";
  } else {
    return st;
  }
  if (!forced.has_value()) {
    m = before;
    return st;
  }
  warn(opt, Error{st.error().message + how, st.error().where, st.error().offset, st.error().code});
  return {};
}

/// Starts game `game` at the score written: the first game of a record may start at any score
/// (a match resumed, as GNU Backgammon reads it); with `opt.lenient` a later score that does not
/// follow is taken, with a warning. Otherwise check_game_start.
template <class V>
Status start_game(BasicMatch<V>& m, std::size_t game, const std::array<int, 2>& score, std::size_t offset,
                  const ReadOptions& opt) {
  auto st = check_game_start(m, game, score, offset);
  if (st.has_value()) return st;
  const bool first = game == 0 && m.games_played() == 0;
  if ((!first && !opt.lenient) || m.games_played() != static_cast<int>(game)) return st;
  auto made = match_at<V>(m.rules(), score, m.games_played(), m.post_crawford());
  if (!made.has_value())
    return Error{made.error().message, "game " + std::to_string(game + 1), offset, made.error().code};
  if (!first)
    warn(opt, Error{st.error().message + ": the file's score is taken", st.error().where, offset, st.error().code});
  m = *made;
  return {};
}

/// start_game for game `game` of a record: a record resumed at a score 1 point away whose first
/// game doubles or sets up the cube (a Setup step) is one after the Crawford game, from its
/// start (BG-10.2; see apply_step_read).
template <class V>
Status start_record_game(BasicMatch<V>& m, std::size_t game, const GameRecord& g, const ReadOptions& opt) {
  auto st = start_game(m, game, g.score, Error::npos, opt);
  if (!st.has_value() || game != 0 || m.games_played() != 0 || !m.game().crawford()) return st;
  const bool cube_set = std::any_of(g.steps.begin(), g.steps.end(), [](const RecordStep& s) {
    return s.kind == StepKind::Double || (s.kind == StepKind::Setup && s.setup != SetupKind::Board);
  });
  if (!cube_set) return st;
  auto after = match_at<V>(m.rules(), g.score, 0, true);
  if (after.has_value()) m = *after;
  return st;
}
}  // namespace record_detail

/// Replays `record` through BasicMatch from its rules, step by step; after each step calls
/// `visit(match, game_index, step)`. Every step must be one the rules allow, by the player
/// written; the score of each game must be the score its earlier games give, and each finished
/// game's result the one written. Errors name the game, the move number and the column, with
/// the step's offset. Returns the match after the last step.
template <class V = Standard, class F>
requires std::invocable < F&, const BasicMatch<V>
&, std::size_t,
    const RecordStep& > [[nodiscard]] Result<BasicMatch<V>> replay_record(const MatchRecord& record, F&& visit,
                                                                          const ReadOptions& opt = ReadOptions{}) {
  auto made = BasicMatch<V>::make(record.rules);
  if (!made.has_value()) return made.error();
  BasicMatch<V> m = *made;
  for (std::size_t gi = 0; gi < record.games.size(); ++gi) {
    const GameRecord& g = record.games[gi];
    if (auto st = record_detail::start_record_game(m, gi, g, opt); !st.has_value()) return st.error();
    for (const RecordStep& s : g.steps) {
      if (auto st = record_detail::apply_step_read(m, gi, s, opt); !st.has_value()) return st.error();
      visit(static_cast<const BasicMatch<V>&>(m), gi, s);
    }
    if (auto st = record_detail::check_game_end(m, gi, g.winner, g.points, gi + 1 == record.games.size(), Error::npos);
        !st.has_value() && !opt.lenient)
      return st.error();
  }
  return m;
}

/// replay_record without a visitor.
template <class V = Standard>
[[nodiscard]] Result<BasicMatch<V>> replay_record(const MatchRecord& record, const ReadOptions& opt = ReadOptions{}) {
  return replay_record<V>(
      record, [](const BasicMatch<V>&, std::size_t, const RecordStep&) {}, opt);
}

/// Which steps of a record get a GNUbg ID (record_ids).
enum class IdScope : std::uint8_t {
  Records,    ///< every record, as GNU Backgammon lists a game's records (see record_ids)
  Decisions,  ///< the decisions only: the throws with a legal play and the cube actions
};

/// The GNUbg ID ("PositionID:MatchID") before each step of the record, in order, for training
/// pipelines. A throw: the match with the dice thrown (the checker play, BG-3); a cube action,
/// the match before it (the double, or the take, drop or beaver, BG-8); a resignation, the match
/// before it (the resigner on roll, BG-7.7). IdScope::Records gives one for every step, as GNU
/// Backgammon lists a game's records: a throw with no legal play (BG-3.8) included, and a throw
/// not played (the record ends, or a resignation follows), whose ID is the one before the dice,
/// as GNU Backgammon shows its record; a setup, the match before it (the turn set alone, which
/// GNU Backgammon does not list as a record, none). IdScope::Decisions leaves
/// those, the resignations and the setups out. Errors: those of
/// replay_record (with `opt`).
template <class V = Standard>
[[nodiscard]] Result<std::vector<std::string>> record_ids(const MatchRecord& record, IdScope scope = IdScope::Decisions,
                                                          const ReadOptions& opt = ReadOptions{}) {
  ReadOptions quiet = opt;
  quiet.warnings = nullptr;  // reported when the record was read
  if (auto r = replay_record<V>(record, quiet); !r.has_value()) return r.error();
  std::vector<std::string> ids;
  auto made = BasicMatch<V>::make(record.rules);
  if (!made.has_value()) return made.error();
  BasicMatch<V> m = *made;
  for (std::size_t gi = 0; gi < record.games.size(); ++gi) {
    record_detail::start_record_game(m, gi, record.games[gi], quiet).ignore();  // replayed above
    for (const RecordStep& s : record.games[gi].steps) {
      if (s.kind == StepKind::Roll) {
        BasicMatch<V> thrown = m;
        const Status st = record_detail::already_thrown(m, s) ? Status{}
                          : thrown.game().phase() == Phase::Opening
                              ? record_detail::opening_roll_of(thrown, s.player, s.dice)
                              : thrown.roll(s.dice);
        const bool decision = st.has_value() && thrown.game().phase() == Phase::Rolled && s.played;
        if (decision || (scope == IdScope::Records && st.has_value() && s.played)) {
          // no legal play: the ID with the dice thrown, before the turn passes (BG-3.8)
          if (thrown.game().phase() == Phase::Rolled) {
            ids.push_back(format_gnubg_id(thrown));
          } else {
            MatchIdFields f = match_id_fields(m);
            f.die1 = s.dice.d1();
            f.die2 = s.dice.d2();
            ids.push_back(format_gnubg_id(id_position(m), f));
          }
        } else if (scope == IdScope::Records) {
          // a throw not played: the ID before the dice, as GNU Backgammon shows that record; an
          // opening throw so is shown with the game started and its thrower on roll
          MatchIdFields f = match_id_fields(m);
          if (m.game().phase() == Phase::Opening && st.has_value()) {
            f.state = MatchIdGameState::Playing;
            f.on_roll = f.turn = s.player;
          }
          ids.push_back(format_gnubg_id(id_position(m), f));
        }
      } else if (s.kind == StepKind::Setup) {
        // a setup is no decision; before the opening throw it is shown with the game started
        // and the player it sets on roll (player 0 for the cube)
        if (scope == IdScope::Records && s.setup != SetupKind::Turn) {
          MatchIdFields f = match_id_fields(m);
          if (m.game().phase() == Phase::Opening) {
            f.state = MatchIdGameState::Playing;
            f.on_roll = f.turn = s.setup == SetupKind::Board ? s.player : 0;
          }
          ids.push_back(format_gnubg_id(id_position(m), f));
        }
      } else if (s.kind != StepKind::Resign || scope == IdScope::Records) {
        ids.push_back(format_gnubg_id(m));
      }
      record_detail::apply_step_read(m, gi, s, quiet).ignore();  // replayed above: cannot fail
    }
  }
  return ids;
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
