// Warri endgame databases (WA-8): the board index (rank, unrank, layer sizes) and the solver
// against the slow reference of endgame_reference.hpp on every board and every store split.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <doctest/doctest.h>

#include "../sanitize_scale.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri/db/build.hpp"
#include "boardrules/warri/db/table_file.hpp"
#include "boardrules/warri/db/index.hpp"
#include "boardrules/warri/db/play.hpp"
#include "boardrules/warri/db/recompute.hpp"
#include "boardrules/warri/rules/movegen.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/warri/rules/outcome.hpp"
#include "endgame_reference.hpp"

namespace endgame_test {

namespace wa = boardrules::warri;
namespace eg = boardrules::warri::endgame;

// Every board of n seeds, house by house (the order does not matter).
void each_board(int n, const auto& f) {
  eg::Board b{};
  const auto rec = [&](const auto& self, int house, int left) -> void {
    if (house == 11) {
      b[11] = static_cast<std::uint8_t>(left);
      f(b);
      return;
    }
    for (int k = 0; k <= left; ++k) {
      b[static_cast<std::size_t>(house)] = static_cast<std::uint8_t>(k);
      self(self, house + 1, left - k);
    }
  };
  rec(rec, 0, n);
}

// The largest layer the reference checks: 5 in CI, more with BOARDRULES_WARRI_ENDGAME_SEEDS.
int reference_seeds() {
  if (const char* s = std::getenv("BOARDRULES_WARRI_ENDGAME_SEEDS")) return std::atoi(s);
  return 5;
}

// Every position the reference solved: the database's pair gives its result (WA-8.5). Returns
// the positions compared per layer.
template <class R>
std::vector<std::uint64_t> compare_with_reference(const eg::Table& table, const warri_endgame_ref::Solver<R>& ref) {
  std::vector<std::uint64_t> per_layer(static_cast<std::size_t>(eg::kMaxBoardSeeds) + 1);
  std::uint64_t wrong = 0;
  ref.for_each([&](const wa::BasicPosition<R>& p, int south) {
    const std::optional<eg::Value> v = table.probe(p);
    REQUIRE(v.has_value());
    const wa::Player me = p.to_move();
    const eg::Verdict got = eg::verdict(*v, p.store(me), p.store(wa::other(me)));
    const int mover = me == wa::Player::South ? south : -south;
    const eg::Verdict want = mover > 0 ? eg::Verdict::Win : mover < 0 ? eg::Verdict::Loss : eg::Verdict::Draw;
    if (got != want && ++wrong <= 5) {
      FAIL_CHECK(wa::format_position(p) << ": database " << eg::verdict_name(got) << " (" << int{v->mover} << ", "
                                        << int{v->other} << "), reference " << eg::verdict_name(want));
    }
    ++per_layer[static_cast<std::size_t>(p.board_seeds())];
  });
  CHECK(wrong == 0);
  return per_layer;
}

std::string counts_text(const std::vector<std::uint64_t>& per_layer, int seeds) {
  std::string counts;
  for (std::size_t n = 0; n <= static_cast<std::size_t>(seeds); ++n) counts += " " + std::to_string(per_layer[n]);
  return counts;
}

// Every position of up to `seeds` seeds (every split of the stores up to 24 each, either side to
// move) against the reference.
template <class R>
void check_against_reference(int seeds) {
  const eg::Table table = *eg::build<R>(seeds);
  const warri_endgame_ref::Solver<R> ref(seeds, 2, seeds > 8 ? stderr : nullptr);
  const std::vector<std::uint64_t> per_layer = compare_with_reference(table, ref);
  for (int n = 0; n <= seeds; ++n)  // C(n + 11, 11) boards, two sides to move, n + 1 splits
    CHECK(per_layer[static_cast<std::size_t>(n)] == 2 * (static_cast<std::uint64_t>(n) + 1) * eg::layer_size(n));
  MESSAGE(R::name << ": positions compared per layer 0.." << seeds << ":" << counts_text(per_layer, seeds));
  std::string lines;
  for (int n = 0; n <= seeds; ++n) {
    const auto [minus, plus] = ref.longest_lines(n);
    CHECK(minus == plus);  // a position turned round (WA-8.1) swaps the sides, and G- and G+
    lines += " " + std::to_string(minus);
  }
  MESSAGE(R::name << ": longest forced lines per layer 0.." << seeds << " (WA-8.7, moves):" << lines);
}

// Spot checks of a search to the end of the game: `roots` random boards of each layer from..to
// (random side to move), the reference solving every position reachable from them, every split
// of the stores, compared with a database of `to` seeds.
template <class R>
void spot_check(int from, int to, int roots, unsigned threads) {
  eg::BuildOptions options;
  options.threads = threads;
  const eg::Table table = *eg::build<R>(to, options);
  boardrules::Rng rng;  // its default seed: the same roots every run
  const auto next = [&] { return rng.next(); };
  std::vector<wa::BasicPosition<R>> starts;
  std::string names;
  for (int n = from; n <= to; ++n)
    for (int i = 0; i < roots; ++i) {
      const eg::Board b = eg::unrank(n, next() % eg::layer_size(n));
      wa::BasicPosition<R> root = eg::position_of<R>(b, 24 - n, 24);
      if (next() % 2) root.set_to_move(wa::Player::North);
      starts.push_back(root);
      names += " " + wa::format_position(root);
    }
  // One search from all the roots: what one reaches, the others mostly reach too.
  const warri_endgame_ref::Solver<R> ref(starts, threads, to > 8 ? stderr : nullptr);
  const std::vector<std::uint64_t> per_layer = compare_with_reference(table, ref);
  MESSAGE(R::name << ": from" << names << ": " << ref.size() << " positions compared, per layer 0.." << to << ":"
                  << counts_text(per_layer, to));
}

}  // namespace endgame_test

