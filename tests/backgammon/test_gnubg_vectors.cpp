// The legal plays against GNU Backgammon itself: tests/data/backgammon/gnubg_moves.txt holds
// 8,473 (position, roll) cases listed by gnubg 1.07 (gen_gnubg_moves.py, run inside gnubg; see its
// header for the command), from random games and random scatters (bar entry, closed boards,
// primes and partial doubles, bear-offs, hits). Each line is
//   <position id> <d1> <d2> <n> <id_1> ... <id_n>
// the sorted Position IDs of the distinct positions after the legal plays (BG-3.9), not flipped.
// Here every case goes through generate_plays + apply + position_id and must give the same list;
// has_any_play must agree with the list being non-empty (BG-3.6: no legal play, the turn passes).
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "boardrules/backgammon/formats/position_id.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "gnubg_data.hpp"

namespace bg = boardrules::backgammon;

namespace {

struct Case : gnubg_data::Case {
  std::vector<std::string> results;
};

std::vector<Case> load() {
  std::vector<Case> cases;
  gnubg_data::for_each_line("gnubg_moves.txt", [&](const gnubg_data::Case& head, std::istringstream& ls) {
    Case c{head, {}};
    std::size_t n = 0;
    ls >> n;
    REQUIRE(ls);
    c.results.resize(n);
    for (auto& r : c.results) ls >> r;
    REQUIRE(ls);
    std::string extra;
    const bool trailing = static_cast<bool>(ls >> extra);
    REQUIRE_FALSE(trailing);
    cases.push_back(std::move(c));
  });
  return cases;
}

}  // namespace

TEST_CASE("generate_plays + apply equal GNU Backgammon's legal plays on every gnubg vector") {
  const auto cases = load();
  REQUIRE(cases.size() >= 5000);
  static bg::PlayList list;
  std::size_t plays = 0;
  std::size_t passes = 0;
  std::size_t doubles = 0;
  std::size_t mismatches = 0;
  std::size_t partial_doubles = 0;  // a double of which only 1 to 3 steps can be played
  std::size_t with_hits = 0;        // cases where some play hits (BG-5.1)
  for (const auto& c : cases) {
    auto pos = bg::parse_position_id(c.id);
    REQUIRE_MESSAGE(pos.has_value(), c.id);
    const bool dice_ok = c.d1 >= 1 && c.d1 <= 6 && c.d2 >= 1 && c.d2 <= 6;
    REQUIRE(dice_ok);
    const bg::Dice dice = bg::Dice::unchecked(c.d1, c.d2);
    bg::generate_plays(*pos, dice, list);
    std::vector<std::string> got;
    for (const bg::Play& play : list) got.push_back(bg::format_position_id(bg::apply(*pos, play)));
    std::sort(got.begin(), got.end());
    if (got != c.results && mismatches++ < 10) {
      std::string want_s;
      for (const auto& r : c.results) want_s += " " + r;
      std::string got_s;
      for (const auto& r : got) got_s += " " + r;
      FAIL_CHECK("position " << c.id << " roll " << c.d1 << "-" << c.d2 << "\n  gnubg (" << c.results.size()
                             << "):" << want_s << "\n  ours  (" << got.size() << "):" << got_s);
    }
    CHECK(bg::has_any_play(*pos, dice) == !c.results.empty());
    if (dice.is_double() && !list.empty() && list[0].size < 4) ++partial_doubles;
    bool hits = false;
    for (const bg::Play& play : list) hits = hits || play.hits != 0;
    with_hits += hits ? 1u : 0u;
    plays += c.results.size();
    passes += c.results.empty() ? 1u : 0u;
    doubles += dice.is_double() ? 1u : 0u;
  }
  CHECK(mismatches == 0);
  MESSAGE(cases.size() << " cases, " << plays << " plays, " << passes << " with no legal play, " << doubles
                       << " doubles, " << partial_doubles << " partial doubles, " << with_hits
                       << " with a hitting play");
  // The data really covers what it claims (a truncated or regenerated file would fail here).
  CHECK(passes >= 100);
  CHECK(doubles >= 1000);
  CHECK(partial_doubles >= 50);
  CHECK(with_hits >= 500);
}

TEST_CASE("From the start the 21 rolls give 447 plays, as gnubg's hint lists do (perft 1)") {
  // 447 = the sum of len(gnubg.hint(100000)["hint"]) over the 21 rolls from 4HPwATDgc/ABMA,
  // counted inside gnubg 1.07 when the vector script was written.
  static bg::PlayList list;
  std::size_t total = 0;
  for (const bg::Dice& dice : bg::kAllRolls) {
    bg::generate_plays(bg::Position::start(), dice, list);
    total += list.size();
  }
  CHECK(total == 447);
}
