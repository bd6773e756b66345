// backgammon replay: plays a game record from stdin through the match state machine. Lines:
// roll D1 D2, move <play in standard notation>, double, take, drop, beaver, resign
// single|gammon|backgammon, accept, reject; '#' starts a comment.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "command.hpp"
#include "common/args.hpp"

namespace {
namespace cmd_replay {  // this file's names, distinct in the unity build of the program
using namespace boardrules;
using namespace boardrules::backgammon;

constexpr examples::Usage kUsage{"backgammon", "replay",
                                 "replay [--match N | --money [--jacoby] [--beavers K] | --from ID] [--no-crawford] "
                                 "[--auto-doubles K] [--bg-as-gammon] < record"};

int run(std::span<char* const> argv) {
  bool no_crawford = false, bg_as_gammon = false;
  std::string_view from;
  bgcli::SessionOptions o;
  examples::Args args(argv);
  const auto status = o.read_all(args, kUsage, [&](std::string_view a) -> std::optional<int> {
    if (a == "--from" && args.more()) {
      from = *args.next();
    } else if (a == "--no-crawford") {
      no_crawford = true;
    } else if (a == "--bg-as-gammon") {
      bg_as_gammon = true;
    } else {
      return kUsage.other(a);
    }
    return std::nullopt;
  });
  if (status) return *status;
  if (o.money && o.match_given) return kUsage.error("--match and --money exclude each other");
  if (!from.empty() && (o.money || o.match_given || o.jacoby))
    return kUsage.error(
        "--from takes the match length, the score, Crawford and Jacoby from the ID: no --match, --money or --jacoby");
  if (!o.money && !o.match_given && from.empty()) return kUsage.error("give --match N or --money (or --from ID)");
  if (o.money_options_in_match())
    return kUsage.error("--jacoby, --auto-doubles and --beavers are money-play options (BG-9.3)");
  SessionRules rules = o.money ? SessionRules::money({.jacoby = o.jacoby, .auto_doubles = o.auto_doubles})
                               : SessionRules::match(o.length, {.crawford = !no_crawford});
  rules.bg_as_gammon = bg_as_gammon;
  rules.beavers = o.beavers;
  if (!from.empty()) {
    rules.crawford = !no_crawford;
    rules.auto_doubles = o.auto_doubles;
  }
  auto made = from.empty() ? Match::make(rules) : bgcli::restore_match(from, rules);
  if (!made.has_value()) return kUsage.error(made.error().to_string());
  Match match = *made;

  std::string line;
  long line_no = 0;
  bool passed = false;  // the last throw had no legal play: a bare `move` may follow
  auto fail = [&](const std::string& why) {
    std::fflush(stdout);
    // the line's control bytes (NUL, ESC, CR, ...) escaped, not sent to the terminal
    std::fprintf(stderr, "backgammon replay: line %ld: %s\n", line_no, printable(why).c_str());
    return 2;
  };
  while (std::getline(std::cin, line)) {
    ++line_no;
    std::string_view text = line;
    if (const auto hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
    const auto tok = bgcli::split(text);
    if (tok.empty()) continue;
    if (match.over()) return fail("the match is over; '" + std::string(tok[0]) + "' cannot be played");
    const int before = match.games_played();
    const auto& g = match.game();
    const std::string_view cmd = tok[0];
    Status st;
    bool was_pass = false;
    if (cmd == "roll") {
      int d1 = 0, d2 = 0;
      if (tok.size() != 3 || !examples::parse_int(tok[1], 1, 6, d1) || !examples::parse_int(tok[2], 1, 6, d2))
        return fail("roll needs two dice 1..6: 'roll D1 D2'");
      if (g.phase() == Phase::Opening) {
        st = match.opening_roll(d1, d2);
      } else {
        const int mover = g.on_roll();
        st = match.roll(Dice::unchecked(d1, d2));  // parse_int: 1..6
        // no legal play: the turn passed by itself (or the game... cannot end on a pass)
        was_pass = st.has_value() && match.game().phase() == Phase::TurnStart && match.game().on_roll() != mover;
      }
    } else if (cmd == "move") {
      if (tok.size() == 1 && passed) {
        st = {};
      } else {
        // The rest of the line in standard notation (24/18 13/11, 13/7*/5, 8/5(2), bar/22*, 6/off).
        const std::string_view rest =
            text.substr(static_cast<std::size_t>(tok[0].data() + tok[0].size() - text.data()));
        if (g.phase() != Phase::Rolled) {
          st = make_error(ErrorCode::illegal_action, "no dice are thrown to play", "move");
        } else if (auto play = parse_play(g.position(), g.dice(), rest); !play.has_value()) {
          st = play.error();
        } else {
          st = match.play(*play);
        }
      }
    } else if (cmd == "double" && tok.size() == 1) {
      st = match.double_cube();
    } else if (cmd == "take" && tok.size() == 1) {
      st = match.take();
    } else if ((cmd == "drop" || cmd == "pass") && tok.size() == 1) {
      st = match.drop();
    } else if (cmd == "beaver" && tok.size() == 1) {
      st = match.beaver();
    } else if (cmd == "resign") {
      if (tok.size() != 2) return fail("resign needs one of single, gammon, backgammon");
      const std::string_view k = tok[1];
      Resign r{};
      if (k == "single" || k == "normal") r = Resign::Single;
      else if (k == "gammon") r = Resign::Gammon;
      else if (k == "backgammon") r = Resign::Backgammon;
      else return fail("resign needs one of single, gammon, backgammon, not '" + std::string(k) + "'");
      st = match.resign(r);
    } else if (cmd == "accept" && tok.size() == 1) {
      st = match.accept();
    } else if (cmd == "reject" && tok.size() == 1) {
      st = match.reject();
    } else {
      return fail("unknown action '" + std::string(text) +
                  "' (roll, move, double, take, drop, resign, accept, reject)");
    }
    if (!st.has_value()) return fail(st.error().to_string());
    passed = was_pass;
    if (match.games_played() != before) {
      const GameResult& r = match.last_result();
      std::printf("game %d winner %d points %d score %d-%d\n", match.games_played(), r.winner, r.points,
                  match.score()[0], match.score()[1]);
    }
  }
  if (!match.over()) std::printf("id %s\n", format_gnubg_id(match).c_str());
  return 0;
}
}  // namespace cmd_replay
}  // namespace

const bgcli::Command bgcli::replay_command{"replay", cmd_replay::kUsage.line, &cmd_replay::run};
