# CLI tests of the backgammon program's game-layer subcommands: replay, convert, play
# (examples/backgammon/cmd_{replay,convert,play}.cpp). Included by tests/cli/CMakeLists.txt.
set(bgp_data "${PROJECT_SOURCE_DIR}/tests/data/backgammon/replays")

# replay: every match and money session recorded inside GNU Backgammon (record_gnubg.py) gives
# gnubg's results and final GNUbg ID, byte for byte.
file(GLOB bgp_replays CONFIGURE_DEPENDS "${bgp_data}/gnubg_*.txt")
foreach(f IN LISTS bgp_replays)
  get_filename_component(n "${f}" NAME_WE)
  file(STRINGS "${f}" opt REGEX "^# options: ")
  string(REPLACE "# options: " "" opt "${opt}")
  string(REPLACE " " "|" opt "${opt}")
  bg_cli_test(bg_play_replay_${n} ARGS "replay|${opt}" "INPUT=${f}" "EXPECTED=${bgp_data}/${n}.expected" "STDERR_REGEX=^$")
  # the same record with its move lines in gnubg's own notation (its "# gnubg:" comments)
  bg_cli_test(bg_front_replay_notation_${n} ARGS "replay|${opt}" MODE=replay_gnubg "DATA=${f}"
              "EXPECTED=${bgp_data}/${n}.expected" "STDERR_REGEX=^$")
endforeach()

# replay: errors name the line and the reason on stderr, exit 2, after the lines already printed.
bg_cli_test(bg_play_replay_error_after_game ARGS "replay|--match|3" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_replay_errors.txt"
            EXPECT_RC=2 "STDOUT_REGEX=^game 1 winner 1 points 1 score 0-1\n$"
            "STDERR_REGEX=line 7: double: a double may be offered only at the start of the turn")
bg_cli_test(bg_play_replay_illegal_move ARGS "replay|--money" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_replay_illegal.txt"
            EXPECT_RC=2 "STDOUT_REGEX=^$" "STDERR_REGEX=line 2: move: this throw must be played with 2 dice, not 1")
bg_cli_test(bg_play_replay_bad_line ARGS "replay|--money" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_replay_bad_line.txt"
            EXPECT_RC=2 "STDERR_REGEX=line 3: roll needs two dice 1..6")
bg_cli_test(bg_play_replay_args ARGS "replay|--match|3|--jacoby" EXPECT_RC=2 "STDERR_REGEX=money-play options.*usage: backgammon replay")
bg_cli_test(bg_play_replay_no_mode ARGS "replay" EXPECT_RC=2 "STDERR_REGEX=give --match N or --money")

# convert: XGID -> GNUbg ID equals GNU Backgammon's own `set xgid` (40 vectors from xgid_gnubg.txt).
bg_cli_test(bg_play_convert_xgids ARGS "convert" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_convert_xgids.txt"
            "EXPECTED=${CMAKE_CURRENT_LIST_DIR}/bg_play_convert_xgids.expected" "STDERR_REGEX=^$")
# convert: GNUbg ID -> XGID; every expected XGID was checked with GNU Backgammon, whose `set xgid`
# gives back the GNUbg ID (tests/data/backgammon/replays/check_convert.py: 40 ok, 0 bad).
bg_cli_test(bg_play_convert_ids ARGS "convert" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_convert_ids.txt"
            "EXPECTED=${CMAKE_CURRENT_LIST_DIR}/bg_play_convert_ids.expected" "STDERR_REGEX=^$")
# convert: bad lines are reported with their line number, the good ones converted, exit 2.
bg_cli_test(bg_play_convert_bad ARGS "convert" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_convert_bad.txt" EXPECT_RC=2
            "STDOUT_REGEX=^4HPwATDgc/ABMA:cAkAAAAAAAAE\nXGID=-b----E-C---eE---c-e----B-:0:0:1:21:0:0:0:5:10\n$"
            "STDERR_REGEX=line 2: gnubg id: a GNUbg ID is PositionID:MatchID[^\n]*\n[^\n]*line 3: xgid dice: dice must be 00, D or two digits 1..6 \\(at offset 38\\)")
bg_cli_test(bg_play_convert_args ARGS "convert|XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
            "STDOUT_REGEX=^4HPwATDgc/ABMA:cAkAAAAAAAAE\n$")
