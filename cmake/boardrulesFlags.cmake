# Helpers for this project's own executables (tests, examples, benchmarks).
# Nothing here is attached to the boardrules target: users choose their own flags.
include(CheckCXXCompilerFlag)
check_cxx_compiler_flag("-march=native" BOARDRULES_HAVE_MARCH_NATIVE)

# boardrules_native(<target>): build <target> for the host CPU when BOARDRULES_NATIVE is ON.
function(boardrules_native target)
  if(BOARDRULES_NATIVE AND BOARDRULES_HAVE_MARCH_NATIVE)
    target_compile_options(${target} PRIVATE -march=native)
  endif()
endfunction()

# boardrules_warnings(<target>): the project's warning set.
function(boardrules_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wconversion -Wshadow)
  elseif(MSVC)
    target_compile_options(${target} PRIVATE /W4)
  endif()
endfunction()
