// backgammon duel: matches between two players, each a built-in bot (random, heuristic, database, cube)
// or a UBGI engine program (docs/ubgi.md), refereed here: the match state machine throws the dice,
// asks each decision, checks every answer (an illegal play, a cube action that does not fit,
// garbage, an answer to no question, no answer in time, a crash: reported with the engine's name
// and the position) and keeps the score, the cube and the Crawford game (BG-8, BG-10). An engine
// is asked in the form it reads (the library's ubgi::Host: UBGI v0.1 with the context commands, or
// draft 0.01's bare XGIDs, found at the handshake); the cube decisions of an engine that answers
// none are made for it by a built-in bot (--cube-fallback). Duplicate play: pair i is two matches
// with the same dice (each game's throws drawn from a generator seeded by the seed, the pair and
// the game's number), A in seat 0 in the first, in seat 1 in the second, so that the luck of the
// dice cancels. The pairs are shared among threads, each with its own engine processes. Result:
// A's points per game and match winning rate with 95% confidence intervals (over the pairs), the
// errors of each side. --out DIR writes every match as a .mat record (the project's reader
// replays it). Exit status: 0; 1 when the duel stopped on an error; 3 when it finished but an
// engine erred (a match forfeited or a pair skipped).
#include <sys/stat.h>
#include <unistd.h>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "boardrules/backgammon/ai/ubgi_host.hpp"
#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/formats/file.hpp"

#include "command.hpp"
#include "common/args.hpp"
#include "common/bot_engine.hpp"
#include "common/engine_process.hpp"
#include "common/progress.hpp"

