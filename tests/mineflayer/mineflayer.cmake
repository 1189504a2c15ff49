# SPDX-License-Identifier: MIT
# The mineflayer plugin's goal lifecycle (issue 57, item 8), one ctest per
# behaviour, each a real mineflayer bot on a real flying-squid server
# (tests/mineflayer/lifecycle.js CASE; label mineflayer; skipped, never
# passed, without node, npm or the registry). Included by tests/CMakeLists.txt.
if(VOXNAV_SHARED)
  set(mineflayer_lifecycle
    "login|goto called on login, before spawn, waits for the world and arrives"
    "nearxz|a GoalNearXZ of range 3000 is one region: planned in milliseconds, memory bounded, arrived"
    "nopath|a failed plan emits one path_update, noPath, and no success before it"
    "end|goto rejects when the bot quits or is kicked, and at once after")
  foreach(entry IN LISTS mineflayer_lifecycle)
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 case_name)
    list(GET entry 1 what)
    set(name "mineflayer lifecycle: ${what}")
    add_test(NAME "${name}"
             COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_mineflayer_test.sh ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR} ${case_name})
    set_tests_properties("${name}" PROPERTIES LABELS mineflayer SKIP_RETURN_CODE 77 TIMEOUT 600 RESOURCE_LOCK node_npm)
  endforeach()
endif()
