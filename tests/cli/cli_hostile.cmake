# Both programs used badly (hostile_cli.py): every file argument a directory, missing, in a folder
# that does not exist, empty, cut or edited; every numeric flag's value missing, negative, huge or
# not a number; --help on every subcommand; no arguments; a build too large for the machine. One
# test per case of the script, cli_hostile_<case>; a case that does not apply here (an unreadable
# file as root, a machine with the memory) is skipped.
if(TARGET backgammon AND TARGET warri AND Python3_Interpreter_FOUND)
  set(script "${CMAKE_CURRENT_LIST_DIR}/hostile_cli.py")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${script}")
  execute_process(COMMAND "${Python3_EXECUTABLE}" "${script}" - - - --list
                  OUTPUT_VARIABLE cases RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "hostile_cli.py --list failed")
  endif()
  string(REPLACE "\n" ";" cases "${cases}")
  foreach(c IN LISTS cases)
    add_test(NAME cli_hostile_${c}
             COMMAND "${Python3_EXECUTABLE}" "${script}" $<TARGET_FILE:backgammon> $<TARGET_FILE:warri>
                     "${PROJECT_SOURCE_DIR}/tests/data/backgammon/bearoff" ${c})
    set_tests_properties(cli_hostile_${c} PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
  endforeach()
endif()
