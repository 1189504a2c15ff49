// SPDX-License-Identifier: MIT
// The C API's navigators, queries and routes (include/voxnav/voxnav.h).
#include "capi/c_handles.hpp"

#include "voxnav/route/goal.hpp"
#include "route/problems/landmark_keeper.hpp"
#include "voxnav/route/query_costs.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace voxnav::capi {

Navigator& nav_of(voxnav_navigator* n) { return *need(n, "navigator").nav; }

namespace {

Goal goal_part(const voxnav_goal& g, std::size_t i) {
    const std::string where = "goals[" + std::to_string(i) + "]";
    switch (g.kind) {
        case VOXNAV_GOAL_AT: return Goal::at({g.x, g.y, g.z});
        case VOXNAV_GOAL_NEAR:
            return Goal::near({coordinate_arg(g.px, where + ".px"), coordinate_arg(g.py, where + ".py"), coordinate_arg(g.pz, where + ".pz")},
                              number_arg(g.radius, where + ".radius", 0.0));
        case VOXNAV_GOAL_NEAR_XZ:
            return Goal::near_xz(coordinate_arg(g.px, where + ".px"), coordinate_arg(g.pz, where + ".pz"),
                                 number_arg(g.radius, where + ".radius", 0.0));
        case VOXNAV_GOAL_COLUMN: return Goal::column(g.x, g.z);
        case VOXNAV_GOAL_LEVEL: return Goal::level(g.y);
        case VOXNAV_GOAL_TOUCH: return Goal::touch({g.x, g.y, g.z});
        default: throw ArgumentError(where + ".kind " + std::to_string(g.kind) + " is not a voxnav_goal_kind");
    }
}

}  // namespace

Goal goal_of(const voxnav_query& q) {
    if (q.goal_count > 0) {
        if (!q.goals) throw ArgumentError("query.goals is NULL with goal_count " + std::to_string(q.goal_count));
        if (q.goal_count == 1) return goal_part(q.goals[0], 0);
        std::vector<Goal> parts;
        for (std::size_t i = 0; i < q.goal_count; ++i) parts.push_back(goal_part(q.goals[i], i));
        return Goal::any_of(parts);
    }
    if (q.threat_count == 0) throw ArgumentError("the query has no goal (goal_count 0) and no threats to flee");
    if (!q.threats) throw ArgumentError("query.threats is NULL with threat_count " + std::to_string(q.threat_count));
    std::vector<Threat> threats;
    for (std::size_t i = 0; i < q.threat_count; ++i) {
        const voxnav_threat& t = q.threats[i];
        const std::string where = "threats[" + std::to_string(i) + "]";
        threats.push_back({{coordinate_arg(t.x, where + ".x"), coordinate_arg(t.y, where + ".y"), coordinate_arg(t.z, where + ".z")},
                           number_arg(t.radius, where + ".radius", 0.0)});
    }
    return Goal::flee(threats);
}

std::vector<CostZone> zones_of(const voxnav_zone* zones, std::size_t count, const char* what) {
    std::vector<CostZone> out;
    if (count > 0 && !zones) throw ArgumentError(std::string(what) + " is NULL with zone_count " + std::to_string(count));
    for (std::size_t i = 0; i < count; ++i) {
        const voxnav_zone& z = zones[i];
        const std::string where = "zones[" + std::to_string(i) + "]";
        // (> 0; infinity forbids the zone)
        const double multiplier = number_arg(z.multiplier, where + ".multiplier", 0.0, true, true);
        CostZone c;
        if (z.shape == VOXNAV_ZONE_SPHERE) {
            c = CostZone::sphere({coordinate_arg(z.cx, where + ".cx"), coordinate_arg(z.cy, where + ".cy"), coordinate_arg(z.cz, where + ".cz")},
                                 number_arg(z.radius, where + ".radius", 0.0), multiplier);
        } else if (z.shape == VOXNAV_ZONE_BOX) {
            c = CostZone::in_box(VoxelBox{{z.lo[0], z.lo[1], z.lo[2]}, {z.hi[0], z.hi[1], z.hi[2]}}, multiplier);
        } else {
            throw ArgumentError(where + ".shape " + std::to_string(z.shape) + " is not a voxnav_zone_shape");
        }
        try {
            c.validate();
        } catch (const std::invalid_argument& e) {
            throw ArgumentError(where + ": " + e.what());
        }
        out.push_back(c);
    }
    return out;
}

