// warri: the command-line program of the Warri engine.
//
//   warri perft <depth> [<position>] [--variant V] [--leaves count|list|make] [--divide]
//               [--threads N] [--hash MB] [--checkpoint FILE]
//   warri moves [--variant V]                      positions on stdin, one a line
//   warri game  [--variant V] [--cycle first|threefold|noncapture:N] [--start "<position>"]
//   warri play  [--variant V] [--cycle ...] [--seed N] [--series] [--quiet] [--db FILE|DIR]
//   warri show  <position> [--variant V]
//   warri endgame build --seeds N -o FILE [--variant V] [--threads T] [--checkpoint FILE]
//   warri endgame build --seeds N --slices DIR [--variant V] [--threads T] [--move-cache MIB]
//                       [--out-of-core]                 a sliced table, resumable
//   warri endgame probe FILE|DIR [--variant V]         positions on stdin, one a line
//   warri endgame stats FILE|DIR [--variant V]         wins, draws and losses per layer
//   warri endgame verify DIR [--sample N]              every slice and layer count checked;
//                                                      N boards a layer computed again
//   warri endgame join DIR -o FILE                     a sliced table as one file
//
// V is speightstown (default), bridgetown or abapa. Every command also takes the variant's
// decisions (docs/rules/warri.md) as flags that override the variant's choice: --feeding,
// --grand-slam, --starvation-award, --cycle-award, --odd-seed, --split-at-every-end. Bad
// arguments (and no arguments): usage on stderr, exit 2; --help or -h after any command: the
// usage on stdout, exit 0. A file that cannot be read or written: its path and the reason on
// stderr, exit 1.

#include <algorithm>
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
#include <thread>
#include <type_traits>
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif
#include <utility>
#include <vector>

#include "boardrules/formats/file.hpp"
#include "boardrules/db/memory.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri.hpp"
#include "boardrules/warri/db/any_table.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/distributed_build.hpp"
#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/play.hpp"
#include "boardrules/warri/db/recompute.hpp"
#include "boardrules/warri/db/sliced_table.hpp"
#include "boardrules/perft/warri.hpp"
#include "common/progress.hpp"
#include "common/warri_cli.hpp"
#include "common/warri_sliced.hpp"

