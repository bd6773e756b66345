#pragma once
/// \file
/// BasicState<V>: an interface for game-playing AIs in the spirit of OpenSpiel over a match (or
/// a money game): whose decision it is or a chance node, the chance outcomes with their
/// probabilities, the legal actions at every decision (cube actions and plays), apply, terminal,
/// returns. A cheap-to-copy value (copy to search). Invalid actions are refused with an Error
/// and leave the state unchanged.
///
/// Nodes:
///   Opening throw         chance: 30 ordered pairs (die of player 0, die of player 1), 1/30 each;
///                         36 pairs (1/36, ties included) while an automatic double can happen.
///   Start of a turn       decision of the player on roll when it may double (or resignations
///                         are on): Roll (no double), Double, [Resign x3]; otherwise chance.
///   Throw                 chance: the 21 rolls, 1/36 for a double, 2/36 otherwise.
///   Dice thrown           decision: one Play per distinct legal play [, Resign x3]. A throw
///                         with no legal play passes the turn by itself.
///   Double offered        decision of the opponent: Take, Drop [, Beaver].
///   Resignation offered   decision of the opponent: Accept, Reject.
/// Terminal: the match is over; in money play, after `StateOptions::money_games` games. With
/// per-game returns (StateOptions::returns, Returns::Points or Returns::Equity) each game is an
/// episode: the state is terminal when its game ends, returns() gives what that game won or
/// lost, and next_game() goes on with the session's next game at the new score.
///
/// It satisfies boardrules::GameState (core/game_state.hpp): at a chance node both legal_actions
/// overloads give nothing (no decision) and chance_outcomes the throws (chance_actions as Action
/// structs); decisions are numbered in increasing order.
/// Defaults: a default-constructed state is one game of money play (default_rules() =
/// SessionRules{}, as a default Game and Match; StateOptions{}: one game);
/// to_string() writes whatever differs from these, so from_string(s.to_string()) restores s
/// (the text form: state_text.hpp, included at the end of this header).

#include "boardrules/core/config.hpp"

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/ai/actions.hpp"
#include "boardrules/backgammon/ai/observation.hpp"
#include "boardrules/backgammon/detail/sort_ids.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "boardrules/backgammon/game/match_equity.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/core/fixed_list.hpp"
#include "boardrules/core/game_state.hpp"
#include "boardrules/core/random.hpp"

// ISA-neutral value types (config.hpp): one type in every translation unit, members forced
// inline.
namespace boardrules::backgammon {

/// What an action does.
enum class ActionKind : std::uint8_t {
  OpeningRoll,  ///< chance: dice.d1() = player 0's die, dice.d2() = player 1's (BG-2.1)
  Roll,         ///< chance: the throw `dice`
  NoDouble,     ///< decision: roll without doubling
  Double,       ///< decision: offer a double (BG-8.1)
  Take,         ///< decision: take the double (BG-8.4)
  Drop,         ///< decision: pass the double (BG-8.4)
  Beaver,       ///< decision: take and redouble at once (BG-9.4, option)
  Move,         ///< decision: play `play`
  Resign,       ///< decision: offer to resign `resign` (BG-7.7, option of the state)
  Accept,       ///< decision: accept the resignation
  Reject,       ///< decision: reject the resignation
};

/// One action: self-describing, so that it stays meaningful across copies of the state.
struct Action {
  ActionKind kind = ActionKind::NoDouble;
  Dice dice{};                                             ///< OpeningRoll, Roll
  backgammon::Resign resign = backgammon::Resign::Single;  ///< Resign
  Play play{};                                             ///< Move

  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Action of(ActionKind k) noexcept {
    return Action{k, Dice{}, backgammon::Resign::Single, Play{}};
  }
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Action roll(Dice d) noexcept {
    return Action{ActionKind::Roll, d, backgammon::Resign::Single, Play{}};
  }
  /// The opening throw die0-die1. Dice that are not both 1..6 give no dice (Dice{}), which
  /// apply_action refuses (ErrorCode::out_of_range); Game::opening_roll names the bad die.
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Action opening(int die0, int die1) noexcept {
    const bool ok = die0 >= 1 && die0 <= 6 && die1 >= 1 && die1 <= 6;
    return Action{ActionKind::OpeningRoll, ok ? Dice::unchecked(die0, die1) : Dice{}, backgammon::Resign::Single,
                  Play{}};
  }
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Action move(const Play& p) noexcept {
    return Action{ActionKind::Move, Dice{}, backgammon::Resign::Single, p};
  }
  [[nodiscard]] BOARDRULES_NEUTRAL static constexpr Action resignation(backgammon::Resign r) noexcept {
    return Action{ActionKind::Resign, Dice{}, r, Play{}};
  }
  BOARDRULES_NEUTRAL friend constexpr bool operator==(const Action&, const Action&) noexcept = default;
};

/// The order in which legal_actions(ActionIdList&) lists the numbers.
enum class ActionOrder : std::uint8_t {
  Increasing,  ///< increasing numbers (the GameState contract, OpenSpiel's order)
  Generated,   ///< the plays in the generator's order, then the other decisions: the same on every
               ///< build and CPU, and without the sort (the list's cost before it was sorted)
};

/// The most games a money session of the State may have: max_game_length() (1000 plies a game)
/// stays an int.
inline constexpr int kMaxMoneyGames = 2147483;

/// What returns() scores, and so where the state ends (StateOptions::returns).
enum class Returns : std::uint8_t {
  Session,  ///< the whole session: a match (+1 winner, -1 loser) or the money games (points won - lost)
  Points,   ///< one game at a time: terminal when the game ends; the points it won (+) or lost (-)
  Equity,   ///< one game of a match at a time: terminal when the game ends; the change of each
            ///< player's match winning chances by the table (match only)
};

/// Options of the AI interface.
struct StateOptions {
  bool resignations = false;           ///< offer the three resignations among the legal actions
  int money_games = 1;                 ///< money play: games before the session ends (1..kMaxMoneyGames)
  Returns returns = Returns::Session;  ///< what returns() scores (per game: see next_game())
};

}  // namespace boardrules::backgammon

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

