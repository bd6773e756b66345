# Runs an example program once and checks what it did; every check given must hold. The runner
# of the tests that bg_cli_test() (tests/cli/CMakeLists.txt) adds.
#   cmake -DPROG=<program> -DARGS=a|b|c -DWORK=<dir> [-DINPUT=<stdin file>]
#         [-DMODE=<mode> -DDATA=<gnubg data file> [-DCASE=<id>_<d1>_<d2>]]
#         [-DEXPECT_RC=<exit status, default 0>] [-DEXPECTED=<file stdout must equal>]
#         [-DLAST_LINE=<text>] [-DSTDOUT_LINES=<n>] [-DSTDOUT_LINES_MIN=<n>]
#         [-DSTDOUT_REGEX=<re>] [-DSTDERR_REGEX=<re>] -P run_program.cmake
# ARGS separates the arguments with '|'. MODE makes stdin (WORK/stdin.txt) out of DATA, and for
# the first three modes the stdout wanted too:
#   moves_gnubg:  the first three fields (<position id> <d1> <d2>) of every line of DATA
#                 (gnubg_moves.txt); stdout must be DATA itself.
#   moves_text:   the line "<id> <d1> <d2>" of CASE; stdout must be "<id> <d1> <d2> <n>" and DATA's
#                 n plays of that case (gnubg_notation.txt: "<id> <text>"), sorted, tab separated.
#   apply_gnubg:  every "<id> <d1> <d2> <move text>" of DATA (gnubg_notation.txt); stdout must be
#                 DATA's resulting IDs, line for line.
#   replay_gnubg: the replay record DATA with its move lines rewritten to gnubg's own text (its
#                 "# gnubg: <text>" comments).
cmake_minimum_required(VERSION 3.20)
if(NOT DEFINED EXPECT_RC)
  set(EXPECT_RC 0)
endif()
string(REPLACE "|" ";" args "${ARGS}")
set(have_want OFF)
if(DEFINED MODE)
  file(READ "${DATA}" text)
  set(have_want ON)
  if(MODE STREQUAL "moves_gnubg")
    string(REGEX REPLACE "([^ \n]+ [1-6] [1-6])[^\n]*" "\\1" input "${text}")
    set(want "${text}")
  elseif(MODE STREQUAL "moves_text")
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
    set(input "${head}\n")
  elseif(MODE STREQUAL "apply_gnubg")
    string(REGEX REPLACE "([^ \n]+ [1-6] [1-6]) [^ \n]+ ([^\n]*)" "\\1 \\2" input "${text}")
    string(REGEX REPLACE "[^ \n]+ [1-6] [1-6] ([^ \n]+)[^\n]*" "\\1" want "${text}")
  elseif(MODE STREQUAL "replay_gnubg")
    string(REGEX REPLACE "(^|\n)move [^\n#]*# gnubg: ([^\n]*)" "\\1move \\2" input "${text}")
    set(have_want OFF)
  else()
    message(FATAL_ERROR "unknown MODE ${MODE}")
  endif()
  set(INPUT "${WORK}/stdin.txt")
  file(WRITE "${INPUT}" "${input}")
endif()
if(DEFINED EXPECTED)
  file(READ "${EXPECTED}" want)
  set(have_want ON)
endif()
set(input_opt)
if(DEFINED INPUT)
  set(input_opt INPUT_FILE "${INPUT}")
endif()
execute_process(COMMAND "${PROG}" ${args} ${input_opt}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
set(show "command: ${PROG} ${args}\nexit: ${rc}\nstderr:\n${err}")
if(NOT rc STREQUAL EXPECT_RC)
  message(FATAL_ERROR "expected exit status ${EXPECT_RC}\n${show}")
endif()
if(have_want AND NOT out STREQUAL want)
  file(WRITE "${WORK}/stdout.txt" "${out}")
  file(WRITE "${WORK}/expected.txt" "${want}")
  message(FATAL_ERROR "stdout (${WORK}/stdout.txt) differs from the expected (${WORK}/expected.txt)\n${show}")
endif()
if(DEFINED LAST_LINE)
  string(REGEX MATCH "([^\n]*)\n$" m "${out}")
  if(NOT CMAKE_MATCH_1 STREQUAL LAST_LINE)
    message(FATAL_ERROR "expected last line '${LAST_LINE}', got '${CMAKE_MATCH_1}'\n${show}")
  endif()
endif()
string(REGEX MATCHALL "\n" nl "${out}")
list(LENGTH nl lines)
if(DEFINED STDOUT_LINES AND NOT lines EQUAL STDOUT_LINES)
  message(FATAL_ERROR "expected ${STDOUT_LINES} lines on stdout, got ${lines}:\n${out}\n${show}")
endif()
if(DEFINED STDOUT_LINES_MIN AND lines LESS STDOUT_LINES_MIN)
  message(FATAL_ERROR "expected at least ${STDOUT_LINES_MIN} lines on stdout, got ${lines}:\n${out}\n${show}")
endif()
if(DEFINED STDOUT_REGEX AND NOT out MATCHES "${STDOUT_REGEX}")
  message(FATAL_ERROR "stdout does not match '${STDOUT_REGEX}':\n${out}\n${show}")
endif()
if(DEFINED STDERR_REGEX AND NOT err MATCHES "${STDERR_REGEX}")
  message(FATAL_ERROR "stderr does not match '${STDERR_REGEX}'\n${show}")
endif()
