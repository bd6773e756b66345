# CLI tests of the front-end features of the backgammon program: standard move notation in
# `apply`, `moves --text` and `replay` (examples/backgammon/cmd_{apply,moves,replay}.cpp).
# Included by tests/cli/CMakeLists.txt.
set(bgf_notation "${PROJECT_SOURCE_DIR}/tests/data/backgammon/gnubg_notation.txt")

# apply: every play of gnubg_notation.txt, in gnubg's own text, reaches gnubg's position (BG-3.9).
bg_cli_test(bg_front_apply_gnubg ARGS "apply" MODE=apply_gnubg "DATA=${bgf_notation}" "STDERR_REGEX=^$")
# apply: bad lines are named on stderr, the good ones printed, exit 1 at the end.
bg_cli_test(bg_front_apply_bad ARGS "apply" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_front_apply_bad.txt" EXPECT_RC=1
            "STDOUT_REGEX=^4HPwATCwZ/ABMA\n4HPwATDgc/ADIA\n$"
            "STDERR_REGEX=line 3: move: a legal play exists[^\n]*\n[^\n]*line 4: dice must be 1 to 6[^\n]*\n[^\n]*line 5: position id[^\n]*\n[^\n]*line 6: move text: expected a point[^\n]*\n[^\n]*line 7: move: step 2 \\(6/3\\): no die[^\n]*\n[^\n]*line 8: move: step 1 \\(24/19\\): the landing point 19 is held by the opponent \\(BG-3.4\\)\n$")
bg_cli_test(bg_front_apply_args ARGS "apply|x" EXPECT_RC=2 "STDERR_REGEX=usage: backgammon apply")
# moves --text: two cases whose every play gnubg_notation.txt lists (20 and 45 plays): each ID
# followed by gnubg's own text for that play.
foreach(c 0xnDAQNmboMBAw_2_6 Z88DAETO3DAoEA_2_3)
  string(REPLACE "/" "" cname "${c}")
  bg_cli_test(bg_front_moves_text_${cname} ARGS "moves|--text" MODE=moves_text "CASE=${c}" "DATA=${bgf_notation}"
              "STDERR_REGEX=^$")
endforeach()
# replay: the gnubg records with their move lines in gnubg's own notation (chains, repeats,
# hits) give gnubg's results and final IDs: cli_bg_front_replay_notation_* (added with the
# records' replay tests in cli_backgammon_play.cmake).

# Beavers and raccoons (BG-9.4): the GNUbg ID while a raccoon is pending is gnubg's
# (tests/data/backgammon/gen_beaver_ids.py); beyond the limit the beaver is refused; a money-play
# option only. Whole gnubg sessions with beavers: the replays/gnubg_b*.txt records above.
bg_cli_test(bg_front_replay_beaver_pending ARGS "replay|--money|--beavers|2"
            "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_front_beaver_pending.txt"
            "STDOUT_REGEX=^id 4HPkASjgc/ABMA:QhEAAAAAAAAE\n$" "STDERR_REGEX=^$")
bg_cli_test(bg_front_replay_beaver_limit ARGS "replay|--money|--beavers|1"
            "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_front_beaver_pending.txt" EXPECT_RC=2
            "STDERR_REGEX=line 5: beaver: no more than 1 beaver and raccoons in a row are allowed \\(BG-9.4\\)")
bg_cli_test(bg_front_replay_beaver_match ARGS "replay|--match|3|--beavers|1" EXPECT_RC=2
            "STDERR_REGEX=money-play options")
bg_cli_test(bg_front_play_beavers ARGS "play|--money|--beavers|2|--seed|3"
            "STDOUT_REGEX=^Money game, beavers up to 2 in a row, seed 3\n.*Money game over")

# play --view P: the board always from player P's side (P's home board at the bottom, left with
# --home left), the cube beside it (64 in the middle while centered at 1), the turn marked;
# --switch-sides swaps the home board's side after each game (BG-1.5).
bg_cli_test(bg_front_play_view ARGS "play|--match|5|--seed|11|--view|0|--home|left|--switch-sides"
            "STDOUT_REGEX==== Game 1 ===.*\n \\+-1--2--3--4--5--6-------7--8--9-10-11-12-\\+   O: pips [0-9]+, borne off [0-9]+( \\(on roll\\))?\n.*BAR\\|                  \\|   Cube: 64\n.*=== Game 2 ===.*\n \\+12-11-10--9--8--7-------6--5--4--3--2--1-\\+   O: pips"
            "STDERR_REGEX=^$")
bg_cli_test(bg_front_play_view_args ARGS "play|--view|2" EXPECT_RC=2 "STDERR_REGEX=--view needs a player, 0 or 1")
bg_cli_test(bg_front_play_home_args ARGS "play|--home|up" EXPECT_RC=2 "STDERR_REGEX=--home needs left or right")
