// backgammon show <position-id> [--home left|right]
// Draws the position (player on roll at the bottom, 'X') with pip counts; --home says on which
// side the home board of the player on roll is drawn (BG-1.5; right by default).
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/formats/text.hpp"
#include "command.hpp"
#include "common/args.hpp"

namespace {
namespace cmd_show {  // this file's names, distinct in the unity build of the program

namespace bg = boardrules::backgammon;

constexpr examples::Usage kUsage{"backgammon", "show", "show <position-id> [--home left|right]"};

int run(std::span<char* const> argv) {
  bg::DrawOptions options;
  std::optional<bg::Position> pos;
  examples::Args args(argv);
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    if (a == "--home") {
      const auto v = args.next();
      if (!v) return kUsage.error("--home needs a value: left or right");
      if (*v == "left") options.home = bg::HomeSide::Left;
      else if (*v == "right") options.home = bg::HomeSide::Right;
      else return kUsage.error("unknown --home value '" + std::string(*v) + "' (left or right)");
    } else if (!pos && !a.starts_with("--")) {
      if (!(pos = bgcli::position_arg(kUsage, a))) return 2;
    } else {
      return kUsage.unexpected(a);
    }
  }
  if (!pos) return kUsage.error("missing <position-id>");
  std::fputs(bg::draw(*pos, options).c_str(), stdout);
  return 0;
}

}  // namespace cmd_show
}  // namespace

const bgcli::Command bgcli::show_command{"show", cmd_show::kUsage.line, &cmd_show::run};