// current_player() at a chance node (-1) and once the state is terminal (-4): defined once for
// both games in core/game_state.hpp, named here too.
using boardrules::kChancePlayer;
using boardrules::kTerminalPlayer;

// A chance outcome: `action`, its number (0..56, actions.hpp: the throws 0..20, the opening
// throws 21..56), and its probability (core/game_state.hpp). State::to_action(number) gives the
// Action struct.
using boardrules::ChanceOutcome;

/// At most 36 chance outcomes (the ordered opening pairs).
using ChanceOutcomeList = FixedList<ChanceOutcome, 36>;
/// At most kMaxPlays plays plus 3 resignation offers.
inline constexpr std::size_t kMaxActions = kMaxPlays + 3;
using ActionList = FixedList<Action, kMaxActions>;
/// Integer actions (actions.hpp): at most kMaxActions decisions.
using ActionIdList = FixedList<int, kMaxActions>;

namespace detail {
struct StateTextExtras;  // what a State text says besides the ID, the rules and the options (state_text.hpp)
}  // namespace detail

/// The OpenSpiel-like state (see the file comment).
template <class V = Standard>
class BasicState {
 public:
  using match_type = BasicMatch<V>;
  /// The lists legal_actions and chance_outcomes fill (GameState).
  using ActionIdList = backgammon::ActionIdList;
  using ChanceOutcomeList = backgammon::ChanceOutcomeList;

  /// The rules of a default-constructed state, and those from_string() assumes for what a text
  /// does not say: money play with SessionRules' defaults, as a default Game and Match (the text's
  /// GNUbg ID gives the match length, and the Jacoby rule in money play).
  [[nodiscard]] static constexpr SessionRules default_rules() noexcept { return SessionRules{}; }

  /// A new match or money session (default: default_rules(), StateOptions{}: one money game)
  /// before its first opening throw.
  /// Precondition: validate(rules).has_value(), 1 <= options.money_games <= kMaxMoneyGames. See
  /// make().
  explicit BasicState(const SessionRules& rules = default_rules(), StateOptions options = {}) noexcept
      : match_(rules), options_(options), end_games_(end_games_of(match_, options, 0)) {}
  /// Checks the rules and options.
  [[nodiscard]] static Result<BasicState> make(const SessionRules& rules, StateOptions options = {}) {
    if (auto st = validate(rules); !st.has_value()) return st.error();
    if (options.money_games < 1 || options.money_games > kMaxMoneyGames)
      return make_error(ErrorCode::out_of_range, "money_games must be 1.." + std::to_string(kMaxMoneyGames),
                        "money games");
    if (Status st = check_returns(rules, options); !st.has_value()) return st.error();
    return BasicState(rules, options);
  }
  /// A state around an existing match (e.g. from match_from_gnubg in match_id.hpp). With per-game
  /// returns the episode is the game being played (or, once the match is over, the last game).
  BasicState(const match_type& match, StateOptions options) noexcept
      : match_(match),
        options_(options),
        end_games_(end_games_of(match_, options, match.over() ? match.games_played() - 1 : match.games_played())),
        episode_crawford_(match.game().crawford()) {}

  [[nodiscard]] const match_type& match() const noexcept { return match_; }
  [[nodiscard]] const BasicGame<V>& game() const noexcept { return match_.game(); }
  [[nodiscard]] StateOptions options() const noexcept { return options_; }

  [[nodiscard]] bool is_terminal() const noexcept { return match_.over() || match_.games_played() >= end_games_; }
  /// The session is over: the match is won, or the money session has played its games. With
  /// per-game returns a terminal state whose session is not over goes on with next_game().
  [[nodiscard]] bool session_over() const noexcept {
    return match_.over() || (!match_.rules().is_match() && match_.games_played() >= options_.money_games);
  }

