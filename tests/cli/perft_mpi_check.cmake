# Runs perft_mpi under mpiexec and the single-process CLI; their stdout must be equal and not empty.
#   cmake -DMPI_CMD="mpiexec|-n|2|...|perft_mpi|<game>|<args>" -DCLI_CMD="<cli>|perft|<args>" -P perft_mpi_check.cmake
cmake_minimum_required(VERSION 3.20)
string(REPLACE "|" ";" mpi_cmd "${MPI_CMD}")
string(REPLACE "|" ";" cli_cmd "${CLI_CMD}")
execute_process(COMMAND ${mpi_cmd} OUTPUT_VARIABLE mpi_out ERROR_VARIABLE mpi_err RESULT_VARIABLE mpi_rc)
execute_process(COMMAND ${cli_cmd} OUTPUT_VARIABLE cli_out ERROR_VARIABLE cli_err RESULT_VARIABLE cli_rc)
if(NOT mpi_rc EQUAL 0 OR NOT cli_rc EQUAL 0)
  message(FATAL_ERROR "exit status: mpi ${mpi_rc}, cli ${cli_rc}\n${mpi_cmd}\n${mpi_err}\n${cli_cmd}\n${cli_err}")
endif()
if(cli_out STREQUAL "" OR NOT mpi_out STREQUAL cli_out)
  message(FATAL_ERROR "outputs differ\n${mpi_cmd}:\n${mpi_out}\n${cli_cmd}:\n${cli_out}")
endif()
message(STATUS "equal:\n${mpi_out}stderr of perft_mpi: ${mpi_err}")
