// A route's waypoints turned back into its moves, priced by the movement
// rules: what build_route gives each waypoint, what check_route asks of a
// route after edits, and what the CLI's route checks compare (through
// Navigator::step_costs). Reads only the facts around the route's waypoints.
#include "navigator_impl.hpp"

#include "describe.hpp"

#include <cmath>

namespace voxnav {

void route_step_costs(const MovementModel& moves, const ZoneCosts& zones, const NavSnapshot::Index* states,
                      const Action* actions, std::size_t count, std::vector<double>& out) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const NavSnapshot& snapshot = moves.field();
    out.assign(count, 0.0);
    for (std::size_t k = 1; k < count; ++k) {
        const NavSnapshot::Index from = states[k - 1], to = states[k];
        double best = kInf;
        if (from != NavSnapshot::no_index && to != NavSnapshot::no_index)
            moves.for_each_move(from, [&](NavSnapshot::Index t, double cost, Action a) {
                if (t == to && a == actions[k] && cost < best) best = cost;
            });
        if (!zones.empty() && to != NavSnapshot::no_index) best *= zones.multiplier(snapshot.voxel_of(to));
        out[k] = best;
    }
}

std::vector<double> Navigator::Impl::step_costs(const Route& route, const std::vector<CostZone>& zone_list) const {
    std::vector<NavSnapshot::Index> states;
    std::vector<Action> actions;
    for (const Waypoint& w : route.waypoints) {
        states.push_back(snapshot_->index_of(w.position));
        actions.push_back(w.action);
    }
    std::vector<double> out;
    route_step_costs(*moves_, ZoneCosts(zone_list), states.data(), actions.data(), states.size(), out);
    return out;
}

Navigator::RouteCheck Navigator::Impl::check_route(const Route& route) const {
    RouteCheck c;
    c.first_invalid = route.waypoints.size();
    if (in_query_) {
        c.valid = false;
        c.first_invalid = 0;
        c.why = "a sliced query is in progress on this navigator; check routes on another one";
        return c;
    }
    if (route.waypoints.empty()) {
        c.valid = false;
        c.why = "the route has no waypoints (" + std::string(to_string(route.status)) + ")";
        return c;
    }
    if (route.revision == snapshot_->revision()) {
        c.unchanged = true;
        return c;
    }
    using detail::describe;
    const std::vector<double> costs = step_costs(route, {});
    for (std::size_t k = 0; k < route.waypoints.size(); ++k) {
        const Waypoint& w = route.waypoints[k];
        if (!is_waypoint(w.position)) {
            c.valid = false;
            c.first_invalid = k;
            c.why = "waypoint " + std::to_string(k) + " " + why_not_waypoint(w.position);
            return c;
        }
        if (k == 0) continue;
        const Voxel& from = route.waypoints[k - 1].position;
        bool still = std::isfinite(costs[k]);
        // A segment smooth_route made: a straight walk over one level.
        if (!still && w.action == Action::Walk && w.position.y == from.y &&
            std::max(std::abs(w.position.x - from.x), std::abs(w.position.z - from.z)) > 1)
            still = smoothed_segment_clear(from, w.position);
        if (!still) {
            c.valid = false;
            c.first_invalid = k;
            c.why = "the " + std::string(to_string(w.action)) + " from " + describe(from) + " to " + describe(w.position) +
                    " is no longer possible";
            return c;
        }
    }
    return c;
}

}  // namespace voxnav
