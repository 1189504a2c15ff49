// Pieces the live-world commands share (voxnav live, voxnav soak).
#pragma once

#include "voxnav/bench/streaming.hpp"
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
// multiplier), the costs add up, and a found route's end satisfies the goal.
inline std::string route_fault(const Navigator& nav, const Route& r, const Goal& goal, const std::vector<CostZone>& zones) {
    const NavSnapshot& snap = nav.field();
    double total = 0.0;
    for (std::size_t k = 1; k < r.waypoints.size(); ++k) {
        const Waypoint& w = r.waypoints[k];
        double best = -1.0;
        nav.moves().for_each_move(snap.index_of(r.waypoints[k - 1].position), [&](NavSnapshot::Index t, double c, Action a) {
            if (snap.voxel_of(t) == w.position && a == w.action && (best < 0 || c < best)) best = c;
        });
        if (best < 0) return "waypoint " + std::to_string(k) + " is not reached by a legal move";
        double m = 1.0;
        for (const CostZone& z : zones)
            if (z.contains(w.position)) m *= z.multiplier;
        if (std::abs(best * m - w.cost) > 1e-9 * std::max(1.0, w.cost)) return "waypoint " + std::to_string(k) + " has the wrong cost";
        total += w.cost;
    }
    if (std::abs(total - r.cost) > 1e-9 * std::max(1.0, total)) return "the costs do not add up";
    if (r.status == SearchStatus::Found && !goal.satisfied_by(r.waypoints.back().position, nav.profile().width, nav.profile().height))
        return "the end does not satisfy the goal";
    return "";
}

}  // namespace voxnav::cli