using endgame_test::each_board;

TEST_CASE("WA-8.2 layer sizes: C(n + 11, 11) boards of n seeds, 1,251,677,700 of up to 24") {
  namespace eg = boardrules::warri::endgame;
  // By hand: 1 empty board; 12 boards of one seed; 12 + C(12, 2) = 78 of two.
  CHECK(eg::layer_size(0) == 1);
  CHECK(eg::layer_size(1) == 12);
  CHECK(eg::layer_size(2) == 78);
  CHECK(eg::layer_offset(3) == 1 + 12 + 78);
  // Counted by enumeration.
  for (int n = 0; n <= 6; ++n) {
    std::uint64_t count = 0;
    each_board(n, [&](const eg::Board&) { ++count; });
    CHECK(eg::layer_size(n) == count);
  }
  CHECK(eg::layer_offset(25) == 1'251'677'700u);  // the figure of every board of up to 24 seeds
}

TEST_CASE("WA-8.2 rank and unrank: a bijection between the boards of n seeds and 0 .. C(n + 11, 11) - 1") {
  namespace eg = boardrules::warri::endgame;
  for (int n = 0; n <= 6; ++n) {
    std::set<std::uint64_t> seen;
    each_board(n, [&](const eg::Board& b) {
      const std::uint64_t r = eg::rank(b);
      CHECK(r < eg::layer_size(n));
      CHECK(seen.insert(r).second);
      CHECK(eg::unrank(n, r) == b);
    });
    CHECK(seen.size() == eg::layer_size(n));
  }
  // A large layer at its ends and in between: 48 seeds in one house.
  for (int h = 0; h < 12; ++h) {
    eg::Board b{};
    b[static_cast<std::size_t>(h)] = 48;
    CHECK(eg::unrank(48, eg::rank(b)) == b);
  }
  eg::Board start{};
  start.fill(4);
  CHECK(eg::unrank(48, eg::rank(start)) == start);
  static_assert(eg::rank(eg::unrank(20, 123'456)) == 123'456);
}

TEST_CASE("WA-8.1 a board is seen from the side to move: North's row first when North moves") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  wa::Position p;
  for (int i = 0; i < 12; ++i) p.set_house(i, i);
  p.set_to_move(wa::Player::North);
  const eg::Board b = eg::board_of(p);
  CHECK(b[0] == 6);
  CHECK(b[5] == 11);
  CHECK(b[6] == 0);
  CHECK(b[11] == 5);
}

TEST_CASE("WA-8.5 WA-8.6 Speightstown database equals the slow reference on every board and split") {
  endgame_test::check_against_reference<boardrules::warri::Speightstown>(endgame_test::reference_seeds());
}

TEST_CASE("WA-8.5 WA-8.6 Bridgetown database equals the slow reference on every board and split") {
  endgame_test::check_against_reference<boardrules::warri::Bridgetown>(endgame_test::reference_seeds());
}

TEST_CASE("WA-8.5 WA-8.6 Abapa database equals the slow reference on every board and split") {
  endgame_test::check_against_reference<boardrules::warri::Abapa>(endgame_test::reference_seeds());
}

namespace endgame_test {
// Other decisions (WA-2.3, WA-3.4, WA-4.2, WA-5.2, WA-5.4), each a variant of its own.
struct IllegalSlamLeavesSeeds : boardrules::warri::Speightstown {
  static constexpr std::string_view name = "illegal-slam-leaves-seeds";
  static constexpr auto grand_slam = boardrules::warri::GrandSlam::Illegal;
  static constexpr auto feeding = boardrules::warri::Feeding::LeavesSeedsInRow;
};
struct MoverTakesNobodyOdd : boardrules::warri::Bridgetown {
  static constexpr std::string_view name = "mover-takes-odd-to-nobody";
  static constexpr auto starvation_award = boardrules::warri::StarvationAward::MoverTakes;
  static constexpr auto odd_seed = boardrules::warri::OddSeed::Nobody;
};
struct TrailerEveryEnd : boardrules::warri::BridgetownEveryEnd {
  static constexpr std::string_view name = "odd-to-trailer-every-end";
  static constexpr auto odd_seed = boardrules::warri::OddSeed::ToTrailer;
};
}  // namespace endgame_test

namespace endgame_test {
// 6 and 7 seeds in CTest (5 and 6 sanitized); BOARDRULES_WARRI_ENDGAME_SPOT=16 checks two boards
// of each of 13 to 16 seeds (docs/databases.md).
template <class R>
void spot_check_as_asked() {
  const char* s = std::getenv("BOARDRULES_WARRI_ENDGAME_SPOT");
  const int to = s != nullptr ? std::atoi(s) : kSanitized ? 6 : 7;
  const int from = s != nullptr ? std::max(0, to - 3) : to - 1;
  spot_check<R>(from, to, s != nullptr ? 2 : 1, s != nullptr ? 2 : 1);
}
}  // namespace endgame_test

TEST_CASE("WA-8.5 WA-8.6 Speightstown spot checks: a search to the end of the game from random boards") {
  endgame_test::spot_check_as_asked<boardrules::warri::Speightstown>();
}

TEST_CASE("WA-8.5 WA-8.6 Bridgetown spot checks: a search to the end of the game from random boards") {
  endgame_test::spot_check_as_asked<boardrules::warri::Bridgetown>();
}

TEST_CASE("WA-8.5 WA-8.6 Abapa spot checks: a search to the end of the game from random boards") {
  endgame_test::spot_check_as_asked<boardrules::warri::Abapa>();
}

TEST_CASE("WA-8.5 WA-8.6 databases of other decisions equal the slow reference (4 seeds)") {
  const int seeds = std::min(4, endgame_test::reference_seeds());
  endgame_test::check_against_reference<endgame_test::IllegalSlamLeavesSeeds>(seeds);
  endgame_test::check_against_reference<endgame_test::MoverTakesNobodyOdd>(seeds);
  endgame_test::check_against_reference<endgame_test::TrailerEveryEnd>(seeds);
}

namespace endgame_test {
// Every position of up to `seeds` seeds on the board (South to move, the stores every split of
// the rest with neither above 24): best_move's move leads to a position whose result for the
// mover, by the database after the move, is the database's result for the position itself
// (WA-8.5), but where Abapa values endless play at the board itself (below).
// True when play from p can go on for ever without a capture: the positions reached by moves
// that capture nothing hold a cycle (depth-first search, a position on the path met again).
template <class R>
bool can_go_round(const wa::BasicPosition<R>& start) {
  std::map<std::array<std::uint8_t, 16>, int> seen;  // 1: on the path, 2: done
  const auto visit = [&](const auto& self, const wa::BasicPosition<R>& p) -> bool {
    auto [it, fresh] = seen.emplace(p.bytes(), 1);
    if (!fresh) return it->second == 1;
    wa::MoveList moves;
    wa::generate_moves(p, moves);
    for (const wa::Move m : moves) {
      const wa::BasicPosition<R> q = wa::apply(p, m);
      if (q.board_seeds() == p.board_seeds() && self(self, q)) return true;
    }
    seen[p.bytes()] = 2;
    return false;
  };
  return visit(visit, start);
}

template <class R>
void check_best_move(int seeds) {
  const eg::Table t = *eg::build<R>(seeds);
  long positions = 0, differ = 0, cycle_ends = 0;
  for (int n = 1; n <= seeds; ++n)
    each_board(n, [&](const eg::Board& b) {
      for (int s = std::max(0, 48 - n - 24); s <= 24 && 48 - n - s >= 0; ++s) {
        const wa::BasicPosition<R> p = eg::position_of<R>(b, s, 48 - n - s);
        const std::optional<wa::Move> m = eg::best_move(t, p);
        wa::MoveList moves;
        wa::generate_moves(p, moves);
        REQUIRE(m.has_value() == !moves.empty());
        if (!m) continue;
        ++positions;
        const wa::BasicPosition<R> q = wa::apply(p, *m);
        const std::optional<eg::Verdict> after = eg::database_verdict(t, q);  // for North, on roll
        REQUIRE(after.has_value());
        const eg::Verdict mine = *after == eg::Verdict::Win    ? eg::Verdict::Loss
                                 : *after == eg::Verdict::Loss ? eg::Verdict::Win
                                                               : eg::Verdict::Draw;
        if (mine == *eg::database_verdict(t, p)) continue;
        // Abapa counts endless play at the board probed (WA-8.4: each row's seeds to its owner),
        // and that count moves with the board: where play can go round without a capture, the
        // value need not survive a move. Anywhere else a difference is an error.
        if (R::cycle_award == wa::CycleAward::OwnSide && can_go_round(p)) {
          ++cycle_ends;
          continue;
        }
        if (++differ <= 3)
          MESSAGE(R::name, ": ", wa::format_position(p), " database ", eg::verdict_name(*eg::database_verdict(t, p)),
                  ", after the best move ", eg::verdict_name(mine));
      }
    });
  CHECK(positions > 1000);
  CHECK(differ == 0);
  if (R::cycle_award != wa::CycleAward::OwnSide) CHECK(cycle_ends == 0);
  MESSAGE(R::name, ": ", positions, " positions, ", cycle_ends, " where play can go round and the result moves");
}
}  // namespace endgame_test

TEST_CASE("WA-8.5 best_move keeps the database's result, for each variant") {
  const int seeds = kSanitized ? 5 : 6;  // 114,235 positions a variant at 6 seeds
  endgame_test::check_best_move<boardrules::warri::Speightstown>(seeds);
  endgame_test::check_best_move<boardrules::warri::Bridgetown>(seeds);
  endgame_test::check_best_move<boardrules::warri::Abapa>(seeds);
}

namespace endgame_test {

// Every board of layers 0..seeds computed again from its moves (recompute_layer, all boards) equals
// the table's value except on boards of endless play (the layer's `cycling` boards); a sample
// checks the number drawn; a value changed in the table is found at its board.
template <class R>
void check_recompute(int seeds) {
  std::vector<eg::LayerStats> stats;
  eg::BuildOptions options;
  options.on_layer = [&](const eg::LayerStats& s) { stats.push_back(s); };
  eg::Table t = *eg::build<R>(seeds, options);
  REQUIRE(stats.size() == static_cast<std::size_t>(seeds) + 1);
  boardrules::Rng rng(7);
  std::uint64_t exact_layers = 0;
  for (int n = 0; n <= seeds; ++n) {
    CAPTURE(n);
    const eg::RecomputeStats r = eg::recompute_layer<R>(t, n, eg::layer_size(n), rng);
    CHECK(r.seeds == n);
    CHECK(r.checked == eg::layer_size(n));
    CHECK(r.differ <= stats[static_cast<std::size_t>(n)].cycling);
    if (stats[static_cast<std::size_t>(n)].cycling == 0) {
      CHECK(r.differ == 0);
      ++exact_layers;
    }
  }
  // Layers 0 and 1 at least, and 11 at 11 seeds: endless play is over by then in all three.
  CHECK(exact_layers >= (seeds >= 11 ? 3u : 2u));
  const eg::RecomputeStats sample = eg::recompute_layer<R>(t, seeds, 500, rng);
  CHECK(sample.checked == 500);
  CHECK(sample.differ <= stats.back().cycling);
  // A board of the top layer whose first move captures, in a layer of no endless play.
  int low = -1;
  eg::Board child{};
  for (std::uint64_t r = 0; r < eg::layer_size(seeds) && low < 0; ++r) {
    const eg::Board b = eg::unrank(seeds, r);
    wa::MoveList moves;
    const wa::BasicPosition<R> p = eg::position_of<R>(b);
    wa::generate_moves(p, moves);
    if (moves.empty()) continue;
    const wa::BasicPosition<R> q = wa::apply(p, moves[0]);
    const int c = q.store(wa::Player::South);
    if (c == 0 || stats[static_cast<std::size_t>(seeds - c)].cycling != 0) continue;
    child = eg::board_of(q);
    low = seeds - c;
  }
  REQUIRE(low >= 0);
  const std::size_t at = static_cast<std::size_t>(eg::layer_offset(low) + eg::rank(child));
  REQUIRE(eg::value_from_moves<R>(t, child) == t.probe(child));
  const eg::Value right = t.values[at];
  t.values[at].mover = static_cast<std::uint8_t>(right.mover == 0 ? 1 : right.mover - 1);
  t.values[at].other = static_cast<std::uint8_t>(right.other == 0 ? 1 : right.other - 1);
  CHECK(eg::value_from_moves<R>(t, child) != t.probe(child));  // the changed board itself
  const eg::RecomputeStats low_layer = eg::recompute_layer<R>(t, low, eg::layer_size(low), rng);
  CHECK(low_layer.differ >= 1);
  t.values[at] = right;
  CHECK(eg::recompute_layer<R>(t, low, eg::layer_size(low), rng).differ == 0);
  // Beyond the table: nothing.
  eg::Board big{};
  big[0] = static_cast<std::uint8_t>(seeds + 1);
  CHECK_FALSE(eg::value_from_moves<R>(t, big).has_value());
}

}  // namespace endgame_test

TEST_CASE("WA-8.5 WA-8.6 recompute: every board's value from its moves equals the table's, but for endless play") {
  const int seeds = kSanitized ? 9 : 11;  // 1,352,078 boards of up to 11 seeds a variant
  endgame_test::check_recompute<boardrules::warri::Speightstown>(seeds);
  endgame_test::check_recompute<boardrules::warri::Bridgetown>(seeds);
  endgame_test::check_recompute<boardrules::warri::Abapa>(seeds);
}

TEST_CASE("best_move and database_verdict: nothing for a board beyond the table or other decisions") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  const eg::Table t = *eg::build<wa::Speightstown>(3);
  const wa::Position start = wa::Position::start();  // 48 seeds on the board
  CHECK_FALSE(eg::best_move(t, start).has_value());
  CHECK_FALSE(eg::database_verdict(t, start).has_value());
  const wa::BasicPosition<wa::Abapa> abapa = eg::position_of<wa::Abapa>(eg::Board{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK_FALSE(eg::best_move(t, abapa).has_value());  // an Abapa position, a Speightstown table
  // One seed in f: sowing it feeds North (WA-2.3), the only move.
  const wa::Position one = eg::position_of<wa::Speightstown>(eg::Board{0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0});
  CHECK(eg::best_move(t, one) == wa::Move{5});
  // One seed in a cannot reach North's empty row: no legal move (WA-4.2), so no best move.
  const wa::Position starved = eg::position_of<wa::Speightstown>(eg::Board{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  CHECK_FALSE(eg::best_move(t, starved).has_value());
}

TEST_CASE("WA-8.7 longest forced lines worked by hand: none on the empty board, one move with one seed") {
  // One seed: in the mover's row short of its last house no move can feed the other side, which
  // is starved at once (WA-4.2); in its last house the mover must feed (WA-2.3), and the other
  // side, unable to feed back, leaves the mover starved after that one move; in the other row
  // the mover is starved before it moves. So the longest line is that one move.
  const warri_endgame_ref::Solver<boardrules::warri::Speightstown> ref(1, 1);
  CHECK(ref.longest_lines(0) == std::pair{0, 0});
  CHECK(ref.longest_lines(1) == std::pair{1, 1});
}

TEST_CASE("WA-8.5 values worked by hand: a starved mover, an empty board") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  // South to move with an empty row, three seeds in North's: South is starved (WA-4.2).
  const eg::Board starved{0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0};
  // Speightstown: the starved player takes the three, so South needs a store of 22 to win.
  const eg::Table s = *eg::build<wa::Speightstown>(3);
  CHECK(*s.probe(starved) == eg::Value{3, 0});
  CHECK(eg::verdict(*s.probe(starved), 22, 23) == eg::Verdict::Win);
  CHECK(eg::verdict(*s.probe(starved), 21, 24) == eg::Verdict::Draw);
  // Abapa: the other player takes them.
  const eg::Table a = *eg::build<wa::Abapa>(3);
  CHECK(*a.probe(starved) == eg::Value{0, 3});
  // Bridgetown: split, the odd seed to the leader, who needs 2 to reach 25 (WA-5.2).
  const eg::Table b = *eg::build<wa::Bridgetown>(3);
  CHECK(*b.probe(starved) == eg::Value{2, 2});
  CHECK(eg::verdict(*b.probe(starved), 23, 22) == eg::Verdict::Win);   // 23 + 1 + 1 = 25
  CHECK(eg::verdict(*b.probe(starved), 22, 23) == eg::Verdict::Loss);  // North leads
  // The empty board is 24-24, a draw (WA-4.1).
  CHECK(*s.probe(eg::Board{}) == eg::Value{0, 0});
  CHECK(eg::verdict(*s.probe(eg::Board{}), 24, 24) == eg::Verdict::Draw);
  // Beyond the table.
  CHECK_FALSE(s.probe(eg::Board{4}).has_value());
}

TEST_CASE("endgame file: written and read back; truncated, corrupted or other-variant files refused") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  const eg::Table t = *eg::build<wa::Bridgetown>(4);
  const std::vector<std::uint8_t> bytes = eg::format_database(t);
  REQUIRE(bytes.size() == 64 + 2 * eg::layer_offset(5));
  const auto back = eg::parse_database(bytes);
  REQUIRE(back.has_value());
  CHECK(back->variant == "bridgetown");
  CHECK(back->max_seeds == 4);
  CHECK(back->decisions == eg::decisions_of<wa::Bridgetown>());
  CHECK(back->values == t.values);
  const auto error_of = [](std::span<const std::uint8_t> b, const eg::Decisions* expected = nullptr) {
    const auto r = eg::parse_database(b, expected);
    return r.has_value() ? std::string("accepted") : r.error().message;
  };
  CHECK(error_of(std::span(bytes).first(30)).find("truncated") == 0);
  CHECK(error_of(std::span(bytes).first(bytes.size() - 1)).find("truncated") == 0);
  std::vector<std::uint8_t> longer = bytes;
  longer.push_back(0);
  CHECK(error_of(longer).find("trailing bytes") == 0);
  std::vector<std::uint8_t> flipped = bytes;
  flipped[bytes.size() / 2] ^= 4;
  CHECK(error_of(flipped).find("corrupted") == 0);
  flipped = bytes;
  flipped[45] ^= 1;  // the variant's name
  CHECK(error_of(flipped).find("corrupted") == 0);
  flipped = bytes;
  flipped[0] = 'X';
  CHECK(error_of(flipped).find("not a Warri endgame database") == 0);
  flipped = bytes;
  flipped[8] = 2;
  CHECK(error_of(flipped).find("format version 2") == 0);
  const eg::Decisions speightstown = eg::decisions_of<wa::Speightstown>();
  CHECK(error_of(bytes, &speightstown).find("built for other decisions") == 0);
  const eg::Decisions bridgetown = eg::decisions_of<wa::Bridgetown>();
  CHECK(error_of(bytes, &bridgetown) == "accepted");
}

TEST_CASE("endgame build on threads equals the build on one thread") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  eg::BuildOptions two;
  two.threads = 2;
  std::vector<int> passes;
  two.on_layer = [&](const eg::LayerStats& s) { passes.push_back(s.sweeps); };
  const eg::Table one_thread = *eg::build<wa::Abapa>(8);
  const eg::Table two_threads = *eg::build<wa::Abapa>(8, two);
  CHECK(passes.size() == 9);
  CHECK(one_thread.values == two_threads.values);
}

TEST_CASE("endgame build progress: after every pass, the sweeps done and an estimate of all, equal at the end") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  std::uint64_t sweeps = 0;  // boards x passes of every layer, as the layers report them
  std::size_t passes = 0;
  eg::BuildOptions options;
  options.progress = [&](std::size_t done, std::size_t all) { calls.emplace_back(done, all); };
  options.on_layer = [&](const eg::LayerStats& s) {
    sweeps += s.boards * static_cast<std::uint64_t>(s.sweeps);
    passes += static_cast<std::size_t>(s.sweeps);
  };
  (void)*eg::build<wa::Speightstown>(5, options);
  REQUIRE(calls.size() == passes);
  for (std::size_t i = 0; i < calls.size(); ++i) {
    CAPTURE(i);
    CHECK(calls[i].first <= calls[i].second);
    if (i > 0) CHECK(calls[i].first > calls[i - 1].first);
    if (i + 1 < calls.size()) CHECK(calls[i].first < calls[i].second);  // not done before the end
  }
  CHECK(calls.back().first == sweeps);
  CHECK(calls.back().second == sweeps);
}

TEST_CASE("WA-8.5 layer_verdicts of a finished table: the counts the build reported; other layers refused") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  std::vector<eg::LayerStats> reported;
  eg::BuildOptions options;
  options.on_layer = [&](const eg::LayerStats& s) { reported.push_back(s); };
  const eg::Table t = *eg::build<wa::Speightstown>(6, options);
  REQUIRE(reported.size() == 7);
  for (int n = 0; n <= 6; ++n) {
    CAPTURE(n);
    const eg::LayerStats s = eg::layer_verdicts(t, n).value();
    CHECK(s.seeds == n);
    CHECK(s.boards == reported[static_cast<std::size_t>(n)].boards);
    CHECK(s.wins == reported[static_cast<std::size_t>(n)].wins);
    CHECK(s.draws == reported[static_cast<std::size_t>(n)].draws);
    CHECK(s.losses == reported[static_cast<std::size_t>(n)].losses);
  }
  // The empty board at 24-24: a draw (WA-4.1).
  const eg::LayerStats empty = eg::layer_verdicts(t, 0).value();
  CHECK((empty.boards == 1 && empty.draws == 1));
  CHECK(eg::layer_verdicts(t, 7).error().code == boardrules::ErrorCode::out_of_range);
  CHECK(eg::layer_verdicts(t, -1).error().code == boardrules::ErrorCode::out_of_range);
}

