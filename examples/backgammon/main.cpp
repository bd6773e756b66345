// backgammon: command-line front end of boardrules' backgammon engine.
// Usage: backgammon <subcommand> [args...]; `backgammon help` lists the subcommands, and
// `backgammon <subcommand> --help` prints one's usage.
#include <array>
#include <cstdio>
#include <span>
#include <string_view>

#include "command.hpp"

namespace {
// The subcommands, in the order `backgammon help` lists them.
const std::array<const bgcli::Command*, 11> kCommands{
    &bgcli::apply_command,  &bgcli::chouette_command, &bgcli::convert_command, &bgcli::db_command,
    &bgcli::duel_command,   &bgcli::moves_command,    &bgcli::perft_command,   &bgcli::play_command,
    &bgcli::replay_command, &bgcli::show_command,     &bgcli::ubgi_command};
}  // namespace

int main(int argc, char** argv) {
  const std::string_view sub = argc > 1 ? std::string_view(argv[1]) : std::string_view();
  const auto is_help = [](std::string_view s) { return s == "--help" || s == "-h"; };
  for (const bgcli::Command* c : kCommands) {
    if (c->name != sub) continue;
    // `backgammon <subcommand> ... --help`: its usage on stdout, whatever else is given.
    for (int i = 2; i < argc; ++i) {
      if (is_help(argv[i])) {
        std::printf("usage: backgammon %.*s\n", static_cast<int>(c->usage.size()), c->usage.data());
        return 0;
      }
    }
    return c->run(std::span<char* const>(argv + 2, static_cast<std::size_t>(argc - 2)));
  }
  // `backgammon help`, --help or -h: the usage on stdout (exit status 0); no subcommand or an
  // unknown one: on stderr (exit status 2).
  const bool asked = sub == "help" || is_help(sub);
  std::FILE* out = asked ? stdout : stderr;
  if (sub.empty()) std::fprintf(out, "backgammon: missing subcommand\n");
  else if (!asked) std::fprintf(out, "backgammon: unknown subcommand '%.*s'\n", static_cast<int>(sub.size()), sub.data());
  std::fprintf(out, "usage: backgammon <subcommand> [args...]\n");
  for (const bgcli::Command* c : kCommands)
    std::fprintf(out, "  %.*s\n", static_cast<int>(c->usage.size()), c->usage.data());
  return asked ? 0 : 2;
}
