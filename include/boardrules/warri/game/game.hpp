#pragma once
/// \file
/// BasicGame<R>: a Warri game record. It applies moves (refusing illegal ones with an Error that
/// says why, the state unchanged), keeps the positions since the last capture, ends a cycling game
/// (WA-4.3) by the chosen CycleRule, and gives the result (WA-4.4, WA-5). Allocation-free: the
/// history is a FixedList inside the object, left uninitialised until used and copied by the
/// values in use (HistoryList), so that making, resetting or copying a record costs only the
/// positions it holds.

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
#include "boardrules/warri/rules/move_text.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/rules/outcome.hpp"
#include "boardrules/warri/values/move.hpp"
#include "boardrules/warri/values/position.hpp"
#include "boardrules/warri/values/variant.hpp"

namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE {

/// Default capacity of a game's history (positions since the last capture, the current one
/// included). No exact bound is small: between two captures the board keeps its n seeds and the
/// positions are at most 2 * C(n + 11, 11) (about 2.4e11 for n = 48), so the record uses a generous
/// fixed capacity instead. 4096 positions (64 KiB) is far beyond what play produces: in 100,000
/// random games from the start the longest stretch without capture was 224 plies under first
/// repetition and 354 under threefold repetition (tests/warri/test_game.cpp keeps checking a
/// sample). A game that would exceed the capacity is declared cycling (WA-4.3) whatever the rule:
/// it has gone Capacity - 1 plies without a capture.
inline constexpr std::size_t kDefaultHistoryCapacity = 4096;

/// The positions (or keys) since the last capture: a large list that holds few values, so a copy
/// copies only those (ListCopy::InUse).
template <class T, std::size_t Capacity>
using HistoryList = FixedList<T, Capacity, 0, ListCopy::InUse>;

/// How the record detects cycling (WA-4.3).
struct CycleOptions {
  CycleRule rule = CycleRule::FirstRepetition;  ///< default: the first repetition
  int plies = 100;  ///< for CycleRule::NoCapturePlies: plies without capture that end the game (>= 1)
};

namespace detail {

// The cycle end of WA-4.3, written once for the game record (which keeps the positions since the
// last capture) and the State (which keeps an exact 64-bit key per position).

// Two history entries are the same position: keys compare as numbers, positions by their 16
// bytes (two 64-bit words).
[[nodiscard]] constexpr bool same_entry(std::uint64_t a, std::uint64_t b) noexcept { return a == b; }
template <class R>
[[nodiscard]] constexpr bool same_entry(const BasicPosition<R>& a, const BasicPosition<R>& b) noexcept {
  const auto x = std::bit_cast<std::array<std::uint64_t, 2>>(a.bytes());
  const auto y = std::bit_cast<std::array<std::uint64_t, 2>>(b.bytes());
  return x[0] == y[0] && x[1] == y[1];
}

// How many times `x` occurs in history[0, n), counting up to `enough`. history[n - 1] is the
// position before x; the side to move changes every ply, so only every other entry (those with
// x's side to move) can match: start at n - 2.
template <class T>
[[nodiscard]] constexpr int occurrences(const T* history, std::size_t n, const T& x, int enough) noexcept {
  int seen = 0;
  for (std::size_t k = n; k >= 2; k -= 2)
    if (same_entry(history[k - 2], x) && ++seen >= enough) break;
  return seen;
}

// WA-4.3: whether reaching `after` (no capture on the way) ends the game by the cycle rule, the
// history holding the n positions since the last capture (capacity: see kDefaultHistoryCapacity).
template <class T>
[[nodiscard]] constexpr bool ends_by_cycle(const T* history, std::size_t n, std::size_t capacity,
                                           const CycleOptions& options, const T& after) noexcept {
  if (n + 1 >= capacity) return true;  // full: the game is declared cycling
  switch (options.rule) {
    case CycleRule::FirstRepetition: return occurrences(history, n, after, 1) >= 1;
    case CycleRule::Threefold: return occurrences(history, n, after, 2) >= 2;     // with `after` itself: the third
    case CycleRule::NoCapturePlies: return static_cast<int>(n) >= options.plies;  // n - 1 plies, + 1
  }
  return false;
}

// After a reset or a move: the legal moves and the result (WA-4.1 and WA-4.2, decided by the
// position, take precedence over cycling).
template <class R>
constexpr void settle(const BasicPosition<R>& p, bool cycling, MoveList& moves, Outcome& result) noexcept {
  generate_moves(p, moves);  // empty iff the game is over by WA-4.1 or WA-4.2
  if (!moves.empty()) {
    result = Outcome{EndReason::None, p.store(Player::South), p.store(Player::North), {}};
    if (cycling) {
      result = cycle_outcome(p);
      moves.clear();
    }
  } else {
    result = outcome(p);
  }
}

}  // namespace detail

/// A game record of variant R holding at most Capacity positions since the last capture.
template <class R = Speightstown, std::size_t Capacity = kDefaultHistoryCapacity>
class BasicGame {
  static_assert(Capacity >= 2, "the history holds at least the position after a capture and one more");

 public:
  using position_type = BasicPosition<R>;
  /// The history's capacity (see kDefaultHistoryCapacity).
  static constexpr std::size_t history_capacity = Capacity;

  /// A game from the start (WA-1.1), South first, cycling per R::cycle_rule.
  BasicGame() noexcept : BasicGame(position_type::start(), CycleOptions{R::cycle_rule}) {}

  /// A game from `start` (which may already be over). options.plies below 1 counts as 1.
  explicit BasicGame(const position_type& start, CycleOptions options = CycleOptions{R::cycle_rule}) noexcept {
    reset(start, options);
  }

  /// Starts again from `start` with the cycle options in force (cheap: nothing is cleared but
  /// the counts).
  void reset(const position_type& start) noexcept { reset(start, options_); }
  /// Starts again from `start` with new cycle options.
  void reset(const position_type& start, CycleOptions options) noexcept {
    options_ = options;
    if (options_.plies < 1) options_.plies = 1;
    history_.clear();
    history_.push_back(start);
    plies_ = 0;
    settle(false);
  }

  /// The current position.
  [[nodiscard]] const position_type& position() const noexcept { return history_.back(); }
  /// True once the game has ended (WA-4.1, WA-4.2, or cycling by WA-4.3).
  [[nodiscard]] constexpr bool over() const noexcept { return result_.over(); }
  /// The result: reason, final scores with the variant's award, winner (WA-4.4). While the game
  /// goes on: reason None, the stores as scores, no winner.
  [[nodiscard]] constexpr const Outcome& result() const noexcept { return result_; }
  /// Plies played in this record.
  [[nodiscard]] constexpr int plies() const noexcept { return plies_; }
  /// Plies since the last capture (or since the start).
  [[nodiscard]] int plies_since_capture() const noexcept { return static_cast<int>(history_.size()) - 1; }
  /// The positions since the last capture, oldest first: the position right after the last
  /// capture (or the start) ... the current position.
  [[nodiscard]] std::span<const position_type> history() const noexcept { return {history_.data(), history_.size()}; }
  /// The cycle options in force.
  [[nodiscard]] constexpr const CycleOptions& cycle_options() const noexcept { return options_; }

  /// The legal moves now (empty once the game is over, cycling included).
  [[nodiscard]] const MoveList& legal_moves() const noexcept { return moves_; }

  /// Plays a move. On an illegal move, or once the game is over, returns an Error saying why
  /// (where = "move <number>") and changes nothing.
  Status play(Move m) {
    if (Status s = check(m); !s) return s;
    const position_type& before = position();
    const position_type after = apply(before, m);
    ++plies_;
    const bool captured = after.store(Player::South) + after.store(Player::North) !=
                          before.store(Player::South) + before.store(Player::North);
    bool cycling = false;
    if (captured) {
      history_.clear();
    } else {
      cycling = is_cycle(after);
    }
    history_.push_back(after);
    settle(cycling);
    return {};
  }

  /// Plays a move given as its letter (WA-7.2); errors as play(Move), plus bad letters.
  Status play(std::string_view letter) {
    if (over()) return over_error();
    Result<Move> m = parse_move(position(), letter);
    if (!m) return Error{m.error().message, where(), m.error().offset, m.error().code};
    return play(*m);
  }

  /// Whether m is legal now; if not, an Error that says why. Changes nothing.
  [[nodiscard]] Status check(Move m) const {
    if (over()) return over_error();
    const MoveList& moves = moves_;
    for (const Move x : moves) {
      if (x == m) return {};
    }
    // Illegal: say why.
    if (m.house >= kHouses) {
      return make_error(ErrorCode::out_of_range, "no such house: " + std::to_string(m.house) + " (houses are 0-11)",
                        where());
    }
    const position_type& p = position();
    const Player owner = m.house < kRowHouses ? Player::South : Player::North;
    const std::string letter(1, move_letter(m));
    if (owner != p.to_move()) {
      return make_error(ErrorCode::illegal_action,
                        "'" + letter + "' is a house of " + name(owner) + ", but " + name(p.to_move()) + " is to move",
                        where());
    }
    if (p.house(m.house) == 0) return make_error(ErrorCode::illegal_action, "house '" + letter + "' is empty", where());
    std::string legal;
    for (const Move x : moves) legal += (legal.empty() ? "" : " ") + std::string(1, move_letter(x));
    if (R::grand_slam == GrandSlam::Illegal && is_grand_slam(p, m)) {
      return make_error(ErrorCode::illegal_action,
                        "'" + letter + "' would capture every seed of " + name(other(p.to_move())) +
                            "'s row, a grand slam, illegal while another move is legal (WA-3.4); legal: " + legal,
                        where());
    }
    return make_error(
        ErrorCode::illegal_action,
        "'" + letter + "' does not feed " + name(other(p.to_move())) + "'s empty row (WA-2.3); legal: " + legal,
        where());
  }

 private:
  static std::string name(Player p) { return p == Player::South ? "South" : "North"; }
  [[nodiscard]] std::string where() const { return "move " + std::to_string(plies_ + 1); }
  [[nodiscard]] Error over_error() const {
    const char* why = result_.reason == EndReason::Captured  ? "a capture decided it"
                      : result_.reason == EndReason::Starved ? "a player is starved"
                                                             : "it was cycling";
    return make_error(ErrorCode::illegal_action, std::string("the game is over (") + why + ")", where());
  }

  void settle(bool cycling) noexcept { detail::settle(position(), cycling, moves_, result_); }

  [[nodiscard]] bool is_cycle(const position_type& after) const noexcept {
    return detail::ends_by_cycle(history_.data(), history_.size(), Capacity, options_, after);
  }

  HistoryList<position_type, Capacity> history_;
  MoveList moves_;
  CycleOptions options_{};
  Outcome result_;
  int plies_ = 0;
};

/// A Speightstown game record.
using Game = BasicGame<Speightstown>;

}  // namespace boardrules::warri::inline BOARDRULES_ISA_NAMESPACE
