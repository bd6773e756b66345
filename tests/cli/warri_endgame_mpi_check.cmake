# Builds a Warri endgame database with warri_endgame_mpi under mpiexec and with `warri endgame
# build`; the two files must be equal byte for byte (and not empty).
#   cmake -DMPI_CMD="mpiexec|-n|2|...|warri_endgame_mpi|<options>" -DCLI_CMD="<warri>|endgame|build|<options>"
#         -DWORK=<dir> -P warri_endgame_mpi_check.cmake
cmake_minimum_required(VERSION 3.20)
file(MAKE_DIRECTORY "${WORK}")
set(mpi_file "${WORK}/mpi.db")
set(cli_file "${WORK}/cli.db")
file(REMOVE "${mpi_file}" "${cli_file}")
string(REPLACE "|" ";" mpi_cmd "${MPI_CMD}")
string(REPLACE "|" ";" cli_cmd "${CLI_CMD}")
execute_process(COMMAND ${mpi_cmd} -o "${mpi_file}" OUTPUT_VARIABLE mpi_out ERROR_VARIABLE mpi_err RESULT_VARIABLE mpi_rc)
execute_process(COMMAND ${cli_cmd} -o "${cli_file}" OUTPUT_VARIABLE cli_out ERROR_VARIABLE cli_err RESULT_VARIABLE cli_rc)
if(NOT mpi_rc EQUAL 0 OR NOT cli_rc EQUAL 0)
  message(FATAL_ERROR "exit status: mpi ${mpi_rc}, cli ${cli_rc}\n${mpi_cmd}\n${mpi_err}\n${cli_cmd}\n${cli_err}")
endif()
file(SIZE "${cli_file}" cli_size)
file(SIZE "${mpi_file}" mpi_size)
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${mpi_file}" "${cli_file}" RESULT_VARIABLE differ)
if(NOT differ EQUAL 0 OR cli_size EQUAL 0)
  message(FATAL_ERROR "the files differ (${mpi_size} and ${cli_size} bytes)\n${mpi_cmd}:\n${mpi_err}\n${cli_cmd}:\n${cli_err}")
endif()
message(STATUS "equal: ${cli_size} bytes\nstderr of warri_endgame_mpi:\n${mpi_err}")
