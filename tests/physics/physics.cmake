# SPDX-License-Identifier: MIT
# The Minecraft-physics judge of the route follower (issue 35): a player
# body stepped by prismarine-physics, steered through `voxnav follow`, on the
# real builds and a 1.21.1 region. Label `physics`. Needs node and npm (tools/
# bootstrap.sh installs them) and the npm registry once: the pinned packages
# are installed into the build folder by `npm ci`. Skipped (77), never
# passed, when either is missing.
set(VOXNAV_PHYSICS_NPM_DIR ${CMAKE_BINARY_DIR}/physics-npm)
configure_file(${CMAKE_CURRENT_LIST_DIR}/package.json ${VOXNAV_PHYSICS_NPM_DIR}/package.json COPYONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/package-lock.json ${VOXNAV_PHYSICS_NPM_DIR}/package-lock.json COPYONLY)
add_test(NAME "physics: a prismarine-physics player follows voxnav routes through real builds"
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_physics_test.sh $<TARGET_FILE:voxnav_cli> ${PROJECT_SOURCE_DIR}
                 ${VOXNAV_PHYSICS_NPM_DIR})
set_tests_properties("physics: a prismarine-physics player follows voxnav routes through real builds"
                     PROPERTIES LABELS physics SKIP_RETURN_CODE 77 TIMEOUT 900 RESOURCE_LOCK physics-npm)
# Leaps that land (issue 57): one-wide parkour lines over a pit (gaps of 1
# and 2, 1-wide landings, turns on them), a leaping player body judged where
# it came to rest and never in the pit.
add_test(NAME "physics: leaps that land: a prismarine-physics player crosses 1-wide parkour lines of 1- and 2-block gaps over a pit"
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_leaps_test.sh $<TARGET_FILE:voxnav_cli> ${PROJECT_SOURCE_DIR} ${VOXNAV_PHYSICS_NPM_DIR})
set_tests_properties("physics: leaps that land: a prismarine-physics player crosses 1-wide parkour lines of 1- and 2-block gaps over a pit"
                     PROPERTIES LABELS physics SKIP_RETURN_CODE 77 TIMEOUT 600 RESOURCE_LOCK physics-npm)
