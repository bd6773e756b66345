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
/// Terminal: the match is over; in money play, after `StateOptions::money_games` games.

#include "boardrules/core/config.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/actions.hpp"
#include "boardrules/backgammon/match.hpp"
#include "boardrules/backgammon/match_io.hpp"
#include "boardrules/backgammon/observation.hpp"
#include "boardrules/core/fixed_list.hpp"
#include "boardrules/core/random.hpp"

namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::backgammon {

/// current_player() at a chance node.
inline constexpr int kChancePlayer = -1;
/// current_player() once the state is terminal.
inline constexpr int kTerminalPlayer = -4;

/// What an action does.
enum class ActionKind : std::uint8_t {
  OpeningRoll,  ///< chance: dice.d1 = player 0's die, dice.d2 = player 1's (BG-2.1)
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

  [[nodiscard]] static constexpr Action of(ActionKind k) noexcept {
    return Action{k, Dice{}, backgammon::Resign::Single, Play{}};
  }
  [[nodiscard]] static constexpr Action roll(Dice d) noexcept {
    return Action{ActionKind::Roll, d, backgammon::Resign::Single, Play{}};
  }
  [[nodiscard]] static constexpr Action opening(int die0, int die1) noexcept {
    return Action{ActionKind::OpeningRoll, Dice(die0, die1), backgammon::Resign::Single, Play{}};
  }
  [[nodiscard]] static constexpr Action move(const Play& p) noexcept {
    return Action{ActionKind::Move, Dice{}, backgammon::Resign::Single, p};
  }
  [[nodiscard]] static constexpr Action resignation(backgammon::Resign r) noexcept {
    return Action{ActionKind::Resign, Dice{}, r, Play{}};
  }
  friend constexpr bool operator==(const Action&, const Action&) noexcept = default;
};

/// A chance outcome and its probability.
struct ChanceOutcome {
  Action action;
  double probability = 0;
};

/// At most 36 chance outcomes (the ordered opening pairs).
using ChanceOutcomeList = FixedList<ChanceOutcome, 36>;
/// At most kMaxPlays plays plus 3 resignation offers.
inline constexpr std::size_t kMaxActions = kMaxPlays + 3;
using ActionList = FixedList<Action, kMaxActions>;
/// Integer actions (actions.hpp): at most kMaxActions decisions, or 36 chance outcomes.
using ActionIdList = FixedList<int, kMaxActions>;

/// Options of the AI interface.
struct StateOptions {
  bool resignations = false;  ///< offer the three resignations among the legal actions
  int money_games = 1;        ///< money play: games before the state is terminal (>= 1)
};

/// The OpenSpiel-like state (see the file comment).
template <class V = Standard>
class BasicState {
 public:
  using match_type = BasicMatch<V>;

  /// Precondition: validate(rules).has_value(), options.money_games >= 1. See make().
  explicit BasicState(const SessionRules& rules = SessionRules::match(1), StateOptions options = {}) noexcept
      : match_(rules), options_(options) {}
  /// Checks the rules and options.
  [[nodiscard]] static Result<BasicState> make(const SessionRules& rules, StateOptions options = {}) {
    if (auto st = validate(rules); !st.has_value()) return st.error();
    if (options.money_games < 1) return make_error("money_games must be at least 1", "money games");
    return BasicState(rules, options);
  }
  /// A state around an existing match (e.g. from match_from_gnubg in match_id.hpp).
  BasicState(const match_type& match, StateOptions options) noexcept : match_(match), options_(options) {}

  [[nodiscard]] const match_type& match() const noexcept { return match_; }
  [[nodiscard]] const BasicGame<V>& game() const noexcept { return match_.game(); }
  [[nodiscard]] StateOptions options() const noexcept { return options_; }

  [[nodiscard]] bool is_terminal() const noexcept {
    return match_.over() || (!match_.rules().is_match() && match_.games_played() >= options_.money_games);
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

  /// The chance outcomes of a chance node (else the list is emptied). Probabilities sum to 1.
  void chance_outcomes(ChanceOutcomeList& out) const noexcept {
    out.clear();
    if (current_player() != kChancePlayer) return;
    if (match_.game().phase() == Phase::Opening) {
      const bool ties_matter = opening_ties_matter();
      const double p = ties_matter ? 1.0 / 36.0 : 1.0 / 30.0;
      for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
          if (a != b || ties_matter) out.push_back(ChanceOutcome{Action::opening(a, b), p});
      return;
    }
    for (Dice d : kAllRolls) out.push_back(ChanceOutcome{Action::roll(d), d.probability()});
  }

  /// The legal actions: at a chance node the chance actions, at a decision the decisions,
  /// nothing when terminal.
  void legal_actions(ActionList& out) const noexcept {
    out.clear();
    const int who = current_player();
    if (who == kTerminalPlayer) return;
    if (who == kChancePlayer) {
      ChanceOutcomeList c;
      chance_outcomes(c);
      for (const auto& o : c) out.push_back(o.action);
      return;
    }
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

  /// Applies a legal action; anything else is refused with the reason, the state unchanged.
  Status apply_action(const Action& a) {
    if (is_terminal()) return make_error("the state is terminal", "action");
    const int who = current_player();
    const auto& g = match_.game();
    if (who == kChancePlayer) {
      if (a.kind == ActionKind::OpeningRoll && g.phase() == Phase::Opening) {
        // a tie is an outcome only while it makes an automatic double (BG-2.1, BG-9.1)
        if (a.dice.d1 == a.dice.d2 && !opening_ties_matter())
          return make_error("a tied opening throw is thrown again: it is not a chance outcome here (BG-2.1)", "action");
        return match_.opening_roll(a.dice.d1, a.dice.d2);
      }
      if (a.kind == ActionKind::Roll && g.phase() == Phase::TurnStart) {
        Status st = match_.roll(a.dice);
        if (st.has_value()) rolling_ = false;
        return st;
      }
      return make_error("a chance node takes only the throw of the dice", "action");
    }
    switch (a.kind) {
      case ActionKind::NoDouble:
        if (g.phase() != Phase::TurnStart) return make_error("no cube decision is pending", "action");
        rolling_ = true;
        return {};
      case ActionKind::Double: return match_.double_cube();
      case ActionKind::Take: return match_.take();
      case ActionKind::Drop: return match_.drop();
      case ActionKind::Beaver: return match_.beaver();
      case ActionKind::Move: return match_.play(a.play);
      case ActionKind::Resign:
        if (!options_.resignations) return make_error("resignations are off in this state", "action");
        return match_.resign(a.resign);
      case ActionKind::Accept: return match_.accept();
      case ActionKind::Reject: return match_.reject();
      default: return make_error("a decision node does not take chance actions", "action");
    }
  }

  /// Applies an action taken from legal_actions() of this very state, without re-checking a Move
  /// (faster for search). Precondition: it is one of legal_actions().
  void apply_legal_action(const Action& a) {
    if (a.kind == ActionKind::Move) {
      match_.play_unchecked(a.play);
      return;
    }
    (void)apply_action(a);
  }

  /// Returns of each player: for a finished match +1 for the winner and -1 for the loser; for
  /// money play the points won minus the points lost; 0 0 before the end.
  [[nodiscard]] std::array<double, 2> returns() const noexcept {
    if (!is_terminal()) return {0.0, 0.0};
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
      s += static_cast<char>('0' + d.d1);
      s += '-';
      s += static_cast<char>('0' + d.d2);
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
        for (std::size_t i = 0; i < a.play.size; ++i) {
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

  /// The GNUbg ID of the state.
  [[nodiscard]] std::string to_string() const { return format_gnubg_id(match_); }

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
    return 1000 * (length > 0 ? 2 * length - 1 : options_.money_games);
  }
  /// {kObservationSize}.
  [[nodiscard]] static constexpr std::array<int, 1> observation_shape() noexcept {
    return {static_cast<int>(kObservationSize)};
  }

  /// The number of a legal action of this state (for a Move: its play's number), or -1 for an
  /// action no number stands for here (an empty play, a chance action at a decision...).
  [[nodiscard]] int action_id(const Action& a) const noexcept {
    const auto& g = match_.game();
    switch (a.kind) {
      case ActionKind::OpeningRoll: return opening_chance_id(a.dice.d1, a.dice.d2);
      case ActionKind::Roll: return roll_chance_id(a.dice);
      case ActionKind::NoDouble: return kActionNoDouble;
      case ActionKind::Double: return kActionDouble;
      case ActionKind::Take: return kActionTake;
      case ActionKind::Drop: return kActionDrop;
      case ActionKind::Beaver: return kActionBeaver;
      case ActionKind::Move: return g.phase() == Phase::Rolled ? encode_play(g.position(), g.dice(), a.play) : -1;
      case ActionKind::Resign: return kActionResignSingle + static_cast<int>(a.resign) - 1;
      case ActionKind::Accept: return kActionAccept;
      case ActionKind::Reject: return kActionReject;
    }
    return -1;
  }

  /// The legal actions as numbers, in the order of legal_actions(ActionList&) (at a chance node
  /// the order of chance_outcomes(), so the probabilities line up).
  void legal_actions(ActionIdList& out) const noexcept {
    out.clear();
    const int who = current_player();
    const auto& g = match_.game();
    if (who >= 0 && g.phase() == Phase::Rolled) {
      PlayList plays;  // costs nothing to create (FixedList storage is not initialised)
      g.legal_plays(plays);
      out.resize_unchecked(plays.size());
      encode_plays(g.position(), g.dice(), std::span<const Play>(plays.data(), plays.size()), out.data());
      if (!options_.resignations) return;
    } else if (who == kChancePlayer && g.phase() != Phase::Opening) {
      for (int id = 0; id < kFirstOpeningChance; ++id) out.push_back(id);  // the 21 throws
      return;
    }
    SmallIdList small;
    small_legal_ids(small);
    for (const int id : small) out.push_back(id);
  }

  /// A legal action drawn uniformly, as a number: the same number as ids[rng.below(ids.size())]
  /// after legal_actions(ids), from the same random draw, but only the play drawn is numbered (a
  /// random playout's choice without the list). At a chance node too every outcome is equally
  /// likely (draw throws with their probabilities from chance_outcomes() instead); -1, with no
  /// draw, when the state is terminal. Allocation-free.
  [[nodiscard]] int sample_legal_action(Rng& rng) const noexcept {
    const int who = current_player();
    if (who == kTerminalPlayer) return -1;
    const auto& g = match_.game();
    if (who == kChancePlayer && g.phase() != Phase::Opening)
      return static_cast<int>(rng.below(static_cast<std::uint32_t>(kFirstOpeningChance)));  // the 21 throws
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
  [[nodiscard]] Result<Action> to_action(int id) const {
    const int who = current_player();
    if (who == kTerminalPlayer) return make_error("the state is terminal", "action");
    if (who == kChancePlayer) {
      if (id < 0 || id >= kMaxChanceOutcomes)
        return make_error(
            "no such chance outcome: " + std::to_string(id) + " (0-" + std::to_string(kMaxChanceOutcomes - 1) + ")",
            "action");
    } else if (id < 0 || id >= kNumDistinctActions) {
      return make_error(
          "no such action: " + std::to_string(id) + " (0-" + std::to_string(kNumDistinctActions - 1) + ")", "action");
    }
    if (who >= 0 && id < kNumPlayActions) {
      if (match_.game().phase() == Phase::Rolled) {
        const auto& g = match_.game();
        if (Play p{}; decode_full_play(g.position(), g.dice(), id, p)) return Action::move(p);
        PlayList plays;
        g.legal_plays(plays);
        for (const Play& p : plays)
          if (encode_play(g.position(), g.dice(), p) == id) return Action::move(p);
      }
      return make_error("action " + std::to_string(id) + " is no legal play of this throw", "action");
    }
    if (who == kChancePlayer && id < kFirstOpeningChance && match_.game().phase() != Phase::Opening)
      return small_action(id, true);  // every throw is an outcome
    SmallIdList small;
    small_legal_ids(small);
    for (const int x : small)
      if (x == id) return small_action(id, who == kChancePlayer);
    return make_error("action " + std::to_string(id) + " is not legal in this state", "action");
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
    return make_error("'" + std::string(s) + "' is not a legal action here", "action");
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

  /// A state from to_string()'s text (a GNUbg ID); `rules` gives the options the ID does not
  /// carry (see match_from_gnubg in match_id.hpp). A decision to roll without doubling is not in an ID:
  /// at the start of a turn the state is the cube decision (or the throw when none is possible).
  [[nodiscard]] static Result<BasicState> from_string(std::string_view id, const SessionRules& rules = SessionRules{},
                                                      StateOptions options = {}) {
    auto parsed = parse_gnubg_id<V>(id);
    if (!parsed) return parsed.error();
    auto m = match_from_gnubg(parsed->position, parsed->fields, rules);
    if (!m) return m.error();
    if (options.money_games < 1) return make_error("money_games must be at least 1", "money games");
    return BasicState(*m, options);
  }

 private:
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
      for (const auto& o : c) out.push_back(action_id(o.action));
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
  match_type match_;
  StateOptions options_{};
  bool rolling_ = false;  ///< the player on roll chose not to double: the throw is next
};

/// The standard state.
using State = BasicState<Standard>;

}  // namespace boardrules::inline BOARDRULES_ISA_NAMESPACE::backgammon
