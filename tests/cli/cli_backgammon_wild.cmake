# Match files as players have them (tests/data/backgammon/wild, with what GNU Backgammon reads of
# them), and GNU Backgammon's own exports (tests/data/backgammon/records): boardrules reads every
# file GNU Backgammon reads, with its games, final score, and the position before every record.
if(Python3_Interpreter_FOUND)
  set(bg_wild_check "${CMAKE_CURRENT_LIST_DIR}/bg_wild_check.py")
  set(bg_wild "${PROJECT_SOURCE_DIR}/tests/data/backgammon/wild")
  add_test(NAME cli_bg_wild_lenient
           COMMAND "${Python3_EXECUTABLE}" "${bg_wild_check}" "$<TARGET_FILE:backgammon>"
                   "${bg_wild}/gnubg_oracle.txt"
                   # the tag [Jacoby "Off"], which GNU Backgammon's import does not heed
                   # (docs/validation.md)
                   --except bg-db/KR-TL_2026-10-08_resign-gammon.txt)
  # GNU Backgammon's own save of a game played on from a position edited into it (setup nodes,
  # the turn it leaves implied), read strictly
  add_test(NAME cli_bg_wild_gnubg_edited
           COMMAND "${Python3_EXECUTABLE}" "${bg_wild_check}" "$<TARGET_FILE:backgammon>"
                   "${PROJECT_SOURCE_DIR}/tests/data/backgammon/edited/gnubg_oracle.txt" --strict)
  # a hidden play (`42: ???`) in the middle of a game, no resignation after it
  add_test(NAME cli_bg_wild_hidden_midgame
           COMMAND "${Python3_EXECUTABLE}" "${bg_wild_check}" "$<TARGET_FILE:backgammon>"
                   "${PROJECT_SOURCE_DIR}/tests/data/backgammon/hidden/gnubg_oracle.txt")
  # GNU Backgammon's own .mat import differs from its .sgf of the same session in five files
  # (docs/validation.md): beavers, the Crawford rule off, a throw not played before a resignation
  add_test(NAME cli_bg_wild_gnubg_exports
           COMMAND "${Python3_EXECUTABLE}" "${bg_wild_check}" "$<TARGET_FILE:backgammon>"
                   "${bg_wild}/gnubg_records_oracle.txt" --strict
                   --except ../records/gnubg_10_money_jacoby_beavers1.mat,../records/gnubg_20_money_jacoby_beavers1.mat,../records/gnubg_07_match5_nocrawford.mat,../records/gnubg_17_match5_nocrawford.mat,../records/gnubg_12_match3.mat)
endif()
# Strict refuses a play cut after one die; --lenient reads it, each thing wrong a warning with
# its line; --decisions lists fewer IDs than every record.
set(bg_cut "${PROJECT_SOURCE_DIR}/tests/data/backgammon/wild/bg-db/game-ends-play-cut-after-one-die.mat")
bg_cli_test(bg_wild_strict_refuses ARGS "convert|--from|mat|--to|ids|${bg_cut}" EXPECT_RC=2
            "STDERR_REGEX=game 3, move 40, left column: this throw must be played with 2 dice, not 1 [(]BG-3.6[)]")
bg_cli_test(bg_wild_lenient_warns ARGS "convert|--lenient|--from|mat|--to|ids|${bg_cut}" STDOUT_LINES=193
            "STDERR_REGEX=game-ends-play-cut-after-one-die.mat:80: warning: game 3, move 40, left column: this throw must be played with 2 dice, not 1 [(]BG-3.6[)]: read as written")
bg_cli_test(bg_wild_lenient_decisions ARGS "convert|--lenient|--decisions|--from|mat|--to|ids|${bg_cut}"
            STDOUT_LINES=166)
# A hidden play (`????`) before a resignation is read strictly; in the middle of a game strict
# reading names it at its own place, and --lenient warns and reads it as GNU Backgammon does.
set(bg_hidden_end "${PROJECT_SOURCE_DIR}/tests/data/backgammon/wild/bg-db/galaxy-hidden-play-ends-match_7pt.txt")
set(bg_hidden_mid "${PROJECT_SOURCE_DIR}/tests/data/backgammon/hidden/galaxy-hidden-play-midgame_7pt.txt")
bg_cli_test(bg_wild_hidden_resign_strict ARGS "convert|--from|mat|--to|mat|${bg_hidden_end}" "STDERR_REGEX=^$"
            "STDOUT_REGEX= 37\\) 41: 2/1\\* 2/0 +43: \n +Wins 2 points\n")
bg_cli_test(bg_wild_hidden_midgame_strict ARGS "convert|--from|mat|--to|ids|${bg_hidden_mid}" EXPECT_RC=2
            "STDERR_REGEX=game 3, move 3, left column: the play of 42 is hidden [(][?][?][?][)] and no resignation follows: the throw has a legal play [(]BG-3.5[)]")
bg_cli_test(bg_wild_hidden_midgame_lenient ARGS "convert|--lenient|--from|mat|--to|ids|${bg_hidden_mid}" STDOUT_LINES=204
            "STDERR_REGEX=galaxy-hidden-play-midgame_7pt.txt:90: warning: game 3, move 3, left column: the play of 42 is hidden [(][?][?][?][)] and no resignation follows: the throw has a legal play [(]BG-3.5[)]: read as written [(]the checkers stay, the turn passes[)]")
