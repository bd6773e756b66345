# Match files as players have them (tests/data/backgammon/wild, with what GNU Backgammon reads of
# them), and GNU Backgammon's own exports (tests/data/backgammon/records): boardrules reads every
# file GNU Backgammon reads, with its games, final score, and the position before every record.
if(Python3_Interpreter_FOUND)
  set(bg_wild_check "${CMAKE_CURRENT_LIST_DIR}/bg_wild_check.py")
  set(bg_wild "${PROJECT_SOURCE_DIR}/tests/data/backgammon/wild")
  add_test(NAME cli_bg_wild_lenient
           COMMAND "${Python3_EXECUTABLE}" "${bg_wild_check}" "$<TARGET_FILE:backgammon>"
                   "${bg_wild}/gnubg_oracle.txt" --except gibbon/edited.sgf)
  # GNU Backgammon's .mat import reads a beaver otherwise than its own .sgf of the same session
  add_test(NAME cli_bg_wild_gnubg_exports
           COMMAND "${Python3_EXECUTABLE}" "${bg_wild_check}" "$<TARGET_FILE:backgammon>"
                   "${bg_wild}/gnubg_records_oracle.txt" --strict
                   --except ../records/gnubg_10_money_jacoby_beavers1.mat,../records/gnubg_20_money_jacoby_beavers1.mat)
endif()
