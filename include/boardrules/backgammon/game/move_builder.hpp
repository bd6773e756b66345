#pragma once
/// \file
/// BasicMoveBuilder<V>: step-by-step move entry for front ends (BG-12.1). The player moves one
/// checker by one die at a time; a step is accepted only when the play can still be completed
/// into a legal play (one of generate_plays, BG-3 to BG-6); any step can be undone; the play is
/// final only on commit() ("picking up the dice"), which refuses an incomplete play.
///
/// Allocation-free. The builder holds the roll's legal plays (a PlayList) and a sorted index of
/// their resulting positions, so it is a large object (about 60 KB): keep one per turn, not one
/// per node of a search.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// One checker step: a checker from `from` moved by `die` to `to` (mover's numbering: 25 = bar,
/// 0 = off); `hit` when it hits an opposing blot (BG-5.1).
struct Step {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  std::uint8_t die = 0;
  bool hit = false;
  friend constexpr bool operator==(const Step&, const Step&) noexcept = default;
};

/// The steps accepted at one moment: at most 25 sources (bar and 24 points) times 2 distinct
/// dice values left.
using StepList = FixedList<Step, 50>;

/// Step-by-step entry of one roll's play (BG-12.1). Positions are from the mover's view.
template <class V = Standard>
class BasicMoveBuilder {
 public:
  using position_type = BasicPosition<V>;

  /// A builder for `dice` in `pos` (the mover to play). Generates the legal plays once. Dice that
  /// are not a throw (Dice{}) have no play (no_play(): commit() gives the empty play, which
  /// Game::play refuses while no dice are thrown). Precondition: is_playable(pos) (the
  /// generator's; a Game's position always is).
  constexpr BasicMoveBuilder(const position_type& pos, Dice dice) noexcept : start_(pos), cur_(pos), dice_(dice) {
    generate_plays(pos, dice, plays_);
    need_ = plays_.empty() ? 0 : plays_[0].size;
    for (std::size_t i = 0; i < plays_.size(); ++i) {
      keys_[i] = apply(pos, plays_[i]).hash();
      order_[i] = static_cast<std::uint16_t>(i);
    }
    std::sort(order_.begin(), order_.begin() + static_cast<std::ptrdiff_t>(plays_.size()),
              [this](std::uint16_t a, std::uint16_t b) { return keys_[a] < keys_[b]; });
    reset();
  }

  /// The position at the start of the turn.
  [[nodiscard]] constexpr const position_type& start() const noexcept { return start_; }
  /// The position after the steps entered so far (mover's view, not flipped).
  [[nodiscard]] constexpr const position_type& position() const noexcept { return cur_; }
  [[nodiscard]] constexpr Dice dice() const noexcept { return dice_; }
  /// The steps entered so far, as a (partial) Play.
  [[nodiscard]] constexpr const Play& play() const noexcept { return play_; }
  /// The die used by step i (0-based). Precondition: i < steps_made().
  [[nodiscard]] constexpr int die_of_step(std::size_t i) const noexcept { return die_[i]; }
  [[nodiscard]] constexpr int steps_made() const noexcept { return play_.size; }
  /// Steps of every legal play of this roll (BG-3.6: all legal plays use the same number of dice);
  /// 0 when there is no legal play.
  [[nodiscard]] constexpr int steps_needed() const noexcept { return need_; }
  /// Dice values not used yet (a double has four).
  [[nodiscard]] constexpr FixedList<int, 4> dice_left() const noexcept {
    FixedList<int, 4> l;
    for (std::size_t i = 0; i < 4; ++i)
      if (left_[i]) l.push_back(left_[i]);
    return l;
  }
  /// The roll's legal plays (from generate_plays; unspecified order).
  [[nodiscard]] constexpr const PlayList& legal_plays() const noexcept { return plays_; }
  /// True when there is no legal play: commit() gives the empty play (the turn passes, BG-5.4).
  [[nodiscard]] constexpr bool no_play() const noexcept { return need_ == 0; }
  /// True when the steps so far form a legal play: commit() will succeed.
  [[nodiscard]] constexpr bool complete() const noexcept {
    return play_.size == need_ && (need_ == 0 || is_target(cur_));
  }

