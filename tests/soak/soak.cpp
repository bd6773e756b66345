// Soak: random games at scale with the invariants checked at every ply, and save-and-restore
// through the text formats at random plies (the restored state must go on identically).
//   soak [--games N] [--seed S] [--kind K]
// Plays at least N games of each kind (default 1000), or of the kinds whose name contains K.
// Kinds: backgammon money sessions (Jacoby, automatic doubles, beavers, cube caps drawn at
// random), money sessions without the cube (whole games of checker play, to the bear-off) and
// matches of 1, 3, 5, 7, 11 and 25 points, for Standard, Nackgammon and Hypergammon; Warri games
// of Speightstown, Bridgetown and Abapa, recorded into series. A backgammon session or match is
// played to its end, so a kind can pass N by the games of its last one. The session or match i of
// a kind is seeded S + i. Prints games/s per kind; exit status 1 with the broken invariant (and
// the seed of the session, match or game) on a failure.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/formats/match_io.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri/game/game.hpp"
#include "boardrules/warri/formats/notation.hpp"
#include "boardrules/warri/game/series.hpp"
#include "invariants.hpp"

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;
using boardrules::Rng;

namespace {

[[noreturn]] void fail(const char* kind, std::uint64_t seed, int ply, const std::string& why) {
  std::fprintf(stderr, "soak: %s game seed %llu ply %d: %s\n", kind, static_cast<unsigned long long>(seed), ply,
               why.c_str());
  std::exit(1);
}

// A random legal action, a little biased so that cubes are turned and taken, and beavered.
template <class V>
bg::Action pick(const bg::BasicState<V>& s, Rng& rng) {
  bg::ActionList legal;
  s.legal_actions(legal);
  if (s.is_chance_node()) {
    bg::ChanceOutcomeList c;
    s.chance_outcomes(c);
    double u = rng.uniform();
    int id = c[c.size() - 1].action;
    for (const auto& o : c) {
      if ((u -= o.probability) <= 0) {
        id = o.action;
        break;
      }
    }
    return *s.to_action(id);
  }
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
}

struct Count {
  long sessions = 0, games = 0, plies = 0, restores = 0;  // sessions: money sessions or matches
};

// One backgammon match (length > 0) or money session (length 0, or -1 without the cube):
// invariants at every ply; after a play, now and then, the state is restored from its GNUbg ID and
// both go on with the same dice and choices, their IDs equal at every ply until the end of that game.
template <class V>
void backgammon(const char* kind, std::uint64_t seed, int length, Count& n) {
  Rng rng(seed);
  bg::SessionRules r;
  if (length <= 0) {
    r = bg::SessionRules::money({.jacoby = rng.below(2) == 1, .auto_doubles = static_cast<int>(rng.below(3))});
    r.beavers = static_cast<int>(rng.below(3));  // 0: off; 1: beavers; 2: raccoons too
  } else {
    r = bg::SessionRules::match(length, {.crawford = rng.below(8) != 0});
  }
  if (rng.below(4) == 0) r.cube_cap = 1 << (1 + rng.below(6));
  if (length < 0) r.cube_cap = 1;  // the cube never turned: random cube actions end most games early
  r.bg_as_gammon = rng.below(8) == 0;
  bg::StateOptions o;
  o.resignations = rng.below(4) == 0;
  o.money_games = 1 + static_cast<int>(rng.below(3));
  bg::BasicState<V> s(r, o);
  std::array<int, 2> score{0, 0};
  int ply = 0;
  while (!s.is_terminal()) {
    if (const char* why = invariants::state(s, score)) fail(kind, seed, ply, why);
    const bg::Action a = pick(s, rng);
    if (!s.apply_action(a).has_value())
      fail(kind, seed, ply, "a listed action is refused: " + bg::BasicState<V>::action_to_string(a));
    ++ply;
    // (the Match ID holds scores up to 32767: a money session past it is not restored)
    if (a.kind == bg::ActionKind::Move && !s.is_terminal() && s.game().phase() == bg::Phase::TurnStart &&
        s.match().score()[0] < bg::kMaxIdScore && s.match().score()[1] < bg::kMaxIdScore && rng.below(16) == 0) {
      const auto d = bg::parse_gnubg_id<V>(format_gnubg_id(s.match()));
      if (!d.has_value()) fail(kind, seed, ply, "own ID parses");
      const auto m = bg::match_from_gnubg(d->position, d->fields, r);
      if (!m.has_value()) fail(kind, seed, ply, "own ID restores: " + m.error().to_string());
      bg::BasicState<V> t(*m, o);
      Rng a_rng = rng, b_rng = rng;
      bg::BasicState<V> u = s;
      const int games = u.match().games_played();
      while (!u.is_terminal() && u.match().games_played() == games) {
        if (format_gnubg_id(u.match()) != format_gnubg_id(t.match()))
          fail(kind, seed, ply, "the restored state goes on identically");
        const bg::Action x = pick(u, a_rng);
        const bg::Action y = pick(t, b_rng);
        if (!(x == y)) fail(kind, seed, ply, "the restored state offers the same actions");
        if (!u.apply_action(x).has_value() || !t.apply_action(y).has_value())
          fail(kind, seed, ply, "restored: a listed action is refused");
      }
      if (u.match().score() != t.match().score()) fail(kind, seed, ply, "the restored game scores the same");
      ++n.restores;
    }
  }
  ++n.sessions;
  n.games += s.match().games_played();
  n.plies += ply;
}

// Warri games of one variant into a series: 48 seeds at every ply; right after a capture (the
// history then holds only the current position) the game is now and then restored from its
// text and both go on identically to the end.
template <class R>
void warri(const char* kind, std::uint64_t seed, wa::Series& series, Count& n) {
  Rng rng(seed);
  const wa::CycleOptions co{R::cycle_rule, 100};
  wa::BasicGame<R> g(wa::BasicPosition<R>::start(series.first_mover()), co);
  int ply = 0;
  bool restored = false;
  while (!g.over()) {
    const auto& p = g.position();
    if (p.board_seeds() + p.store(wa::Player::South) + p.store(wa::Player::North) != wa::kTotalSeeds)
      fail(kind, seed, ply, "48 seeds");
    wa::MoveList moves;
    wa::generate_moves(p, moves);
    if (moves.empty()) fail(kind, seed, ply, "a game that is not over has a move");
    const int stores = p.store(wa::Player::South) + p.store(wa::Player::North);
    if (!g.play(moves[rng.below(static_cast<std::uint32_t>(moves.size()))]).has_value())
      fail(kind, seed, ply, "a listed move is refused");
    ++ply;
    const auto& q = g.position();
    const bool captured = q.store(wa::Player::South) + q.store(wa::Player::North) != stores;
    if (captured && !restored && !g.over() && rng.below(4) == 0) {
      const auto back = wa::parse_position<R>(wa::format_position(q));
      if (!back.has_value() || !(*back == q)) fail(kind, seed, ply, "parse(format(position)) == position");
      wa::BasicGame<R> h(*back, co);
      auto copy = g;
      Rng r2 = rng;
      while (!copy.over()) {
        if (h.over() || !(h.position() == copy.position()))
          fail(kind, seed, ply, "the restored game goes on identically");
        wa::MoveList ms;
        wa::generate_moves(copy.position(), ms);
        const wa::Move m = ms[r2.below(static_cast<std::uint32_t>(ms.size()))];
        if (!copy.play(m).has_value() || !h.play(m).has_value())
          fail(kind, seed, ply, "restored: a listed move is refused");
      }
      if (!h.over() || !(h.result() == copy.result())) fail(kind, seed, ply, "the restored game ends the same");
      restored = true;
      ++n.restores;
    }
  }
  if (series.over()) series = wa::Series(series.options());
  if (!series.record(g.result()).has_value()) fail(kind, seed, ply, "a finished game is recorded");
  ++n.sessions;
  ++n.games;
  n.plies += ply;
}

// Runs `one(i, n)` for i = 0, 1, ... until n.games reaches `games`, if the kind is selected.
template <class F>
void timed(const char* kind, long games, std::string_view only, F&& one) {
  if (std::string_view(kind).find(only) == std::string_view::npos) return;
  Count n;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t i = 0; n.games < games; ++i) one(i, n);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-26s %9ld sessions %9ld games %11ld plies %8ld restores %9.2f s %9.0f games/s\n", kind, n.sessions,
              n.games, n.plies, n.restores, s, static_cast<double>(n.games) / s);
  std::fflush(stdout);
}

