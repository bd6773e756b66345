// backgammon db bearoff --one-sided P -o FILE [--no-compress] [--no-gammon] [--threads N]
// backgammon db bearoff --two-sided PxC -o FILE [--cubeless] [--threads N]
// backgammon db hyper --checkers N -o FILE [--threads N] [--low-memory]
// backgammon db probe FILE
// backgammon db verify FILE [--sample N]
// Bear-off databases in GNU Backgammon's file formats (docs/databases.md). `bearoff` builds one
// and writes FILE, as makebearoff -o P / -t PxC would (--no-compress, --no-gammon and --cubeless
// as its -c, -g and -C); on a terminal it shows its progress on stderr (rate and time left),
// otherwise it is quiet. `probe` reads FILE, then one Position ID a line on stdin, and prints
// each position's entries: for a one-sided database each side's distributions (the player on
// roll, then the opponent), for a two-sided one the equities of the player on roll, for a
// Hypergammon one its probabilities and equities. `hyper` solves Hypergammon of N (1..3)
// checkers as makehyper -c N does (--low-memory: the plays generated at every sweep instead of
// kept, 3.6 GB less for 3 checkers); on a terminal it shows the generation's progress, then each
// sweep's largest change, its time and an estimate of the sweeps left. `verify` recomputes N
// entries of FILE drawn at random (default 10000; 0: all of them) from the file's other entries,
// as the build computes them (these formats have no checksum), prints the mismatches on stdout
// and exits with status 1 when there is any.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/db/hyper.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/formats/file.hpp"
#include "boardrules/db/memory.hpp"
#include "boardrules/core/random.hpp"
#include "command.hpp"
#include "common/args.hpp"
#include "common/databases.hpp"
#include "common/progress.hpp"

