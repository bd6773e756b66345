// backgammon chouette --players N [--games G] [--seed S]
// A chouette session (BG-11) played by simple bots: the box against the team's captain on the
// board (plays chosen from generate_plays by a small heuristic), pip-count cube decisions with a
// personal threshold per player, every team vote, take and pass shown, the payments and the
// ledger after each game. Deterministic for a given seed. Exit status 0, 2 for bad arguments.
//
// Output lines (one per event; the CLI test parses them):
//   initial throw: seat S D, ...             one line per round of the initial throw (BG-11.1)
//   game K: box B, team C M ...              roles at the start of game K, captain first
//     turn T: <box|team> doubles to V        then: box takes | box passes | seat S takes|passes
//     turn T: team double refused: <reason>  a member did not agree (BG-11.4)
//     captain: seat A (seat C passed)        the captain passed a box double
//     result: <box|team> wins <single|gammon|backgammon|by a pass>
//     payments: P0 P1 ...                    what each seat won or paid in the game
//   ledger after game K: B0 B1 ...           running balances (sum 0)
#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/game/chouette.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/core/random.hpp"
#include "command.hpp"
#include "common/args.hpp"

namespace {
namespace cmd_chouette {  // this file's names, distinct in the unity build of the program

namespace bg = boardrules::backgammon;
using boardrules::Rng;

constexpr examples::Usage kUsage{"backgammon", "chouette", "chouette --players N (3..8) [--games G] [--seed S]"};

// Heuristic value of the position after a play (mover's view, not flipped).
double evaluate(const bg::Position& p) {
  double v = 0;
  v += 3.0 * p.count(bg::Side::Opponent, bg::kBar);  // hits
  v += 1.0 * p.borne_off(bg::Side::Mover);
  for (int pt = 1; pt <= 24; ++pt) {
    const int n = p.mover(pt);
    if (n >= 2) v += pt <= 6 ? 1.5 : 1.0;  // made points, home ones count more
    if (n == 1) v -= 1.0 + (pt <= 12 ? 0.5 : 0.0);
  }
  v -= 0.02 * p.pips(bg::Side::Mover);
  return v;
}

// The doubler's race lead: (opponent's pips - own pips) / own pips, from the mover's view.
double lead(const bg::Position& p) {
  const int mine = p.pips(bg::Side::Mover);
  const int theirs = p.pips(bg::Side::Opponent);
  return mine == 0 ? 1.0 : static_cast<double>(theirs - mine) / static_cast<double>(mine);
}

const char* kind_name(bg::WinKind k) {
  switch (k) {
    case bg::WinKind::Single: return "single";
    case bg::WinKind::Gammon: return "gammon";
    case bg::WinKind::Backgammon: return "backgammon";
    case bg::WinKind::None: break;
  }
  return "none";
}

std::string seat_list(std::span<const std::int64_t> v) {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) s += ' ';
    if (v[i] > 0) s += '+';
    s += std::to_string(v[i]);
  }
  return s;
}

