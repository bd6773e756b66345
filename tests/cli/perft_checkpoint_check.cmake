# perft with --checkpoint: a first run writes the journal; the journal cut to a few jobs and a
# line cut short (as a crash leaves it) resumes to the same stdout, saying how many jobs it took
# from the file; both equal the run without the option (the single-threaded perft); a journal of
# another run is refused (exit status 1, the line at fault), and so is one whose count was edited.
#   cmake -DCMD="<cli>|perft|<args>" -DOTHER="<other args>" -DFILE=<journal> -P perft_checkpoint_check.cmake
cmake_minimum_required(VERSION 3.20)
string(REPLACE "|" ";" cmd "${CMD}")
string(REPLACE "|" ";" other "${OTHER}")
list(GET cmd 0 program)
get_filename_component(dir "${FILE}" DIRECTORY)
file(MAKE_DIRECTORY "${dir}")
file(REMOVE "${FILE}")
execute_process(COMMAND ${cmd} --threads 1 OUTPUT_VARIABLE want RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR want STREQUAL "")
  message(FATAL_ERROR "the run without a journal failed: ${rc}")
endif()
execute_process(COMMAND ${cmd} --threads 2 --checkpoint "${FILE}" OUTPUT_VARIABLE first ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT first STREQUAL want)
  message(FATAL_ERROR "first run with the journal: ${rc}\n${err}\n${first}\nwanted:\n${want}")
endif()
file(STRINGS "${FILE}" lines)
list(LENGTH lines n)
if(n LESS 10)
  message(FATAL_ERROR "the journal holds ${n} lines")
endif()
list(SUBLIST lines 0 8 kept)  # the header and five jobs
list(JOIN kept "\n" text)
file(WRITE "${FILE}" "${text}\n12")
execute_process(COMMAND ${cmd} --threads 1 --checkpoint "${FILE}" OUTPUT_VARIABLE second ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT second STREQUAL want OR NOT err MATCHES "5 jobs resumed from")
  message(FATAL_ERROR "resumed run: ${rc}\n${err}\n${second}\nwanted:\n${want}")
endif()
execute_process(COMMAND ${program} perft ${other} --checkpoint "${FILE}" OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT err MATCHES "line 2: written for another run")
  message(FATAL_ERROR "a journal of another run: ${rc}\n${err}")
endif()
# A count edited in the journal (the first job's count plus one, its checksum left): refused as
# corrupted, naming the file and the line, instead of printing a wrong count.
execute_process(COMMAND ${cmd} --threads 1 --checkpoint "${FILE}" OUTPUT_QUIET ERROR_QUIET RESULT_VARIABLE rc)
file(STRINGS "${FILE}" lines)
list(GET lines 3 job_line)
if(NOT job_line MATCHES "^([0-9]+) ([0-9]+) ([0-9a-f]+)$")
  message(FATAL_ERROR "a job line of the journal: '${job_line}'")
endif()
math(EXPR edited "${CMAKE_MATCH_2} + 1")
list(REMOVE_AT lines 3)
list(INSERT lines 3 "${CMAKE_MATCH_1} ${edited} ${CMAKE_MATCH_3}")
list(JOIN lines "\n" text)
file(WRITE "${FILE}" "${text}\n")
execute_process(COMMAND ${cmd} --checkpoint "${FILE}" OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT out STREQUAL "" OR NOT err MATCHES "checkpoint [^\n]* line 4: the checksum does not match")
  message(FATAL_ERROR "an edited count: ${rc}\n${err}\n${out}")
endif()
file(REMOVE "${FILE}")
message(STATUS "equal, resumed from 5 jobs:\n${want}")