  /// Per-game returns: from the end of a game (a terminal state whose session is not over), the
  /// session's next game, at the new score and waiting for its opening throw (the match started
  /// it by itself: BG-10.2 decides whether it is the Crawford game). Refused with
  /// Returns::Session, while the game is being played, and once the session is over.
  Status next_game() {
    if (options_.returns == Returns::Session)
      return make_error(ErrorCode::usage, "next_game needs per-game returns (Returns::Points or Returns::Equity)",
                        "returns");
    if (!is_terminal()) return make_error(ErrorCode::illegal_action, "the game is still being played", "next game");
    if (session_over())
      return make_error(ErrorCode::illegal_action,
                        match_.rules().is_match() ? "the match is over" : "the money session has played its games",
                        "next game");
    end_games_ = end_games_of(match_, options_, match_.games_played());
    episode_crawford_ = match_.game().crawford();
    return {};
  }
  [[nodiscard]] bool is_chance_node() const noexcept { return current_player() == kChancePlayer; }

  /// The player to act (0 or 1), kChancePlayer or kTerminalPlayer.
  [[nodiscard]] int current_player() const noexcept {
    if (is_terminal()) return kTerminalPlayer;
    const auto& g = match_.game();
    switch (g.phase()) {
      case Phase::Opening: return kChancePlayer;
      case Phase::TurnStart: return (rolling_ || !turn_decision()) ? kChancePlayer : g.on_roll();
      default: return g.turn();
    }
  }

  /// The chance outcomes of a chance node, by number in increasing order (actions.hpp: a throw
  /// 0..20, an opening throw 21..56), else the list is emptied. Probabilities sum to 1.
  void chance_outcomes(ChanceOutcomeList& out) const noexcept {
    out.clear();
    if (current_player() != kChancePlayer) return;
    if (match_.game().phase() == Phase::Opening) {
      const bool ties_matter = opening_ties_matter();
      const double p = ties_matter ? 1.0 / 36.0 : 1.0 / 30.0;
      for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
          if (a != b || ties_matter) out.push_back(ChanceOutcome{opening_chance_id(a, b), p});
      return;
    }
    for (int id = 0; id < kFirstOpeningChance; ++id)
      out.push_back(ChanceOutcome{id, roll_of_chance_id(id).probability()});
  }

  /// The legal decisions as Action structs (plays in the generator's order, as
  /// legal_actions(ids, ActionOrder::Generated) numbers them). Nothing at a chance node (its
  /// outcomes are chance_outcomes(), as Actions chance_actions()) or when terminal: the same
  /// meaning as legal_actions(ActionIdList&), the GameState contract.
  [[gnu::noinline]] void legal_actions(ActionList& out) const noexcept {
    out.clear();
    const int who = current_player();
    if (who < 0) return;  // a chance node or the end: no decision
    const auto& g = match_.game();
    switch (g.phase()) {
      case Phase::TurnStart:
        out.push_back(Action::of(ActionKind::NoDouble));
        if (g.may_double()) out.push_back(Action::of(ActionKind::Double));
        add_resignations(out);
        break;
      case Phase::Doubled:
        out.push_back(Action::of(ActionKind::Take));
        out.push_back(Action::of(ActionKind::Drop));
        if (g.may_beaver()) out.push_back(Action::of(ActionKind::Beaver));
        break;
      case Phase::Resigned:
        out.push_back(Action::of(ActionKind::Accept));
        out.push_back(Action::of(ActionKind::Reject));
        break;
      case Phase::Rolled: {
        PlayList plays;
        g.legal_plays(plays);
        for (const Play& p : plays) out.push_back(Action::move(p));
        add_resignations(out);
        break;
      }
      default: break;
    }
  }

  /// The chance outcomes as Action structs (OpeningRoll or Roll), in chance_outcomes() order; at
  /// a decision or when terminal, nothing.
  void chance_actions(ActionList& out) const noexcept {
    out.clear();
    ChanceOutcomeList c;
    chance_outcomes(c);
    for (const auto& o : c) out.push_back(small_action(o.action, true));
  }

  /// Applies a legal action; anything else is refused with the reason, the state unchanged
  /// (a throw that is not two dice 1..6: ErrorCode::out_of_range; a Play that is no play's
  /// shape: ErrorCode::illegal_action, as Game::play).
  Status apply_action(const Action& a) {
    if (is_terminal()) return make_error(ErrorCode::illegal_action, "the state is terminal", "action");
    const int who = current_player();
    const auto& g = match_.game();
    if (who == kChancePlayer) {
      if (a.kind == ActionKind::OpeningRoll && g.phase() == Phase::Opening) {
        if (!a.dice.valid()) return Dice::from(a.dice.d1(), a.dice.d2()).error();
        // a tie is an outcome only while it makes an automatic double (BG-2.1, BG-9.1)
        if (a.dice.d1() == a.dice.d2() && !opening_ties_matter())
          return make_error(ErrorCode::illegal_action,
                            "a tied opening throw is thrown again: it is not a chance outcome here (BG-2.1)", "action");
        return match_.opening_roll(a.dice.d1(), a.dice.d2());
      }
      if (a.kind == ActionKind::Roll && g.phase() == Phase::TurnStart) {
        Status st = match_.roll(a.dice);
        if (st.has_value()) rolling_ = false;
        return st;
      }
      return make_error(ErrorCode::illegal_action, "a chance node takes only the throw of the dice", "action");
    }
    switch (a.kind) {
      case ActionKind::NoDouble:
        if (g.phase() != Phase::TurnStart)
          return make_error(ErrorCode::illegal_action, "no cube decision is pending", "action");
        rolling_ = true;
        return {};
      case ActionKind::Double: return match_.double_cube();
      case ActionKind::Take: return match_.take();
      case ActionKind::Drop: return match_.drop();
      case ActionKind::Beaver: return match_.beaver();
      case ActionKind::Move: return match_.play(a.play);
      case ActionKind::Resign:
        if (!options_.resignations)
          return make_error(ErrorCode::illegal_action, "resignations are off in this state", "action");
        return match_.resign(a.resign);
      case ActionKind::Accept: return match_.accept();
      case ActionKind::Reject: return match_.reject();
      default: return make_error(ErrorCode::illegal_action, "a decision node does not take chance actions", "action");
    }
  }

