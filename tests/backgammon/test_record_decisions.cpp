// A match record as the decisions of State (ai/record_actions.hpp), for training pipelines: on
// GNU Backgammon's records of tests/data/backgammon/records/, the state before every play and
// cube action shows the GNUbg ID gnubg showed before it (NAME.decisions), every action is legal
// in its state, and the kinds of decision add up to the record's steps.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boardrules/backgammon/ai/record_actions.hpp"
#include "boardrules/backgammon/formats/mat.hpp"
#include "boardrules/backgammon/formats/sgf.hpp"
#include "records_data.hpp"

TEST_CASE("record_decisions: gnubg's records as State decisions, positions equal to gnubg's") {
  using namespace boardrules::backgammon;
  std::size_t decisions_seen = 0;
  for (const auto& path : records_data::corpus(".mat")) {
    const std::string name = path.stem().string();
    CAPTURE(name);
    auto rec = parse_mat(records_data::read_file(path), records_data::rules_of(name));
    REQUIRE(rec.has_value());
    auto d = record_decisions(*rec);
    REQUIRE_MESSAGE(d.has_value(), d.error().to_string());
    std::vector<std::string> plays_and_cube;
    int rolls = 0, offers = 0, accepts = 0;
    for (const auto& x : *d) {
      auto t = x.state;
      CHECK(t.apply_action(x.action).has_value());
      if (x.action < kActionNoDouble || (x.action >= kActionDouble && x.action <= kActionBeaver))
        plays_and_cube.push_back(format_gnubg_id(x.state.match()));
      rolls += x.action == kActionNoDouble;
      offers += x.action >= kActionResignSingle && x.action <= kActionResignBackgammon;
      accepts += x.action == kActionAccept;
    }
    records_data::check_lines(plays_and_cube, records_data::expected_lines(path, ".decisions"));
    // Expected by hand from the steps: a roll decision before every throw but the opening one
    // (resignations are on: the state always has the decision), an offer and an acceptance per
    // resignation.
    int throws_after_opening = 0, resigns = 0;
    for (const auto& g : rec->games)
      for (std::size_t i = 0; i < g.steps.size(); ++i) {
        const bool opening = i == 0 && g.steps[i].kind == StepKind::Roll;
        throws_after_opening += g.steps[i].kind == StepKind::Roll && !opening;
        resigns += g.steps[i].kind == StepKind::Resign;
      }
    CHECK(rolls == throws_after_opening);
    CHECK(offers == resigns);
    CHECK(accepts == resigns);
    decisions_seen += d->size();
  }
  MESSAGE("decisions: " << decisions_seen);
  CHECK(decisions_seen > 3000);
}

TEST_CASE("record_decisions: records that write a throw low die first (GNU Gibbon, bg-db)") {
  // These files write throws like `13:` (GNU Gibbon's 7point.mat and .sgf, two bg-db .mat):
  // read as 3-1 everywhere (BG-3.1). Every play and cube decision's state shows the GNUbg ID
  // record_ids lists before that decision (which cli_bg_wild_gnubg checks against GNU
  // Backgammon's own reading of the same files).
  using namespace boardrules::backgammon;
  for (const char* file : {"gibbon/7point.mat", "gibbon/7point.sgf", "bg-db/tester_vs_jackdaw1_2026-08-18.mat",
                           "bg-db/vireo_vs_tester_2026-09-30.mat"}) {
    CAPTURE(file);
    const std::string name = file;
    const std::string text = records_data::read_file(BOARDRULES_TEST_DATA_DIR "/backgammon/wild/" + name);
    const auto rec = name.ends_with(".sgf") ? parse_sgf(text) : parse_mat(text);
    REQUIRE_MESSAGE(rec.has_value(), rec.error().to_string());
    const auto d = record_decisions(*rec);
    REQUIRE_MESSAGE(d.has_value(), d.error().to_string());
    std::vector<std::string> ids;
    for (const auto& x : *d) {
      auto t = x.state;
      CHECK(t.apply_action(x.action).has_value());
      if (x.action < kActionNoDouble || (x.action >= kActionDouble && x.action <= kActionBeaver))
        ids.push_back(format_gnubg_id(x.state.match()));
    }
    const auto expected = record_ids(*rec, IdScope::Decisions);
    REQUIRE(expected.has_value());
    CHECK(ids == *expected);
    CHECK(ids.size() > 100);
  }
}