# convert --from/--to: match records saved by GNU Backgammon (tests/data/backgammon/records,
# record_gnubg_mat.py). A .sgf comes back byte for byte; a .mat gives the GNUbg ID before every
# decision as gnubg gave it while playing (NAME.decisions; --decisions: the decisions only).
set(bgp_records "${PROJECT_SOURCE_DIR}/tests/data/backgammon/records")
bg_cli_test(bg_play_convert_sgf ARGS "convert|--from|sgf|--to|sgf|--beavers|1|${bgp_records}/gnubg_10_money_jacoby_beavers1.sgf"
            "EXPECTED=${bgp_records}/gnubg_10_money_jacoby_beavers1.sgf" "STDERR_REGEX=^$")
bg_cli_test(bg_play_convert_mat_ids ARGS "convert|--from|mat|--to|ids|--decisions|${bgp_records}/gnubg_05_match9.mat"
            "EXPECTED=${bgp_records}/gnubg_05_match9.decisions" "STDERR_REGEX=^$")
bg_cli_test(bg_play_convert_sgf_ids ARGS "convert|--from|sgf|--to|ids|--decisions|--beavers|2|${bgp_records}/gnubg_06_money_beavers2.sgf"
            "EXPECTED=${bgp_records}/gnubg_06_money_beavers2.decisions" "STDERR_REGEX=^$")
# --to script: every record as a replay script, replayed, gives gnubg's result of every game
add_test(NAME cli_bg_play_convert_script
         COMMAND ${CMAKE_COMMAND} "-DPROG=$<TARGET_FILE:backgammon>" "-DDATA=${bgp_records}"
                 "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/runs" -P "${CMAKE_CURRENT_LIST_DIR}/bg_convert_script.cmake")
# from stdin; an illegal play (13/6 with 6-4) is named by game, move and column, exit 2
bg_cli_test(bg_play_convert_mat_bad ARGS "convert|--from|mat|--to|sgf|-" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_convert_bad.mat"
            EXPECT_RC=2 "STDOUT_REGEX=^$" "STDERR_REGEX=^backgammon convert: -: game 1, move 2, left column: ")
bg_cli_test(bg_play_convert_record_args ARGS "convert|--from|txt|--to|mat|x" EXPECT_RC=2
            "STDERR_REGEX=--from must be mat, sgf, xg or xgp")
# --to mat of what .mat cannot hold is refused (exit 2), not written so that it reads back wrong:
# an edited position (GNU Backgammon's save of a game played on from one), a name with a ':'
# (read from an .sgf), a name holding an ESC, shown escaped.
bg_cli_test(bg_play_convert_mat_edited ARGS "convert|--from|sgf|--to|mat|${PROJECT_SOURCE_DIR}/tests/data/backgammon/edited/gnubg_edited_match5.sgf"
            EXPECT_RC=2 "STDOUT_REGEX=^$"
            "STDERR_REGEX=gnubg_edited_match5.sgf: game 1, [^\n]*: an edited position .a setup step.: .mat cannot hold it\n$")
bg_cli_test(bg_play_convert_mat_name ARGS "convert|--from|sgf|--to|mat|-" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_convert_name_colon.sgf"
            EXPECT_RC=2 "STDOUT_REGEX=^$"
            "STDERR_REGEX=^backgammon convert: -: players: player 0's name .A:.x1B.31mB. holds a ':'")
# --from xg: eXtreme Gammon files built by tests/data/backgammon/xg/make_xg.py; from a file or
# stdin; an unsupported version, an illegal play, a directory named as the file.
set(bgp_xg "${PROJECT_SOURCE_DIR}/tests/data/backgammon/xg")
bg_cli_test(bg_play_convert_xg_mat ARGS "convert|--from|xg|--to|mat|${bgp_xg}/match3.xg" "STDERR_REGEX=^$"
            "STDOUT_REGEX=Event \"Test Cup\".*EventDate \"2023.03.15\".*\n 3 point match\n\n Game 1\n Alice : 0 +Bob : 0\n.*  5\\) 52: +Wins 2 points\n")
bg_cli_test(bg_play_convert_xg_stdin ARGS "convert|--from|xg|--to|sgf|-" "INPUT=${bgp_xg}/money.xg" "STDERR_REGEX=^$"
            "STDOUT_REGEX=PW\\[Alice\\]PB\\[Bob\\]")
bg_cli_test(bg_play_convert_xg_version ARGS "convert|--from|xg|--to|mat|${bgp_xg}/version33.xg" EXPECT_RC=2 "STDOUT_REGEX=^$"
            "STDERR_REGEX=^backgammon convert: [^\n]*version33.xg: xg game file: game file version 33 is not read \\(1..32\\) \\(at offset 552\\)")
