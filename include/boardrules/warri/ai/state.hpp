#pragma once
/// \file
/// BasicState<R>: the game-playing interface of Warri, with the same member names and meanings as
/// backgammon::BasicState (current_player, is_terminal, is_chance_node, legal_actions,
/// apply_action, returns, to_string), plus integer actions and an observation tensor.
///
/// It follows the game record's end rules (WA-4.1, WA-4.2, and cycling by WA-4.3 with the
/// CycleRule chosen by CycleOptions) but is cheap to copy for tree search: instead of the
/// positions since the last capture it keeps one exact 64-bit key per position (see
/// position_key), and a copy copies only the keys in use.
///
/// Players: 0 = South, 1 = North (WA-1.1). There are no chance nodes.
/// Actions: the integer a in 0..5 sows the mover's house a in its own sowing order
/// (South: a..f = houses 0..5; North: A..F = houses 6..11), as OpenSpiel's Oware does.
///
/// It satisfies boardrules::GameState (core/game_state.hpp), as backgammon's State does:
/// chance_outcomes() is always empty. Defaults: a default-constructed state is the start
/// position with CycleOptions{R::cycle_rule}; to_string() writes what differs from it (the cycle
/// rule, the moves since the last capture), so from_string(s.to_string()) restores s (the text
/// form: state_text.hpp, included at the end of this header).

#include "boardrules/core/config.hpp"

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/core/error.hpp"
#include "boardrules/core/fixed_list.hpp"
#include "boardrules/core/game_state.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/warri/game/game.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/outcome.hpp"
#include "boardrules/warri/values/position.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

// current_player() once the state is terminal (-4): defined once for both games in
// core/game_state.hpp, named here too.
using boardrules::kTerminalPlayer;

/// Default capacity of a state's key history: positions since the last capture, the current one
/// included. Reaching it declares the game cycling (WA-4.3) after Capacity - 1 plies without a
/// capture, exactly as BasicGame<R, Capacity> does; random play from the start never came near
/// (the longest stretch without capture in 100,000 games was 354 plies, see game.hpp).
inline constexpr std::size_t kDefaultStateCapacity = 1024;

/// Integer actions: the six houses of the mover.
using ActionIdList = FixedList<int, 6>;
/// Chance outcomes: there are none; the list GameState code passes to chance_outcomes(), which
/// leaves it empty (a capacity of 1: C++ has no empty arrays).
using ChanceOutcomeList = FixedList<ChanceOutcome, 1>;

/// An exact 64-bit key of the houses and the side to move of a position whose board holds at
/// most 52 seeds. The houses are written in unary, house 0 first from bit 0: h_0 one bits, a zero,
/// h_1 one bits, a zero, ..., h_11 one bits (n + 11 bits for n seeds on the board); bit 63 is the
/// side to move. The popcount of bits 0..62 gives n and so the length, hence distinct
/// (houses, side) give distinct keys. The stores are not in the key: between two captures they
/// do not change, and cycle detection only compares positions since the last capture.
template <class R>
[[nodiscard]] constexpr std::uint64_t position_key(const BasicPosition<R>& p) noexcept {
  assert(p.board_seeds() <= 52);
  std::uint64_t key = 0;
  unsigned shift = 0;
  for (int i = 0; i < kHouses; ++i) {
    const auto h = static_cast<unsigned>(p.house(i));
    key |= ((std::uint64_t{1} << h) - 1) << shift;
    shift += h + 1;
  }
  return key | (static_cast<std::uint64_t>(p.to_move()) << 63);
}

/// The position of a key (position_key), with the given stores: the inverse of position_key
/// for positions whose stores are those. Precondition: `key` is a position_key.
template <class R>
[[nodiscard]] constexpr BasicPosition<R> position_of_key(std::uint64_t key, int south_store, int north_store) noexcept {
  BasicPosition<R> p;
  std::uint64_t bits = key & ~(std::uint64_t{1} << 63);
  for (int i = 0; i < kHouses; ++i) {
    const int h = std::countr_one(bits);
    p.set_house(i, h);
    bits >>= h + 1;
  }
  p.set_store(Player::South, south_store);
  p.set_store(Player::North, north_store);
  p.set_to_move(static_cast<Player>(key >> 63));
  return p;
}

