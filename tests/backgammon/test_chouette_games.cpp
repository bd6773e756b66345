// Chouette sessions with real games on the board: random cube actions by every player, random
// legal plays; the team's plays are entered step by step through the MoveBuilder (BG-12.1) by a
// random walk over the accepted steps. Invariants at every ply: 15 checkers a side, no point held
// by both sides, the committed play is one of generate_plays; at every chouette step: ledger sums
// to 0, cube values powers of two, roles a permutation with one box and one captain.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <numeric>
#include <type_traits>
#include <vector>

#include "../common/backgammon_stacks.hpp"
#include "boardrules/backgammon/game/chouette.hpp"
#include "boardrules/backgammon/game/move_builder.hpp"
#include "boardrules/backgammon/rules/outcome.hpp"
#include "boardrules/core/random.hpp"

using namespace boardrules;
using namespace boardrules::backgammon;

static_assert(std::is_trivially_copyable_v<Chouette>, "a chouette session is a plain value");
static_assert(std::is_trivially_copyable_v<MoveBuilder>, "a move builder is a plain value");
static_assert(std::is_trivially_copyable_v<Step>);

namespace {

void check_session(const Chouette& c) {
  REQUIRE(std::accumulate(c.balances().begin(), c.balances().end(), std::int64_t{0}) == 0);
  std::vector<int> perm(c.order().begin(), c.order().end());
  std::sort(perm.begin(), perm.end());
  for (int s = 0; s < c.players(); ++s) REQUIRE(perm[static_cast<std::size_t>(s)] == s);
  int boxes = 0, captains = 0;
  for (int s = 0; s < c.players(); ++s) {
    boxes += c.role(s) == ChouetteRole::Box;
    captains += c.role(s) == ChouetteRole::Captain;
    if (s != c.box()) {
      const auto v = c.cube(s);
      REQUIRE((v != 0 && (v & (v - 1)) == 0));
    }
  }
  REQUIRE(boxes == 1);
  REQUIRE(captains == 1);
}

// A random legal play entered through the builder, step by step.
Play builder_walk(MoveBuilder& mb, Rng& rng) {
  StepList steps;
  while (!mb.complete()) {
    mb.legal_steps(steps);
    REQUIRE_FALSE(steps.empty());  // an accepted prefix can always be completed
    const Step s = steps[rng.below(static_cast<std::uint32_t>(steps.size()))];
    REQUIRE(mb.step(s.from, s.die).has_value());
  }
  auto c = mb.commit();
  REQUIRE(c.has_value());
  return *c;
}

}  // namespace

TEST_CASE("chouette with games on the board: random soak of thousands of sessions") {
  Rng rng(77);
  auto mb = std::make_unique<MoveBuilder>(Position::start(), Dice(3, 1));
  PlayList plays;
  std::uint64_t games = 0, plies = 0, builder_plays = 0;
  for (int session = 0; session < 2000; ++session) {
    auto created = Chouette::make(3 + static_cast<int>(rng.below(6)));
    REQUIRE(created.has_value());
    Chouette c = *created;
    c.initial_throw(rng);
    check_session(c);
    const int session_games = 1 + static_cast<int>(rng.below(2));
    for (int g = 0; g < session_games; ++g) {
      const std::uint64_t before = c.games();
      Position pos = Position::start();
      Party on_roll = rng.below(2) ? Party::Box : Party::Team;
      for (int ply = 0; c.games() == before; ++ply) {
        REQUIRE(ply < 5000);
        // Random cube action before the roll (BG-8.1), by the side on roll.
        if (rng.below(12) == 0) {
          if (on_roll == Party::Team && c.team_may_double()) {
            std::array<bool, 8> votes{};
            for (auto& v : votes) v = rng.below(5) != 0;
            (void)c.team_double(std::span<const bool>(votes.data(), static_cast<std::size_t>(c.players())));
            if (c.phase() == ChouettePhase::TeamDoubled)
              REQUIRE((rng.below(3) ? c.box_take() : c.box_pass()).has_value());
          } else if (on_roll == Party::Box && c.box_may_double()) {
            REQUIRE(c.box_double().has_value());
            for (int s = 0; s < c.players(); ++s)
              if (c.awaiting(s)) REQUIRE((rng.below(3) ? c.take(s) : c.pass(s)).has_value());
          }
          check_session(c);
          if (c.games() != before) break;  // ended by a pass
        }
        const Dice d = Dice::unchecked(rng.die(), rng.die());
        generate_plays(pos, d, plays);
        if (on_roll == Party::Team) {
          *mb = MoveBuilder(pos, d);
          const Play p = builder_walk(*mb, rng);
          const Position after = apply(pos, p);
          REQUIRE(after == mb->position());
          if (plays.empty()) REQUIRE((p.size == 0 && after == pos));  // no legal play: the turn passes (BG-5.4)
          else REQUIRE(std::any_of(plays.begin(), plays.end(), [&](const Play& q) { return apply(pos, q) == after; }));
          pos = after;
          ++builder_plays;
        } else if (!plays.empty()) {
          pos = apply(pos, plays[rng.below(static_cast<std::uint32_t>(plays.size()))]);
        }
        ++plies;
        REQUIRE(stacks::well_formed(pos));
        if (game_over(pos)) {
          REQUIRE(winner(pos) == Side::Mover);
          REQUIRE(c.finish_game(on_roll, win_kind(pos)).has_value());
          check_session(c);
          break;
        }
        pos = pos.flipped();
        on_roll = on_roll == Party::Box ? Party::Team : Party::Box;
      }
      ++games;
    }
  }
  MESSAGE("games " << games << ", plies " << plies << ", plays entered through the builder " << builder_plays);
  CHECK(games >= 2000);
}
