// backgammon show <position-id> [--home left|right]
// Draws the position (player on roll at the bottom, 'X') with pip counts; --home says on which
// side the home board of the player on roll is drawn (BG-1.5; right by default).
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/position_id.hpp"
#include "boardrules/backgammon/text.hpp"
#include "command.hpp"

namespace {

namespace bg = boardrules::backgammon;

constexpr std::string_view kUsage = "show <position-id> [--home left|right]";

int usage(const std::string& problem) {
  std::fprintf(stderr, "backgammon show: %s\nusage: backgammon %.*s\n", problem.c_str(),
               static_cast<int>(kUsage.size()), kUsage.data());
  return 2;
}

int run(std::span<char* const> args) {
  bg::DrawOptions options;
  bool have_pos = false;
  bg::Position pos;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--home") {
      if (i + 1 >= args.size()) return usage("--home needs a value: left or right");
      const std::string_view v = args[++i];
      if (v == "left") options.home = bg::HomeSide::Left;
      else if (v == "right") options.home = bg::HomeSide::Right;
      else return usage("unknown --home value '" + std::string(v) + "' (left or right)");
    } else if (a.starts_with("--")) {
      return usage("unknown option '" + std::string(a) + "'");
    } else if (!have_pos) {
      auto r = bg::from_position_id(a);
      if (!r) return usage(r.error().to_string());
      pos = *r;
      have_pos = true;
    } else {
      return usage("unexpected argument '" + std::string(a) + "'");
    }
  }
  if (!have_pos) return usage("missing <position-id>");
  std::fputs(bg::draw(pos, options).c_str(), stdout);
  return 0;
}

const bgcli::Registration registration{bgcli::Command{"show", kUsage, &run}};

}  // namespace
