// Standard move notation both ways (notation.hpp).
//
// Against GNU Backgammon: tests/data/backgammon/gnubg_notation.txt holds plays as gnubg 1.07's
// hint list writes them, each with the position gnubg reaches by playing it
// (gen_gnubg_notation.py, run inside gnubg; see its header for the command). Each line is
//   <position id> <d1> <d2> <resulting position id, not flipped> <move text>
// Every text must resolve to the legal play reaching gnubg's position (BG-3.9), and format_play
// must write it back as gnubg did. Every legal play of those cases must round-trip: format_play,
// then parse_move, gives the same play. Hand-worked cases cover the forms and the errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../common/backgammon_stacks.hpp"
#include "boardrules/backgammon/formats/notation.hpp"
#include "boardrules/backgammon/formats/position_id.hpp"
#include "gnubg_data.hpp"

namespace bg = boardrules::backgammon;

namespace {

struct Line : gnubg_data::Case {
  std::string result;
  std::string text;
};

std::vector<Line> load_lines() {
  std::vector<Line> out;
  gnubg_data::for_each_line("gnubg_notation.txt", [&](const gnubg_data::Case& head, std::istringstream& ls) {
    Line l{head, {}, {}};
    ls >> l.result;
    REQUIRE(ls);
    std::getline(ls, l.text);
    if (!l.text.empty() && l.text[0] == ' ') l.text.erase(0, 1);
    out.push_back(std::move(l));
  });
  return out;
}

bg::Position pos_of(const char* id) {
  auto p = bg::parse_position_id(id);
  REQUIRE(p.has_value());
  return *p;
}

// Mover stacks in its numbering; opponent stacks in the mover's numbering; the rest off.
bg::Position board_of(std::initializer_list<stacks::Stack> mover, std::initializer_list<stacks::Stack> opp) {
  const auto p = stacks::position(mover, opp, stacks::OppPoints::Mover);
  REQUIRE(p);
  return *p;
}

std::string id_after(const bg::Position& p, bg::Dice d, const char* text) {
  auto play = bg::parse_play(p, d, text);
  REQUIRE_MESSAGE(play.has_value(), text << ": " << play.error().to_string());
  return bg::format_position_id(bg::apply(p, *play));
}

std::string error_of(const bg::Position& p, bg::Dice d, const char* text) {
  auto play = bg::parse_play(p, d, text);
  REQUIRE_FALSE_MESSAGE(play.has_value(), text);
  return play.error().to_string();
}

bool has(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("BG-3.9: gnubg's move texts resolve to gnubg's positions, and format back to gnubg's text") {
  const auto lines = load_lines();
  REQUIRE(lines.size() >= 10000);
  std::size_t bad_parse = 0;
  std::size_t bad_format = 0;
  std::size_t hits = 0;
  std::size_t chains = 0;
  std::size_t repeats = 0;
  for (const auto& l : lines) {
    const bg::Position p = pos_of(l.id.c_str());
    const bg::Dice d = bg::Dice::unchecked(l.d1, l.d2);
    auto play = bg::parse_play(p, d, l.text);
    if (!play.has_value() || bg::format_position_id(bg::apply(p, *play)) != l.result) {
      if (bad_parse++ < 10)
        FAIL_CHECK(l.id << " " << l.d1 << "-" << l.d2 << " '" << l.text << "': "
                        << (play.has_value() ? "reaches " + bg::format_position_id(bg::apply(p, *play))
                                             : play.error().to_string()));
      continue;
    }
    const std::string back = bg::format_play(p, *play);
    if (back != l.text && bad_format++ < 10)
      FAIL_CHECK(l.id << " " << l.d1 << "-" << l.d2 << " gnubg '" << l.text << "' ours '" << back << "'");
    hits += has(l.text, "*") ? 1u : 0u;
    repeats += has(l.text, "(") ? 1u : 0u;
    for (std::size_t i = 0, slashes = 0; i < l.text.size(); ++i) {
      if (l.text[i] == ' ') slashes = 0;
      if (l.text[i] == '/' && ++slashes == 2) ++chains;
    }
  }
  CHECK(bad_parse == 0);
  CHECK(bad_format == 0);
  // The data covers every form.
  CHECK(hits > 1000);
  CHECK(chains > 1000);
  CHECK(repeats > 1000);
  MESSAGE(lines.size() << " gnubg plays: " << hits << " with hits, " << chains << " chains with an intermediate point, "
                       << repeats << " with repeats");
}

TEST_CASE("BG-3.9: every legal play formats to text that parses back to it") {
  const auto lines = load_lines();
  std::map<std::pair<std::string, int>, bool> seen;
  bg::PlayList list;
  std::size_t plays = 0;
  std::size_t bad = 0;
  for (const auto& l : lines) {
    if (!seen.emplace(std::make_pair(l.id, l.d1 * 10 + l.d2), true).second) continue;
    const bg::Position p = pos_of(l.id.c_str());
    const bg::Dice d = bg::Dice::unchecked(l.d1, l.d2);
    bg::generate_plays(p, d, list);
    for (const bg::Play& play : list) {
      ++plays;
      const std::string text = bg::format_play(p, play);
      auto back = bg::parse_play(p, d, text);
      if ((!back.has_value() || bg::apply(p, *back) != bg::apply(p, play)) && bad++ < 10)
        FAIL_CHECK(l.id << " " << l.d1 << "-" << l.d2 << " '" << text
                        << "': " << (back.has_value() ? "another play" : back.error().to_string()));
    }
  }
  CHECK(bad == 0);
  CHECK(plays > 100000);
}

TEST_CASE("BG-1.3/BG-5.1: the forms of the notation, hand-worked from the start") {
  const bg::Position s = bg::Position::start();
  // 6-5: the lover's leap as a chain, as a chain with its intermediate point, as two steps.
  const std::string leap = id_after(s, bg::Dice(6, 5), "24/13");
  CHECK(leap == id_after(s, bg::Dice(6, 5), "24/18/13"));
  CHECK(leap == id_after(s, bg::Dice(6, 5), "24/18 18/13"));
  CHECK(leap == id_after(s, bg::Dice(5, 6), "  24/13  "));
  // 3-1: the 5-point; repeats and separate steps agree; order does not matter.
  CHECK(id_after(s, bg::Dice(3, 1), "8/5 6/5") == id_after(s, bg::Dice(3, 1), "6/5 8/5"));
  // 6-6: repeats.
  CHECK(id_after(s, bg::Dice(6, 6), "24/18(2) 13/7(2)") == id_after(s, bg::Dice(6, 6), "24/18 24/18 13/7 13/7"));
  CHECK(bg::format_play(s, *bg::parse_play(s, bg::Dice(6, 6), "13/7 24/18 13/7 24/18")) == "24/18(2) 13/7(2)");
  CHECK(bg::format_play(s, *bg::parse_play(s, bg::Dice(6, 5), "24/18/13")) == "24/13");
  CHECK(bg::format_play(s, *bg::parse_play(s, bg::Dice(6, 2), "13/11 24/18")) == "24/18 13/11");
}

TEST_CASE("BG-5.1/BG-6.2: hits, the bar and bearing off in notation") {
  // Mover: one on the bar, others at home; opponent blots on the mover's 22 and 17.
  const bg::Position p = board_of({{bg::kBar, 1}, {6, 5}, {8, 3}, {13, 4}}, {{22, 1}, {17, 1}, {1, 2}, {12, 5}});
  const bg::Dice d(5, 3);
  // bar/22* then 22/17*: the chain hits twice. Landing on a blot hits it, marked or not.
  const std::string both = id_after(p, d, "bar/22*/17*");
  CHECK(both == id_after(p, d, "bar/22/17"));
  CHECK(both == id_after(p, d, "bar/22 22/17"));
  CHECK(both == id_after(p, d, "bar/22* 22/17*"));
  CHECK(bg::format_play(p, *bg::parse_play(p, d, "bar/22/17")) == "bar/22*/17*");
  // bar/20/17* enters on 20 (no hit) then hits on 17: another play. A chain written without its
  // intermediate point is the one that hits nowhere else (as gnubg writes it).
  const std::string via20 = id_after(p, d, "bar/20/17*");
  CHECK(via20 != both);
  CHECK(via20 == id_after(p, d, "bar/17"));
  CHECK(via20 == id_after(p, d, "BAR/17*"));
  CHECK(bg::format_play(p, *bg::parse_play(p, d, "bar/20/17")) == "bar/17*");
  // Two blots in the way of 24/13 with 6-5: unmarked, the text means either hit: ambiguous.
  const bg::Position two = board_of({{24, 1}, {6, 14}}, {{18, 1}, {19, 1}, {1, 13}});
  CHECK(has(error_of(two, bg::Dice(6, 5), "24/13"), "ambiguous"));
  CHECK(id_after(two, bg::Dice(6, 5), "24/18*/13") != id_after(two, bg::Dice(6, 5), "24/19*/13"));
  CHECK(bg::format_play(two, *bg::parse_play(two, bg::Dice(6, 5), "24/19/13")) == "24/19*/13");
  CHECK(has(error_of(p, d, "bar/22* 13/8*"), "no blot of the opponent to hit on point 8"));
  // Bearing off: repeats and a higher die (BG-6.4).
  const bg::Position home = board_of({{6, 3}, {5, 2}, {2, 1}}, {{24, 2}});
  CHECK(id_after(home, bg::Dice(6, 6), "6/off(3) 5/off") == id_after(home, bg::Dice(6, 6), "6/off 6/off 6/off 5/off"));
  CHECK(bg::format_play(home, *bg::parse_play(home, bg::Dice(6, 6), "6/off 6/off 5/off 6/off")) == "6/off(3) 5/off");
  // 6-1, the last checker on the 5-point: 5/4/off, written 5/off (BG-3.9).
  const bg::Position last = board_of({{5, 1}}, {{24, 2}});
  CHECK(id_after(last, bg::Dice(6, 1), "5/off") == id_after(last, bg::Dice(6, 1), "5/4/off"));
  CHECK(bg::format_play(last, *bg::parse_play(last, bg::Dice(6, 1), "5/off")) == "5/off");
}

TEST_CASE("Malformed text is an Error with the offset; text meaning no legal play says which step") {
  const bg::Position s = bg::Position::start();
  const bg::Dice d(3, 1);
  auto bad = [&](const char* text, const char* part) {
    auto r = bg::parse_play_text(text);
    REQUIRE_FALSE_MESSAGE(r.has_value(), text);
    CHECK_MESSAGE(has(r.error().message, part), text << " -> " << r.error().to_string());
    CHECK(r.error().offset != boardrules::Error::npos);
  };
  bad("8/", "expected a point");
  bad("8", "from/to");
  bad("26/22", "expected a point");
  bad("0/22", "forward");
  bad("8/5 x", "expected a point");
  bad("8/5(5)", "repeat count");
  bad("8/5(2", "repeat count");
  bad("5/8", "forward");
  bad("off/5", "forward");
  bad("8/bar", "forward");
  bad("8/5;", "unexpected character");
  bad("6/off*", "bearing off");
  bad("8*/5", "starts from");
  bad("24/23(4) 13/12", "more than four");
  CHECK(bg::parse_play_text("8/5(2)")->size() == 2);
  CHECK(bg::parse_play_text("13/7*/5")->size() == 2);
  CHECK((*bg::parse_play_text("13/7*/5"))[0] == bg::Segment{13, 7, true});
  CHECK(bg::parse_play_text("")->empty());
  const auto numeric = bg::parse_play_text("25/22 6/0");
  const auto words = bg::parse_play_text("bar/22 6/off");
  REQUIRE(numeric.has_value());
  REQUIRE(words.has_value());
  CHECK(numeric->size() == 2);
  CHECK(std::equal(numeric->begin(), numeric->end(), words->begin(), words->end()));

  // Which step, and why (BG-3.4, BG-3.6, BG-5.2, BG-6.1).
  CHECK(has(error_of(s, d, "7/4 6/5"), "step 1 (7/4): no checker"));
  CHECK(has(error_of(s, d, "8/5 6/3"), "step 2 (6/3): no die"));
  CHECK(has(error_of(s, bg::Dice(5, 2), "24/19 13/11"), "step 1 (24/19): the landing point 19 is held"));
  CHECK(has(error_of(s, d, "8/5"), "must be played with 2 dice, not 1 (BG-3.6)"));
  CHECK(has(error_of(s, d, "6/off 8/7"), "step 1 (6/off)"));
  CHECK(has(error_of(s, d, ""), "may not pass (BG-3.5)"));
  const bg::Position bar = board_of({{bg::kBar, 1}, {6, 14}}, {{1, 2}});
  CHECK(
      has(error_of(bar, bg::Dice(6, 5), "6/1 6/off"), "step 1 (6/1): a checker on the bar must enter first (BG-5.2)"));
}
