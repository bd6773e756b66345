# perft --checkpoint of both CLIs (docs/perft.md, checkpoints): write, cut, resume, refuse.
# Included by tests/cli/CMakeLists.txt.
function(perft_checkpoint_test name program args other)
  if(TARGET ${program})
    add_test(NAME cli_perft_checkpoint_${name}
             COMMAND ${CMAKE_COMMAND} "-DCMD=$<TARGET_FILE:${program}>|perft|${args}" "-DOTHER=${other}"
                     "-DFILE=${CMAKE_CURRENT_BINARY_DIR}/runs/checkpoint_${name}.txt"
                     -P "${CMAKE_CURRENT_LIST_DIR}/perft_checkpoint_check.cmake")
    set_tests_properties(cli_perft_checkpoint_${name} PROPERTIES TIMEOUT 120)
  endif()
endfunction()
perft_checkpoint_test(bg3 backgammon "3|--divide" "2")
perft_checkpoint_test(bg3_list backgammon "3|--leaves|list" "3")
perft_checkpoint_test(warri9 warri "9|--divide|--variant|abapa" "9|--variant|speightstown")
