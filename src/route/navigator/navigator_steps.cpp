// SPDX-License-Identifier: MIT
// A route's waypoints turned back into its moves, priced by the movement
// rules: what build_route gives each waypoint, what check_route asks of a
// route after edits, and what the CLI's route checks compare (through
// Navigator::step_costs). Reads only the facts around the route's waypoints.
#include "route/navigator/navigator_impl.hpp"

#include "route/query/describe.hpp"
#include "route/navigator/navigator_steps.hpp"

#include <cmath>

namespace voxnav {

namespace {

// The step a route's waypoint k was planned as: its motion and the world
// acts it lists (a move the rules give now still makes it when it has the
// same motion and acts on nothing the step did not plan: MoveTag::still_made_by).
MoveTag planned_step(const Waypoint& w) {
    MoveTag t(w.action);
    if (w.opened) t = t.with(WorldAct::Open);
    if (w.dug) t = t.with(WorldAct::Dig);
    if (w.placed) t = t.with(WorldAct::Place);
    return t;
}

}  // namespace

// A route's waypoints priced by the rules of the agent: the moves of its
// search (DigProblem for an agent that digs or places, with the blocks left
// before each waypoint; the ordinary rules otherwise), each step the
// cheapest move that still makes it (find_route_steps).
std::vector<double> Navigator::Impl::step_costs(const Route& route, const std::vector<CostZone>& zone_list) const {
    const std::size_t count = route.waypoints.size();
    std::vector<MoveTag> planned;
    planned.reserve(count);
    for (const Waypoint& w : route.waypoints) planned.push_back(planned_step(w));
    const ZoneCosts zones(zone_list);
    FoundSteps found;
    if (checks_dig_moves()) {
        // The dig queries' table of the same block types when there is one
        // (a game checks routes every tick); else one made for this check.
        std::optional<moves::BlockLook> own;
        const bool reuse = dig_ && dig_->look && dig_->look_types == snapshot_->block_types();
        if (!reuse) own.emplace(*snapshot_, profile_);
        const moves::BlockLook& look = reuse ? *dig_->look : *own;
        const SnapshotBlocks blocks(*snapshot_);
        const Goal goal = Goal::at(count ? route.waypoints.back().position : Voxel(0));
        const GoalBound bound(goal, *moves_);
        const DigProblem problem(*moves_, look, blocks, bound, zones, snapshot_->bounds(), nullptr);
        // Each state carries the blocks left once the moves before it placed theirs.
        const bool limited = look.initial_blocks() != moves::BlockLook::no_limit;
        int left = look.initial_blocks();
        std::vector<DigProblem::State> states;
        states.reserve(count);
        for (const Waypoint& w : route.waypoints) {
            if (limited) left = std::max(0, left - int(w.placed));
            states.push_back(DigProblem::make(snapshot_->index_of(w.position), left));
        }
        find_route_steps(DigSteps(problem), states.data(), planned.data(), count, StepMatch::StillMade, found);
    } else {
        std::vector<NavSnapshot::Index> states;
        states.reserve(count);
        for (const Waypoint& w : route.waypoints) states.push_back(snapshot_->index_of(w.position));
        find_route_steps(OrdinarySteps(*moves_, zones), states.data(), planned.data(), count, StepMatch::StillMade, found);
    }
    return std::move(found.cost);
}

Navigator::RouteCheck Navigator::Impl::check_route(const Route& route, std::size_t from_waypoint, std::size_t to_waypoint) const {
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
    if (from_waypoint >= route.waypoints.size()) {
        c.valid = false;
        c.first_invalid = route.waypoints.size();
        c.why = "waypoint " + std::to_string(from_waypoint) + " is past the route's end (" + std::to_string(route.waypoints.size()) +
                " waypoints)";
        return c;
    }
    if (route.revision == snapshot_->revision()) {
        c.unchanged = true;
        return c;
    }
    using detail::describe;
    // A digger's route passes through rock before it is dug: its positions
    // need not be waypoints now, only its moves must still exist.
    const bool dig_route = checks_dig_moves();
    Route rest;
    const Route* checked = &route;
    const std::size_t end = to_waypoint < route.waypoints.size() ? to_waypoint + 1 : route.waypoints.size();
    if ((from_waypoint > 0 || end < route.waypoints.size()) && !dig_route) {
        // Only the moves asked about are priced (a digger's needs the blocks placed before).
        rest.waypoints.assign(route.waypoints.begin() + std::ptrdiff_t(from_waypoint), route.waypoints.begin() + std::ptrdiff_t(end));
        checked = &rest;
    }
    const std::size_t offset = checked == &rest ? from_waypoint : 0;
    const std::vector<double> costs = step_costs(*checked, {});
    for (std::size_t k = from_waypoint; k < end; ++k) {
        const Waypoint& w = route.waypoints[k];
        if (!dig_route && !is_waypoint(w.position)) {
            c.valid = false;
            c.first_invalid = k;
            c.why = "waypoint " + std::to_string(k) + " " + why_not_waypoint(w.position);
            return c;
        }
        if (k == from_waypoint) continue;
        const Voxel& from = route.waypoints[k - 1].position;
        bool still = std::isfinite(costs[k - offset]);
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
