# CLI tests of `backgammon db` (examples/backgammon/cmd_db.cpp): the bear-off files it writes equal
# those of GNU Backgammon's makebearoff (tests/data/backgammon/bearoff, regenerate.sh there), and
# `db probe` prints the entries of Position IDs. Included by tests/cli/CMakeLists.txt.
set(bg_bearoff "${PROJECT_SOURCE_DIR}/tests/data/backgammon/bearoff")

# bg_db_file_test(<name> <args> <oracle file>): cli_<name> runs `backgammon <args> -o FILE` and
# compares FILE with the oracle.
function(bg_db_file_test name args oracle)
  set(work "${CMAKE_CURRENT_BINARY_DIR}/runs/${name}")
  file(MAKE_DIRECTORY "${work}")
  add_test(NAME cli_${name}
           COMMAND ${CMAKE_COMMAND} "-DPROG=$<TARGET_FILE:backgammon>" "-DARGS=${args}|-o|${work}/out.bd"
                   "-DOUT=${work}/out.bd" "-DEXPECTED=${bg_bearoff}/${oracle}"
                   -P "${CMAKE_CURRENT_LIST_DIR}/bg_db_file_check.cmake")
endfunction()
bg_db_file_test(bg_db_os2 "db|bearoff|--one-sided|2" os2.bd)
bg_db_file_test(bg_db_os2_nc "db|bearoff|--one-sided|2|--no-compress" os2_nc.bd)
bg_db_file_test(bg_db_os2_ng "db|bearoff|--one-sided|2|--no-gammon" os2_ng.bd)
bg_db_file_test(bg_db_os2_ncng "db|bearoff|--one-sided|2|--no-compress|--no-gammon" os2_ncng.bd)
bg_db_file_test(bg_db_os3_threads "db|bearoff|--one-sided|3|--threads|2" os3.bd)
bg_db_file_test(bg_db_ts3x3 "db|bearoff|--two-sided|3x3" ts3x3.bd)
bg_db_file_test(bg_db_ts3x3_cubeless "db|bearoff|--two-sided|3x3|--cubeless" ts3x3_nc.bd)

# probe: 2 checkers on the mover's 1-point are off in one roll, index 3 of the 2-point database
# (0, then 1 checker on the 1-point, 1 on the 2-point, 2 on the 1-point); 1 checker on the
# 6-point is not in it. A bad ID is reported on stderr with its line; exit status 1.
bg_cli_test(bg_db_probe ARGS "db|probe|${bg_bearoff}/os2.bd" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_db_probe.txt"
            EXPECT_RC=1 STDOUT_LINES=2
            "STDOUT_REGEX=^AgAADAAAAAAAAA [|] mover index 3 mean 1.000000 off 1:65535 [^\n]*\nAQAAgAAAAAAAAA [|] mover not in the database [|] opponent index 1 "
            "STDERR_REGEX=line 3: position id")
# Two-sided: 2 checkers on the 1-point against 1 on the 2-point, mover on roll: it wins at once,
# +1 under every cube state (65535).
bg_cli_test(bg_db_probe_two_sided ARGS "db|probe|${bg_bearoff}/ts3x3.bd" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_db_probe.txt"
            EXPECT_RC=1 "STDOUT_REGEX=^AgAADAAAAAAAAA cubeless 1.000000 [(]65535[)] owner")
bg_cli_test(bg_db_bad_file ARGS "db|probe|${bg_bearoff}/regenerate.sh" EXPECT_RC=1
            "STDERR_REGEX=not a GNU Backgammon database")
bg_cli_test(bg_db_bad_args ARGS "db|bearoff|--one-sided|7|-o|x.bd" EXPECT_RC=2 "STDERR_REGEX=--one-sided needs")

# hyper: Hypergammon of 1 checker, then probed: the mover's checker on its 1-point against the
# opponent's on its 19-point (the mover's 6-point) is a sure backgammon (BG-7.5): equity 3, 1
# under the Jacoby rule (values by hand, as in test_hyper.cpp).
bg_cli_test(bg_db_hyper1 ARGS "db|hyper|--checkers|1|-o|${CMAKE_CURRENT_BINARY_DIR}/runs/bg_db_hyper1/h1.bd"
            "STDERR_REGEX=^$")
bg_cli_test(bg_db_probe_hyper ARGS "db|probe|${bg_bearoff}/hyper1.bd" "INPUT=${CMAKE_CURRENT_LIST_DIR}/bg_db_probe_hyper.txt"
            STDOUT_LINES=1
            "STDOUT_REGEX=^AAAEBAAAAAAAAA win 1.000000 win-gammon 1.000000 win-backgammon 1.000000 lose-gammon 0.000000 lose-backgammon 0.000000 cubeless 3.000000 owner 3.000000 centered 3.000000 centered-jacoby 1.000000 opponent-owns 3.000000\n$")
bg_cli_test(bg_db_hyper_bad_args ARGS "db|hyper|--checkers|4|-o|x.bd" EXPECT_RC=2 "STDERR_REGEX=--checkers needs")
