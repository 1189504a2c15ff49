// SPDX-License-Identifier: MIT
// The library's version, voxnav::version() (include/voxnav/version.hpp):
// VOXNAV_VERSION_STRING is project(voxnav VERSION ...) of the top
// CMakeLists.txt, given to this file alone by src/CMakeLists.txt.
#include "voxnav/version.hpp"

#ifndef VOXNAV_VERSION_STRING
#error "VOXNAV_VERSION_STRING comes from src/CMakeLists.txt (the project's version)"
#endif

namespace voxnav {

const char* version() noexcept { return VOXNAV_VERSION_STRING; }

}  // namespace voxnav
