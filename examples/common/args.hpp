#pragma once
// Command-line arguments of the example programs: a walker over the arguments, whole numbers read
// with their range, and the usage message that a bad argument gets (exit status 2).

#include <charconv>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>

#include "boardrules/core/error.hpp"

namespace examples {

/// The ranges of the options every program that has them shares: --threads (0: all the
/// machine's), --hash (MiB of transposition table, 0: none).
inline constexpr unsigned kMaxThreads = 4096;
inline constexpr std::size_t kMaxHashMb = std::size_t{1} << 30;
inline constexpr std::string_view kThreadsNote = "0: all";
inline constexpr std::string_view kHashNote = "MiB, 0: no table";

/// Reads all of `text` (decimal digits only: no sign, no blanks) as a whole number from `lo` to
/// `hi` into `out`; false (out unchanged) when it is not one.
template <class T>
[[nodiscard]] bool parse_int(std::string_view text, T lo, T hi, T& out) noexcept {
  if (text.empty() || text.front() < '0' || text.front() > '9') return false;
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

/// The usage error of an option whose value is not a whole number from `lo` to `hi`: "<name>
/// needs a whole number lo..hi[ (<note>)], not '<value>'" (no value: without the "not"). Every
/// program says a number's range so.
template <class T>
[[nodiscard]] std::string range_problem(std::string_view name, T lo, T hi, std::optional<std::string_view> value,
                                        std::string_view note = {}) {
  std::string s = std::string(name) + " needs a whole number " + std::to_string(lo) + ".." + std::to_string(hi);
  if (!note.empty()) s += " (" + std::string(note) + ")";
  if (value) s += ", not '" + std::string(*value) + "'";
  return s;
}

/// The usage of a program (`command` empty) or of one of its subcommands: error messages start
/// with "<program>: " or "<program> <command>: ", and the usage reads "<program> <line>" (the
/// line of a subcommand starting with its name).
struct Usage {
  std::string_view program;
  std::string_view command;
  std::string_view line;

  /// "<program> <command>: <problem>\nusage: <program> <line>\n" on stderr (the control bytes
  /// of an argument quoted in the problem escaped: boardrules::printable); returns the exit
  /// status 2.
  int error(std::string_view problem) const {
    const std::string shown = boardrules::printable(problem);
    std::fprintf(stderr, "%.*s%s%.*s: %s\nusage: %.*s %.*s\n", static_cast<int>(program.size()), program.data(),
                 command.empty() ? "" : " ", static_cast<int>(command.size()), command.data(), shown.c_str(),
                 static_cast<int>(program.size()), program.data(), static_cast<int>(line.size()), line.data());
    return 2;
  }

  /// "usage: <program> <line>\n" on stdout (asked for with --help or -h); returns 0.
  int help() const {
    std::printf("usage: %.*s %.*s\n", static_cast<int>(program.size()), program.data(), static_cast<int>(line.size()),
                line.data());
    return 0;
  }

  /// The answer to an argument that no option takes: the usage on stdout for --help or -h (exit
  /// status 0), else the error "unknown or incomplete argument '<arg>'".
  int other(std::string_view arg) const {
    if (arg == "--help" || arg == "-h") return help();
    return error("unknown or incomplete argument '" + std::string(arg) + "'");
  }

  /// The error for an argument that nothing takes: "unknown option '--x'" for one starting with
  /// "--", else "unexpected argument 'x'".
  int unexpected(std::string_view arg) const {
    return error((arg.starts_with("--") ? "unknown option '" : "unexpected argument '") + std::string(arg) + "'");
  }
};

/// Walks the arguments in order: the next one, and whether an option's value follows.
class Args {
 public:
  explicit Args(std::span<char* const> args) noexcept : args_(args) {}

  /// The arguments of main() after the program's name.
  Args(int argc, char** argv) noexcept : args_(argv + 1, argc > 1 ? static_cast<std::size_t>(argc - 1) : 0) {}

  /// The next argument, or nothing after the last one.
  std::optional<std::string_view> next() noexcept {
    if (i_ >= args_.size()) return std::nullopt;
    return std::string_view(args_[i_++]);
  }

  /// Whether another argument follows (the value of the option just read).
  [[nodiscard]] bool more() const noexcept { return i_ < args_.size(); }

  /// How many arguments there are.
  [[nodiscard]] std::size_t size() const noexcept { return args_.size(); }

 private:
  std::span<char* const> args_;
  std::size_t i_ = 0;
};

/// An option with a whole-number value, "<name> N": N from `lo` to `hi` goes to `*out`; another
/// value gets the usage error of range_problem (with `note`, what the values mean, if any).
template <class T>
struct IntOption {
  std::string_view name;
  T lo;
  T hi;
  T* out;
  std::string_view note = {};
};

/// Reads all of `args` as the whole-number options given. Returns nothing when all were read,
/// else the exit status after the usage's answer: the error of an option's bad value, or
/// `usage.other` for an argument that no option takes (or an option without its value).
template <class... T>
std::optional<int> read_int_options(Args args, const Usage& usage, const IntOption<T>&... options) {
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    std::optional<int> status;
    bool taken = false;
    const auto try_option = [&](const auto& option) {
      if (taken || a != option.name || !args.more()) return;
      taken = true;
      const std::string_view value = *args.next();
      if (!parse_int(value, option.lo, option.hi, *option.out))
        status = usage.error(range_problem(option.name, option.lo, option.hi, value, option.note));
    };
    (try_option(options), ...);
    if (!taken) return usage.other(a);
    if (status) return status;
  }
  return std::nullopt;
}

}  // namespace examples
