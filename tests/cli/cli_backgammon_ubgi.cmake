# CLI tests of `backgammon ubgi` (the UBGI engine end) and `backgammon duel` (the UBGI host and the
# referee of duplicate matches), docs/ubgi.md: ubgi_check.py's cases, one test each (a scripted
# engine session, answers worked out by hand, a duel in process against the same duel over UBGI,
# the .mat records replayed by the project's reader, and broken engines from ubgi_bad_engine.py:
# an illegal play, garbage, a wrong cube answer, a crash, a hang, a silent handshake).
# Included by tests/cli/CMakeLists.txt (which finds Python3). POSIX only, as the host.
if(Python3_Interpreter_FOUND AND UNIX)
  script_case_tests(cli_bg_ubgi ubgi_check.py LIST backgammon --list
                    RUN $<TARGET_FILE:backgammon> {case} "${PROJECT_SOURCE_DIR}/tests/data"
                    PROPERTIES TIMEOUT 120)
endif()