  /// Applies an action taken from legal_actions() of this very state (or a chance action at a
  /// chance node), without re-checking a Move (faster for search). Precondition: it is legal.
  void apply_legal_action(const Action& a) {
    if (a.kind == ActionKind::Move) {
      match_.play_unchecked(a.play);
      return;
    }
    (void)apply_action(a);
  }

  /// Returns of each player, 0 0 before the end. Returns::Session: for a finished match +1 for the
  /// winner and -1 for the loser; for money play the points won minus the points lost.
  /// Returns::Points: the points of the game that ended, + for its winner, - for the loser.
  /// Returns::Equity: each player's match winning chances after the game minus before it (1 or 0
  /// once the match is won; before and after by the table at the score, the Crawford game or not).
  [[nodiscard]] std::array<double, 2> returns() const noexcept {
    if (!is_terminal()) return {0.0, 0.0};
    if (options_.returns == Returns::Points) {
      const GameResult& r = match_.last_result();
      const double p = r.winner == 0 ? r.points : -r.points;
      return {p, -p};
    }
    if (options_.returns == Returns::Equity) {
      const double d = episode_equity_change();
      return {d, -d};
    }
    if (match_.rules().is_match())
      return match_.winner() == 0 ? std::array<double, 2>{1.0, -1.0} : std::array<double, 2>{-1.0, 1.0};
    const double d = match_.score()[0] - match_.score()[1];
    return {d, -d};
  }

  /// A short text of an action ("roll 3-1", "move 8/5 6/5", "double", ...).
  [[nodiscard]] static std::string action_to_string(const Action& a) {
    std::string s;
    auto dice = [&s](const char* word, Dice d) {
      s = word;
      s += ' ';
      s += std::to_string(d.d1());  // as given, also when not a throw (Dice{}: "0-0")
      s += '-';
      s += std::to_string(d.d2());
    };
    switch (a.kind) {
      case ActionKind::OpeningRoll: dice("opening", a.dice); break;
      case ActionKind::Roll: dice("roll", a.dice); break;
      case ActionKind::NoDouble: s = "no double"; break;
      case ActionKind::Double: s = "double"; break;
      case ActionKind::Take: s = "take"; break;
      case ActionKind::Drop: s = "drop"; break;
      case ActionKind::Beaver: s = "beaver"; break;
      case ActionKind::Move:
        s = "move";
        for (std::size_t i = 0; i < a.play.size && i < 4; ++i) {  // a Play holds at most four steps
          s += ' ';
          s += std::to_string(a.play.from[i]);
          s += '/';
          s += std::to_string(a.play.to[i]);
          if ((a.play.hits >> i) & 1u) s += '*';
        }
        break;
      case ActionKind::Resign:
        s = a.resign == backgammon::Resign::Single   ? "resign single"
            : a.resign == backgammon::Resign::Gammon ? "resign gammon"
                                                     : "resign backgammon";
        break;
      case ActionKind::Accept: s = "accept"; break;
      case ActionKind::Reject: s = "reject"; break;
    }
    return s;
  }

  /// The state as text (state_text.hpp): its GNUbg ID (`PositionID:MatchID`, match_id.hpp), then
  /// the words for what the ID does not hold, each written only when it differs from the
  /// defaults (default_rules(), StateOptions{}, a new match). from_string() reads it back. The
  /// start of a 1-point match is "4HPwATDgc/ABMA:MAAgAAAAAAAE".
  [[nodiscard]] std::string to_string() const;

  // ---- Integer actions and observations (actions.hpp, observation.hpp) -------------------------
  // Decisions are numbered 0 .. num_distinct_actions() - 1, chance outcomes
  // 0 .. max_chance_outcomes() - 1 (see actions.hpp); a number means the action of that kind
  // which is legal in this state (a play's number depends on the dice thrown).