/// The Warri state (see the file comment). Capacity: see kDefaultStateCapacity.
template <class R = Speightstown, std::size_t Capacity = kDefaultStateCapacity>
class BasicState {
  static_assert(Capacity >= 2);

 public:
  using position_type = BasicPosition<R>;
  /// The lists legal_actions and chance_outcomes fill (GameState).
  using ActionIdList = warri::ActionIdList;
  using ChanceOutcomeList = warri::ChanceOutcomeList;
  /// Floats of observation_tensor() (see there).
  static constexpr std::size_t kObservationSize = 15;

  /// The game from the start (WA-1.1), South first, cycling per R::cycle_rule.
  BasicState() noexcept : BasicState(position_type::start(), CycleOptions{R::cycle_rule}) {}
  /// The game from `start` (which may already be over). options.plies below 1 counts as 1.
  /// Precondition: start has at most 48 seeds on the board (every parser checks 48 in all).
  explicit BasicState(const position_type& start, CycleOptions options = CycleOptions{R::cycle_rule}) noexcept
      : pos_(start), options_(options) {
    if (options_.plies < 1) options_.plies = 1;
    keys_.push_back(position_key(pos_));
    settle(false);
  }
  /// The state of a to_string() text (state_text.hpp): a position in WA-7.1 notation (e.g.
  /// "4,4,4,4,4,4/4,4,4,4,4,4 0-0 S"), then the words to_string() writes (any order, each at most
  /// once, separated by blanks). `options` stands for a text without `cycle=` (by default the
  /// variant's, as to_string() assumes). Errors name the word at fault.
  [[nodiscard]] static Result<BasicState> from_string(std::string_view text,
                                                      CycleOptions options = CycleOptions{R::cycle_rule});

  // ---- OpenSpiel-style interface -------------------------------------------------------------
  /// Players (South, North).
  [[nodiscard]] static constexpr int num_players() noexcept { return 2; }
  /// Integer actions: the mover's six houses.
  [[nodiscard]] static constexpr int num_distinct_actions() noexcept { return kRowHouses; }
  /// No chance nodes.
  [[nodiscard]] static constexpr int max_chance_outcomes() noexcept { return 0; }
  /// An upper bound on the plies of a game: each capture takes at least 2 seeds, so at most 24
  /// captures, and at most Capacity - 1 plies pass without one (then the game is cycling).
  [[nodiscard]] static constexpr int max_game_length() noexcept { return 25 * static_cast<int>(Capacity - 1); }
  /// {kObservationSize}.
  [[nodiscard]] static constexpr std::array<int, 1> observation_shape() noexcept {
    return {static_cast<int>(kObservationSize)};
  }
  /// Floats of observation_tensor(): kObservationSize (15).
  [[nodiscard]] static constexpr int observation_size() noexcept { return static_cast<int>(kObservationSize); }

  [[nodiscard]] bool is_terminal() const noexcept { return result_.over(); }
  /// Always false: Warri has no chance.
  [[nodiscard]] static constexpr bool is_chance_node() noexcept { return false; }
  /// 0 (South) or 1 (North) to move, kTerminalPlayer once over.
  [[nodiscard]] int current_player() const noexcept {
    return is_terminal() ? kTerminalPlayer : static_cast<int>(pos_.to_move());
  }

