// The trace of one deterministic game through the C++ State, for the Python tests to compare
// with the binding: at ply k the action at index (31 k + game) mod n of the legal actions (at a
// chance node: of the chance outcomes) is taken; each line is "<state text> <action>", the last
// "end <return 0> <return 1>".
//   boardrules_trace backgammon|warri <game>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "boardrules/backgammon/ai/state.hpp"
#include "boardrules/core/game_state.hpp"
#include "boardrules/warri/ai/state.hpp"

template <boardrules::GameState S>
int trace(S s, int game) {
  typename S::ActionIdList ids;
  typename S::ChanceOutcomeList outcomes;
  std::vector<int> legal;
  for (int ply = 0; !s.is_terminal(); ++ply) {
    legal.clear();
    if (s.is_chance_node()) {
      s.chance_outcomes(outcomes);
      for (const auto& o : outcomes) legal.push_back(o.action);
    } else {
      s.legal_actions(ids);
      legal.assign(ids.begin(), ids.end());
    }
    const int a = legal[static_cast<std::size_t>((ply * 31 + game) % static_cast<int>(legal.size()))];
    std::printf("%s %d\n", s.to_string().c_str(), a);
    if (!s.apply_action(a).has_value()) return 1;
  }
  const auto r = s.returns();
  std::printf("end %g %g\n", r[0], r[1]);
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: boardrules_trace backgammon|warri <game>\n");
    return 2;
  }
  const std::string which = argv[1];
  const int game = std::atoi(argv[2]);
  if (which == "backgammon")
    return trace(boardrules::backgammon::State(boardrules::backgammon::SessionRules::match(3)), game);
  if (which == "warri") return trace(boardrules::warri::State(), game);
  return 2;
}
