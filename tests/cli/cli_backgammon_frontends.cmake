# CLI tests of the front-end features of the backgammon program: standard move notation in
# `apply`, `moves --text` and `replay` (examples/backgammon/cmd_{apply,moves,replay}.cpp).
# Included by tests/cli/CMakeLists.txt.
set(bgf_prog "$<TARGET_FILE:backgammon>")
set(bgf_work "${CMAKE_CURRENT_BINARY_DIR}/bg_front")
file(MAKE_DIRECTORY "${bgf_work}")
set(bgf_run "${CMAKE_CURRENT_LIST_DIR}/bg_front_run.cmake")

# apply: every play of gnubg_notation.txt, in gnubg's own text, reaches gnubg's position (BG-3.9).
add_test(NAME cli_bg_front_apply_gnubg
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" -DMODE=apply_gnubg
                 "-DDATA=${PROJECT_SOURCE_DIR}/tests/data/backgammon/gnubg_notation.txt" "-DWORK=${bgf_work}"
                 -P "${bgf_run}")
# apply: bad lines are named on stderr, the good ones printed, exit 1 at the end.
add_test(NAME cli_bg_front_apply_bad
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=apply"
                 "-DINPUT=${CMAKE_CURRENT_LIST_DIR}/bg_front_apply_bad.txt" -DEXPECT_RC=1
                 "-DSTDOUT_REGEX=^4HPwATCwZ/ABMA\n4HPwATDgc/ADIA\n$"
                 "-DSTDERR_REGEX=line 3: move: a legal play exists[^\n]*\n[^\n]*line 4: dice must be 1 to 6[^\n]*\n[^\n]*line 5: position id[^\n]*\n[^\n]*line 6: move text: expected a point[^\n]*\n[^\n]*line 7: move: step 2 \\(6/3\\): no die[^\n]*\n[^\n]*line 8: move: step 1 \\(24/19\\): the landing point 19 is held by the opponent \\(BG-3.4\\)\n$"
                 -P "${CMAKE_CURRENT_LIST_DIR}/bg_play_run.cmake")
add_test(NAME cli_bg_front_apply_args
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=apply|x" -DEXPECT_RC=2
                 "-DSTDERR_REGEX=usage: backgammon apply" -P "${CMAKE_CURRENT_LIST_DIR}/bg_play_run.cmake")
# moves --text: two cases whose every play gnubg_notation.txt lists (20 and 45 plays): each ID
# followed by gnubg's own text for that play.
foreach(c 0xnDAQNmboMBAw_2_6 Z88DAETO3DAoEA_2_3)
  string(REPLACE "/" "" cname "${c}")
  file(MAKE_DIRECTORY "${bgf_work}/${cname}")
  add_test(NAME cli_bg_front_moves_text_${cname}
           COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" -DMODE=moves_text "-DCASE=${c}"
                   "-DDATA=${PROJECT_SOURCE_DIR}/tests/data/backgammon/gnubg_notation.txt"
                   "-DWORK=${bgf_work}/${cname}" -P "${bgf_run}")
endforeach()
# replay: the gnubg records with their move lines in gnubg's own notation (chains, repeats,
# hits) give gnubg's results and final IDs: cli_bg_front_replay_notation_* (added with the
# records' replay tests in cli_backgammon_play.cmake).

# Beavers and raccoons (BG-9.4): the GNUbg ID while a raccoon is pending is gnubg's
# (tests/data/backgammon/gen_beaver_ids.py); beyond the limit the beaver is refused; a money-play
# option only. Whole gnubg sessions with beavers: the replays/gnubg_b*.txt records above.
set(bgf_play_run "${CMAKE_CURRENT_LIST_DIR}/bg_play_run.cmake")
add_test(NAME cli_bg_front_replay_beaver_pending
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=replay|--money|--beavers|2"
                 "-DINPUT=${CMAKE_CURRENT_LIST_DIR}/bg_front_beaver_pending.txt"
                 "-DSTDOUT_REGEX=^id 4HPkASjgc/ABMA:QhEAAAAAAAAE\n$"
                 "-DSTDERR_REGEX=^$" -P "${bgf_play_run}")
add_test(NAME cli_bg_front_replay_beaver_limit
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=replay|--money|--beavers|1"
                 "-DINPUT=${CMAKE_CURRENT_LIST_DIR}/bg_front_beaver_pending.txt" -DEXPECT_RC=2
                 "-DSTDERR_REGEX=line 5: beaver: no more than 1 beaver and raccoons in a row are allowed \\(BG-9.4\\)"
                 -P "${bgf_play_run}")
add_test(NAME cli_bg_front_replay_beaver_match
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=replay|--match|3|--beavers|1" -DEXPECT_RC=2
                 "-DSTDERR_REGEX=money-play options" -P "${bgf_play_run}")
add_test(NAME cli_bg_front_play_beavers
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=play|--money|--beavers|2|--seed|3"
                 "-DSTDOUT_REGEX=^Money game, beavers up to 2 in a row, seed 3\n.*Money game over" -P "${bgf_play_run}")

# play --view P: the board always from player P's side (P's home board at the bottom, left with
# --home left), the cube beside it (64 in the middle while centered at 1), the turn marked;
# --switch-sides swaps the home board's side after each game (BG-1.5).
add_test(NAME cli_bg_front_play_view
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=play|--match|5|--seed|11|--view|0|--home|left|--switch-sides"
                 "-DSTDOUT_REGEX==== Game 1 ===.*\n \\+-1--2--3--4--5--6-------7--8--9-10-11-12-\\+   O: pips [0-9]+, borne off [0-9]+( \\(on roll\\))?\n.*BAR\\|                  \\|   Cube: 64\n.*=== Game 2 ===.*\n \\+12-11-10--9--8--7-------6--5--4--3--2--1-\\+   O: pips"
                 "-DSTDERR_REGEX=^$" -P "${bgf_play_run}")
add_test(NAME cli_bg_front_play_view_args
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=play|--view|2" -DEXPECT_RC=2
                 "-DSTDERR_REGEX=--view needs a player, 0 or 1" -P "${bgf_play_run}")
add_test(NAME cli_bg_front_play_home_args
         COMMAND ${CMAKE_COMMAND} "-DPROG=${bgf_prog}" "-DARGS=play|--home|up" -DEXPECT_RC=2
                 "-DSTDERR_REGEX=--home needs left or right" -P "${bgf_play_run}")
