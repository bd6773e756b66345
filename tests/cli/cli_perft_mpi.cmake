# perft_mpi (examples/perft_mpi.cpp) on 2 ranks against the single-process CLIs: the same stdout
# (--divide lines and the count). Included by tests/cli/CMakeLists.txt; only when perft_mpi is built.
if(TARGET perft_mpi)
  set(BOARDRULES_MPIEXEC_FLAGS "--allow-run-as-root;--oversubscribe" CACHE STRING
      "Flags for mpiexec in the MPI programs' tests (Open MPI's: run as root, more ranks than cores)")
  set(mpi_cmd "${MPIEXEC_EXECUTABLE}|${MPIEXEC_NUMPROC_FLAG}|2")
  foreach(f IN LISTS BOARDRULES_MPIEXEC_FLAGS)
    string(APPEND mpi_cmd "|${f}")
  endforeach()
  string(APPEND mpi_cmd "|$<TARGET_FILE:perft_mpi>")

  # perft_mpi_test(<name> <game> <args, '|' separated> <perft_mpi's extra options>)
  function(perft_mpi_test name game args extra)
    add_test(NAME cli_perft_mpi_${name}
             COMMAND ${CMAKE_COMMAND} "-DMPI_CMD=${mpi_cmd}|${game}|${args}|${extra}"
                     "-DCLI_CMD=$<TARGET_FILE:${game}>|perft|${args}|--threads|1"
                     -P "${CMAKE_CURRENT_LIST_DIR}/perft_mpi_check.cmake")
    set_tests_properties(cli_perft_mpi_${name} PROPERTIES TIMEOUT 120)
  endfunction()

  perft_mpi_test(bg0 backgammon "0" "--threads|2")
  perft_mpi_test(bg2_list backgammon "2|--divide|--leaves|list" "--threads|2")
  perft_mpi_test(bg3_hash backgammon "3|--divide" "--threads|2|--hash|2")
  # No legal play from the bar against a closed board (pass children), with the table.
  perft_mpi_test(bg3_closed backgammon "3|27bBAQDg/wMAYA|--divide" "--threads|1|--hash|1")
  perft_mpi_test(warri10_hash warri "10|--divide" "--threads|2|--hash|1")
  perft_mpi_test(warri9_abapa warri "9|--divide|--variant|abapa|--leaves|make" "--threads|2")
  perft_mpi_test(warri8_bridgetown_pos warri "8|3,5,0,7,4,4/4,4,4,4,4,5 0-0 N|--variant|bridgetown"
                 "--threads|3|--hash|1")
endif()