namespace {

using namespace boardrules;
using namespace boardrules::warri;

constexpr const char* kUsage =
    "usage: warri <command> [options]\n"
    "  perft <depth> [<position>] [--variant V] [--leaves count|list|make] [--divide]\n"
    "        [--threads N] [--hash MB] [--checkpoint FILE]\n"
    "      count the move sequences of <depth> plies (start position by default); the count\n"
    "      alone on the last line; --divide first prints '<move>: <count>' per legal move;\n"
    "      --threads N: N threads (default or 0: all hardware threads; 1 without --hash: the\n"
    "      single-threaded perft); --hash MB: a transposition table of MB MiB (default 0: none);\n"
    "      --checkpoint FILE: journal each finished job in FILE, resume from it when run again\n"
    "  moves [--variant V]\n"
    "      read positions from stdin, one a line; print each one's legal moves as\n"
    "      '<letter>:<resulting position>' joined by ' | ', or 'over <S>-<N> <S|N|draw>';\n"
    "      a bad line: a message on stderr, reading goes on, exit status 1 at the end\n"
    "  game [--variant V] [--cycle first|threefold|noncapture:N] [--start \"<position>\"]\n"
    "      read moves (house letters) from stdin, play them; print\n"
    "      'over <S>-<N> <S|N|draw> <captured|starved|cycle>' or 'ongoing <position>';\n"
    "      an illegal move or a move after the end: message on stderr, exit status 2\n"
    "  play [--variant V] [--cycle ...] [--seed N] [--series] [--quiet] [--db FILE|DIR]\n"
    "        [--out-of-core]\n"
    "      a random player (South) against a greedy capturer (North), board drawn each ply;\n"
    "      with --db, North plays perfectly by the endgame database FILE (or sliced table DIR)\n"
    "      once it covers the board\n"
    "  show <position> [--variant V]\n"
    "      draw the position (as play draws each ply), its notation below\n"
    "  V: speightstown (default), bridgetown, abapa: the defaults of the decisions below\n"
    "  endgame build --seeds N -o FILE [--variant V] [--threads T] [--checkpoint FILE]\n"
    "      every board of up to N seeds (0..28) solved (docs/rules/warri.md, WA-8) into FILE\n"
    "  endgame build --seeds N --slices DIR [--variant V] [--threads T] [--move-cache MIB]\n"
    "        [--out-of-core]\n"
    "      the same (0..48 seeds) as a sliced table in DIR, a byte a board, layer by layer;\n"
    "      a stopped build run again goes on after the last finished layer; --move-cache MIB:\n"
    "      memory for keeping moves between passes (faster); --out-of-core: the finished\n"
    "      layers read through the page cache, not held\n"
    "  endgame probe FILE|DIR [--variant V] [--out-of-core]\n"
    "      positions on stdin, one a line: the seeds the side to move can force, the seeds the\n"
    "      other side can force, and win|draw|loss for the side to move with the stores given;\n"
    "      with --variant or a decision flag, a table built for other decisions is refused;\n"
    "      --out-of-core: a sliced table's slices mapped (checksums left to endgame verify)\n"
    "  endgame stats FILE|DIR [--variant V]\n"
    "      per layer of the table: its boards, and the wins, draws and losses of the side to\n"
    "      move with the stores as even as can be (the figures endgame build prints)\n"
    "  endgame verify DIR [--sample N]\n"
    "      every slice of the sliced table DIR against its checksum and the manifest, every\n"
    "      layer's wins, draws and losses counted again; --sample N: then N boards of each\n"
    "      layer (drawn the same way every run; all of a smaller layer; 0: all of each)\n"
    "      valued again from their moves and the table's values of the boards they lead to\n"
    "      (WA-8.6), which must give the table's value but on boards of endless play (the\n"
    "      manifest's cycling count)\n"
    "  endgame join DIR -o FILE\n"
    "      the sliced table DIR as one file, the file endgame build -o writes\n"
    "  decisions (every command; each overrides the variant's choice):\n"
    "      --feeding sows|leaves-seeds                  what feeding means (WA-2.3)\n"
    "      --grand-slam capture|no-capture|illegal      a capture of the whole row (WA-3.3, WA-3.4)\n"
    "      --starvation-award starved|mover|split       seeds left at starvation (WA-4.2, WA-5.1)\n"
    "      --cycle-award nobody|split|own-side          seeds left at cycling (WA-4.3, WA-5.1)\n"
    "      --odd-seed leader|trailer|nobody             the odd seed of a split (WA-5.2)\n"
    "      --split-at-every-end                         split also after a capture to 25 (WA-5.4)\n"
    "  position: WA-7.1 notation, e.g. \"4,4,4,4,4,4/4,4,4,4,4,4 0-0 S\"\n";

// The commands, in the order the usage lists them.
constexpr std::string_view kCommands[] = {"perft", "moves", "game", "play", "show", "endgame"};

bool is_command(std::string_view name) {
  for (const std::string_view c : kCommands)
    if (c == name) return true;
  return false;
}

// The arguments, the decisions and the dispatch on them: examples/common/warri_cli.hpp.
using namespace examples::warri_cli;

/// Options allowed per command (anything else given is a usage error).
void allow_only(const Args& a, bool leaves, bool divide, bool cycle, bool start, bool play, bool endgame = false) {
  if (!leaves && a.leaves) throw UsageError{"--leaves is for perft"};
  if (!divide && a.divide) throw UsageError{"--divide is for perft"};
  if (!divide && a.hash) throw UsageError{"--hash is for perft"};
  if (!divide && !endgame && a.checkpoint) throw UsageError{"--checkpoint is for perft and endgame build"};
  if (!divide && !endgame && a.threads) throw UsageError{"--threads is for perft and endgame build"};
  if (!endgame && (a.seeds || a.output)) throw UsageError{"--seeds and -o are for endgame build"};
  if (!endgame && (a.slices || a.partition || a.batch || a.move_cache))
    throw UsageError{"--slices, --partition, --batch and --move-cache are for endgame build"};
  if (!endgame && a.sample) throw UsageError{"--sample is for endgame verify"};
  if (!endgame && !play && a.out_of_core) throw UsageError{"--out-of-core is for endgame and play"};
  if (!cycle && a.cycle) throw UsageError{"--cycle is for game and play"};
  if (!start && a.start) throw UsageError{"--start is for game"};
  if (!play && (a.series || a.quiet || a.seed || a.db)) {
    throw UsageError{"--seed, --series, --quiet and --db are for play"};
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

std::string scores_text(const Outcome& o) { return std::to_string(o.south) + "-" + std::to_string(o.north); }

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
  PerftOptions options{static_cast<unsigned>(a.threads.value_or(0)), static_cast<std::size_t>(a.hash.value_or(0))};
  std::optional<PerftCheckpoint> journal;
  if (a.checkpoint && d >= 1) {
    // The run as the journal names it: everything that decides the count.
    std::string run = "warri perft ";
    run.append(std::to_string(d)).append(" ").append(format_position(p)).append(" leaves ").append(mode);
    run.append(" variant ").append(a.variant);
    const std::pair<const char*, const std::optional<std::string>*> decisions[] = {
        {"feeding", &a.feeding},
        {"grand-slam", &a.grand_slam},
        {"starvation-award", &a.starvation_award},
        {"cycle-award", &a.cycle_award},
        {"odd-seed", &a.odd_seed}};
    for (const auto& [name, value] : decisions)
      if (*value) run.append(" ").append(name).append(" ").append(**value);
    if (a.split_every_end) run.append(" split-at-every-end");
    auto opened = PerftCheckpoint::open(*a.checkpoint, std::move(run));
    if (!opened) {
      std::cerr << "warri perft: " << opened.error().to_string() << '\n';
      return 1;
    }
    journal.emplace(std::move(*opened));
    options.checkpoint = &*journal;
    if (journal->resumed() != 0)
      std::cerr << "warri perft: " << journal->resumed() << " jobs resumed from " << *a.checkpoint << '\n';
  }
  const bool single = perft_threads(options.threads) == 1 && options.hash_mb == 0 && options.checkpoint == nullptr;
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
  } catch (const std::exception& e) {
    std::cerr << "warri perft: " << e.what() << '\n';
    return 1;
  }
  std::cout << total << '\n';
  if (journal && !journal->status().has_value()) {
    std::cerr << "warri perft: " << journal->status().error().to_string() << '\n';
    return 1;
  }
  return 0;
}

// ---- show ------------------------------------------------------------------------------------

/// show <position>: the position drawn (as `warri play` draws each ply), the given position's
/// notation below it.
template <class R>
int cmd_show(const Args& a) {
  allow_only(a, false, false, false, false, false);
  if (a.positional.empty()) throw UsageError{"show: missing <position>"};
  // The position may come as one argument or as its three space-separated fields.
  std::string text;
  for (std::size_t k = 0; k < a.positional.size(); ++k) {
    if (k > 0) text += ' ';
    text += a.positional[k];
  }
  auto parsed = parse_position<R>(text);
  if (!parsed) throw UsageError{"show: bad position: " + parsed.error().to_string()};
  std::cout << draw(*parsed) << '\n' << format_position(*parsed) << '\n';
  return 0;
}

// ---- moves -----------------------------------------------------------------------------------

/// Reads positions (WA-7.1) from stdin, one a line, blank lines skipped, and prints f(position)
/// for each: a line of output, or an Error. A bad line (or an Error): `warri <command>: line N:
/// ...` on stderr and reading goes on; exit status 1 at the end when any line was bad.
template <class R, class F>
int each_position_line(const std::string& command, F&& f) {
  std::string line;
  int number = 0;
  int bad = 0;
  while (std::getline(std::cin, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank lines
    const std::string where = "warri " + command + ": line " + std::to_string(number) + ": ";
    const Result<std::string> out = parse_position<R>(line).and_then(f);
    if (!out) {
      std::cerr << where << out.error().to_string() << '\n';
      ++bad;
      continue;
    }
    std::cout << *out << '\n';
  }
  return bad == 0 ? 0 : 1;
}

template <class R, class Score>
int cmd_moves(const Args& a, const Score& score) {
  allow_only(a, false, false, false, false, false);
  if (!a.positional.empty()) throw UsageError{"moves: unexpected argument " + a.positional[0]};
  return each_position_line<R>("moves", [&](const BasicPosition<R>& p) -> Result<std::string> {
    MoveList moves;
    generate_moves(p, moves);
    std::string out;
    if (moves.empty()) {
      const Outcome o = score(p, false);
      out = "over " + scores_text(o) + " " + winner_text(o);
    } else {
      for (const Move m : moves) {
        if (!out.empty()) out += " | ";
        out += move_letter(m);
        out += ':';
        out += format_position(apply(p, m));
      }
    }
    return out;
  });
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
      throw UsageError{"--cycle noncapture:N: N must be an integer 1.." + std::to_string(kMax) + ", found " +
                       s.substr(prefix.size())};
    }
    return {CycleRule::NoCapturePlies, static_cast<int>(*n)};
  }
  throw UsageError{"--cycle: expected first, threefold or noncapture:N, found " + s};
}

