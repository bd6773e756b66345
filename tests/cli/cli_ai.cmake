# The game-AI examples run briefly: they must finish a match / a few games without error.
if(TARGET mcts_warri AND TARGET expectimax_backgammon)
  add_test(NAME example_mcts_warri COMMAND mcts_warri --games 2 --iterations 300)
  add_test(NAME example_expectimax_backgammon COMMAND expectimax_backgammon --length 3 --seed 2)
  set_tests_properties(example_mcts_warri PROPERTIES PASS_REGULAR_EXPRESSION "against greedy: [0-9]+ wins")
  set_tests_properties(example_expectimax_backgammon PROPERTIES PASS_REGULAR_EXPRESSION "3-point match")
  # With GNU Backgammon's two-sided 3x3 and one-sided 3-point bear-off files (makebearoff's, the
  # oracle files of the bear-off tests): the match is played and the databases value positions;
  # a Hypergammon file is refused (the player plays standard backgammon).
  set(ai_bearoff "${PROJECT_SOURCE_DIR}/tests/data/backgammon/bearoff")
  add_test(NAME example_expectimax_backgammon_db
           COMMAND expectimax_backgammon --length 3 --seed 2 --db "${ai_bearoff}/ts3x3.bd" --db "${ai_bearoff}/os3.bd")
  set_tests_properties(example_expectimax_backgammon_db PROPERTIES PASS_REGULAR_EXPRESSION
                       "3-point match[^\n]*\n[1-9][0-9]* values from the databases\n$")
  add_test(NAME example_expectimax_backgammon_db_hyper
           COMMAND expectimax_backgammon --db "${ai_bearoff}/hyper1.bd")
  set_tests_properties(example_expectimax_backgammon_db_hyper PROPERTIES PASS_REGULAR_EXPRESSION
                       "answers only Hypergammon positions")
endif()
