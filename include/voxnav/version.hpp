// SPDX-License-Identifier: MIT
/// @file version.hpp
/// @brief The version of the voxnav library a program runs with.
///
///   std::printf("voxnav %s\n", voxnav::version());   // "voxnav 0.1.0"
///
/// The version is written in one place only, project(voxnav VERSION ...) in
/// the top CMakeLists.txt; the library is compiled with it. This header is
/// installed as it is, so it carries no version macros (they would be a
/// second copy): at build time a game asks for a version through its build
/// system (find_package(voxnav 0.1 CONFIG), pkg-config --modversion voxnav),
/// and at run time through version(), which names the library actually
/// loaded. The C API's voxnav_version() gives the same string.
#pragma once

#include "voxnav/api.hpp"

namespace voxnav {
VOXNAV_API_BEGIN

/// "MAJOR.MINOR.PATCH" of the library: a static string, never null, from
/// any thread.
[[nodiscard]] const char* version() noexcept;

VOXNAV_API_END
}  // namespace voxnav
