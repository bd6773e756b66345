# Runs one consumer test (see CMakeLists.txt): gets boardrules the way MODE says, builds the
# consumer (consumer/main.cpp) with CXX_COMPILER, runs it. Fails with a message when any step fails.
# Inputs: MODE, SOURCE_DIR, CONSUMER_DIR, WORK_DIR, CXX_COMPILER, VERSION; for pkgconfig also
# PKG_CONFIG; for fetchcontent also GIT.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
include("${CMAKE_CURRENT_LIST_DIR}/copy_source_tree.cmake")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
endfunction()

# Configures boardrules alone (no tests, examples or benchmarks) and installs it to WORK_DIR/prefix.
function(install_boardrules)
  run("${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}/lib" -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
      -DBOARDRULES_BUILD_TESTS=OFF -DBOARDRULES_BUILD_EXAMPLES=OFF -DBOARDRULES_BUILD_BENCHMARKS=OFF
      -DBOARDRULES_INSTALL=ON)
  run("${CMAKE_COMMAND}" --install "${WORK_DIR}/lib" --prefix "${WORK_DIR}/prefix")
endfunction()

set(exe "${WORK_DIR}/consumer/consumer")
if(MODE STREQUAL "pkgconfig")
  # No CMake on the consumer side: the include path comes from `pkg-config --cflags` alone (the
  # language level and the consumer's own flags are the consumer's).
  install_boardrules()
  set(ENV{PKG_CONFIG_PATH} "${WORK_DIR}/prefix/share/pkgconfig")
  execute_process(COMMAND "${PKG_CONFIG}" --cflags boardrules RESULT_VARIABLE rc
                  OUTPUT_VARIABLE cflags ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "pkg-config --cflags boardrules failed (${rc}): ${err}")
  endif()
  run("${PKG_CONFIG}" --exact-version=${VERSION} boardrules)
  separate_arguments(cflags UNIX_COMMAND "${cflags}")
  file(MAKE_DIRECTORY "${WORK_DIR}/consumer")
  run("${CXX_COMPILER}" -std=c++20 -O2 -fno-exceptions -fno-rtti -Wall -Wextra -Werror ${cflags}
      "-DBOARDRULES_EXPECTED_VERSION=\"${VERSION}\"" "${CONSUMER_DIR}/main.cpp" -o "${exe}")
else()
  set(configure "${CMAKE_COMMAND}" -S "${CONSUMER_DIR}" -B "${WORK_DIR}/consumer"
      -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Release
      -DCONSUMER_MODE=${MODE} -DBOARDRULES_EXPECTED_VERSION=${VERSION})
  if(MODE STREQUAL "find_package")
    install_boardrules()
    run(${configure} "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix")
  elseif(MODE STREQUAL "add_subdirectory")
    run(${configure} "-DBOARDRULES_SOURCE_DIR=${SOURCE_DIR}")
  elseif(MODE STREQUAL "fetchcontent")
    # A git repository holding the source tree as a clone would (the files git tracks or would
    # track: no build directories), fetched by file:// URL at its commit.
    set(repo "${WORK_DIR}/repo")
    copy_source_tree("${SOURCE_DIR}" "${repo}" "${GIT}")
    set(git "${GIT}" -C "${repo}" -c user.name=boardrules-test -c user.email=test@invalid -c commit.gpgsign=false)
    run(${git} init -q)
    run(${git} add -A)
    run(${git} commit -q -m "the source tree")
    execute_process(COMMAND "${GIT}" -C "${repo}" rev-parse HEAD OUTPUT_VARIABLE sha
                    OUTPUT_STRIP_TRAILING_WHITESPACE)
    run(${configure} "-DBOARDRULES_GIT_URL=file://${repo}" "-DBOARDRULES_GIT_TAG=${sha}"
        "-DFETCHCONTENT_BASE_DIR=${WORK_DIR}/deps")
  else()
    message(FATAL_ERROR "unknown MODE '${MODE}'")
  endif()
  run("${CMAKE_COMMAND}" --build "${WORK_DIR}/consumer")
endif()
run("${exe}")
message(STATUS "consumer (${MODE}) built and ran")
