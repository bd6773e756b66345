# CLI tests of `backgammon chouette` (examples/backgammon/cmd_chouette.cpp), BG-11.
# bg_chouette_check.py re-derives roles, rotation and the ledger from the program's output.
# Included by tests/cli/CMakeLists.txt (which finds Python3).
if(Python3_Interpreter_FOUND)
  set(bg_chouette_check "${CMAKE_CURRENT_LIST_DIR}/bg_chouette_check.py")
  # Sessions of every size, enough games for passes, captain passes and vetoed team doubles.
  foreach(cfg "3;200;2" "4;100;1" "5;300;7" "8;150;9")
    list(GET cfg 0 players)
    list(GET cfg 1 games)
    list(GET cfg 2 seed)
    add_test(NAME cli_bg_chouette_p${players}
             COMMAND "${Python3_EXECUTABLE}" "${bg_chouette_check}" "$<TARGET_FILE:backgammon>" session
                     --players ${players} --games ${games} --seed ${seed})
  endforeach()
  # Bad arguments: exit status 2 and a message.
  set(bad_cases "--players|2" "--players|9" "--games|3" "--players|4|--games|x" "--players|4|--bogus" "--players")
  set(i 0)
  foreach(c IN LISTS bad_cases)
    string(REPLACE "|" ";" args "${c}")
    add_test(NAME cli_bg_chouette_bad${i}
             COMMAND "${Python3_EXECUTABLE}" "${bg_chouette_check}" "$<TARGET_FILE:backgammon>" bad ${args})
    math(EXPR i "${i} + 1")
  endforeach()
endif()