QueryOptions options_of(const voxnav_query& q) {
    QueryOptions o;
    o.limits.weight = number_arg(q.weight, "query.weight", 1.0);
    o.limits.max_nodes = q.max_nodes;
    o.limits.max_cost = number_arg(q.max_cost, "query.max_cost", 0.0, false, true);
    o.zones = zones_of(q.zones, q.zone_count, "query.zones");
    if (q.floor_cost_count > 0 && (!q.floor_names || !q.floor_costs))
        throw ArgumentError("query.floor_names or floor_costs is NULL with floor_cost_count " + std::to_string(q.floor_cost_count));
    for (std::size_t i = 0; i < q.floor_cost_count; ++i) {
        if (!q.floor_names[i]) throw ArgumentError("floor_names[" + std::to_string(i) + "] is NULL");
        o.floor_cost[q.floor_names[i]] = number_arg(q.floor_costs[i], "query.floor_costs[" + std::to_string(i) + "]", 1.0);
    }
    o.snap_goal = q.snap_goal != 0;
    o.acceleration = q.accelerate ? Acceleration::Auto : Acceleration::Off;
    return o;
}

glm::dvec3 point_arg(const double* p, const char* what) {
    if (!p) throw ArgumentError(std::string(what) + " is NULL");
    for (int a = 0; a < 3; ++a) coordinate_arg(p[a], std::string(what) + "[" + std::to_string(a) + "]");
    return {p[0], p[1], p[2]};
}

std::string number_text(double v) {
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.15g", v);
    if (std::strtod(buf, nullptr) != v) std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}

double coordinate_arg(double v, const std::string& what) {
    // floor(v) must be an int32: v in [-2^31, 2^31).
    if (!(v >= -2147483648.0 && v < 2147483648.0))
        throw ArgumentError(what + " is " + number_text(v) + "; a coordinate must be a finite number within int32");
    return v;
}

double number_arg(double v, const std::string& what, double least, bool open, bool infinity_ok) {
    const bool ok = !std::isnan(v) && (infinity_ok || std::isfinite(v)) && (open ? v > least : v >= least);
    if (!ok) {
        std::string rule = infinity_ok ? "a number" : "a finite number";
        if (least != -HUGE_VAL) rule += (open ? " > " : " >= ") + number_text(least);
        if (infinity_ok) rule += " (or infinity)";
        throw ArgumentError(what + " is " + number_text(v) + "; it must be " + rule);
    }
    return v;
}

void snap_into(Navigator& n, const glm::dvec3& position, bool game_units, int32_t* out) {
    need(out, "out");
    n.sync();
    const Navigator::Snap sn = game_units ? n.snap(position) : n.snap_voxel_units(position);
    if (!sn.ok) throw ArgumentError(sn.what);
    out[0] = sn.feet.x, out[1] = sn.feet.y, out[2] = sn.feet.z;
}

void fill_route(voxnav_route& out) {
    out.waypoints.clear();
    out.waypoints.reserve(out.route.waypoints.size());
    for (const Waypoint& w : out.route.waypoints)
        out.waypoints.push_back({w.position.x, w.position.y, w.position.z, int32_t(w.action), w.feet_y, w.cost, w.opened, w.dug, w.placed});
    out.error = out.route.error;
    if (!out.route.snapped.empty()) out.error += (out.error.empty() ? "" : " ") + out.route.snapped;
    out.json.clear();
}

void fail_route(voxnav_route* route) {
    if (!route) return;
    route->route = Route{};
    route->route.status = SearchStatus::Failed;
    route->waypoints.clear();
    route->error = voxnav_last_error();
    route->json.clear();
}

}  // namespace voxnav::capi

using namespace voxnav;
using namespace voxnav::capi;

