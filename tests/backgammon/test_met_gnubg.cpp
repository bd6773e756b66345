// Match equity against GNU Backgammon 1.07 itself: tests/data/backgammon/met/gnubg_met.txt
// (written by gen_gnubg_met.py there, which runs gnubg -t with its Python and its "show
// marketwindow") holds what gnubg made of each of its explicit tables (read here from the copies
// of its files in tests/data/backgammon/met/tables/) and the figures it computes from them. Every
// figure is compared: the tables bit for bit (floats), results and equities to gnubg's float
// rounding, market windows to the digits gnubg prints.
#include <doctest/doctest.h>

#include <boardrules/backgammon/formats/met_xml.hpp>
#include <boardrules/backgammon/game/match_cube.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../common/data_file.hpp"

namespace bg = boardrules::backgammon;

namespace met_gnubg_test {

const std::string kDir = BOARDRULES_TEST_DATA_DIR "/backgammon/met/";

struct Counts {
  long tables = 0, results = 0, equities = 0, windows = 0, take_points = 0, money = 0, cubeful = 0,
       double_points = 0;
};

// A position of gen_gnubg_met.py's cube decisions: gnubg's 0-ply cubeless chances of the player
// on roll (gammons including backgammons), as winning chances and gammon rates.
struct CubeTestPosition {
  double p = 0;
  bg::GammonRates rates;
};

CubeTestPosition position(double w, double wg, double wbg, double lg, double lbg) {
  CubeTestPosition pos;
  pos.p = w;
  pos.rates.gammon = {(wg - wbg) / w, (lg - lbg) / (1.0 - w)};
  pos.rates.backgammon = {wbg / w, lbg / (1.0 - w)};
  return pos;
}

// gnubg's cube efficiency of contact and crashed positions.
constexpr double kContactX = 0.68;

// Slow reference of the doubling point: the first p on a grid of 1e-4 where doubling (taken) is
// worth as much as not doubling, each side from match_cubeful_mwc (checked against gnubg here).
std::optional<double> slow_double_point(const bg::MatchEquityTable& t, int a0, int a1, int cube, bool centered,
                                        const bg::GammonRates& rates, double x) {
  for (int i = 0; i <= 10000; ++i) {
    const double p = i * 1e-4;
    const double dt = bg::match_cubeful_mwc(t, a0, a1, false, 2 * cube, 1, 0, p, rates, x);
    const double nd = bg::match_cubeful_mwc(t, a0, a1, false, cube, centered ? -1 : 0, 0, p, rates, x);
    if (dt >= nd) return p;
  }
  return std::nullopt;
}

bg::GammonRates rate_set(const std::string& name) {
  // gen_gnubg_met.py's RATE_SETS, as "show marketwindow g0 g1 b0 b1" takes them.
  if (name == "A") return bg::GammonRates{{0.25, 0.20}, {0.02, 0.01}};
  return bg::GammonRates{{0.10, 0.35}, {0.00, 0.05}};
}

}  // namespace met_gnubg_test

