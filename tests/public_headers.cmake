# SPDX-License-Identifier: MIT
# Run by ctest ("public headers are self-contained"): compiles, for every
# header under include/voxnav (what voxnav installs), a one-line translation
# unit `#include "voxnav/<h>"` with include/ and the dependencies' include
# directories on the path, and NOT src/. It fails when a public header
# includes an internal one (src/, not installed) or does not compile alone.
#
#   cmake -DCXX=g++ -DCC=gcc -DINCLUDE=<repo>/include -DEXTRA_INCLUDES="a;b" -DWORK=<dir> -P public_headers.cmake
foreach(v CXX CC INCLUDE WORK)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "public_headers.cmake: -D${v}= is missing")
  endif()
endforeach()

set(flags)
foreach(dir ${EXTRA_INCLUDES})
  list(APPEND flags "-isystem" "${dir}")
endforeach()

file(GLOB_RECURSE headers RELATIVE ${INCLUDE}/voxnav ${INCLUDE}/voxnav/*.hpp ${INCLUDE}/voxnav/*.h)
list(SORT headers)
list(LENGTH headers count)
if(count EQUAL 0)
  message(FATAL_ERROR "no headers under ${INCLUDE}/voxnav")
endif()
file(MAKE_DIRECTORY ${WORK})

set(failed)
foreach(h ${headers})
  string(MAKE_C_IDENTIFIER "${h}" name)
  set(tu ${WORK}/${name}.cpp)
  file(WRITE ${tu} "#include \"voxnav/${h}\"\n")
  execute_process(COMMAND ${CXX} -std=c++17 -fsyntax-only -I${INCLUDE} ${flags} ${tu}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    list(APPEND failed ${h})
    message("FAILED voxnav/${h}:\n${out}${err}")
  else()
    message("ok     voxnav/${h}")
  endif()
  # The C API header is C99 too.
  if(h MATCHES "\\.h$")
    set(ctu ${WORK}/${name}.c)
    file(WRITE ${ctu} "#include \"voxnav/${h}\"\n")
    execute_process(COMMAND ${CC} -std=c99 -fsyntax-only -I${INCLUDE} ${ctu}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      list(APPEND failed "${h} (C99)")
      message("FAILED voxnav/${h} as C99:\n${out}${err}")
    else()
      message("ok     voxnav/${h} (C99)")
    endif()
  endif()
endforeach()

list(LENGTH failed nfailed)
if(nfailed GREATER 0)
  message(FATAL_ERROR "${nfailed} of ${count} public headers do not compile alone with include/ only: ${failed}")
endif()
message("all ${count} public headers compile alone with include/ only")
