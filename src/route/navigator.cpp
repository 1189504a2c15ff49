#include "voxnav/route/navigator.hpp"

#include <cmath>
#include <limits>

namespace voxnav {
namespace {

std::string describe(const Voxel& v) {
    return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + ")";
}

}  // namespace

Navigator::Navigator(const World& world, const AgentProfile& profile)
    : Navigator(world, std::make_shared<NavField>(world, profile), profile) {}

Navigator::Navigator(const World& world, std::shared_ptr<NavField> field, const AgentProfile& profile)
    : world_(world), profile_(profile), field_(std::move(field)) {
    profile_.validate();
    refresh_model();
}

void Navigator::refresh_model() {
    if (moves_ && model_layout_ == field_->layout()) return;
    moves_.reset();
    moves_.emplace(*field_, profile_);
    model_layout_ = field_->layout();
}

void Navigator::sync() {
    field_->sync(world_);
    refresh_model();
}

bool Navigator::is_waypoint(const Voxel& v) const {
    const NavField::Index i = field_->index_of(v);
    return i != NavField::no_index && moves_->is_waypoint(i);
}

std::string Navigator::why_not_waypoint(const Voxel& v) const {
    const NavField::Index i = field_->index_of(v);
    if (i == NavField::no_index || !((*field_)[i] & NavField::Node))
        return world_.bounds() ? describe(v) + " is outside the world's bounds"
                               : describe(v) + " is outside the world's navigable area";
    const std::uint8_t b = (*field_)[i];
    if (!(b & NavField::Clear)) return describe(v) + " is blocked: a solid or hazard block is inside the agent's body";
    if (!profile_.fly && !(b & NavField::Supported)) return describe(v) + " has no floor: nothing solid below and no water";
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
    sync();
    if (!is_waypoint(from)) {
        out.status = SearchStatus::InvalidStart;
        out.error = "start " + why_not_waypoint(from) + ".";
        return;
    }
    if (!is_waypoint(to)) {
        out.status = SearchStatus::InvalidGoal;
        out.error = "goal " + why_not_waypoint(to) + ".";
        return;
    }
    SearchLimits lim = limits;
    if (!(lim.weight >= 1.0) || !std::isfinite(lim.weight)) lim.weight = 1.0;
    if (std::isnan(lim.max_cost)) lim.max_cost = std::numeric_limits<double>::infinity();
    const NavProblem problem(*moves_, field_->index_of(to));
    search_.run(problem, field_->index_of(from), lim, result_);
    out.status = result_.status;
    out.metrics = result_.metrics;
    if (out.status == SearchStatus::NoPath)
        out.error = std::isfinite(lim.max_cost) ? "no route to the goal costs at most max_cost."
                                                : "the goal cannot be reached from the start.";
    build_route(out);
}

// Waypoints with the exact cost of each move, re-derived from the movement
// rules so that the route's costs add up without the search's rounding.
void Navigator::build_route(Route& out) const {
    const auto& states = result_.states;
    double total = 0.0;
    for (std::size_t k = 0; k < states.size(); ++k) {
        Waypoint wp{field_->voxel_of(states[k]), static_cast<Action>(result_.tags[k]), 0.0};
        if (k > 0) {
            double best = std::numeric_limits<double>::infinity();
            moves_->for_each_move(states[k - 1], [&](NavField::Index t, double cost, Action a) {
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