  /// The legal actions in increasing order (empty when terminal).
  void legal_actions(ActionIdList& out) const noexcept {
    out.clear();
    const int start = row_start(pos_.to_move());
    for (const Move m : moves_) out.push_back(m.house - start);
  }
  /// Empties the list: Warri has no chance nodes.
  static constexpr void chance_outcomes(ChanceOutcomeList& out) noexcept { out.clear(); }
  /// A legal action drawn uniformly: the same as ids[rng.below(ids.size())] after
  /// legal_actions(ids), from the same random draw; -1, with no draw, when the state is terminal.
  [[nodiscard]] int sample_legal_action(Rng& rng) const noexcept {
    if (moves_.empty()) return -1;
    return moves_[rng.below(static_cast<std::uint32_t>(moves_.size()))].house - row_start(pos_.to_move());
  }
  /// Bit a set when action a is legal.
  [[nodiscard]] unsigned legal_mask() const noexcept {
    unsigned mask = 0;
    const int start = row_start(pos_.to_move());
    for (const Move m : moves_) mask |= 1u << (m.house - start);
    return mask;
  }
  /// The legal moves now (empty once over, cycling included).
  [[nodiscard]] const MoveList& legal_moves() const noexcept { return moves_; }

  /// Applies action a (0..5); an illegal action is refused with the reason, the state unchanged.
  Status apply_action(int a) {
    if (a < 0 || a >= kRowHouses)
      return make_error(ErrorCode::out_of_range, "no such action: " + std::to_string(a) + " (actions are 0-5)",
                        "action");
    const Move m{static_cast<std::uint8_t>(row_start(pos_.to_move()) + a)};
    if (Status s = check(m); !s) return s;
    apply_legal_move(m);
    return {};
  }
  /// Applies a move; errors as apply_action.
  Status apply_move(Move m) {
    if (Status s = check(m); !s) return s;
    apply_legal_move(m);
    return {};
  }
  /// Applies an action taken from legal_actions() (or sample_legal_action()) of this very state,
  /// unchecked (for search). Precondition: it is legal.
  void apply_legal_action(int a) noexcept {
    apply_legal_move(Move{static_cast<std::uint8_t>(row_start(pos_.to_move()) + a)});
  }

  /// +1 for the winner, -1 for the loser, 0 0 for a draw or before the end (WA-4.4).
  [[nodiscard]] std::array<double, 2> returns() const noexcept {
    if (!result_.winner) return {0.0, 0.0};
    return *result_.winner == Player::South ? std::array<double, 2>{1.0, -1.0} : std::array<double, 2>{-1.0, 1.0};
  }

  /// The letter of action a for the mover (WA-7.2: a..f for South, A..F for North); "illegal <a>"
  /// for a number that is no action (not 0..5), as backgammon's State says it.
  [[nodiscard]] std::string action_to_string(int a) const {
    if (a < 0 || a >= kRowHouses) return "illegal " + std::to_string(a);
    return format_move(Move{static_cast<std::uint8_t>(row_start(pos_.to_move()) + a)});
  }
  /// The action of a move letter of the mover (or its index "0".."5").
  [[nodiscard]] Result<int> string_to_action(std::string_view s) const {
    if (s.size() == 1 && s[0] >= '0' && s[0] <= '5') return s[0] - '0';
    Result<Move> m = parse_move(pos_, s);
    if (!m) return m.error();
    const int a = m->house - row_start(pos_.to_move());
    if (a < 0 || a >= kRowHouses)
      return make_error(ErrorCode::illegal_action, "'" + std::string(s) + "' is not a house of the player to move",
                        "action");
    return a;
  }

  /// The state as text (state_text.hpp): the position in WA-7.1 notation, then `cycle=`, `since=`
  /// and `plies=` when there is something to say, e.g.
  /// "4,4,4,4,4,0/5,5,5,5,4,4 0-0 N since=4,4,4,4,4,4/4,4,4,4,4,4:f". from_string() reads it back.
  [[nodiscard]] std::string to_string() const;

