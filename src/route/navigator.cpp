#include "voxnav/route/navigator.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace voxnav {
namespace {

std::string describe(const Voxel& v) {
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

}  // namespace

Navigator::Navigator(const World& world, const AgentProfile& profile)
    : Navigator(world, NavField::shared(world, profile), profile) {}

Navigator::Navigator(const World& world, std::shared_ptr<NavField> field, const AgentProfile& profile)
    : Navigator(std::move(field), profile) {
    if (field_->world_id() != world.id()) throw std::invalid_argument("Navigator: the NavField was built for another world");
    world_ = &world;
}

Navigator::Navigator(std::shared_ptr<NavField> field, const AgentProfile& profile)
    : world_(nullptr), profile_(profile), field_(std::move(field)) {
    profile_.validate();
    if (!field_) throw std::invalid_argument("Navigator: no NavField given");
    if (!(field_->shape() == AgentShape::of(profile_)))
        throw std::invalid_argument("Navigator: the NavField was built for another agent shape (width, height, floor costs)");
    take_snapshot();
}

void Navigator::take_snapshot() {
    snapshot_ = field_->snapshot();
    if (moves_) moves_->rebind(*snapshot_);
    else moves_.emplace(*snapshot_, profile_);
}

void Navigator::sync() {
    if (world_) field_->sync(*world_);
    take_snapshot();
}

bool Navigator::is_waypoint(const Voxel& v) const {
    const NavSnapshot::Index i = snapshot_->index_of(v);
    return i != NavSnapshot::no_index && moves_->is_waypoint(i);
}

std::string Navigator::why_not_waypoint(const Voxel& v) const {
    const NavSnapshot::Index i = snapshot_->index_of(v);
    if (i == NavSnapshot::no_index || !((*snapshot_)[i] & NavSnapshot::Node))
        return snapshot_->domain().contains(v) || i != NavSnapshot::no_index
                   ? describe(v) + " is outside the world's bounds"
                   : describe(v) + " is outside the world's navigable area (no loaded chunk there or next to it)";
    const std::uint8_t b = (*snapshot_)[i];
    if (!(b & NavSnapshot::Clear)) return describe(v) + " is blocked: a solid or hazard block is inside the agent's body";
    if (!profile_.fly && !(b & NavSnapshot::Supported)) return describe(v) + " has no floor: nothing solid below and no water";
    return "";
}

Route Navigator::find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits) {
    Route r;
    find_route(from, to, limits, r);
    return r;
}

void Navigator::find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits, Route& out) {
    out.waypoints.clear();
    out.error.clear();
    out.cost = 0.0;
    out.metrics = {};
    std::string stale;
    try {
        sync();
    } catch (const std::exception& e) {
        // The facts stay at their last good version; route on that, and say
        // so if the query fails.
        take_snapshot();
        stale = std::string(" (navigation facts not updated: ") + e.what() + ")";
    }
    out.revision = snapshot_->revision();
    if (!is_waypoint(from)) {
        out.status = SearchStatus::InvalidStart;
        out.error = "start " + why_not_waypoint(from) + "." + stale;
        return;
    }
    if (!is_waypoint(to)) {
        out.status = SearchStatus::InvalidGoal;
        out.error = "goal " + why_not_waypoint(to) + "." + stale;
        return;
    }
    SearchLimits lim = limits;
    if (!(lim.weight >= 1.0) || !std::isfinite(lim.weight)) lim.weight = 1.0;
    if (std::isnan(lim.max_cost)) lim.max_cost = std::numeric_limits<double>::infinity();
    const NavProblem problem(*moves_, snapshot_->index_of(to));
    search_.run(problem, snapshot_->index_of(from), lim, result_);
    out.status = result_.status;
    out.metrics = result_.metrics;
    if (out.status == SearchStatus::NoPath)
        out.error = std::isfinite(lim.max_cost) ? "no route to the goal costs at most max_cost."
                                                : "the goal cannot be reached from the start.";
    if (out.status == SearchStatus::NoPath) out.error += stale;
    build_route(out);
}

// Waypoints with the exact cost of each move, re-derived from the movement
// rules so that the route's costs add up without the search's rounding.
void Navigator::build_route(Route& out) const {
    const auto& states = result_.states;
    double total = 0.0;
    for (std::size_t k = 0; k < states.size(); ++k) {
        Waypoint wp{snapshot_->voxel_of(states[k]), static_cast<Action>(result_.tags[k]), 0.0};
        if (k > 0) {
            double best = std::numeric_limits<double>::infinity();
            moves_->for_each_move(states[k - 1], [&](NavSnapshot::Index t, double cost, Action a) {
                if (t == states[k] && a == wp.action && cost < best) best = cost;
            });
            wp.cost = best;
            total += best;
        }
        out.waypoints.push_back(wp);
    }
    out.cost = total;
}

}  // namespace voxnav
