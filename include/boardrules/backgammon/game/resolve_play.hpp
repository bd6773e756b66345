#pragma once
/// \file
/// Play resolution: a play given as checker movements (Segment: from one point to another, by
/// one or several dice, a hit perhaps marked), and resolve_play, which finds the legal play of a
/// position and roll that those movements mean, by the position it reaches (BG-3.9). The game
/// layer reads a play given by its steps through it; formats/notation.hpp reads the movements
/// from text.

#include "boardrules/core/config.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/step.hpp"
#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/play.hpp"
#include "boardrules/backgammon/values/position.hpp"
#include "boardrules/core/error.hpp"
#include "boardrules/core/fixed_list.hpp"

namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE {

/// One checker movement of the text, from one point to the next written point (a chain
/// `13/7*/5` is two segments): `hit` when the text marks a hit `*` on its landing point.
struct Segment {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  bool hit = false;
  friend constexpr bool operator==(const Segment&, const Segment&) noexcept = default;
};

/// The segments of a move text, repeats expanded, in the order written. A legal play moves
/// checkers by at most four dice, so at most four segments (more is an error).
using SegmentList = FixedList<Segment, 4>;

namespace detail {

// A point's name in messages: 1..24, "bar" or "off".
[[nodiscard]] inline std::string notation_point_name(int p) {
  return p == kBar ? "bar" : p == kOff ? "off" : std::to_string(p);
}

}  // namespace detail

/// The segments of a play's steps (hits as the play records them); a Play claiming more than
/// four steps gives its first four (check_play_shape refuses it).
[[nodiscard]] constexpr SegmentList segments_of(const Play& play) noexcept {
  SegmentList out;
  const std::size_t n = play.size < 4 ? play.size : 4;
  for (std::size_t i = 0; i < n; ++i) out.push_back(Segment{play.from[i], play.to[i], ((play.hits >> i) & 1u) != 0});
  return out;
}

namespace detail {

// Why `segs` is not a legal play of `dice` in `pos`: the first segment that no die (or run of
// dice of one checker) left can make, with the step rule it breaks; else the whole-play rule.
template <class V>
[[nodiscard]] std::string explain_segments(const BasicPosition<V>& pos, Dice dice, const SegmentList& segs, int need) {
  std::array<int, 4> left{dice.d1(), dice.d2(), dice.is_double() ? dice.d1() : 0, dice.is_double() ? dice.d1() : 0};
  BasicPosition<V> cur = pos;
  int used_total = 0;
  for (std::size_t k = 0; k < segs.size(); ++k) {
    const int a = segs[k].from;
    const int b = segs[k].to;
    const std::string name =
        "step " + std::to_string(k + 1) + " (" + notation_point_name(a) + "/" + notation_point_name(b) + "): ";
    if (cur.mover(a) == 0) return name + step_error_message(StepError::NoChecker, a, 1);
    // The dice of this segment: one die (exact, or a higher one bearing off), else a run of dice
    // of one checker through intermediate points (higher die first, then lower).
    bool done = false;
    std::string why;
    for (int len = 1; len <= 4 && !done; ++len) {
      for (int order = 0; order < 2 && !done; ++order) {
        BasicPosition<V> q = cur;
        auto l = left;
        int at = a;
        bool ok = true;
        for (int s = 0; s < len && ok; ++s) {
          // pick a die: highest first (order 0) or lowest first (order 1)
          int pick = -1;
          for (std::size_t d = 0; d < 4; ++d) {
            if (l[d] == 0) continue;
            if (pick < 0 ||
                (order == 0 ? l[d] > l[static_cast<std::size_t>(pick)] : l[d] < l[static_cast<std::size_t>(pick)]))
              pick = static_cast<int>(d);
          }
          if (s == len - 1) {  // the last die must land exactly on b (or bear off)
            pick = -1;
            for (std::size_t d = 0; d < 4; ++d)
              if (l[d] != 0 && at - l[d] == b) pick = static_cast<int>(d);
            for (std::size_t d = 0; d < 4 && b == kOff; ++d)
              if (l[d] != 0 && at - l[d] < 0 && (pick < 0 || l[d] < l[static_cast<std::size_t>(pick)]))
                pick = static_cast<int>(d);
          }
          if (pick < 0) {
            ok = false;
            break;
          }
          const int die = l[static_cast<std::size_t>(pick)];
          if (const StepError e = check_step(q, at, die); e != StepError::None) {
            if (len == 1 && why.empty()) why = step_error_message(e, at, die);
            ok = false;
            break;
          }
          const int to = step_target(at, die);
          if (s < len - 1 && to == kOff) ok = false;
          (void)apply_step(q, at, to);
          l[static_cast<std::size_t>(pick)] = 0;
          at = to;
        }
        if (ok && at == b) {
          cur = q;
          left = l;
          used_total += len;
          done = true;
        }
      }
    }
    if (!done)
      return name + (why.empty() ? "no die, or dice of one checker, left moves " +
                                       (a == kBar ? std::string("from the bar") : "from point " + std::to_string(a)) +
                                       (b == kOff ? std::string(" off") : " to point " + std::to_string(b))
                                 : why);
  }
  if (used_total < need)
    return "this throw must be played with " + std::to_string(need) + " dice, not " + std::to_string(used_total) +
           " (BG-3.6)";
  return "not a legal play of this roll: the dice must be used fully, the higher die when only one can be "
         "played (BG-3.6, BG-3.7, BG-6.4)";
}

}  // namespace detail

/// The legal play of `dice` in `pos` (the mover to play) that `segs` means: the one reaching the
/// same position (BG-3.9). The segments fix where the mover's checkers end and the points they
/// land on; a checker landing on an opposing blot hits it, `*` or not (BG-5.1). A chain written
/// without its intermediate point (`24/13`) passes through any point: of the plays ending so,
/// the one hitting exactly the points written is taken (as GNU Backgammon writes a chain's
/// intermediate point only where it hits), else the only one; a hit marked must be made.
/// Errors (where "move"): the step at fault and the rule it breaks; "ambiguous" when unmarked
/// hits leave two plays; a position the generator cannot take (!is_playable(pos): validate's
/// error, where "position"), before the generator sees it.
template <class V>
[[nodiscard]] Result<Play> resolve_play(const BasicPosition<V>& pos, Dice dice, const SegmentList& segs) {
  if (!is_playable(pos)) return validate(pos).error();  // not playable, so not valid: the fault named
  PlayList legal;
  generate_plays(pos, dice, legal);
  if (segs.empty()) {
    if (legal.empty()) return Play{};
    return make_error(ErrorCode::illegal_action, "a legal play exists: a player may not pass (BG-3.5)", "move");
  }
  if (legal.empty())
    return make_error(ErrorCode::illegal_action, "no legal play exists for this roll: the turn passes (BG-3.8)",
                      "move");
  // Where the mover's checkers end, and the landing points marked as hits.
  BasicPosition<V> target = pos;
  std::uint32_t marked = 0;
  for (std::size_t k = 0; k < segs.size(); ++k) {
    const Segment& s = segs[k];
    if (s.from > kBar || s.from <= s.to || s.to == kBar)
      return make_error(ErrorCode::illegal_action,
                        "step " + std::to_string(k + 1) + " (" + std::to_string(s.from) + "/" + std::to_string(s.to) +
                            "): a step goes forward from a point (1..24, 25 = bar) to a lower one (0 = off)",
                        "move");
    if (target.mover(s.from) == 0)
      return make_error(ErrorCode::illegal_action,
                        "step " + std::to_string(k + 1) + " (" + detail::notation_point_name(s.from) + "/" +
                            detail::notation_point_name(s.to) +
                            "): " + step_error_message(StepError::NoChecker, s.from, 1),
                        "move");
    target.set(Side::Mover, s.from, target.mover(s.from) - 1);
    target.set(Side::Mover, s.to, target.mover(s.to) + 1);
    // A checker landing where an opposing blot stands hits it (BG-5.1), marked or not.
    if (s.hit || (s.to >= 1 && s.to <= 24 && pos.opponent_at_mover_point(s.to) == 1)) marked |= 1u << s.to;
  }
  const Play* exact = nullptr;
  const Play* only = nullptr;
  int fits = 0;
  bool mover_fits = false;
  for (const Play& p : legal) {
    const BasicPosition<V> r = apply(pos, p);
    bool same = true;
    for (int q = 0; q <= kBar && same; ++q) same = r.mover(q) == target.mover(q);
    if (!same) continue;
    mover_fits = true;
    std::uint32_t hits = 0;
    for (std::size_t i = 0; i < p.size; ++i)
      if ((p.hits >> i) & 1u) hits |= 1u << p.to[i];
    if ((marked & ~hits) != 0) continue;
    ++fits;
    only = &p;
    if (hits == marked) exact = &p;
  }
  if (exact != nullptr) return *exact;
  if (fits == 1) return *only;
  if (fits > 1)
    return make_error(ErrorCode::syntax, "ambiguous: more than one legal play ends so; mark the hits with *", "move");
  if (mover_fits) {
    for (int q = 1; q <= 24; ++q)
      if ((marked >> q) & 1u)
        if (pos.opponent_at_mover_point(q) != 1)
          return make_error(ErrorCode::illegal_action,
                            "no blot of the opponent to hit on point " + std::to_string(q) + " (BG-5.1)", "move");
    return make_error(ErrorCode::illegal_action, "no legal play ends so with the hits marked", "move");
  }
  return make_error(ErrorCode::illegal_action, detail::explain_segments(pos, dice, segs, legal[0].size), "move");
}

}  // namespace boardrules::backgammon::inline BOARDRULES_ISA_NAMESPACE
