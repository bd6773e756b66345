// backgammon play: two simple bots play a match or a money game. Player 0 ('O') is the random
// bot, player 1 ('X') the pip-count heuristic bot that also uses the cube. Every position is
// drawn (from the side of the player on roll, or with --view P always from player P's side, the
// cube and the turn shown; --home left|right places the bottom home board, --switch-sides swaps
// it after each game, BG-1.5), every cube action and score shown; the result ends the output.
// --variant standard|hypergammon chooses the game (backgammon/values/variant.hpp: Hypergammon is
// 3 checkers a side on the 24-, 23- and 22-points). --from ID goes on from a GNUbg ID or an XGID
// (as `replay --from`; in Hypergammon the checkers not on the board are borne off). --db FILE
// (repeatable; a one- or two-sided bear-off or a Hypergammon database in GNU Backgammon's format,
// its kind read from its header): when every play of a throw leads to a position a database
// covers, either bot plays the play best for it by the database's cubeless equity
// (backgammon/db/exact.hpp: exact from the two-sided and Hypergammon databases, an estimate from
// the one-sided one), and says so. A Hypergammon database serves only --variant hypergammon, and
// only one of 3 checkers (one of 1 or 2 covers no position of the game): another is a usage error.
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/db/exact.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/text.hpp"

#include "command.hpp"
#include "common/args.hpp"
#include "common/bots.hpp"
#include "common/databases.hpp"

