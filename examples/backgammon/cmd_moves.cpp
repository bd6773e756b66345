// backgammon moves
// Reads lines "<position-id> <d1> <d2>" from stdin and prints, for each, one line
//   <position-id> <d1> <d2> <n> <id_1> ... <id_n>
// the Position IDs of the n distinct positions after the legal plays (BG-3..BG-6, BG-3.9), NOT
// flipped (the player who moved stays on roll), sorted by byte order; n = 0 when no play is legal.
// With --text, each play's ID is followed by a blank and the play in standard notation (as
// GNU Backgammon writes it, docs/frontends.md), and the plays are separated by tabs instead:
//   <position-id> <d1> <d2> <n>\t<id_1> <text_1>\t...\t<id_n> <text_n>
// Blank lines are skipped. A bad line gets "backgammon moves: line N: <problem>" on stderr and no
// output line; reading goes on. Exit status 0, 1 when some line was bad (as `warri moves`),
// 2 for bad command-line arguments.
#include <algorithm>
#include <array>
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "command.hpp"

namespace {
namespace cmd_moves {  // this file's names, distinct in the unity build of the program

namespace bg = boardrules::backgammon;

constexpr examples::Usage kUsage{"backgammon", "moves",
                                 "moves [--text]   (reads \"<position-id> <d1> <d2>\" lines from stdin)"};

int run(std::span<char* const> args) {
  const bool text = args.size() == 1 && std::string_view(args[0]) == "--text";
  if (!args.empty() && !text) return kUsage.error("takes no arguments but --text");
  std::string out;
  std::vector<std::string> ids;
  static bg::PlayList list;  // ~30 KB: not on the stack
  return bgcli::for_each_line("moves", [&](std::string_view line, const auto& bad) {
    const auto tokens = bgcli::split(line);
    if (tokens.empty()) return;
    if (tokens.size() != 3)
      return bad("expected \"<position-id> <d1> <d2>\", found " + std::to_string(tokens.size()) + " fields");
    auto pos = bg::parse_position_id(tokens[0]);
    if (!pos) return bad(pos.error().to_string());
    std::array<int, 2> dice{};
    for (std::size_t k = 0; k < 2; ++k) {
      const std::string_view t = tokens[k + 1];
      if (t.size() != 1 || t[0] < '1' || t[0] > '6')
        return bad("die " + std::to_string(k + 1) + " must be 1 to 6, not '" + std::string(t) + "'");
      dice[k] = t[0] - '0';
    }
    bg::generate_plays(*pos, bg::Dice::unchecked(dice[0], dice[1]), list);
    ids.clear();
    for (const bg::Play& play : list)
      ids.push_back(bg::format_position_id(bg::apply(*pos, play)) +
                    (text ? " " + bg::format_play(*pos, play) : std::string()));
    std::sort(ids.begin(), ids.end());
    out.clear();
    out.append(tokens[0]).append(" ").append(tokens[1]).append(" ").append(tokens[2]);
    out += ' ';
    out += std::to_string(ids.size());
    for (const auto& id : ids) out.append(text ? "\t" : " ").append(id);
    out += '\n';
    std::cout << out;
  });
}

}  // namespace cmd_moves
}  // namespace

const bgcli::Command bgcli::moves_command{"moves", cmd_moves::kUsage.line, &cmd_moves::run};
