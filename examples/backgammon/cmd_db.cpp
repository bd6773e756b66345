// backgammon db bearoff --one-sided P -o FILE [--no-compress] [--no-gammon] [--threads N]
// backgammon db bearoff --two-sided PxC -o FILE [--cubeless] [--threads N]
// backgammon db hyper --checkers N -o FILE [--threads N] [--low-memory]
// backgammon db probe FILE
// Bear-off databases in GNU Backgammon's file formats (docs/databases.md). `bearoff` builds one
// and writes FILE, as makebearoff -o P / -t PxC would (--no-compress, --no-gammon and --cubeless
// as its -c, -g and -C); on a terminal it shows its progress on stderr (rate and time left),
// otherwise it is quiet. `probe` reads FILE, then one Position ID a line on stdin, and prints
// each position's entries: for a one-sided database each side's distributions (the player on
// roll, then the opponent), for a two-sided one the equities of the player on roll, for a
// Hypergammon one its probabilities and equities. `hyper` solves Hypergammon of N (1..3)
// checkers as makehyper -c N does (--low-memory: the plays generated at every sweep instead of
// kept, 3.6 GB less for 3 checkers); on a terminal it shows the generation's progress, then each
// sweep's largest change, its time and an estimate of the sweeps left.
#include <unistd.h>

#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/db/hyper.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "command.hpp"
#include "common/args.hpp"
#include "common/progress.hpp"

namespace {

namespace bg = boardrules::backgammon;

constexpr examples::Usage kUsage{
    "backgammon", "db",
    "db bearoff (--one-sided P | --two-sided PxC) -o FILE [--no-compress] [--no-gammon]"
    " [--cubeless] [--threads N] | db hyper --checkers N -o FILE [--threads N] [--low-memory]"
    " | db probe FILE"};

bool write_db_file(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  std::ofstream out(name, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return static_cast<bool>(out);
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
    if (!v || !examples::parse_int(*v, 0u, 4096u, threads))
      status = kUsage.error("--threads needs a whole number (0: all)");
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
        return kUsage.error("--one-sided needs a number of points 1..6");
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
  if (!write_db_file(file, bytes)) {
    std::fprintf(stderr, "backgammon db: cannot write '%s'\n", file.c_str());
    return 1;
  }
  return 0;
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
      if (!v || !examples::parse_int(*v, 1, 3, checkers)) return kUsage.error("--checkers needs a number 1..3");
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
  if (!write_db_file(file, bg::format_hyper(*db))) {  // --checkers was checked: db holds a value
    std::fprintf(stderr, "backgammon db: cannot write '%s'\n", file.c_str());
    return 1;
  }
  return 0;
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
    std::fprintf(stderr, "backgammon db: %s: %s\n", file.c_str(), db.error().to_string().c_str());
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
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "backgammon db: cannot read '%s'\n", file.c_str());
    return 1;
  }
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (bytes.size() >= 7 && std::string_view(reinterpret_cast<const char*>(bytes.data()), 7) == "gnubg-H")
    return probe_hyper(file, bytes);
  const auto header = bg::parse_bearoff_header(bytes);
  if (!header) {
    std::fprintf(stderr, "backgammon db: %s: %s\n", file.c_str(), header.error().to_string().c_str());
    return 1;
  }
  std::optional<bg::OneSidedBearoff> one;
  std::optional<bg::TwoSidedBearoff> two;
  if (header->two_sided) {
    auto r = bg::parse_two_sided_bearoff(bytes);
    if (!r) {
      std::fprintf(stderr, "backgammon db: %s: %s\n", file.c_str(), r.error().to_string().c_str());
      return 1;
    }
    two = std::move(*r);
  } else {
    auto r = bg::parse_one_sided_bearoff(bytes);
    if (!r) {
      std::fprintf(stderr, "backgammon db: %s: %s\n", file.c_str(), r.error().to_string().c_str());
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

int run(std::span<char* const> argv) {
  examples::Args args(argv);
  const auto sub = args.next();
  if (!sub) return kUsage.error("missing 'bearoff' or 'probe'");
  if (*sub == "bearoff") return run_bearoff(args);
  if (*sub == "hyper") return run_hyper(args);
  if (*sub == "probe") return run_probe(args);
  return kUsage.other(*sub);
}

}  // namespace

namespace bgcli {
const Command db_command{"db", kUsage.line, run};
}  // namespace bgcli
