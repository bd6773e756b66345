#pragma once
/// \file
/// BasicGame<V>: one game of backgammon as it is played, a state machine and an allocation-free
/// value type: opening throw (BG-2.1), turns with the doubling cube (BG-8), plays (BG-3..6),
/// resignations (BG-7.7), automatic doubles (BG-9.1), scoring (BG-7, BG-9.2).
///
/// Players are 0 and 1 (as in GNU Backgammon's Match ID). The position is kept from the view of
/// the player on roll (`on_roll()`, GNU Backgammon's fMove); `turn()` is the player who must
/// make the next decision (fTurn: the opponent while a double or a resignation is offered).
/// Every action returns a Status; a refused action leaves the game unchanged.

#include "boardrules/core/config.hpp"

#include <cstdint>
#include <optional>
#include <string>

#include "boardrules/backgammon/game/cube.hpp"
#include "boardrules/backgammon/game/resolve_play.hpp"
#include "boardrules/backgammon/game/scoring.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/error.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// Where a game stands: whose decision, of which kind.
enum class Phase : std::uint8_t {
  Opening,    ///< waiting for the opening throw, one die each (BG-2.1)
  TurnStart,  ///< the player on roll may double (if allowed) or roll (BG-8.1)
  Doubled,    ///< a double is offered: the opponent takes, drops (or beavers) (BG-8.4)
  Rolled,     ///< the dice are thrown: the player on roll plays (BG-3)
  Resigned,   ///< a resignation is offered: the opponent accepts or rejects (BG-7.7)
  Over,       ///< the game is finished: result()
};

/// The kinds of resignation (BG-7.7): the resigning player concedes a single game, a gammon or a
/// backgammon. The values are GNU Backgammon's (1, 2, 3).
enum class Resign : std::uint8_t { Single = 1, Gammon = 2, Backgammon = 3 };

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// The WinKind a resignation concedes.
[[nodiscard]] constexpr WinKind to_win_kind(Resign r) noexcept {
  return r == Resign::Single ? WinKind::Single : r == Resign::Gammon ? WinKind::Gammon : WinKind::Backgammon;
}

/// The play of `dice` in `pos` when there is only one (BG-3.9: one distinct resulting position):
/// the empty play when no play is legal (the turn passes, BG-5.4), else that play; nullopt when
/// the player has a choice. For front ends that play forced moves by themselves.
template <class V>
[[nodiscard]] std::optional<Play> forced_play(const BasicPosition<V>& pos, Dice dice) noexcept {
  PlayList list;
  generate_plays(pos, dice, list);
  if (list.size() > 1) return std::nullopt;
  return list.empty() ? Play{} : list[0];
}

namespace detail {
/// Steps of a user's play checked one by one on a plain board, without trusting the play.
/// Returns an empty string and sets `out` when every step is a possible single-die move;
/// otherwise the reason. (Legality of the play as a whole is checked against generate_plays.)
template <class V>
std::string game_apply_steps(const BasicPosition<V>& pos, Dice dice, const Play& play, BasicPosition<V>& out) {
  std::array<int, 4> dice_left{dice.d1(), dice.d2(), dice.is_double() ? dice.d1() : 0,
                               dice.is_double() ? dice.d1() : 0};
  out = pos;
  for (std::size_t i = 0; i < play.size && i < 4; ++i) {
    const int from = play.from[i];
    const int to = play.to[i];
    auto step_name = [&] {
      return "step " + std::to_string(i + 1) + " (" + std::to_string(from) + "/" + std::to_string(to) + ")";
    };
    if (from < 1 || from > kBar) return step_name() + ": the start point must be 1..24 or 25 (the bar)";
    if (to < kOff || to > 24) return step_name() + ": the end point must be 1..24 or 0 (off)";
    if (to >= from) return step_name() + ": checkers move forward, from a higher to a lower point (BG-1.3)";
    // The die this step uses: from - to; bearing off (BG-6.2, BG-6.4), the exact die or else the
    // smallest higher one left.
    int used = -1;
    for (std::size_t k = 0; k < 4; ++k)
      if (dice_left[k] == from - to) used = static_cast<int>(k);
    if (used < 0 && to == kOff) {
      for (std::size_t k = 0; k < 4; ++k)
        if (dice_left[k] > from && (used < 0 || dice_left[k] < dice_left[static_cast<std::size_t>(used)]))
          used = static_cast<int>(k);
    }
    if (used < 0)
      return step_name() + (to == kOff
                                ? ": no die left bears off from point " + std::to_string(from) + " (BG-6.2, BG-6.4)"
                                : ": no die of " + std::to_string(from - to) + " is left to play");
    const int die = dice_left[static_cast<std::size_t>(used)];
    if (const StepError e = check_step(out, from, die); e != StepError::None)
      return step_name() + ": " + step_error_message(e, from, die);
    dice_left[static_cast<std::size_t>(used)] = 0;
    (void)apply_step(out, from, to);
  }
  return {};
}
}  // namespace detail