namespace {
namespace cmd_play {  // this file's names, distinct in the unity build of the program
using namespace boardrules;
using namespace boardrules::backgammon;

constexpr examples::Usage kUsage{
    "backgammon", "play",
    "play [--match N | --money] [--variant standard|hypergammon] [--seed S] [--jacoby] [--auto-doubles K] "
    "[--beavers K] [--home left|right] [--view 0|1] [--switch-sides] [--from ID] [--db FILE]..."};
constexpr const char* kName[2] = {"player 0 (O, random)", "player 1 (X, heuristic)"};

const char* kind_name(WinKind k) {
  return k == WinKind::Backgammon ? "a backgammon" : k == WinKind::Gammon ? "a gammon" : "a single game";
}

template <class V>
void print_score(const BasicMatch<V>& m) {
  if (m.rules().is_match())
    std::printf("Score: player 0 %d, player 1 %d (match to %d)\n", m.score()[0], m.score()[1], m.rules().match_length);
  else std::printf("Score: player 0 %d, player 1 %d (money)\n", m.score()[0], m.score()[1]);
}

// The command line, read by run().
struct Settings {
  bool switch_sides = false;
  HomeSide home = HomeSide::Right;
  int view = -1;  // the player drawn at the bottom; -1: the player on roll
  unsigned long long seed = 1;
  std::string_view from;
  dbfiles::Loaded databases;
  bgcli::SessionOptions o;
};

// Plays the session of `set` in variant V; the exit status.
template <class V>
int play(Settings& set);

int run(std::span<char* const> argv) {
  Settings set;
  std::string_view variant = Standard::name;
  examples::Args args(argv);
  const auto status = set.o.read_all(args, kUsage, [&](std::string_view a) -> std::optional<int> {
    const bool valued = args.more();  // an option's value follows
    if (a == "--seed" && valued) {
      if (!examples::parse_int(*args.next(), 0ULL, ~0ULL, set.seed))
        return kUsage.error("--seed needs an unsigned 64-bit number");
    } else if (a == "--home" && valued) {
      const std::string_view h = *args.next();
      if (h != "left" && h != "right") return kUsage.error("--home needs left or right");
      set.home = h == "left" ? HomeSide::Left : HomeSide::Right;
    } else if (a == "--view" && valued) {
      const std::string_view v = *args.next();
      if (v != "0" && v != "1") return kUsage.error("--view needs a player, 0 or 1");
      set.view = v[0] - '0';
    } else if (a == "--switch-sides") {
      set.switch_sides = true;
    } else if (a == "--from" && valued) {
      set.from = *args.next();
    } else if (a == "--variant" && valued) {
      variant = *args.next();
      if (variant != Standard::name && variant != Hypergammon::name)
        return kUsage.error("--variant needs standard or hypergammon");
    } else if (a == "--db" && valued) {
      if (const auto problem = dbfiles::load(std::string(*args.next()), set.databases)) {
        std::fprintf(stderr, "backgammon play: --db: %s\n", printable(*problem).c_str());
        return 1;
      }
    } else {
      return kUsage.other(a);
    }
    return std::nullopt;
  });
  if (status) return *status;
  const bgcli::SessionOptions& o = set.o;
  if (o.money && o.match_given) return kUsage.error("--match and --money exclude each other");
  if (!set.from.empty() && (o.money || o.match_given || o.jacoby))
    return kUsage.error(
        "--from takes the match length, the score, Crawford and Jacoby from the ID: no --match, --money or --jacoby");
  if (o.money_options_in_match())
    return kUsage.error("--jacoby, --auto-doubles and --beavers are money-play options (BG-9.3)");
  return variant == Hypergammon::name ? play<Hypergammon>(set) : play<Standard>(set);
}

template <class V>
int play(Settings& set) {
  const bool switch_sides = set.switch_sides;
  HomeSide home = set.home;
  const int view = set.view;
  const unsigned long long seed = set.seed;
  const std::string_view from = set.from;
  const dbfiles::Loaded& databases = set.databases;
  bgcli::SessionOptions& o = set.o;
  if (const auto problem = dbfiles::unusable_for<V>(databases, true)) return kUsage.error(*problem);
  bool money = !o.match_given;
  SessionRules rules =
      money ? SessionRules::money({.jacoby = o.jacoby, .auto_doubles = o.auto_doubles}) : SessionRules::match(o.length);
  rules.beavers = o.beavers;
  std::optional<BasicState<V>> made;
  if (from.empty()) {
    auto r = BasicState<V>::make(rules, StateOptions{false, 1});
    if (!r.has_value()) return kUsage.error(r.error().to_string());
    made = *r;
  } else {
    auto r = bgcli::restore_match<V>(from, rules);
    if (!r.has_value()) return kUsage.error(r.error().to_string());
    made = BasicState<V>(*r, StateOptions{false, 1});
    money = !r->rules().is_match();
    o.length = r->rules().match_length;
    o.jacoby = r->rules().jacoby;
  }
  BasicState<V> s = *made;
  Rng rng(seed);
  const EndgameDatabases dbs = databases.view();

  if (!from.empty()) std::printf("Going on from %.*s\n", static_cast<int>(from.size()), from.data());
  if constexpr (std::is_same_v<V, Hypergammon>) std::printf("Hypergammon: %d checkers a side\n", V::kCheckers);
  if (money)
    std::printf("Money game%s%s%s, seed %llu\n", o.jacoby ? ", Jacoby rule" : "",
                o.auto_doubles ? (", automatic doubles up to " + std::to_string(o.auto_doubles)).c_str() : "",
                o.beavers ? (", beavers up to " + std::to_string(o.beavers) + " in a row").c_str() : "", seed);
  else std::printf("Match to %d points, seed %llu\n", o.length, seed);
  std::printf("%s against %s\n", kName[0], kName[1]);

  int games_seen = -1;
  while (!s.is_terminal()) {
    const BasicMatch<V>& m = s.match();
    const auto& g = m.game();
    if (m.games_played() != games_seen) {
      if (switch_sides && games_seen >= 0) home = home == HomeSide::Right ? HomeSide::Left : HomeSide::Right;
      games_seen = m.games_played();
      std::printf("\n=== Game %d%s ===\n", games_seen + 1, g.crawford() ? " (Crawford game: no doubling)" : "");
      print_score(m);
    }
    const int who = s.current_player();
    // A throw whose every play leads to a position the databases cover: their best play.
    std::optional<std::pair<std::size_t, double>> db_choice;
    PlayList db_plays;
    if (!databases.empty() && g.phase() == Phase::Rolled && who >= 0) {
      g.legal_plays(db_plays);
      db_choice = dbfiles::best_play(g.position(), db_plays, dbs);
    }
    const Action a = db_choice                            ? Action::move(db_plays[db_choice->first])
                     : (who == kChancePlayer || who == 1) ? bots::heuristic_action(s, rng)
                                                          : bots::random_action(s, rng);
    const int on_roll_before = g.on_roll();
    const Phase phase_before = g.phase();
    const int cube_before = g.cube().value();
    const int turn_before = g.turn();
    const BasicPosition<V> position_before = g.position();
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
      std::printf("GNUbg ID: %s\n", format_gnubg_id(m).c_str());
    }
    const Status st = s.apply_action(a);
    if (!st.has_value()) {
      std::fprintf(stderr, "backgammon play: internal error: %s refused: %s\n",
                   BasicState<V>::action_to_string(a).c_str(), st.error().to_string().c_str());
      return 1;
    }
    const BasicMatch<V>& m2 = s.match();
    const auto& g2 = m2.game();
    switch (a.kind) {
      case ActionKind::OpeningRoll:
        if (a.dice.d1() == a.dice.d2()) {
          std::printf("Opening throw %d-%d: equal, thrown again", a.dice.d1(), a.dice.d2());
          if (g2.cube().value() != cube_before)
            std::printf(" (automatic double: the cube is at %d)", g2.cube().value());
          std::printf("\n");
        } else {
          std::printf("Opening throw: player 0 %d, player 1 %d: %s starts\n", a.dice.d1(), a.dice.d2(),
                      kName[a.dice.d1() > a.dice.d2() ? 0 : 1]);
        }
        break;
      case ActionKind::Roll:
        std::printf("%s rolls %d-%d", kName[on_roll_before], a.dice.d1(), a.dice.d2());
        if (g2.phase() == Phase::TurnStart && g2.on_roll() != on_roll_before)
          std::printf(": no legal play, the turn passes");
        std::printf("\n");
        break;
      case ActionKind::Move:
        std::printf("%s plays %s", kName[on_roll_before], format_play(position_before, a.play).c_str());
        if (db_choice) std::printf(" (by the database: cubeless equity %+.4f)", db_choice->second);
        std::printf("\n");
        break;
      case ActionKind::Double: std::printf("%s doubles to %d\n", kName[on_roll_before], cube_before * 2); break;
      case ActionKind::Take:
        std::printf("%s takes: the cube is at %d, owned by player %d\n", kName[turn_before], g2.cube().value(),
                    g2.cube().owner());
        break;
      case ActionKind::Drop: std::printf("%s drops\n", kName[turn_before]); break;
      case ActionKind::Beaver:
        std::printf("%s %s: redoubles to %d at once\n", kName[turn_before],
                    turn_before == on_roll_before ? "raccoons" : "beavers", g2.offered_value());
        break;
      default: break;
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
  const BasicMatch<V>& m = s.match();
  std::printf("\n");
  if (m.rules().is_match()) {
    const auto w = static_cast<std::size_t>(*m.winner());
    std::printf("Match over: %s wins %d-%d\n", kName[w], m.score()[w], m.score()[1 - w]);
  } else
    std::printf("Money game over: player 0 %+d, player 1 %+d\n", m.score()[0] - m.score()[1],
                m.score()[1] - m.score()[0]);
  return 0;
}
}  // namespace cmd_play
}  // namespace

const bgcli::Command bgcli::play_command{"play", cmd_play::kUsage.line, &cmd_play::run};