namespace {
namespace cmd_db {  // this file's names, distinct in the unity build of the program

namespace bg = boardrules::backgammon;

constexpr examples::Usage kUsage{
    "backgammon", "db",
    "db bearoff (--one-sided P | --two-sided PxC) -o FILE [--no-compress] [--no-gammon]"
    " [--cubeless] [--threads N] | db hyper --checkers N -o FILE [--threads N] [--low-memory]"
    " | db probe FILE | db verify FILE [--sample N]"};

// Writes a built database to `name`; the exit status (1 after the reason on stderr).
int write_db_file(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  if (boardrules::Status s = boardrules::write_file(name, bytes); !s) {
    std::fprintf(stderr, "backgammon db: %s\n", s.error().to_string().c_str());
    return 1;
  }
  return 0;
}

// Whether the output file can be written, checked before the build (which may take hours); the
// exit status 1 after the reason on stderr, else nothing.
std::optional<int> unwritable(const std::string& name) {
  if (boardrules::Status s = boardrules::check_output_file(name); !s) {
    std::fprintf(stderr, "backgammon db: %s\n", s.error().to_string().c_str());
    return 1;
  }
  return std::nullopt;
}

// Whether a build of `need` bytes fits the machine's memory (db/memory.hpp): the exit status 1
// after the reason on stderr, else nothing.
std::optional<int> too_large(std::uint64_t need, const std::string& what) {
  if (boardrules::Status s = boardrules::check_memory(need, what); !s) {
    std::fprintf(stderr, "backgammon db: %s\n", s.error().to_string().c_str());
    return 1;
  }
  return std::nullopt;
}

// Reads the options every build takes, -o FILE and --threads N: true when `a` was one of them
// (`status` set after a usage error).
bool read_build_option(std::string_view a, examples::Args& args, std::string& file, unsigned& threads,
                       std::optional<int>& status) {
  if (a == "-o") {
    const auto v = args.next();
    if (!v || v->empty()) status = kUsage.error("-o needs a file name");
    else file = *v;
    return true;
  }
  if (a == "--threads") {
    const auto v = args.next();
    if (!v || !examples::parse_int(*v, 0u, examples::kMaxThreads, threads))
      status = kUsage.error(examples::range_problem(a, 0u, examples::kMaxThreads, v, examples::kThreadsNote));
    return true;
  }
  return false;
}

int run_bearoff(examples::Args& args) {
  int one_sided = 0, points = 0, checkers = 0;
  bool compress = true, gammons = true, cubeful = true;
  unsigned threads = 1;
  std::string file;
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    if (a == "--one-sided") {
      const auto v = args.next();
      if (!v || !examples::parse_int(*v, 1, 6, one_sided))
        return kUsage.error(examples::range_problem(a, 1, 6, v, "points"));
    } else if (a == "--two-sided") {
      const auto v = args.next();
      const std::size_t x = v ? v->find('x') : std::string_view::npos;
      if (x == std::string_view::npos || !examples::parse_int(v->substr(0, x), 1, 6, points) ||
          !examples::parse_int(v->substr(x + 1), 1, 15, checkers))
        return kUsage.error("--two-sided needs PxC: points 1..6, checkers 1..15 (e.g. 6x6)");
    } else if (std::optional<int> status; read_build_option(a, args, file, threads, status)) {
      if (status) return *status;
    } else if (a == "--no-compress") {
      compress = false;
    } else if (a == "--no-gammon") {
      gammons = false;
    } else if (a == "--cubeless") {
      cubeful = false;
    } else {
      return kUsage.other(a);
    }
  }
  if ((one_sided != 0) == (points != 0)) return kUsage.error("give one of --one-sided P and --two-sided PxC");
  if (file.empty()) return kUsage.error("missing -o FILE");
  if (const auto status = unwritable(file)) return *status;
  if (one_sided == 0) {
    // A two-sided build holds 8 bytes a pair of positions as it computes, 8 in the database, 8
    // in the file's bytes: 24 bytes a pair (70 GB for 6x15).
    const std::uint64_t n = bg::bearoff_positions(points, checkers);
    if (const auto status =
            too_large(24 * n * n, "a two-sided database of " + std::to_string(points) + "x" + std::to_string(checkers)))
      return *status;
  }
  examples::ProgressLine progress(isatty(STDERR_FILENO) != 0, "positions");
  bg::BearoffBuildOptions options{.threads = threads,
                                  .progress = [&](std::size_t done, std::size_t all) { progress(done, all); }};
  std::vector<std::uint8_t> bytes;
  if (one_sided != 0) {
    const auto db = bg::build_one_sided_bearoff(one_sided, options).value();  // the flags were checked
    bytes = bg::format_one_sided_bearoff(db, {.compress = compress, .gammons = gammons});
  } else {
    const auto db = bg::build_two_sided_bearoff(points, checkers, options).value();
    bytes = bg::format_two_sided_bearoff(db, cubeful);
  }
  return write_db_file(file, bytes);
}

int run_hyper(examples::Args& args) {
  int checkers = 0;
  unsigned threads = 1;
  bool low_memory = false;
  std::string file;
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    if (a == "--checkers") {
      const auto v = args.next();
      if (!v || !examples::parse_int(*v, 1, 3, checkers))
        return kUsage.error(examples::range_problem(a, 1, 3, v, "checkers a side"));
    } else if (a == "--low-memory") {
      low_memory = true;
    } else if (std::optional<int> status; read_build_option(a, args, file, threads, status)) {
      if (status) return *status;
    } else {
      return kUsage.other(a);
    }
  }
  if (checkers == 0) return kUsage.error("missing --checkers N");
  if (file.empty()) return kUsage.error("missing -o FILE");
  if (const auto status = unwritable(file)) return *status;
  {
    // About 142 bytes a pair of positions (entries, offers, probabilities, play counts, the
    // file's bytes), and 336 more for the plays kept between sweeps: 4.9 GB for 3 checkers.
    const std::uint64_t n = bg::hyper_positions(checkers);
    if (const auto status = too_large(n * n * (low_memory ? 142 : 478),
                                      "a Hypergammon database of " + std::to_string(checkers) + " checkers"))
      return *status;
  }
  const bool tty = isatty(STDERR_FILENO) != 0;
  examples::ProgressLine generation(tty, "positions");
  constexpr float kThreshold = 1e-5f;
  auto last = std::chrono::steady_clock::now();
  float previous = 0;
  const auto db = bg::build_hyper(
      checkers,
      {.threshold = kThreshold,
       .threads = threads,
       .keep_plays = !low_memory,
       .generation_progress =
           [&](std::size_t done, std::size_t all) {
             generation(done, all);
             last = std::chrono::steady_clock::now();  // the first sweep's time starts here
           },
       .progress =
           [&](int sweep, float change) {
             if (!tty) return;
             const auto now = std::chrono::steady_clock::now();
             const double s = std::chrono::duration<double>(now - last).count();
             last = now;
             // The changes shrink about geometrically: the sweeps left until the threshold.
             const float ratio = previous > 0 ? change / previous : 0;
             previous = change;
             std::string left = "?";
             if (change <= kThreshold) {
               left = "0";
             } else if (ratio > 0 && ratio < 1) {
               left = std::to_string(static_cast<int>(std::ceil(std::log(kThreshold / change) / std::log(ratio))));
             }
             std::fprintf(stderr, "\rsweep %d: largest change %.3g, %.1f s, about %s sweeps left   ", sweep,
                          static_cast<double>(change), s, left.c_str());
           }});
  if (tty) std::fprintf(stderr, "\n");
  return write_db_file(file, bg::format_hyper(*db));  // --checkers was checked: db holds a value
}

