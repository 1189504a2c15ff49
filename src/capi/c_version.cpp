// SPDX-License-Identifier: MIT
// The library's version, voxnav::version() (include/voxnav/version.hpp)
// and the C API's voxnav_version() (voxnav.h), one string for both:
// VOXNAV_VERSION_STRING is project(voxnav VERSION ...) of the top
// CMakeLists.txt, given to this file alone by src/CMakeLists.txt.
#include "voxnav/version.hpp"
#include "voxnav/voxnav.h"

#ifndef VOXNAV_VERSION_STRING
#error "VOXNAV_VERSION_STRING comes from src/CMakeLists.txt (the project's version)"
#endif

namespace voxnav {

const char* version() noexcept { return VOXNAV_VERSION_STRING; }

}  // namespace voxnav

extern "C" const char* voxnav_version(void) { return voxnav::version(); }
