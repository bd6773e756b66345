# Builds a sliced Warri endgame table with warri_endgame_mpi under mpiexec, joins it into one
# file with `warri endgame join`, and builds the same table with `warri endgame build -o`: the
# two files must be equal byte for byte (and not empty); `warri endgame verify` must pass the
# sliced table. With RESUME, the MPI build first stops at RESUME seeds (a table of fewer layers)
# and a second run, on RESUME_RANKS ranks, goes on from it.
#   cmake -DMPI_CMD="mpiexec|-n|2|...|warri_endgame_mpi|<options>" -DWARRI=<warri>
#         -DCLI_ARGS="<options>" -DWORK=<dir> [-DRESUME=<seeds> -DRESUME_CMD="mpiexec|-n|3|..."]
#         -P warri_endgame_mpi_check.cmake
cmake_minimum_required(VERSION 3.20)
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
set(slices "${WORK}/slices")
set(joined "${WORK}/joined.db")
set(cli_file "${WORK}/cli.db")
string(REPLACE "|" ";" mpi_cmd "${MPI_CMD}")
string(REPLACE "|" ";" cli_args "${CLI_ARGS}")
if(DEFINED RESUME)
  string(REPLACE "|" ";" first_cmd "${RESUME_CMD}")
  execute_process(COMMAND ${first_cmd} --seeds ${RESUME} --slices "${slices}" ERROR_VARIABLE first_err RESULT_VARIABLE first_rc)
  if(NOT first_rc EQUAL 0)
    message(FATAL_ERROR "first run: exit status ${first_rc}\n${first_err}")
  endif()
endif()
execute_process(COMMAND ${mpi_cmd} --slices "${slices}" OUTPUT_VARIABLE mpi_out ERROR_VARIABLE mpi_err RESULT_VARIABLE mpi_rc)
if(NOT mpi_rc EQUAL 0)
  message(FATAL_ERROR "exit status ${mpi_rc}\n${mpi_cmd}\n${mpi_err}")
endif()
if(DEFINED RESUME AND NOT mpi_err MATCHES "layers 0\\.\\.${RESUME} from")
  message(FATAL_ERROR "the second run did not go on from layer ${RESUME}:\n${mpi_err}")
endif()
execute_process(COMMAND "${WARRI}" endgame join "${slices}" -o "${joined}" ERROR_VARIABLE join_err RESULT_VARIABLE join_rc)
execute_process(COMMAND "${WARRI}" endgame build ${cli_args} -o "${cli_file}" ERROR_VARIABLE cli_err RESULT_VARIABLE cli_rc)
execute_process(COMMAND "${WARRI}" endgame verify "${slices}" OUTPUT_VARIABLE verify_out ERROR_VARIABLE verify_err
                RESULT_VARIABLE verify_rc)
if(NOT join_rc EQUAL 0 OR NOT cli_rc EQUAL 0 OR NOT verify_rc EQUAL 0)
  message(FATAL_ERROR "exit status: join ${join_rc}, build ${cli_rc}, verify ${verify_rc}\n${join_err}\n${cli_err}\n${verify_err}")
endif()
file(SIZE "${cli_file}" cli_size)
file(SIZE "${joined}" joined_size)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${joined}" "${cli_file}" RESULT_VARIABLE differ)
if(NOT differ EQUAL 0 OR cli_size EQUAL 0)
  message(FATAL_ERROR "the files differ (${joined_size} and ${cli_size} bytes)\n${mpi_cmd}:\n${mpi_err}\nbuild:\n${cli_err}")
endif()
message(STATUS "equal: ${cli_size} bytes\nstderr of warri_endgame_mpi:\n${mpi_err}")
