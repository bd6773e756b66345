// The gnubg-recorded replays (tests/data/backgammon/replays, made by record_gnubg.py inside GNU
// Backgammon) played straight through BasicMatch, without the command-line program: every game's
// winner, points and score and the final GNUbg ID must be gnubg's. The CLI test
// cli_bg_play_replay_* checks the `backgammon replay` program on the same files.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/match_id.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/backgammon/game/match.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

namespace {
// A plain reader of the record format (see record_gnubg.py); returns what the replay printed.
std::vector<std::string> replay(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  SessionRules rules = SessionRules::money();
  std::vector<std::string> out;
  std::vector<std::string> actions;
  while (std::getline(in, line)) {
    if (line.rfind("# options: ", 0) == 0) {
      std::istringstream o(line.substr(11));
      std::string w;
      while (o >> w) {
        if (w == "--match") {
          int n = 0;
          o >> n;
          rules = SessionRules::match(n);
        } else if (w == "--jacoby") {
          rules.jacoby = true;
        } else if (w == "--auto-doubles") {
          o >> rules.auto_doubles;
        } else if (w == "--beavers") {
          o >> rules.beavers;
        }
      }
      continue;
    }
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    if (line.find_first_not_of(' ') != std::string::npos) actions.push_back(line);
  }
  Match m(rules);
  bool passed = false;
  for (const auto& a : actions) {
    CAPTURE(a);
    std::istringstream ss(a);
    std::string w;
    ss >> w;
    const int before = m.games_played();
    Status st;
    bool was_pass = false;
    if (w == "roll") {
      int d1 = 0, d2 = 0;
      ss >> d1 >> d2;
      if (m.game().phase() == Phase::Opening) {
        st = m.opening_roll(d1, d2);
      } else {
        const int mover = m.game().on_roll();
        st = m.roll(Dice::from(d1, d2).value_or(Dice{}));
        was_pass = m.game().phase() == Phase::TurnStart && m.game().on_roll() != mover;
      }
    } else if (w == "move") {
      Play p{};
      std::string step;
      while (ss >> step) {
        const auto slash = step.find('/');
        p.add(std::stoi(step.substr(0, slash)), std::stoi(step.substr(slash + 1)), false);
      }
      if (p.size == 0 && passed) {
        st = {};
      } else {
        st = m.play(p);
      }
    } else if (w == "double") {
      st = m.double_cube();
    } else if (w == "take") {
      st = m.take();
    } else if (w == "drop") {
      st = m.drop();
    } else if (w == "beaver") {
      st = m.beaver();
    } else if (w == "resign") {
      ss >> w;
      st = m.resign(w == "single" ? Resign::Single : w == "gammon" ? Resign::Gammon : Resign::Backgammon);
    } else if (w == "accept") {
      st = m.accept();
    } else if (w == "reject") {
      st = m.reject();
    } else {
      FAIL("unknown action " << a);
    }
    REQUIRE_MESSAGE(st.has_value(), st.error().to_string());
    passed = was_pass;
    if (m.games_played() != before) {
      const auto& r = m.last_result();
      out.push_back("game " + std::to_string(m.games_played()) + " winner " + std::to_string(r.winner) + " points " +
                    std::to_string(r.points) + " score " + std::to_string(m.score()[0]) + "-" +
                    std::to_string(m.score()[1]));
    }
  }
  if (!m.over()) out.push_back("id " + format_gnubg_id(m));
  return out;
}
}  // namespace

TEST_CASE("gnubg-recorded matches and money sessions replay to gnubg's results and GNUbg IDs") {
  const std::filesystem::path dir = std::filesystem::path(BOARDRULES_TEST_DATA_DIR) / "backgammon" / "replays";
  int files = 0, games = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".txt" || e.path().filename().string().rfind("gnubg_", 0) != 0) continue;
    auto expected_path = e.path();
    expected_path.replace_extension(".expected");
    std::ifstream ex(expected_path);
    std::vector<std::string> want;
    std::string line;
    while (std::getline(ex, line))
      if (!line.empty()) want.push_back(line);
    CAPTURE(e.path().filename().string());
    const auto got = replay(e.path());
    CHECK(got == want);
    for (const auto& g : want) games += g.rfind("game ", 0) == 0 ? 1 : 0;
    ++files;
  }
  CHECK(files >= 40);
  CHECK(games >= 100);
}