// "first:v v v" for the non-zero span of a distribution.
std::string db_distribution_text(const std::array<std::uint16_t, 32>& d) {
  std::size_t a = 0, b = 32;
  while (a < 32 && d[a] == 0) ++a;
  while (b > a && d[b - 1] == 0) --b;
  std::string s = std::to_string(a) + ":";
  for (std::size_t i = a; i < b; ++i) s += (i == a ? "" : " ") + std::to_string(d[i]);
  return s;
}

// `db probe` of a Hypergammon file: for each Position ID, the probabilities and equities of the
// player on roll.
int probe_hyper(const std::string& file, const std::vector<std::uint8_t>& bytes) {
  const auto db = bg::parse_hyper(bytes);
  if (!db) {
    std::fprintf(stderr, "backgammon db: %s: %s\n", boardrules::printable(file).c_str(),
                 db.error().to_string().c_str());
    return 1;
  }
  return bgcli::for_each_line("db", [&](std::string_view line, const auto& bad) {
    const auto fields = bgcli::split(line);
    if (fields.empty()) return;
    const auto pos = bg::parse_position_id(fields[0]);
    if (!pos) return bad(pos.error().to_string());
    std::array<bg::HyperBoard, 2> sides{};
    std::array<int, 2> on{};
    bool covered = true;
    for (std::size_t s = 0; s < 2; ++s) {
      const bg::Side side = s == 0 ? bg::Side::Mover : bg::Side::Opponent;
      for (int p = 1; p <= 24; ++p)
        sides[s][static_cast<std::size_t>(p - 1)] = static_cast<std::uint8_t>(pos->count(side, p));
      sides[s][24] = static_cast<std::uint8_t>(pos->count(side, bg::kBar));
      for (const std::uint8_t c : sides[s]) on[s] += c;
      covered = covered && on[s] <= db->checkers();  // a Position ID does not say how many are off
    }
    std::string out(fields[0]);
    if (!covered) {
      std::cout << out << " not in the database\n";
      return;
    }
    const auto& e = db->entry(bg::hyper_rank(sides[0]), bg::hyper_rank(sides[1]));
    char text[320];
    std::snprintf(text, sizeof text,
                  " win %.6f win-gammon %.6f win-backgammon %.6f lose-gammon %.6f lose-backgammon %.6f"
                  " cubeless %.6f owner %.6f centered %.6f centered-jacoby %.6f opponent-owns %.6f",
                  static_cast<double>(e.probability[0]), static_cast<double>(e.probability[1]),
                  static_cast<double>(e.probability[2]), static_cast<double>(e.probability[3]),
                  static_cast<double>(e.probability[4]), static_cast<double>(e.equity[0]),
                  static_cast<double>(e.equity[1]), static_cast<double>(e.equity[2]), static_cast<double>(e.equity[3]),
                  static_cast<double>(e.equity[4]));
    std::cout << out << text << '\n';
  });
}

