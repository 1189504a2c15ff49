// SPDX-License-Identifier: MIT
// Where a picture frames the start and the goal: as given, else the route's
// first and last waypoints (none without a route).
#pragma once

#include "voxnav/route/route.hpp"

#include <optional>

namespace voxnav::pictures {

inline std::optional<Voxel> start_mark(const std::optional<Voxel>& given, const Route* route) {
    if (given) return given;
    if (route && !route->waypoints.empty()) return route->waypoints.front().position;
    return std::nullopt;
}
inline std::optional<Voxel> goal_mark(const std::optional<Voxel>& given, const Route* route) {
    if (given) return given;
    if (route && !route->waypoints.empty()) return route->waypoints.back().position;
    return std::nullopt;
}

}  // namespace voxnav::pictures
