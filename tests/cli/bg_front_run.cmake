# Runs the backgammon CLI tests of tests/cli/cli_backgammon_frontends.cmake.
#   -DPROG=<program> -DMODE=<mode> ...
# MODE apply_gnubg: -DDATA=<gnubg_notation.txt> -DWORK=<dir>: feeds `apply` every
#   "<id> <d1> <d2> <move text>" of DATA; stdout must be DATA's resulting IDs, line for line.
# MODE replay_gnubg: -DDATA=<replay record> -DEXPECTED=<file> -DARGS=a|b -DWORK=<dir>: the record's
#   move lines rewritten to gnubg's own text (its "# gnubg: <text>" comments), replayed; stdout
#   must equal EXPECTED.
# MODE moves_text: -DDATA=<gnubg_notation.txt> -DCASE=<id>_<d1>_<d2> -DWORK=<dir>: `moves --text`
#   on that case (one whose every play DATA lists) must print DATA's plays, sorted by ID.
cmake_minimum_required(VERSION 3.20)
if(MODE STREQUAL "moves_text")
  string(REPLACE "_" " " head "${CASE}")
  file(STRINGS "${DATA}" rows REGEX "^${head} ")
  set(entries)
  foreach(r IN LISTS rows)
    string(REGEX REPLACE "^[^ ]+ [1-6] [1-6] " "" r "${r}")
    list(APPEND entries "${r}")
  endforeach()
  list(SORT entries)
  list(LENGTH entries n)
  list(JOIN entries "\t" joined)
  set(want "${head} ${n}\t${joined}\n")
  file(WRITE "${WORK}/moves_in.txt" "${head}\n")
  execute_process(COMMAND "${PROG}" moves --text INPUT_FILE "${WORK}/moves_in.txt" OUTPUT_VARIABLE out
                  ERROR_VARIABLE err RESULT_VARIABLE rc)
elseif(MODE STREQUAL "apply_gnubg")
  file(READ "${DATA}" text)
  string(REGEX REPLACE "([^ \n]+ [1-6] [1-6]) [^ \n]+ ([^\n]*)" "\\1 \\2" input "${text}")
  string(REGEX REPLACE "[^ \n]+ [1-6] [1-6] ([^ \n]+)[^\n]*" "\\1" want "${text}")
  file(WRITE "${WORK}/apply_in.txt" "${input}")
  execute_process(COMMAND "${PROG}" apply INPUT_FILE "${WORK}/apply_in.txt" OUTPUT_VARIABLE out ERROR_VARIABLE err
                  RESULT_VARIABLE rc)
elseif(MODE STREQUAL "replay_gnubg")
  file(READ "${DATA}" text)
  string(REGEX REPLACE "(^|\n)move [^\n#]*# gnubg: ([^\n]*)" "\\1move \\2" input "${text}")
  file(WRITE "${WORK}/replay_in.txt" "${input}")
  string(REPLACE "|" ";" args "${ARGS}")
  execute_process(COMMAND "${PROG}" replay ${args} INPUT_FILE "${WORK}/replay_in.txt" OUTPUT_VARIABLE out
                  ERROR_VARIABLE err RESULT_VARIABLE rc)
  file(READ "${EXPECTED}" want)
else()
  message(FATAL_ERROR "unknown MODE ${MODE}")
endif()
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "exit status ${rc}\nstderr:\n${err}")
endif()
if(NOT out STREQUAL want)
  message(FATAL_ERROR "stdout differs\n--- got:\n${out}\n--- expected:\n${want}")
endif()