template <class V>
void backgammon_kinds(const char* name, long games, std::uint64_t seed, std::string_view only) {
  const std::string money = std::string(name) + " money";
  timed(money.c_str(), games, only, [&](std::uint64_t i, Count& n) { backgammon<V>(money.c_str(), seed + i, 0, n); });
  const std::string cubeless = std::string(name) + " cubeless";
  timed(cubeless.c_str(), games, only,
        [&](std::uint64_t i, Count& n) { backgammon<V>(cubeless.c_str(), seed + i, -1, n); });
  const std::string match = std::string(name) + " matches 1-25";
  static constexpr int kLengths[] = {1, 3, 5, 7, 11, 25};
  timed(match.c_str(), games, only,
        [&](std::uint64_t i, Count& n) { backgammon<V>(match.c_str(), seed + i, kLengths[i % 6], n); });
}

template <class R>
void warri_kind(const char* name, long games, std::uint64_t seed, std::string_view only) {
  wa::Series series;
  timed(name, games, only, [&](std::uint64_t i, Count& n) { warri<R>(name, seed + i, series, n); });
}

}  // namespace

int main(int argc, char** argv) {
  long games = 1000;
  std::uint64_t seed = 1;
  std::string_view only;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--games" && i + 1 < argc) games = std::strtol(argv[++i], nullptr, 10);
    else if (a == "--seed" && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--kind" && i + 1 < argc) only = argv[++i];
    else {
      std::fprintf(stderr, "usage: soak [--games N] [--seed S] [--kind K]\n");
      return 2;
    }
  }
  if (games < 1) games = 1;
  backgammon_kinds<bg::Standard>("standard", games, seed, only);
  backgammon_kinds<bg::Nackgammon>("nackgammon", games, seed, only);
  backgammon_kinds<bg::Hypergammon>("hypergammon", games, seed, only);
  warri_kind<wa::Speightstown>("warri speightstown", games, seed, only);
  warri_kind<wa::Bridgetown>("warri bridgetown", games, seed, only);
  warri_kind<wa::Abapa>("warri abapa", games, seed, only);
  std::printf("soak: no invariant broken\n");
  return 0;
}