extern "C" {

voxnav_status voxnav_navigator_create(voxnav_world* world, const char* profile_json, voxnav_navigator** out) {
    return guard(__func__, [&] {
        const auto& holder = need(world, "world").holder;
        const AgentProfile p = profile_arg(profile_json);
        auto n = std::make_unique<voxnav_navigator>();
        n->holder = holder;
        n->nav = std::make_unique<Navigator>(holder->world, p);
        holder->remember(n->nav->shared_field());
        need(out, "out") = n.release();
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_navigator_create_worker(voxnav_field* field, const char* profile_json, voxnav_navigator** out) {
    return guard(__func__, [&] {
        const voxnav_field& f = need(field, "field");
        const AgentProfile p = profile_arg(profile_json);
        auto n = std::make_unique<voxnav_navigator>();
        n->nav = std::make_unique<Navigator>(f.field, p);
        need(out, "out") = n.release();
        return VOXNAV_OK;
    });
}

void voxnav_navigator_destroy(voxnav_navigator* nav) { delete nav; }

voxnav_status voxnav_navigator_use_landmarks(voxnav_navigator* nav, int32_t count, uint64_t min_waypoints) {
    return guard(__func__, [&] {
        voxnav_navigator& n = need(nav, "nav");
        if (count < 0 || count > LandmarkTable::max_count)
            throw ArgumentError("count " + std::to_string(count) + " is not in 0.." + std::to_string(LandmarkTable::max_count));
        LandmarkSettings s;
        s.count = count;
        s.min_waypoints = min_waypoints;
        n.nav->use_landmarks(s);
        return VOXNAV_OK;
    });
}

void voxnav_query_init(voxnav_query* q) {
    if (!q) return;
    *q = voxnav_query{};
    const SearchLimits d;
    q->weight = d.weight;
    q->max_nodes = d.max_nodes;
    q->max_cost = d.max_cost;
    q->snap_start = 1;
    q->snap_goal = 0;
    q->accelerate = 1;
}

voxnav_goal voxnav_goal_at(int32_t x, int32_t y, int32_t z) {
    voxnav_goal g{};
    g.kind = VOXNAV_GOAL_AT;
    g.x = x, g.y = y, g.z = z;
    return g;
}

voxnav_goal voxnav_goal_near(double x, double y, double z, double radius) {
    voxnav_goal g{};
    g.kind = VOXNAV_GOAL_NEAR;
    g.px = x, g.py = y, g.pz = z, g.radius = radius;
    return g;
}

voxnav_status voxnav_find_route(voxnav_navigator* nav, const int32_t* from, const voxnav_query* query, voxnav_route* route) {
    const voxnav_status s = guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        voxnav_route& out = need(route, "route");
        need(from, "from");
        const voxnav_query& q = need(query, "query");
        const Goal goal = goal_of(q);
        const QueryOptions options = options_of(q);
        const Voxel start{from[0], from[1], from[2]};
        if (q.snap_start) {
            n.sync();
            // A start that is no waypoint (inside a slab, mid jump) snaps as
            // a game position does; when that fails, the search says why.
            if (!n.is_waypoint(start)) {
                const Navigator::Snap sn = n.snap_feet(start);
                if (sn.ok) {
                    n.find_route(sn.feet, goal, options, out.route);
                    out.route.snapped = sn.what + (out.route.snapped.empty() ? "" : " " + out.route.snapped);
                    fill_route(out);
                    return VOXNAV_OK;
                }
            }
        }
        n.find_route(start, goal, options, out.route);
        fill_route(out);
        return VOXNAV_OK;
    });
    if (s != VOXNAV_OK) fail_route(route);
    return s;
}

int32_t voxnav_is_waypoint(voxnav_navigator* nav, int32_t x, int32_t y, int32_t z) {
    int32_t result = 0;
    guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        n.sync();
        const Voxel v{x, y, z};
        result = n.is_waypoint(v) ? 1 : 0;
        // A closed door this agent opens: the route passes it with an OPEN
        // move, but the body cannot stand there until it is opened (a C game
        // checking stale routes with this call walked NPCs into doors).
        if (result) {
            const NavSnapshot& f = n.field();
            const NavSnapshot::Index i = f.index_of(v);
            if (i != NavSnapshot::no_index && f.shaped(i) && f.shape_fact(i, n.profile().body_voxels()).needs_open()) result = 0;
        }
        return VOXNAV_OK;
    });
    return result;
}

