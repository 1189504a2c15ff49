// SPDX-License-Identifier: MIT
/// @file reach.hpp
/// @brief Reach: every waypoint an agent can reach from a start, with the
/// cheapest cost of getting there (Navigator::reachable). What a designer
/// compares between two profiles, and what a game asks for "where can this
/// mob go within 5 seconds".
///
/// Errors: plain data; Navigator::reachable documents its errors.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/agent/action.hpp"
#include "voxnav/search/status.hpp"
#include "voxnav/world/box.hpp"

#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

struct ReachedWaypoint {
    Voxel position{0};            ///< feet voxel
    double cost = 0.0;            ///< cheapest cost from the start [Units: seconds]
    Action action = Action::Start;  ///< the last move of a cheapest route to it
};

struct Reach {
    /// Found: the set is complete (within max_cost). Partial: the node cap
    /// stopped the flood first (the set holds the max_nodes cheapest).
    /// InvalidStart: the start is no waypoint (error says why).
    SearchStatus status = SearchStatus::Found;
    std::string error;
    /// In order of cost (the start first, cost 0).
    std::vector<ReachedWaypoint> waypoints;
    SearchMetrics metrics;
    [[nodiscard]] bool complete() const { return status == SearchStatus::Found; }
};

VOXNAV_API_END
}  // namespace voxnav