bg_cli_test(bg_play_convert_xg_illegal ARGS "convert|--from|xg|--to|ids|${bgp_xg}/illegal_play.xg" EXPECT_RC=2 "STDOUT_REGEX=^$"
            "STDERR_REGEX=illegal_play.xg: game 1, move 1, right column: step 2 \\(6/5\\)")
bg_cli_test(bg_play_convert_xg_dir ARGS "convert|--from|xg|--to|mat|${bgp_xg}" EXPECT_RC=1 "STDOUT_REGEX=^$"
            "STDERR_REGEX=^backgammon convert: [^\n]*/xg: is a directory")

# --from xgp: an eXtreme Gammon position file to its GNUbg ID (GNU Backgammon's for the same
# position, tests/data/backgammon/xg/xgp_gnubg_ids.txt), its XGID, an .sgf with setup nodes; a
# cut file; a record format asked of a position.
bg_cli_test(bg_play_convert_xgp_ids ARGS "convert|--from|xgp|--to|ids|${bgp_xg}/position_checker.xgp" "STDERR_REGEX=^$"
            "STDOUT_REGEX=^aM/gATDE5\\+ABUA:EQHzACAAIAAE\n$")
bg_cli_test(bg_play_convert_xgp_xgid ARGS "convert|--from|xgp|--to|xgid|${bgp_xg}/position_cube.xgp" "STDERR_REGEX=^$"
            "STDOUT_REGEX=^XGID=--BBCCC------------dccbba-:0:0:1:00:0:0:1:0:10\n$")
bg_cli_test(bg_play_convert_xgp_sgf ARGS "convert|--from|xgp|--to|sgf|-" "INPUT=${bgp_xg}/position_crawford.xgp" "STDERR_REGEX=^$"
            "STDOUT_REGEX=RU\\[Crawford:CrawfordGame\\].*\n.PL\\[B\\]AE\\[a:y\\]AW.*\n.PL\\[B\\]DI\\[31\\]\\)\n$")
bg_cli_test(bg_play_convert_xgp_cut ARGS "convert|--from|xgp|--to|ids|${bgp_xg}/position_cut.xgp" EXPECT_RC=2 "STDOUT_REGEX=^$"
            "STDERR_REGEX=position_cut.xgp: xg header: the file ends inside its header")
bg_cli_test(bg_play_convert_xgp_to_mat ARGS "convert|--from|xgp|--to|mat|${bgp_xg}/position_cube.xgp" EXPECT_RC=2
            "STDERR_REGEX=--from xgp takes --to ids, xgid or sgf")

# play: the bots finish a match / a money game; boards, cube actions and scores are shown.
bg_cli_test(bg_play_play_match ARGS "play|--match|5|--seed|11" STDOUT_LINES_MIN=100
            "STDOUT_REGEX=^Match to 5 points, seed 11\n.*Opening throw: player 0 [1-6], player 1 [1-6].*\\+13-14-15-16-17-18------19-20-21-22-23-24-\\+.*Score: player 0 [0-9]+, player 1 [0-9]+ \\(match to 5\\).*\nMatch over: player [01] \\([XO], [a-z]+\\) wins ([5-9]|[1-9][0-9]+)-[0-4]\n$"
            "STDERR_REGEX=^$")
bg_cli_test(bg_play_play_money ARGS "play|--money|--jacoby|--auto-doubles|1|--seed|3"
            "STDOUT_REGEX=^Money game, Jacoby rule, automatic doubles up to 1, seed 3\n.*\nMoney game over: player 0 [-+][0-9]+, player 1 [-+][0-9]+\n$")
bg_cli_test(bg_play_play_cube ARGS "play|--match|7|--seed|5" "STDOUT_REGEX=doubles to 2\n[^\n]*(takes: the cube is at 2|drops)")
bg_cli_test(bg_play_play_bad_args ARGS "play|--match|0" EXPECT_RC=2 "STDERR_REGEX=--match needs a whole number 1..32767 .the match length., not .0.*usage: backgammon play")
bg_cli_test(bg_play_play_bad_combo ARGS "play|--match|3|--jacoby" EXPECT_RC=2 "STDERR_REGEX=money-play options")