template <class R, class Score>
int cmd_game(const Args& a, const Score& score) {
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
      std::cerr << "warri game: move " << number << " (" << printable(token) << "): " << printable(s.error().message)
                << '\n';
      return 2;
    }
  }
  const Outcome o = game.over() ? score(game.position(), game.result().reason == EndReason::Cycle) : game.result();
  if (o.over()) {
    std::cout << "over " << scores_text(o) << ' ' << winner_text(o) << ' ' << reason_text(o.reason) << '\n';
  } else {
    std::cout << "ongoing " << format_position(game.position()) << '\n';
  }
  return 0;
}

// ---- play ------------------------------------------------------------------------------------

/// South: uniformly random. North: the move capturing the most seeds, ties broken at random;
/// with a database that covers the board, its best move (perfect play, WA-8.5).
template <class R>
Move choose(const BasicPosition<R>& p, const MoveList& moves, Rng& rng, const endgame::AnyTable* db) {
  // The database was read for the decisions played (cmd_play), which R's moves follow.
  if (p.to_move() == Player::South) return moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
  if (db != nullptr) {
    if (const std::optional<Move> m = endgame::best_move(*db, p, db->decisions)) return *m;
  }
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

template <class R, class Score>
Outcome play_one(Player first, const CycleOptions& cycle, const Score& score, Rng& rng, bool quiet,
                 const endgame::AnyTable* db) {
  BasicGame<R> game(BasicPosition<R>::start(first), cycle);
  if (!quiet) std::cout << draw(game.position()) << '\n';
  while (!game.over()) {
    const MoveList moves = game.legal_moves();
    const Move m = choose(game.position(), moves, rng, db);
    const Player mover = game.position().to_move();
    if (Status s = game.play(m); !s) {  // cannot happen: m is legal
      std::cerr << "warri play: " << s.error().to_string() << '\n';
      break;
    }
    if (!quiet) {
      std::cout << "ply " << game.plies() << ": " << (mover == Player::South ? "South" : "North") << " plays "
                << move_letter(m) << '\n'
                << draw(game.position()) << '\n';
    }
  }
  return score(game.position(), game.result().reason == EndReason::Cycle);
}

template <class R, class Score>
int cmd_play(const Args& a, const endgame::Decisions& decisions, const Score& score) {
  allow_only(a, false, false, true, false, true);
  if (!a.positional.empty()) throw UsageError{"play: unexpected argument " + a.positional[0]};
  const CycleOptions cycle = parse_cycle(a.cycle.value_or("first"));
  Rng rng(a.seed.value_or(1));
  std::optional<endgame::AnyTable> db;
  if (a.db) {
    // The database must be of this variant's decisions (WA-8: its values depend on them).
    Result<endgame::AnyTable> t = endgame::AnyTable::open(
        *a.db, &decisions, a.out_of_core ? endgame::SliceAccess::Map : endgame::SliceAccess::Load);
    if (!t) {
      std::cerr << "warri play: --db: " << t.error().to_string() << '\n';
      return 1;
    }
    db = std::move(*t);
  }
  std::cout << "South: random player, North: greedy capturer";
  if (db) std::cout << ", perfect at " << db->max_seeds << " seeds or fewer on the board";
  std::cout << " (" << a.variant << ")\n";
  if (!a.series) {
    const Outcome o = play_one<R>(Player::South, cycle, score, rng, a.quiet, db ? &*db : nullptr);
    std::cout << "over " << scores_text(o) << ' ' << winner_text(o) << ' ' << reason_text(o.reason) << '\n';
    return 0;
  }
  Series series;
  constexpr int kMaxGames = 10000;  // a series of draws only would never end
  while (!series.over() && series.games() < kMaxGames) {
    const Player first = series.first_mover();
    if (!a.quiet) std::cout << "== game " << series.games() + 1 << " ==\n";
    const Outcome o = play_one<R>(first, cycle, score, rng, a.quiet, db ? &*db : nullptr);
    (void)series.record(o);
    std::cout << "game " << series.games() << " (" << (first == Player::South ? "South" : "North") << " first): over "
              << scores_text(o) << ' ' << winner_text(o) << ' ' << reason_text(o.reason) << '\n';
  }
  std::cout << "series: South " << series.wins(Player::South) << ", North " << series.wins(Player::North) << ", draws "
            << series.draws() << "; champion ";
  if (const auto c = series.champion()) std::cout << (*c == Player::South ? "South" : "North");
  else std::cout << "none";
  std::cout << '\n';
  return 0;
}

// ---- endgame databases ------------------------------------------------------------------------

/// endgame build: every board of up to --seeds seeds solved (WA-8) into -o FILE, with the
/// memory it takes said first and a progress line on stderr.
template <class R, class Score>
int cmd_endgame_build(const Args& a, const endgame::Decisions& decisions, const Score& score) {
  if (a.positional.size() > 1) throw UsageError{"endgame build: unexpected argument " + a.positional[1]};
  if (!a.seeds) throw UsageError{"endgame build: missing --seeds N"};
  if (!a.output) throw UsageError{"endgame build: missing -o FILE (or --slices DIR)"};
  if (a.partition || a.batch || a.move_cache || a.out_of_core)
    throw UsageError{"endgame build: --partition, --batch, --move-cache and --out-of-core are for --slices DIR"};
  if (*a.seeds > static_cast<std::uint64_t>(endgame::kMaxBuildSeeds))
    throw UsageError{"endgame build: --seeds: 0.." + std::to_string(endgame::kMaxBuildSeeds) +
                     " with -o FILE (up to " + std::to_string(endgame::kMaxSlicedSeeds) + " with --slices DIR)"};
  const int seeds = static_cast<int>(*a.seeds);
  // The files are checked before the build, which may take hours: a directory, a folder that
  // does not exist or a file that cannot be written is said now, not at the end.
  const std::string* const files[] = {&*a.output, a.checkpoint ? &*a.checkpoint : nullptr};
  for (const std::string* file : files) {
    if (file == nullptr) continue;
    if (Status s = check_output_file(*file); !s) {
      std::cerr << "warri endgame build: " << (file == &*a.output ? "-o: " : "--checkpoint: ") << s.error().to_string()
                << '\n';
      return 1;
    }
  }
  endgame::BuildOptions options;
  options.threads = a.threads ? static_cast<unsigned>(*a.threads) : 1;
#if __has_include(<unistd.h>)
  const bool terminal = isatty(fileno(stderr)) != 0;
#else
  const bool terminal = false;
#endif
  examples::ProgressLine progress(terminal, "board sweeps");  // on a terminal, redrawn in place
  options.progress = [&progress](std::size_t done, std::size_t all) { progress(done, all); };
  options.on_layer = [terminal](const endgame::LayerStats& s) {
    std::fprintf(stderr, "%slayer %2d: %llu boards, %d passes, %.2f s (%.2f s CPU), wins %llu draws %llu losses %llu\n",
                 terminal ? "\r\x1b[K" : "", s.seeds, static_cast<unsigned long long>(s.boards), s.sweeps, s.seconds,
                 s.cpu_seconds, static_cast<unsigned long long>(s.wins), static_cast<unsigned long long>(s.draws),
                 static_cast<unsigned long long>(s.losses));
  };
  std::fprintf(stderr, "endgame build: %s, %d seeds, %llu boards, %s of memory, %u thread(s)\n", a.variant.c_str(),
               seeds, static_cast<unsigned long long>(endgame::layer_offset(seeds + 1)),
               format_bytes(endgame::build_bytes(seeds)).c_str(),
               options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency()));
  options.variant = a.variant;
  // --checkpoint FILE: the layers solved so far, rewritten after each layer (through FILE.tmp, so
  // that a stopped build leaves the last whole one); a build that finds FILE starts after it.
  std::optional<endgame::Table> resume;
  bool failed = false;
  if (a.checkpoint) {
    if (std::FILE* f = std::fopen(a.checkpoint->c_str(), "rb")) {
      std::fclose(f);
      Result<endgame::Table> r = endgame::read_database(*a.checkpoint, &decisions);
      if (!r) {
        std::cerr << "warri endgame build: --checkpoint: " << r.error().to_string() << '\n';
        return 1;
      }
      resume = std::move(*r);
      options.resume = &*resume;
      std::fprintf(stderr, "endgame build: layers 0..%d from %s\n", resume->max_seeds,
                   printable(*a.checkpoint).c_str());
    }
    options.on_table = [&](const endgame::Table& done) {
      const std::string tmp = *a.checkpoint + ".tmp";
      if (Status s = endgame::write_database(tmp, done); !s || std::rename(tmp.c_str(), a.checkpoint->c_str()) != 0) {
        if (!failed) std::cerr << "warri endgame build: cannot write the checkpoint " << *a.checkpoint << '\n';
        failed = true;
      }
    };
  }
  std::optional<Result<endgame::Table>> built;
  try {
    built.emplace(endgame::build<R>(seeds, options, score, decisions));
  } catch (const std::bad_alloc&) {
    std::cerr << "warri endgame build: out of memory (the build needs " << format_bytes(endgame::build_bytes(seeds))
              << ")\n";
    return 1;
  }
  Result<endgame::Table>& table = *built;
  if (!table) {
    std::cerr << "warri endgame build: " << table.error().to_string() << '\n';
    return 1;
  }
  if (Status s = endgame::write_database(*a.output, *table); !s) {
    std::cerr << "warri endgame build: " << s.error().to_string() << '\n';
    return 1;
  }
  return failed ? 1 : 0;
}