  [[nodiscard]] static constexpr int num_players() noexcept { return 2; }
  [[nodiscard]] static constexpr int num_distinct_actions() noexcept { return kNumDistinctActions; }
  [[nodiscard]] static constexpr int max_chance_outcomes() noexcept { return kMaxChanceOutcomes; }
  /// Not a true bound (hits send checkers back, so a game has no bounded length): 1000 nodes per
  /// game, the approximation OpenSpiel's backgammon uses, times the games the state can last (a
  /// match to N ends within 2N - 1 games, each awarding at least a point).
  [[nodiscard]] int max_game_length() const noexcept {
    const int length = match_.rules().match_length;
    if (options_.returns != Returns::Session) return 1000;  // one game
    return 1000 * (length > 0 ? 2 * length - 1 : options_.money_games);
  }
  /// {kObservationSize}.
  [[nodiscard]] static constexpr std::array<int, 1> observation_shape() noexcept {
    return {static_cast<int>(kObservationSize)};
  }
  /// Floats of observation_tensor(): kObservationSize (210).
  [[nodiscard]] static constexpr int observation_size() noexcept { return static_cast<int>(kObservationSize); }

  /// The number of a legal action of this state (for a Move: its play's number), or -1 for an
  /// action no number stands for here (an empty play, a Play that is no play's shape, dice that
  /// are not a throw...).
  [[nodiscard]] int action_id(const Action& a) const noexcept {
    const auto& g = match_.game();
    switch (a.kind) {
      case ActionKind::OpeningRoll: return a.dice.valid() ? opening_chance_id(a.dice.d1(), a.dice.d2()) : -1;
      case ActionKind::Roll: return a.dice.valid() ? roll_chance_id(a.dice) : -1;
      case ActionKind::NoDouble: return kActionNoDouble;
      case ActionKind::Double: return kActionDouble;
      case ActionKind::Take: return kActionTake;
      case ActionKind::Drop: return kActionDrop;
      case ActionKind::Beaver: return kActionBeaver;
      case ActionKind::Move:
        return g.phase() == Phase::Rolled && play_shape_ok(a.play) ? encode_play(g.position(), g.dice(), a.play) : -1;
      case ActionKind::Resign: return kActionResignSingle + static_cast<int>(a.resign) - 1;
      case ActionKind::Accept: return kActionAccept;
      case ActionKind::Reject: return kActionReject;
    }
    return -1;
  }

  /// The legal decisions as numbers, in increasing order (ActionOrder::Generated: in the order of
  /// legal_actions(ActionList&), without sorting the plays). Nothing at a chance node (its
  /// outcomes are chance_outcomes()) or when terminal.
  [[gnu::noinline]] void legal_actions(ActionIdList& out, ActionOrder order = ActionOrder::Increasing) const noexcept {
    out.clear();
    const int who = current_player();
    if (who < 0) return;  // a chance node or the end: no decision
    const auto& g = match_.game();
    if (who >= 0 && g.phase() == Phase::Rolled) {
      write_play_ids(out);
      if (order == ActionOrder::Increasing) detail::sort_ids(out.data(), out.size());
      if (!options_.resignations) return;  // the resignations, if any, are numbered above the plays
    }
    SmallIdList small;
    small_legal_ids(small);
    for (const int id : small) out.push_back(id);
  }

  /// A legal decision drawn uniformly, as a number: the same number as ids[rng.below(ids.size())]
  /// after legal_actions(ids, ActionOrder::Generated), from the same random draw, but only the
  /// play drawn is numbered (a random playout's choice without the list). -1, with no draw, at a
  /// chance node (draw the throw from chance_outcomes(), with its probability) or when the state
  /// is terminal. Allocation-free.
  [[gnu::noinline]] [[nodiscard]] int sample_legal_action(Rng& rng) const noexcept {
    const int who = current_player();
    if (who < 0) return -1;  // a chance node or the end: no decision
    const auto& g = match_.game();
    SmallIdList small;  // the actions other than plays (at a throw: resignations, if offered)
    const bool rolled = who >= 0 && g.phase() == Phase::Rolled;
    if (!rolled || options_.resignations) small_legal_ids(small);
    std::size_t plays_n = 0;
    PlayList plays;  // costs nothing to create (FixedList storage is not initialised)
    if (rolled) {
      g.legal_plays(plays);
      plays_n = plays.size();
    }
    const std::size_t k = rng.below(static_cast<std::uint32_t>(plays_n + small.size()));
    return k < plays_n ? encode_play(g.position(), g.dice(), plays[k]) : small[k - plays_n];
  }

