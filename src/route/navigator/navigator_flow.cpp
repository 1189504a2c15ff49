// SPDX-License-Identifier: MIT
// Navigator::flow_field: the goal's waypoints and the query's costs, handed
// to the backward Dijkstra (flow_field.cpp).
#include "route/navigator/navigator_impl.hpp"

namespace voxnav {

void Navigator::Impl::flow_field(const Goal& goal, const QueryOptions& options, FlowField& out, const std::vector<Voxel>& cover) {
    cancel();
    check_query(*snapshot_, profile_, goal, options);
    prepare_costs(options);
    auto fail = [&](const std::string& why) {
        FlowField::Builder::fail(out, snapshot_, SearchStatus::InvalidGoal, why + stale_);
        query_moves_.reset();
    };
    if (goal.is_flee()) return fail("a flow field needs a goal to flow to: flee goals have none (route each NPC with find_route).");
    goal_ = goal;
    if (options.snap_goal) (void)snap_goal_parts();
    const std::string unsatisfiable = why_goal_unsatisfiable(goal_);
    if (!unsatisfiable.empty()) return fail(unsatisfiable);
    flow_goals_.clear();
    const int w = profile_->width, h = profile_->body_voxels();
    std::int64_t left = max_field_goal_positions;
    for (const Goal::Part& p : goal_.parts()) {
        const bool small = for_each_feet_position(p, left, [&](const Voxel& v) {
            --left;
            if (is_waypoint(v) && goal_.satisfied_by(v, w, h)) flow_goals_.push_back(snapshot_->index_of(v));
            return false;
        });
        if (!small)
            return fail("goal: " + goal_.describe() + " spans more than " + std::to_string(max_field_goal_positions) +
                        " feet positions; a flow field needs a smaller goal (at, near, touch, or a column).");
    }
    if (flow_goals_.empty())
        return fail("goal: no waypoint satisfies " + goal_.describe() + " (it may lie beyond the loaded chunks).");
    flow_cover_.clear();
    for (const Voxel& v : cover)
        if (is_waypoint(v)) flow_cover_.push_back(snapshot_->index_of(v));
    flow_builder_.compute(out, snapshot_, *active_moves_, zones_, flow_goals_, limits_, flow_cover_);
    query_moves_.reset();
}

void Navigator::Impl::find_route_via_field(const Voxel& from, const Goal& goal, const QueryOptions& options, const FlowField& field,
                                           Route& out) {
    begin_route(from, goal, options);
    // The field helps only on the snapshot it was computed on (node ids and
    // costs), and only plain route queries (no trace).
    if (in_query_ && field.usable() && field.snapshot() == snapshot_ && !trace_ && !goal_.is_flee()) {
        if (field.contains(from)) {
            Route r = field.route_from(from);
            r.snapped = pending_.snapped;
            r.metrics = {};
            release_query();
            std::swap(out, r);
            return;
        }
        bind_goal();
        search_problem_.emplace<FieldMeetProblem>(*active_moves_, *bound_, zones_, field,
                                                  pending_.landmarks ? &landmark_bound_ : nullptr);
        search_.begin(std::get<FieldMeetProblem>(search_problem_), snapshot_->index_of(from), limits_);
        meet_field_ = &field;
    }
    while (!step(0xFFFFFFFFu)) {}
    std::swap(out, pending_);
}

void Navigator::Impl::append_field_route(Route& out) const {
    // The search ended on the field's first waypoint: the field's route on.
    const Route rest = meet_field_->route_from(out.waypoints.back().position);
    for (std::size_t k = 1; k < rest.waypoints.size(); ++k) out.waypoints.push_back(rest.waypoints[k]);
    // The doors its steps open, after the search's own (the first waypoint's share is empty).
    out.open.insert(out.open.end(), rest.open.begin(), rest.open.end());
    out.cost += rest.cost;
}

}  // namespace voxnav
