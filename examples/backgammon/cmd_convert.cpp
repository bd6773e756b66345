// backgammon convert: GNUbg IDs (PositionID:MatchID) <-> XGIDs, one per line; or a match record
// (.mat, .sgf, eXtreme Gammon's .xg) to .mat, .sgf, a `backgammon replay` script, or the GNUbg ID of every record.
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "boardrules/backgammon/formats/xg.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "boardrules/formats/file.hpp"
#include "command.hpp"
#include "common/args.hpp"

namespace {
namespace cmd_convert {  // this file's names, distinct in the unity build of the program
using namespace boardrules;
using namespace boardrules::backgammon;

constexpr examples::Usage kUsage{
    "backgammon", "convert",
    "convert [ID...]   GNUbg IDs <-> XGIDs (from the arguments, or stdin one per line)\n"
    "       backgammon convert --from mat|sgf|xg --to mat|sgf|ids|script [--no-crawford] [--jacoby] "
    "[--beavers K] [--lenient] [--decisions] FILE|-\n"
    "       backgammon convert --from xgp --to ids|xgid|sgf FILE|-   (an eXtreme Gammon position file)"};

// The largest record files read: a text record (.mat, .sgf) of 16 MiB is some ten thousand
// games (the readers keep about 100 bytes a step); an .xg file holds a game file of at most
// 64 MiB (xg.hpp) beside its thumbnail and the archive's other files.
constexpr std::size_t kMaxTextRecordBytes = std::size_t{16} << 20;
constexpr std::size_t kMaxXgFileBytes = std::size_t{256} << 20;

// A record as a `backgammon replay` script: the options line, then one action a line (the
// opening throw as player 0's die and player 1's, a resignation as its offer and acceptance).
std::string record_script(const MatchRecord& rec) {
  const SessionRules& r = rec.rules;
  std::string out = "# options: ";
  if (r.is_match()) {
    out += "--match " + std::to_string(r.match_length);
    if (!r.crawford) out += " --no-crawford";
  } else {
    out += "--money";
    if (r.jacoby) out += " --jacoby";
    if (r.beavers > 0) out += " --beavers " + std::to_string(r.beavers);
  }
  out += "\n";
  static constexpr const char* kResign[] = {"", "single", "gammon", "backgammon"};
  for (const GameRecord& g : rec.games) {
    for (std::size_t i = 0; i < g.steps.size(); ++i) {
      const RecordStep& s = g.steps[i];
      switch (s.kind) {
        case StepKind::Roll: {
          int a = s.dice.d1(), b = s.dice.d2();
          if (i == 0) {  // the opening throw: player 0's die first, the mover's the higher (BG-2.1)
            const int hi = s.dice.high(), lo = a + b - hi;
            a = s.player == 0 ? hi : lo;
            b = s.player == 0 ? lo : hi;
          }
          out += "roll " + std::to_string(a) + " " + std::to_string(b) + "\n";
          if (!s.played) break;
          out += "move";
          for (std::size_t k = 0; k < s.play.size; ++k)
            out += " " + std::to_string(s.play.from[k]) + "/" + std::to_string(s.play.to[k]);
          out += "\n";
          break;
        }
        case StepKind::Double: out += "double\n"; break;
        case StepKind::Take: out += "take\n"; break;
        case StepKind::Drop: out += "drop\n"; break;
        case StepKind::Beaver: out += "beaver\n"; break;
        case StepKind::Resign:
          out += std::string("resign ") + kResign[static_cast<int>(s.resign)] + "\naccept\n";
          break;
        case StepKind::Setup: break;  // refused before (has_setup)
      }
    }
  }
  return out;
}

// Whether the record has an edited position (a Setup step), which .mat and a replay script cannot hold.
bool has_setup(const MatchRecord& rec) {
  for (const GameRecord& g : rec.games)
    for (const RecordStep& s : g.steps)
      if (s.kind == StepKind::Setup) return true;
  return false;
}

// "line N" of `offset` in `text` (empty when the offset is unknown).
std::string line_of(std::string_view text, std::size_t offset) {
  if (offset == Error::npos || offset > text.size()) return "";
  return std::to_string(1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

// --from/--to: a match record read (every step replayed) and written in another format, or the
// GNUbg ID of every decision. The options give the rules a .mat file does not write (a .sgf
// writes all but the beavers).
int convert_record(std::span<char* const> argv) {
  std::string_view from, to, file;
  SessionRules rules;
  bool lenient = false, decisions = false;
  examples::Args args(argv);
  while (args.more()) {
    const std::string_view a = *args.next();
    if (a == "--from" && args.more()) {
      from = *args.next();
    } else if (a == "--to" && args.more()) {
      to = *args.next();
    } else if (a == "--no-crawford") {
      rules.crawford = false;
    } else if (a == "--jacoby") {
      rules.jacoby = true;
    } else if (a == "--beavers" && args.more()) {
      const std::string_view k = *args.next();
      if (!examples::parse_int(k, 0, kMaxBeavers, rules.beavers))
        return kUsage.error(examples::range_problem(a, 0, kMaxBeavers, k, bgcli::kBeaversNote));
    } else if (a == "--lenient" || a == "--decisions") {
      (a == "--lenient" ? lenient : decisions) = true;
    } else if (a == "--help" || a == "-h") {
      return kUsage.help();
    } else if (file.empty() && (a == "-" || a.substr(0, 1) != "-")) {
      file = a;
    } else {
      return kUsage.other(a);
    }
  }
  if (from != "mat" && from != "sgf" && from != "xg" && from != "xgp")
    return kUsage.error("--from must be mat, sgf, xg or xgp");
  if (from == "xgp" && to != "ids" && to != "xgid" && to != "sgf")
    return kUsage.error("--from xgp takes --to ids, xgid or sgf (a position, not a game record)");
  if (from != "xgp" && to != "mat" && to != "sgf" && to != "ids" && to != "script")
    return kUsage.error("--to must be mat, sgf, ids or script");
  if (file.empty()) return kUsage.error("give the record's file (or - for stdin)");
  const std::size_t most = from == "xg" || from == "xgp" ? kMaxXgFileBytes : kMaxTextRecordBytes;
  const std::string shown_file = printable(file);  // the name as messages show it
  std::string text;
  if (file == "-") {
    char buf[1 << 16];
    while (std::cin.read(buf, sizeof buf) || std::cin.gcount() > 0) {
      const auto n = static_cast<std::size_t>(std::cin.gcount());
      if (n > most - text.size()) {
        std::fprintf(stderr, "backgammon convert: stdin: more than the %zu bytes a record read here holds\n", most);
        return 1;
      }
      text.append(buf, n);
    }
  } else {
    // .xg and .xgp are binary: the bytes as they are.
    auto read = read_text_file(std::string(file), most);
    if (!read) {
      std::fprintf(stderr, "backgammon convert: %s\n", read.error().to_string().c_str());
      return 1;
    }
    text = std::move(*read);
  }
  if (from == "xgp") {
    auto x = parse_xgp(std::string_view(text));
    if (!x.has_value()) {
      std::fprintf(stderr, "backgammon convert: %s: %s\n", shown_file.c_str(), x.error().to_string().c_str());
      return 2;
    }
    if (to == "sgf") std::fputs(format_sgf(x->record).c_str(), stdout);
    else std::printf("%s\n", (to == "ids" ? x->gnubg_id : x->xgid).c_str());
    return 0;
  }
  std::vector<Error> warnings;
  const ReadOptions opt{lenient, &warnings};
  auto rec = from == "mat"   ? parse_mat(text, rules, opt)
             : from == "sgf" ? parse_sgf(text, rules, opt)
                             : [&]() -> Result<MatchRecord> {  // the file's rules, not the options'
    auto x = parse_xg(std::string_view(text));
    if (!x.has_value()) return x.error();
    return std::move(x->record);
  }();
  for (const Error& w : warnings)  // lenient reading: what was wrong, by line
    std::fprintf(stderr, "backgammon convert: %s:%s: warning: %s\n", shown_file.c_str(),
                 line_of(text, w.offset).c_str(), w.to_string().c_str());
  if (!rec.has_value()) {
    std::fprintf(stderr, "backgammon convert: %s: %s\n", shown_file.c_str(), rec.error().to_string().c_str());
    return 2;
  }
  if (to == "script" && has_setup(*rec)) {
    std::fprintf(stderr, "backgammon convert: %s: a position is set up (SGF AE/AB/AW, CV, CP): no replay script\n",
                 shown_file.c_str());
    return 2;
  }
  if (to == "mat") {
    // a name, a tag or an edited position .mat cannot hold: refused, not written wrong
    if (const Status st = check_mat(*rec); !st.has_value()) {
      std::fprintf(stderr, "backgammon convert: %s: %s\n", shown_file.c_str(), st.error().to_string().c_str());
      return 2;
    }
    std::fputs(format_mat(*rec).c_str(), stdout);
  } else if (to == "sgf") {
    std::fputs(format_sgf(*rec).c_str(), stdout);
  } else if (to == "script") {
    std::fputs(record_script(*rec).c_str(), stdout);
  } else {
    auto ids = record_ids(*rec, decisions ? IdScope::Decisions : IdScope::Records, ReadOptions{lenient, nullptr});
    if (!ids.has_value()) {
      std::fprintf(stderr, "backgammon convert: %s\n", ids.error().to_string().c_str());
      return 2;
    }
    for (const std::string& id : *ids) std::printf("%s\n", id.c_str());
  }
  return 0;
}

// One line: an XGID gives its GNUbg ID, a GNUbg ID its XGID.
Result<std::string> convert_one(std::string_view text) {
  const bool is_xgid = text.substr(0, 5) == "XGID=" || text.find(':') != text.rfind(':');
  if (is_xgid) {
    auto x = parse_xgid<>(text);
    if (!x.has_value()) return x.error();
    return format_gnubg_id(x->position, x->fields);
  }
  auto g = parse_gnubg_id<>(text);
  if (!g.has_value()) return g.error();
  return format_xgid(g->position, g->fields);
}

int run(std::span<char* const> args) {
  for (char* a : args) {
    const std::string_view s = a;
    if (s == "--from" || s == "--to") return convert_record(args);
  }
  int errors = 0;
  long line_no = 0;
  const char* unit = args.empty() ? "line" : "argument";
  auto handle = [&](std::string_view text) {
    ++line_no;
    if (const auto hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    if (text.empty()) return;
    auto r = convert_one(text);
    if (r.has_value()) {
      std::printf("%s\n", r->c_str());
    } else {
      std::fflush(stdout);
      std::fprintf(stderr, "backgammon convert: %s %ld: %s\n", unit, line_no, r.error().to_string().c_str());
      ++errors;
    }
  };
  if (!args.empty()) {
    for (char* a : args) {
      const std::string_view s = a;
      if (s == "--help" || s == "-h") return kUsage.help();
      handle(s);
    }
  } else {
    std::string line;
    while (std::getline(std::cin, line)) handle(line);
  }
  return errors ? 2 : 0;
}
}  // namespace cmd_convert
}  // namespace

const bgcli::Command bgcli::convert_command{"convert", cmd_convert::kUsage.line, &cmd_convert::run};
