# warri_endgame_mpi (examples/warri_endgame_mpi.cpp) on 1, 2 and 3 ranks against `warri endgame
# build` with the same options: the same file, byte for byte. Only when the program is built (MPI).
if(TARGET warri_endgame_mpi AND TARGET warri)
  set(BOARDRULES_MPIEXEC_FLAGS "--allow-run-as-root;--oversubscribe" CACHE STRING
      "Flags for mpiexec in the MPI programs' tests (Open MPI's: run as root, more ranks than cores)")
  set(work "${CMAKE_CURRENT_BINARY_DIR}/runs/warri_endgame_mpi")
  file(MAKE_DIRECTORY "${work}")

  # warri_endgame_mpi_test(<name> <ranks> <build options, '|' separated> <threads a rank>)
  function(warri_endgame_mpi_test name ranks args threads)
    set(mpi_cmd "${MPIEXEC_EXECUTABLE}|${MPIEXEC_NUMPROC_FLAG}|${ranks}")
    foreach(f IN LISTS BOARDRULES_MPIEXEC_FLAGS)
      string(APPEND mpi_cmd "|${f}")
    endforeach()
    add_test(NAME cli_warri_endgame_mpi_${name}
             COMMAND ${CMAKE_COMMAND} "-DMPI_CMD=${mpi_cmd}|$<TARGET_FILE:warri_endgame_mpi>|${args}|--threads|${threads}"
                     "-DCLI_CMD=$<TARGET_FILE:warri>|endgame|build|${args}" "-DWORK=${work}/${name}"
                     -P "${CMAKE_CURRENT_LIST_DIR}/warri_endgame_mpi_check.cmake")
    set_tests_properties(cli_warri_endgame_mpi_${name} PROPERTIES TIMEOUT 300)
  endfunction()

  warri_endgame_mpi_test(speightstown8_np2 2 "--seeds|8" 1)
  warri_endgame_mpi_test(speightstown8_np1 1 "--seeds|8" 1)
  warri_endgame_mpi_test(bridgetown8_np2 2 "--variant|bridgetown|--seeds|8" 2)
  warri_endgame_mpi_test(abapa8_np2 2 "--variant|abapa|--seeds|8" 1)
  # Decision flags, and shares of unequal sizes on 3 ranks.
  warri_endgame_mpi_test(flags7_np3 3 "--seeds|7|--cycle-award|split|--odd-seed|trailer|--feeding|leaves-seeds" 1)
  # A layer of 646,646 boards: chunks of 8,192 on two threads per rank.
  warri_endgame_mpi_test(speightstown10_np2 2 "--seeds|10" 2)
endif()
