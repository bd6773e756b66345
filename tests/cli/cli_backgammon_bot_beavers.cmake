# The example bots beaver and raccoon where money play allows it (BG-9.4): `backgammon play` with
# two beavers in a row allowed, on fixed seeds: the heuristic bot (player 1) beavers a double it
# faces while not behind in the race and the random bot raccoons, then, at the limit, a take; the
# random bot beavers and the heuristic bot raccoons; a beaver that is taken.
if(TARGET backgammon)
  add_test(NAME cli_bg_bots_beaver COMMAND backgammon play --money --beavers 2 --seed 2)
  set_tests_properties(cli_bg_bots_beaver PROPERTIES PASS_REGULAR_EXPRESSION
                       "player 1 \\(X, heuristic\\) beavers: redoubles to 8 at once\nplayer 0 \\(O, random\\) raccoons: redoubles to 16 at once\nplayer 1 \\(X, heuristic\\) takes: the cube is at 16, owned by player 1")
  add_test(NAME cli_bg_bots_random_beaver COMMAND backgammon play --money --beavers 2 --seed 7)
  set_tests_properties(cli_bg_bots_random_beaver PROPERTIES PASS_REGULAR_EXPRESSION
                       "player 0 \\(O, random\\) beavers: redoubles to 4 at once\nplayer 1 \\(X, heuristic\\) raccoons: redoubles to 8 at once\nplayer 0 \\(O, random\\) takes: the cube is at 8, owned by player 0")
  add_test(NAME cli_bg_bots_beaver_taken COMMAND backgammon play --money --beavers 2 --seed 11)
  set_tests_properties(cli_bg_bots_beaver_taken PROPERTIES PASS_REGULAR_EXPRESSION
                       "player 1 \\(X, heuristic\\) beavers: redoubles to 4 at once\nplayer 0 \\(O, random\\) takes: the cube is at 4, owned by player 1")
  # Beavers off: nobody beavers.
  add_test(NAME cli_bg_bots_no_beaver COMMAND backgammon play --money --seed 2)
  set_tests_properties(cli_bg_bots_no_beaver PROPERTIES FAIL_REGULAR_EXPRESSION "beavers:|raccoons:"
                       PASS_REGULAR_EXPRESSION "Money game over")
endif()
