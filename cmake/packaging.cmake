# SPDX-License-Identifier: MIT
# Debian packages from `cpack --config build/CPackConfig.cmake` (run in the
# build folder: `cd build && cpack`):
#   voxnav_<version>_amd64.deb      libvoxnav.so.<version>, the voxnav CLI,
#                                   the block table, the Luanti mod
#                                   (/usr/share/games/minetest/mods/voxnav)
#   voxnav-dev_<version>_amd64.deb  headers, libvoxnav.so, the CMake package,
#                                   voxnav.pc
# The runtime package's Depends come from dpkg-shlibdeps (libopenvdb10.0,
# libtbb12, ...), the dev package depends on it at the same version and on
# libglm-dev (the public headers use glm).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME voxnav)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "voxnav")
set(CPACK_PACKAGE_CONTACT "voxnav developers <voxnav@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "navigation for voxel games: exact, action-tagged NPC routes")
set(CPACK_PACKAGE_DESCRIPTION
    "voxnav finds routes for the NPCs of voxel games: walk, jump, fall, swim, climb, fly, open doors, dig and place, on real blocks (stairs, slabs, fences, doors, ladders), in worlds that change every tick.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME voxnav)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SHLIBDEPS ON)
# The Luanti mod needs a server built with LuaJIT (Debian's is).
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SUGGESTS "minetest-server")
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}\n ${CPACK_PACKAGE_DESCRIPTION}\n .\n This package has the shared library, the voxnav command-line tool and the Luanti mod.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME voxnav-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "voxnav (= ${PROJECT_VERSION}), libglm-dev")
set(CPACK_DEBIAN_DEV_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY} (development files)\n ${CPACK_PACKAGE_DESCRIPTION}\n .\n This package has the C++ and C headers, the CMake package and the pkg-config file.")
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}")
set(CPACK_COMPONENT_DEV_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY} (development files)")
include(CPack)
