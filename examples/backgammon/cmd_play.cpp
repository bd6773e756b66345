// backgammon play: two simple bots play a match or a money game. Player 0 ('O') is the random
// bot, player 1 ('X') the pip-count heuristic bot that also uses the cube. Every position is
// drawn (from the side of the player on roll, or with --view P always from player P's side, the
// cube and the turn shown; --home left|right places the bottom home board, --switch-sides swaps
// it after each game, BG-1.5), every cube action and score shown; the result ends the output.
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/notation.hpp"
#include "boardrules/backgammon/state.hpp"
#include "boardrules/backgammon/text.hpp"

#include "common/bots.hpp"
#include "command.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

constexpr std::string_view kUsage =
    "play [--match N | --money] [--seed S] [--jacoby] [--auto-doubles K] [--beavers K] [--home left|right] "
    "[--view 0|1] [--switch-sides]";
constexpr const char* kName[2] = {"player 0 (O, random)", "player 1 (X, heuristic)"};

int usage_error(const std::string& why) {
  std::fprintf(stderr, "backgammon play: %s\nusage: backgammon %.*s\n", why.c_str(), static_cast<int>(kUsage.size()),
               kUsage.data());
  return 2;
}

bool parse_uint(std::string_view s, unsigned long long hi, unsigned long long& out) {
  if (s.empty() || s.size() > 20) return false;
  unsigned long long v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const unsigned long long d = static_cast<unsigned long long>(c - '0');
    if (v > (hi - d) / 10) return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

const char* kind_name(WinKind k) {
  return k == WinKind::Backgammon ? "a backgammon" : k == WinKind::Gammon ? "a gammon" : "a single game";
}

void print_score(const Match& m) {
  if (m.rules().is_match())
    std::printf("Score: player 0 %d, player 1 %d (match to %d)\n", m.score()[0], m.score()[1], m.rules().match_length);
  else
    std::printf("Score: player 0 %d, player 1 %d (money)\n", m.score()[0], m.score()[1]);
}

int run(std::span<char* const> args) {
  bool money = false, match_given = false, jacoby = false, switch_sides = false;
  HomeSide home = HomeSide::Right;
  int view = -1;  // the player drawn at the bottom; -1: the player on roll
  unsigned long long length = 0, seed = 1, autod = 0, beavers = 0;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--match" && i + 1 < args.size()) {
      if (!parse_uint(args[++i], static_cast<unsigned long long>(kMaxMatchLength), length) || length == 0) return usage_error("--match needs a length 1..32767");
      match_given = true;
    } else if (a == "--money") {
      money = true;
    } else if (a == "--seed" && i + 1 < args.size()) {
      if (!parse_uint(args[++i], ~0ULL, seed)) return usage_error("--seed needs an unsigned 64-bit number");
    } else if (a == "--jacoby") {
      jacoby = true;
    } else if (a == "--auto-doubles" && i + 1 < args.size()) {
      if (!parse_uint(args[++i], 15, autod)) return usage_error("--auto-doubles needs a limit 0..15");
    } else if (a == "--beavers" && i + 1 < args.size()) {
      if (!parse_uint(args[++i], 255, beavers)) return usage_error("--beavers needs a number 0..255 (0 = off)");
    } else if (a == "--home" && i + 1 < args.size()) {
      const std::string_view h = args[++i];
      if (h != "left" && h != "right") return usage_error("--home needs left or right");
      home = h == "left" ? HomeSide::Left : HomeSide::Right;
    } else if (a == "--view" && i + 1 < args.size()) {
      const std::string_view v = args[++i];
      if (v != "0" && v != "1") return usage_error("--view needs a player, 0 or 1");
      view = v[0] - '0';
    } else if (a == "--switch-sides") {
      switch_sides = true;
    } else if (a == "--help" || a == "-h") {
      std::printf("usage: backgammon %.*s\n", static_cast<int>(kUsage.size()), kUsage.data());
      return 0;
    } else {
      return usage_error("unknown or incomplete argument '" + std::string(a) + "'");
    }
  }
  if (money && match_given) return usage_error("--match and --money exclude each other");
  if (match_given && (jacoby || autod > 0 || beavers > 0))
    return usage_error("--jacoby, --auto-doubles and --beavers are money-play options (BG-9.3)");
  if (!match_given) money = true;
  Rules rules = money ? Rules::money(jacoby, static_cast<int>(autod)) : Rules::match(static_cast<int>(length));
  rules.beavers = static_cast<int>(beavers);
  auto made = State::make(rules, StateOptions{false, 1});
  if (!made.ok()) return usage_error(made.error().to_string());
  State s = *made;
  Rng rng(seed);

  if (money)
    std::printf("Money game%s%s%s, seed %llu\n", jacoby ? ", Jacoby rule" : "",
                autod ? (", automatic doubles up to " + std::to_string(autod)).c_str() : "",
                beavers ? (", beavers up to " + std::to_string(beavers) + " in a row").c_str() : "", seed);
  else
    std::printf("Match to %llu points, seed %llu\n", length, seed);
  std::printf("%s against %s\n", kName[0], kName[1]);

  int games_seen = -1;
  while (!s.is_terminal()) {
    const Match& m = s.match();
    const auto& g = m.game();
    if (m.games_played() != games_seen) {
      if (switch_sides && games_seen >= 0) home = home == HomeSide::Right ? HomeSide::Left : HomeSide::Right;
      games_seen = m.games_played();
      std::printf("\n=== Game %d%s ===\n", games_seen + 1, g.crawford() ? " (Crawford game: no doubling)" : "");
      print_score(m);
    }
    const int who = s.current_player();
    const Action a = (who == kChancePlayer || who == 1) ? heuristic_action(s, rng) : random_action(s, rng);
    const int on_roll_before = g.on_roll();
    const Phase phase_before = g.phase();
    const int cube_before = g.cube().value();
    const int turn_before = g.turn();
    const Position position_before = g.position();
    if (a.kind == ActionKind::Move) {
      if (view >= 0) {
        TableOptions opt;
        opt.bottom = view;
        opt.home = home;
        std::printf("\n%s", draw_table(g.position(), on_roll_before, g.cube(), opt).c_str());
      } else {
        DrawOptions opt;
        opt.home = home;
        opt.mover = on_roll_before == 1 ? 'X' : 'O';
        opt.opponent = on_roll_before == 1 ? 'O' : 'X';
        std::printf("\n%s", draw(g.position(), opt).c_str());
      }
      std::printf("GNUbg ID: %s\n", gnubg_id(m).c_str());
    }
    const Status st = s.apply_action(a);
    if (!st.ok()) {
      std::fprintf(stderr, "backgammon play: internal error: %s refused: %s\n", State::action_to_string(a).c_str(),
                   st.error().to_string().c_str());
      return 1;
    }
    const Match& m2 = s.match();
    const auto& g2 = m2.game();
    switch (a.kind) {
      case ActionKind::OpeningRoll:
        if (a.dice.d1 == a.dice.d2) {
          std::printf("Opening throw %d-%d: equal, thrown again", a.dice.d1, a.dice.d2);
          if (g2.cube().value() != cube_before) std::printf(" (automatic double: the cube is at %d)", g2.cube().value());
          std::printf("\n");
        } else {
          std::printf("Opening throw: player 0 %d, player 1 %d: %s starts\n", a.dice.d1, a.dice.d2,
                      kName[a.dice.d1 > a.dice.d2 ? 0 : 1]);
        }
        break;
      case ActionKind::Roll:
        std::printf("%s rolls %d-%d", kName[on_roll_before], a.dice.d1, a.dice.d2);
        if (g2.phase() == Phase::TurnStart && g2.on_roll() != on_roll_before) std::printf(": no legal play, the turn passes");
        std::printf("\n");
        break;
      case ActionKind::Move:
        std::printf("%s plays %s\n", kName[on_roll_before], format_play(position_before, a.play).c_str());
        break;
      case ActionKind::Double:
        std::printf("%s doubles to %d\n", kName[on_roll_before], cube_before * 2);
        break;
      case ActionKind::Take:
        std::printf("%s takes: the cube is at %d, owned by player %d\n", kName[turn_before], g2.cube().value(),
                    g2.cube().owner());
        break;
      case ActionKind::Drop:
        std::printf("%s drops\n", kName[turn_before]);
        break;
      case ActionKind::Beaver:
        std::printf("%s %s: redoubles to %d at once\n", kName[turn_before],
                    turn_before == on_roll_before ? "raccoons" : "beavers", g2.offered_value());
        break;
      default:
        break;
    }
    (void)phase_before;
    if (m2.games_played() != games_seen) {
      const GameResult& r = m2.last_result();
      if (r.reason == EndReason::Dropped)
        std::printf("%s wins %d point%s (double refused)\n", kName[r.winner], r.points, r.points == 1 ? "" : "s");
      else if (r.reason == EndReason::Resigned)
        std::printf("%s wins %d point%s by resignation\n", kName[r.winner], r.points, r.points == 1 ? "" : "s");
      else
        std::printf("%s wins %s: %d point%s (cube %d)\n", kName[r.winner], kind_name(r.kind), r.points,
                    r.points == 1 ? "" : "s", r.cube_value);
      print_score(m2);
    }
  }
  const Match& m = s.match();
  std::printf("\n");
  if (m.rules().is_match())
  {
    const auto w = static_cast<std::size_t>(m.winner());
    std::printf("Match over: %s wins %d-%d\n", kName[w], m.score()[w], m.score()[1 - w]);
  }
  else
    std::printf("Money game over: player 0 %+d, player 1 %+d\n", m.score()[0] - m.score()[1], m.score()[1] - m.score()[0]);
  return 0;
}

const bgcli::Registration reg{bgcli::Command{"play", kUsage, &run}};
}  // namespace
