# Runs one consumer test (see CMakeLists.txt). Fails with a message when any step fails.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
endfunction()

set(common -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release)
if(MODE STREQUAL "find_package")
  # Configure and install boardrules alone (no tests, examples or benchmarks) to a prefix.
  run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/lib" ${common}
      -DBOARDRULES_BUILD_TESTS=OFF -DBOARDRULES_BUILD_EXAMPLES=OFF -DBOARDRULES_BUILD_BENCHMARKS=OFF
      -DBOARDRULES_INSTALL=ON)
  run("${CMAKE_COMMAND}" --install "${WORK_DIR}/lib" --prefix "${WORK_DIR}/prefix")
  run("${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/consumer" ${common}
      -DCONSUMER_MODE=find_package "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
else()
  run("${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/consumer" ${common}
      -DCONSUMER_MODE=add_subdirectory "-DBOARDRULES_SOURCE_DIR=${SOURCE_DIR}")
endif()
run("${CMAKE_COMMAND}" --build "${WORK_DIR}/consumer")
run("${WORK_DIR}/consumer/consumer")
message(STATUS "consumer (${MODE}) built and ran")
