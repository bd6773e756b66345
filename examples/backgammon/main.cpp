// backgammon: command-line front end of boardrules' backgammon engine.
// Usage: backgammon <subcommand> [args...]; `backgammon help` lists the subcommands.
#include <array>
#include <cstdio>
#include <span>
#include <string_view>

#include "command.hpp"

namespace {
// The subcommands, in the order `backgammon help` lists them.
const std::array<const bgcli::Command*, 9> kCommands{
    &bgcli::apply_command, &bgcli::chouette_command, &bgcli::convert_command,
    &bgcli::db_command,    &bgcli::moves_command,    &bgcli::perft_command,
    &bgcli::play_command,  &bgcli::replay_command,   &bgcli::show_command};
}  // namespace

int main(int argc, char** argv) {
  const std::string_view sub = argc > 1 ? std::string_view(argv[1]) : std::string_view("help");
  for (const bgcli::Command* c : kCommands) {
    if (c->name == sub) return c->run(std::span<char* const>(argv + 2, static_cast<std::size_t>(argc - 2)));
  }
  const bool asked = sub == "help" || sub == "--help" || sub == "-h";
  std::FILE* out = asked ? stdout : stderr;
  if (!asked) std::fprintf(out, "backgammon: unknown subcommand '%.*s'\n", static_cast<int>(sub.size()), sub.data());
  std::fprintf(out, "usage: backgammon <subcommand> [args...]\n");
  for (const bgcli::Command* c : kCommands)
    std::fprintf(out, "  %.*s\n", static_cast<int>(c->usage.size()), c->usage.data());
  return asked ? 0 : 2;
}
