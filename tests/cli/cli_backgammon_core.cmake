# CLI tests of the backgammon program's core subcommands: perft, moves, show
# (examples/backgammon/cmd_{perft,moves,show}.cpp). Included by tests/cli/CMakeLists.txt.
set(bg_gnubg "${PROJECT_SOURCE_DIR}/tests/data/backgammon/gnubg_moves.txt")

# perft from the start (docs/rules/backgammon.md, Perft): 447 at depth 1, 202,782 at depth 2, every --leaves mode.
bg_cli_test(bg_core_perft0 ARGS "perft|0" LAST_LINE=1 STDOUT_LINES=1)
bg_cli_test(bg_core_perft1 ARGS "perft|1" LAST_LINE=447 STDOUT_LINES=1)
bg_cli_test(bg_core_perft2 ARGS "perft|2" LAST_LINE=202782)
foreach(mode count list make)
  bg_cli_test(bg_core_perft2_${mode} ARGS "perft|2|--leaves|${mode}" LAST_LINE=202782)
endforeach()
bg_cli_test(bg_core_perft1_id ARGS "perft|1|4HPwATDgc/ABMA|--leaves|make" LAST_LINE=447)
# --divide: 21 roll lines then the total; 2-1 has 15 plays and 6-6 has 11 from the start (gnubg).
bg_cli_test(bg_core_perft1_divide ARGS "perft|1|--divide" LAST_LINE=447 STDOUT_LINES=22
            "STDOUT_REGEX=(^|\n)2-1 15\n.*(^|\n)6-6 11\n")
bg_cli_test(bg_core_perft2_divide ARGS "perft|2|--divide|--leaves|list" LAST_LINE=202782 STDOUT_LINES=22)
# No legal play from the bar against a closed board: one pass child (gnubg's 27bBAQDg/wMAYA).
# --threads / --hash: the same counts and lines (116,154,993: perft(3), see test_perft_parallel.cpp).
bg_cli_test(bg_core_perft3_threads_hash ARGS "perft|3|--threads|2|--hash|1" LAST_LINE=116154993 STDOUT_LINES=1)
bg_cli_test(bg_core_perft1_divide_threads ARGS "perft|1|--divide|--threads|3" LAST_LINE=447 STDOUT_LINES=22
            "STDOUT_REGEX=(^|\n)2-1 15\n.*(^|\n)6-6 11\n")
bg_cli_test(bg_core_perft_bad_threads ARGS "perft|2|--threads|-1" EXPECT_RC=2 "STDERR_REGEX=--threads")
bg_cli_test(bg_core_perft1_closed ARGS "perft|1|27bBAQDg/wMAYA" STDOUT_LINES=1 "STDOUT_REGEX=^[0-9]+\n$")

# moves: the gnubg oracle vectors, output byte-for-byte equal to the file.
bg_cli_test(bg_core_moves_gnubg ARGS "moves" MODE=moves_gnubg "DATA=${bg_gnubg}" "STDERR_REGEX=^$")
# moves: bad lines get a message naming the line on stderr; reading goes on; exit 1 at the end.
bg_cli_test(bg_core_moves_bad_lines ARGS "moves" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_core_bad_moves.txt" EXPECT_RC=1
            STDOUT_LINES=2
            "STDOUT_REGEX=^4HPwATDgc/ABMA 2 1 15 [^\n]*\n4HPwATDgc/ABMA 6 6 11 [^\n]*\n$"
            "STDERR_REGEX=line 2: expected[^\n]*found 5 fields\n[^\n]*line 3: position id: expected 14 characters, found 13\n[^\n]*line 5: die 1 must be 1 to 6, not '7'\n[^\n]*line 6: [^\n]*found 4 fields\n[^\n]*line 7: [^\n]*'!'[^\n]*offset 8[^\n]*\n[^\n]*line 8: [^\n]*more than 15 checkers")
bg_cli_test(bg_core_moves_args ARGS "moves|extra" EXPECT_RC=2 "STDERR_REGEX=usage: backgammon moves")

# show: the board, pip counts, both orientations (BG-1.5).
bg_cli_test(bg_core_show_start ARGS "show|4HPwATDgc/ABMA"
            "STDOUT_REGEX=Position ID: 4HPwATDgc/ABMA\n \\+13-14-15-16-17-18------19-20-21-22-23-24-\\+ +O: pips 167[^\n]*\n.*\n \\+12-11-10--9--8--7-------6--5--4--3--2--1-\\+ +X: pips 167")
bg_cli_test(bg_core_show_left ARGS "show|YAAAAAAABAAAAA|--home|left"
            "STDOUT_REGEX=\\+24-23-22-21-20-19------18-17-16-15-14-13-\\+ +O: pips 12, borne off 13\n \\| X +O \\|.*\\+-1--2--3--4--5--6-------7--8--9-10-11-12-\\+ +X: pips 24, borne off 14")

# Bad arguments: usage on stderr, exit 2.
bg_cli_test(bg_core_bad_perft_none ARGS "perft" EXPECT_RC=2 "STDERR_REGEX=missing <depth>.*usage: backgammon perft")
bg_cli_test(bg_core_bad_perft_depth ARGS "perft|-1" EXPECT_RC=2 "STDERR_REGEX=the depth needs a whole number 0..64.*usage:")
bg_cli_test(bg_core_bad_perft_word ARGS "perft|two" EXPECT_RC=2 "STDERR_REGEX=the depth needs a whole number 0..64.*usage:")
bg_cli_test(bg_core_bad_perft_leaves ARGS "perft|1|--leaves|fast" EXPECT_RC=2 "STDERR_REGEX=unknown --leaves value 'fast'")
bg_cli_test(bg_core_bad_perft_leaves_missing ARGS "perft|1|--leaves" EXPECT_RC=2 "STDERR_REGEX=--leaves needs a value")
bg_cli_test(bg_core_bad_perft_id ARGS "perft|1|4HPwATDgc/ABMB" EXPECT_RC=2 "STDERR_REGEX=padding.*usage:")
bg_cli_test(bg_core_bad_perft_extra ARGS "perft|1|4HPwATDgc/ABMA|x" EXPECT_RC=2 "STDERR_REGEX=unexpected argument 'x'")
bg_cli_test(bg_core_bad_perft_option ARGS "perft|1|--fast" EXPECT_RC=2 "STDERR_REGEX=unknown option '--fast'")
bg_cli_test(bg_core_bad_show_none ARGS "show" EXPECT_RC=2 "STDERR_REGEX=missing <position-id>")
bg_cli_test(bg_core_bad_show_id ARGS "show|4HPwATDgc" EXPECT_RC=2 "STDERR_REGEX=found 9.*usage: backgammon show")
bg_cli_test(bg_core_bad_show_home ARGS "show|4HPwATDgc/ABMA|--home|up" EXPECT_RC=2 "STDERR_REGEX=unknown --home value 'up'")
