// The stack budget: every hot path of a search runs on a thread whose whole stack is 64 KiB
// (as musl's default threads, macOS secondary threads and game-server fibers have), with a
// guard page below it, so that an overflow is a crash of this test rather than a corruption.
// Each workload runs on such a thread; the stack is painted first, and the bytes it used are
// reported (the figures of docs/api.md, "Stack use"). The sanitizer build checks the same
// workloads with a larger stack: its instrumentation makes every frame larger.

#include <doctest/doctest.h>

#if defined(__unix__) || defined(__APPLE__)

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/backgammon/rules/movegen.hpp"
#include "boardrules/backgammon/rules/packed_play.hpp"
#include "boardrules/backgammon/rules/perft.hpp"
#include "boardrules/core/game_state.hpp"
#include "boardrules/core/random.hpp"
#include "boardrules/warri/rules/perft.hpp"
#include "boardrules/warri/ai/state.hpp"

#include "../sanitize_scale.hpp"

namespace bg = boardrules::backgammon;
namespace wa = boardrules::warri;

namespace {

constexpr std::size_t kBudget = 64 * 1024;
constexpr std::size_t kStackSize = kSanitized ? 8 * kBudget : kBudget;
constexpr unsigned char kPaint = 0xA5;

/// What a workload run on a small stack reports.
struct StackRun {
  bool ran = false;
  std::size_t used = 0;  // bytes of the stack written, from its top (the thread's own start included)
};

template <class F>
void* small_stack_entry(void* arg) {
  (*static_cast<F*>(arg))();
  return nullptr;
}

/// Runs `f` on a new thread whose stack is kStackSize bytes, with an inaccessible page below it.
template <class F>
StackRun run_on_small_stack(F f) {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t total = kStackSize + page;
  void* map = mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(map != MAP_FAILED);
  auto* guard = static_cast<unsigned char*>(map);
  REQUIRE(mprotect(guard, page, PROT_NONE) == 0);  // the stack grows down onto this page
  unsigned char* stack = guard + page;
  std::memset(stack, kPaint, kStackSize);
  pthread_attr_t attr;
  REQUIRE(pthread_attr_init(&attr) == 0);
  REQUIRE(pthread_attr_setstack(&attr, stack, kStackSize) == 0);
  pthread_t thread;
  StackRun run;
  if (pthread_create(&thread, &attr, &small_stack_entry<F>, &f) == 0) {
    pthread_join(thread, nullptr);
    run.ran = true;
    std::size_t untouched = 0;
    while (untouched < kStackSize && stack[untouched] == kPaint) ++untouched;
    run.used = kStackSize - untouched;
  }
  pthread_attr_destroy(&attr);
  munmap(map, total);
  return run;
}

void check_small_stack_run(const std::string& what, const StackRun& run) {
  REQUIRE(run.ran);
  const std::string line = what + ": " + std::to_string(run.used) + " bytes of stack";
  MESSAGE(line);
  CHECK(run.used <= kStackSize);
}

/// Random games of a State through the GameState calls of a search: chance nodes from
/// chance_outcomes, decisions alternately from legal_actions + apply_action (checked) and
/// sample_legal_action + apply_legal_action. Returns the plies played, -1 if a listed action was
/// refused.
template <boardrules::GameState S>
long small_stack_games(int games, std::uint64_t seed) {
  boardrules::Rng rng(seed);
  typename S::ActionIdList ids;
  typename S::ChanceOutcomeList outcomes;
  long plies = 0;
  for (int g = 0; g < games; ++g) {
    S s;
    while (!s.is_terminal()) {
      ++plies;
      if (s.is_chance_node()) {
        s.chance_outcomes(outcomes);
        s.apply_legal_action(outcomes[rng.below(static_cast<std::uint32_t>(outcomes.size()))].action);
      } else if (plies % 2 == 0) {
        s.legal_actions(ids);
        if (!s.apply_action(ids[rng.below(static_cast<std::uint32_t>(ids.size()))]).has_value()) return -1;
      } else {
        s.apply_legal_action(s.sample_legal_action(rng));
      }
    }
  }
  return plies;
}

/// Plays `games` games of each of the three States on a small stack, then again on this
/// thread's ordinary stack: the same plies each (nothing went astray), at least `min_plies` a
/// game for the first.
template <class S0, class S1, class S2>
void check_small_stack_games(const std::string& what, int games, long min_plies) {
  long plies[3] = {0, 0, 0};
  const StackRun run = run_on_small_stack([&] {
    plies[0] = small_stack_games<S0>(games, 1);
    plies[1] = small_stack_games<S1>(games, 2);
    plies[2] = small_stack_games<S2>(games, 3);
  });
  check_small_stack_run(what, run);
  CHECK(plies[0] > games * min_plies);
  CHECK(plies[0] == small_stack_games<S0>(games, 1));
  CHECK(plies[1] == small_stack_games<S1>(games, 2));
  CHECK(plies[2] == small_stack_games<S2>(games, 3));
}

/// The position with the most plays found (2,226 with 1-1; tests/backgammon/test_perft.cpp).
bg::Position small_stack_widest_position() {
  bg::Position p;
  for (int q : {3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22, 24}) p.set(bg::Side::Mover, q, 1);
  for (int q : {5, 11, 14, 17, 20}) p.set(bg::Side::Opponent, q, 1);
  p.set(bg::Side::Opponent, bg::kBar, 4);
  p.set(bg::Side::Opponent, bg::kOff, 6);
  return p;
}

}  // namespace

