#pragma once
// Reading the match records of tests/data/backgammon/records/ (made by record_gnubg_mat.py inside
// GNU Backgammon): the files, the rules each was played with, and what gnubg said while playing
// (NAME.ids) set against the same from a record read by the library.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/backgammon/formats/match_record.hpp"

namespace records_data {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// `text` with the blanks at the ends of lines and the blank lines at its end removed.
inline std::string normalise(const std::string& text) {
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

/// The rules a record was played with, from its file name (gnubg's .mat does not write them;
/// its .sgf writes all but the beavers).
inline boardrules::backgammon::SessionRules rules_of(const std::string& name) {
  boardrules::backgammon::SessionRules r;
  r.crawford = name.find("nocrawford") == std::string::npos;
  r.jacoby = name.find("jacoby") != std::string::npos;
  if (const auto b = name.find("beavers"); b != std::string::npos) r.beavers = name[b + 7] - '0';
  return r;
}

/// The files of the corpus with extension `ext` (".mat", ".sgf"), sorted.
inline std::vector<std::filesystem::path> corpus(const char* ext) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(BOARDRULES_TEST_DATA_DIR "/backgammon/records"))
    if (e.path().extension() == ext) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

/// The lines of NAME<ext> next to `path` (".ids": IDs and results; ".decisions": the GNUbg ID
/// before every decision).
inline std::vector<std::string> expected_lines(const std::filesystem::path& path, const char* ext = ".ids") {
  std::ifstream in(path.parent_path() / (path.stem().string() + ext));
  REQUIRE(in.good());
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(line);
  return lines;
}

/// What the recording script writes, from a record replayed by the library: `id <game> <GNUbg
/// ID>` after every played throw, take and beaver that leaves the game going, and `game <k>
/// winner <w> points <p> score <s0>-<s1>` once the game is over (its next step, or the end).
inline std::vector<std::string> lines_of(const boardrules::backgammon::MatchRecord& rec) {
  using namespace boardrules::backgammon;
  std::vector<std::string> lines;
  std::array<int, 2> score{0, 0};
  std::size_t reported = 0;
  auto report_games = [&](std::size_t upto) {
    for (; reported < upto && reported < rec.games.size(); ++reported) {
      const GameRecord& g = rec.games[reported];
      if (g.winner < 0) continue;
      score[static_cast<std::size_t>(g.winner)] += g.points;
      lines.push_back("game " + std::to_string(reported + 1) + " winner " + std::to_string(g.winner) + " points " +
                      std::to_string(g.points) + " score " + std::to_string(score[0]) + "-" + std::to_string(score[1]));
    }
  };
  auto m = replay_record(rec, [&](const Match& match, std::size_t gi, const RecordStep& s) {
    report_games(gi);
    const bool noted = (s.kind == StepKind::Roll && s.played) || s.kind == StepKind::Take || s.kind == StepKind::Beaver;
    if (noted && match.games_played() == static_cast<int>(gi))
      lines.push_back("id " + std::to_string(gi + 1) + " " + format_gnubg_id(match));
  });
  REQUIRE_MESSAGE(m.has_value(), m.error().to_string());
  report_games(rec.games.size());
  return lines;
}

/// Compares `got` with `want` line by line (the first difference reported).
inline void check_lines(const std::vector<std::string>& got, const std::vector<std::string>& want) {
  CHECK(got.size() == want.size());
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    CAPTURE(i);
    CHECK(got[i] == want[i]);
    if (got[i] != want[i]) break;
  }
}

/// Reads every record of the corpus with extension `ext`, `rounds` times damaged (cut short at
/// every other round, one to three bytes replaced by characters of `alphabet`), with
/// `read(text, rules)`: each result must be a record that replays, or an Error with a message.
/// Both must happen.
template <class Read>
void check_damaged(const char* ext, std::string_view alphabet, std::uint64_t seed, int rounds, Read&& read) {
  auto next = [&seed] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(seed >> 33);
  };
  int accepted = 0, refused = 0;
  for (const auto& path : corpus(ext)) {
    const std::string text = read_file(path);
    const auto rules = rules_of(path.stem().string());
    for (int k = 0; k < rounds; ++k) {
      std::string t = text;
      if (k % 2 == 0) t.resize(next() % (t.size() + 1));
      for (int n = 0; n < 1 + k % 3; ++n)
        if (!t.empty()) t[next() % t.size()] = alphabet[next() % alphabet.size()];
      auto r = read(t, rules);
      if (r.has_value()) {
        ++accepted;
        CHECK(boardrules::backgammon::replay_record(*r).has_value());
      } else {
        ++refused;
        CHECK_FALSE(r.error().message.empty());
      }
    }
  }
  CHECK(accepted > 0);
  CHECK(refused > 0);
}

}  // namespace records_data