/// One game as a state machine (see the file comment). A small trivially copyable value.
template <class V = Standard>
class BasicGame {
 public:
  using position_type = BasicPosition<V>;

  /// A new game waiting for its opening throw. `crawford_game`: the cube is out of play (BG-10.2).
  /// Precondition: validate(rules).has_value().
  constexpr explicit BasicGame(const SessionRules& rules = SessionRules{}, bool crawford_game = false) noexcept
      : rules_(rules), crawford_(crawford_game) {}

  /// The parts of a game in progress, for resume(); name them with designated initialisers:
  /// `Game::resume(rules, {.position = p, .on_roll = 1, .phase = Phase::Rolled, .dice = Dice(6, 5)})`.
  struct Parts {
    position_type position = position_type::start();  ///< seen from `on_roll`
    int on_roll = 0;                                  ///< the player on roll, 0 or 1
    Cube cube{};                                      ///< the cube (BG-8)
    Phase phase = Phase::TurnStart;                   ///< where the game stands
    Dice dice{};                                      ///< the throw, when the player on roll has thrown (then required)
    Resign offer = Resign::Single;                    ///< the resignation offered, phase Resigned (BG-7.7)
    Phase resume_phase = Phase::TurnStart;            ///< phase Resigned: TurnStart or Rolled, where play resumes
    int beavers = 0;                                  ///< phase Doubled: 1 a beaver pending, 2 a raccoon (BG-9.4)
    bool crawford_game = false;                       ///< the Crawford game: the cube is out of play (BG-10.2)
  };