TEST_CASE("64 KiB stack: backgammon State loops (legal_actions, apply_action, sample_legal_action)") {
  // Most random money games end early, by a dropped double.
  check_small_stack_games<bg::State, bg::NackgammonState, bg::HypergammonState>("backgammon State loops",
                                                                                40 / kSanitizerSlowdown, 5);
}

TEST_CASE("64 KiB stack: Warri State loops") {
  check_small_stack_games<wa::State, wa::BridgetownState, wa::AbapaState>("Warri State loops", 200 / kSanitizerSlowdown,
                                                                          10);
}

TEST_CASE("64 KiB stack: generate_plays into a list on that stack, the widest roll known") {
  std::size_t n = 0;
  const StackRun run = run_on_small_stack([&] {
    bg::PlayList list;  // the caller's list (30 KB), on the small stack
    bg::generate_plays(small_stack_widest_position(), bg::Dice(1, 1), list);
    n = list.size();
  });
  check_small_stack_run("generate_plays, 2,226 plays", run);
  CHECK(n == 2226);  // the count of the reference generator (tests/backgammon/test_perft.cpp)
}

TEST_CASE("64 KiB stack: generate_packed_plays, the widest roll known") {
  std::size_t n = 0;
  const StackRun run = run_on_small_stack([&] {
    bg::PackedPlayList packed;  // a search's list of one ply (12 KB), on the small stack
    bg::generate_packed_plays(small_stack_widest_position(), bg::Dice(1, 1), packed);
    n = packed.size();
  });
  check_small_stack_run("generate_packed_plays, 2,226 plays", run);
  CHECK(n == 2226);
}

TEST_CASE("64 KiB stack: perft(3) of both games") {
  std::uint64_t bg3 = 0, wa3 = 0;
  const StackRun run = run_on_small_stack([&] {
    bg3 = bg::perft(bg::Position::start(), 3);
    wa3 = wa::perft(wa::Position::start(), 3);
  });
  check_small_stack_run("perft(3), backgammon and Warri", run);
  CHECK(bg3 == 116154993);                            // docs/perft.md, agreed with the reference and other engines
  CHECK(wa3 > 36);                                    // more than perft(2) = 36 (tests/warri/test_perft.cpp)
  CHECK(wa3 == wa::perft(wa::Position::start(), 3));  // as on this thread's ordinary stack
}

#endif
