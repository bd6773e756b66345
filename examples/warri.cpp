// warri: the command-line program of the Warri engine.
//
//   warri perft <depth> [<position>] [--variant V] [--leaves count|list|make] [--divide]
//               [--threads N] [--hash MB]
//   warri moves [--variant V]                      positions on stdin, one a line
//   warri game  [--variant V] [--cycle first|threefold|noncapture:N] [--start "<position>"]
//   warri play  [--variant V] [--seed N] [--series] [--quiet]
//
// V is speightstown (default), bridgetown or abapa; --split-at-every-end (Bridgetown) also divides
// the seeds left when a capture to 25 ends the game (WA-5.4 option). Bad arguments: usage on
// stderr, exit 2.

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "boardrules/core/random.hpp"
#include "boardrules/warri.hpp"
#include "boardrules/warri/perft_parallel.hpp"

namespace {

using namespace boardrules;
using namespace boardrules::warri;

constexpr const char* kUsage =
    "usage: warri <command> [options]\n"
    "  perft <depth> [<position>] [--variant V] [--leaves count|list|make] [--divide]\n"
    "        [--threads N] [--hash MB]\n"
    "      count the move sequences of <depth> plies (start position by default); the count\n"
    "      alone on the last line; --divide first prints '<move>: <count>' per legal move;\n"
    "      --threads N: N threads (default or 0: all hardware threads; 1 without --hash: the\n"
    "      single-threaded perft); --hash MB: a transposition table of MB MiB (default 0: none)\n"
    "  moves [--variant V]\n"
    "      read positions from stdin, one a line; print each one's legal moves as\n"
    "      '<letter>:<resulting position>' joined by ' | ', or 'over <S>-<N> <S|N|draw>';\n"
    "      a bad line: a message on stderr, reading goes on, exit status 1 at the end\n"
    "  game [--variant V] [--cycle first|threefold|noncapture:N] [--start \"<position>\"]\n"
    "      read moves (house letters) from stdin, play them; print\n"
    "      'over <S>-<N> <S|N|draw> <captured|starved|cycle>' or 'ongoing <position>';\n"
    "      an illegal move or a move after the end: message on stderr, exit status 2\n"
    "  play [--variant V] [--seed N] [--series] [--quiet]\n"
    "      a random player (South) against a greedy capturer (North), board drawn each ply\n"
    "  V: speightstown (default), bridgetown, abapa; with bridgetown, --split-at-every-end also\n"
    "      divides the seeds left when a capture to 25 ends the game (WA-5.4 option)\n"
    "  position: WA-7.1 notation, e.g. \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\"\n";

/// Thrown (only inside this program) for bad command-line arguments: usage, exit 2.
struct UsageError {
  std::string message;
};

struct Args {
  std::string command;
  std::vector<std::string> positional;
  std::string variant = "speightstown";
  std::optional<std::string> leaves;  // count when not given
  std::optional<std::string> cycle;   // first when not given
  std::optional<std::string> start;
  std::optional<std::uint64_t> seed;
  std::optional<std::uint64_t> threads;  // all hardware threads when not given
  std::optional<std::uint64_t> hash;     // MiB; none when not given
  bool divide = false;
  bool split_every_end = false;  // Bridgetown: split the seeds left also after a capture to 25 (WA-5.4)
  bool series = false;
  bool quiet = false;
};

std::optional<std::uint64_t> to_u64(std::string_view s) {
  std::uint64_t v = 0;
  if (s.empty()) return std::nullopt;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

Args parse_args(int argc, char** argv) {
  if (argc < 2) throw UsageError{"missing command"};
  Args a;
  a.command = argv[1];
  for (int i = 2; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.rfind("--", 0) != 0 || arg == "--") {
      a.positional.push_back(arg);
      continue;
    }
    std::string name = arg;
    std::optional<std::string> value;
    if (const auto eq = arg.find('='); eq != std::string::npos) {
      name = arg.substr(0, eq);
      value = arg.substr(eq + 1);
    }
    auto take = [&]() -> std::string {
      if (value) return *value;
      if (i + 1 >= argc) throw UsageError{name + " needs a value"};
      return argv[++i];
    };
    auto flag = [&]() {
      if (value) throw UsageError{name + " takes no value"};
    };
    if (name == "--variant") a.variant = take();
    else if (name == "--leaves") a.leaves = take();
    else if (name == "--cycle") a.cycle = take();
    else if (name == "--start") a.start = take();
    else if (name == "--seed") {
      const std::string v = take();
      const auto n = to_u64(v);
      if (!n) throw UsageError{"--seed: not a non-negative integer: " + v};
      a.seed = *n;
    } else if (name == "--threads" || name == "--hash") {
      const std::string v = take();
      const auto n = to_u64(v);
      if (!n || *n > (name == "--threads" ? 4096u : 1u << 30)) {
        throw UsageError{name + ": not a whole number in range: " + v};
      }
      (name == "--threads" ? a.threads : a.hash) = *n;
    } else if (name == "--divide") {
      flag();
      a.divide = true;
    } else if (name == "--split-at-every-end") {
      flag();
      a.split_every_end = true;
    } else if (name == "--series") {
      flag();
      a.series = true;
    } else if (name == "--quiet") {
      flag();
      a.quiet = true;
    } else {
      throw UsageError{"unknown option " + name};
    }
  }
  if (a.variant != "speightstown" && a.variant != "bridgetown" && a.variant != "abapa") {
    throw UsageError{"--variant: expected speightstown, bridgetown or abapa, found " + a.variant};
  }
  if (a.split_every_end && a.variant != "bridgetown") throw UsageError{"--split-at-every-end is a Bridgetown option"};
  return a;
}

/// Options allowed per command (anything else given is a usage error).
void allow_only(const Args& a, bool leaves, bool divide, bool cycle, bool start, bool play) {
  if (!leaves && a.leaves) throw UsageError{"--leaves is for perft"};
  if (!divide && a.divide) throw UsageError{"--divide is for perft"};
  if (!divide && (a.threads || a.hash)) throw UsageError{"--threads and --hash are for perft"};
  if (!cycle && a.cycle) throw UsageError{"--cycle is for game"};
  if (!start && a.start) throw UsageError{"--start is for game"};
  if (!play && (a.series || a.quiet || a.seed)) {
    throw UsageError{"--seed, --series and --quiet are for play"};
  }
}

std::string winner_text(const Outcome& o) {
  if (!o.winner) return "draw";
  return *o.winner == Player::South ? "S" : "N";
}

std::string reason_text(EndReason r) {
  switch (r) {
    case EndReason::Captured: return "captured";
    case EndReason::Starved: return "starved";
    case EndReason::Cycle: return "cycle";
    case EndReason::None: break;
  }
  return "ongoing";
}

std::string scores_text(const Outcome& o) {
  return std::to_string(o.south) + "-" + std::to_string(o.north);
}

// ---- perft -----------------------------------------------------------------------------------

template <class R>
int cmd_perft(const Args& a) {
  allow_only(a, true, true, false, false, false);
  if (a.positional.empty()) throw UsageError{"perft: missing <depth>"};
  const auto depth = to_u64(a.positional[0]);
  if (!depth || *depth > 200) {
    throw UsageError{"perft: <depth> must be an integer 0..200, found " + a.positional[0]};
  }
  Leaves leaves = Leaves::Count;
  const std::string mode = a.leaves.value_or("count");
  if (mode == "count") leaves = Leaves::Count;
  else if (mode == "list") leaves = Leaves::List;
  else if (mode == "make") leaves = Leaves::Make;
  else throw UsageError{"--leaves: expected count, list or make, found " + mode};
  BasicPosition<R> p = BasicPosition<R>::start();
  if (a.positional.size() > 1) {
    // The position may come as one argument or as its three space-separated fields.
    std::string text;
    for (std::size_t k = 1; k < a.positional.size(); ++k) {
      if (k > 1) text += ' ';
      text += a.positional[k];
    }
    auto parsed = parse_position<R>(text);
    if (!parsed) throw UsageError{"perft: bad position: " + parsed.error().to_string()};
    p = *parsed;
  }
  const int d = static_cast<int>(*depth);
  const PerftOptions options{static_cast<unsigned>(a.threads.value_or(0)),
                             static_cast<std::size_t>(a.hash.value_or(0))};
  const bool single = perft_threads(options.threads) == 1 && options.hash_mb == 0;
  std::uint64_t total = 0;
  try {
    if (a.divide && d >= 1) {
      MoveList moves;
      generate_moves(p, moves);
      std::vector<std::uint64_t> counts(moves.size());
      if (single) {
        for (std::size_t i = 0; i < moves.size(); ++i) counts[i] = perft(apply(p, moves[i]), d - 1, leaves);
      } else {
        counts = perft_parallel_divide(p, d, leaves, options);
      }
      for (std::size_t i = 0; i < moves.size(); ++i) {
        std::cout << move_letter(moves[i]) << ": " << counts[i] << '\n';
        total += counts[i];
      }
    } else {
      total = single ? perft(p, d, leaves) : perft_parallel(p, d, leaves, options);
    }
  } catch (const std::bad_alloc&) {
    std::cerr << "warri perft: not enough memory for a " << options.hash_mb << " MiB table\n";
    return 1;
  } catch (const std::system_error& e) {
    std::cerr << "warri perft: " << e.what() << '\n';
    return 1;
  }
  std::cout << total << '\n';
  return 0;
}

// ---- moves -----------------------------------------------------------------------------------

template <class R>
int cmd_moves(const Args& a) {
  allow_only(a, false, false, false, false, false);
  if (!a.positional.empty()) throw UsageError{"moves: unexpected argument " + a.positional[0]};
  std::string line;
  int number = 0;
  int bad = 0;
  while (std::getline(std::cin, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines
    auto parsed = parse_position<R>(line);
    if (!parsed) {
      std::cerr << "warri moves: line " << number << ": " << parsed.error().to_string() << '\n';
      ++bad;
      continue;
    }
    const BasicPosition<R>& p = *parsed;
    MoveList moves;
    generate_moves(p, moves);
    std::string out;
    if (moves.empty()) {
      const Outcome o = outcome(p);
      out = "over " + scores_text(o) + " " + winner_text(o);
    } else {
      for (const Move m : moves) {
        if (!out.empty()) out += " | ";
        out += move_letter(m);
        out += ':';
        out += format_position(apply(p, m));
      }
    }
    std::cout << out << '\n';
  }
  return bad == 0 ? 0 : 1;
}

// ---- game ------------------------------------------------------------------------------------

CycleOptions parse_cycle(const std::string& s) {
  if (s == "first") return {CycleRule::FirstRepetition, 100};
  if (s == "threefold") return {CycleRule::Threefold, 100};
  const std::string prefix = "noncapture:";
  if (s.rfind(prefix, 0) == 0) {
    const auto n = to_u64(std::string_view(s).substr(prefix.size()));
    constexpr auto kMax = kDefaultHistoryCapacity - 1;
    if (!n || *n < 1 || *n > kMax) {
      throw UsageError{"--cycle noncapture:N: N must be an integer 1.." + std::to_string(kMax) +
                       ", found " + s.substr(prefix.size())};
    }
    return {CycleRule::NoCapturePlies, static_cast<int>(*n)};
  }
  throw UsageError{"--cycle: expected first, threefold or noncapture:N, found " + s};
}

template <class R>
int cmd_game(const Args& a) {
  allow_only(a, false, false, true, true, false);
  if (!a.positional.empty()) throw UsageError{"game: unexpected argument " + a.positional[0]};
  const CycleOptions cycle = parse_cycle(a.cycle.value_or("first"));
  BasicPosition<R> start = BasicPosition<R>::start();
  if (a.start) {
    auto parsed = parse_position<R>(*a.start);
    if (!parsed) throw UsageError{"--start: bad position: " + parsed.error().to_string()};
    start = *parsed;
  }
  BasicGame<R> game(start, cycle);
  std::string token;
  int number = 0;
  while (std::cin >> token) {
    ++number;
    Status s = game.play(std::string_view(token));
    if (!s) {
      std::cerr << "warri game: move " << number << " (" << token << "): " << s.error().message
                << '\n';
      return 2;
    }
  }
  const Outcome& o = game.result();
  if (o.over()) {
    std::cout << "over " << scores_text(o) << ' ' << winner_text(o) << ' ' << reason_text(o.reason)
              << '\n';
  } else {
    std::cout << "ongoing " << format_position(game.position()) << '\n';
  }
  return 0;
}

// ---- play ------------------------------------------------------------------------------------

/// South: uniformly random. North: the move capturing the most seeds, ties broken at random.
template <class R>
Move choose(const BasicPosition<R>& p, const MoveList& moves, Rng& rng) {
  if (p.to_move() == Player::South) return moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
  MoveList best;
  int most = -1;
  for (const Move m : moves) {
    const BasicPosition<R> q = apply(p, m);
    const int gain = q.store(Player::North) - p.store(Player::North);
    if (gain > most) {
      most = gain;
      best.clear();
    }
    if (gain == most) best.push_back(m);
  }
  return best[rng.below(static_cast<std::uint32_t>(best.size()))];
}

template <class R>
Outcome play_one(Player first, Rng& rng, bool quiet) {
  BasicGame<R> game(BasicPosition<R>::start(first));
  if (!quiet) std::cout << draw(game.position()) << '\n';
  while (!game.over()) {
    const MoveList moves = game.legal_moves();
    const Move m = choose(game.position(), moves, rng);
    const Player mover = game.position().to_move();
    if (Status s = game.play(m); !s) {  // cannot happen: m is legal
      std::cerr << "warri play: " << s.error().to_string() << '\n';
      return game.result();
    }
    if (!quiet) {
      std::cout << "ply " << game.plies() << ": " << (mover == Player::South ? "South" : "North")
                << " plays " << move_letter(m) << '\n'
                << draw(game.position()) << '\n';
    }
  }
  return game.result();
}

template <class R>
int cmd_play(const Args& a) {
  allow_only(a, false, false, false, false, true);
  if (!a.positional.empty()) throw UsageError{"play: unexpected argument " + a.positional[0]};
  Rng rng(a.seed.value_or(1));
  std::cout << "South: random player, North: greedy capturer (" << R::name << ")\n";
  if (!a.series) {
    const Outcome o = play_one<R>(Player::South, rng, a.quiet);
    std::cout << "over " << scores_text(o) << ' ' << winner_text(o) << ' ' << reason_text(o.reason)
              << '\n';
    return 0;
  }
  Series series;
  constexpr int kMaxGames = 10000;  // a series of draws only would never end
  while (!series.over() && series.games() < kMaxGames) {
    const Player first = series.first_mover();
    if (!a.quiet) std::cout << "== game " << series.games() + 1 << " ==\n";
    const Outcome o = play_one<R>(first, rng, a.quiet);
    (void)series.record(o);
    std::cout << "game " << series.games() << " (" << (first == Player::South ? "South" : "North")
              << " first): over " << scores_text(o) << ' ' << winner_text(o) << ' '
              << reason_text(o.reason) << '\n';
  }
  std::cout << "series: South " << series.wins(Player::South) << ", North "
            << series.wins(Player::North) << ", draws " << series.draws() << "; champion ";
  if (const auto c = series.champion()) std::cout << (*c == Player::South ? "South" : "North");
  else std::cout << "none";
  std::cout << '\n';
  return 0;
}

template <class R>
int run(const Args& a) {
  if (a.command == "perft") return cmd_perft<R>(a);
  if (a.command == "moves") return cmd_moves<R>(a);
  if (a.command == "game") return cmd_game<R>(a);
  if (a.command == "play") return cmd_play<R>(a);
  throw UsageError{"unknown command " + a.command};
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc >= 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h" ||
                    std::string_view(argv[1]) == "help")) {
    std::cout << kUsage;
    return 0;
  }
  try {
    const Args a = parse_args(argc, argv);
    if (a.variant == "bridgetown") return a.split_every_end ? run<BridgetownEveryEnd>(a) : run<Bridgetown>(a);
    if (a.variant == "abapa") return run<Abapa>(a);
    return run<Speightstown>(a);
  } catch (const UsageError& e) {
    std::cerr << "warri: " << e.message << '\n' << kUsage;
    return 2;
  }
}