  /// The observation of the player to move, 15 floats written to out[0..14]:
  ///   [0..5]   the mover's houses in its sowing order (South a..f, North A..F) / 48
  ///   [6..11]  the opponent's houses in its sowing order / 48
  ///   [12]     the mover's store / 48
  ///   [13]     the opponent's store / 48
  ///   [14]     the side to move: 0 South, 1 North
  /// Precondition: out.size() >= kObservationSize.
  void observation_tensor(std::span<float> out) const noexcept {
    assert(out.size() >= kObservationSize);
    const Player me = pos_.to_move();
    const int mine = row_start(me);
    const int theirs = row_start(other(me));
    constexpr float k = 1.0f / static_cast<float>(kTotalSeeds);
    for (int i = 0; i < kRowHouses; ++i) {
      out[static_cast<std::size_t>(i)] = static_cast<float>(pos_.house(mine + i)) * k;
      out[static_cast<std::size_t>(6 + i)] = static_cast<float>(pos_.house(theirs + i)) * k;
    }
    out[12] = static_cast<float>(pos_.store(me)) * k;
    out[13] = static_cast<float>(pos_.store(other(me))) * k;
    out[14] = me == Player::South ? 0.0f : 1.0f;
  }

  // ---- Warri-specific --------------------------------------------------------------------------
  [[nodiscard]] const position_type& position() const noexcept { return pos_; }
  /// The result (as BasicGame::result()).
  [[nodiscard]] const Outcome& result() const noexcept { return result_; }
  /// Plies played since the state was made.
  [[nodiscard]] int plies() const noexcept { return plies_; }
  /// Plies since the last capture (or since the state was made).
  [[nodiscard]] int plies_since_capture() const noexcept { return static_cast<int>(keys_.size()) - 1; }
  [[nodiscard]] const CycleOptions& cycle_options() const noexcept { return options_; }

 private:
  /// The state of from_string() with since= (state_text.hpp): the moves played again from the
  /// houses given.
  [[nodiscard]] static Result<BasicState> replay(const position_type& now, CycleOptions options, std::string_view since,
                                                 std::size_t at, int plies);

  [[nodiscard]] Status check(Move m) const {
    if (is_terminal()) return make_error(ErrorCode::illegal_action, "the state is terminal", "action");
    for (const Move x : moves_)
      if (x == m) return {};
    // Say why exactly as the game record does (a record of the current position only), at this
    // state's move number.
    Status why = BasicGame<R, 2>(pos_, options_).check(m);
    if (why.has_value()) return make_error(ErrorCode::illegal_action, "the move is not legal", where());
    Error e = why.error();
    e.where = where();
    return e;
  }

  [[nodiscard]] std::string where() const { return "move " + std::to_string(plies_ + 1); }

  void apply_legal_move(Move m) noexcept {
    const position_type before = pos_;
    pos_ = apply(before, m);
    ++plies_;
    const bool captured = pos_.store(Player::South) + pos_.store(Player::North) !=
                          before.store(Player::South) + before.store(Player::North);
    const std::uint64_t key = position_key(pos_);
    bool cycling = false;
    if (captured) {
      keys_.clear();
    } else {
      cycling = is_cycle(key);
    }
    keys_.push_back(key);
    settle(cycling);
  }

  // WA-4.3 and the result, as the game record decides them (game.hpp's detail::ends_by_cycle
  // and detail::settle), on the keys.
  [[nodiscard]] bool is_cycle(std::uint64_t key) const noexcept {
    return detail::ends_by_cycle(keys_.data(), keys_.size(), Capacity, options_, key);
  }
  void settle(bool cycling) noexcept { detail::settle(pos_, cycling, moves_, result_); }

  position_type pos_;
  MoveList moves_;
  CycleOptions options_{};
  Outcome result_;
  int plies_ = 0;
  HistoryList<std::uint64_t, Capacity> keys_;  // last: a copy copies only the keys in use
};

/// The Speightstown state, and those of the other variants (values/variant.hpp).
using State = BasicState<Speightstown>;
using BridgetownState = BasicState<Bridgetown>;
using AbapaState = BasicState<Abapa>;
static_assert(boardrules::GameState<State> && boardrules::GameState<BridgetownState> &&
              boardrules::GameState<AbapaState>);

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE

// The text form: to_string(), from_string() (needs the class above).
#include "boardrules/warri/ai/state_text.hpp"