/// endgame build --slices DIR: the sliced table of up to --seeds seeds in DIR, built by the
/// distributed solver on this process alone (one rank), the memory it takes said (and checked)
/// first, a progress line on stderr, a line per layer; a table of fewer layers already in DIR is
/// gone on from.
template <class R, class Score>
int cmd_endgame_build_sliced(const Args& a, const endgame::Decisions& decisions, const Score& score) {
  if (a.positional.size() > 1) throw UsageError{"endgame build: unexpected argument " + a.positional[1]};
  if (!a.seeds) throw UsageError{"endgame build: missing --seeds N"};
  if (a.output || a.checkpoint)
    throw UsageError{"endgame build: --slices DIR is the table and its checkpoint: no -o or --checkpoint"};
  if (a.partition) throw UsageError{"endgame build: --partition is for warri_endgame_mpi (one process: one part)"};
  const int seeds = static_cast<int>(*a.seeds);
  endgame::SlicedBuildOptions options = sliced_options(a);
  const std::string& dir = *a.slices;
  int first = 0;
  if (Result<endgame::Manifest> m = endgame::read_manifest(dir); m) {
    first = static_cast<int>(m->layers.size());
    if (first > 0) std::fprintf(stderr, "endgame build: layers 0..%d from %s\n", first - 1, printable(dir).c_str());
  }
  const std::uint64_t need = endgame::sliced_build_bytes(std::min(first, seeds), seeds, 0, 1, options);
  std::fprintf(stderr, "endgame build: %s, %d seeds, %llu boards, %s of memory, %u thread(s), sliced in %s\n",
               a.variant.c_str(), seeds, static_cast<unsigned long long>(endgame::layer_offset(seeds + 1)),
               format_bytes(need).c_str(),
               options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency()), printable(dir).c_str());
  if (Status s = check_memory(need, "a sliced build of " + std::to_string(seeds) + " seeds"); !s) {
    std::cerr << "warri endgame build: " << s.error().to_string() << '\n';
    return 1;
  }
