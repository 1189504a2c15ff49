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