  /// A game in progress built from its parts (e.g. decoded from a GNUbg ID). `position` is seen
  /// from `on_roll`. The parts are checked as play would have made them: the position by
  /// validate() (BG-1.1: every checker of both sides, no point held by both), the cube against the
  /// rules and the Crawford game, a double on offer must be one the doubler could offer (BG-8.1, BG-8.3,
  /// BG-8.5, BG-10.2), a resignation follows a turn's start or a throw with a play. A throw with
  /// no legal play passes the turn at once, as roll() does (BG-3.8): the game is returned at the
  /// opponent's turn start.
  [[nodiscard]] static Result<BasicGame> resume(const SessionRules& rules, const Parts& parts) {
    const bool crawford_game = parts.crawford_game;
    const position_type& position = parts.position;
    const int on_roll = parts.on_roll;
    const Cube cube = parts.cube;
    const Phase phase = parts.phase;
    const Dice dice = parts.dice;
    const Resign offer = parts.offer;
    const Phase resume_phase = parts.resume_phase;
    const int beavers = parts.beavers;
    if (on_roll < 0 || on_roll > 1)
      return make_error(ErrorCode::out_of_range, "player on roll must be 0 or 1", "on roll");
    if (cube.value() > rules.max_cube()) return make_error(ErrorCode::out_of_range, "cube value above the cap", "cube");
    if (crawford_game && (cube.value() != 1 || !cube.is_centered()))
      return make_error(ErrorCode::invalid_state, "the cube is out of play in the Crawford game (BG-10.2)", "cube");
    if (phase == Phase::Over || phase == Phase::Opening)
      return make_error(ErrorCode::invalid_state, "resume() takes a game in progress", "phase");
    if (auto st = validate(position); !st.has_value()) return st.error();
    if (game_over(position)) return make_error(ErrorCode::invalid_state, "the position is a finished game", "position");
    if (beavers != 0 && (phase != Phase::Doubled || beavers < 0 || beavers > 2))
      return make_error(ErrorCode::invalid_state,
                        "a pending beaver (1) or raccoon (2) can be resumed, nothing more (BG-9.4)", "beaver");
    if (phase == Phase::Doubled) {
      if (crawford_game)
        return make_error(ErrorCode::invalid_state, "no doubling in the Crawford game (BG-10.2)", "double");
      if (beavers == 0) {
        if (!cube.has_access(on_roll))
          return make_error(ErrorCode::invalid_state, "the doubler has no access to the cube (BG-8.3)", "double");
      } else {
        // A beaver pending (BG-9.4): the doubled player took the cube at the doubled value and
        // redoubled; the original doubler (the player on roll) decides. A raccoon pending: the
        // doubler took that at its value and redoubled again; the beaver's player decides. Either
        // way the cube is kept by the opponent of the player on roll, as gnubg records it.
        if (!rules.effective_beavers())
          return make_error(ErrorCode::invalid_state, "beavers are not allowed (BG-9.4)", "beaver");
        if (beavers > rules.beavers)
          return make_error(
              ErrorCode::invalid_state,
              "a raccoon is pending but the rules allow " + std::to_string(rules.beavers) + " beaver in a row (BG-9.4)",
              "beaver");
        const int least = beavers == 1 ? 2 : 4;
        if (cube.owner() != 1 - on_roll || cube.value() < least)
          return make_error(ErrorCode::invalid_state,
                            std::string("after a ") + (beavers == 1 ? "beaver" : "raccoon") +
                                " the cube is kept by the opponent of the player on roll at " + std::to_string(least) +
                                " or more (BG-9.4)",
                            "cube");
      }
      if (cube.value() * 2 > rules.max_cube())
        return make_error(ErrorCode::invalid_state,
                          "the double would take the cube above " + std::to_string(rules.max_cube()) + " (BG-8.5)",
                          "cube");
    }
    if (phase == Phase::Resigned && resume_phase != Phase::TurnStart && resume_phase != Phase::Rolled)
      return make_error(ErrorCode::invalid_state, "a resignation is offered at the start of a turn or after the throw",
                        "resigned");
    const bool rolled = phase == Phase::Rolled || (phase == Phase::Resigned && resume_phase == Phase::Rolled);
    if (rolled) {
      if (!dice.valid()) return Dice::from(dice.d1(), dice.d2()).error();  // no dice, or a die outside 1..6
      if (phase == Phase::Resigned && !has_any_play(position, dice))
        return make_error(ErrorCode::invalid_state,
                          "a throw with no legal play passes the turn at once (BG-3.8): no resignation can follow it",
                          "resigned");
    }
    BasicGame g(rules, crawford_game);
    g.pos_ = position;
    g.on_roll_ = static_cast<std::uint8_t>(on_roll);
    g.cube_ = cube;
    g.phase_ = phase;
    // The player to decide: the doubler's opponent for a double or a raccoon, the doubler after
    // a beaver; the resigner's opponent for a resignation.
    const bool opponent_decides = (phase == Phase::Doubled && beavers != 1) || phase == Phase::Resigned;
    g.turn_ = static_cast<std::uint8_t>(opponent_decides ? 1 - on_roll : on_roll);
    g.beavers_ = static_cast<decltype(g.beavers_)>(beavers);
    if (rolled) g.dice_ = Dice::unchecked(dice.high(), dice.low());  // high die first, as roll() keeps it
    g.offer_ = offer;
    g.resume_ = resume_phase;
    if (phase == Phase::Rolled && !has_any_play(position, dice)) g.end_turn(position);
    return g;
  }

