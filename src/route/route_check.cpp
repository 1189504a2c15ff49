// Navigator::check_route: is a route still followable after edits? Reads
// only the facts around its own waypoints.
#include "voxnav/route/navigator.hpp"

#include "describe.hpp"

namespace voxnav {

Navigator::RouteCheck Navigator::check_route(const Route& route) {
    RouteCheck c;
    c.first_invalid = route.waypoints.size();
    if (slicing_) {
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
        const NavSnapshot::Index target = snapshot_->index_of(w.position);
        bool still = false;
        moves_->for_each_move(snapshot_->index_of(from), [&](NavSnapshot::Index t, double, Action a) {
            still |= t == target && a == w.action;
        });
        if (!still && w.action == Action::Walk && std::abs(w.position.y - from.y) == 0 &&
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
