// backgammon convert: GNUbg IDs (PositionID:MatchID) <-> XGIDs, one per line.
#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/xgid.hpp"
#include "command.hpp"
#include "common/args.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

constexpr examples::Usage kUsage{"backgammon", "convert",
                                 "convert [ID...]   GNUbg IDs <-> XGIDs (from the arguments, or stdin one per line)"};

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
}  // namespace

const bgcli::Command bgcli::convert_command{"convert", kUsage.line, &run};
