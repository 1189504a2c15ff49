# SPDX-License-Identifier: MIT
# What `cmake --install build [--prefix P]` installs (included from the top
# CMakeLists.txt). Components: `runtime` and `dev` (see there).
include(CMakePackageConfigHelpers)

# The headers a game includes: the C++ API (voxnav/voxnav.hpp and the
# folders) and the C API (voxnav/voxnav.h). The pictures are the CLI's own
# (they read the block store directly), so their headers stay out.
install(DIRECTORY include/voxnav DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev
        PATTERN pictures EXCLUDE)

if(VOXNAV_SHARED)
  install(TARGETS voxnav EXPORT voxnavTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime NAMELINK_COMPONENT dev
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
else()
  install(TARGETS voxnav EXPORT voxnavTargets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
          INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endif()
if(VOXNAV_BUILD_TOOLS)
  install(TARGETS voxnav_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/worlds/minecraft_blocks.txt DESTINATION ${CMAKE_INSTALL_DATADIR}/voxnav
        COMPONENT runtime)
# The licence, where Debian keeps it: share/doc/<package>/copyright, one per
# package (cmake/copyright, in Debian's machine-readable format: voxnav under
# MIT, the data files under their own licences).
install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/voxnav COMPONENT runtime)
install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/voxnav-dev COMPONENT dev)

# The CMake package: find_package(voxnav CONFIG REQUIRED), then
# target_link_libraries(game PRIVATE voxnav::voxnav). For the shared library
# it finds glm only (the public headers' vector types): OpenVDB, TBB and the
# rest are the library's own business.
install(EXPORT voxnavTargets NAMESPACE voxnav:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/voxnav COMPONENT dev)
configure_package_config_file(cmake/voxnavConfig.cmake.in ${CMAKE_CURRENT_BINARY_DIR}/voxnavConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/voxnav)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/voxnavConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/voxnavConfig.cmake ${CMAKE_CURRENT_BINARY_DIR}/voxnavConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/voxnav COMPONENT dev)

# pkg-config: `pkg-config --cflags --libs voxnav`. The prefix is found from
# the file's own place (${pcfiledir}), so the file is right under any
# --prefix and inside a scratch root a package was unpacked into.
file(RELATIVE_PATH pc_to_prefix /${CMAKE_INSTALL_LIBDIR}/pkgconfig /)
string(REGEX REPLACE "/$" "" pc_to_prefix "${pc_to_prefix}")
if(VOXNAV_SHARED)
  set(VOXNAV_PC_PRIVATE_LIBS "")
else()
  set(VOXNAV_PC_PRIVATE_LIBS "-lopenvdb -ltbb -lz -lstdc++")
endif()
configure_file(cmake/voxnav.pc.in ${CMAKE_CURRENT_BINARY_DIR}/voxnav.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/voxnav.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)