  /// The legal Action a number stands for in this state, or an Error saying why there is none. A
  /// play of every die is decoded from its number (its steps in an order in which each is legal);
  /// a play of fewer dice is looked up among the generated plays.
  [[gnu::noinline]] [[nodiscard]] Result<Action> to_action(int id) const {
    const int who = current_player();
    if (who == kTerminalPlayer) return make_error(ErrorCode::illegal_action, "the state is terminal", "action");
    if (who == kChancePlayer) {
      if (id < 0 || id >= kMaxChanceOutcomes)
        return make_error(
            ErrorCode::out_of_range,
            "no such chance outcome: " + std::to_string(id) + " (0-" + std::to_string(kMaxChanceOutcomes - 1) + ")",
            "action");
    } else if (id < 0 || id >= kNumDistinctActions) {
      return make_error(
          ErrorCode::out_of_range,
          "no such action: " + std::to_string(id) + " (0-" + std::to_string(kNumDistinctActions - 1) + ")", "action");
    }
    if (who >= 0 && id < kNumPlayActions) {
      if (match_.game().phase() == Phase::Rolled) {
        const auto& g = match_.game();
        if (Play p{}; decode_full_play(g.position(), g.dice(), id, p)) {
          // The canonical form (see Play), the element of generate_plays. The decoded steps are
          // in it except where a non-double's two steps meet (one lands on the other's source) and
          // the play can also be read as two checkers' moves, a mover's checker standing where
          // the steps meet or on the other route's middle point (4/2 2/1 is 3/1 4/3 with a checker
          // on 3): those few plays are looked up among the generated ones.
          if (p.size == 2 && !g.dice().is_double() && (p.to[0] == p.from[1] || p.to[1] == p.from[0])) {
            const bool chain = p.to[0] == p.from[1];
            const int from = chain ? p.from[0] : p.from[1];  // the start of the one-checker route
            const int meet = chain ? p.to[0] : p.to[1];      // where the steps meet
            const int other = from - (g.dice().high() + g.dice().low() - (from - meet));  // the other route's middle
            const bool two_readings =
                g.position().mover(meet) > 0 || (other >= 1 && other <= 24 && g.position().mover(other) > 0);
            if (Play c; two_readings && canonical_play(g.position(), g.dice(), p, c)) p = c;
          }
          return Action::move(p);
        }
        PlayList plays;
        g.legal_plays(plays);
        for (const Play& p : plays)
          if (encode_play(g.position(), g.dice(), p) == id) return Action::move(p);
      }
      return make_error(ErrorCode::illegal_action, "action " + std::to_string(id) + " is no legal play of this throw",
                        "action");
    }
    if (who == kChancePlayer && id < kFirstOpeningChance && match_.game().phase() != Phase::Opening)
      return small_action(id, true);  // every throw is an outcome
    SmallIdList small;
    small_legal_ids(small);
    for (const int x : small)
      if (x == id) return small_action(id, who == kChancePlayer);
    return make_error(ErrorCode::illegal_action, "action " + std::to_string(id) + " is not legal in this state",
                      "action");
  }

  /// Applies the legal action numbered `id`; anything else is refused with the reason, the state
  /// unchanged. A play that uses every die of the throw is decoded from its number and its steps
  /// checked one by one (decode_full_play), without generating the plays; a play of fewer dice
  /// (legal only when no longer play exists, BG-3.6, BG-3.7) is looked up among the generated
  /// plays, as is every number that stands for no legal play (to say why).
  Status apply_action(int id) {
    if (!is_terminal()) {
      const auto& g = match_.game();
      if (g.phase() == Phase::Rolled) {
        if (Play p{}; decode_full_play(g.position(), g.dice(), id, p)) {
          match_.play_unchecked(p);
          return {};
        }
      } else if (g.phase() == Phase::TurnStart && id >= 0 && id < kFirstOpeningChance &&
                 (rolling_ || !turn_decision())) {
        rolling_ = false;  // a throw (every one is an outcome): Match::roll accepts it
        return match_.roll(roll_of_chance_id(id));
      } else if (g.phase() == Phase::Opening && id >= kFirstOpeningChance && id < kMaxChanceOutcomes) {
        const int die0 = (id - kFirstOpeningChance) / 6 + 1;
        const int die1 = (id - kFirstOpeningChance) % 6 + 1;
        if (die0 != die1 || opening_ties_matter()) return match_.opening_roll(die0, die1);
      }
    }
    Result<Action> a = to_action(id);
    if (!a) return a.error();
    apply_legal_action(*a);
    return {};
  }

  /// Applies the number of a legal action of this very state (from legal_actions(), a chance
  /// outcome of chance_outcomes(), or sample_legal_action()) without checking it, for search:
  /// a play of every die is decoded from its number, a play of fewer dice looked up among the
  /// generated plays. Precondition: the number is legal here (anything else is undefined).
  void apply_legal_action(int id) noexcept {
    const auto& g = match_.game();
    switch (g.phase()) {
      case Phase::Rolled:
        if (id < kNumPlayActions) {
          match_.play_unchecked(legal_play(id));
          return;
        }
        break;  // a resignation
      case Phase::TurnStart:
        if (id < kFirstOpeningChance) {  // a throw: at a chance node, the only numbers below 21
          rolling_ = false;
          (void)match_.roll(roll_of_chance_id(id));
          return;
        }
        break;
      case Phase::Opening: {
        const int k = id - kFirstOpeningChance;
        (void)match_.opening_roll(k / 6 + 1, k % 6 + 1);
        return;
      }
      default: break;
    }
    if (id == kActionNoDouble) {
      rolling_ = true;
      return;
    }
    (void)apply_action(small_action(id, false));  // a cube or resignation decision: legal, so no Error is made
  }