#if __has_include(<unistd.h>)
  const bool terminal = isatty(fileno(stderr)) != 0;
#else
  const bool terminal = false;
#endif
  examples::ProgressLine progress(terminal, "board sweeps");
  options.progress = [&progress](std::size_t done, std::size_t all) { progress(done, all); };
  options.on_layer = [terminal](const endgame::SlicedLayerStats& s) { print_sliced_layer(s, terminal); };
  endgame::LocalComm comm;
  try {
    const Result<endgame::SlicedBuildSummary> r = endgame::build_sliced<R>(dir, seeds, comm, options, score, decisions);
    if (!r) {
      std::cerr << "warri endgame build: " << r.error().to_string() << '\n';
      return 1;
    }
  } catch (const std::bad_alloc&) {
    std::cerr << "warri endgame build: out of memory (the build needs " << format_bytes(need) << ")\n";
    return 1;
  }
  return 0;
}

/// The table FILE or DIR of `endgame probe|stats` (of the decisions given, if any); nullopt after
/// saying on stderr why it was refused.
std::optional<endgame::AnyTable> read_endgame_table(const Args& a, const endgame::Decisions& decisions,
                                                    const char* command) {
  if (a.positional.size() != 2) throw UsageError{std::string("endgame ") + command + ": expected one FILE or DIR"};
  Result<endgame::AnyTable> table =
      endgame::AnyTable::open(a.positional[1], a.decisions_given ? &decisions : nullptr,
                              a.out_of_core ? endgame::SliceAccess::Map : endgame::SliceAccess::Load);
  if (!table) {
    std::cerr << "warri endgame " << command << ": " << table.error().to_string() << '\n';
    return std::nullopt;
  }
  return std::move(*table);
}

