# Runs the backgammon program with ARGS ('|' separated), which must write OUT, and checks that OUT
# equals EXPECTED byte for byte (a file written by GNU Backgammon's makebearoff).
#   cmake -DPROG=<program> -DARGS=a|b|c -DOUT=<file> -DEXPECTED=<file> -P bg_db_file_check.cmake
cmake_minimum_required(VERSION 3.20)
string(REPLACE "|" ";" args "${ARGS}")
file(REMOVE "${OUT}")
execute_process(COMMAND "${PROG}" ${args} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit status ${rc}: ${err}")
endif()
if(NOT err STREQUAL "")
  message(FATAL_ERROR "not quiet off a terminal: ${err}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUT}" "${EXPECTED}" RESULT_VARIABLE same)
if(NOT same EQUAL 0)
  message(FATAL_ERROR "${OUT} differs from ${EXPECTED}")
endif()
