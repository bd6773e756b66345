// Chouette soak: thousands of random sessions (valid and invalid actions) run side by side with a
// plain reference model written from BG-11 in this file; after every action the two must agree
// and the invariants must hold: the ledger sums to 0, cubes are powers of two, the roles are a
// permutation (one box, one captain), members in the game share one stake, refused actions change
// nothing.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "boardrules/backgammon/game/chouette.hpp"

using namespace boardrules::backgammon;
using boardrules::Rng;

namespace {

using Session = BasicChouette<10>;

// Reference model: vectors and plain loops, BG-11 read literally.
struct Ref {
  int n = 0;
  ChouetteOptions opt{};
  std::vector<int> line;  // line[0] = box, then the team, captain first
  std::vector<std::int64_t> bal;
  std::vector<std::uint64_t> cube;
  std::vector<char> owner;  // 'C' center, 'B' box, 'M' member
  std::vector<bool> out, pending;
  ChouettePhase phase = ChouettePhase::InGame;
  std::uint64_t games = 0;
  int autos = 0;

  std::uint64_t limit() const { return opt.cube_cap ? opt.cube_cap : Session::kMaxCube; }
  bool in(int s) const { return s != line[0] && !out[static_cast<std::size_t>(s)]; }
  void pay(int from, int to, std::uint64_t v) {
    bal[static_cast<std::size_t>(from)] -= static_cast<std::int64_t>(v);
    bal[static_cast<std::size_t>(to)] += static_cast<std::int64_t>(v);
  }
  void new_game() {
    cube.assign(static_cast<std::size_t>(n), 1);
    owner.assign(static_cast<std::size_t>(n), 'C');
    out.assign(static_cast<std::size_t>(n), false);
    pending.assign(static_cast<std::size_t>(n), false);
    phase = ChouettePhase::InGame;
    autos = 0;
  }
  void end(Party winner) {
    // BG-11.3.
    std::vector<int> team(line.begin() + 1, line.end());
    const int box = line[0];
    const int captain = team.front();
    team.erase(team.begin());
    line.clear();
    if (winner == Party::Team) {
      line.push_back(captain);
      line.insert(line.end(), team.begin(), team.end());
      line.push_back(box);
    } else {
      line.push_back(box);
      line.insert(line.end(), team.begin(), team.end());
      line.push_back(captain);
    }
    ++games;
    new_game();
  }
  bool can_double(char who) const {
    if (phase != ChouettePhase::InGame) return false;
    for (int s = 0; s < n; ++s)
      if (in(s)) {
        const char o = owner[static_cast<std::size_t>(s)];
        if (o != 'C' && o != who) return false;
        if (cube[static_cast<std::size_t>(s)] * 2 > limit()) return false;
      }
    return true;
  }
  bool team_double(const std::vector<bool>& agree) {
    if (!can_double('M') || agree.size() != static_cast<std::size_t>(n)) return false;
    for (int s = 0; s < n; ++s)
      if (in(s) && !agree[static_cast<std::size_t>(s)]) return false;
    phase = ChouettePhase::TeamDoubled;
    return true;
  }
  bool box_take() {
    if (phase != ChouettePhase::TeamDoubled) return false;
    for (int s = 0; s < n; ++s)
      if (in(s)) {
        cube[static_cast<std::size_t>(s)] *= 2;
        owner[static_cast<std::size_t>(s)] = 'B';
      }
    phase = ChouettePhase::InGame;
    return true;
  }
  bool box_pass() {
    if (phase != ChouettePhase::TeamDoubled) return false;
    for (int s = 0; s < n; ++s)
      if (in(s)) pay(line[0], s, cube[static_cast<std::size_t>(s)]);
    end(Party::Team);
    return true;
  }
  bool automatic_double() {  // BG-9.1
    if (phase != ChouettePhase::InGame || autos >= opt.auto_doubles) return false;
    for (int s = 0; s < n; ++s)
      if (s != line[0]) {
        const auto u = static_cast<std::size_t>(s);
        if (out[u] || owner[u] != 'C' || cube[u] * 2 > limit()) return false;
      }
    for (int s = 0; s < n; ++s)
      if (s != line[0]) cube[static_cast<std::size_t>(s)] *= 2;
    ++autos;
    return true;
  }
  bool box_double() {
    if (!can_double('B')) return false;
    for (int s = 0; s < n; ++s) pending[static_cast<std::size_t>(s)] = in(s);
    phase = ChouettePhase::BoxDoubled;
    return true;
  }
  bool respond(int s, bool take) {
    if (phase != ChouettePhase::BoxDoubled || s < 0 || s >= n || !pending[static_cast<std::size_t>(s)]) return false;
    const auto u = static_cast<std::size_t>(s);
    pending[u] = false;
    if (take) {
      cube[u] *= 2;
      owner[u] = 'M';
    } else {
      pay(s, line[0], cube[u]);
      out[u] = true;
    }
    if (std::count(pending.begin(), pending.end(), true) > 0) return true;
    phase = ChouettePhase::InGame;
    std::vector<int> takers;
    for (std::size_t i = 1; i < line.size(); ++i)
      if (!out[static_cast<std::size_t>(line[i])]) takers.push_back(line[i]);
    if (takers.empty()) {
      end(Party::Box);
    } else if (out[static_cast<std::size_t>(line[1])]) {
      const int old_captain = line[1];
      const int acting = takers.front();
      std::vector<int> nl{line[0], acting};
      for (std::size_t i = 2; i < line.size(); ++i)
        if (line[i] != acting) nl.push_back(line[i]);
      nl.push_back(old_captain);
      line = nl;
    }
    return true;
  }
  bool finish(Party winner, WinKind kind) {
    if (phase != ChouettePhase::InGame || kind == WinKind::None) return false;
    for (int s = 0; s < n; ++s) {
      if (!in(s)) continue;
      const std::uint64_t c = cube[static_cast<std::size_t>(s)];
      std::uint64_t m = kind == WinKind::Single ? 1 : kind == WinKind::Gammon ? 2 : 3;
      if (kind == WinKind::Backgammon && opt.bg_as_gammon) m = 2;
      if (opt.jacoby && owner[static_cast<std::size_t>(s)] == 'C') m = 1;  // never turned
      if (winner == Party::Team) pay(line[0], s, m * c);
      else pay(s, line[0], m * c);
    }
    end(winner);
    return true;
  }
};

bool is_pow2(std::uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

void check_same(const Session& c, const Ref& r) {
  REQUIRE(c.phase() == r.phase);
  REQUIRE(c.games() == r.games);
  REQUIRE(std::vector<int>(c.order().begin(), c.order().end()) == r.line);
  REQUIRE(std::vector<std::int64_t>(c.balances().begin(), c.balances().end()) == r.bal);
  // Invariants.
  REQUIRE(std::accumulate(c.balances().begin(), c.balances().end(), std::int64_t{0}) == 0);
  std::vector<int> perm(c.order().begin(), c.order().end());
  std::sort(perm.begin(), perm.end());
  for (int s = 0; s < c.players(); ++s) REQUIRE(perm[static_cast<std::size_t>(s)] == s);
  int boxes = 0, captains = 0;
  std::uint64_t stake = 0;
  for (int s = 0; s < c.players(); ++s) {
    const auto role = c.role(s);
    boxes += role == ChouetteRole::Box;
    captains += role == ChouetteRole::Captain;
    if (role == ChouetteRole::Box) continue;
    const auto u = static_cast<std::size_t>(s);
    REQUIRE(is_pow2(c.cube(s)));
    REQUIRE(c.in_game(s) == r.in(s));
    if (!c.in_game(s)) continue;
    REQUIRE(c.cube(s) == r.cube[u]);
    const char o = c.cube_owner(s) == CubeOwner::Center ? 'C' : c.cube_owner(s) == CubeOwner::Box ? 'B' : 'M';
    REQUIRE(o == r.owner[u]);
    // Members in the game share one stake (while a box double is being answered, the takers are
    // one step ahead of those still deciding).
    if (c.phase() != ChouettePhase::BoxDoubled) {
      if (stake == 0) stake = c.cube(s);
      REQUIRE(c.cube(s) == stake);
    }
    REQUIRE(c.awaiting(s) == (r.phase == ChouettePhase::BoxDoubled && r.pending[u]));
  }
  REQUIRE(boxes == 1);
  REQUIRE(captains <= 1);
  if (c.phase() != ChouettePhase::BoxDoubled) {
    REQUIRE(captains == 1);
    REQUIRE(c.in_game(c.captain()));
  }
  std::int64_t dsum = 0;
  for (auto d : c.last_game().delta) dsum += d;
  REQUIRE(dsum == 0);
}

// One action chosen at random (valid ones mostly), applied to both.
void step(Session& c, Ref& r, Rng& rng) {
  const Session before = c;
  const int n = c.players();
  bool ok_c = false, ok_r = false;
  switch (rng.below(13)) {
    case 12:
      ok_c = c.automatic_double().has_value();
      ok_r = r.automatic_double();
      break;
    case 0:
    case 1: {
      std::vector<bool> v(static_cast<std::size_t>(n + (rng.below(20) == 0 ? 1 : 0)));
      for (std::size_t i = 0; i < v.size(); ++i) v[i] = rng.below(8) != 0;
      std::array<bool, 16> a{};
      std::copy(v.begin(), v.end(), a.begin());
      ok_c = c.team_double(std::span<const bool>(a.data(), v.size())).has_value();
      ok_r = r.team_double(v);
      break;
    }
    case 2:
    case 3:
      ok_c = c.box_double().has_value();
      ok_r = r.box_double();
      break;
    case 4:
      ok_c = c.box_take().has_value();
      ok_r = r.box_take();
      break;
    case 5:
      ok_c = c.box_pass().has_value();
      ok_r = r.box_pass();
      break;
    case 6:
    case 7:
    case 8: {
      const int s = static_cast<int>(rng.below(static_cast<std::uint32_t>(n + 2))) - 1;
      const bool take = rng.below(3) != 0;
      ok_c = (take ? c.take(s) : c.pass(s)).has_value();
      ok_r = r.respond(s, take);
      break;
    }
    case 9:
    case 10:
    case 11:
    default: {
      const Party w = rng.below(2) ? Party::Box : Party::Team;
      const auto k = static_cast<WinKind>(rng.below(4));
      ok_c = c.finish_game(w, k).has_value();
      ok_r = r.finish(w, k);
      break;
    }
  }
  REQUIRE(ok_c == ok_r);
  if (!ok_c) REQUIRE(c == before);
  check_same(c, r);
}

}  // namespace

TEST_CASE("chouette soak: random sessions against the reference model (BG-11)") {
  Rng rng(20261130);
  std::uint64_t total_games = 0, actions = 0;
  for (int session = 0; session < 3000; ++session) {
    const int n = 3 + static_cast<int>(rng.below(8));  // 3..10
    ChouetteOptions opt{};
    if (rng.below(3) == 0) opt.cube_cap = std::uint64_t{1} << rng.below(7);
    opt.jacoby = rng.below(2) == 0;
    opt.bg_as_gammon = rng.below(4) == 0;
    opt.auto_doubles = static_cast<int>(rng.below(3));
    auto created = Session::make(n, opt);
    REQUIRE(created.has_value());
    Session c = *created;

    // BG-11.1 reference: each seat's throws form a sequence; the final rank is the sequences in
    // descending lexicographic order; a throw round is exactly a maximal group of equal sequences.
    std::vector<std::vector<int>> thrown(static_cast<std::size_t>(n));
    while (c.phase() == ChouettePhase::InitialThrow) {
      const auto who = c.throwers();
      REQUIRE(who.size() >= 2);
      for (auto s : who) REQUIRE(thrown[s] == thrown[who[0]]);
      int same = 0;
      for (int s = 0; s < n; ++s) same += thrown[static_cast<std::size_t>(s)] == thrown[who[0]];
      REQUIRE(same == static_cast<int>(who.size()));
      std::array<int, 10> d{};
      for (std::size_t i = 0; i < who.size(); ++i) {
        // Dice biased towards 1 and 2 so that ties (and ties of ties) are common.
        d[i] = 1 + static_cast<int>(rng.below(2) ? rng.below(2) : rng.below(6));
        thrown[who[i]].push_back(d[i]);
      }
      REQUIRE(c.initial_throw(std::span<const int>(d.data(), who.size())).has_value());
    }
    std::vector<int> expect(static_cast<std::size_t>(n));
    std::iota(expect.begin(), expect.end(), 0);
    std::stable_sort(expect.begin(), expect.end(), [&](int a, int b) {
      return thrown[static_cast<std::size_t>(a)] > thrown[static_cast<std::size_t>(b)];
    });
    REQUIRE(std::vector<int>(c.order().begin(), c.order().end()) == expect);

    Ref r;
    r.n = n;
    r.opt = opt;
    r.line = expect;
    r.bal.assign(static_cast<std::size_t>(n), 0);
    r.new_game();
    check_same(c, r);
    const int len = 20 + static_cast<int>(rng.below(200));
    for (int a = 0; a < len; ++a) step(c, r, rng);
    total_games += c.games();
    actions += static_cast<std::uint64_t>(len);
  }
  MESSAGE("sessions 3000, actions " << actions << ", games " << total_games);
  CHECK(total_games > 10000);
}
