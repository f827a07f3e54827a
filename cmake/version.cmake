# Writes Version.inc with the git hash of SRC; rewritten only when it changes,
# so an unchanged checkout recompiles nothing.
execute_process(COMMAND git -C ${SRC} rev-parse --short=12 HEAD
  OUTPUT_VARIABLE HASH OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
  RESULT_VARIABLE RC)
if(NOT RC EQUAL 0 OR HASH STREQUAL "")
  set(HASH "unknown")
endif()
set(TEXT "#define HIPPORT_VERSION \"${VERSION}\"\n#define HIPPORT_GIT_HASH \"${HASH}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} OLD)
endif()
if(NOT "${OLD}" STREQUAL "${TEXT}")
  file(WRITE ${OUT} "${TEXT}")
endif()
