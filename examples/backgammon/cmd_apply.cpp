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

#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "command.hpp"

namespace {
namespace cmd_apply {  // this file's names, distinct in the unity build of the program

namespace bg = boardrules::backgammon;

constexpr examples::Usage kUsage{"backgammon", "apply",
                                 "apply   (reads \"<position-id> <d1> <d2> <move text>\" lines from stdin)"};

int run(std::span<char* const> args) {
  if (!args.empty()) return kUsage.error("takes no arguments");
  return bgcli::for_each_line("apply", [](std::string_view line, const auto& bad) {
    std::size_t i = 0;
    const std::string_view id = bgcli::next_field(line, i);
    if (id.empty()) return;
    const std::string_view d1 = bgcli::next_field(line, i);
    const std::string_view d2 = bgcli::next_field(line, i);
    if (d2.empty()) return bad("expected \"<position-id> <d1> <d2> <move text>\"");
    auto pos = bg::parse_position_id(id);
    if (!pos) return bad(pos.error().to_string());
    const auto die = [](std::string_view t) { return t.size() == 1 && t[0] >= '1' && t[0] <= '6' ? t[0] - '0' : 0; };
    if (die(d1) == 0 || die(d2) == 0)
      return bad("dice must be 1 to 6, not '" + std::string(d1) + " " + std::string(d2) + "'");
    const bg::Dice dice = bg::Dice::unchecked(die(d1), die(d2));
    auto play = bg::parse_play(*pos, dice, line.substr(i));
    if (!play) return bad(play.error().to_string());
    std::cout << bg::format_position_id(bg::apply(*pos, *play)) << '\n';
  });
}

}  // namespace cmd_apply
}  // namespace

const bgcli::Command bgcli::apply_command{"apply", cmd_apply::kUsage.line, &cmd_apply::run};
