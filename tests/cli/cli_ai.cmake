# The game-AI examples run briefly: they must finish a match / a few games without error.
if(TARGET mcts_warri AND TARGET expectimax_backgammon)
  add_test(NAME example_mcts_warri COMMAND mcts_warri --games 2 --iterations 300)
  add_test(NAME example_expectimax_backgammon COMMAND expectimax_backgammon --length 3 --seed 2)
  set_tests_properties(example_mcts_warri PROPERTIES PASS_REGULAR_EXPRESSION "against greedy: [0-9]+ wins")
  set_tests_properties(example_expectimax_backgammon PROPERTIES PASS_REGULAR_EXPRESSION "3-point match")
endif()
