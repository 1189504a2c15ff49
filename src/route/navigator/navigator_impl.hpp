// SPDX-License-Identifier: MIT
// Navigator's state behind its pointer: the facts it routes on, its movement
// rules, the search memory and the query in progress (private to
// route/navigator/). Navigator's public functions forward here;
// navigator.cpp holds the query life cycle, navigator_snap.cpp positions,
// navigator_smooth.cpp smoothing, navigator_steps.cpp building and
// re-checking routes, navigator_trace_reach.cpp traces and floods,
// navigator_flow.cpp flow fields, navigator_dig.cpp the dig search.
#pragma once

#include "agent/movement.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "route/problems/flow_build.hpp"
#include "route/problems/dig_problem.hpp"
#include "route/navigator/navigator_steps.hpp"
#include "route/problems/jump_points.hpp"
#include "route/problems/landmark_keeper.hpp"
#include "route/problems/landmarks.hpp"
#include "route/problems/nav_problem.hpp"
#include "voxnav/route/navigator.hpp"
#include "route/problems/open_sky.hpp"
#include "route/query/query_check.hpp"
#include "voxnav/route/trace.hpp"
#include "search/astar.hpp"

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

namespace voxnav {

/// Whether a search alternative of Navigator::Impl::Search runs on node ids
/// (all but the empty one and the dig search).
template <class P>
inline constexpr bool kNodeSearch = !std::is_same_v<P, std::monostate> && !std::is_same_v<P, DigProblem>;

struct VOXNAV_INTERNAL Navigator::Impl {
    Impl(std::shared_ptr<NavField> field, const CheckedProfile& profile);

    // Which search a query runs: exactly one is set while it runs. The
    // problems point into this Impl (moves, bound, zones, the dig query's
    // blocks), which never moves. Each runs on the engine of its state type
    // (engine<P>()): node ids, or the dig search's node id and blocks left.
    using Search = std::variant<std::monostate, NavProblem, JumpPointProblem, OpenSkyProblem, GoalProblem, FieldMeetProblem, DigProblem>;

    /// The search engine of problem type P (one per state type; the dig
    /// engine lives in dig_, made by the first dig query).
    template <class P>
    AStar<typename P::State>& engine() {
        if constexpr (std::is_same_v<typename P::State, NavSnapshot::Index>) return search_;
        else return dig_->search;
    }

    void take_snapshot();
    void sync();
    void sync_for_query(std::string& stale);
    [[nodiscard]] bool is_waypoint(const Voxel& v) const;
    [[nodiscard]] std::string why_not_waypoint(const Voxel& v) const;

    void begin_route(const Voxel& from, const Goal& goal, const QueryOptions& options);
    void begin_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options);
    /// The one place a query's search is chosen.
    void choose_search(NavSnapshot::Index start, const QueryOptions& options);
    bool step(std::uint32_t max_expansions);
    void cancel();
    void finish_route(Route& out);
    /// Sets the route's status and metrics (and the no-path sentence).
    void answer(SearchStatus status, const SearchMetrics& metrics, Route& out) const;
    /// The route's waypoints from the search's states and tags: each move
    /// found again by the rules of the search (find_route_steps), with its
    /// exact cost and the voxels it opens, digs and places.
    template <class Steps>
    void build_route(const Steps& steps, const std::vector<typename Steps::State>& states, const std::vector<std::uint8_t>& tags,
                     Route& out);
    void fill_trace(const Route& out);
    std::string prepare_costs(const Voxel& from, const QueryOptions& options);
    /// The query's limits, floor costs and zones (after syncing, unless a query runs).
    void prepare_costs(const QueryOptions& options);
    /// Snaps the exact parts of goal_ that are no waypoint (QueryOptions::snap_goal);
    /// what was done, one sentence per part, or "".
    std::string snap_goal_parts();
    /// Agents that dig or place: the query runs DigProblem (navigator_dig.cpp).
    [[nodiscard]] bool digs_or_places() const { return profile_->changes_world(); }
    void begin_dig(NavSnapshot::Index start);
    /// For an agent that digs (with block ids in the snapshot): whether a
    /// node may end a route once dug out (moves::BlockLook::could_stand); else empty.
    [[nodiscard]] std::function<bool(const Voxel&)> dig_end_test() const;
    /// The error sentence of a NoPath answer to the query in progress, into `s`.
    void no_path_sentence(std::string& s) const;
    void flow_field(const Goal& goal, const QueryOptions& options, FlowField& out, const std::vector<Voxel>& cover);
    void find_route_via_field(const Voxel& from, const Goal& goal, const QueryOptions& options, const FlowField& field, Route& out);
    void append_field_route(Route& out) const;
    void release_query();
    /// bound_ for goal_ under active_moves_, reusing its memory.
    void bind_goal() {
        if (bound_) bound_->rebind(goal_, *active_moves_);
        else bound_.emplace(goal_, *active_moves_);
    }
    /// Goal::at(v) without allocating: one goal kept for the voxel-to-voxel calls.
    const Goal& goal_at(const Voxel& v) {
        if (!at_goal_.is_single_voxel()) at_goal_ = Goal::at(v);
        at_goal_.move_exact_part(0, v);
        return at_goal_;
    }
    [[nodiscard]] std::string why_goal_unsatisfiable(const Goal& goal) const;
    /// Calls f(v) for each feet position of goal part `p` inside the
    /// snapshot's domain until f returns true; false (calling nothing) when
    /// there are more than `limit`. `empty`, when given: whether there are none.
    template <class F>
    bool for_each_feet_position(const Goal::Part& p, std::int64_t limit, F&& f, bool* empty = nullptr) const;
    void apply_floor_costs(const QueryOptions& options);
    /// Sets up landmark_bound_ for the query's goal when tables can help;
    /// the bound the problems then read, or null.
    const LandmarkBound* prepare_landmarks(const QueryOptions& options);
    Reach reachable(const Voxel& from, const QueryOptions& options);

