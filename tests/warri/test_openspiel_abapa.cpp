// Random games of Oware Abapa recorded with OpenSpiel's `oware` game (tests/data/warri/
// openspiel_abapa.txt; how it is made: docs/validation.md) replayed through BasicGame<Abapa>:
// every recorded move must be legal, and the game must end where the record ends, with the same
// winner and final scores (WA-2 to WA-4, the Abapa options of WA-3.3, WA-4.2 and WA-4.3).

#include <doctest/doctest.h>

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "boardrules/warri/game/game.hpp"

#include "../common/data_file.hpp"

using namespace boardrules;
using namespace boardrules::warri;

namespace {

/// One recorded game: the moves (house letters, a-f South, A-F North), the final scores, the
/// winner ("S", "N", "draw"; "-" when unfinished) and "over" or "unfinished" (the recorder's
/// 1000-ply limit).
struct Record {
  std::string moves;
  int south = 0;
  int north = 0;
  std::string winner;
  std::string end;
};

std::vector<Record> load() {
  std::vector<Record> records;
  data_file::for_each_line("warri/openspiel_abapa.txt", [&](const std::string& line) {
    std::istringstream ls(line);
    Record r;
    std::string scores;
    ls >> r.moves >> scores >> r.winner >> r.end;
    REQUIRE(ls);
    const std::size_t dash = scores.find('-');
    REQUIRE(dash != std::string::npos);
    r.south = std::stoi(scores.substr(0, dash));
    r.north = std::stoi(scores.substr(dash + 1));
    records.push_back(std::move(r));
  });
  return records;
}

std::string winner_text(const Outcome& o) {
  if (!o.winner) return "draw";
  return *o.winner == Player::South ? "S" : "N";
}

}  // namespace

TEST_CASE("OpenSpiel's random Abapa games replay move by move and end the same way") {
  const std::vector<Record> records = load();
  REQUIRE(records.size() >= 1000);
  std::size_t over = 0;
  std::size_t plies = 0;
  std::size_t by_reason[4] = {};
  for (std::size_t g = 0; g < records.size(); ++g) {
    const Record& r = records[g];
    CAPTURE(g);
    BasicGame<Abapa> game;
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
      CAPTURE(i);
      REQUIRE_FALSE(game.over());
      const Status s = game.play(std::string_view(r.moves).substr(i, 1));
      if (!s.has_value()) FAIL("move " << r.moves[i] << " refused: " << s.error().message);
    }
    plies += r.moves.size();
    if (r.end == "unfinished") {
      CHECK_FALSE(game.over());
      continue;
    }
    REQUIRE(r.end == "over");
    ++over;
    REQUIRE(game.over());
    const Outcome& o = game.result();
    ++by_reason[static_cast<int>(o.reason)];
    CHECK(winner_text(o) == r.winner);
    if (o.reason == EndReason::Captured) {
      // A capture to 25 ends the game with the seeds left uncounted (WA-4.1); the recorder then
      // hands each row's seeds to its owner, so its scores are the stores plus the rows.
      const BasicPosition<Abapa>& p = game.position();
      CHECK(p.store(Player::South) + p.row_seeds(Player::South) == r.south);
      CHECK(p.store(Player::North) + p.row_seeds(Player::North) == r.north);
    } else {
      // Starvation: the mover takes the seeds left (WA-4.2); cycling: each row's seeds to its
      // owner (WA-4.3), as the recorder scores every end.
      CHECK(o.south == r.south);
      CHECK(o.north == r.north);
    }
  }
  MESSAGE(records.size() << " games, " << plies << " plies; ended by capture "
                         << by_reason[static_cast<int>(EndReason::Captured)] << ", starvation "
                         << by_reason[static_cast<int>(EndReason::Starved)] << ", cycling "
                         << by_reason[static_cast<int>(EndReason::Cycle)]);
  CHECK(over * 10 >= records.size() * 9);  // nearly every random game ends within the limit
}