/// A layer's counts: `layer N: B boards, wins W draws D losses L`, then `end`.
void print_verdicts(const endgame::LayerStats& s, const char* end) {
  std::printf("layer %2d: %llu boards, wins %llu draws %llu losses %llu%s", s.seeds,
              static_cast<unsigned long long>(s.boards), static_cast<unsigned long long>(s.wins),
              static_cast<unsigned long long>(s.draws), static_cast<unsigned long long>(s.losses), end);
}

/// endgame probe FILE|DIR: per position on stdin, `<mover> <other> <win|draw|loss>` (WA-8.5).
int cmd_endgame_probe(const Args& a, const endgame::Decisions& decisions) {
  const std::optional<endgame::AnyTable> table = read_endgame_table(a, decisions, "probe");
  if (!table) return 1;
  return each_position_line<Speightstown>("endgame probe", [&](const Position& p) -> Result<std::string> {
    const std::optional<endgame::Value> v = table->probe(p);
    if (!v)
      return make_error(ErrorCode::out_of_range,
                        "more seeds on the board than the database's " + std::to_string(table->max_seeds));
    const Player me = p.to_move();
    const endgame::Verdict r = endgame::verdict(*v, p.store(me), p.store(other(me)), table->decisions.win_seeds);
    return std::to_string(v->mover) + ' ' + std::to_string(v->other) + ' ' + std::string(endgame::verdict_name(r));
  });
}

