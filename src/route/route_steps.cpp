// A route's waypoints turned back into its moves, priced by the movement
// rules: what build_route gives each waypoint, what check_route asks of a
// route after edits, and what the CLI's route checks compare (through
// Navigator::step_costs). Reads only the facts around the route's waypoints.
#include "navigator_impl.hpp"

#include "describe.hpp"

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

void route_step_costs(const MovementModel& moves, const ZoneCosts& zones, const NavSnapshot::Index* states,
                      const MoveTag* steps, std::size_t count, std::vector<double>& out) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const NavSnapshot& snapshot = moves.field();
    out.assign(count, 0.0);
    for (std::size_t k = 1; k < count; ++k) {
        const NavSnapshot::Index from = states[k - 1], to = states[k];
        double best = kInf;
        if (from != NavSnapshot::no_index && to != NavSnapshot::no_index)
            moves.for_each_move(from, [&](NavSnapshot::Index t, double cost, MoveTag a) {
                if (t == to && steps[k].still_made_by(a) && cost < best) best = cost;
            });
        if (!zones.empty() && to != NavSnapshot::no_index) best *= zones.multiplier(snapshot.voxel_of(to));
        out[k] = best;
    }
}

// A digging or placing agent's route, moved through the moves its search
// had (DigProblem: the ordinary ones plus those that dig or place, with the
// blocks left before each waypoint). A Dig or Place step the game already
// carried out (the voxel is dug, the block is placed) is now an ordinary
// walk, jump or fall to the same place, and an Open step through a door
// opened since a walk: that still follows the route.
void Navigator::Impl::dig_step_costs(const Route& route, const std::vector<CostZone>& zone_list, std::vector<double>& out) const {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const std::size_t count = route.waypoints.size();
    out.assign(count, 0.0);
    if (count < 2) return;
    // The dig queries' table of the same block types when there is one
    // (a game checks routes every tick); else one made for this check.
    std::optional<DigMoves> own;
    const bool reuse = dig_ && dig_->moves && dig_->moves_types == snapshot_->block_types();
    if (!reuse) own.emplace(*snapshot_, profile_);
    const DigMoves& dig = reuse ? *dig_->moves : *own;
    const SnapshotBlocks blocks(*snapshot_);
    const Goal goal = Goal::at(route.waypoints.back().position);
    const GoalBound bound(goal, *moves_);
    const ZoneCosts zones(zone_list);
    const DigProblem problem(*moves_, dig, blocks, bound, zones, snapshot_->bounds(), nullptr);
    const bool limited = dig.initial_blocks() != DigMoves::no_limit;
    int left = dig.initial_blocks();
    for (std::size_t k = 1; k < count; ++k) {
        const Waypoint& a = route.waypoints[k - 1];
        const Waypoint& b = route.waypoints[k];
        if (limited) left = std::max(0, left - int(a.placed));
        const NavSnapshot::Index from = snapshot_->index_of(a.position), to = snapshot_->index_of(b.position);
        double best = kInf;
        const MoveTag planned = planned_step(b);
        if (from != NavSnapshot::no_index && to != NavSnapshot::no_index)
            problem.each_move(DigProblem::make(from, left), [&](DigProblem::State t, double cost, MoveTag act, const DigMoves::Move*) {
                if (DigProblem::node(t) == to && planned.still_made_by(act) && cost < best) best = cost;
            });
        out[k] = best;
    }
}

std::vector<double> Navigator::Impl::step_costs(const Route& route, const std::vector<CostZone>& zone_list) const {
    std::vector<double> out;
    if (checks_dig_moves()) {
        dig_step_costs(route, zone_list, out);
        return out;
    }
    std::vector<NavSnapshot::Index> states;
    std::vector<MoveTag> steps;
    for (const Waypoint& w : route.waypoints) {
        states.push_back(snapshot_->index_of(w.position));
        steps.push_back(planned_step(w));
    }
    route_step_costs(*moves_, ZoneCosts(zone_list), states.data(), steps.data(), states.size(), out);
    return out;
}

Navigator::RouteCheck Navigator::Impl::check_route(const Route& route, std::size_t from_waypoint) const {
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
    if (from_waypoint > 0 && !dig_route) {
        // Only the moves ahead are priced (a digger's needs the blocks placed before).
        rest.waypoints.assign(route.waypoints.begin() + std::ptrdiff_t(from_waypoint), route.waypoints.end());
        checked = &rest;
    }
    const std::size_t offset = checked == &rest ? from_waypoint : 0;
    const std::vector<double> costs = step_costs(*checked, {});
    for (std::size_t k = from_waypoint; k < route.waypoints.size(); ++k) {
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
