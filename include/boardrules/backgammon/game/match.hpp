#pragma once
/// \file
/// BasicMatch<V>: a match to N points (BG-10) or a money session, as a state machine and an
/// allocation-free value type: the current game (BasicGame), the score, the Crawford game
/// exactly once (BG-10.2), post-Crawford games, the match winner. A new game starts by itself
/// (waiting for its opening throw) when a game ends, until the match is over. Money sessions
/// never end by themselves. Actions forward to the game; a refused action changes nothing.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "boardrules/backgammon/game/game.hpp"
#include "boardrules/backgammon/game/scoring.hpp"
#include "boardrules/core/error.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// A match in progress, from fields already checked against each other (match_id.hpp's
/// match_from_gnubg builds one from a GNUbg ID): the game being played (or waiting for its
/// opening throw), the score, whether the Crawford game has been played, the Jacoby flag a
/// Match ID of this match writes, the games finished before this one, and the result of the last
/// of them (last_result(); a default GameResult when none is known).
template <class V = Standard>
struct MatchInProgress {
  BasicGame<V> game;
  std::array<int, 2> score{0, 0};
  bool post_crawford = false;
  bool jacoby_bit = false;
  int games = 0;
  GameResult last{};
};

/// A match or a money session (see the file comment).
template <class V = Standard>
class BasicMatch {
 public:
  using game_type = BasicGame<V>;
  using position_type = BasicPosition<V>;

  /// A new match (or money session) before the first opening throw; by default a money session
  /// (SessionRules{}), as a default Game and State.
  /// Use make() to have the rules checked; this constructor requires validate(rules).has_value().
  constexpr explicit BasicMatch(const SessionRules& rules = SessionRules{}) noexcept
      : rules_(rules), game_(rules, false) {}

  /// A match in progress. Precondition: validate(rules).has_value(); no player has reached the match
  /// length; `m.game` was made with `rules`, is being played or waits for its opening throw, and
  /// is the Crawford game exactly when BG-10.2 asks for one at `m.score`; `m.post_crawford` only
  /// when a player is 1 point away; m.games >= 0.
  constexpr BasicMatch(const SessionRules& rules, const MatchInProgress<V>& m) noexcept
      : rules_(rules),
        game_(m.game),
        last_(m.last),
        score_(m.score),
        games_(m.games),
        post_crawford_(m.post_crawford),
        jacoby_bit_(m.jacoby_bit) {}

  /// Checks the rules, then makes a new match.
  [[nodiscard]] static Result<BasicMatch> make(const SessionRules& rules) {
    if (auto st = validate(rules); !st.has_value()) return st.error();
    return BasicMatch(rules);
  }

  // --- observers -------------------------------------------------------------------------
  [[nodiscard]] constexpr const SessionRules& rules() const noexcept { return rules_; }
  [[nodiscard]] constexpr const game_type& game() const noexcept { return game_; }
  /// Points of each player so far.
  [[nodiscard]] constexpr const std::array<int, 2>& score() const noexcept { return score_; }
  /// Games finished so far.
  [[nodiscard]] constexpr int games_played() const noexcept { return games_; }
  /// The result of the last finished game. Precondition: games_played() > 0.
  [[nodiscard]] constexpr const GameResult& last_result() const noexcept { return last_; }
  /// The match is won (never for money play).
  [[nodiscard]] constexpr bool over() const noexcept { return winner_ >= 0; }
  /// The match winner (player 0 or 1); none while the match goes on and in money play.
  [[nodiscard]] constexpr std::optional<int> winner() const noexcept {
    return winner_ >= 0 ? std::optional<int>(winner_) : std::nullopt;
  }
  /// The current game is the Crawford game (BG-10.2).
  [[nodiscard]] constexpr bool crawford_game() const noexcept { return game_.crawford(); }
  /// The Crawford game has been played: the later games are post-Crawford (cube in play).
  [[nodiscard]] constexpr bool post_crawford() const noexcept { return post_crawford_; }

  /// The Jacoby flag a Match ID of this match writes: the rules' effective Jacoby rule, or the
  /// flag of the ID the match was restored from (in a match the flag has no effect, BG-9.3).
  [[nodiscard]] constexpr bool jacoby_bit() const noexcept { return jacoby_bit_; }

  // --- actions (see BasicGame) -------------------------------------------------------------
  Status opening_roll(int die0, int die1) {
    return act([&](game_type& g) { return g.opening_roll(die0, die1); });
  }
  Status roll(Dice dice) {
    return act([&](game_type& g) { return g.roll(dice); });
  }
  /// The opening throw (until the dice differ) or the turn's throw, with dice from `rng`.
  Status roll(Rng& rng) {
    if (game_.phase() == Phase::Opening) {
      Status st;
      while (st.has_value() && game_.phase() == Phase::Opening) {
        const Dice d = throw_dice(rng);
        st = opening_roll(d.d1(), d.d2());
      }
      return st;
    }
    return roll(throw_dice(rng));
  }
  Status double_cube() {
    return act([&](game_type& g) { return g.double_cube(); });
  }
  Status take() {
    return act([&](game_type& g) { return g.take(); });
  }
  Status beaver() {
    return act([&](game_type& g) { return g.beaver(); });
  }
  Status drop() {
    return act([&](game_type& g) { return g.drop(); });
  }
  Status resign(Resign kind) {
    return act([&](game_type& g) { return g.resign(kind); });
  }
  Status accept() {
    return act([&](game_type& g) { return g.accept(); });
  }
  Status reject() {
    return act([&](game_type& g) { return g.reject(); });
  }
  Status play(const Play& p) {
    return act([&](game_type& g) { return g.play(p); });
  }
  /// Precondition: `p` is one of game().legal_plays() and the match is not over.
  void play_unchecked(const Play& p) noexcept {
    game_.play_unchecked(p);
    if (game_.over()) finish_game();
  }

  friend constexpr bool operator==(const BasicMatch&, const BasicMatch&) noexcept = default;

 private:
  template <class F>
  Status act(F&& f) {
    if (over()) return make_error(ErrorCode::illegal_action, "the match is over", "match");
    Status st = f(game_);
    if (st.has_value() && game_.over()) finish_game();
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
        next_crawford =
            !post_crawford_ && (score_[0] == rules_.match_length - 1 || score_[1] == rules_.match_length - 1);
      }
      game_ = game_type(rules_, next_crawford);
    } else {
      game_ = game_type(rules_, false);
    }
  }

  SessionRules rules_{};
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

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
