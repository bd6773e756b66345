# Runs a program that must end abnormally (abort, a signal, or a nonzero exit status) and print
# a line matching STDERR_REGEX on stderr.
#   cmake -DPROG=<program> -DARG=<argument> -DSTDERR_REGEX=<re> -P expect_abort.cmake
cmake_minimum_required(VERSION 3.20)
execute_process(COMMAND "${PROG}" "${ARG}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc STREQUAL "0")
  message(FATAL_ERROR "${PROG} ${ARG}: exited 0, expected an abort; stdout: ${out} stderr: ${err}")
endif()
if(NOT err MATCHES "${STDERR_REGEX}")
  message(FATAL_ERROR "${PROG} ${ARG}: stderr does not match '${STDERR_REGEX}': ${err}")
endif()
message(STATUS "${PROG} ${ARG}: ${rc}; stderr: ${err}")
