// The one-sided bear-off database (backgammon/db/bearoff.hpp): the numbering as a bijection, a few
// entries worked out by hand, every entry against a slow reference written here from the rules
// (exact probabilities through generate_plays, no rounding), and the files byte for byte against
// those of GNU Backgammon's makebearoff (tests/data/backgammon/bearoff, regenerate.sh there).
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "boardrules/backgammon/db/bearoff.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"

namespace bg = boardrules::backgammon;

namespace {

std::vector<std::uint8_t> bearoff_oracle_file(const std::string& name) {
  std::ifstream in(std::string(BOARDRULES_TEST_DATA_DIR "/backgammon/bearoff/") + name, std::ios::binary);
  REQUIRE_MESSAGE(in, "missing oracle file " << name);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

constexpr bg::BearoffBoard bearoff_board_of(std::initializer_list<int> counts) {
  bg::BearoffBoard b{};
  std::size_t i = 0;
  for (const int c : counts) b[i++] = static_cast<std::uint8_t>(c);
  return b;
}

// The entry of one board through bearoff_entry, the lower entries computed on demand.
struct BearoffMemo {
  int points;
  std::map<std::uint32_t, bg::BearoffDistribution> done;
  const bg::BearoffDistribution& operator()(std::uint32_t rank) {
    if (auto it = done.find(rank); it != done.end()) return it->second;
    const auto board = bg::bearoff_unrank(rank, points, 15);
    const auto e = bg::bearoff_entry(board, points,
                                     [this](std::uint32_t r) -> const bg::BearoffDistribution& { return (*this)(r); });
    return done.emplace(rank, e).first->second;
  }
};

// The position of a bear-off board for the mover; the opponent has borne off all its checkers.
bg::Position bearoff_position_of(const bg::BearoffBoard& b) {
  bg::Position p;
  int n = 0;
  for (int i = 0; i < 6; ++i) {
    p.set(bg::Side::Mover, i + 1, b[static_cast<std::size_t>(i)]);
    n += b[static_cast<std::size_t>(i)];
  }
  p.set(bg::Side::Mover, bg::kOff, 15 - n);
  p.set(bg::Side::Opponent, bg::kOff, 15);
  return p;
}

// Slow reference: the exact distribution of rolls to bear off all checkers (and the first one),
// the plays from the library's generator (BG-3 to BG-6), each roll's play the one of least
// expected rolls, in doubles without any rounding.
struct BearoffExact {
  std::array<double, 32> off{};
  std::array<double, 32> gammon{};
};
struct BearoffReference {
  int points;
  std::map<std::uint32_t, BearoffExact> done;
  static double mean(const std::array<double, 32>& d) {
    double m = 0;
    for (std::size_t i = 0; i < 32; ++i) m += static_cast<double>(i) * d[i];
    return m;
  }
  const BearoffExact& operator()(const bg::BearoffBoard& b) {
    const std::uint32_t rank = bg::bearoff_rank(b, points);
    if (auto it = done.find(rank); it != done.end()) return it->second;
    BearoffExact e;
    const int n = bg::bearoff_checkers(b);
    if (n == 0) {
      e.off[0] = e.gammon[0] = 1;
      return done.emplace(rank, e).first->second;
    }
    if (n < 15) e.gammon[0] = 1;
    const bg::Position pos = bearoff_position_of(b);
    bg::PlayList plays;
    for (const bg::Dice roll : bg::kAllRolls) {
      bg::generate_plays(pos, roll, plays);
      REQUIRE(!plays.empty());
      const BearoffExact* best = nullptr;
      const BearoffExact* best_gammon = nullptr;
      for (const bg::Play& play : plays) {
        const auto child = bg::bearoff_board(bg::apply(pos, play), bg::Side::Mover, points);
        REQUIRE(child);
        const BearoffExact& c = (*this)(*child);
        if (!best || mean(c.off) < mean(best->off)) best = &c;
        if (!best_gammon || mean(c.gammon) < mean(best_gammon->gammon)) best_gammon = &c;
      }
      const double w = roll.probability();
      for (std::size_t i = 0; i + 1 < 32; ++i) {
        e.off[i + 1] += w * best->off[i];
        if (n == 15) e.gammon[i + 1] += w * best_gammon->gammon[i];
      }
    }
    return done.emplace(rank, e).first->second;
  }
};

}  // namespace

// The numbering is a bijection onto 0..C(P + 15, P) - 1, also at compile time.
constexpr bool bearoff_ranks_are_a_bijection(int points) {
  const std::uint32_t n = bg::bearoff_positions(points, 15);
  for (std::uint32_t r = 0; r < n; ++r) {
    const auto b = bg::bearoff_unrank(r, points, 15);
    if (bg::bearoff_checkers(b) > 15 || bg::bearoff_rank(b, points) != r) return false;
  }
  return true;
}
static_assert(bearoff_ranks_are_a_bijection(1) && bearoff_ranks_are_a_bijection(3));
// C(21, 6) = 54,264 positions of up to 15 checkers on 6 points (stars and bars: 15 checkers and
// 6 bars, the checkers after the last bar being those borne off).
static_assert(bg::bearoff_positions(6, 15) == 54264);
// One point: the index is the number of checkers. Two points: 0 checkers, then 1 on the 1-point,
// 1 on the 2-point, then 2 on the 1-point, ... (makebearoff's order, its os2.bd below).
static_assert(bg::bearoff_rank(bearoff_board_of({7}), 1) == 7);
static_assert(bg::bearoff_rank(bearoff_board_of({0, 0}), 2) == 0);
static_assert(bg::bearoff_rank(bearoff_board_of({1, 0}), 2) == 1);
static_assert(bg::bearoff_rank(bearoff_board_of({0, 1}), 2) == 2);
static_assert(bg::bearoff_rank(bearoff_board_of({2, 0}), 2) == 3);

TEST_CASE("bearoff: the numbering is a bijection for every number of points") {
  for (int points = 1; points <= 6; ++points) {
    const std::uint32_t n = bg::bearoff_positions(points, 15);
    std::set<bg::BearoffBoard> seen;
    for (std::uint32_t r = 0; r < n; ++r) {
      const auto b = bg::bearoff_unrank(r, points, 15);
      CHECK(bg::bearoff_rank(b, points) == r);
      for (int i = points; i < 6; ++i) CHECK(b[static_cast<std::size_t>(i)] == 0);
      seen.insert(b);
    }
    CHECK(seen.size() == n);
  }
}

TEST_CASE("bearoff: entries worked out by hand") {
  BearoffMemo memo{6, {}};
  SUBCASE("1 checker on the 6-point") {
    // It is off in one roll unless the roll moves fewer than 6 pips: 2-1, 3-1, 4-1, 3-2 (2/36
    // each) and 1-1 (4 pips): 9/36. Each of those leaves it on the 1- to 3-point, off next roll.
    // So 27/36 and 9/36: 65535 × 27/36 = 49151.25 → 49151, 65535 × 9/36 = 16383.75 → 16384.
    const auto& e = memo(bg::bearoff_rank(bearoff_board_of({0, 0, 0, 0, 0, 1}), 6));
    CHECK(e.off[0] == 0);
    CHECK(e.off[1] == 49151);
    CHECK(e.off[2] == 16384);
    for (std::size_t i = 3; i < 32; ++i) CHECK(e.off[i] == 0);
    // 14 checkers are off already: the gammon is saved in 0 rolls.
    CHECK(e.gammon[0] == 65535);
    CHECK(e.mean_off() == doctest::Approx((49151.0 + 2 * 16384.0) / 65535.0));
  }
  SUBCASE("2 checkers on the 1-point") {
    // Every roll bears both off (two dice, or four).
    const auto& e = memo(bg::bearoff_rank(bearoff_board_of({2}), 6));
    CHECK(e.off[1] == 65535);
    CHECK(e.off[0] + e.off[2] == 0);
  }
  SUBCASE("15 checkers on the 1-point") {
    // A double bears off 4, any other roll 2: 15 checkers take 4 rolls only with 3 doubles in the
    // first 4 rolls or so; simply: the first checker is off in one roll, always (the gammon
    // distribution), and the last takes 4 to 8 rolls (4 doubles: 16 ≥ 15; no double: 8 rolls).
    const auto& e = memo(bg::bearoff_rank(bearoff_board_of({15}), 6));
    CHECK(e.gammon[1] == 65535);
    for (std::size_t i = 0; i < 32; ++i)
      if (i < 4 || i > 8) CHECK(e.off[i] == 0);
    // 8 rolls when at most... no double in 7 rolls: (5/6)^7 = 0.279..., and 4 rolls only with 4
    // doubles: (1/6)^4 = 1/1296 = 50.56 / 65535.
    CHECK(e.off[8] == doctest::Approx(65535.0 * 78125.0 / 279936.0).epsilon(0.001));
    CHECK(e.off[4] == doctest::Approx(65535.0 / 1296.0).epsilon(0.02));
  }
}

TEST_CASE("bearoff: the plays of a roll are those of the rules (BG-3.6, BG-3.7, BG-6)") {
  // The bear-off generator follows GNU Backgammon's order; the positions it reaches must be
  // exactly those of the library's generator.
  const int points = 4;
  bg::PlayList plays;
  bg::bearoff_detail::ChildOrder order;
  const std::uint32_t n = bg::bearoff_positions(points, 15);
  for (std::uint32_t r = 1; r < n; ++r) {
    const auto b = bg::bearoff_unrank(r, points, 15);
    const bg::Position pos = bearoff_position_of(b);
    for (const bg::Dice roll : bg::kAllRolls) {
      order.generate(b, points, roll);
      std::set<std::uint32_t> mine(order.ranks.begin(), order.ranks.begin() + order.size);
      CHECK(mine.size() == static_cast<std::size_t>(order.size));
      bg::generate_plays(pos, roll, plays);
      std::set<std::uint32_t> rules;
      for (const bg::Play& play : plays)
        rules.insert(bg::bearoff_rank(*bg::bearoff_board(bg::apply(pos, play), bg::Side::Mover, points), points));
      REQUIRE(mine == rules);
      for (const std::uint32_t c : mine) CHECK(c < r);  // every play lowers the index
    }
  }
}

TEST_CASE("bearoff: every entry close to the exact distribution (slow reference from the rules)") {
  // The database rounds every entry to 1/65535 and builds on rounded entries; the exact values
  // stay within a few units.
  const int points = 3;
  const auto db = bg::build_one_sided_bearoff(points).value();
  BearoffReference ref{points, {}};
  double worst = 0;
  for (std::uint32_t r = 0; r < db.positions(); ++r) {
    const auto& exact = ref(bg::bearoff_unrank(r, points, 15));
    for (std::size_t i = 0; i < 32; ++i) {
      worst = std::max(worst, std::abs(db.entry(r).off[i] / 65535.0 - exact.off[i]));
      worst = std::max(worst, std::abs(db.entry(r).gammon[i] / 65535.0 - exact.gammon[i]));
    }
  }
  CHECK(worst < 2e-4);
}

TEST_CASE("bearoff: the files equal GNU Backgammon's makebearoff, byte for byte") {
  const auto db2 = bg::build_one_sided_bearoff(2).value();
  CHECK(bg::format_one_sided_bearoff(db2) == bearoff_oracle_file("os2.bd"));
  CHECK(bg::format_one_sided_bearoff(db2, {.compress = false}) == bearoff_oracle_file("os2_nc.bd"));
  CHECK(bg::format_one_sided_bearoff(db2, {.gammons = false}) == bearoff_oracle_file("os2_ng.bd"));
  CHECK(bg::format_one_sided_bearoff(db2, {.compress = false, .gammons = false}) == bearoff_oracle_file("os2_ncng.bd"));
  const auto db3 = bg::build_one_sided_bearoff(3, {.threads = 2}).value();
  CHECK(bg::format_one_sided_bearoff(db3) == bearoff_oracle_file("os3.bd"));
  // And gnubg's files read back into the same entries.
  for (const char* name : {"os2.bd", "os2_nc.bd"}) {
    const auto r = bg::parse_one_sided_bearoff(bearoff_oracle_file(name));
    REQUIRE(r);
    CHECK(*r == db2);
  }
  for (const char* name : {"os2_ng.bd", "os2_ncng.bd"}) {
    const auto r = bg::parse_one_sided_bearoff(bearoff_oracle_file(name));
    REQUIRE(r);
    CHECK(*r == db2.without_gammons());
  }
}

TEST_CASE("bearoff: a probe from a position") {
  const auto db = bg::build_one_sided_bearoff(3).value();
  bg::Position p;
  p.set(bg::Side::Opponent, 2, 3);
  p.set(bg::Side::Opponent, 5, 1);
  p.set(bg::Side::Mover, 3, 2);
  const auto* e = db.probe(p, bg::Side::Mover);
  REQUIRE(e);
  CHECK(e == &db.entry(bg::bearoff_rank(bearoff_board_of({0, 0, 2}), 3)));
  CHECK(db.probe(p, bg::Side::Opponent) == nullptr);  // a checker on the 5-point
  p.set(bg::Side::Mover, bg::kBar, 1);
  CHECK(db.probe(p, bg::Side::Mover) == nullptr);
}

TEST_CASE("bearoff: bad files are refused, never read past their end") {
  const auto good = bearoff_oracle_file("os2.bd");
  const auto good_nc = bearoff_oracle_file("os2_nc.bd");
  // Every shorter file (the whole header, the index or the data cut short).
  for (std::size_t n = 0; n < good.size(); ++n) {
    const std::vector<std::uint8_t> cut(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n));
    CHECK(!bg::parse_one_sided_bearoff(cut));
  }
  for (std::size_t n = 0; n < good_nc.size(); n += 7) {
    const std::vector<std::uint8_t> cut(good_nc.begin(), good_nc.begin() + static_cast<std::ptrdiff_t>(n));
    CHECK(!bg::parse_one_sided_bearoff(cut));
  }
  const auto refused = [](std::vector<std::uint8_t> f, const char* what) {
    const auto r = bg::parse_one_sided_bearoff(f);
    REQUIRE(!r);
    CHECK_MESSAGE(r.error().to_string().find(what) != std::string::npos, r.error().to_string());
  };
  auto longer = good;
  longer.push_back(0);
  refused(longer, "half a value");
  longer.push_back(0);
  refused(longer, "longer than its entries");
  auto value = good_nc;
  value[40 + 2 * 5] ^= 1;  // a probability of entry 0
  refused(value, "do not add up");
  auto index = good;
  index[40 + 8 * 3 + 4] = 40;  // entry 3 stores 40 values
  refused(index, "outside the 32");
  auto kind = good;
  kind[6] = 'H';
  refused(kind, "unknown database kind");
  auto label = good;
  label[15] = '1', label[17] = '0';  // says uncompressed: the size does not fit
  refused(label, "too short for the 136 entries");
  auto label_nc = good_nc;
  label_nc[15] = '0';  // says without gammons: twice too long
  refused(label_nc, "expected 8744 bytes");
  auto magic = good;
  magic[0] = 'G';
  refused(magic, "not a GNU Backgammon database");
  auto points = good;
  points[10] = '7';
  refused(points, "1 to 6 points");
  refused(bearoff_oracle_file("ts3x3.bd"), "two-sided");
}

