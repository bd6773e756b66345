#pragma once
// A subcommand of the `backgammon` example program. Each cmd_*.cpp defines one and registers it
// with a static `Registration`, so that subcommands live in separate files.
#include <span>
#include <string_view>

namespace bgcli {

/// A subcommand: its name, a one-line usage, and the function that runs it with the arguments
/// after the subcommand's name. Returns the process exit status.
struct Command {
  std::string_view name;
  std::string_view usage;
  int (*run)(std::span<char* const> args);
};

/// Adds a command to the program's table (called during static initialisation).
void register_command(const Command& command);

struct Registration {
  explicit Registration(const Command& command) { register_command(command); }
};

}  // namespace bgcli