  // --- observers -------------------------------------------------------------------------
  [[nodiscard]] constexpr Phase phase() const noexcept { return phase_; }
  [[nodiscard]] constexpr bool over() const noexcept { return phase_ == Phase::Over; }
  /// The position seen from the player on roll.
  [[nodiscard]] constexpr const position_type& position() const noexcept { return pos_; }
  /// The position seen from `player`.
  [[nodiscard]] constexpr position_type position_of(int player) const noexcept {
    return player == on_roll_ ? pos_ : pos_.flipped();
  }
  /// The player on roll, or who did roll (GNU Backgammon's fMove). Meaningless in Opening.
  [[nodiscard]] constexpr int on_roll() const noexcept { return on_roll_; }
  /// The player to make the next decision (GNU Backgammon's fTurn).
  [[nodiscard]] constexpr int turn() const noexcept { return turn_; }
  [[nodiscard]] constexpr Cube cube() const noexcept { return cube_; }
  /// The dice thrown this turn (in Rolled, and in Resigned when offered after rolling): high die
  /// first after roll() and resume() (BG-3.1), as given by opening_roll(); otherwise the last
  /// throw, or no dice (Dice{}, valid() false) before the first throw of the game (see
  /// dice_rolled()).
  [[nodiscard]] constexpr Dice dice() const noexcept { return dice_; }
  /// True while the dice of dice() are this turn's throw (Rolled, or Resigned after the throw).
  [[nodiscard]] constexpr bool dice_rolled() const noexcept {
    return phase_ == Phase::Rolled || (phase_ == Phase::Resigned && resume_ == Phase::Rolled);
  }
  /// This is the Crawford game: no doubling (BG-10.2).
  [[nodiscard]] constexpr bool crawford() const noexcept { return crawford_; }
  [[nodiscard]] constexpr const SessionRules& rules() const noexcept { return rules_; }
  /// The resignation on offer (valid in Resigned).
  [[nodiscard]] constexpr Resign resignation() const noexcept { return offer_; }
  /// Automatic doubles done in the opening (BG-9.1).
  [[nodiscard]] constexpr int auto_doubles() const noexcept { return auto_doubles_; }
  /// The result. Precondition: over().
  [[nodiscard]] constexpr const GameResult& result() const noexcept { return result_; }

  /// May the player on roll double now? TurnStart, not the Crawford game, access to the cube
  /// (BG-8.3), and the doubled value within the cap (BG-8.5).
  [[nodiscard]] constexpr bool may_double() const noexcept {
    return phase_ == Phase::TurnStart && !crawford_ && cube_.has_access(on_roll_) &&
           cube_.value() * 2 <= rules_.max_cube();
  }
  /// May the player facing a double (or a beaver) redouble at once now, as a beaver (or a
  /// raccoon)? Money play with beavers on, fewer than rules().beavers in a row so far, and the
  /// cube offered next within the cap (BG-9.4, BG-8.5).
  [[nodiscard]] constexpr bool may_beaver() const noexcept {
    return phase_ == Phase::Doubled && rules_.effective_beavers() && beavers_ < rules_.beavers &&
           cube_.value() * 4 <= rules_.max_cube();
  }
  /// Beavers and raccoons made since the double now offered (0 when none or no double offered).
  [[nodiscard]] constexpr int beavers_in_a_row() const noexcept { return beavers_; }
  /// The cube value on offer while a double is pending: twice cube().value() (BG-8.1).
  [[nodiscard]] constexpr int offered_value() const noexcept { return cube_.value() * 2; }
  /// May the player on roll offer a resignation of `kind` now (before or after rolling)?
  /// Decision (as GNU Backgammon): after the opponent rejected an offer, only a higher offer may
  /// follow until the next throw, play or cube action.
  [[nodiscard]] constexpr bool may_resign(Resign kind = Resign::Backgammon) const noexcept {
    return (phase_ == Phase::TurnStart || phase_ == Phase::Rolled) && static_cast<int>(kind) > declined_;
  }