namespace {
namespace cmd_duel {  // this file's names, distinct in the unity build of the program
using namespace boardrules;
using namespace boardrules::backgammon;

constexpr examples::Usage kUsage{
    "backgammon", "duel",
    "duel ENGINE_A ENGINE_B [--match N] [--pairs N] [--seed S] [--threads N] [--timeout SECONDS] "
    "[--on-error stop|forfeit|skip] [--cube-fallback BOT] [--option-a NAME=VALUE]... [--option-b NAME=VALUE]...\n"
    "       [--out DIR] [--db FILE]... [--quiet]\n"
    "       ENGINE: random | heuristic | database | cube (built-in bots) or the command line of a UBGI engine"};

enum class OnError { Stop, Forfeit, Skip };

struct Settings {
  std::string spec[2];
  int length = 7;
  long long pairs = 100;
  unsigned long long seed = 1;
  int threads = 0;
  double timeout = 10.0;
  OnError on_error = OnError::Forfeit;
  bot_engine::Bot cube_fallback = bot_engine::Bot::Cube;
  std::vector<std::pair<std::string, std::string>> options[2];  // set on each engine after its handshake
  std::string out;
  dbfiles::Loaded databases;
  bool quiet = false;
};

std::uint64_t mix(std::uint64_t a, std::uint64_t b) {
  std::uint64_t z = a + 0x9E3779B97F4A7C15ULL * (b + 1);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A player's decision, or the fault that stands for it.
struct Decision {
  bool ok = false;
  Action action;
  std::string fault;
};

// One side of the duel in one thread: a built-in bot, or an engine process and its host.
class Driver {
 public:
  Driver(const Settings& set, int side)
      : set_(set), side_(side), spec_(set.spec[side]), fallback_(set.cube_fallback, 0, &set.databases) {
    if (const auto b = bot_engine::bot_of(spec_)) {
      // seed 0, as `backgammon ubgi` without --seed: the same decisions in process and over UBGI
      builtin_.emplace(*b, 0, &set.databases);
      name_ = spec_;
    } else {
      words_ = engines::command_words(spec_);
      name_ = spec_.size() > 60 ? spec_.substr(0, 57) + "..." : spec_;
    }
  }
  Driver(const Driver&) = delete;
  Driver& operator=(const Driver&) = delete;

  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  [[nodiscard]] bool builtin() const noexcept { return builtin_.has_value(); }
  // How the engine speaks, once it has shaken hands (empty for a built-in bot).
  [[nodiscard]] const std::string& protocol() const noexcept { return protocol_; }
  // Cube decisions made for the engine by the fallback bot.
  [[nodiscard]] long long fallbacks() const noexcept { return fallbacks_; }

  // Starts the engine (if not running) and shakes hands; the fault, if any. The name becomes the
  // engine's `id name`.
  std::optional<std::string> ready() {
    if (builtin_ || host_) return std::nullopt;
    if (auto problem = proc_.start(words_)) return problem;
    host_.emplace(proc_, ubgi::HostOptions{limit_ms(), limit_ms() * 3});
    if (Status st = host_->handshake(); !st.has_value()) {
      reset();
      return st.error().message;
    }
    for (const auto& [name, value] : set_.options[side_]) {
      if (Status st = host_->set_option(name, value); !st.has_value()) {
        reset();
        return st.error().message;
      }
    }
    const ubgi::EngineInfo& info = host_->info();
    if (!info.name.empty()) name_ = info.name;
    if (info.dialect == ubgi::Dialect::Draft001) {
      protocol_ = "UBGI draft 0.01";
    } else {
      protocol_ = "UBGI v0.1";
      if (!info.can.context) protocol_ += ", no context commands";
      if (!info.can.go_role) protocol_ += ", go without role";
      if (!info.can.cube) protocol_ += std::string(", cube decisions by the built-in ") + bot_engine::bot_name(set_.cube_fallback) + " bot";
      else if (!info.can.take) protocol_ += std::string(", answers to doubles by the built-in ") + bot_engine::bot_name(set_.cube_fallback) + " bot";
    }
    return std::nullopt;
  }

  // The decision `role` of match `m`.
  Decision ask(const BasicMatch<Standard>& m, ubgi::Role role) {
    if (builtin_) return {true, builtin_->decide(State(m, StateOptions{})), {}};
    if (auto problem = ready()) return {false, {}, "the handshake failed: " + *problem};
    auto r = host_->ask(m, role);
    if (!r.has_value()) {
      reset();
      return {false, {}, r.error().message};
    }
    switch (r->kind) {
      case ubgi::Reply::Kind::Play: return {true, Action::move(r->play), {}};
      case ubgi::Reply::Kind::Unsupported:
        ++fallbacks_;
        return {true, fallback_.decide(State(m, StateOptions{})), {}};
      case ubgi::Reply::Kind::Cube: break;
    }
    const ActionKind k = r->cube == ubgi::CubeAction::Double     ? ActionKind::Double
                         : r->cube == ubgi::CubeAction::NoDouble ? ActionKind::NoDouble
                         : r->cube == ubgi::CubeAction::Take     ? ActionKind::Take
                         : r->cube == ubgi::CubeAction::Drop     ? ActionKind::Drop
                                                                 : ActionKind::Beaver;
    return {true, Action::of(k), {}};
  }

  // A new game: the engine's next question starts with `newgame`.
  void new_game() {
    if (host_) host_->new_game();
  }

  // Ends the engine after a fault: its state is unknown; the next decision starts it again.
  void reset() {
    host_.reset();
    proc_.kill();
  }

 private:
  [[nodiscard]] int limit_ms() const { return static_cast<int>(set_.timeout * 1000.0); }

  const Settings& set_;
  int side_;
  std::string spec_;
  std::optional<bot_engine::BotEngine> builtin_;
  bot_engine::BotEngine fallback_;
  std::vector<std::string> words_;
  std::string name_;
  std::string protocol_;
  long long fallbacks_ = 0;
  engines::EngineProcess proc_;
  std::optional<ubgi::Host> host_;
};

// The points of a finished game that count in the match: those won, up to what the winner still
// needed (a gammon won at 1-away counts 1). Money-like sums of huge cubes
// would otherwise swamp the points per game.
int counted_points(const GameRecord& g, int length) {
  if (g.winner < 0) return 0;
  const int needed = length - g.score[static_cast<std::size_t>(g.winner)];
  return g.points < needed ? g.points : needed;
}

struct MatchResult {
  int a_seat = 0;
  std::array<int, 2> points{0, 0};  // by seat
  int games = 0;
  int winner = -1;  // seat
  bool forfeit = false;
  std::array<int, 2> errors{0, 0};  // by side: A, B
};

struct PairResult {
  bool done = false;
  bool skipped = false;
  MatchResult match[2];
};

// What stops a match: a side's fault.
struct Fault {
  int seat = -1;
  std::string message;
};

// The rules of the duel's matches: the Crawford rule (BG-10.2), and the cube limited to 1024, the
// limit an XGID states by default (XG's and GNU Backgammon's), so that every position sent has
// the rules the match is played with.
SessionRules duel_rules(int length) {
  SessionRules r = SessionRules::match(length);
  r.cube_cap = 1024;
  return r;
}

// Plays one match; appends to `record`. A fault ends it at once.
std::optional<Fault> play_match(const Settings& set, Driver* seat_driver[2], std::uint64_t pair_seed,
                                MatchRecord& record, MatchResult& res) {
  const SessionRules rules = duel_rules(set.length);
  BasicMatch<Standard> m(rules);
  Rng rng(0);
  int game_seen = -1;
  const auto xgid = [&] { return format_xgid(id_position(m), match_id_fields(m), xgid_cube_limit(rules)); };
  Dice last_dice{};
  const auto fault = [&](int seat, const std::string& what, ubgi::Role role) {
    return Fault{seat, what + " (position " + xgid() + ", go role " + std::string(ubgi::role_name(role)) + ")"};
  };
  // The decision `role` of the player `p`, checked against the match: the action, or the fault.
  const auto decide = [&](int p, ubgi::Role role) -> std::variant<Action, Fault> {
    const Decision d = seat_driver[p]->ask(m, role);
    if (!d.ok) return fault(p, d.fault, role);
    return d.action;
  };
  while (!m.over()) {
    if (m.games_played() != game_seen) {
      if (game_seen >= 0) {
        GameRecord& last = record.games.back();
        last.winner = m.last_result().winner;
        last.points = m.last_result().points;
      }
      game_seen = m.games_played();
      rng = Rng(mix(pair_seed, static_cast<std::uint64_t>(game_seen)));
      GameRecord gr;
      gr.score = m.score();
      record.games.push_back(gr);
      seat_driver[0]->new_game();
      seat_driver[1]->new_game();
    }
    const auto& g = m.game();
    std::vector<RecordStep>& steps = record.games.back().steps;
    const auto after_roll = [&](int player) {
      // the throw is recorded with its play; a throw without a legal play passes the turn at once
      if (m.game().phase() != Phase::Rolled) {
        RecordStep s;
        s.kind = StepKind::Roll;
        s.player = player;
        s.dice = Dice::unchecked(last_dice.high(), last_dice.low());
        steps.push_back(s);
      }
    };
    switch (g.phase()) {
      case Phase::Opening: {
        m.roll(rng).ignore();  // an opening throw: always accepted (equal dice are thrown again)
        break;
      }
      case Phase::TurnStart: {
        const int p = g.on_roll();
        if (g.may_double()) {
          const auto d = decide(p, ubgi::Role::Cube);
          if (const auto* f = std::get_if<Fault>(&d)) return *f;
          const ActionKind k = std::get<Action>(d).kind;
          if (k == ActionKind::Double) {
            RecordStep s;
            s.kind = StepKind::Double;
            s.player = p;
            s.cube = g.cube().value() * 2;
            m.double_cube().ignore();  // may_double(): accepted
            steps.push_back(s);
            break;
          }
          if (k != ActionKind::NoDouble) return fault(p, "a wrong answer to a cube decision", ubgi::Role::Cube);
        }
        const Dice d = Dice::unchecked(rng.die(), rng.die());
        last_dice = d;
        m.roll(d).ignore();
        after_roll(p);
        break;
      }
      case Phase::Doubled: {
        const int p = g.turn();
        const auto d = decide(p, ubgi::Role::Take);
        if (const auto* f = std::get_if<Fault>(&d)) return *f;
        RecordStep s;
        s.player = p;
        const ActionKind k = std::get<Action>(d).kind;
        // A match has no beaver (BG-9.4): the host refuses one, and a built-in bot makes none.
        if (k == ActionKind::Take) {
          s.kind = StepKind::Take;
          m.take().ignore();
        } else if (k == ActionKind::Drop) {
          s.kind = StepKind::Drop;
          m.drop().ignore();
        } else {
          return fault(p, "a wrong answer to a double", ubgi::Role::Take);
        }
        steps.push_back(s);
        break;
      }
      case Phase::Rolled: {
        const int p = g.on_roll();
        PlayList plays;
        g.legal_plays(plays);
        RecordStep s;
        s.kind = StepKind::Roll;
        s.player = p;
        s.dice = Dice::unchecked(g.dice().high(), g.dice().low());
        if (plays.size() == 1) {
          s.play = plays[0];  // a forced play: nothing to ask
        } else {
          const auto d = decide(p, ubgi::Role::Chequer);
          if (const auto* f = std::get_if<Fault>(&d)) return *f;
          s.play = std::get<Action>(d).play;
        }
        if (auto st = m.play(s.play); !st.has_value())
          return fault(p, "an illegal play: " + st.error().to_string(), ubgi::Role::Chequer);
        steps.push_back(s);
        break;
      }
      default: return Fault{-1, "internal error: an unexpected phase"};
    }
  }
  GameRecord& last = record.games.back();
  last.winner = m.last_result().winner;
  last.points = m.last_result().points;
  for (const GameRecord& gr : record.games)
    res.points[static_cast<std::size_t>(gr.winner)] += counted_points(gr, set.length);
  res.games = m.games_played();
  res.winner = *m.winner();
  return std::nullopt;
}

int run_duel(Settings& set);

int run(std::span<char* const> argv) {
  Settings set;
  examples::Args args(argv);
  int given = 0;
  while (const auto next = args.next()) {
    const std::string_view a = *next;
    const bool valued = args.more();
    if (a == "--match" && valued) {
      if (!examples::parse_int(*args.next(), 1, kMaxMatchLength, set.length))
        return kUsage.error("--match needs a length 1.." + std::to_string(kMaxMatchLength));
    } else if (a == "--pairs" && valued) {
      if (!examples::parse_int(*args.next(), 1LL, 100000000LL, set.pairs))
        return kUsage.error("--pairs needs a number 1..100000000");
    } else if (a == "--seed" && valued) {
      if (!examples::parse_int(*args.next(), 0ULL, ~0ULL, set.seed))
        return kUsage.error("--seed needs an unsigned 64-bit number");
    } else if (a == "--threads" && valued) {
      if (!examples::parse_int(*args.next(), 1, 1024, set.threads)) return kUsage.error("--threads needs 1..1024");
    } else if (a == "--timeout" && valued) {
      const std::string v(*args.next());
      char* end = nullptr;
      const double t = std::strtod(v.c_str(), &end);
      if (v.empty() || *end != '\0' || !(t >= 0.01 && t <= 86400))
        return kUsage.error("--timeout needs seconds 0.01..86400");
      set.timeout = t;
    } else if (a == "--on-error" && valued) {
      const std::string_view v = *args.next();
      if (v == "stop") set.on_error = OnError::Stop;
      else if (v == "forfeit") set.on_error = OnError::Forfeit;
      else if (v == "skip") set.on_error = OnError::Skip;
      else return kUsage.error("--on-error needs stop, forfeit or skip");
    } else if (a == "--cube-fallback" && valued) {
      const auto b = bot_engine::bot_of(*args.next());
      if (!b) return kUsage.error("--cube-fallback needs random, heuristic, database or cube");
      set.cube_fallback = *b;
    } else if ((a == "--option-a" || a == "--option-b") && valued) {
      const std::string v(*args.next());
      const std::size_t eq = v.find('=');
      if (eq == 0 || eq == std::string::npos || eq + 1 == v.size())
        return kUsage.error(std::string(a) + " needs NAME=VALUE");
      set.options[a == "--option-a" ? 0 : 1].emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "--out" && valued) {
      set.out = std::string(*args.next());
      if (set.out.empty()) return kUsage.error("--out needs a directory");
    } else if (a == "--db" && valued) {
      if (const auto problem = dbfiles::load(std::string(*args.next()), set.databases)) {
        std::fprintf(stderr, "backgammon duel: --db: %s\n", problem->c_str());
        return 1;
      }
    } else if (a == "--quiet") {
      set.quiet = true;
    } else if (a == "--help" || a == "-h" || (a.size() > 1 && a[0] == '-')) {
      return kUsage.other(a);
    } else if (given < 2) {
      set.spec[given++] = std::string(a);
      if (set.spec[given - 1].find_first_not_of(" \t") == std::string::npos)
        return kUsage.error("an engine is a built-in bot's name or a command line, not blank");
    } else {
      return kUsage.error("unexpected argument '" + std::string(a) + "'");
    }
  }
  if (given < 2) return kUsage.error("two engines are needed: ENGINE_A ENGINE_B");
  for (int k = 0; k < 2; ++k)
    if (!set.options[k].empty() && bot_engine::bot_of(set.spec[k]))
      return kUsage.error(std::string("--option-") + "ab"[k] + " sets options of a UBGI engine, not of a built-in bot");
  if (const auto problem = dbfiles::unusable_for<Standard>(set.databases)) return kUsage.error(*problem);
  if (!set.out.empty()) {
    struct stat st {};
    if (stat(set.out.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      std::fprintf(stderr, "backgammon duel: --out %s: not a directory\n", set.out.c_str());
      return 1;
    }
  }
  if (set.threads == 0) set.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (static_cast<long long>(set.threads) > set.pairs) set.threads = static_cast<int>(set.pairs);
  return run_duel(set);
}

// Half-width of the 95% interval of a mean (normal approximation) from the sum and the sum of squares.
double ci95(double sum, double sum_sq, double n) {
  if (n < 2) return 0.0;
  const double mean = sum / n;
  const double var = (sum_sq - n * mean * mean) / (n - 1);
  return 1.96 * std::sqrt(var > 0 ? var / n : 0.0);
}

std::string tag_text(std::string s) {
  for (char& c : s)
    if (c == '"' || c == '\n' || c == '\r') c = '\'';
  return s;
}

int run_duel(Settings& set) {
  std::vector<PairResult> results(static_cast<std::size_t>(set.pairs));
  std::atomic<long long> next_pair{0};
  std::atomic<bool> stop{false};
  std::mutex mu;  // stderr, progress, names, the first error
  long long finished = 0;
  // Each engine once before the duel: one that cannot start or shake hands stops it at once.
  std::string names[2];
  for (int k = 0; k < 2; ++k) {
    Driver d(set, k);
    if (auto problem = d.ready()) {
      std::fprintf(stderr, "backgammon duel: engine %c (%s): %s\n", "AB"[k], d.name().c_str(), problem->c_str());
      return 1;
    }
    names[k] = d.name() + (d.protocol().empty() ? "" : " (" + d.protocol() + ")");
  }
  std::string write_problem;
  std::atomic<long long> fallbacks[2] = {0, 0};
  examples::ProgressLine progress(!set.quiet && isatty(2), "pairs");
  const auto play_pairs = [&](Driver (&side)[2]) {
    for (;;) {
      if (stop.load()) return;
      const long long i = next_pair.fetch_add(1);
      if (i >= set.pairs) return;
      PairResult& pr = results[static_cast<std::size_t>(i)];
      const std::uint64_t pair_seed = mix(set.seed, static_cast<std::uint64_t>(i));
      bool skip = false;
      MatchRecord records[2];
      for (int j = 0; j < 2 && !skip; ++j) {
        MatchResult& res = pr.match[j];
        res.a_seat = j;
        Driver* seat[2] = {j == 0 ? &side[0] : &side[1], j == 0 ? &side[1] : &side[0]};
        MatchRecord& rec = records[j];
        rec.rules = duel_rules(set.length);
        std::string a_name = side[0].name(), b_name = side[1].name();
        if (a_name == b_name) a_name += " (A)", b_name += " (B)";
        rec.players = {j == 0 ? a_name : b_name, j == 0 ? b_name : a_name};
        rec.tags.push_back({"Seed", std::to_string(set.seed)});
        rec.tags.push_back({"Pair", std::to_string(i + 1)});
        const std::optional<Fault> f = play_match(set, seat, pair_seed, rec, res);
        if (!f) continue;
        const int side_at_fault = f->seat < 0 ? -1 : (f->seat == j ? 0 : 1);  // A is seat j
        {
          std::lock_guard<std::mutex> lock(mu);
          const char* then = set.on_error == OnError::Stop      ? "the duel stops"
                             : set.on_error == OnError::Forfeit ? "the match is forfeited"
                                                                : "the pair is skipped";
          if (side_at_fault >= 0)
            std::fprintf(stderr, "%sbackgammon duel: engine %c (%s), pair %lld match %d: %s; %s\n",
                         !set.quiet && isatty(2) ? "\n" : "", "AB"[side_at_fault], side[side_at_fault].name().c_str(),
                         i + 1, j + 1, f->message.c_str(), then);
          else std::fprintf(stderr, "backgammon duel: %s\n", f->message.c_str());
        }
        if (side_at_fault >= 0) {
          side[side_at_fault].reset();
          res.errors[static_cast<std::size_t>(side_at_fault)]++;
        }
        if (set.on_error == OnError::Stop || side_at_fault < 0) {
          stop.store(true);
          return;
        }
        if (set.on_error == OnError::Skip) {
          skip = true;
          break;
        }
        // forfeit: the other seat wins the match; the games played so far keep their points
        res.forfeit = true;
        res.winner = 1 - f->seat;
        res.games = static_cast<int>(rec.games.size()) - (rec.games.back().winner < 0 ? 1 : 0);
        res.points = {0, 0};
        for (const GameRecord& gr : rec.games)
          if (gr.winner >= 0) res.points[static_cast<std::size_t>(gr.winner)] += counted_points(gr, set.length);
        rec.tags.push_back({"Forfeit", tag_text(std::string("player ") + std::to_string(f->seat) + ": " + f->message)});
      }
      pr.skipped = skip;
      if (!set.out.empty()) {
        for (int j = 0; j < 2; ++j) {
          if (records[j].games.empty()) continue;
          char file[64];
          std::snprintf(file, sizeof file, "/pair-%06lld-%d.mat", i + 1, j + 1);
          const std::string text = format_mat(records[j]);
          const Status st = write_file(set.out + file, std::vector<std::uint8_t>(text.begin(), text.end()));
          if (!st.has_value()) {
            std::lock_guard<std::mutex> lock(mu);
            if (write_problem.empty()) write_problem = st.error().to_string();
            stop.store(true);
            return;
          }
        }
      }
      pr.done = true;
      std::lock_guard<std::mutex> lock(mu);
      progress(static_cast<std::size_t>(++finished), static_cast<std::size_t>(set.pairs));
    }
  };
  const auto worker = [&] {
    Driver side[2] = {Driver(set, 0), Driver(set, 1)};
    for (int k = 0; k < 2; ++k)
      if (!side[k].builtin() && side[k].ready()) side[k].reset();  // reported at its first decision
    play_pairs(side);
    for (int k = 0; k < 2; ++k) fallbacks[k] += side[k].fallbacks();
  };
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < set.threads; ++t) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!write_problem.empty()) {
    std::fprintf(stderr, "backgammon duel: --out: %s\n", write_problem.c_str());
    return 1;
  }

  // The statistics over the pairs played (skipped ones aside).
  double n = 0, games = 0, net = 0, net_sq_resid = 0, wins = 0, wins_sum = 0, wins_sq = 0;
  long long matches = 0, forfeits = 0, skipped = 0, errors[2] = {0, 0}, a_points = 0, b_points = 0;
  for (const PairResult& pr : results) {
    for (const MatchResult& r : pr.match) errors[0] += r.errors[0], errors[1] += r.errors[1];
    if (!pr.done) continue;
    if (pr.skipped) {
      ++skipped;
      continue;
    }
    n += 1;
    double w = 0;
    for (const MatchResult& r : pr.match) {
      const auto a = static_cast<std::size_t>(r.a_seat);
      games += r.games;
      net += r.points[a] - r.points[1 - a];
      a_points += r.points[a];
      b_points += r.points[1 - a];
      w += r.winner == r.a_seat ? 1 : 0;
      forfeits += r.forfeit ? 1 : 0;
      ++matches;
    }
    wins += w;
    wins_sum += w / 2;
    wins_sq += (w / 2) * (w / 2);
  }
  const double ppg = games > 0 ? net / games : 0.0;
  // the ratio estimator's interval: residuals of each pair's net points against ppg x its games
  for (const PairResult& pr : results) {
    if (!pr.done || pr.skipped) continue;
    double pn = 0, pg = 0;
    for (const MatchResult& r : pr.match) {
      const auto a = static_cast<std::size_t>(r.a_seat);
      pn += r.points[a] - r.points[1 - a];
      pg += r.games;
    }
    net_sq_resid += (pn - ppg * pg) * (pn - ppg * pg);
  }
  const double ppg_ci = n > 1 && games > 0 ? 1.96 * std::sqrt(net_sq_resid / (n * (n - 1))) / (games / n) : 0.0;
  const double rate = n > 0 ? wins_sum / n : 0.0;
  const double rate_ci = ci95(wins_sum, wins_sq, n);

  std::printf("duel: A = %s, B = %s: %d-point matches, seed %llu\n", names[0].c_str(), names[1].c_str(), set.length,
              static_cast<unsigned long long>(set.seed));
  std::printf("pairs: %lld of %lld played (%lld matches, %.0f games), %lld skipped\n", static_cast<long long>(n),
              set.pairs, matches, games, skipped);
  std::printf("points: A %lld, B %lld; A's points per game %+.4f +- %.4f (95%% CI)\n", a_points, b_points, ppg, ppg_ci);
  std::printf("matches: A won %.0f of %lld: %.2f%% +- %.2f%% (95%% CI)\n", wins, matches, 100 * rate, 100 * rate_ci);
  std::printf("errors: A %lld, B %lld; matches forfeited %lld\n", errors[0], errors[1], forfeits);
  for (int k = 0; k < 2; ++k)
    if (fallbacks[k] > 0)
      std::printf("cube decisions of %c made by the built-in %s bot: %lld (the engine answers none)\n", "AB"[k],
                  bot_engine::bot_name(set.cube_fallback), fallbacks[k].load());
  std::fprintf(stderr, "time %.1f s, %.2f matches/s, %d threads\n", secs,
               secs > 0 ? static_cast<double>(matches) / secs : 0.0, set.threads);
  if (stop.load()) return 1;
  return errors[0] + errors[1] + forfeits + skipped > 0 ? 3 : 0;  // finished, but an engine erred
}

}  // namespace cmd_duel
}  // namespace

const bgcli::Command bgcli::duel_command{"duel", cmd_duel::kUsage.line, &cmd_duel::run};