TEST_CASE("endgame build resumed from the table of its lower layers (a checkpoint) equals a build from 0") {
  namespace eg = boardrules::warri::endgame;
  namespace wa = boardrules::warri;
  std::vector<eg::Table> checkpoints;
  eg::BuildOptions keep;
  keep.on_table = [&](const eg::Table& t) { checkpoints.push_back(t); };
  const eg::Table whole = *eg::build<wa::Bridgetown>(7, keep);
  REQUIRE(checkpoints.size() == 8);
  CHECK(checkpoints[3].max_seeds == 3);
  CHECK(checkpoints[3].values.size() == eg::layer_offset(4));
  CHECK(checkpoints[7].values == whole.values);
  eg::BuildOptions resumed;
  resumed.resume = &checkpoints[4];
  int layers = 0;
  resumed.on_layer = [&](const eg::LayerStats&) { ++layers; };
  const eg::Table rest = *eg::build<wa::Bridgetown>(7, resumed);
  CHECK(layers == 3);  // 5, 6 and 7
  CHECK(rest.values == whole.values);
  // A table of other decisions is refused.
  const eg::Table abapa = *eg::build<wa::Abapa>(2);
  resumed.resume = &abapa;
  CHECK_FALSE(eg::build<wa::Bridgetown>(7, resumed).has_value());
}