int run_probe(examples::Args& args) {
  std::string file;
  while (const auto next = args.next()) {
    if (!file.empty() || next->starts_with("-")) return kUsage.other(*next);
    file = *next;
  }
  if (file.empty()) return kUsage.error("missing FILE");
  const auto read = boardrules::read_file(file, static_cast<std::size_t>(dbfiles::kMaxDatabaseFileBytes));
  if (!read) {
    std::fprintf(stderr, "backgammon db: %s\n", read.error().to_string().c_str());
    return 1;
  }
  const std::vector<std::uint8_t>& bytes = *read;
  if (bytes.size() >= 7 && std::string_view(reinterpret_cast<const char*>(bytes.data()), 7) == "gnubg-H")
    return probe_hyper(file, bytes);
  const auto header = bg::parse_bearoff_header(bytes);
  if (!header) {
    std::fprintf(stderr, "backgammon db: %s: %s\n", boardrules::printable(file).c_str(),
                 header.error().to_string().c_str());
    return 1;
  }
  std::optional<bg::OneSidedBearoff> one;
  std::optional<bg::TwoSidedBearoff> two;
  if (header->two_sided) {
    auto r = bg::parse_two_sided_bearoff(bytes);
    if (!r) {
      std::fprintf(stderr, "backgammon db: %s: %s\n", boardrules::printable(file).c_str(),
                   r.error().to_string().c_str());
      return 1;
    }
    two = std::move(*r);
  } else {
    auto r = bg::parse_one_sided_bearoff(bytes);
    if (!r) {
      std::fprintf(stderr, "backgammon db: %s: %s\n", boardrules::printable(file).c_str(),
                   r.error().to_string().c_str());
      return 1;
    }
    one = std::move(*r);
  }
  return bgcli::for_each_line("db", [&](std::string_view line, const auto& bad) {
    const auto fields = bgcli::split(line);
    if (fields.empty()) return;
    const auto pos = bg::parse_position_id(fields[0]);
    if (!pos) return bad(pos.error().to_string());
    std::string out(fields[0]);
    if (one) {
      for (const bg::Side side : {bg::Side::Mover, bg::Side::Opponent}) {
        out += side == bg::Side::Mover ? " | mover " : " | opponent ";
        const auto b = bg::bearoff_board(*pos, side, one->points());
        const auto* e = b ? one->probe(*b) : nullptr;
        if (!e) {
          out += "not in the database";
          continue;
        }
        char mean[64];
        std::snprintf(mean, sizeof mean, "%.6f", e->mean_off());
        out += "index " + std::to_string(bg::bearoff_rank(*b, one->points())) + " mean " + mean + " off " +
               db_distribution_text(e->off);
        if (one->has_gammons()) {
          std::snprintf(mean, sizeof mean, "%.6f", e->mean_gammon());
          out += " gammon-mean " + std::string(mean) + " gammon " + db_distribution_text(e->gammon);
        }
      }
    } else {
      const auto* e = two->probe(*pos);
      if (!e) {
        out += " not in the database";
      } else {
        const auto value = [](const char* name, std::uint16_t v) {
          char s[96];
          std::snprintf(s, sizeof s, " %s %.6f (%u)", name, bg::BearoffEquities::equity(v), static_cast<unsigned>(v));
          return std::string(s);
        };
        out += value("cubeless", e->cubeless);
        if (two->is_cubeful())
          out += value("owner", e->owner) + value("centered", e->centered) + value("opponent-owns", e->opponent_owns);
      }
    }
    std::cout << out << '\n';
  });
}

// ---- db verify ------------------------------------------------------------------------------
// GNU Backgammon's bear-off and Hypergammon files carry no checksum: `db verify` recomputes a
// sample of their entries from the other entries of the same file, as the build computes them,
// and reports those that differ. An entry damaged on disk, or a file of another program's
// arithmetic, then shows as a mismatch.

// The entries to check: all of them (sample 0, or at least as many as the file has), else
// `sample` indices drawn at random (a fixed seed: the same indices at every run).
std::vector<std::uint64_t> sample_indices(std::uint64_t all, std::uint64_t sample) {
  std::vector<std::uint64_t> out;
  if (sample == 0 || sample >= all) {
    for (std::uint64_t i = 0; i < all; ++i) out.push_back(i);
    return out;
  }
  boardrules::Rng rng(1);
  for (std::uint64_t k = 0; k < sample; ++k) out.push_back(rng.next() % all);
  return out;
}

// Counts and reports mismatches (the first few in full on stdout).
struct Mismatches {
  std::uint64_t checked = 0, found = 0;
  void operator()(const std::string& what) {
    if (++found <= 10) std::printf("mismatch: %s\n", what.c_str());
  }
};

