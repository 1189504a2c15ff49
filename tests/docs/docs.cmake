# SPDX-License-Identifier: MIT
# The documentation's programs, found rather than listed: every fenced code
# block of README.md and docs/*.md, and every @code block of the public
# headers, that is a whole program is built and run by a ctest, so an
# example cannot drift from the API it shows (included from
# tests/CMakeLists.txt; paths below are relative to tests/).
#
#   C and C++ (```c, ```cpp, a header's @code): a block with `int main(` is a
#     whole program: built against voxnav::voxnav (C as C99, warnings on)
#     and run from the source tree's root, so "worlds/demo.vxw" resolves.
#   JavaScript (```js): a block that require()s voxnav is run with node
#     against this build's addon; one that needs a Minecraft server
#     (mineflayer) is compiled by node --check (the mineflayer ctest runs the
#     same API against a real server).
#   Lua (```lua): compiled by luajit (tests/docs/run_lua_example.sh); the
#     Luanti ctests run the mod's API on a real server.
# Blocks between <!-- NAME:begin --> and <!-- NAME:end --> are the named
# examples that tests/CMakeLists.txt builds itself (the install tests reuse
# them); they are skipped here so nothing is built twice. Fragments (no
# main, no require) are prose and not built.

set(docs_examples_dir ${CMAKE_CURRENT_BINARY_DIR}/docs_examples)
file(MAKE_DIRECTORY ${docs_examples_dir})

# docs_example_test(SOURCE_FILE LINE LANG BODY): one test for one block.
function(docs_example_test file line lang body)
  string(REGEX REPLACE "[^A-Za-z0-9]+" "_" stem "${file}_${line}")
  set(where "${file}:${line}")
  if(lang STREQUAL "cpp" OR lang STREQUAL "c++" OR lang STREQUAL "c")
    if(NOT body MATCHES "int main\\(")
      return()
    endif()
    if(lang STREQUAL "c")
      set(src ${docs_examples_dir}/${stem}.c)
    else()
      set(src ${docs_examples_dir}/${stem}.cpp)
    endif()
    file(WRITE ${src} "${body}")
    add_executable(docs_${stem} ${src})
    target_link_libraries(docs_${stem} PRIVATE voxnav::voxnav)
    if(lang STREQUAL "c")
      set_target_properties(docs_${stem} PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
      target_compile_options(docs_${stem} PRIVATE -Wall -Wextra -pedantic)
    endif()
    if(VOXNAV_SANITIZE STREQUAL "thread")
      target_sources(docs_${stem} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/tsan_tbb_serial.cpp)
      target_link_libraries(docs_${stem} PRIVATE TBB::tbb)
    endif()
    add_test(NAME "docs program builds and runs: ${where}" COMMAND docs_${stem} WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
    set_tests_properties("docs program builds and runs: ${where}" PROPERTIES TIMEOUT 300)
  elseif(lang STREQUAL "js")
    if(NOT body MATCHES "require\\(")
      return()
    endif()
    set(src ${docs_examples_dir}/${stem}.js)
    file(WRITE ${src} "${body}")
    add_test(NAME "docs program runs: ${where}"
             COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/docs/run_js_example.sh ${src} ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR})
    set_tests_properties("docs program runs: ${where}" PROPERTIES LABELS node SKIP_RETURN_CODE 77 TIMEOUT 600
                         RESOURCE_LOCK node_npm)
  elseif(lang STREQUAL "lua")
    if(NOT body MATCHES "voxnav\\.")
      return()
    endif()
    set(src ${docs_examples_dir}/${stem}.lua)
    file(WRITE ${src} "${body}")
    add_test(NAME "docs program compiles: ${where}"
             COMMAND ${PROJECT_SOURCE_DIR}/docs/check_lua_syntax.sh ${src})
    set_tests_properties("docs program compiles: ${where}" PROPERTIES SKIP_RETURN_CODE 77)
  endif()
endfunction()

# The number of the line at byte OFFSET of TEXT (1-based).
function(docs_line_of text offset out)
  string(SUBSTRING "${text}" 0 ${offset} before)
  string(REGEX MATCHALL "\n" newlines "${before}")
  list(LENGTH newlines n)
  math(EXPR n "${n} + 1")
  set(${out} ${n} PARENT_SCOPE)
endfunction()

# Every fenced block of one Markdown file.
function(docs_scan_markdown file)
  set(path ${PROJECT_SOURCE_DIR}/${file})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${path})
  file(READ ${path} text)
  set(text "\n${text}")  # every fence is then "\n```"
  set(at 0)
  while(TRUE)
    string(SUBSTRING "${text}" ${at} -1 rest)
    string(FIND "${rest}" "\n```" open)
    if(open EQUAL -1)
      break()
    endif()
    math(EXPR fence "${at} + ${open} + 1")  # the opening fence's first byte
    math(EXPR info_at "${fence} + 3")
    string(SUBSTRING "${text}" ${info_at} -1 rest)
    string(FIND "${rest}" "\n" eol)
    if(eol EQUAL -1)
      break()
    endif()
    string(SUBSTRING "${rest}" 0 ${eol} lang)
    string(STRIP "${lang}" lang)
    math(EXPR body_at "${info_at} + ${eol} + 1")
    string(SUBSTRING "${text}" ${body_at} -1 rest)
    string(FIND "${rest}" "\n```" close)
    if(close EQUAL -1)
      message(FATAL_ERROR "${file}: a code block has no closing fence")
    endif()
    math(EXPR body_length "${close} + 1")
    string(SUBSTRING "${rest}" 0 ${body_length} body)
    math(EXPR at "${body_at} + ${close} + 4")
    # Named examples (the line before the fence is <!-- NAME:begin -->) are built elsewhere.
    string(SUBSTRING "${text}" 0 ${fence} before)
    if(before MATCHES "<!-- [a-z0-9-]+:begin -->[ \t]*\n$")
      continue()
    endif()
    docs_line_of("${text}" ${fence} line)
    math(EXPR line "${line} - 1")  # the leading "\n" added above
    docs_example_test(${file} ${line} "${lang}" "${body}")
  endwhile()