/// endgame stats FILE: per layer of the file, `layer N: B boards, wins W draws D losses L`, the
/// figures the build prints (the side to move, stores as even as can be).
int cmd_endgame_stats(const Args& a, const endgame::Decisions& decisions) {
  const std::optional<endgame::AnyTable> table = read_endgame_table(a, decisions, "stats");
  if (!table) return 1;
  std::printf("%s, %d seeds\n", table->variant.c_str(), table->max_seeds);
  for (int n = 0; n <= table->max_seeds; ++n) {
    // n is a layer of the table
    const endgame::LayerStats s = table->file() != nullptr ? endgame::layer_verdicts(*table->file(), n).value()
                                                           : endgame::layer_verdicts(*table->sliced(), n).value();
    print_verdicts(s, "\n");
  }
  return 0;
}

/// endgame verify DIR: every slice of the sliced table against its checksum and the manifest, and
/// each layer's wins, draws and losses counted again: a line per layer as it passes, then "ok";
/// the first fault on stderr, exit 1. With --sample N, then each layer's recompute_layer
/// (recompute.hpp): a line per layer; a board whose value its moves do not give, in a layer of
/// no endless play (or more such boards than the layer's cycling count), is a fault.
int cmd_endgame_verify(const Args& a) {
  if (a.positional.size() != 2) throw UsageError{"endgame verify: expected one DIR"};
  const std::string& dir = a.positional[1];
  const Result<std::vector<endgame::LayerStats>> r =
      endgame::verify_sliced(dir, [](const endgame::LayerStats& s) { print_verdicts(s, ": ok\n"); });
  if (!r) {
    std::cerr << "warri endgame verify: " << r.error().to_string() << '\n';
    return 1;
  }
  if (!a.sample) {
    std::printf("ok: %zu layers\n", r->size());
    return 0;
  }
  const Result<endgame::Manifest> m = endgame::read_manifest(dir);
  Result<endgame::SlicedTable> t = endgame::SlicedTable::open(dir, nullptr, endgame::SliceAccess::Map);
  if (!m || !t) {
    std::cerr << "warri endgame verify: " << (!m ? m.error() : t.error()).to_string() << '\n';
    return 1;
  }
  return dispatch(t->decisions, [&]<class R>(auto score) {
    Rng rng;
    std::uint64_t checked = 0;
    for (const endgame::ManifestLayer& l : m->layers) {
      const std::uint64_t samples = *a.sample == 0 ? l.stats.boards : *a.sample;  // 0: every board
      const endgame::RecomputeStats s = endgame::recompute_layer<R>(*t, l.stats.seeds, samples, rng, score);
      checked += s.checked;
      std::printf("layer %2d: %llu boards valued again from their moves, %llu differ (%llu of endless play in the layer)\n",
                  s.seeds, static_cast<unsigned long long>(s.checked), static_cast<unsigned long long>(s.differ),
                  static_cast<unsigned long long>(l.stats.cycling));
      std::fflush(stdout);
      if (s.differ > l.stats.cycling) {
        const Position p = endgame::position_of<Speightstown>(endgame::unrank(s.seeds, *s.first_differ));
        std::cerr << "warri endgame verify: " << dir << ": layer " << s.seeds << ": the value of board "
                  << *s.first_differ << " (" << format_position(p) << ") is not the one its moves give (WA-8.6)\n";
        return 1;
      }
    }
    std::printf("ok: %zu layers, %llu boards valued again\n", r->size(), static_cast<unsigned long long>(checked));
    return 0;
  });
}

