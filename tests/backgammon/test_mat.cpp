// The .mat match records (mat.hpp, match_record.hpp): GNU Backgammon's own exports of the
// matches and money sessions of tests/data/backgammon/records/ read, replayed with every
// decision's GNUbg ID equal to the one gnubg gave while playing, and written back as gnubg wrote
// them; liberal reading and clear errors on hand-written records.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/mat.hpp"

namespace {
using namespace boardrules;
using namespace boardrules::backgammon;

std::string mat_read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Blanks at the ends of lines and blank lines at the end of the text removed.
std::string mat_normalise(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.pop_back();
    lines.push_back(line);
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The rules a record was played with, from its file name (gnubg's .mat does not write them).
SessionRules mat_rules_of(const std::string& name) {
  SessionRules r;
  r.crawford = name.find("nocrawford") == std::string::npos;
  r.jacoby = name.find("jacoby") != std::string::npos;
  if (const auto b = name.find("beavers"); b != std::string::npos) r.beavers = name[b + 7] - '0';
  return r;
}

std::vector<std::filesystem::path> mat_corpus() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(BOARDRULES_TEST_DATA_DIR "/backgammon/records"))
    if (e.path().extension() == ".mat") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("mat: gnubg's records replay with every decision's GNUbg ID equal to gnubg's") {
  const auto files = mat_corpus();
  REQUIRE(files.size() >= 20);
  int ids_compared = 0, games_compared = 0, beavers = 0, resigns = 0, drops = 0, crawford_games = 0;
  for (const auto& path : files) {
    const std::string name = path.stem().string();
    CAPTURE(name);
    auto rec = parse_mat(mat_read_file(path), mat_rules_of(name));
    REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
    // What gnubg said while playing.
    std::vector<std::string> expected_ids, expected_games;
    {
      std::ifstream in(path.parent_path() / (name + ".ids"));
      REQUIRE(in.good());
      std::string line;
      while (std::getline(in, line)) {
        if (line.rfind("id ", 0) == 0) expected_ids.push_back(line);
        else if (line.rfind("game ", 0) == 0) expected_games.push_back(line);
      }
    }
    std::vector<std::string> ids, game_lines;
    std::array<int, 2> score{0, 0};
    auto m = replay_record(*rec, [&](const Match& match, std::size_t gi, const RecordStep& s) {
      if (s.kind == StepKind::Beaver) ++beavers;
      if (s.kind == StepKind::Resign) ++resigns;
      if (s.kind == StepKind::Drop) ++drops;
      const bool noted =
          (s.kind == StepKind::Roll && s.played) || s.kind == StepKind::Take || s.kind == StepKind::Beaver;
      if (match.games_played() == static_cast<int>(gi)) {
        if (noted) ids.push_back("id " + std::to_string(gi + 1) + " " + format_gnubg_id(match));
      }
    });
    REQUIRE_MESSAGE(m.has_value(), m.error().to_string());
    for (std::size_t gi = 0; gi < rec->games.size(); ++gi) {
      const GameRecord& g = rec->games[gi];
      if (rec->rules.match_length > 0 &&
          (g.score[0] == rec->rules.match_length - 1 || g.score[1] == rec->rules.match_length - 1))
        ++crawford_games;
      if (g.winner < 0) continue;
      score[static_cast<std::size_t>(g.winner)] += g.points;
      game_lines.push_back("game " + std::to_string(gi + 1) + " winner " + std::to_string(g.winner) + " points " +
                           std::to_string(g.points) + " score " + std::to_string(score[0]) + "-" +
                           std::to_string(score[1]));
    }
    CHECK(ids.size() == expected_ids.size());
    for (std::size_t i = 0; i < std::min(ids.size(), expected_ids.size()); ++i) {
      CAPTURE(i);
      CHECK(ids[i] == expected_ids[i]);
      if (ids[i] != expected_ids[i]) break;  // the first difference is enough
    }
    CHECK(game_lines == expected_games);
    ids_compared += static_cast<int>(ids.size());
    games_compared += static_cast<int>(game_lines.size());
    // Written back as gnubg wrote it.
    CHECK(mat_normalise(format_mat(*rec)) == mat_normalise(mat_read_file(path)));
    // And read again to the same record.
    auto again = parse_mat(format_mat(*rec), mat_rules_of(name));
    REQUIRE(again.has_value());
    CHECK(*again == *rec);
  }
  MESSAGE("records: " << files.size() << ", games: " << games_compared << ", GNUbg IDs compared: " << ids_compared
                      << ", beavers: " << beavers << ", resignations: " << resigns << ", drops: " << drops
                      << ", games at a score 1 away: " << crawford_games);
  CHECK(ids_compared > 1000);
  CHECK(beavers > 0);
  CHECK(resigns > 0);
  CHECK(drops > 0);
}