  /// True when moving a checker from `from` by `die` is accepted now.
  [[nodiscard]] constexpr bool can_step(int from, int die) const noexcept { return check(from, die).accepted(); }

  /// Every step accepted now (one per source point and distinct die value left).
  constexpr void legal_steps(StepList& out) const noexcept {
    out.clear();
    if (play_.size >= need_) return;
    std::array<bool, 7> seen{};
    for (std::size_t i = 0; i < 4; ++i) {
      const int d = left_[i];
      if (d == 0 || seen[static_cast<std::size_t>(d)]) continue;
      seen[static_cast<std::size_t>(d)] = true;
      for (int s = kBar; s >= 1; --s) {
        if (!check(s, d).accepted()) continue;
        const int to = step_target(s, d);
        out.push_back(Step{static_cast<std::uint8_t>(s), static_cast<std::uint8_t>(to), static_cast<std::uint8_t>(d),
                           to != kOff && cur_.opponent_at_mover_point(to) == 1});
      }
    }
  }

  /// Moves a checker from `from` by `die`. Refused (with the reason, state unchanged) when the
  /// step breaks a rule or leaves no way to complete a legal play (BG-3.6, BG-3.7). A play is
  /// identified by the position it reaches (BG-3.9): when the single-die step cannot be part of
  /// a legal play but the same checker can reach the same point (or bear off) with several of
  /// the dice left, on the way to a legal play, those steps are made (6-1 with the last checker
  /// on the 5-point: step(5, 6) plays 5/4/off).
  Status step(int from, int die) {
    const Verdict v = check(from, die);
    if (v.accepted()) {
      do_step(from, step_target(from, die), die);
      return {};
    }
    if (v.why == Refusal::Dead && step_by_dice(from, step_target(from, die))) return {};
    return make_error(ErrorCode::illegal_action, reason(v, from, die), "step " + std::to_string(play_.size + 1));
  }

  /// Moves a checker from `from` to `to` (0 = off), choosing the die: the exact one if accepted,
  /// else (bearing off from below the die, BG-6.4) the smallest accepted die, else several dice
  /// of this checker when they reach `to` on the way to a legal play (24/13 with 6-5, BG-3.9).
  Status step_to(int from, int to) {
    if (from < 1 || from > kBar || to < 0 || to >= from)
      return make_error(ErrorCode::out_of_range,
                        "a step goes forward from a point (1..24, 25 = bar) to a lower one (0 = off)",
                        "step " + std::to_string(play_.size + 1));
    const int exact = from - to;
    if (exact <= 6 && has_die(exact) && can_step(from, exact)) return step(from, exact);
    if (to == kOff)
      for (int d = exact + 1; d <= 6; ++d)
        if (has_die(d) && can_step(from, d)) return step(from, d);
    if (step_by_dice(from, to)) return {};
    if (exact <= 6 && has_die(exact)) return step(from, exact);  // for its error message
    return make_error(ErrorCode::illegal_action,
                      "no die left moves " +
                          std::string(from == kBar ? "from the bar" : "from point " + std::to_string(from)) +
                          (to == kOff ? std::string(" off") : " to point " + std::to_string(to)),
                      "step " + std::to_string(play_.size + 1));
  }

  /// Takes back the last step.
  Status undo() {
    if (play_.size == 0) return make_error(ErrorCode::illegal_action, "no step to undo", "undo");
    return undo(static_cast<std::size_t>(play_.size - 1));
  }

  /// Takes back step i (0-based); the later steps stay when they still make a valid partial
  /// play without it, else the undo is refused (state unchanged).
  Status undo(std::size_t i) {
    if (i >= play_.size)
      return make_error(ErrorCode::out_of_range,
                        "no step " + std::to_string(i + 1) + " (" + std::to_string(int{play_.size}) + " entered)",
                        "undo");
    BasicMoveBuilder copy = *this;
    copy.reset();
    for (std::size_t j = 0; j < play_.size; ++j) {
      if (j == i) continue;
      if (!copy.check(play_.from[j], die_[j]).accepted())
        return make_error(ErrorCode::illegal_action,
                          "step " + std::to_string(j + 1) + " depends on step " + std::to_string(i + 1) +
                              ": undo the later step first",
                          "undo");
      copy.do_step(play_.from[j], play_.to[j], die_[j]);
    }
    cur_ = copy.cur_;
    play_ = copy.play_;
    die_ = copy.die_;
    left_ = copy.left_;
    return {};
  }