voxnav_status voxnav_check_route(voxnav_navigator* nav, const voxnav_route* route, size_t from_waypoint, voxnav_route_check* out) {
    return guard(__func__, [&] {
        voxnav_navigator& handle = need(nav, "navigator");
        Navigator& n = nav_of(nav);
        const voxnav_route& r = need(route, "route");
        voxnav_route_check& result = need(out, "out");
        n.sync();
        const Navigator::RouteCheck c = n.check_route(r.route, from_waypoint);
        handle.check_why = c.why;
        result.valid = c.valid ? 1 : 0;
        result.unchanged = c.unchanged ? 1 : 0;
        result.first_invalid = c.first_invalid;
        result.why = handle.check_why.c_str();
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_step_costs(voxnav_navigator* nav, const voxnav_route* route, const voxnav_zone* zones, size_t zone_count,
                                double* costs_out, size_t capacity, size_t* count_out) {
    return guard(__func__, [&] {
        Navigator& n = nav_of(nav);
        const voxnav_route& r = need(route, "route");
        const std::size_t size = r.route.waypoints.size();
        if (count_out) *count_out = size;  // also for a caller asking how many first
        if (capacity < size)
            throw ArgumentError("costs_out holds " + std::to_string(capacity) + " values; the route has " + std::to_string(size) +
                                " waypoints");
        if (size > 0) need(costs_out, "costs_out");
        const std::vector<CostZone> zone_list = zones_of(zones, zone_count, "zones");
        n.sync();
        const std::vector<double> costs = n.step_costs(r.route, zone_list);
        for (std::size_t k = 0; k < size; ++k) costs_out[k] = costs[k];
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_snap(voxnav_navigator* nav, const double* feet, int32_t* out) {
    return guard(__func__, [&] {
        snap_into(nav_of(nav), point_arg(feet, "feet"), false, out);
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_route_create(voxnav_route** out) {
    return guard(__func__, [&] {
        need(out, "out") = new voxnav_route();
        return VOXNAV_OK;
    });
}

void voxnav_route_destroy(voxnav_route* route) { delete route; }

int32_t voxnav_route_status(const voxnav_route* route) { return route ? int32_t(route->route.status) : VOXNAV_NO_PATH; }
int32_t voxnav_route_usable(const voxnav_route* route) { return route && route->route.usable() ? 1 : 0; }
double voxnav_route_cost(const voxnav_route* route) { return route ? route->route.cost : 0.0; }
size_t voxnav_route_size(const voxnav_route* route) { return route ? route->waypoints.size() : 0; }

const voxnav_waypoint* voxnav_route_waypoints(const voxnav_route* route) {
    return route && !route->waypoints.empty() ? route->waypoints.data() : nullptr;
}

voxnav_metrics voxnav_route_metrics(const voxnav_route* route) {
    voxnav_metrics m{};
    if (!route) return m;
    m.expanded = route->route.metrics.expanded;
    m.generated = route->route.metrics.generated;
    m.microseconds = route->route.metrics.microseconds;
    m.revision = route->route.revision;
    return m;
}

static const std::int32_t* voxel_triples(const std::vector<voxnav::Voxel>& v, size_t* count_out) {
    static_assert(sizeof(voxnav::Voxel) == 3 * sizeof(std::int32_t), "a Voxel is three int32");
    if (count_out) *count_out = v.size();
    return v.empty() ? nullptr : &v[0].x;
}
const int32_t* voxnav_route_opened(const voxnav_route* route, size_t* count_out) {
    if (!route) {
        if (count_out) *count_out = 0;
        return nullptr;
    }
    return voxel_triples(route->route.open, count_out);
}
const int32_t* voxnav_waypoint_voxels(const voxnav_route* route, size_t index, int32_t act, size_t* count_out) {
    if (count_out) *count_out = 0;
    if (!route || (act != VOXNAV_ACT_OPEN && act != VOXNAV_ACT_DIG && act != VOXNAV_ACT_PLACE)) return nullptr;
    const voxnav::Route::Voxels v = route->route.voxels(index, static_cast<voxnav::WorldAct>(act));
    if (v.empty()) return nullptr;
    if (count_out) *count_out = v.count;
    return &v.first->x;
}
const int32_t* voxnav_route_dug(const voxnav_route* route, size_t* count_out) {
    if (!route) {
        if (count_out) *count_out = 0;
        return nullptr;
    }
    return voxel_triples(route->route.dig, count_out);
}
const int32_t* voxnav_route_placed(const voxnav_route* route, size_t* count_out) {
    if (!route) {
        if (count_out) *count_out = 0;
        return nullptr;
    }
    return voxel_triples(route->route.place, count_out);
}

const char* voxnav_route_error(const voxnav_route* route) { return route ? route->error.c_str() : ""; }

const char* voxnav_route_json(voxnav_route* route) {
    if (!route) return "";
    if (route->json.empty()) {
        try {
            route->json = to_json(route->route);
        } catch (...) {
            route->json = "{\"status\": \"failed\", \"error\": \"out of memory writing the route\"}";
        }
    }
    return route->json.c_str();
}

}  // extern "C"
