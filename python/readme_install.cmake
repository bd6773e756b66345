# The test python_readme_install: runs the README's Python install commands as they are written
# there (the ```sh block that holds `-m venv`), in a copy of the source tree (pip builds in the
# tree it installs from, and the commands make .venv/ there), then imports the installed module
# with the virtual environment's interpreter and checks a value known independently of the code:
# backgammon perft(1) from the start = 447 (GNU Backgammon's hint lists give 447 plays over the
# 21 rolls), and that the type stubs (boardrules-stubs) are installed beside it. A change of the
# README's commands is tested as soon as it is made.
# Inputs: SOURCE_DIR, WORK_DIR, GIT (may be empty).
file(READ "${SOURCE_DIR}/README.md" readme)
# (Not MATCHALL: the commands hold ';', which would split a CMake list.)
set(block_regex "```sh\n[^`]*-m venv[^`]*```")
string(REGEX MATCH "${block_regex}" block "${readme}")
string(FIND "${readme}" "${block}" at)
string(LENGTH "${block}" length)
math(EXPR after "${at} + ${length}")
string(SUBSTRING "${readme}" ${after} -1 rest)
string(REGEX MATCH "${block_regex}" second "${rest}")
if(NOT block OR second)
  message(FATAL_ERROR "README.md: expected exactly one ```sh block with the `-m venv` command")
endif()
string(REGEX REPLACE "^```sh\n(.*)```$" "\\1" commands "${block}")
message(STATUS "the README's commands:\n${commands}")

# The copy: the files git tracks or would track (no build directories, no .venv), or, outside a
# git checkout, everything but those.
file(REMOVE_RECURSE "${WORK_DIR}")
set(tree "${WORK_DIR}/boardrules")
file(MAKE_DIRECTORY "${tree}")
include("${SOURCE_DIR}/tests/package/copy_source_tree.cmake")
copy_source_tree("${SOURCE_DIR}" "${tree}" "${GIT}")

# The module must come from the virtual environment, not from a PYTHONPATH of the caller.
unset(ENV{PYTHONPATH})
execute_process(COMMAND sh -e -c "${commands}" WORKING_DIRECTORY "${tree}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the README's Python install commands failed (${rc}):\n${out}\n${err}")
endif()
message(STATUS "${out}")

set(check [=[
import os
import sys
import sysconfig
import boardrules
from boardrules import backgammon
assert boardrules.__file__.startswith(sys.prefix + "/"), (boardrules.__file__, sys.prefix)
# the type stubs, a PEP 561 stub package beside the module
stubs = os.path.join(sysconfig.get_paths()["purelib"], "boardrules-stubs")
assert sorted(os.listdir(stubs)) == ["__init__.pyi", "backgammon.pyi", "warri.pyi"], stubs
print("perft(1) =", backgammon.perft(backgammon.Position.start(), 1))
]=])
execute_process(COMMAND "${tree}/.venv/bin/python" -c "${check}" WORKING_DIRECTORY "${WORK_DIR}"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "perft\\(1\\) = 447\n")
  message(FATAL_ERROR "the module installed in .venv: (${rc})\n${out}\n${err}")
endif()
message(STATUS "installed by the README's commands and imported: ${out}")