endfunction()

# Every @code ... @endcode block of one public header, comment marks removed.
function(docs_scan_header file)
  set(path ${PROJECT_SOURCE_DIR}/${file})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${path})
  file(READ ${path} text)
  if(file MATCHES "\\.h$")
    set(lang c)
  else()
    set(lang cpp)
  endif()
  set(at 0)
  while(TRUE)
    string(SUBSTRING "${text}" ${at} -1 rest)
    string(FIND "${rest}" "@code" open)
    if(open EQUAL -1)
      break()
    endif()
    math(EXPR code_at "${at} + ${open}")
    string(SUBSTRING "${text}" ${code_at} -1 rest)
    string(FIND "${rest}" "\n" eol)
    string(FIND "${rest}" "@endcode" close)
    if(close EQUAL -1)
      message(FATAL_ERROR "${file}: an @code block has no @endcode")
    endif()
    math(EXPR body_length "${close} - ${eol}")
    string(SUBSTRING "${rest}" ${eol} ${body_length} body)
    math(EXPR at "${code_at} + ${close} + 8")
    # " * " or "/// " at each line's start, then the last line's comment mark.
    string(REGEX REPLACE "\n[ \t]*(\\*|///|//!)[ ]?" "\n" body "${body}")
    string(REGEX REPLACE "\n[^\n]*$" "\n" body "${body}")
    string(REGEX REPLACE "^\n" "" body "${body}")
    docs_line_of("${text}" ${code_at} line)
    docs_example_test(${file} ${line} ${lang} "${body}")
  endwhile()
endfunction()

file(GLOB docs_markdown RELATIVE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/docs/*.md)
foreach(file README.md ${docs_markdown})
  docs_scan_markdown(${file})
endforeach()
file(GLOB_RECURSE docs_headers RELATIVE ${PROJECT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/include/*.h ${PROJECT_SOURCE_DIR}/include/*.hpp)
foreach(file ${docs_headers})
  docs_scan_header(${file})
endforeach()

# A fresh configure of voxnav prints no Imath or OpenVDB noise (docs/install.md,
# "Configuring: what CMake prints").
add_test(NAME "configure prints no Imath or OpenVDB noise"
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/docs/check_configure_output.sh ${PROJECT_SOURCE_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/configure_check)

# The README's Luanti mod run for real on a Luanti server (tests/luanti).
include(${CMAKE_CURRENT_SOURCE_DIR}/luanti/docs_mod.cmake OPTIONAL)

# A figure the manual quotes, held to the command it names: docs/pictures.md's
# route through the small house (8.77 s, 379 expansions). A change to the
# search that moves them fails here until the page says what it prints.
add_test(NAME "docs figure: pictures.md's house route costs 8.77 s in 379 expansions"
         COMMAND voxnav_cli route --world ${PROJECT_SOURCE_DIR}/worlds/samples/builds/prismarine_smallhouse1.schem
                 --agent ${PROJECT_SOURCE_DIR}/worlds/agents/player.json --from 10,1,3 --to 10,16,13)
set_tests_properties("docs figure: pictures.md's house route costs 8.77 s in 379 expansions" PROPERTIES
                     PASS_REGULAR_EXPRESSION "cost +8\\.77[0-9]* s[\r\n]+expanded +379[\r\n]")
