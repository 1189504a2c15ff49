// SPDX-License-Identifier: MIT
// How route messages write positions: "(x, y, z)" (internal to route/).
#pragma once

#include "voxnav/world/box.hpp"

#include <cstdio>
#include <string>

namespace voxnav::detail {

inline std::string describe(const Voxel& v) {
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

/// A fractional position, to 3 decimals.
inline std::string describe(const glm::dvec3& p) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "(%.3f, %.3f, %.3f)", p.x, p.y, p.z);
    return buf;
}

}  // namespace voxnav::detail