  /// Takes back every step.
  constexpr void reset() noexcept {
    cur_ = start_;
    play_ = Play{};
    die_ = {};
    if (dice_.is_double()) left_.fill(static_cast<std::uint8_t>(dice_.d1()));
    else left_ = {static_cast<std::uint8_t>(dice_.high()), static_cast<std::uint8_t>(dice_.low()), 0, 0};
  }

  /// "Picking up the dice" (BG-12.1): the play entered, if it is a complete legal play, in its
  /// canonical form (see Play): the element of legal_plays() reaching the same position, so that
  /// 8/7 13/7 entered and 13/7 8/7 generated are `==`; else an Error saying what is missing. The
  /// builder is unchanged (commit is const). play() keeps the steps as entered.
  [[nodiscard]] Result<Play> commit() const {
    if (play_.size == need_) {
      if (need_ == 0) return Play{};
      if (const Play* p = find_target(cur_)) return *p;
    }
    return make_error(ErrorCode::illegal_action,
                      "the play is incomplete: " + std::to_string(need_ - play_.size) + " more step" +
                          (need_ - play_.size == 1 ? "" : "s") + " must be played (BG-3.6)",
                      "commit");
  }

 private:
  // Why a step is refused (Refusal::None: accepted); `rule` tells which step rule when Rule.
  enum class Refusal : std::uint8_t { None, NoPlay, Complete, NoDie, Rule, Dead };
  struct Verdict {
    Refusal why = Refusal::None;
    StepError rule = StepError::None;
    [[nodiscard]] constexpr bool accepted() const noexcept { return why == Refusal::None; }
  };

  [[nodiscard]] constexpr Verdict check(int from, int die) const noexcept {
    if (play_.size >= need_) return {need_ == 0 ? Refusal::NoPlay : Refusal::Complete};
    if (!has_die(die)) return {Refusal::NoDie};
    if (const StepError e = check_step(cur_, from, die); e != StepError::None) return {Refusal::Rule, e};
    position_type next = cur_;
    (void)apply_step(next, from, step_target(from, die));
    auto rest = left_;
    remove_die(rest, die);
    if (!completable(next, rest, need_ - play_.size - 1, kBar)) return {Refusal::Dead};
    return {};
  }

  [[nodiscard]] std::string reason(Verdict v, int from, int die) const {
    switch (v.why) {
      case Refusal::NoPlay: return "there is no legal play with this roll: commit the empty play (BG-5.4)";
      case Refusal::Complete: return "the play is complete: commit it, or undo a step";
      case Refusal::NoDie: return "no die " + std::to_string(die) + " left";
      case Refusal::Dead:
        return "this step leaves no way to complete a legal play (BG-3.6, BG-3.7: use as many dice as "
               "possible, the higher die when only one can be played)";
      case Refusal::Rule:
      case Refusal::None: break;
    }
    return step_error_message(v.rule, from, die);
  }

  [[nodiscard]] constexpr bool has_die(int die) const noexcept {
    for (auto d : left_)
      if (d == die && die != 0) return true;
    return false;
  }
  static constexpr void remove_die(std::array<std::uint8_t, 4>& l, int die) noexcept {
    for (auto& d : l)
      if (d == die) {
        d = 0;
        return;
      }
  }

  // Can `need` more steps from `p` with dice `l` reach a legal play's position? For a double the
  // remaining steps are tried in non-increasing order of source point only (`max_src`): every
  // set of same-die steps playable in some order is playable in that order.
  [[nodiscard]] constexpr bool completable(const position_type& p, const std::array<std::uint8_t, 4>& l, int need,
                                           int max_src) const noexcept {
    if (need == 0) return is_target(p);
    std::array<bool, 7> seen{};
    for (std::size_t i = 0; i < 4; ++i) {
      const int d = l[i];
      if (d == 0 || seen[static_cast<std::size_t>(d)]) continue;
      seen[static_cast<std::size_t>(d)] = true;
      const int top = dice_.is_double() ? max_src : kBar;
      for (int s = top; s >= 1; --s) {
        if (check_step(p, s, d) != StepError::None) continue;
        position_type q = p;
        (void)apply_step(q, s, step_target(s, d));
        auto rest = l;
        remove_die(rest, d);
        if (completable(q, rest, need - 1, s)) return true;
      }
    }
    return false;
  }