TEST_CASE("met gnubg: tables, results, equities and cube points equal GNU Backgammon's") {
  using namespace met_gnubg_test;
  std::map<std::string, bg::MatchEquityTable> tables;
  std::map<int, CubeTestPosition> positions;
  Counts n;
  std::string current;
  data_file::for_each_line("backgammon/met/gnubg_met.txt", [&](const std::string& line) {
    std::istringstream f(line);
    std::string kind;
    f >> kind;
    if (kind == "met") {
      int size = 0;
      f >> current >> size;
      auto t = bg::read_met(kDir + "tables/" + current + ".xml");
      INFO(current);
      REQUIRE(t.has_value());
      tables.insert_or_assign(current, *t);
    } else if (kind == "pre" || kind == "post") {
      const bg::MatchEquityTable& t = tables.at(current);
      int row = 0;
      f >> row;
      float v = 0;
      for (int col = 1; f >> v; ++col) {
        const float mine = kind == "pre" ? t.pre_crawford(row, col) : t.post_crawford(row, col);
        INFO(current << " " << kind << " " << row << " " << col);
        CHECK(mine == v);
        if (current == "Kazaross-XG2")
          CHECK((kind == "pre" ? bg::default_met().pre_crawford(row, col) : bg::default_met().post_crawford(row, col)) ==
                v);
        ++n.tables;
      }
    } else if (kind == "res") {
      std::string name;
      int a0 = 0, a1 = 0, w = 0;
      f >> name >> a0 >> a1 >> w;
      const bg::MatchEquityTable& t = tables.at(name);
      for (const int points : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48}) {
        double v = 0;
        REQUIRE(static_cast<bool>(f >> v));
        INFO(name << " " << a0 << "-away " << a1 << "-away, player " << w << " wins " << points);
        CHECK(bg::match_winning_chances_after(t, a0, a1, w, points, 0) == doctest::Approx(v).epsilon(2e-7));
        CHECK(bg::match_winning_chances_after(t, a0, a1, w, points, 1) == doctest::Approx(1.0 - v).epsilon(2e-7));
        n.results += 2;
      }
    } else if (kind == "eq") {
      std::string name;
      int a0 = 0, a1 = 0, cube = 0, player = 0;
      double v = 0;
      f >> name >> a0 >> a1 >> cube >> player >> v;
      INFO(name << " " << a0 << "-away " << a1 << "-away, cube " << cube << ", player " << player);
      CHECK(bg::mwc_to_equity(tables.at(name), a0, a1, cube, player, 0.3) == doctest::Approx(v).epsilon(2e-6));
      ++n.equities;
    } else if (kind == "mw") {
      std::string name, set;
      int a0 = 0, a1 = 0, cube = 0;
      f >> name >> a0 >> a1 >> cube >> set;
      int doubler = 0;
      std::string which;
      double dp = 0, cp = 0;
      while (f >> doubler >> which >> dp >> cp) {
        const auto w = bg::match_cube_points(tables.at(name), a0, a1, false, cube, doubler, rate_set(set));
        REQUIRE(w.has_value());
        const bg::MarketWindow& mine = which == "dead" ? w->dead : which == "auto" ? w->redoubled : w->live;
        INFO(name << " " << a0 << "-away " << a1 << "-away, cube " << cube << ", rates " << set << ", doubler "
                  << doubler << ", " << which);
        if (which == "auto") CHECK(w->auto_redouble);
        if (which == "live") CHECK((!w->auto_redouble && !w->dead_after_double));
        // gnubg prints percentages to 2 decimals, rounded from its float arithmetic.
        CHECK(std::abs(100.0 * mine.double_point - dp) <= 0.005 + 1e-4);
        CHECK(std::abs(100.0 * mine.cash_point - cp) <= 0.005 + 1e-4);
        n.windows += 2;
        // The taker's take point of gnubg's cubeful model: dead at x = 0, live at x = 1.
        if (which != "auto") {
          const auto tp =
              bg::match_take_point(tables.at(name), a0, a1, false, cube, 1 - doubler, rate_set(set), which == "dead" ? 0 : 1);
          REQUIRE(tp.has_value());
          CHECK(std::abs(100.0 * (1.0 - *tp) - cp) <= 0.005 + 1e-4);
          ++n.take_points;
        }
      }
    } else if (kind == "pos") {
      int id = 0, cls = 0;
      double w = 0, wg = 0, wbg = 0, lg = 0, lbg = 0;
      f >> id >> cls >> w >> wg >> wbg >> lg >> lbg;
      REQUIRE(static_cast<bool>(f));
      CHECK((cls == 9 || cls == 10));  // crashed or contact: x = 0.68
      positions[id] = position(w, wg, wbg, lg, lbg);
    } else if (kind == "cf") {
      int id = 0, a0 = 0, a1 = 0;
      f >> id >> a0 >> a1;
      const CubeTestPosition& pos = positions.at(id);
      const bg::MatchEquityTable& t = tables.at("Kazaross-XG2");
      int cube = 0, owner = 0;
      double nd = 0, dt = 0;
      while (f >> cube >> owner >> nd >> dt) {
        INFO("position " << id << ", " << a0 << "-away " << a1 << "-away, cube " << cube << " owner " << owner);
        const double my_nd = bg::match_cubeful_mwc(t, a0, a1, false, cube, owner, 0, pos.p, pos.rates, kContactX);
        const double my_dt = bg::match_cubeful_mwc(t, a0, a1, false, 2 * cube, 1, 0, pos.p, pos.rates, kContactX);
        // gnubg works in float: its MWC agree to a few units of float rounding.
        CHECK(std::abs(my_nd - nd) <= 3e-6);
        CHECK(std::abs(my_dt - dt) <= 3e-6);
        n.cubeful += 2;
        // The doubling point: gnubg's choice between the two is on its side of it, and it is
        // where the two cross (the slow reference's grid).
        const auto dp = bg::match_double_point(t, a0, a1, false, cube, 0, owner == -1, pos.rates, kContactX);
        const auto slow = slow_double_point(t, a0, a1, cube, owner == -1, pos.rates, kContactX);
        REQUIRE(dp.has_value() == slow.has_value());
        if (dp) {
          CHECK(*dp <= *slow + 1e-9);
          CHECK(*dp > *slow - 1e-4 - 1e-9);
        }
        if (dt - nd > 1e-5) CHECK((dp && pos.p > *dp));
        if (nd - dt > 1e-5) CHECK((!dp || pos.p < *dp));
        // Cube efficiency 0: the dead-cube double point of the market window.
        const auto dead = bg::match_double_point(t, a0, a1, false, cube, 0, owner == -1, pos.rates, 0.0);
        const auto w = bg::match_cube_points(t, a0, a1, false, cube, 0, pos.rates);
        REQUIRE(w.has_value());
        if (dead && std::isfinite(w->dead.double_point) && w->dead.double_point > 0 && w->dead.double_point < 1)
          CHECK(*dead == doctest::Approx(w->dead.double_point).epsilon(1e-9));
        ++n.double_points;
      }
    } else if (kind == "money") {
      double g0 = 0, g1 = 0, b0 = 0, b1 = 0, dead = 0, live = 0;
      int jacoby = 0, player = 0;
      std::string point;
      f >> g0 >> g1 >> b0 >> b1 >> jacoby >> player >> point >> dead >> live;
      REQUIRE(static_cast<bool>(f));
      const double win = player == 0 ? bg::average_win_value(g0, b0) : bg::average_win_value(g1, b1);
      const double lose = player == 0 ? bg::average_win_value(g1, b1) : bg::average_win_value(g0, b0);
      for (const double x : {0.0, 1.0}) {
        const bg::MoneyCubePoints p = bg::money_cube_points(win, lose, x, jacoby != 0);
        const double mine = point == "take"       ? p.take
                            : point == "beaver"   ? p.beaver
                            : point == "initial"  ? p.initial_double
                            : point == "redouble" ? p.redouble
                                                  : p.cash;
        INFO("money " << line << " x = " << x);
        // gnubg prints percentages to 3 decimals.
        CHECK(std::abs(100.0 * mine - (x == 0.0 ? dead : live)) <= 0.0005 + 1e-6);
        ++n.money;
      }
    } else {
      FAIL("unknown line: " << line);
    }
  });
  MESSAGE("compared with GNU Backgammon: " << tables.size() << " tables, " << n.tables << " table figures, "
                                           << n.results << " results, " << n.equities << " equities, " << n.windows
                                           << " market window points, " << n.take_points << " take points, " << n.money
                                           << " money cube points, " << n.cubeful << " cubeful MWC, "
                                           << n.double_points << " doubling points");
  CHECK(tables.size() == 12);
  CHECK(positions.size() == 6);
  CHECK(n.cubeful > 0);
  CHECK(n.double_points > 0);
  CHECK(n.tables > 0);
  CHECK(n.results > 0);
  CHECK(n.equities > 0);
  CHECK(n.windows > 0);
  CHECK(n.money > 0);
}

TEST_CASE("met gnubg: the computed tables (mec, zadeh) read as gnubg computes them") {
  using namespace met_gnubg_test;
  auto t = bg::read_met(kDir + "tables/mec.xml");
  REQUIRE(t.has_value());
  CHECK(t->length() == 0);
  CHECK(t->name() == "mec (match equity calculator)");
  // mec.xml's gammon rate 0.26 reaches player 0's row only; player 1's has gnubg's default 0.25
  // (3-away: half the wins win a single and are 1-away, the gammons win the match).
  CHECK(t->post_crawford(0, 3) == doctest::Approx(0.5 * 0.5 * 0.74 + 0.5 * 0.26).epsilon(1e-7));
  CHECK(t->post_crawford(1, 3) == doctest::Approx(0.5 * 0.5 * 0.75 + 0.5 * 0.25).epsilon(1e-7));
  t = bg::read_met(kDir + "tables/zadeh.xml");
  REQUIRE(t.has_value());
  CHECK(t->length() == 0);
}