# replay --from: a saved state (GNUbg ID or XGID) goes on; an empty script prints the ID restored,
# unchanged for every valid ID of the test data.
# Under the sanitizers every 8th ID (a start of the program costs about 0.1 s there).
set(bg_from_ids_stride 1)
if(BOARDRULES_SANITIZE)
  set(bg_from_ids_stride 8)
endif()
add_test(NAME cli_bg_play_replay_from_ids
            COMMAND ${CMAKE_COMMAND} "-DPROG=$<TARGET_FILE:backgammon>" "-DDATA=${PROJECT_SOURCE_DIR}/tests/data/backgammon"
                 "-DCLI=${CMAKE_CURRENT_LIST_DIR}" -DSTRIDE=${bg_from_ids_stride} -P "${CMAKE_CURRENT_LIST_DIR}/bg_from_ids.cmake")
# the match goes on from the ID: 5-point match, player 1 won the opening throw with 2-1 and plays
# 13/11 6/5; GNU Backgammon 1.07 (set gnubgid, move 13/11 6/5) shows the same ID
bg_cli_test(bg_play_replay_from_play ARGS "replay|--from|4HPwATDgc/ABMA:cAmlAAAAAAAE" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_from_play.txt"
            "STDOUT_REGEX=^id 0HPkATDgc/ABMA:MAGgAAAAAAAE\n$" "STDERR_REGEX=^$")
# 1-point match, player 1 on roll resigns a gammon, player 0 accepts: 2 points win the match
bg_cli_test(bg_play_replay_from_resign ARGS "replay|--from|4HPwATDgc/ABMA:cAkgAAAAAAAE" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_play_from_resign.txt"
            "STDOUT_REGEX=^game 1 winner 0 points 2 score 2-0\n$" "STDERR_REGEX=^$")
# IDs no play can reach are refused with the reason
bg_cli_test(bg_play_replay_from_bad_double ARGS "replay|--from|4HPwATDgc/ABMA:sBmgAEAAAAAE" EXPECT_RC=2
            "STDERR_REGEX=double: no doubling in the Crawford game \\(BG-10.2\\)")
bg_cli_test(bg_play_replay_from_finished ARGS "replay|--from|4HPwATDgc/ABMA:MAsgAAAAEAAE" EXPECT_RC=2
            "STDERR_REGEX=game state: only a game being played can be resumed")
bg_cli_test(bg_play_replay_from_and_match ARGS "replay|--from|4HPwATDgc/ABMA:cAmlAAAAAAAE|--match|3" EXPECT_RC=2
            "STDERR_REGEX=--from takes the match length")

# play --db: the bots play a bear-off by the database's best play. Money game from a GNUbg ID: the
# player on roll has a checker on its 2-point and two on its 3-point, the opponent three on its
# 1-point, 12 off each; the throw is 4-1. The 4 bears off from the 3-point; the 1 leaves either
# two checkers on the 2-point (3/off 3/2) or one on the 1- and one on the 3-point (3/off 2/1).
# The opponent bears off its three with a double only (6/36), else surely on its next turn; so
# the player who moved wins when the opponent throws no double (5/6) and it then bears off both:
# on the 2-point with both dice >= 2 or any double (26/36), on the 1- and 3-point with any throw
# but 2-1 (34/36). 3/off 2/1 wins 5/6 x 34/36 = 85/108: equity 2 x 85/108 - 1 = +0.5741. Without
# the database the heuristic bot makes the 2-point (3/off 3/2); with it either bot plays 3/off
# 2/1. The file is GNU Backgammon's makebearoff -t 3x3 (the oracle of the bear-off tests).
set(bgp_ts3x3 "${PROJECT_SOURCE_DIR}/tests/data/backgammon/bearoff/ts3x3.bd")
bg_cli_test(bg_play_play_db_random ARGS "play|--from|BwAAoAEAAAAAAA:MAEGAAAAAAAE|--seed|1|--db|${bgp_ts3x3}"
            "STDOUT_REGEX=^Going on from BwAAoAEAAAAAAA:MAEGAAAAAAAE\nMoney game, seed 1\n.*\nplayer 0 \\(O, random\\) plays 3/off 2/1 \\(by the database: cubeless equity \\+0\\.5741\\)\n"
            "STDERR_REGEX=^$")
bg_cli_test(bg_play_play_db_heuristic ARGS "play|--from|BwAAoAEAAAAAAA:cAkGAAAAAAAE|--seed|1|--db|${bgp_ts3x3}"
            "STDOUT_REGEX=\nplayer 1 \\(X, heuristic\\) plays 3/off 2/1 \\(by the database: cubeless equity \\+0\\.5741\\)\n")