int run(std::span<char* const> argv) {
  int players = 0, games = 10;
  std::uint64_t seed = 1;
  if (const auto status = examples::read_int_options(
          examples::Args(argv), kUsage,
          examples::IntOption<int>{"--players", 3, static_cast<int>(bg::Chouette::kMaxPlayers), &players,
                                   "the box, the captain and the crew"},
          examples::IntOption<int>{"--games", 0, 1000000, &games},
          examples::IntOption<std::uint64_t>{"--seed", 0, ~std::uint64_t{0}, &seed}))
    return *status;
  if (players == 0) return kUsage.error("--players is required (3.." + std::to_string(bg::Chouette::kMaxPlayers) + ")");

  auto created = bg::Chouette::make(static_cast<int>(players));
  if (!created) return kUsage.error(created.error().to_string());
  bg::Chouette c = *created;
  Rng rng(seed);
  const int n = c.players();
  // Each seat's cube personality: double above `dbl`, take below `take` (race lead of the doubler).
  std::array<double, 8> dbl{}, take{};
  for (int s = 0; s < n; ++s) {
    dbl[static_cast<std::size_t>(s)] = 0.06 + 0.08 * rng.uniform();
    take[static_cast<std::size_t>(s)] = 0.12 + 0.16 * rng.uniform();
  }
  std::printf("chouette: %d players, %llu games, seed %llu\n", n, static_cast<unsigned long long>(games),
              static_cast<unsigned long long>(seed));

  // BG-11.1: the initial throw, ties again.
  while (c.phase() == bg::ChouettePhase::InitialThrow) {
    const auto who = c.throwers();
    std::array<int, 8> d{};
    std::string line = "initial throw:";
    for (std::size_t i = 0; i < who.size(); ++i) {
      d[i] = rng.die();
      line += i ? ", seat " : " seat ";
      line += std::to_string(who[i]);
      line += ' ';
      line += std::to_string(d[i]);
    }
    std::printf("%s\n", line.c_str());
    if (auto st = c.initial_throw(std::span<const int>(d.data(), who.size())); !st.has_value())
      return kUsage.error(st.error().to_string());
  }

  static bg::PlayList plays;  // ~30 KB: not on the stack
  for (int g = 1; g <= games; ++g) {
    {
      std::string line = "game ";
      line += std::to_string(g);
      line += ": box ";
      line += std::to_string(c.box());
      line += ", team";
      for (auto s : c.team()) {
        line += ' ';
        line += std::to_string(s);
      }
      std::printf("%s\n", line.c_str());
    }
    // BG-2.1: box and captain throw one die each; the higher plays both.
    int db = 0, dc = 0;
    do {
      db = rng.die();
      dc = rng.die();
    } while (db == dc);
    bg::Party on_roll = db > dc ? bg::Party::Box : bg::Party::Team;
    bg::Position pos = bg::Position::start();
    bg::Dice dice = bg::Dice::unchecked(db, dc);
    bool opening = true;
    const std::uint64_t games_before = c.games();
    for (int turn = 1; c.games() == games_before; ++turn) {
      if (!opening) {
        // BG-8.1: a double only before rolling, by the side on roll.
        const double l = lead(pos);
        if (on_roll == bg::Party::Team && c.team_may_double() && l > dbl[static_cast<std::size_t>(c.captain())]) {
          std::array<bool, 8> votes{};
          for (int s = 0; s < n; ++s) votes[static_cast<std::size_t>(s)] = l > dbl[static_cast<std::size_t>(s)];
          const auto st = c.team_double(std::span<const bool>(votes.data(), static_cast<std::size_t>(n)));
          if (!st.has_value()) {
            std::printf("  turn %d: team double refused: %s\n", turn, st.error().message.c_str());
          } else {
            std::printf("  turn %d: team doubles to %llu\n", turn,
                        static_cast<unsigned long long>(2 * c.cube(c.captain())));
            if (l < take[static_cast<std::size_t>(c.box())]) {
              (void)c.box_take();
              std::printf("  turn %d: box takes\n", turn);
            } else {
              (void)c.box_pass();
              std::printf("  turn %d: box passes\n", turn);
              break;
            }
          }
        } else if (on_roll == bg::Party::Box && c.box_may_double() && l > dbl[static_cast<std::size_t>(c.box())]) {
          (void)c.box_double();
          std::printf("  turn %d: box doubles to %llu\n", turn,
                      static_cast<unsigned long long>(2 * c.cube(c.captain())));
          const int old_captain = c.captain();
          std::string answers;
          for (auto s : c.team()) {
            if (!c.awaiting(s)) continue;
            const bool takes = l < take[s];
            (void)(takes ? c.take(s) : c.pass(s));
            if (!answers.empty()) answers += ", ";
            answers += "seat ";
            answers += std::to_string(s);
            answers += takes ? " takes" : " passes";
          }
          std::printf("  turn %d: %s\n", turn, answers.c_str());
          if (c.games() != games_before) break;  // everyone passed
          if (c.captain() != old_captain)
            std::printf("  captain: seat %d (seat %d passed)\n", c.captain(), old_captain);
        }
        dice = bg::Dice::unchecked(rng.die(), rng.die());
      }
      opening = false;
      bg::generate_plays(pos, dice, plays);
      if (!plays.empty()) {
        std::size_t best = 0;
        double best_v = -1e300;
        for (std::size_t i = 0; i < plays.size(); ++i) {
          const double v = evaluate(bg::apply(pos, plays[i])) + 1e-6 * rng.uniform();
          if (v > best_v) {
            best_v = v;
            best = i;
          }
        }
        pos = bg::apply(pos, plays[best]);
      }
      if (bg::game_over(pos)) {
        const bg::WinKind k = bg::win_kind(pos);
        if (auto st = c.finish_game(on_roll, k); !st.has_value()) return kUsage.error(st.error().to_string());
        break;
      }
      pos = pos.flipped();
      on_roll = on_roll == bg::Party::Box ? bg::Party::Team : bg::Party::Box;
    }
    const auto& last = c.last_game();
    std::printf("  result: %s wins %s\n", last.winner == bg::Party::Box ? "box" : "team",
                last.ended_by_pass ? "by a pass" : kind_name(last.kind));
    std::printf("  payments: %s\n",
                seat_list(std::span<const std::int64_t>(last.delta.data(), static_cast<std::size_t>(n))).c_str());
    std::printf("ledger after game %llu: %s\n", static_cast<unsigned long long>(g), seat_list(c.balances()).c_str());
  }
  return 0;
}

}  // namespace cmd_chouette
}  // namespace

const bgcli::Command bgcli::chouette_command{"chouette", cmd_chouette::kUsage.line, &cmd_chouette::run};