namespace endgame_test {

// The game record's end (WA-4.3: the first repetition since the last capture ends the game with
// the cycle end at the repeated position), searched with the whole history, layer by layer: the
// result of every position of n seeds with an empty history (as after a capture) is a
// depth-first search over the positions reached since, to the first repetition, a capture
// leading to a smaller layer's result, already searched. Results for the side to move: +1, 0,
// -1; kUnknown where the search visited more than `limit` positions (and any search that
// reaches such a position is unfinished too).
template <class R>
class HistorySearch {
 public:
  static constexpr int kUnknown = 9;

  explicit HistorySearch(long limit) : limit_(limit) {}

  /// Searches p (its history empty; every smaller layer done) and keeps its result.
  int solve(const wa::BasicPosition<R>& p) {
    nodes_ = 0;
    aborted_ = false;
    path_.assign(1, p);
    const int v = search(p, -2, 2);
    const int result = aborted_ ? kUnknown : v;
    results_.emplace(p, result);
    return result;
  }

 private:
  static int for_mover(const wa::Outcome& o, wa::Player me) {
    if (!o.winner) return 0;
    return *o.winner == me ? 1 : -1;
  }
  int search(const wa::BasicPosition<R>& p, int alpha, int beta) {
    if (++nodes_ > limit_) aborted_ = true;
    if (aborted_) return 0;
    wa::MoveList moves;
    wa::generate_moves(p, moves);
    const wa::Player me = p.to_move();
    if (moves.empty()) return for_mover(wa::outcome(p), me);
    int best = -2;
    for (const wa::Move m : moves) {
      const wa::BasicPosition<R> q = wa::apply(p, m);
      int v = 0;
      if (q.board_seeds() != p.board_seeds()) {
        // A capture: the history starts again; q's result is known (or the game is over).
        const int after = wa::has_any_move(q) ? results_.at(q) : for_mover(wa::outcome(q), q.to_move());
        if (after == kUnknown) {
          aborted_ = true;
          return 0;
        }
        v = -after;
      } else if (std::find(path_.begin(), path_.end(), q) != path_.end()) {
        // WA-4.3: a repetition; WA-4.1 and WA-4.2 take precedence.
        v = for_mover(wa::has_any_move(q) ? wa::cycle_outcome(q) : wa::outcome(q), me);
      } else {
        path_.push_back(q);
        v = -search(q, -beta, -alpha);
        path_.pop_back();
      }
      best = std::max(best, v);
      alpha = std::max(alpha, v);
      if (alpha >= beta) break;
    }
    return best;
  }

