// Solved Hypergammon (backgammon/db/hyper.hpp): the numbering as a bijection, the plays of the
// database's generator against the library's (BG-3 to BG-6), a position worked out by hand, and
// the 1-checker database against GNU Backgammon's makehyper -c 1 (tests/data/backgammon/bearoff,
// regenerate.sh there) within 1e-4 for every probability and equity.
#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "boardrules/backgammon/db/hyper.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"

namespace bg = boardrules::backgammon;

namespace {

std::vector<std::uint8_t> hyper_oracle_file(const std::string& name) {
  std::ifstream in(std::string(BOARDRULES_TEST_DATA_DIR "/backgammon/bearoff/") + name, std::ios::binary);
  REQUIRE_MESSAGE(in, "missing oracle file " << name);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bg::BasicPosition<bg::Hypergammon> hyper_position_of(const bg::HyperBoard& us, const bg::HyperBoard& them,
                                                     int checkers) {
  bg::BasicPosition<bg::Hypergammon> p;
  int a = 0, b = 0;
  for (int i = 0; i < 24; ++i) {
    p.set(bg::Side::Mover, i + 1, us[static_cast<std::size_t>(i)]);
    p.set(bg::Side::Opponent, i + 1, them[static_cast<std::size_t>(i)]);
    a += us[static_cast<std::size_t>(i)];
    b += them[static_cast<std::size_t>(i)];
  }
  p.set(bg::Side::Mover, bg::kBar, us[24]);
  p.set(bg::Side::Opponent, bg::kBar, them[24]);
  p.set(bg::Side::Mover, bg::kOff, checkers - a - us[24]);
  p.set(bg::Side::Opponent, bg::kOff, checkers - b - them[24]);
  return p;
}

bg::HyperBoard hyper_side_of(const bg::BasicPosition<bg::Hypergammon>& p, bg::Side s) {
  bg::HyperBoard b{};
  for (int i = 1; i <= 24; ++i) b[static_cast<std::size_t>(i - 1)] = static_cast<std::uint8_t>(p.count(s, i));
  b[24] = static_cast<std::uint8_t>(p.count(s, bg::kBar));
  return b;
}

}  // namespace

TEST_CASE("hyper: the numbering is a bijection") {
  for (int c = 1; c <= 3; ++c) {
    const std::uint32_t n = bg::hyper_positions(c);
    CHECK(n == (c == 1 ? 26u : c == 2 ? 351u : 3276u));  // C(26, 25), C(27, 25), C(28, 25)
    for (std::uint32_t r = 0; r < n; ++r) CHECK(bg::hyper_rank(bg::hyper_unrank(r, c)) == r);
  }
  bg::HyperBoard one{};
  one[5] = 1;  // one checker on the 6-point: index 6 (0 checkers, then the 1- to 5-point)
  CHECK(bg::hyper_rank(one) == 6);
}

TEST_CASE("hyper: a side's index read from a position is that of its board") {
  // Every board of up to 3 checkers for the mover, each against a board of the opponent's that
  // shares no point with it (the positions a game reaches), the indices from the position's bytes.
  const std::uint32_t n = bg::hyper_positions(3);
  for (std::uint32_t m = 0; m < n; ++m) {
    const bg::HyperBoard us = bg::hyper_unrank(m, 3);
    const std::uint32_t o = (m * 7 + 5) % n;
    bg::HyperBoard them = bg::hyper_unrank(o, 3);
    for (std::size_t i = 0; i < 24; ++i)
      if (us[i] != 0) them[23 - i] = 0;  // the opponent's checkers only where ours are not
    bg::BasicPosition<bg::Hypergammon> p;
    for (int i = 1; i <= 25; ++i) {
      p.set(bg::Side::Mover, i, us[static_cast<std::size_t>(i - 1)]);
      p.set(bg::Side::Opponent, i, them[static_cast<std::size_t>(i - 1)]);
    }
    CHECK(bg::hyper_rank(p, bg::Side::Mover) == m);
    CHECK(bg::hyper_rank(p, bg::Side::Opponent) == bg::hyper_rank(them));
  }
  static_assert(bg::hyper_rank(bg::BasicPosition<bg::Hypergammon>::start(), bg::Side::Mover) ==
                bg::hyper_rank(bg::HyperBoard{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1}));
}

TEST_CASE("hyper: the generator's positions are those of the rules (BG-3 to BG-6)") {
  bg::hyper_detail::HyperChildren gen;
  bg::PlayList plays;
  for (int c = 1; c <= 3; ++c) {
    const std::uint32_t n = bg::hyper_positions(c);
    const std::uint32_t stride = c == 1 ? 1 : c == 2 ? 37 : 10007;
    for (std::uint32_t i = 0; i < n * n; i += stride) {
      const auto us = bg::hyper_unrank(i / n, c), them = bg::hyper_unrank(i % n, c);
      bool clash = false;
      for (std::size_t p = 0; p < 24; ++p) clash = clash || (us[p] != 0 && them[23 - p] != 0);
      int on_us = 0, on_them = 0;
      for (std::size_t p = 0; p < 25; ++p) on_us += us[p], on_them += them[p];
      if (clash || on_us == 0 || on_them == 0) continue;
      const auto pos = hyper_position_of(us, them, c);
      for (const bg::Dice roll : bg::kAllRolls) {
        gen.generate(us, them, roll);
        std::set<std::array<std::uint32_t, 2>> mine(gen.list.begin(), gen.list.end());
        CHECK(mine.size() == gen.list.size());
        bg::generate_plays(pos, roll, plays);
        std::set<std::array<std::uint32_t, 2>> rules;
        for (const bg::Play& play : plays) {
          const auto after = bg::apply(pos, play);
          rules.insert({bg::hyper_rank(hyper_side_of(after, bg::Side::Mover)),
                        bg::hyper_rank(hyper_side_of(after, bg::Side::Opponent))});
        }
        REQUIRE(mine == rules);
      }
    }
  }
}

TEST_CASE("hyper: 1 checker, the 1-point against the opponent's 19-point, by hand (BG-7, BG-8)") {
  const auto db = bg::build_hyper(1).value();
  bg::HyperBoard us{}, them{};
  us[0] = 1;
  them[18] = 1;  // its 19-point: the mover's 6-point
  const auto& e = db.entry(bg::hyper_rank(us), bg::hyper_rank(them));
  // Every roll bears the checker off; the opponent has borne off none and its checker is in the
  // winner's home board: a backgammon, worth 3 (BG-7.5), whoever owns the cube; under the Jacoby
  // rule with the cube in the middle gammons count as single games (BG-9.2): 1.
  for (std::size_t k = 0; k < 3; ++k) CHECK(e.probability[k] == doctest::Approx(1.0));
  CHECK(e.probability[3] == doctest::Approx(0.0));
  CHECK(e.probability[4] == doctest::Approx(0.0));
  CHECK(e.equity[0] == doctest::Approx(3.0));
  CHECK(e.equity[1] == doctest::Approx(3.0));
  CHECK(e.equity[2] == doctest::Approx(3.0));
  CHECK(e.equity[3] == doctest::Approx(1.0));
  CHECK(e.equity[4] == doctest::Approx(3.0));
  CHECK(db.residual() <= 1e-5f);
}

TEST_CASE("hyper: the 1-checker database within 1e-4 of makehyper -c 1") {
  const auto theirs = bg::parse_hyper(hyper_oracle_file("hyper1.bd"));
  REQUIRE(theirs);
  const auto ours = bg::build_hyper(1).value();
  const auto mine = bg::parse_hyper(bg::format_hyper(ours));
  REQUIRE(mine);
  const std::uint32_t n = bg::hyper_positions(1);
  double worst = 0;
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o)
      for (std::size_t k = 0; k < 5; ++k) {
        worst = std::max(worst, static_cast<double>(
                                    std::fabs(mine->entry(m, o).probability[k] - theirs->entry(m, o).probability[k])));
        worst = std::max(worst,
                         static_cast<double>(std::fabs(mine->entry(m, o).equity[k] - theirs->entry(m, o).equity[k])));
      }
  CHECK(worst < 1e-4);
  CHECK(bg::format_hyper(ours).size() == hyper_oracle_file("hyper1.bd").size());
  auto cut = hyper_oracle_file("hyper1.bd");
  cut.pop_back();
  CHECK(!bg::parse_hyper(cut));
  cut = hyper_oracle_file("hyper1.bd");
  cut[7] = '4';
  CHECK(!bg::parse_hyper(cut));
}