TEST_CASE("bearoff two-sided: the files equal GNU Backgammon's makebearoff -t 3x3, byte for byte") {
  const auto db = bg::build_two_sided_bearoff(3, 3, {.threads = 2, .progress = {}}).value();
  CHECK(bg::format_two_sided_bearoff(db) == bearoff_oracle_file("ts3x3.bd"));
  CHECK(bg::format_two_sided_bearoff(db, false) == bearoff_oracle_file("ts3x3_nc.bd"));
  const auto r = bg::parse_two_sided_bearoff(bearoff_oracle_file("ts3x3.bd"));
  REQUIRE(r);
  CHECK(*r == db);
  const auto rc = bg::parse_two_sided_bearoff(bearoff_oracle_file("ts3x3_nc.bd"));
  REQUIRE(rc);
  CHECK(*rc == db.cubeless_only());
}

TEST_CASE("bearoff two-sided: 1-checker races worked out by hand (BG-8)") {
  const auto db = bg::build_two_sided_bearoff(6, 1).value();
  const auto one = [](int point) {
    return bg::bearoff_rank(bearoff_board_of({point == 1, point == 2, point == 3, point == 4, point == 5, point == 6}),
                            6);
  };
  // In units of 1/32767.5 around 32768: +1 is 65535, -1 is 0.
  // Either on the 1-point: the player on roll bears off at once and wins, whatever the cube.
  const auto& won = db.entry(one(1), one(1));
  CHECK(won.cubeless == 65535);
  CHECK(won.owner == 65535);
  CHECK(won.centered == 65535);
  CHECK(won.opponent_owns == 65535);
  // On roll on the 6-point against a checker on the 1-point: 27 rolls of 36 win (+32767), 9 lose
  // (the opponent is then sure to win: -32768); (27 × 32767 - 9 × 32768) / 36 = 16383.25,
  // truncated to 16383, stored as 16383 + 32768 = 49151.
  const auto& race = db.entry(one(6), one(1));
  CHECK(race.cubeless == 49151);
  // The cube changes nothing here: the opponent, on roll after a miss, wins at once; the cube
  // decisions of the player on roll are made by whoever reads the entry.
  CHECK(race.owner == 49151);
  CHECK(race.opponent_owns == 49151);
  CHECK(race.centered == 49151);
  // The opponent's view of the same race, it on roll: its 1-point checker is off at once.
  CHECK(db.entry(one(1), one(6)).cubeless == 65535);
  // The cube action of the mover in that race (BG-8.1, BG-8.4): no double is worth 16383, a
  // take 2 × 16383, a pass 32767. Doubling is right (take 16383 ≥ 16383 / 2 and pass ≥ 16383),
  // and the opponent passes (its take costs 2 × 16383 ≥ the pass's 32767 / 2 = 16383 in the
  // file's halved units): 32767.
  CHECK(bg::bearoff_detail::cube_value(16383, 16383, 32767) == 32767);
  CHECK(bg::bearoff_detail::cube_value(16383, 8000, 32767) == 16383);   // take < no double / 2: no double
  CHECK(bg::bearoff_detail::cube_value(20000, 12000, 32767) == 24000);  // double, take: twice the take
  // Halving truncates toward zero, as C's integer division in GNU Backgammon: -3 / 2 is -1, so a
  // take of -2 is not worth a double (-2 < -1) and no double (-3) stands; halving toward minus
  // infinity (-2) would double and give 2 × -2 = -4.
  CHECK(bg::bearoff_detail::cube_value(-3, -2, 32767) == -3);
}

