# The example bots beaver where money play allows it (BG-9.4): `backgammon play` with beavers on,
# on fixed seeds where the heuristic bot (player 1) faces a double while it is not behind in the
# race, and where the random bot beavers and the heuristic bot, to decide, takes (no raccoon).
if(TARGET backgammon)
  add_test(NAME cli_bg_bots_beaver COMMAND backgammon play --money --beavers 2 --seed 2)
  set_tests_properties(cli_bg_bots_beaver PROPERTIES PASS_REGULAR_EXPRESSION
                       "player 1 \\(X, heuristic\\) beavers: redoubles to 8 at once\nplayer 0 \\(O, random\\) takes")
  add_test(NAME cli_bg_bots_random_beaver COMMAND backgammon play --money --beavers 2 --seed 7)
  set_tests_properties(cli_bg_bots_random_beaver PROPERTIES PASS_REGULAR_EXPRESSION
                       "player 0 \\(O, random\\) beavers: redoubles to 4 at once\nplayer 1 \\(X, heuristic\\) takes")
  # Beavers off: nobody beavers.
  add_test(NAME cli_bg_bots_no_beaver COMMAND backgammon play --money --seed 2)
  set_tests_properties(cli_bg_bots_no_beaver PROPERTIES FAIL_REGULAR_EXPRESSION "beavers:|raccoons:"
                       PASS_REGULAR_EXPRESSION "Money game over")
endif()