bg_cli_test(bg_play_play_no_db_heuristic ARGS "play|--from|BwAAoAEAAAAAAA:cAkGAAAAAAAE|--seed|1"
            "STDOUT_REGEX=\nplayer 1 \\(X, heuristic\\) plays 3/2 3/off\n")
# A Hypergammon database (GNU Backgammon's makehyper -c 1) answers only Hypergammon positions:
# refused in standard backgammon, and in Hypergammon unless it has the game's 3 checkers a side.
set(bgp_hyper1 "${PROJECT_SOURCE_DIR}/tests/data/backgammon/bearoff/hyper1.bd")
bg_cli_test(bg_play_play_db_hyper ARGS "play|--money|--db|${bgp_hyper1}"
            EXPECT_RC=2 "STDOUT_REGEX=^$"
            "STDERR_REGEX=hyper1.bd: a Hypergammon database answers only Hypergammon positions, not standard ones. give --variant hypergammon\nusage: backgammon play")
# ubgi and duel have no --variant: their message does not ask for one
foreach(cmd ubgi duel)
  set(cmd_args "ubgi|--bot|database")
  if(cmd STREQUAL "duel")
    set(cmd_args "duel|random|random")
  endif()
  bg_cli_test(bg_play_${cmd}_db_hyper ARGS "${cmd_args}|--db|${bgp_hyper1}" EXPECT_RC=2 "STDOUT_REGEX=^$"
              "STDERR_REGEX=hyper1.bd: a Hypergammon database answers only Hypergammon positions, not standard ones, and this command plays standard backgammon only\nusage: backgammon ${cmd}")
endforeach()
bg_cli_test(bg_play_hyper_db_checkers ARGS "play|--db|${bgp_hyper1}|--variant|hypergammon|--money"
            EXPECT_RC=2 "STDOUT_REGEX=^$"
            "STDERR_REGEX=hyper1.bd: a 1-checker Hypergammon database answers only positions of 1 checker a side. Hypergammon is played with 3 \\(backgammon db hyper --checkers 3\\)\nusage: backgammon play")
bg_cli_test(bg_play_play_db_missing ARGS "play|--money|--db|no-such-file.bd" EXPECT_RC=1
            "STDERR_REGEX=^backgammon play: --db: no-such-file.bd: no such file\n$")
bg_cli_test(bg_play_play_from_and_match ARGS "play|--from|BwAAoAEAAAAAAA:MAEGAAAAAAAE|--match|3" EXPECT_RC=2
            "STDERR_REGEX=--from takes the match length")

# play --variant hypergammon: the bots play Hypergammon (3 checkers a side on the 24-, 23- and
# 22-points, docs/rules/backgammon.md) to the end. The first board is the start, whose Position
# ID, worked out by hand from GNU Backgammon's encoding (the side not on roll first; for each
# side a 1 bit per checker and a 0 after each of its points 1..24 and its bar; base64 of the 10
# bytes, least significant bit first), is AACgAgAAKgAAAA. The game (seed 9) ends with a side's
# checkers all borne off, not with a refused double.
bg_cli_test(bg_play_hyper_money ARGS "play|--variant|hypergammon|--money|--seed|9"
            "STDOUT_REGEX=^Hypergammon: 3 checkers a side\nMoney game, seed 9\nplayer 0 \\(O, random\\) against player 1 \\(X, heuristic\\)\n\n=== Game 1 ===\nScore: player 0 0, player 1 0 \\(money\\)\n(Opening throw[^\n]*\n)+\n[^G]*GNUbg ID: AACgAgAAKgAAAA:.*\nplayer [01] \\([OX], [a-z]+\\) wins (a single game|a gammon|a backgammon): [0-9]+ points? \\(cube [0-9]+\\)\nScore: [^\n]*\n\nMoney game over: player 0 [-+][0-9]+, player 1 [-+][0-9]+\n$"
            "STDERR_REGEX=^$")
bg_cli_test(bg_play_hyper_match ARGS "play|--variant|hypergammon|--match|3|--seed|5"
            "STDOUT_REGEX=^Hypergammon: 3 checkers a side\nMatch to 3 points, seed 5\n.*\nMatch over: player [01] \\([XO], [a-z]+\\) wins ([3-9]|[1-9][0-9]+)-[0-2]\n$"
            "STDERR_REGEX=^$")
