// SPDX-License-Identifier: MIT
// Pieces the live-world commands share (voxnav live, voxnav soak).
#pragma once

#include "bench/streaming.hpp"
#include "voxnav/route/navigator.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace voxnav::cli {

/// The highest waypoint of column (x, z) on the navigator's snapshot, if any
/// (the streamed terrain's ground lies in y 64..79).
inline std::optional<Voxel> surface(const Navigator& nav, int x, int z) {
    for (int y = 100; y > 40; --y)
        if (nav.is_waypoint({x, y, z})) return Voxel{x, y, z};
    return std::nullopt;
}

/// Loads the (2 radius + 1)^2 columns around chunk column (px, 0).
inline void load_view(StreamedTerrain& t, int px, int radius) {
    for (int cz = -radius; cz <= radius; ++cz)
        for (int cx = px - radius; cx <= px + radius; ++cx) t.load_column(cx, cz);
}

// Why a route is wrong on the snapshot it was computed on ("" when right):
// every move exists there with its action and cost (times the zones'
// multiplier: Navigator::step_costs, the movement rules' own pricing), the
// costs add up, and a found route's end satisfies the goal.
inline std::string route_fault(const Navigator& nav, const Route& r, const Goal& goal, const std::vector<CostZone>& zones) {
    const std::vector<double> costs = nav.step_costs(r, zones);
    double total = 0.0;
    for (std::size_t k = 1; k < r.waypoints.size(); ++k) {
        const Waypoint& w = r.waypoints[k];
        if (!std::isfinite(costs[k])) return "waypoint " + std::to_string(k) + " is not reached by a legal move";
        if (std::abs(costs[k] - w.cost) > 1e-9 * std::max(1.0, w.cost)) return "waypoint " + std::to_string(k) + " has the wrong cost";
        total += w.cost;
    }
    if (std::abs(total - r.cost) > 1e-9 * std::max(1.0, total)) return "the costs do not add up";
    if (r.status == SearchStatus::Found && !goal.satisfied_by(r.waypoints.back().position, nav.profile().width, nav.profile().body_voxels()))
        return "the end does not satisfy the goal";
    return "";
}

}  // namespace voxnav::cli
