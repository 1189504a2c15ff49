# SPDX-License-Identifier: MIT
# The README's Luanti mod run for real (included from tests/docs/docs.cmake;
# ${CMAKE_CURRENT_SOURCE_DIR} is tests/): Debian's headless Luanti server
# (minetest-server, minetest_game; 127.0.0.1 only) loads the README's
# ```lua block, unchanged, as the mod "mymod" next to the build's voxnav mod,
# and the test mod (tests/luanti/voxnav_test, mode docs) checks its agent,
# its chat command and its walks (the walking entities' bodies must come to
# rest at the bells), and runs docs/luanti.md's Lua API block on the same
# arena. Both files are read when the test runs. Skipped (77) without the
# server or minetest_game.
if(VOXNAV_SHARED)  # the mod loads the shared library
  add_test(NAME "README Luanti mod runs on a Luanti server"
           COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/luanti/run_server_test.sh ${CMAKE_BINARY_DIR} docs
                   ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/luanti.md)
  set_tests_properties("README Luanti mod runs on a Luanti server" PROPERTIES
                       LABELS luanti SKIP_RETURN_CODE 77 TIMEOUT 600)
endif()