bg_cli_test(bg_play_hyper_bad_variant ARGS "play|--variant|nackgammon" EXPECT_RC=2
            "STDERR_REGEX=--variant needs standard or hypergammon\nusage: backgammon play")
# --from in Hypergammon: the ID's position is one of 3 checkers a side; the standard start is not.
bg_cli_test(bg_play_hyper_from_standard ARGS "play|--variant|hypergammon|--from|4HPwATDgc/ABMA:cAkAAAAAAAAE" EXPECT_RC=2
            "STDERR_REGEX=more than 3 checkers")

# play --variant hypergammon --db: a Hypergammon bear-off, answered by GNU Backgammon's two-sided
# 3x3 bear-off database (makebearoff -t 3x3, as above): a race of at most 3 checkers a side on the
# points 1..3 with one off on each side is the same race in either variant. Money game; the
# player on roll has a checker on its 2-point and two on its 3-point, none off; the opponent two
# on its 2-point, one off (Position ID BgAA0AAAAAAAAA, by hand as above); the throw is 4-1 (the
# match IDs of the standard test above). The 4 bears off from the 3-point; the 1 leaves either
# two checkers on the 2-point (3/off 3/2) or one on the 1- and one on the 3-point (3/off 2/1),
# one off: no gammon either way. The opponent bears off both its checkers unless it throws a 1
# without a double (10/36), which leaves it a checker on its 1-point, surely off on its next
# turn; the player who moved then wins when it bears off both at once: from the 2-point with both
# dice >= 2 or any double (26/36), from the 1- and 3-points with any throw but 2-1 (34/36).
# 3/off 2/1 wins 10/36 x 34/36 = 85/324: equity 2 x 85/324 - 1 = -0.4753 (3/off 3/2: -0.5988).
# Without the database the heuristic bot makes the 2-point (3/off 3/2); with it either bot plays
# 3/off 2/1.
bg_cli_test(bg_play_hyper_db_random ARGS "play|--variant|hypergammon|--from|BgAA0AAAAAAAAA:MAEGAAAAAAAE|--seed|1|--db|${bgp_ts3x3}"
            "STDOUT_REGEX=^Going on from BgAA0AAAAAAAAA:MAEGAAAAAAAE\nHypergammon: 3 checkers a side\nMoney game, seed 1\n.*\nplayer 0 \\(O, random\\) plays 3/off 2/1 \\(by the database: cubeless equity -0\\.4753\\)\n"
            "STDERR_REGEX=^$")
bg_cli_test(bg_play_hyper_db_heuristic ARGS "play|--db|${bgp_ts3x3}|--from|BgAA0AAAAAAAAA:cAkGAAAAAAAE|--seed|1|--variant|hypergammon"
            "STDOUT_REGEX=\nplayer 1 \\(X, heuristic\\) plays 3/off 2/1 \\(by the database: cubeless equity -0\\.4753\\)\n")
bg_cli_test(bg_play_hyper_no_db_heuristic ARGS "play|--variant|hypergammon|--from|BgAA0AAAAAAAAA:cAkGAAAAAAAE|--seed|1"
            "STDOUT_REGEX=\nplayer 1 \\(X, heuristic\\) plays 3/2 3/off\n")

# With a 3-checker Hypergammon database at hand (BOARDRULES_HYPER3_DB, tests/cli/CMakeLists.txt):
# the same bear-off has the same value by the Hypergammon database (-0.4753, worked out above),
# and a game from the start is played by the database.
if(BOARDRULES_HYPER3_DB)
  bg_cli_test(bg_play_hyper3_db_race ARGS "play|--variant|hypergammon|--from|BgAA0AAAAAAAAA:MAEGAAAAAAAE|--seed|1|--db|${BOARDRULES_HYPER3_DB}"
              "STDOUT_REGEX=\nplayer 0 \\(O, random\\) plays 3/off 2/1 \\(by the database: cubeless equity -0\\.4753\\)\n"
              "STDERR_REGEX=^$")
  bg_cli_test(bg_play_hyper3_db_game ARGS "play|--variant|hypergammon|--money|--seed|1|--db|${BOARDRULES_HYPER3_DB}"
              "STDOUT_REGEX=\nplayer [01] \\([OX], [a-z]+\\) plays [^\n]* \\(by the database: cubeless equity [-+][0-9]\\.[0-9]+\\)\n.*\nMoney game over: "
              "STDERR_REGEX=^$")
endif()