// One-sided: each entry from the file's entries of lower index (bearoff_entry, the build's own).
void verify_one_sided(const bg::OneSidedBearoff& db, std::uint64_t sample, Mismatches& bad) {
  const auto lower = [&](std::uint32_t r) -> const bg::BearoffDistribution& { return db.entry(r); };
  for (const std::uint64_t i : sample_indices(db.positions(), sample)) {
    const auto r = static_cast<std::uint32_t>(i);
    const bg::BearoffBoard board = bg::bearoff_unrank(r, db.points(), bg::kBearoffMaxCheckers);
    const bg::BearoffDistribution want = bg::bearoff_entry(board, db.points(), lower);
    const bg::BearoffDistribution& have = db.entry(r);
    ++bad.checked;
    if (want.off != have.off || (db.has_gammons() && want.gammon != have.gammon))
      bad("index " + std::to_string(r) + ": the file's distribution is not the one its lower entries give (file " +
          db_distribution_text(have.off) + ", recomputed " + db_distribution_text(want.off) + ")");
  }
}

// Two-sided: each entry from the entries its plays lead to, in the build's integer arithmetic.
void verify_two_sided(const bg::TwoSidedBearoff& db, std::uint64_t sample, Mismatches& bad) {
  using bg::bearoff_detail::cube_value;
  using bg::bearoff_detail::kEquityLost;
  using bg::bearoff_detail::kEquityWon;
  const std::uint32_t n = db.side_positions();
  const auto raw = [&](std::uint32_t m, std::uint32_t o) {
    const bg::BearoffEquities& e = db.entry(m, o);
    return std::array<int, 4>{e.cubeless - 32768, e.owner - 32768, e.centered - 32768, e.opponent_owns - 32768};
  };
  bg::bearoff_detail::ChildOrder order;
  const std::size_t values = db.is_cubeful() ? 4 : 1;
  for (const std::uint64_t i : sample_indices(static_cast<std::uint64_t>(n) * n, sample)) {
    const auto m = static_cast<std::uint32_t>(i / n), o = static_cast<std::uint32_t>(i % n);
    std::array<int, 4> want{};
    if (m == 0) want.fill(kEquityWon);
    else if (o == 0) want.fill(kEquityLost);
    else {
      const bg::BearoffBoard board = bg::bearoff_unrank(m, db.points(), db.checkers());
      std::array<int, 4> total{};
      for (const bg::Dice roll : bg::kAllRolls) {
        order.generate(board, db.points(), roll);
        std::array<int, 4> best{-65535, -65535, -65535, -65535};
        for (int c = 0; c < order.size; ++c) {
          const std::array<int, 4> v = raw(o, order.ranks[static_cast<std::size_t>(c)]);
          best[0] = std::max(best[0], -1 - v[0]);
          best[1] = std::max(best[1], -1 - v[3]);
          best[2] = std::max(best[2], -1 - cube_value(v[2], v[3], kEquityWon));
          best[3] = std::max(best[3], -1 - cube_value(v[1], v[3], kEquityWon));
        }
        for (std::size_t j = 0; j < 4; ++j) total[j] += (roll.is_double() ? 1 : 2) * best[j];
      }
      for (std::size_t j = 0; j < 4; ++j) want[j] = total[j] / 36;
    }
    const std::array<int, 4> have = raw(m, o);
    ++bad.checked;
    for (std::size_t j = 0; j < values; ++j) {
      if (have[j] != want[j]) {
        bad("entry " + std::to_string(i) + " (mover " + std::to_string(m) + ", opponent " + std::to_string(o) +
            "): value " + std::to_string(j) + " is " + std::to_string(have[j] + 32768) + ", recomputed " +
            std::to_string(want[j] + 32768));
        break;
      }
    }
  }
}

// Hypergammon: each entry of a position in play recomputed by one step of the build's iteration
// from the entries its plays lead to. The file holds converged values rounded to 24 bits, so a
// recomputed value agrees within the convergence threshold (1e-5) and the rounding, not exactly:
// a difference above kHyperTolerance is a mismatch. Positions whose game is over are not checked.
constexpr float kHyperTolerance = 2e-4f;

