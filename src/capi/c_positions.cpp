// SPDX-License-Identifier: MIT
// The C API's positions and areas (include/voxnav/voxnav.h): game units and
// the world's transform, snapping game positions, smoothing a route, and
// the reachable area of a start.
#include "capi/c_handles.hpp"

#include "facts/nav_snapshot.hpp"
#include "voxnav/route/reach.hpp"

#include <cmath>

struct voxnav_reach {
    voxnav::Reach reach;
    std::uint64_t revision = 0;             // of the facts the flood read
    std::vector<voxnav_reached> waypoints;  // the C view of reach.waypoints
};

using namespace voxnav;
using namespace voxnav::capi;

extern "C" {

// --- game units -------------------------------------------------------------

voxnav_status voxnav_world_set_transform(voxnav_world* world, double voxel_size, const double* origin) {
    return guard(__func__, [&] {
        World& w = need(world, "world").holder->world;
        number_arg(voxel_size, "voxel_size", 0.0, true);
        const glm::dvec3 o = origin ? point_arg(origin, "origin") : glm::dvec3(0.0);
        w.transform().voxel_size = voxel_size;
        w.transform().origin = o;
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_get_transform(const voxnav_world* world, double* voxel_size_out, double* origin_out) {
    return guard(__func__, [&] {
        const WorldTransform& t = need(world, "world").holder->world.transform();
        if (voxel_size_out) *voxel_size_out = t.voxel_size;
        if (origin_out) origin_out[0] = t.origin.x, origin_out[1] = t.origin.y, origin_out[2] = t.origin.z;
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_snap_game(voxnav_navigator* nav, const double* game, int32_t* out) {
    return guard(__func__, [&] {
        snap_into(nav_of(nav), point_arg(game, "game"), true, out);
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_to_game(voxnav_navigator* nav, const int32_t* feet, double* game_out) {
    return guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        const Voxel v = voxel_arg(feet, "feet");
        need(game_out, "game_out");
        n.sync();
        const glm::dvec3 g = n.to_game(v);
        game_out[0] = g.x, game_out[1] = g.y, game_out[2] = g.z;
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_route_to_game(voxnav_navigator* nav, const voxnav_route* route, double* points_out, size_t capacity,
                                   size_t* count_out) {
    return guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        const Route& r = need(route, "route").route;
        if (count_out) *count_out = r.waypoints.size();
        if (capacity < r.waypoints.size())
            throw ArgumentError("capacity " + std::to_string(capacity) + " is less than the route's " +
                                std::to_string(r.waypoints.size()) + " waypoints");
        if (!r.waypoints.empty()) need(points_out, "points_out");
        const std::vector<glm::dvec3> points = n.to_game(r);
        for (std::size_t i = 0; i < points.size(); ++i)
            points_out[3 * i] = points[i].x, points_out[3 * i + 1] = points[i].y, points_out[3 * i + 2] = points[i].z;
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_find_route_from_game(voxnav_navigator* nav, const double* from_game, const voxnav_query* query,
                                          voxnav_route* route) {
    const voxnav_status s = guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        voxnav_route& out = need(route, "route");
        const glm::dvec3 from = point_arg(from_game, "from_game");
        const voxnav_query& q = need(query, "query");
        out.route = n.find_route_from_game(from, goal_of(q), options_of(q));
        fill_route(out);
        return VOXNAV_OK;
    });
    if (s != VOXNAV_OK) fail_route(route);
    return s;
}

// --- smoothing ----------------------------------------------------------------

voxnav_status voxnav_smooth_route(voxnav_navigator* nav, const voxnav_route* route, const voxnav_zone* zones, size_t zone_count,
                                  voxnav_route* out) {
    return guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        const Route& in = need(route, "route").route;
        voxnav_route& o = need(out, "out");
        const std::vector<CostZone> zone_list = zones_of(zones, zone_count, "zones");
        Route smoothed = n.smooth_route(in, zone_list);  // before writing: out may be route
        o.route = std::move(smoothed);
        fill_route(o);
        return VOXNAV_OK;
    });
}

int32_t voxnav_straight_walk_clear(voxnav_navigator* nav, const int32_t* a, const int32_t* b) {
    int32_t clear = 0;
    guard(__func__, [&] {
        const Navigator& n = nav_of(nav);
        clear = n.straight_walk_clear(voxel_arg(a, "a"), voxel_arg(b, "b")) ? 1 : 0;
        return VOXNAV_OK;
    });
    return clear;
}

// --- reachable area -----------------------------------------------------------

voxnav_status voxnav_reach_create(voxnav_reach** out) {
    return guard(__func__, [&] {
        need(out, "out") = new voxnav_reach();
        return VOXNAV_OK;
    });
}

void voxnav_reach_destroy(voxnav_reach* reach) { delete reach; }

voxnav_status voxnav_reachable(voxnav_navigator* nav, const int32_t* from, const voxnav_query* query, voxnav_reach* out) {
    return guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        voxnav_reach& r = need(out, "out");
        const Voxel start = voxel_arg(from, "from");
        const QueryOptions options = options_of(need(query, "query"));
        r.reach = n.reachable(start, options);
        r.revision = n.snapshot() ? n.snapshot()->revision() : 0;
        r.waypoints.clear();
        r.waypoints.reserve(r.reach.waypoints.size());
        for (const ReachedWaypoint& w : r.reach.waypoints)
            r.waypoints.push_back({w.position.x, w.position.y, w.position.z, int32_t(w.action), w.cost});
        return VOXNAV_OK;
    });
}

int32_t voxnav_reach_status(const voxnav_reach* reach) {
    return reach ? int32_t(reach->reach.status) : int32_t(VOXNAV_INVALID_START);
}

size_t voxnav_reach_count(const voxnav_reach* reach) { return reach ? reach->waypoints.size() : 0; }

const voxnav_reached* voxnav_reach_waypoints(const voxnav_reach* reach) {
    return reach && !reach->waypoints.empty() ? reach->waypoints.data() : nullptr;
}

voxnav_metrics voxnav_reach_metrics(const voxnav_reach* reach) {
    if (!reach) return {};
    const SearchMetrics& m = reach->reach.metrics;
    return {m.expanded, m.generated, m.microseconds, reach->revision};
}

const char* voxnav_reach_error(const voxnav_reach* reach) { return reach ? reach->reach.error.c_str() : ""; }

}  // extern "C"
