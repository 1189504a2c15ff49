// SPDX-License-Identifier: MIT
/// @file route.hpp
/// @brief Route: the answer to a route query, as action-tagged waypoints, and
/// its JSON form (docs/formats.md, "Route JSON").
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/agent/action.hpp"
#include "voxnav/search/status.hpp"
#include "voxnav/world/box.hpp"

#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

/// One waypoint: where the feet are, the motion that gets them there, and
/// what that move does to the world first (the doors it opens, the voxels
/// it digs, the blocks it places: its share of Route::open, Route::dig,
/// Route::place).
struct Waypoint {
    Voxel position;            ///< feet voxel
    Action action;             ///< the motion that reaches it; Start for the first
    double cost = 0.0;         ///< cost of that move [Units: seconds]
    /// Height of the surface the feet stand on: position.y plus the real
    /// height of a slab, stair, carpet or snow under them (-0.5 on a bottom
    /// slab below the voxel, +1/16 on a carpet in it). [Units: voxels]
    double feet_y = 0.0;
    /// Voxels this move breaks first and blocks it places: the next `dug`
    /// entries of Route::dig and `placed` of Route::place.
    std::uint32_t dug = 0, placed = 0;
    /// Closed doors, gates or trapdoors this move opens first: the next
    /// `opened` entries of Route::open (every voxel of the body's way that
    /// holds one: a two-block door lists both halves, which open together).
    std::uint32_t opened = 0;
};

struct Route {
    SearchStatus status = SearchStatus::NoPath;
    std::string error;                ///< one sentence for error statuses, else empty
    double cost = 0.0;                ///< sum of the waypoints' move costs [Units: seconds]
    std::vector<Waypoint> waypoints;  ///< start first; empty unless Found or Partial
    SearchMetrics metrics;
    /// World revision (World::revision()) of the facts the route was computed on.
    std::uint64_t revision = 0;
    /// What snapping did to the start or goal (one sentence each), or empty.
    std::string snapped;
    /// The factor the heuristic was scaled by to stay admissible under cost
    /// zones cheaper than 1 (the product of their multipliers); 1 otherwise.
    double heuristic_scale = 1.0;
    /// True when the landmark bound (src/route/problems/landmarks.hpp) guided the search.
    bool landmarks = false;
    /// Every voxel the route digs and places, in route order (each
    /// waypoint's share: Waypoint::dug and Waypoint::placed). Empty unless the agent
    /// digs or places. The route is priced on the world as it is: its own
    /// digs and placements do not change what later moves see.
    std::vector<Voxel> dig, place;
    /// Every closed door, gate or trapdoor voxel the route opens, in route
    /// order (each waypoint's share: Waypoint::opened).
    std::vector<Voxel> open;

    /// The voxels waypoint k opens, digs or places (pointers into open, dig
    /// or place; empty when it does not). k < waypoints.size(). O(k): it
    /// sums the shares before k (a loop over every waypoint keeps its own
    /// running offsets instead).
    struct Voxels {
        const Voxel* first = nullptr;
        std::size_t count = 0;
        [[nodiscard]] const Voxel* begin() const { return first; }
        [[nodiscard]] const Voxel* end() const { return first + count; }
        [[nodiscard]] bool empty() const { return count == 0; }
    };
    [[nodiscard]] Voxels voxels(std::size_t k, WorldAct act) const;
    /// Drops the waypoints before k (and the voxels their moves open, dig or
    /// place, and waypoint k's own: reached already); waypoint k becomes the
    /// start. Costs are kept as they were except the new start's (0); `cost`
    /// becomes the rest's. No effect when k == 0 or k >= waypoints.size().
    void drop_before(std::size_t k);

    /// True for Found and Partial: there is a route to follow.
    [[nodiscard]] bool usable() const { return status == SearchStatus::Found || status == SearchStatus::Partial; }
};

/// Route JSON: status, cost, expanded, generated, waypoints (and error;
/// snapped and heuristic_scale when they say something). Each waypoint has
/// "action" (its motion: start, walk, jump, leap, fall, swim, climb, fly)
/// and, only where its move acts on the world, "open", "dig" and "place":
/// [[x, y, z], ...]. Routes that open, dig or place list all those voxels in
/// route order under the same keys on the route.
[[nodiscard]] std::string to_json(const Route& route);
/// Parses route JSON (as to_json writes it). Throws std::runtime_error.
[[nodiscard]] Route route_from_json(const std::string& text);

VOXNAV_API_END
}  // namespace voxnav