  // True when `p` is the position after one of the legal plays.
  [[nodiscard]] constexpr bool is_target(const position_type& p) const noexcept { return find_target(p) != nullptr; }

  // The legal play whose position is `p`, or nullptr.
  [[nodiscard]] constexpr const Play* find_target(const position_type& p) const noexcept {
    const std::uint64_t key = p.hash();
    std::size_t lo = 0;
    std::size_t hi = plays_.size();
    while (lo < hi) {
      const std::size_t mid = (lo + hi) / 2;
      if (keys_[order_[mid]] < key) lo = mid + 1;
      else hi = mid;
    }
    for (std::size_t i = lo; i < plays_.size() && keys_[order_[i]] == key; ++i)
      if (apply(start_, plays_[order_[i]]) == p) return &plays_[order_[i]];
    return nullptr;
  }

  // Moves the checker on `from` to `to` (kOff: off) by two or more of the dice left, one legal
  // step at a time, when the steps leave a legal play completable; makes them and returns true,
  // else changes nothing. Routes with the higher die first are tried first.
  constexpr bool step_by_dice(int from, int to) noexcept {
    if (from < 1 || from > kBar || to < kOff || to >= from || play_.size >= need_) return false;
    std::array<std::uint8_t, 4> route{};
    if (!find_route(cur_, left_, from, to, 0, route)) return false;
    for (std::size_t k = 0; k < route.size() && route[k] != 0; ++k) {
      const int d = route[k];
      const int t = step_target(from, d);
      do_step(from, t, d);
      from = t;
    }
    return true;
  }

  // Depth-first search for find_route: `n` dice of the route chosen so far (route[0..n)).
  constexpr bool find_route(const position_type& p, const std::array<std::uint8_t, 4>& l, int at, int to, int n,
                            std::array<std::uint8_t, 4>& route) const noexcept {
    if (n >= 2 && at == to) return completable(p, l, need_ - play_.size - n, kBar);
    if (at == kOff || n == 4 || play_.size + n >= need_) return false;
    std::array<bool, 7> seen{};
    for (int d = 6; d >= 1; --d) {
      bool left = false;
      for (auto x : l) left = left || x == d;
      if (!left || seen[static_cast<std::size_t>(d)]) continue;
      seen[static_cast<std::size_t>(d)] = true;
      const int t = step_target(at, d);
      if ((t == kOff && to != kOff) || (t != kOff && t < to) || check_step(p, at, d) != StepError::None) continue;
      position_type q = p;
      (void)apply_step(q, at, t);
      auto rest = l;
      remove_die(rest, d);
      route[static_cast<std::size_t>(n)] = static_cast<std::uint8_t>(d);
      if (find_route(q, rest, t, to, n + 1, route)) return true;
      route[static_cast<std::size_t>(n)] = 0;
    }
    return false;
  }

  constexpr void do_step(int from, int to, int die) noexcept {
    const std::size_t k = play_.size;
    const bool hit = apply_step(cur_, from, to);
    play_.add(from, to, hit);
    die_[k] = static_cast<std::uint8_t>(die);
    remove_die(left_, die);
  }

  position_type start_;
  position_type cur_;
  // Only the first plays_.size() entries of these three are written and read: left
  // uninitialised, creating a builder writes no more than the roll's plays.
  PlayList plays_;
  std::array<std::uint64_t, kMaxPlays> keys_;
  std::array<std::uint16_t, kMaxPlays> order_;
  Play play_{};
  std::array<std::uint8_t, 4> die_{};
  std::array<std::uint8_t, 4> left_{};
  Dice dice_;
  int need_ = 0;
};

/// Step-by-step entry for standard backgammon.
using MoveBuilder = BasicMoveBuilder<Standard>;

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