TEST_CASE("hyper: the plays kept or generated at every sweep, one thread or two, give the same values") {
  const auto one = bg::build_hyper(1).value();
  const auto regenerated = bg::build_hyper(1, {.keep_plays = false}).value();
  const auto two = bg::build_hyper(1, {.threads = 2}).value();
  const std::uint32_t n = bg::hyper_positions(1);
  int differ = 0;
  double worst = 0;
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o)
      for (std::size_t k = 0; k < 5; ++k) {
        // One thread visits the entries in one order whether it keeps the plays or not: the same bits.
        differ += one.entry(m, o).probability[k] != regenerated.entry(m, o).probability[k];
        differ += one.entry(m, o).equity[k] != regenerated.entry(m, o).equity[k];
        // Two threads may read a neighbour's value of this sweep or of the last: the same fixed
        // point, reached within the threshold.
        worst = std::max(
            {worst, std::fabs(static_cast<double>(one.entry(m, o).probability[k] - two.entry(m, o).probability[k])),
             std::fabs(static_cast<double>(one.entry(m, o).equity[k] - two.entry(m, o).equity[k]))});
      }
  CHECK(differ == 0);
  CHECK(worst < 1e-4);
  CHECK(two.residual() <= 1e-5f);
}

TEST_CASE("hyper: a build of another number of checkers is refused, saying which") {
  for (const int checkers : {0, 4, -1}) {
    const auto r = bg::build_hyper(checkers);
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().code == boardrules::ErrorCode::out_of_range);
    CHECK(r.error().where == "checkers");
  }
  CHECK(bg::build_hyper(4).error().message == "1 to 3 checkers, not 4");
}

