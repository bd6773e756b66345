// A match record as the decisions of State (ai/record_actions.hpp), for training pipelines: on
// GNU Backgammon's records of tests/data/backgammon/records/, the state before every play and
// cube action shows the GNUbg ID gnubg showed before it (NAME.decisions), every action is legal
// in its state, and the kinds of decision add up to the record's steps.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "boardrules/backgammon/ai/record_actions.hpp"
#include "boardrules/backgammon/formats/mat.hpp"
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
