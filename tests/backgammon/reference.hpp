#pragma once
// A slow reference generator of backgammon plays, written plainly from the rules
// (docs/rules/backgammon.md, BG-3 to BG-6) and independent of the library's generator:
// it tries every order of the dice and every checker for every die, keeps the sequences that use
// the most dice (BG-3.6) and, when only one die of a non-double can be played, the higher die
// (BG-3.7), and returns the DISTINCT resulting positions (BG-3.9). Only the Position type is
// shared with the library (as the input/output value), never its generator.

#include <array>
#include <cstdint>
#include <set>
#include <vector>

#include "boardrules/backgammon/values/dice.hpp"
#include "boardrules/backgammon/values/position.hpp"

namespace reference {

using boardrules::backgammon::Dice;

// The board from the mover's side: mine[p], p = 0 off, 1..24 points, 25 bar;
// theirs[p] = the opponent's checkers in ITS OWN numbering (my point q is its point 25 - q).
struct Board {
  std::array<int, 26> mine{};
  std::array<int, 26> theirs{};

  template <class V>
  static Board from(const boardrules::backgammon::BasicPosition<V>& p) {
    Board b;
    for (int i = 0; i <= 25; ++i) {
      b.mine[static_cast<std::size_t>(i)] = p.mover(i);
      b.theirs[static_cast<std::size_t>(i)] = p.opponent(i);
    }
    return b;
  }
  template <class V>
  boardrules::backgammon::BasicPosition<V> to() const {
    boardrules::backgammon::BasicPosition<V> p;
    for (int i = 0; i <= 25; ++i) {
      p.set(boardrules::backgammon::Side::Mover, i, mine[static_cast<std::size_t>(i)]);
      p.set(boardrules::backgammon::Side::Opponent, i, theirs[static_cast<std::size_t>(i)]);
    }
    return p;
  }
  int their_checkers_on_my_point(int q) const { return theirs[static_cast<std::size_t>(25 - q)]; }
  bool operator<(const Board& o) const { return mine != o.mine ? mine < o.mine : theirs < o.theirs; }
  bool operator==(const Board& o) const { return mine == o.mine && theirs == o.theirs; }
};

// BG-6.1: every checker still in play is in the home board (points 1..6), none on the bar.
inline bool all_home(const Board& b) {
  for (int p = 7; p <= 25; ++p)
    if (b.mine[static_cast<std::size_t>(p)] > 0) return false;
  return true;
}

// Tries to move one checker from `from` by `die`. On success fills `after` and returns true.
inline bool try_move(const Board& b, int from, int die, Board& after) {
  if (b.mine[static_cast<std::size_t>(from)] == 0) return false;
  // BG-5.2: with a checker on the bar, only the bar may move.
  if (b.mine[25] > 0 && from != 25) return false;
  int to;
  if (from == 25) {
    to = 25 - die;  // BG-5.3: enter on the opponent's home board, point 25 - die
  } else {
    to = from - die;
  }
  if (to <= 0) {
    // Bearing off (BG-6).
    if (!all_home(b)) return false;
    if (to < 0) {
      // BG-6.4: a die larger than needed bears off only from the highest occupied point.
      int highest = 0;
      for (int p = 1; p <= 6; ++p)
        if (b.mine[static_cast<std::size_t>(p)] > 0) highest = p;
      if (from != highest) return false;
    }
    after = b;
    after.mine[static_cast<std::size_t>(from)] -= 1;
    after.mine[0] += 1;
    return true;
  }
  const int blockers = b.their_checkers_on_my_point(to);
  if (blockers >= 2) return false;  // BG-3.4
  after = b;
  after.mine[static_cast<std::size_t>(from)] -= 1;
  after.mine[static_cast<std::size_t>(to)] += 1;
  if (blockers == 1) {  // BG-5.1: hit the blot, it goes to the bar
    after.theirs[static_cast<std::size_t>(25 - to)] = 0;
    after.theirs[25] += 1;
  }
  return true;
}

struct Sequence {
  Board result;
  int dice_used = 0;
  int first_die = 0;  // the die played first (for the higher-die rule)
};

inline void explore(const Board& b, const std::vector<int>& dice, std::size_t next, int first_die,
                    std::vector<Sequence>& out) {
  bool moved = false;
  if (next < dice.size()) {
    for (int from = 1; from <= 25; ++from) {
      Board after;
      if (!try_move(b, from, dice[next], after)) continue;
      moved = true;
      explore(after, dice, next + 1, next == 0 ? dice[0] : first_die, out);
    }
  }
  if (!moved) out.push_back(Sequence{b, static_cast<int>(next), first_die});
}

// The distinct positions (seen from the mover, not flipped) after every legal play of `roll`.
// Empty when no play is legal.
inline std::set<Board> legal_results(const Board& b, Dice roll) {
  std::vector<Sequence> all;
  if (roll.d1() == roll.d2()) {
    explore(b, {roll.d1(), roll.d1(), roll.d1(), roll.d1()}, 0, 0, all);
  } else {
    explore(b, {roll.d1(), roll.d2()}, 0, 0, all);
    explore(b, {roll.d2(), roll.d1()}, 0, 0, all);
  }
  int most = 0;
  for (const auto& s : all) most = std::max(most, s.dice_used);
  std::set<Board> results;
  if (most == 0) return results;
  const int higher = std::max<int>(roll.d1(), roll.d2());
  bool higher_playable = false;
  if (roll.d1() != roll.d2() && most == 1)
    for (const auto& s : all)
      if (s.dice_used == 1 && s.first_die == higher) higher_playable = true;
  for (const auto& s : all) {
    if (s.dice_used != most) continue;
    if (higher_playable && s.first_die != higher) continue;  // BG-3.7
    results.insert(s.result);
  }
  return results;
}

template <class V>
std::set<Board> legal_results(const boardrules::backgammon::BasicPosition<V>& p, Dice roll) {
  return legal_results(Board::from(p), roll);
}

// perft as docs/rules/backgammon.md defines it, on the reference generator.
inline std::uint64_t perft(const Board& b, int depth) {
  if (depth == 0) return 1;
  if (b.mine[0] == 15 || b.theirs[0] == 15) return 0;
  std::uint64_t n = 0;
  for (int hi = 1; hi <= 6; ++hi)
    for (int lo = 1; lo <= hi; ++lo) {
      const auto res = legal_results(b, Dice::unchecked(hi, lo));
      auto flip = [](const Board& x) {
        Board y;
        y.mine = x.theirs;
        y.theirs = x.mine;
        return y;
      };
      if (res.empty()) {
        n += perft(flip(b), depth - 1);
        continue;
      }
      if (depth == 1) {
        n += res.size();
        continue;
      }
      for (const auto& r : res) n += perft(flip(r), depth - 1);
    }
  return n;
}

}  // namespace reference
