# copy_source_tree(<source> <destination> <git>): copies the source tree as a clone holds it: the
# files git tracks or would track (no build directories, no .venv); when <git> is empty or
# <source> is not a git checkout, everything but .git, .venv and the build directories.
# Included by run_consumer.cmake (this folder) and python/readme_install.cmake.
function(copy_source_tree source destination git)
  set(files "")
  if(git)
    execute_process(COMMAND "${git}" -C "${source}" ls-files --cached --others --exclude-standard
                    RESULT_VARIABLE rc OUTPUT_VARIABLE files ERROR_QUIET)
    if(NOT rc EQUAL 0)
      set(files "")
    endif()
  endif()
  if(NOT files)
    file(COPY "${source}/" DESTINATION "${destination}" PATTERN ".git" EXCLUDE PATTERN ".venv" EXCLUDE
         REGEX "/build[^/]*$" EXCLUDE)
    return()
  endif()
  string(REPLACE "\n" ";" files "${files}")
  foreach(f IN LISTS files)
    if(f AND EXISTS "${source}/${f}" AND NOT IS_DIRECTORY "${source}/${f}")
      get_filename_component(dir "${destination}/${f}" DIRECTORY)
      file(COPY "${source}/${f}" DESTINATION "${dir}")
    endif()
  endforeach()
endfunction()