  /// The text of action `id` in this state (as action_to_string(Action)), "illegal <id>" if
  /// it stands for no legal action.
  [[nodiscard]] std::string action_to_string(int id) const {
    Result<Action> a = to_action(id);
    return a ? action_to_string(*a) : "illegal " + std::to_string(id);
  }
  /// The number of the legal action whose text is `s` (as action_to_string gives it).
  [[nodiscard]] Result<int> string_to_action(std::string_view s) const {
    ActionIdList ids;
    legal_actions(ids);
    for (const int id : ids)
      if (action_to_string(id) == s) return id;
    return make_error(ErrorCode::illegal_action, "'" + std::string(s) + "' is not a legal action here", "action");
  }

  /// The observation (observation.hpp) from `player`'s perspective (0 or 1) into out[0..209].
  void observation_tensor(int player, std::span<float> out) const noexcept { write_observation(match_, player, out); }
  /// The observation from the perspective of the player to act: current_player() at a decision,
  /// the player on roll at a throw, player 0 before the opening throw and at the end.
  void observation_tensor(std::span<float> out) const noexcept { write_observation(match_, observer(), out); }
  /// The player observation_tensor(out) takes the perspective of.
  [[nodiscard]] int observer() const noexcept {
    const int who = current_player();
    if (who >= 0) return who;
    if (who == kChancePlayer && match_.game().phase() != Phase::Opening) return match_.game().on_roll();
    return 0;
  }

  /// The state of a to_string() text (state_text.hpp): a GNUbg ID, then the words to_string()
  /// writes (any order, each at most once, separated by blanks). What the text does not say is
  /// taken from `rules` and `options` (by default the defaults to_string() leaves out, so that
  /// from_string(s.to_string()) restores s), the match length and the Jacoby rule from the ID.
  /// Errors name the word or the part of the ID at fault.
  [[nodiscard]] static Result<BasicState> from_string(std::string_view text,
                                                      const SessionRules& rules = default_rules(),
                                                      StateOptions options = {});

 private:
  // The state of a decoded GNUbg ID and the words of its text (state_text.hpp).
  using Extras = detail::StateTextExtras;
  static Result<BasicState> restore(const BasicPosition<V>& position, const MatchIdFields& f, SessionRules r,
                                    StateOptions options, const Extras& x);
  static Result<BasicState> restore_opening(const BasicPosition<V>& position, const MatchIdFields& f,
                                            const SessionRules& r, StateOptions options, const Extras& x);
  static Result<BasicState> restore_end(const BasicPosition<V>& position, const MatchIdFields& f, const SessionRules& r,
                                        StateOptions options, const Extras& x);

  /// The resignation the opponent has just rejected (0 when none): only a higher one may be
  /// offered until the next throw, play or cube action.
  [[nodiscard]] int declined() const noexcept {
    const auto& g = match_.game();
    if (g.phase() != Phase::TurnStart && g.phase() != Phase::Rolled) return 0;
    int k = 0;
    for (auto r : {backgammon::Resign::Single, backgammon::Resign::Gammon, backgammon::Resign::Backgammon})
      if (!g.may_resign(r)) k = static_cast<int>(r);
    return k;
  }

  /// The numbers of the legal plays (Rolled), in the generator's order, into `out`. Not inlined:
  /// the PlayList (30 KB) is on the stack only during this call, not while the caller sorts.
  [[gnu::noinline]] void write_play_ids(ActionIdList& out) const noexcept {
    const auto& g = match_.game();
    PlayList plays;  // costs nothing to create (FixedList storage is not initialised)
    g.legal_plays(plays);
    out.resize_unchecked(plays.size());
    encode_plays(g.position(), g.dice(), std::span<const Play>(plays.data(), plays.size()), out.data());
  }

  /// The legal play numbered `id`. Precondition: it is one (Rolled).
  [[nodiscard]] Play legal_play(int id) const noexcept {
    const auto& g = match_.game();
    Play p{};
    if (decode_full_play(g.position(), g.dice(), id, p)) return p;
    return generated_play(id);
  }
  /// legal_play of a play of fewer dice: looked up among the generated plays (its own frame, so
  /// that the callers' stay small).
  [[gnu::noinline]] [[nodiscard]] Play generated_play(int id) const noexcept {
    const auto& g = match_.game();
    PlayList plays;
    g.legal_plays(plays);
    for (const Play& p : plays)
      if (encode_play(g.position(), g.dice(), p) == id) return p;
    return Play{};
  }