void verify_hyper(const bg::HyperDatabase& db, std::uint64_t sample, Mismatches& bad) {
  const std::uint32_t n = db.side_positions();
  bg::hyper_detail::HyperChildren children;
  float worst = 0;
  for (const std::uint64_t i : sample_indices(static_cast<std::uint64_t>(n) * n, sample)) {
    const auto m = static_cast<std::uint32_t>(i / n), o = static_cast<std::uint32_t>(i % n);
    bg::HyperEntry want;
    if (!bg::recompute_hyper_entry(db, m, o, children, want)) continue;
    // The equities: the cubeless one (the file's from its probabilities) and the four cubeful
    // ones. The probabilities themselves are those of one best play, which a near tie between
    // plays (within the rounding) may change: each is checked through the cubeless equity, in
    // which every one of them counts, and for its order (a gammon no likelier than the win, ...).
    const bg::HyperEntry& have = db.entry(m, o);
    float diff = 0;
    for (std::size_t j = 0; j < 5; ++j) diff = std::max(diff, std::fabs(want.equity[j] - have.equity[j]));
    const std::array<float, 5>& p = have.probability;
    const float t = kHyperTolerance;
    const bool ordered =
        p[0] <= 1 + t && p[1] <= p[0] + t && p[2] <= p[1] + t && p[3] <= 1 - p[0] + t && p[4] <= p[3] + t;
    worst = std::max(worst, diff);
    ++bad.checked;
    if (diff > kHyperTolerance || !ordered)
      bad("entry " + std::to_string(i) + " (mover " + std::to_string(m) + ", opponent " + std::to_string(o) +
          (ordered ? "): an equity differs by " + std::to_string(diff) + " from its recomputation"
                   : "): its probabilities are out of order (a gammon likelier than the win, ...)"));
  }
  std::printf("largest difference from a recomputed entry: %.2g (tolerance %.2g)\n", static_cast<double>(worst),
              static_cast<double>(kHyperTolerance));
}

int run_verify(examples::Args& args) {
  std::string file;
  std::uint64_t sample = 10000;
  while (const auto next = args.next()) {
    if (*next == "--sample") {
      const auto v = args.next();
      if (!v || !examples::parse_int(*v, std::uint64_t{0}, std::uint64_t{1} << 40, sample))
        return kUsage.error(
            examples::range_problem(*next, std::uint64_t{0}, std::uint64_t{1} << 40, v, "entries, 0: all of them"));
    } else if (!file.empty() || next->starts_with("-")) {
      return kUsage.other(*next);
    } else {
      file = *next;
    }
  }
  if (file.empty()) return kUsage.error("missing FILE");
  const auto read = boardrules::read_file(file, static_cast<std::size_t>(dbfiles::kMaxDatabaseFileBytes));
  if (!read) {
    std::fprintf(stderr, "backgammon db: %s\n", read.error().to_string().c_str());
    return 1;
  }
  const std::vector<std::uint8_t>& bytes = *read;
  const auto refused = [&](const boardrules::Error& e) {
    std::fprintf(stderr, "backgammon db: %s: %s\n", boardrules::printable(file).c_str(), e.to_string().c_str());
    return 1;
  };
  Mismatches bad;
  std::uint64_t all = 0;
  if (bytes.size() >= 7 && std::string_view(reinterpret_cast<const char*>(bytes.data()), 7) == "gnubg-H") {
    const auto db = bg::parse_hyper(bytes);
    if (!db) return refused(db.error());
    all = static_cast<std::uint64_t>(db->side_positions()) * db->side_positions();
    verify_hyper(*db, sample, bad);
  } else {
    const auto header = bg::parse_bearoff_header(bytes);
    if (!header) return refused(header.error());
    if (header->two_sided) {
      const auto db = bg::parse_two_sided_bearoff(bytes);
      if (!db) return refused(db.error());
      all = static_cast<std::uint64_t>(db->side_positions()) * db->side_positions();
      verify_two_sided(*db, sample, bad);
    } else {
      const auto db = bg::parse_one_sided_bearoff(bytes);
      if (!db) return refused(db.error());
      all = db->positions();
      verify_one_sided(*db, sample, bad);
    }
  }
  std::printf("%s: %llu of %llu entries recomputed, %llu mismatch%s\n", file.c_str(),
              static_cast<unsigned long long>(bad.checked), static_cast<unsigned long long>(all),
              static_cast<unsigned long long>(bad.found), bad.found == 1 ? "" : "es");
  return bad.found == 0 ? 0 : 1;
}

int run(std::span<char* const> argv) {
  examples::Args args(argv);
  const auto sub = args.next();
  if (!sub) return kUsage.error("missing 'bearoff', 'hyper', 'probe' or 'verify'");
  if (*sub == "bearoff") return run_bearoff(args);
  if (*sub == "hyper") return run_hyper(args);
  if (*sub == "probe") return run_probe(args);
  if (*sub == "verify") return run_verify(args);
  return kUsage.other(*sub);
}

}  // namespace cmd_db
}  // namespace

namespace bgcli {
const Command db_command{"db", cmd_db::kUsage.line, &cmd_db::run};
}  // namespace bgcli