  /// The legal plays of the thrown dice (Rolled only; else the list is emptied).
  void legal_plays(PlayList& list) const noexcept {
    list.clear();
    if (phase_ == Phase::Rolled) generate_plays(pos_, dice_, list);
  }

  // --- actions ---------------------------------------------------------------------------
  /// The opening throw (BG-2.1): `die0` is player 0's die, `die1` player 1's. Equal dice are
  /// thrown again (the game stays in Opening); in money play with automatic doubles the cube
  /// doubles, up to the limit and the cap (BG-9.1, BG-2.3). Otherwise the higher die's player
  /// plays both dice.
  Status opening_roll(int die0, int die1) {
    if (phase_ != Phase::Opening) return refuse("the opening throw was already made", "opening roll");
    const Result<Dice> opening = Dice::from(die0, die1);
    if (!opening) return opening.error();
    if (die0 == die1) {
      if (auto_doubles_ < rules_.effective_auto_doubles() && cube_.value() * 2 <= rules_.max_cube()) {
        cube_ = cube_.auto_doubled();
        ++auto_doubles_;
      }
      return {};
    }
    on_roll_ = static_cast<std::uint8_t>(die0 > die1 ? 0 : 1);
    turn_ = on_roll_;
    pos_ = position_type::start();
    dice_ = *opening;
    phase_ = Phase::Rolled;
    play_if_forced();
    return {};
  }

  /// The player on roll throws without doubling (kept high die first, BG-3.1). A throw with no
  /// legal play passes the turn at once (BG-5.4, BG-3.8); with rules().auto_forced_moves, so does
  /// a throw with one legal play, which is played.
  Status roll(Dice dice) {
    if (phase_ != Phase::TurnStart) return refuse("dice may be thrown only at the start of a turn", "roll");
    if (!dice.valid()) return Dice::from(dice.d1(), dice.d2()).error();  // no dice (Dice{}), or a die outside 1..6
    // The order of a throw's dice carries nothing after the opening (BG-3.1): kept high die
    // first, so that 1-3 and 3-1 (a record may write either) make the same game.
    dice_ = Dice::unchecked(dice.high(), dice.low());
    phase_ = Phase::Rolled;
    declined_ = 0;
    if (!has_any_play(pos_, dice_)) end_turn(pos_);
    else play_if_forced();
    return {};
  }

  /// The player on roll offers a double (BG-8.1, BG-8.2: also when it cannot move).
  Status double_cube() {
    if (phase_ != Phase::TurnStart)
      return refuse("a double may be offered only at the start of the turn, before rolling (BG-8.1)", "double");
    if (crawford_) return refuse("no doubling in the Crawford game (BG-10.2)", "double");
    if (!cube_.has_access(on_roll_)) return refuse("the opponent owns the cube (BG-8.3)", "double");
    if (cube_.value() * 2 > rules_.max_cube())
      return refuse("the cube may not go above " + std::to_string(rules_.max_cube()) + " (BG-8.5)", "double");
    phase_ = Phase::Doubled;
    turn_ = static_cast<std::uint8_t>(1 - on_roll_);
    declined_ = 0;
    beavers_ = 0;
    return {};
  }

  /// The player facing the double takes: the stake doubles (BG-8.4). The cube goes to the
  /// doubler's opponent: the taker of a double, or the player who beavered (BG-9.4: after a
  /// beaver, and after a raccoon, as GNU Backgammon keeps it).
  Status take() {
    if (phase_ != Phase::Doubled) return refuse("no double is offered", "take");
    cube_ = cube_.taken_by(1 - on_roll_);
    phase_ = Phase::TurnStart;
    turn_ = on_roll_;
    beavers_ = 0;
    return {};
  }

