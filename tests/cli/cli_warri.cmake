# CLI tests of the warri program: one CTest test per case of warri_cli.py,
# named cli_warri_<case>. The cases and their hand-worked expected outputs live in the script.
if(TARGET warri AND Python3_Interpreter_FOUND)
  set(_warri_cli "${CMAKE_CURRENT_LIST_DIR}/warri_cli.py")
  # The interpreter itself, not a launcher shim (pyenv shims cost seconds a call on a busy machine).
  execute_process(COMMAND "${Python3_EXECUTABLE}" -c "import sys; print(sys.executable)"
                  OUTPUT_VARIABLE _warri_python OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT EXISTS "${_warri_python}")
    set(_warri_python "${Python3_EXECUTABLE}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_warri_cli}")
  execute_process(COMMAND "${Python3_EXECUTABLE}" "${_warri_cli}" warri --list
                  OUTPUT_VARIABLE _warri_cases RESULT_VARIABLE _warri_rc
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _warri_rc EQUAL 0)
    message(FATAL_ERROR "warri_cli.py --list failed")
  endif()
  string(REPLACE "\n" ";" _warri_cases "${_warri_cases}")
  foreach(_case IN LISTS _warri_cases)
    add_test(NAME cli_warri_${_case}
             COMMAND "${_warri_python}" "${_warri_cli}" $<TARGET_FILE:warri> ${_case})
  endforeach()
endif()
