# Both programs used badly (hostile_cli.py): every file argument a directory, missing, in a folder
# that does not exist, empty, cut or edited; every numeric flag's value missing, negative, huge or
# not a number; --help on every subcommand; no arguments; a build too large for the machine. One
# test per case of the script, cli_hostile_<case>; a case that does not apply here (an unreadable
# file as root, a machine with the memory) is skipped.
if(TARGET backgammon AND TARGET warri AND Python3_Interpreter_FOUND)
  script_case_tests(cli_hostile hostile_cli.py LIST - - - --list
                    RUN $<TARGET_FILE:backgammon> $<TARGET_FILE:warri>
                        "${PROJECT_SOURCE_DIR}/tests/data/backgammon/bearoff" {case}
                    PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()