  /// The player facing a double beavers: accepts it and redoubles at once (BG-9.4). The cube
  /// stands at the doubled value and the other player now takes, drops (losing that value) or,
  /// within the option's limit, redoubles again (a raccoon, which is a beaver by the original
  /// doubler). As GNU Backgammon records it: the cube value doubles and its owner is the
  /// opponent of the player on roll while the redouble is pending.
  Status beaver() {
    if (phase_ != Phase::Doubled) return refuse("no double is offered", "beaver");
    if (!rules_.effective_beavers()) return refuse("beavers are not allowed (BG-9.4)", "beaver");
    if (beavers_ >= rules_.beavers)
      return refuse("no more than " + std::to_string(rules_.beavers) + " beaver" + (rules_.beavers == 1 ? "" : "s") +
                        " and raccoons in a row are allowed (BG-9.4)",
                    "beaver");
    if (cube_.value() * 4 > rules_.max_cube()) return refuse("the cube would exceed its cap (BG-8.5)", "beaver");
    cube_ = cube_.taken_by(1 - on_roll_);
    turn_ = static_cast<std::uint8_t>(1 - turn_);
    ++beavers_;
    return {};
  }

  /// The player facing the double passes: the other player wins the value of the cube before
  /// that double (BG-8.4; after a beaver, the value the beaver accepted).
  Status drop() {
    if (phase_ != Phase::Doubled) return refuse("no double is offered", "drop");
    finish(GameResult{1 - turn_, cube_.value(), WinKind::Single, EndReason::Dropped, cube_.value()});
    return {};
  }

  /// The player to decide offers to resign a single game, a gammon or a backgammon (BG-7.7),
  /// before or after rolling.
  Status resign(Resign kind) {
    if (phase_ != Phase::TurnStart && phase_ != Phase::Rolled)
      return refuse("a resignation may be offered only by the player on roll, before or after rolling", "resign");
    if (kind != Resign::Single && kind != Resign::Gammon && kind != Resign::Backgammon)
      return refuse("unknown kind of resignation", "resign", ErrorCode::out_of_range);
    if (static_cast<int>(kind) <= declined_)
      return refuse("the opponent has just rejected a resignation of this value; only a higher one may be offered now",
                    "resign");
    offer_ = kind;
    resume_ = phase_;
    phase_ = Phase::Resigned;
    turn_ = static_cast<std::uint8_t>(1 - on_roll_);
    return {};
  }

  /// The opponent accepts the resignation and wins what was conceded: the cube value times 1, 2
  /// or 3 (BG-7.7). Decision (as GNU Backgammon): the Jacoby rule does not reduce a conceded
  /// gammon (it governs games played out); with bg_as_gammon a backgammon counts 2 (BG-7.6).
  Status accept() {
    if (phase_ != Phase::Resigned) return refuse("no resignation is offered", "accept");
    const WinKind k = to_win_kind(offer_);
    const int m = win_multiplier(k, rules_.bg_as_gammon, /*jacoby_applies=*/false);
    finish(GameResult{turn_, cube_.value() * m, k, EndReason::Resigned, cube_.value()});
    return {};
  }

  /// The opponent rejects the resignation: play goes on where it stopped.
  Status reject() {
    if (phase_ != Phase::Resigned) return refuse("no resignation is offered", "reject");
    declined_ = static_cast<std::uint8_t>(offer_);
    phase_ = resume_;
    turn_ = on_roll_;
    return {};
  }

