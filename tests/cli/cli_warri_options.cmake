# CLI tests of warri's decision flags: one CTest test per case of warri_options_cli.py, named
# cli_warri_options_<case>. The cases and their hand-worked expected outputs live in the script.
if(TARGET warri AND Python3_Interpreter_FOUND)
  set(_wo_script "${CMAKE_CURRENT_LIST_DIR}/warri_options_cli.py")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_wo_script}")
  execute_process(COMMAND "${Python3_EXECUTABLE}" "${_wo_script}" warri --list
                  OUTPUT_VARIABLE _wo_cases RESULT_VARIABLE _wo_rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT _wo_rc EQUAL 0)
    message(FATAL_ERROR "warri_options_cli.py --list failed")
  endif()
  string(REPLACE "\n" ";" _wo_cases "${_wo_cases}")
  foreach(_wo_case IN LISTS _wo_cases)
    add_test(NAME cli_warri_options_${_wo_case}
             COMMAND "${Python3_EXECUTABLE}" "${_wo_script}" $<TARGET_FILE:warri> ${_wo_case})
  endforeach()
endif()
