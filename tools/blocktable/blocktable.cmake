# SPDX-License-Identifier: MIT
# The block table's generator (issue 36): regenerates worlds/minecraft_blocks.txt
# from the pinned minecraft-data, the overrides and the slow blocks measured
# with the pinned prismarine-physics (measure.js, issue 57), and fails on any
# difference. Label `blocktable`; skipped (77), never passed, without node,
# npm or the npm registry.
add_test(NAME "block table: worlds/minecraft_blocks.txt is what the generator makes from minecraft-data"
         COMMAND ${CMAKE_CURRENT_LIST_DIR}/run_blocktable_test.sh ${PROJECT_SOURCE_DIR} ${CMAKE_BINARY_DIR}/blocktable-npm)
set_tests_properties("block table: worlds/minecraft_blocks.txt is what the generator makes from minecraft-data"
                     PROPERTIES LABELS blocktable SKIP_RETURN_CODE 77 TIMEOUT 900)