  /// The player on roll plays `play` (steps in its own numbering). The play must be one of the
  /// legal plays (BG-3..6): same number of dice as the maximum (BG-3.6), each step a single die,
  /// and the resulting position one of generate_plays's. A play is identified by the position it
  /// reaches (BG-3.9): steps that move a checker by several dice at once (5/off for 5/4/off with
  /// 6-1, 24/13 with 6-5) are accepted when exactly one legal play ends so (resolve_play). An
  /// empty play is accepted only when no play is legal (but such throws already passed the turn
  /// in roll()).
  /// A Play that is no play's shape (more than four steps, a point out of range, check_play_shape)
  /// is refused with ErrorCode::illegal_action before its steps are read.
  [[gnu::noinline]] Status play(const Play& play) {
    if (phase_ != Phase::Rolled) return refuse("no dice are thrown to play", "move");
    if (Status shape = check_play_shape(play); !shape) return shape;
    PlayList legal;
    generate_plays(pos_, dice_, legal);
    if (legal.empty()) {
      if (play.size != 0) return refuse("no legal play exists for this throw: the turn passes (BG-3.8)", "move");
      end_turn(pos_);
      return {};
    }
    if (play.size == 0) return refuse("a legal play exists: a player may not pass (BG-3.5)", "move");
    std::string why;
    if (play.size != legal[0].size) {
      why = "this throw must be played with " + std::to_string(legal[0].size) + " dice, not " +
            std::to_string(play.size) + " (BG-3.6)";
    } else {
      position_type after;
      why = detail::game_apply_steps(pos_, dice_, play, after);
      if (why.empty()) {
        for (const Play& p : legal) {
          if (apply(pos_, p) == after) {
            end_turn(after);
            return {};
          }
        }
        why =
            "not a legal play of this throw: the dice must be used fully, the higher die first when only one can be "
            "played (BG-3.6, BG-3.7, BG-6.4)";
      }
    }
    // Not a play of single-die steps: the legal play reaching the same position, if one does.
    if (auto same = resolve_play(pos_, dice_, segments_of(play)); same.has_value()) {
      end_turn(apply(pos_, *same));
      return {};
    }
    return refuse(why, "move");
  }

  /// Plays `play` without checking it. Precondition: `play` is one of legal_plays().
  constexpr void play_unchecked(const Play& play) noexcept {
    detail::apply_flipped_into(pos_, play, pos_);  // the next player's view, written in place
    if (pos_.borne_off(Side::Opponent) >= V::kCheckers) {
      end_turn(pos_.flipped());  // the mover bore off its last checker: the game ends (BG-7.1)
      return;
    }
    declined_ = 0;
    on_roll_ = static_cast<std::uint8_t>(1 - on_roll_);
    turn_ = on_roll_;
    phase_ = Phase::TurnStart;
  }

  friend constexpr bool operator==(const BasicGame&, const BasicGame&) noexcept = default;

 private:
  static Status refuse(std::string why, std::string where, ErrorCode code = ErrorCode::illegal_action) {
    return make_error(code, std::move(why), std::move(where));
  }

  /// With rules().auto_forced_moves, plays the throw's play at once when it is the only one (as
  /// GNU Backgammon's "set automatic move"). Precondition: Rolled, some play legal.
  void play_if_forced() noexcept {
    if (!rules_.auto_forced_moves) return;
    if (const auto only = forced_play(pos_, dice_)) end_turn(apply(pos_, *only));
  }

  /// After the mover's play (position still from its view): game over, or the other side's turn.
  constexpr void end_turn(const position_type& after) noexcept {
    if (after.borne_off(Side::Mover) >= V::kCheckers) {
      pos_ = after;
      const WinKind k = win_kind(after);
      finish(GameResult{on_roll_, game_points(k, cube_, rules_), k, EndReason::BorneOff, cube_.value()});
      return;
    }
    declined_ = 0;
    pos_ = after.flipped();
    on_roll_ = static_cast<std::uint8_t>(1 - on_roll_);
    turn_ = on_roll_;
    phase_ = Phase::TurnStart;
  }
  constexpr void finish(const GameResult& r) noexcept {
    result_ = r;
    phase_ = Phase::Over;
  }

  position_type pos_{position_type::start()};
  SessionRules rules_{};
  GameResult result_{};
  Cube cube_{};
  Dice dice_{};
  Phase phase_ = Phase::Opening;
  Phase resume_ = Phase::TurnStart;
  Resign offer_ = Resign::Single;
  std::uint8_t on_roll_ = 0;
  std::uint8_t turn_ = 0;
  std::uint8_t auto_doubles_ = 0;
  std::uint8_t declined_ = 0;  ///< value of the resignation just rejected (0: none since the last action)
  std::uint8_t beavers_ = 0;   ///< beavers and raccoons since the pending double (BG-9.4)
  bool crawford_ = false;
};

/// The standard game.
using Game = BasicGame<Standard>;

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