    [[nodiscard]] Snap snap_voxel_units(const glm::dvec3& feet) const;
    [[nodiscard]] Snap snap(const glm::dvec3& game_position) const;
    [[nodiscard]] Snap snap_feet(const Voxel& feet) const;
    [[nodiscard]] glm::dvec3 to_game(const Voxel& feet) const;

    [[nodiscard]] RouteCheck check_route(const Route& route, std::size_t from_waypoint,
                                         std::size_t to_waypoint = std::numeric_limits<std::size_t>::max()) const;
    [[nodiscard]] std::vector<double> step_costs(const Route& route, const std::vector<CostZone>& zones) const;
    /// Whether routes are checked and priced with the rules' block forms too
    /// (a digging or placing agent, with block ids in the snapshot).
    [[nodiscard]] bool checks_dig_moves() const { return digs_or_places() && snapshot_->has_blocks(); }
    [[nodiscard]] Route smooth_route(const Route& route, const std::vector<CostZone>& zones) const;
    /// Largest floor-times-zone multiplier over the positions a straight walk
    /// from a to b (same y) sweeps, or +inf when one of them is not walkable.
    [[nodiscard]] double sweep_multiplier(const Voxel& a, const Voxel& b, const ZoneCosts* zones) const;
    [[nodiscard]] bool smoothed_segment_clear(const Voxel& a, const Voxel& b) const {
        return sweep_multiplier(a, b, nullptr) != std::numeric_limits<double>::infinity();
    }

    const World* world_ = nullptr;
    CheckedProfile profile_;  // checked once, shared with the field's and the rules' users
    std::shared_ptr<NavField> field_;
    std::shared_ptr<const NavSnapshot> snapshot_;
    std::optional<MovementModel> moves_;
    AStar<NavSnapshot::Index> search_;
    SearchResult<NavSnapshot::Index> result_;
    SearchResult<NavSnapshot::Index> jump_scratch_;  // expand_jumps' (its storage and result_'s swap)

    // The query in progress (one-shot queries run through it too).
    bool in_query_ = false;
    Goal goal_;
    SearchLimits limits_;
    std::string stale_;                          // why the facts could not be updated, if so
    std::optional<MovementModel> query_moves_;   // with per-query floor costs
    const MovementModel* active_moves_ = nullptr;
    ZoneCosts zones_;
    // The goal's bound, kept between queries for its memory: bind_goal()
    // rebinds it before a query reads it (between queries it may still point
    // at a query's released floor-cost rules).
    std::optional<GoalBound> bound_;
    Goal at_goal_;                                // goal_at's
    std::shared_ptr<LandmarkKeeper> landmarks_;   // null: no tables for this agent
    LandmarkBound landmark_bound_;
    std::vector<NodeId> goal_nodes_;              // prepare_landmarks' scratch
    double floor_scale_ = 1.0;                     // least ratio of the query's floor multipliers to the profile's
    Search search_problem_;
    Route pending_;
    SearchTrace* trace_ = nullptr;                  // where the query in progress records, if asked
    SearchRecord<NavSnapshot::Index> record_;      // the search's own record, reused
    std::vector<MoveTag> steps_;                   // build_route's scratch
    FoundSteps found_;
    FlowField::Builder flow_builder_;              // its open list, reused
    const FlowField* meet_field_ = nullptr;        // the field a find_route_via_field search ends in
    std::vector<NodeId> flow_goals_, flow_cover_;  // flow_field's scratch
    std::unique_ptr<DigQuery> dig_;                // dig and place queries' engine and tables (made on the first)
};

template <class F>
bool Navigator::Impl::for_each_feet_position(const Goal::Part& p, std::int64_t limit, F&& f, bool* empty) const {
    const VoxelBox dom = snapshot_->domain();
    const Goal::FeetBox r = p.feet_box(profile_->width, profile_->body_voxels());
    std::int64_t lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
        // Clamped to the domain, and far parts to a range int64 holds.
        lo[a] = std::int64_t(std::min(std::max(r.lo[a], double(dom.lo[a])), 4e9));
        hi[a] = std::int64_t(std::max(std::min(r.hi[a], double(std::int64_t(dom.hi[a]) - 1)), -4e9));
    }
    if (empty) *empty = lo[0] > hi[0] || lo[1] > hi[1] || lo[2] > hi[2];
    if (lo[0] > hi[0] || lo[1] > hi[1] || lo[2] > hi[2]) return true;
    const std::int64_t count = (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1);
    if (count > limit) return false;
    for (std::int64_t y = lo[1]; y <= hi[1]; ++y)
        for (std::int64_t z = lo[2]; z <= hi[2]; ++z)
            for (std::int64_t x = lo[0]; x <= hi[0]; ++x)
                if (f(Voxel{int(x), int(y), int(z)})) return true;
    return true;
}

}  // namespace voxnav