TEST_CASE("bearoff two-sided: a probe from a position, bad files refused") {
  const auto db = bg::build_two_sided_bearoff(3, 3).value();
  bg::Position p;
  p.set(bg::Side::Mover, 3, 2);
  p.set(bg::Side::Opponent, 1, 1);
  p.set(bg::Side::Opponent, 2, 1);
  const auto* e = db.probe(p);
  REQUIRE(e);
  CHECK(e ==
        &db.entry(bg::bearoff_rank(bearoff_board_of({0, 0, 2}), 3), bg::bearoff_rank(bearoff_board_of({1, 1}), 3)));
  p.set(bg::Side::Mover, 2, 2);  // 4 checkers: more than the database holds
  CHECK(db.probe(p) == nullptr);
  const auto good = bearoff_oracle_file("ts3x3.bd");
  for (std::size_t n = 0; n < good.size(); n += 5) {
    const std::vector<std::uint8_t> cut(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n));
    CHECK(!bg::parse_two_sided_bearoff(cut));
  }
  auto label = good;
  label[15] = '0';  // says cubeless: the size does not fit
  const auto r = bg::parse_two_sided_bearoff(label);
  REQUIRE(!r);
  CHECK(r.error().code == boardrules::ErrorCode::corrupted);
  CHECK(r.error().to_string().find("expected 840 bytes") != std::string::npos);
  CHECK(!bg::parse_two_sided_bearoff(bearoff_oracle_file("os2.bd")));
}

TEST_CASE("bearoff: builds of other sizes are refused, saying which") {
  using boardrules::ErrorCode;
  const auto seven = bg::build_one_sided_bearoff(7);
  REQUIRE_FALSE(seven.has_value());
  CHECK(seven.error().code == ErrorCode::out_of_range);
  CHECK(seven.error().to_string() == "points: 1 to 6 points, not 7");
  CHECK(bg::build_one_sided_bearoff(0).error().code == ErrorCode::out_of_range);
  const auto many = bg::build_two_sided_bearoff(6, 16);
  REQUIRE_FALSE(many.has_value());
  CHECK(many.error().code == ErrorCode::out_of_range);
  CHECK(many.error().where == "checkers");
  const auto none = bg::build_two_sided_bearoff(-1, 3);
  REQUIRE_FALSE(none.has_value());
  CHECK(none.error().code == ErrorCode::out_of_range);
  CHECK(none.error().where == "points");
}
