# warri_endgame_mpi (examples/warri_endgame_mpi.cpp) on 1 to 4 ranks: its sliced table, joined
# into one file, against `warri endgame build -o` with the same options, byte for byte. Only when
# the program is built (MPI).
if(TARGET warri_endgame_mpi AND TARGET warri)
  set(BOARDRULES_MPIEXEC_FLAGS "--allow-run-as-root;--oversubscribe" CACHE STRING
      "Flags for mpiexec in the MPI programs' tests (Open MPI's: run as root, more ranks than cores)")
  set(work "${CMAKE_CURRENT_BINARY_DIR}/runs/warri_endgame_mpi")
  file(MAKE_DIRECTORY "${work}")

  # The mpiexec command line of `ranks` ranks of warri_endgame_mpi, '|' separated.
  function(warri_endgame_mpi_cmd out ranks)
    set(cmd "${MPIEXEC_EXECUTABLE}|${MPIEXEC_NUMPROC_FLAG}|${ranks}")
    foreach(f IN LISTS BOARDRULES_MPIEXEC_FLAGS)
      string(APPEND cmd "|${f}")
    endforeach()
    set(${out} "${cmd}|$<TARGET_FILE:warri_endgame_mpi>" PARENT_SCOPE)
  endfunction()

  # warri_endgame_mpi_test(<name> <ranks> <build options, '|' separated> <options of the MPI run only>
  #                        [<seeds of a first run> <its ranks>])
  function(warri_endgame_mpi_test name ranks args mpi_args)
    warri_endgame_mpi_cmd(cmd ${ranks})
    set(resume)
    if(ARGC GREATER 4)
      warri_endgame_mpi_cmd(first ${ARGV5})
      string(REGEX REPLACE "--seeds\\|[0-9]+\\|?" "" stripped "${args}")
      set(resume "-DRESUME=${ARGV4}" "-DRESUME_CMD=${first}|${stripped}|${mpi_args}")
    endif()
    add_test(NAME cli_warri_endgame_mpi_${name}
             COMMAND ${CMAKE_COMMAND} "-DMPI_CMD=${cmd}|${args}|${mpi_args}" "-DWARRI=$<TARGET_FILE:warri>"
                     "-DCLI_ARGS=${args}" "-DWORK=${work}/${name}" ${resume}
                     -P "${CMAKE_CURRENT_LIST_DIR}/warri_endgame_mpi_check.cmake")
    set_tests_properties(cli_warri_endgame_mpi_${name} PROPERTIES TIMEOUT 300)
  endfunction()

  warri_endgame_mpi_test(speightstown8_np1 1 "--seeds|8" "--threads|1")
  warri_endgame_mpi_test(speightstown8_np2 2 "--seeds|8" "--threads|1")
  warri_endgame_mpi_test(bridgetown8_np4_blocks 4 "--variant|bridgetown|--seeds|8" "--partition|blocks|--batch|5000")
  warri_endgame_mpi_test(abapa8_np3 3 "--variant|abapa|--seeds|8" "--threads|2|--move-cache|1")
  # Decision flags, and a first run of 5 seeds on 2 ranks gone on from on 3, out of core.
  warri_endgame_mpi_test(flags7_np3_resumed 3 "--seeds|7|--cycle-award|split|--odd-seed|trailer|--feeding|leaves-seeds"
                         "--out-of-core" 5 2)
endif()
