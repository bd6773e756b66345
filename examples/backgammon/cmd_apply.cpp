// backgammon apply
// Reads lines "<position-id> <d1> <d2> <move text>" from stdin, the move text in standard
// notation (24/18 13/11, 13/7*/5, 8/5(2), bar/22*, 6/off; see docs/frontends.md), and prints for
// each the Position ID after that play, NOT flipped (the player who moved stays on roll, as
// `backgammon moves` prints). The text is resolved to the legal play reaching the same position
// (BG-3.9); an empty text is the pass of a roll with no legal play. Blank lines are skipped. A
// bad line gets "backgammon apply: line N: <reason>" on stderr and no output line; reading goes
// on. Exit status 0, 1 when some line was bad, 2 for bad command-line arguments.
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/notation.hpp"
#include "boardrules/backgammon/position_id.hpp"
#include "command.hpp"

namespace {

namespace bg = boardrules::backgammon;

constexpr std::string_view kUsage = "apply   (reads \"<position-id> <d1> <d2> <move text>\" lines from stdin)";

// The next blank-separated field of `line` from `i` (empty at the end).
std::string_view field(std::string_view line, std::size_t& i) {
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
  const std::size_t start = i;
  while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
  return line.substr(start, i - start);
}

int run(std::span<char* const> args) {
  if (!args.empty()) {
    std::fprintf(stderr, "backgammon apply: takes no arguments\nusage: backgammon %.*s\n",
                 static_cast<int>(kUsage.size()), kUsage.data());
    return 2;
  }
  std::ios::sync_with_stdio(false);
  std::string line;
  long long line_no = 0;
  bool any_bad = false;
  const auto bad = [&](const std::string& problem) {
    any_bad = true;
    std::cout.flush();
    std::fprintf(stderr, "backgammon apply: line %lld: %s\n", line_no, problem.c_str());
  };
  while (std::getline(std::cin, line)) {
    ++line_no;
    std::size_t i = 0;
    const std::string_view id = field(line, i);
    if (id.empty()) continue;
    const std::string_view d1 = field(line, i);
    const std::string_view d2 = field(line, i);
    if (d2.empty()) {
      bad("expected \"<position-id> <d1> <d2> <move text>\"");
      continue;
    }
    auto pos = bg::from_position_id(id);
    if (!pos) {
      bad(pos.error().to_string());
      continue;
    }
    const auto die = [](std::string_view t) { return t.size() == 1 && t[0] >= '1' && t[0] <= '6' ? t[0] - '0' : 0; };
    if (die(d1) == 0 || die(d2) == 0) {
      bad("dice must be 1 to 6, not '" + std::string(d1) + " " + std::string(d2) + "'");
      continue;
    }
    const bg::Dice dice(die(d1), die(d2));
    auto play = bg::parse_move(*pos, dice, std::string_view(line).substr(i));
    if (!play) {
      bad(play.error().to_string());
      continue;
    }
    std::cout << bg::position_id(bg::apply(*pos, *play)) << '\n';
  }
  std::cout.flush();
  return any_bad ? 1 : 0;
}

const bgcli::Registration registration{bgcli::Command{"apply", kUsage, &run}};

}  // namespace
