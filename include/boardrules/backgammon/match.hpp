#pragma once
/// \file
/// BasicMatch<V>: a match to N points (BG-10) or a money session, as a state machine and an
/// allocation-free value type: the current game (BasicGame), the score, the Crawford game
/// exactly once (BG-10.2), post-Crawford games, the match winner. A new game starts by itself
/// (waiting for its opening throw) when a game ends, until the match is over. Money sessions
/// never end by themselves. Actions forward to the game; a refused action changes nothing.

#include <array>
#include <cstdint>
#include <string>

#include "boardrules/backgammon/game.hpp"
#include "boardrules/backgammon/match_id.hpp"
#include "boardrules/backgammon/scoring.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon {

/// A match or a money session (see the file comment).
template <class V = Standard>
class BasicMatch {
 public:
  using game_type = BasicGame<V>;
  using position_type = BasicPosition<V>;

  /// A new match (or money session) before the first opening throw.
  /// Use make() to have the rules checked; this constructor requires validate(rules).ok().
  constexpr explicit BasicMatch(const Rules& rules = Rules::match(1)) noexcept : rules_(rules), game_(rules, false) {}

  /// Checks the rules, then makes a new match.
  [[nodiscard]] static Result<BasicMatch> make(const Rules& rules) {
    if (auto st = validate(rules); !st.ok()) return st.error();
    return BasicMatch(rules);
  }

  /// A match in progress built from a decoded GNUbg ID (position seen from fields.on_roll).
  /// `rules` gives the options the ID does not carry (Crawford on/off, cap, beavers...); its
  /// match length and Jacoby flag are taken from the ID (in a match the Jacoby bit has no effect,
  /// BG-9.3, but is written back as the ID had it). Only a game being played can be resumed
  /// (game state Playing), and only in a state play can reach: see BasicGame::resume for the cube,
  /// the double on offer and a throw with no legal play (the turn passes, BG-3.8); a resignation
  /// and a double are never offered at once; a Crawford game is a game of a match longer than 1
  /// point, at a score where a player is 1 point away, with the Crawford rule on (BG-10.2).
  [[nodiscard]] static Result<BasicMatch> from_gnubg(const position_type& position, const MatchIdFields& f,
                                                     Rules rules = Rules{}) {
    if (auto st = validate(f); !st.ok()) return st.error();
    if (f.state != GameState::Playing) return make_error("only a game being played can be resumed", "game state");
    rules.match_length = f.match_length;
    rules.jacoby = f.jacoby && f.match_length == 0;
    if (auto st = validate(rules); !st.ok()) return st.error();
    BasicMatch m(rules);
    m.score_ = {f.score[0], f.score[1]};
    if (rules.is_match()) {
      if (m.score_[0] >= f.match_length || m.score_[1] >= f.match_length)
        return make_error("a player has already won the match", "score");
      const bool at_least_one_away = m.score_[0] == f.match_length - 1 || m.score_[1] == f.match_length - 1;
      if (f.crawford && !at_least_one_away)
        return make_error("Crawford game flagged but no player is 1 point from winning", "crawford");
      if (f.crawford && (!rules.crawford || f.match_length == 1))
        return make_error("Crawford game flagged where none is played (BG-10.2)", "crawford");
      m.post_crawford_ = rules.crawford && !f.crawford && at_least_one_away;
    }
    Phase phase = Phase::TurnStart;
    Phase resume = Phase::TurnStart;
    const bool rolled = f.die1 != 0;
    if (f.resigned != 0 && f.doubled) return make_error("a resignation and a double cannot be offered at once", "resigned");
    if (f.resigned != 0) {
      phase = Phase::Resigned;
      resume = rolled ? Phase::Rolled : Phase::TurnStart;
      if (f.turn == f.on_roll) return make_error("the player to decide a resignation is the opponent of the resigner", "turn");
    } else if (f.doubled) {
      phase = Phase::Doubled;
      if (rolled) return make_error("a double is offered before rolling, no dice may be set", "dice");
      if (f.turn == f.on_roll) return make_error("the player to decide a double is the opponent of the doubler", "turn");
    } else if (rolled) {
      phase = Phase::Rolled;
    }
    if (phase != Phase::Resigned && phase != Phase::Doubled && f.turn != f.on_roll)
      return make_error("the player to decide must be the player on roll", "turn");
    const Cube cube(detail::mid_log2(f.cube_value), f.cube_owner);
    auto g = game_type::resume(rules, f.crawford, position, f.on_roll, cube, phase,
                               rolled ? Dice(f.die1, f.die2) : Dice{}, static_cast<Resign>(f.resigned == 0 ? 1 : f.resigned),
                               resume);
    if (!g.ok()) return g.error();
    m.game_ = *g;
    m.games_ = 0;
    m.jacoby_bit_ = f.jacoby;
    return m;
  }

  // --- observers -------------------------------------------------------------------------
  [[nodiscard]] constexpr const Rules& rules() const noexcept { return rules_; }
  [[nodiscard]] constexpr const game_type& game() const noexcept { return game_; }
  /// Points of each player so far.
  [[nodiscard]] constexpr const std::array<int, 2>& score() const noexcept { return score_; }
  /// Games finished so far.
  [[nodiscard]] constexpr int games_played() const noexcept { return games_; }
  /// The result of the last finished game. Precondition: games_played() > 0.
  [[nodiscard]] constexpr const GameResult& last_result() const noexcept { return last_; }
  /// The match is won (never for money play).
  [[nodiscard]] constexpr bool over() const noexcept { return winner_ >= 0; }
  /// The match winner, or -1.
  [[nodiscard]] constexpr int winner() const noexcept { return winner_; }
  /// The current game is the Crawford game (BG-10.2).
  [[nodiscard]] constexpr bool crawford_game() const noexcept { return game_.crawford(); }
  /// The Crawford game has been played: the later games are post-Crawford (cube in play).
  [[nodiscard]] constexpr bool post_crawford() const noexcept { return post_crawford_; }