  long limit_;
  long nodes_ = 0;
  bool aborted_ = false;
  std::vector<wa::BasicPosition<R>> path_;
  std::unordered_map<wa::BasicPosition<R>, int> results_;  // the record's results, history empty
};

// Every position of up to `seeds` seeds (either side to move, every split of the stores up to
// 24 each): how many results of the game record differ from the database's (WA-8.4). Returns the
// searches left unfinished.
template <class R>
long measure_history(int seeds, long limit) {
  const eg::Table table = *eg::build<R>(seeds);
  HistorySearch<R> search(limit);
  long all_differ = 0, all_unfinished = 0;
  for (int n = 0; n <= seeds; ++n) {
    long positions = 0, differ = 0, unfinished = 0;
    each_board(n, [&](const eg::Board& b) {
      for (int s = 24 - n; s <= 24; ++s)
        for (const wa::Player side : {wa::Player::South, wa::Player::North}) {
          wa::BasicPosition<R> p = eg::position_of<R>(b, s, 48 - n - s);
          p.set_to_move(side);
          ++positions;
          const int record = search.solve(p);
          if (record == HistorySearch<R>::kUnknown) {
            ++unfinished;
            continue;
          }
          const eg::Verdict d = *eg::database_verdict(table, p);
          const int database = d == eg::Verdict::Win ? 1 : d == eg::Verdict::Loss ? -1 : 0;
          if (record != database) {
            if (++differ <= 2 && n <= 4)
              MESSAGE(R::name << ": " << wa::format_position(p) << " record " << record << ", database " << database);
          }
        }
    });
    all_differ += differ;
    all_unfinished += unfinished;
    MESSAGE(R::name << ", the game record against the database, " << n << " seeds: " << positions << " positions, "
                    << differ << " differ, " << unfinished << " unfinished");
  }
  // WA-8.4: where the cycle end does not depend on the board, the record and the database agree.
  if (R::cycle_award != wa::CycleAward::OwnSide) CHECK(all_differ == 0);
  return all_unfinished;
}

}  // namespace endgame_test

TEST_CASE("WA-8.4 measured: the game record's first repetition against the database's cycle end") {
  // Up to 3 seeds here; BOARDRULES_WARRI_ENDGAME_HISTORY=N measures up to N seeds, each search
  // stopped after BOARDRULES_WARRI_ENDGAME_HISTORY_LIMIT positions (docs/databases.md).
  const char* s = std::getenv("BOARDRULES_WARRI_ENDGAME_HISTORY");
  const int seeds = s != nullptr ? std::atoi(s) : 3;
  const char* l = std::getenv("BOARDRULES_WARRI_ENDGAME_HISTORY_LIMIT");
  const long limit = l != nullptr ? std::atol(l) : 2'000'000;
  long unfinished = endgame_test::measure_history<boardrules::warri::Speightstown>(seeds, limit);
  unfinished += endgame_test::measure_history<boardrules::warri::Bridgetown>(seeds, limit);
  unfinished += endgame_test::measure_history<boardrules::warri::Abapa>(seeds, limit);
  if (s == nullptr && l == nullptr) CHECK(unfinished == 0);  // up to 3 seeds every search ends
}