/// endgame join DIR -o FILE: the sliced table DIR written as one file (file.hpp), the file a
/// build with -o FILE writes.
int cmd_endgame_join(const Args& a) {
  if (a.positional.size() != 2) throw UsageError{"endgame join: expected one DIR"};
  if (!a.output) throw UsageError{"endgame join: missing -o FILE"};
  const Result<endgame::SlicedTable> t =
      endgame::SlicedTable::open(a.positional[1], nullptr,
                                 a.out_of_core ? endgame::SliceAccess::Map : endgame::SliceAccess::Load);
  if (!t) {
    std::cerr << "warri endgame join: " << t.error().to_string() << '\n';
    return 1;
  }
  if (t->max_seeds > endgame::kMaxBuildSeeds) {
    std::cerr << "warri endgame join: a table of " << t->max_seeds << " seeds: one file holds up to "
              << endgame::kMaxBuildSeeds << '\n';
    return 1;
  }
  if (Status s = endgame::join_sliced(*t, *a.output); !s) {
    std::cerr << "warri endgame join: " << s.error().to_string() << '\n';
    return 1;
  }
  return 0;
}

int run(const Args& a) {
  const Decisions d = parse_decisions(a);
  if (a.command == "perft") return dispatch(d, [&]<class R>(auto) { return cmd_perft<R>(a); });
  if (a.command == "show") return dispatch(d, [&]<class R>(auto) { return cmd_show<R>(a); });
  if (a.command == "moves") return dispatch(d, [&]<class R>(auto score) { return cmd_moves<R>(a, score); });
  if (a.command == "game") return dispatch(d, [&]<class R>(auto score) { return cmd_game<R>(a, score); });
  if (a.command == "play") return dispatch(d, [&]<class R>(auto score) { return cmd_play<R>(a, d, score); });
  if (a.command == "endgame") {
    allow_only(a, false, false, false, false, false, true);
    const std::string sub = a.positional.empty() ? "" : a.positional[0];
    if (a.sample && sub != "verify") throw UsageError{"--sample is for endgame verify"};
    if (sub == "build") {
      if (a.slices)
        return dispatch(d, [&]<class R>(auto score) { return cmd_endgame_build_sliced<R>(a, d, score); });
      return dispatch(d, [&]<class R>(auto score) { return cmd_endgame_build<R>(a, d, score); });
    }
    const bool build_options = a.threads || a.seeds || a.checkpoint || a.slices || a.partition || a.batch ||
                               a.move_cache;
    if (sub == "probe" || sub == "stats") {
      if (build_options || a.output) {
        throw UsageError{"endgame " + sub + " takes FILE or DIR only (and the decisions, --out-of-core)"};
      }
      return sub == "probe" ? cmd_endgame_probe(a, d) : cmd_endgame_stats(a, d);
    }
    if (sub == "verify" || sub == "join") {
      if (build_options || a.decisions_given || (sub == "verify" && (a.output || a.out_of_core)))
        throw UsageError{sub == "verify" ? "endgame verify takes DIR and --sample N only"
                                         : "endgame join takes DIR and -o FILE only"};
      return sub == "verify" ? cmd_endgame_verify(a) : cmd_endgame_join(a);
    }
    throw UsageError{"endgame: expected build, probe, stats, verify or join, found " +
                     (sub.empty() ? std::string("nothing") : sub)};
  }
  throw UsageError{"unknown command " + a.command};
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  const auto is_help = [](std::string_view s) { return s == "--help" || s == "-h"; };
  if (argc >= 2 && (is_help(argv[1]) || std::string_view(argv[1]) == "help")) {
    std::cout << kUsage;
    return 0;
  }
  // `warri <command> ... --help`: the usage on stdout, whatever else is given (exit status 0).
  if (argc >= 2 && is_command(argv[1])) {
    for (int i = 2; i < argc; ++i) {
      if (is_help(argv[i])) {
        std::cout << kUsage;
        return 0;
      }
    }
  }
  try {
    return run(parse_args(argc, argv));
  } catch (const UsageError& e) {
    std::cerr << "warri: " << printable(e.message) << '\n' << kUsage;
    return 2;
  }
}
