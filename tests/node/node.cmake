# SPDX-License-Identifier: MIT
# The Node binding's ctests (label node; skipped, never passed, without
# node, npm or the npm registry; one at a time with the other npm tests,
# RESOURCE_LOCK node_npm). Included by tests/CMakeLists.txt.
#   node binding: ...      the addon built against this build's libvoxnav.so
#                          and bindings/node/test/ run on it; the packed
#                          package npm-installed with the machine's npm
#   node npm install (...) every documented form of npm install
#                          (tests/node/npm_install_test.sh), each with the
#                          machine's npm and with npm 9.2 (Debian 12's), 10
#                          and 11 from the registry (tests/node/npm-versions;
#                          npm 11 is skipped on a node it does not support,
#                          Debian 12's node 18 among them). None builds the
#                          library from source (minutes): they use this build.
if(VOXNAV_SHARED)
  add_test(NAME "node binding: worlds, Minecraft blocks, routes, flow fields, the follower from JavaScript"
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_node_test.sh binding ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  add_test(NAME "node binding: npm install of the packed bindings/node builds it and require('voxnav') routes"
           COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_node_test.sh npm ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR})
  set_tests_properties("node binding: worlds, Minecraft blocks, routes, flow fields, the follower from JavaScript"
                       "node binding: npm install of the packed bindings/node builds it and require('voxnav') routes"
                       PROPERTIES LABELS node SKIP_RETURN_CODE 77 TIMEOUT 900 RESOURCE_LOCK node_npm)

  set(node_install_forms
    "folder|npm install <checkout>/bindings/node from an app folder, then require('voxnav') routes"
    "links|npm install --install-links <checkout>/bindings/node with VOXNAV_BUILD_DIR, then require('voxnav') routes"
    "tarball|npm install of the packed bindings/node with VOXNAV_BUILD_DIR, then require('voxnav') routes"
    "pkgconfig|npm install of the packed bindings/node finds an installed voxnav through pkg-config (no build folder), then require('voxnav') routes")
  foreach(npm system 9 10 11)
    if(npm STREQUAL "system")
      set(npm_name "the machine's npm")
    else()
      set(npm_name "npm ${npm}")
    endif()
    foreach(entry IN LISTS node_install_forms)
      string(REPLACE "|" ";" entry "${entry}")
      list(GET entry 0 form)
      list(GET entry 1 what)
      if(npm STREQUAL "system" AND form STREQUAL "tarball")
        continue()  # "node binding: npm install of the packed bindings/node ..." above
      endif()
      set(name "node npm install (${npm_name}): ${what}")
      add_test(NAME "${name}"
               COMMAND ${CMAKE_CURRENT_LIST_DIR}/npm_install_test.sh ${form} ${npm} ${CMAKE_BINARY_DIR} ${PROJECT_SOURCE_DIR})
      set_tests_properties("${name}" PROPERTIES LABELS node SKIP_RETURN_CODE 77 TIMEOUT 600 RESOURCE_LOCK node_npm)
    endforeach()
  endforeach()
endif()
