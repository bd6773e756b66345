# The game-AI examples run briefly: they must finish a match / a few games without error.
if(TARGET mcts_warri AND TARGET expectimax_backgammon)
  add_test(NAME example_mcts_warri COMMAND mcts_warri --games 2 --iterations 300)
  add_test(NAME example_expectimax_backgammon COMMAND expectimax_backgammon --length 3 --seed 2)
  set_tests_properties(example_mcts_warri PROPERTIES PASS_REGULAR_EXPRESSION "against greedy: [0-9]+ wins")
  # With a Speightstown endgame database of 8 seeds (built first by `warri endgame build`): the
  # simulations stop at covered boards and the games are played to the end.
  if(TARGET warri)
    set(mcts_db "${CMAKE_CURRENT_BINARY_DIR}/runs/mcts_speightstown8.wed")
    file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/runs")
    add_test(NAME example_mcts_warri_db_build COMMAND warri endgame build --seeds 8 -o "${mcts_db}")
    set_tests_properties(example_mcts_warri_db_build PROPERTIES FIXTURES_SETUP mcts_warri_db)
    add_test(NAME example_mcts_warri_db COMMAND mcts_warri --games 2 --iterations 300 --db "${mcts_db}")
    set_tests_properties(example_mcts_warri_db PROPERTIES FIXTURES_REQUIRED mcts_warri_db PASS_REGULAR_EXPRESSION
                         "database of 8 seeds\\) against greedy: [0-9]+ wins")
  endif()
  set_tests_properties(example_expectimax_backgammon PROPERTIES PASS_REGULAR_EXPRESSION "3-point match")
  # With GNU Backgammon's two-sided 3x3 and one-sided 3-point bear-off files (makebearoff's, the
  # oracle files of the bear-off tests): the match is played and the databases value positions.
  set(ai_bearoff "${PROJECT_SOURCE_DIR}/tests/data/backgammon/bearoff")
  add_test(NAME example_expectimax_backgammon_db
           COMMAND expectimax_backgammon --length 3 --seed 2 --db "${ai_bearoff}/ts3x3.bd" --db "${ai_bearoff}/os3.bd")
  set_tests_properties(example_expectimax_backgammon_db PROPERTIES PASS_REGULAR_EXPRESSION
                       "3-point match[^\n]*\n[1-9][0-9]* values from the databases\n$")
  # ai_usage_test(<name> <args> <stderr regex>): expectimax_backgammon with those arguments ('|'
  # separated) stops with exit status 2 and that usage error, printing nothing on stdout.
  function(ai_usage_test name args regex)
    set(work "${CMAKE_CURRENT_BINARY_DIR}/runs/${name}")
    file(MAKE_DIRECTORY "${work}")
    add_test(NAME ${name}
             COMMAND ${CMAKE_COMMAND} "-DPROG=$<TARGET_FILE:expectimax_backgammon>" "-DARGS=${args}" "-DWORK=${work}"
                     -DEXPECT_RC=2 "-DSTDOUT_REGEX=^$" "-DSTDERR_REGEX=${regex}"
                     -P "${CMAKE_CURRENT_LIST_DIR}/run_program.cmake")
  endfunction()
  # A Hypergammon file (makehyper -c 1) is refused in standard backgammon, and in Hypergammon
  # because it has 1 checker a side where the game has 3.
  ai_usage_test(example_expectimax_backgammon_db_hyper "--db|${ai_bearoff}/hyper1.bd"
                "hyper1.bd: a Hypergammon database answers only Hypergammon positions, not standard ones. give --variant hypergammon")
  ai_usage_test(example_expectimax_backgammon_hyper_db_checkers "--variant|hypergammon|--db|${ai_bearoff}/hyper1.bd"
                "hyper1.bd: a 1-checker Hypergammon database answers only positions of 1 checker a side. Hypergammon is played with 3")
  ai_usage_test(example_expectimax_backgammon_bad_variant "--variant|hyper" "--variant needs standard or hypergammon")
  # --variant hypergammon: a Hypergammon match is played to its end, and the two-sided 3x3
  # bear-off database answers its bear-offs with a checker off on each side (the same races as in
  # standard backgammon).
  add_test(NAME example_expectimax_backgammon_hyper COMMAND expectimax_backgammon --variant hypergammon --length 3 --seed 2)
  set_tests_properties(example_expectimax_backgammon_hyper PROPERTIES PASS_REGULAR_EXPRESSION
                       "^Hypergammon, 3-point match, expectimax \\(player 0\\) against the heuristic player: [0-9]+-[0-9]+, [a-z]+ wins")
  add_test(NAME example_expectimax_backgammon_hyper_db
           COMMAND expectimax_backgammon --variant hypergammon --length 3 --seed 2 --db "${ai_bearoff}/ts3x3.bd")
  set_tests_properties(example_expectimax_backgammon_hyper_db PROPERTIES PASS_REGULAR_EXPRESSION
                       "^Hypergammon, 3-point match[^\n]*\n[1-9][0-9]* values from the databases\n$")
endif()
# With a 3-checker Hypergammon database (BOARDRULES_HYPER3_DB, cli_backgammon_play.cmake): the
# expectimax player's Hypergammon match uses it.
if(TARGET expectimax_backgammon AND BOARDRULES_HYPER3_DB)
  add_test(NAME example_expectimax_backgammon_hyper3_db
           COMMAND expectimax_backgammon --variant hypergammon --length 3 --seed 2 --db "${BOARDRULES_HYPER3_DB}")
  set_tests_properties(example_expectimax_backgammon_hyper3_db PROPERTIES PASS_REGULAR_EXPRESSION
                       "^Hypergammon, 3-point match[^\n]*\n[1-9][0-9]* values from the databases\n$")
endif()

# The cube-aware match player against the same player that never doubles: a few mirrored pairs
# of 7-point matches (the bear-off database of 3 points, built first), the result's format; a bad
# flag is a usage error (exit status 2, nothing on stdout).
if(TARGET cube_match)
  add_test(NAME example_cube_match COMMAND cube_match --pairs 20 --bearoff-points 3 --seed 5)
  set_tests_properties(example_cube_match PROPERTIES PASS_REGULAR_EXPRESSION
                       "^7-point matches, 20 mirrored pairs \\(40 matches, [0-9]+ games\\), bear-off database of 3 points\ncube-aware against never-doubles: [0-9]+ of 40 matches won, [0-9]+\\.[0-9]% \\(95% CI -?[0-9]+\\.[0-9]% \\.\\. [0-9]+\\.[0-9]%\\)\ndoubles offered by the cube-aware player: [1-9][0-9]* \\([0-9]+ passed\\)\n$")
  set(work "${CMAKE_CURRENT_BINARY_DIR}/runs/example_cube_match_usage")
  file(MAKE_DIRECTORY "${work}")
  add_test(NAME example_cube_match_usage
           COMMAND ${CMAKE_COMMAND} "-DPROG=$<TARGET_FILE:cube_match>" "-DARGS=--pairs|0" "-DWORK=${work}"
                   -DEXPECT_RC=2 "-DSTDOUT_REGEX=^$" "-DSTDERR_REGEX=--pairs needs a whole number 1..10000000, not "
                   -P "${CMAKE_CURRENT_LIST_DIR}/run_program.cmake")
endif()