  /// A tied opening throw makes an automatic double (BG-9.1), so is one of the outcomes.
  [[nodiscard]] bool opening_ties_matter() const noexcept {
    return match_.game().auto_doubles() < match_.rules().effective_auto_doubles() &&
           match_.game().cube().value() * 2 <= match_.rules().max_cube();
  }
  [[nodiscard]] bool turn_decision() const noexcept { return match_.game().may_double() || options_.resignations; }
  void add_resignations(ActionList& out) const noexcept {
    if (!options_.resignations) return;
    for (auto r : {backgammon::Resign::Single, backgammon::Resign::Gammon, backgammon::Resign::Backgammon})
      if (match_.game().may_resign(r)) out.push_back(Action::resignation(r));
  }
  /// The legal actions other than plays, as numbers (at most 36 chance outcomes, or a few
  /// cube and resignation decisions).
  using SmallIdList = FixedList<int, 40>;
  void small_legal_ids(SmallIdList& out) const noexcept {
    out.clear();
    const int who = current_player();
    if (who == kTerminalPlayer) return;
    const auto& g = match_.game();
    if (who == kChancePlayer) {
      if (g.phase() != Phase::Opening) {  // the 21 throws, in kAllRolls order as chance_outcomes()
        for (int id = 0; id < kFirstOpeningChance; ++id) out.push_back(id);
        return;
      }
      ChanceOutcomeList c;
      chance_outcomes(c);
      for (const auto& o : c) out.push_back(o.action);
      return;
    }
    auto resignations = [&] {
      if (!options_.resignations) return;
      for (auto r : {backgammon::Resign::Single, backgammon::Resign::Gammon, backgammon::Resign::Backgammon})
        if (g.may_resign(r)) out.push_back(kActionResignSingle + static_cast<int>(r) - 1);
    };
    switch (g.phase()) {
      case Phase::TurnStart:
        out.push_back(kActionNoDouble);
        if (g.may_double()) out.push_back(kActionDouble);
        resignations();
        break;
      case Phase::Doubled:
        out.push_back(kActionTake);
        out.push_back(kActionDrop);
        if (g.may_beaver()) out.push_back(kActionBeaver);
        break;
      case Phase::Resigned:
        out.push_back(kActionAccept);
        out.push_back(kActionReject);
        break;
      case Phase::Rolled: resignations(); break;
      default: break;
    }
  }
  /// The Action of a number that is not a play.
  [[nodiscard]] static Action small_action(int id, bool chance) noexcept {
    if (chance) {
      if (id < kFirstOpeningChance) return Action::roll(roll_of_chance_id(id));
      const int k = id - kFirstOpeningChance;
      return Action::opening(k / 6 + 1, k % 6 + 1);
    }
    if (id >= kActionResignSingle && id <= kActionResignBackgammon)
      return Action::resignation(static_cast<backgammon::Resign>(id - kActionResignSingle + 1));
    constexpr std::array<ActionKind, 10> kinds = {
        ActionKind::NoDouble, ActionKind::Double, ActionKind::Take,   ActionKind::Drop,   ActionKind::Beaver,
        ActionKind::Resign,   ActionKind::Resign, ActionKind::Resign, ActionKind::Accept, ActionKind::Reject};
    return Action::of(kinds[static_cast<std::size_t>(id - kNumPlayActions)]);
  }
  /// The games finished when the state becomes terminal: the session's end, or with per-game
  /// returns the end of the game after the `episode` games finished before it.
  static int end_games_of(const match_type& m, StateOptions o, int episode) noexcept {
    const int session_end = m.rules().is_match() ? INT_MAX : o.money_games;
    if (o.returns == Returns::Session) return session_end;
    return episode + 1 < session_end ? episode + 1 : session_end;
  }
  /// Equity returns need a match (money play has no match winning chances).
  static Status check_returns(const SessionRules& r, StateOptions o) {
    if (static_cast<unsigned>(o.returns) > static_cast<unsigned>(Returns::Equity))
      return make_error(ErrorCode::out_of_range, "returns must be Session, Points or Equity", "returns");
    if (o.returns == Returns::Equity && !r.is_match())
      return make_error(ErrorCode::usage, "equity returns need a match (match length 1 or more)", "returns");
    return {};
  }
  /// Player 0's match winning chances after the game of the episode minus before it, by the
  /// built-in table (default_met(), match_equity.hpp): before it at the score it started at, the
  /// Crawford game or not; after it 1 or 0 once the match is won, else at the new score, the
  /// next game being the Crawford game or not (post-Crawford at 1-away without it).
  /// Precondition: the state is terminal, in a match, with per-game returns.
  [[nodiscard]] double episode_equity_change() const noexcept {
    const MatchEquityTable& met = default_met();
    const int length = match_.rules().match_length;
    const GameResult& last = match_.last_result();
    std::array<int, 2> before = match_.score();
    before[static_cast<std::size_t>(last.winner)] -= last.points;
    const double was = match_winning_chances(met, length - before[0], length - before[1], episode_crawford_, 0);
    if (match_.over()) return (match_.winner() == 0 ? 1.0 : 0.0) - was;
    const auto& now = match_.score();
    return match_winning_chances(met, length - now[0], length - now[1], match_.game().crawford(), 0) - was;
  }

  match_type match_;
  StateOptions options_{};
  int end_games_ = INT_MAX;        ///< is_terminal() once this many games are finished (see end_games_of)
  bool rolling_ = false;           ///< the player on roll chose not to double: the throw is next
  bool episode_crawford_ = false;  ///< per-game returns: the episode's game is the Crawford game
};

/// The standard state, and those of the other variants (variant.hpp).
using State = BasicState<Standard>;
using NackgammonState = BasicState<Nackgammon>;
using HypergammonState = BasicState<Hypergammon>;
static_assert(boardrules::GameState<State> && boardrules::GameState<NackgammonState> &&
              boardrules::GameState<HypergammonState>);

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE

// The text form: to_string(), from_string() (needs the class above).
#include "boardrules/backgammon/ai/state_text.hpp"
