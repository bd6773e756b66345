#pragma once
// A subcommand of the `backgammon` example program. Each cmd_*.cpp defines one; main.cpp lists
// them in its command table.
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/backgammon/game/match.hpp"
#include "boardrules/backgammon/game/scoring.hpp"
#include "common/args.hpp"

namespace bgcli {

/// A subcommand: its name, a one-line usage, and the function that runs it with the arguments
/// after the subcommand's name. Returns the process exit status.
struct Command {
  std::string_view name;
  std::string_view usage;
  int (*run)(std::span<char* const> args);
};

/// The position of a <position-id> argument; nothing after printing the usage error (exit status
/// 2) when `text` is not a Position ID.
inline std::optional<boardrules::backgammon::Position> position_arg(const examples::Usage& usage,
                                                                    std::string_view text) {
  auto r = boardrules::backgammon::parse_position_id(text);
  if (!r) {
    usage.error(r.error().to_string());
    return std::nullopt;
  }
  return *r;
}

/// The match in progress of a --from argument: a GNUbg ID or an XGID (an argument starting with
/// "XGID=" or with more than one ':'), its position one of variant V (the checkers not on the
/// board are borne off). The ID gives the match length, the score, the Crawford game and the
/// Jacoby rule (an XGID also the cube cap); `rules` the rest.
template <class V = boardrules::backgammon::Standard>
boardrules::Result<boardrules::backgammon::BasicMatch<V>> restore_match(std::string_view id,
                                                                        boardrules::backgammon::SessionRules rules) {
  namespace bg = boardrules::backgammon;
  const bool is_xgid = id.substr(0, 5) == "XGID=" || id.find(':') != id.rfind(':');
  if (is_xgid) {
    auto x = bg::parse_xgid<V>(id);
    if (!x.has_value()) return x.error();
    rules.cube_cap = 1 << x->max_cube_log2;
    return bg::match_from_gnubg(x->position, x->fields, rules);
  }
  auto g = bg::parse_gnubg_id<V>(id);
  if (!g.has_value()) return g.error();
  return bg::match_from_gnubg(g->position, g->fields, rules);
}

/// Whether `c` separates fields: a blank, a tab or a carriage return.
[[nodiscard]] inline bool is_blank(char c) noexcept { return c == ' ' || c == '\t' || c == '\r'; }

/// The next field of `line` from `i` on (empty at the end); `i` goes past it.
inline std::string_view next_field(std::string_view line, std::size_t& i) {
  while (i < line.size() && is_blank(line[i])) ++i;
  const std::size_t start = i;
  while (i < line.size() && !is_blank(line[i])) ++i;
  return line.substr(start, i - start);
}

/// The fields of `line`.
inline std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  for (std::string_view f = next_field(line, i); !f.empty(); f = next_field(line, i)) out.push_back(f);
  return out;
}

/// Reads stdin to the end, calling `each(line, bad)` for every line, where `bad(problem)` reports
/// a bad line: "backgammon <command>: line N: <problem>" on stderr (control bytes escaped; stdout
/// flushed first, so that
/// the two streams interleave in order); reading goes on. Returns the exit status: 0, or 1 when
/// some line was bad.
template <class Each>
int for_each_line(std::string_view command, Each&& each) {
  std::ios::sync_with_stdio(false);
  std::string line;
  long long line_no = 0;
  bool any_bad = false;
  const auto bad = [&](const std::string& problem) {
    any_bad = true;
    std::cout.flush();
    std::fprintf(stderr, "backgammon %.*s: line %lld: %s\n", static_cast<int>(command.size()), command.data(), line_no,
                 boardrules::printable(problem).c_str());  // the line's control bytes escaped
  };
  while (std::getline(std::cin, line)) {
    ++line_no;
    each(std::string_view(line), bad);
  }
  std::cout.flush();
  return any_bad ? 1 : 0;
}

/// What --beavers means, in every program that takes it (0..kMaxBeavers).
inline constexpr std::string_view kBeaversNote = "beavers in a row, 0: none";

/// The options of a match or a money session that `play` and `replay` share: --match N, --money,
/// --jacoby, --auto-doubles K, --beavers K.
struct SessionOptions {
  bool money = false;
  bool match_given = false;
  bool jacoby = false;
  int length = 0;
  int auto_doubles = 0;
  int beavers = 0;

  /// What `read` made of an argument.
  enum class Read { Other, Taken, Bad };

  /// Reads `a` (its value the next of `args`) when it is one of these options: Taken; Other when it
  /// is not one (or its value is missing); Bad after the usage error for a bad value.
  Read read(std::string_view a, examples::Args& args, const examples::Usage& usage) {
    const bool valued = args.more();
    namespace bg = boardrules::backgammon;
    const auto number = [&](int lo, int hi, int& out, std::string_view note) {
      const std::string_view v = *args.next();
      if (examples::parse_int(v, lo, hi, out)) return Read::Taken;
      usage.error(examples::range_problem(a, lo, hi, v, note));
      return Read::Bad;
    };
    if (a == "--money") money = true;
    else if (a == "--jacoby") jacoby = true;
    else if (a == "--match" && valued) {
      match_given = true;
      return number(1, bg::kMaxMatchLength, length, "the match length");
    } else if (a == "--auto-doubles" && valued) {
      return number(0, bg::kMaxAutoDoubles, auto_doubles, "automatic doubles a game");
    } else if (a == "--beavers" && valued) {
      return number(0, bg::kMaxBeavers, beavers, kBeaversNote);
    } else {
      return Read::Other;
    }
    return Read::Taken;
  }

  /// Reads all of `args`: these options, and every other argument with `own(a)`, which takes `a`
  /// (and its value from `args`) and returns nothing, or returns the exit status to stop with
  /// (`usage.other(a)` for an argument it does not take). Returns nothing when all were read, else
  /// the exit status.
  template <class Own>
  std::optional<int> read_all(examples::Args& args, const examples::Usage& usage, Own&& own) {
    while (const auto next = args.next()) {
      const Read r = read(*next, args, usage);
      if (r == Read::Bad) return 2;
      if (r == Read::Other) {
        if (const std::optional<int> status = own(*next)) return status;
      }
    }
    return std::nullopt;
  }

  /// The money-play options were given for a match.
  [[nodiscard]] bool money_options_in_match() const noexcept {
    return match_given && (jacoby || auto_doubles > 0 || beavers > 0);
  }
};

extern const Command apply_command;     // cmd_apply.cpp
extern const Command chouette_command;  // cmd_chouette.cpp
extern const Command convert_command;   // cmd_convert.cpp
extern const Command db_command;        // cmd_db.cpp
extern const Command duel_command;      // cmd_duel.cpp
extern const Command moves_command;     // cmd_moves.cpp
extern const Command perft_command;     // cmd_perft.cpp
extern const Command play_command;      // cmd_play.cpp
extern const Command replay_command;    // cmd_replay.cpp
extern const Command show_command;      // cmd_show.cpp
extern const Command ubgi_command;      // cmd_ubgi.cpp

}  // namespace bgcli