TEST_CASE("hyper: a database made of entries that do not fit its checkers is refused") {
  // 1 checker a side: 26 places each, 26 * 26 = 676 entries.
  CHECK(bg::HyperDatabase::from_entries(1, std::vector<bg::HyperEntry>(676), 0.0f).has_value());
  const auto few = bg::HyperDatabase::from_entries(1, std::vector<bg::HyperEntry>(675), 0.0f);
  REQUIRE_FALSE(few.has_value());
  CHECK(few.error().code == boardrules::ErrorCode::out_of_range);
  CHECK(few.error().message == "675 entries for 1 checkers, which need 676");
  const auto four = bg::HyperDatabase::from_entries(4, {}, 0.0f);
  REQUIRE_FALSE(four.has_value());
  CHECK(four.error().code == boardrules::ErrorCode::out_of_range);
  CHECK(four.error().where == "checkers");
}

TEST_CASE("hyper: recompute_hyper_entry gives makehyper's entries back, and finds an edited one") {
  const auto theirs = bg::parse_hyper(hyper_oracle_file("hyper1.bd"));
  REQUIRE(theirs);
  const std::uint32_t n = bg::hyper_positions(1);
  bg::hyper_detail::HyperChildren children;
  int in_play = 0, over = 0;
  double worst = 0;
  for (std::uint32_t m = 0; m < n; ++m)
    for (std::uint32_t o = 0; o < n; ++o) {
      bg::HyperEntry want;
      if (!bg::recompute_hyper_entry(*theirs, m, o, children, want)) {
        ++over;
        continue;
      }
      ++in_play;
      for (std::size_t k = 0; k < 5; ++k)
        worst = std::max(worst, static_cast<double>(std::fabs(want.equity[k] - theirs->entry(m, o).equity[k])));
    }
  // 26 places a side (24 points, the bar, off): of the 26 × 26 pairs, 25 × 25 have both
  // checkers on the board, and 24 of those have them on one point.
  CHECK(in_play == 25 * 25 - 24);
  CHECK(over == 26 * 26 - in_play);
  CHECK(worst < 2e-4);
  // The 1-point against the 19-point is a backgammon whatever the cube (BG-7.5): an entry edited
  // to 0 is far from its recomputation.
  bg::HyperBoard us{}, them{};
  us[0] = 1;
  them[18] = 1;
  const std::uint32_t m = bg::hyper_rank(us), o = bg::hyper_rank(them);
  bg::HyperEntry want;
  REQUIRE(bg::recompute_hyper_entry(*theirs, m, o, children, want));
  CHECK(want.equity[0] == doctest::Approx(3.0).epsilon(1e-4));
  std::vector<bg::HyperEntry> edited;
  for (std::uint32_t a = 0; a < n; ++a)
    for (std::uint32_t b = 0; b < n; ++b) edited.push_back(theirs->entry(a, b));
  edited[static_cast<std::size_t>(m) * n + o].equity[0] = 0;
  const auto damaged = bg::HyperDatabase::from_entries(1, std::move(edited), 0.0f).value();
  REQUIRE(bg::recompute_hyper_entry(damaged, m, o, children, want));
  CHECK(want.equity[0] == doctest::Approx(3.0).epsilon(1e-4));  // from the other entries
  CHECK(std::fabs(want.equity[0] - damaged.entry(m, o).equity[0]) > 1);
}