  /// The fields of GNU Backgammon's Match ID for the current state. Between games (Opening,
  /// before the first throw of the next game) the game state is None with the start position;
  /// once the match is over, the last game's end is described (Over, Resigned or Dropped).
  [[nodiscard]] MatchIdFields match_id_fields() const {
    MatchIdFields f;
    const game_type& g = game_;
    f.cube_value = g.cube().value();
    f.cube_owner = g.cube().owner();
    f.crawford = g.crawford();
    f.match_length = rules_.match_length;
    f.score = {clamp_score(score_[0]), clamp_score(score_[1])};
    f.jacoby = jacoby_bit_;
    switch (g.phase()) {
      case Phase::Opening:
        f.state = GameState::None;
        break;
      case Phase::Over:
        f.state = g.result().reason == EndReason::BorneOff  ? GameState::Over
                  : g.result().reason == EndReason::Dropped ? GameState::Dropped
                                                            : GameState::Resigned;
        break;
      default:
        f.state = GameState::Playing;
    }
    if (g.phase() != Phase::Opening) {
      f.on_roll = g.on_roll();
      f.turn = g.turn();
    }
    f.doubled = g.phase() == Phase::Doubled;
    f.resigned = g.phase() == Phase::Resigned ? static_cast<int>(g.resignation()) : 0;
    if (g.dice_rolled()) {
      f.die1 = g.dice().d1;
      f.die2 = g.dice().d2;
    }
    return f;
  }
  /// The position as GNU Backgammon shows it: from the player on roll.
  [[nodiscard]] constexpr position_type id_position() const noexcept {
    return game_.phase() == Phase::Opening ? position_type::start() : game_.position();
  }
  /// The GNUbg ID "PositionID:MatchID" of the current state.
  [[nodiscard]] std::string gnubg_id() const { return backgammon::gnubg_id(id_position(), match_id_fields()); }

  // --- actions (see BasicGame) -------------------------------------------------------------
  Status opening_roll(int die0, int die1) { return act([&](game_type& g) { return g.opening_roll(die0, die1); }); }
  Status roll(Dice dice) { return act([&](game_type& g) { return g.roll(dice); }); }
  /// The opening throw (until the dice differ) or the turn's throw, with dice from `rng`.
  Status roll(Rng& rng) {
    if (game_.phase() == Phase::Opening) {
      Status st;
      while (st.ok() && game_.phase() == Phase::Opening) {
        const Dice d = throw_dice(rng);
        st = opening_roll(d.d1, d.d2);
      }
      return st;
    }
    return roll(throw_dice(rng));
  }
  Status double_cube() { return act([&](game_type& g) { return g.double_cube(); }); }
  Status take() { return act([&](game_type& g) { return g.take(); }); }
  Status beaver() { return act([&](game_type& g) { return g.beaver(); }); }
  Status drop() { return act([&](game_type& g) { return g.drop(); }); }
  Status resign(Resign kind) { return act([&](game_type& g) { return g.resign(kind); }); }
  Status accept() { return act([&](game_type& g) { return g.accept(); }); }
  Status reject() { return act([&](game_type& g) { return g.reject(); }); }
  Status play(const Play& p) { return act([&](game_type& g) { return g.play(p); }); }
  /// Precondition: `p` is one of game().legal_plays() and the match is not over.
  void play_unchecked(const Play& p) noexcept {
    game_.play_unchecked(p);
    if (game_.over()) finish_game();
  }

  friend constexpr bool operator==(const BasicMatch&, const BasicMatch&) noexcept = default;

 private:
  static constexpr int clamp_score(int s) noexcept { return s > 32767 ? 32767 : s; }

  template <class F>
  Status act(F&& f) {
    if (over()) return make_error("the match is over", "match");
    Status st = f(game_);
    if (st.ok() && game_.over()) finish_game();
    return st;
  }

  /// Scores the finished game; decides the match, the Crawford game (BG-10.2), the next game.
  void finish_game() noexcept {
    last_ = game_.result();
    ++games_;
    score_[static_cast<std::size_t>(last_.winner)] += last_.points;
    if (rules_.is_match()) {
      if (score_[static_cast<std::size_t>(last_.winner)] >= rules_.match_length) {
        winner_ = last_.winner;
        return;  // the finished game stays visible
      }
      bool next_crawford = false;
      if (rules_.crawford) {
        if (game_.crawford()) post_crawford_ = true;
        next_crawford = !post_crawford_ && (score_[0] == rules_.match_length - 1 || score_[1] == rules_.match_length - 1);
      }
      game_ = game_type(rules_, next_crawford);
    } else {
      game_ = game_type(rules_, false);
    }
  }

  Rules rules_{};
  game_type game_;
  GameResult last_{};
  std::array<int, 2> score_{0, 0};
  int games_ = 0;
  int winner_ = -1;
  bool post_crawford_ = false;
  bool jacoby_bit_ = rules_.effective_jacoby();  ///< the Match ID's Jacoby bit (kept from a restored ID)
};

/// The standard match.
using Match = BasicMatch<Standard>;

}  // namespace boardrules::backgammon
