# SPDX-License-Identifier: MIT
# Numbers crossing the bindings (Node, Lua, C) are checked before they are
# converted (issue 56): NaN, infinities and values beyond int32 get an error
# naming the argument; a missing range is an error; a follower's clock may
# not go back; a goal in an unloaded chunk has one reason. Included from
# tests/CMakeLists.txt.

# Catch2 cases of the C API and of the navigator's reasons, in the test
# programs that hold their kind.
if(TARGET voxnav_c_api_tests)
  target_sources(voxnav_c_api_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../test_c_api_inputs.cpp)
endif()
if(TARGET voxnav_tests)
  target_sources(voxnav_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../test_unloaded_goals.cpp)
endif()

# The Luanti mod's checks under LuaJIT with the real libvoxnav.so through
# FFI, the mod's own Lua files (api.lua, walk.lua, find_path.lua, agents.lua)
# run with a stand-in for the engine: find_path, reachable and followers
# refuse NaN, infinities, coordinates beyond int32, fractional counts and a
# missing radius, naming them, and a follower refuses a clock going back.
# Skipped (77) without luajit (tools/bootstrap.sh installs it).
if(VOXNAV_SHARED AND TARGET voxnav_luanti_mod)
  add_test(NAME "lua inputs: the Luanti mod checks numbers before LuaJIT's ffi converts them"
           COMMAND sh -c "command -v luajit >/dev/null || { echo 'SKIPPED: luajit is not installed'; exit 77; }; exec luajit \"$0\" \"$1\""
                   ${CMAKE_CURRENT_LIST_DIR}/lua_inputs.lua ${CMAKE_BINARY_DIR}/luanti/voxnav)
  set_tests_properties("lua inputs: the Luanti mod checks numbers before LuaJIT's ffi converts them"
                       PROPERTIES LABELS "lua;inputs" SKIP_RETURN_CODE 77 TIMEOUT 120)
endif()
