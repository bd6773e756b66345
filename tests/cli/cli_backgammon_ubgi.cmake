# CLI tests of `backgammon ubgi` (the UBGI engine end) and `backgammon duel` (the UBGI host and the
# referee of duplicate matches), docs/ubgi.md: ubgi_check.py's cases, one test each (a scripted
# engine session, answers worked out by hand, a duel in process against the same duel over UBGI,
# the .mat records replayed by the project's reader, and broken engines from ubgi_bad_engine.py:
# an illegal play, garbage, a wrong cube answer, a crash, a hang, a silent handshake).
# Included by tests/cli/CMakeLists.txt (which finds Python3). POSIX only, as the host.
if(Python3_Interpreter_FOUND AND UNIX)
  set(ubgi_check "${CMAKE_CURRENT_LIST_DIR}/ubgi_check.py")
  # The interpreter itself, not a launcher shim (pyenv shims cost seconds a call on a busy machine).
  execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import sys; print(sys.executable)"
                  OUTPUT_VARIABLE ubgi_python OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT EXISTS "${ubgi_python}")
    set(ubgi_python "${Python3_EXECUTABLE}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${ubgi_check}")
  execute_process(COMMAND "${ubgi_python}" "${ubgi_check}" backgammon --list
                  OUTPUT_VARIABLE ubgi_cases RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "ubgi_check.py --list failed")
  endif()
  string(REPLACE "\n" ";" ubgi_cases "${ubgi_cases}")
  foreach(c IN LISTS ubgi_cases)
    add_test(NAME cli_bg_ubgi_${c} COMMAND "${ubgi_python}" "${ubgi_check}" $<TARGET_FILE:backgammon> ${c}
                                           "${PROJECT_SOURCE_DIR}/tests/data")
    set_tests_properties(cli_bg_ubgi_${c} PROPERTIES TIMEOUT 120)
  endforeach()
endif()
