// backgammon: command-line front end of boardrules' backgammon engine.
// Usage: backgammon <subcommand> [args...]; `backgammon help` lists the subcommands.
#include <algorithm>
#include <array>
#include <cstdio>
#include <span>
#include <string_view>

#include "command.hpp"

namespace bgcli {
namespace {
constexpr std::size_t kMaxCommands = 32;
std::array<Command, kMaxCommands>& table() {
  static std::array<Command, kMaxCommands> t{};
  return t;
}
std::size_t& table_size() {
  static std::size_t n = 0;
  return n;
}
}  // namespace

void register_command(const Command& command) {
  if (table_size() < kMaxCommands) table()[table_size()++] = command;
}
}  // namespace bgcli

int main(int argc, char** argv) {
  using namespace bgcli;
  auto cmds = std::span<Command>(table().data(), table_size());
  std::sort(cmds.begin(), cmds.end(), [](const Command& a, const Command& b) { return a.name < b.name; });
  const std::string_view sub = argc > 1 ? std::string_view(argv[1]) : std::string_view("help");
  for (const auto& c : cmds) {
    if (c.name == sub) return c.run(std::span<char* const>(argv + 2, static_cast<std::size_t>(argc - 2)));
  }
  const bool asked = sub == "help" || sub == "--help" || sub == "-h";
  std::FILE* out = asked ? stdout : stderr;
  if (!asked) std::fprintf(out, "backgammon: unknown subcommand '%.*s'\n", static_cast<int>(sub.size()), sub.data());
  std::fprintf(out, "usage: backgammon <subcommand> [args...]\n");
  for (const auto& c : cmds) std::fprintf(out, "  %.*s\n", static_cast<int>(c.usage.size()), c.usage.data());
  return asked ? 0 : 2;
}
