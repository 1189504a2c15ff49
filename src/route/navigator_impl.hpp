// Navigator's state behind its pointer: the facts it routes on, its movement
// rules, the search memory and the query in progress (internal to route/).
// Navigator's public functions forward here; navigator.cpp holds the query
// life cycle, snap.cpp positions, smooth.cpp smoothing, route_check.cpp and
// route_steps.cpp re-checking routes, trace_and_reach.cpp traces and floods.
#pragma once

#include "voxnav/agent/movement.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/route/jump_points.hpp"
#include "voxnav/route/landmark_keeper.hpp"
#include "voxnav/route/landmarks.hpp"
#include "voxnav/route/nav_problem.hpp"
#include "voxnav/route/navigator.hpp"
#include "voxnav/route/open_sky.hpp"
#include "voxnav/route/trace.hpp"
#include "voxnav/search/astar.hpp"

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <variant>

namespace voxnav {

/// The floor multipliers a query's floor_cost overrides give the snapshot's
/// floor classes. Throws std::invalid_argument naming the override that is
/// wrong (what RouteService::submit checks too).
[[nodiscard]] std::array<double, 16> query_floor_multipliers(const NavSnapshot& snapshot, const AgentProfile& profile,
                                                             const QueryOptions& options);
/// What about a query's options is the caller's error: zones, floor-cost
/// overrides. Throws std::invalid_argument.
void check_options(const NavSnapshot& snapshot, const AgentProfile& profile, const QueryOptions& options);
/// check_options and an empty goal.
void check_query(const NavSnapshot& snapshot, const AgentProfile& profile, const Goal& goal, const QueryOptions& options);

/// The step costs of `states` (node ids, each reached from the one before by
/// the action in `actions`) under `moves` and `zones`, as
/// Navigator::step_costs defines them; `out` gets one per state.
void route_step_costs(const MovementModel& moves, const ZoneCosts& zones, const NavSnapshot::Index* states,
                      const Action* actions, std::size_t count, std::vector<double>& out);

struct Navigator::Impl {
    Impl(std::shared_ptr<NavField> field, const AgentProfile& profile);

    // Which search a query runs: exactly one is set while it runs. The
    // problems point into this Impl (moves, bound, zones), which never moves.
    using Search = std::variant<std::monostate, NavProblem, JumpPointProblem, OpenSkyProblem, GoalProblem>;

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
    void build_route(Route& out);
    void fill_trace(const Route& out);
    std::string prepare_costs(const Voxel& from, const QueryOptions& options);
    void release_query();
    [[nodiscard]] std::string why_goal_unsatisfiable(const Goal& goal) const;
    /// Calls f(v) for each feet position of goal part `p` inside the
    /// snapshot's domain until f returns true; false (calling nothing) when
    /// there are more than `limit`. `empty`, when given: whether there are none.
    bool for_each_feet_position(const Goal::Part& p, std::int64_t limit, const std::function<bool(const Voxel&)>& f,
                                bool* empty = nullptr) const;
    void apply_floor_costs(const QueryOptions& options);
    /// Sets up landmark_bound_ for the query's goal when tables can help;
    /// the bound the problems then read, or null.
    const LandmarkBound* prepare_landmarks(const QueryOptions& options);
    Reach reachable(const Voxel& from, const QueryOptions& options);

    [[nodiscard]] Snap snap_voxel_units(const glm::dvec3& feet) const;
    [[nodiscard]] Snap snap(const glm::dvec3& game_position) const;
    [[nodiscard]] Snap snap_feet(const Voxel& feet) const;
    [[nodiscard]] glm::dvec3 to_game(const Voxel& feet) const;

    [[nodiscard]] RouteCheck check_route(const Route& route) const;
    [[nodiscard]] std::vector<double> step_costs(const Route& route, const std::vector<CostZone>& zones) const;
    [[nodiscard]] Route smooth_route(const Route& route, const std::vector<CostZone>& zones) const;
    /// Largest floor-times-zone multiplier over the positions a straight walk
    /// from a to b (same y) sweeps, or +inf when one of them is not walkable.
    [[nodiscard]] double sweep_multiplier(const Voxel& a, const Voxel& b, const ZoneCosts* zones) const;
    [[nodiscard]] bool smoothed_segment_clear(const Voxel& a, const Voxel& b) const {
        return sweep_multiplier(a, b, nullptr) != std::numeric_limits<double>::infinity();
    }

    const World* world_ = nullptr;
    AgentProfile profile_;
    std::shared_ptr<NavField> field_;
    std::shared_ptr<const NavSnapshot> snapshot_;
    std::optional<MovementModel> moves_;
    AStar<NavProblem> search_;
    SearchResult<NavSnapshot::Index> result_;

    // The query in progress (one-shot queries run through it too).
    bool in_query_ = false;
    Goal goal_;
    SearchLimits limits_;
    std::string stale_;                          // why the facts could not be updated, if so
    std::optional<MovementModel> query_moves_;   // with per-query floor costs
    const MovementModel* active_moves_ = nullptr;
    ZoneCosts zones_;
    std::optional<GoalBound> bound_;
    std::shared_ptr<LandmarkKeeper> landmarks_;   // null: no tables for this agent
    LandmarkBound landmark_bound_;
    std::vector<NodeId> goal_nodes_;              // prepare_landmarks' scratch
    double floor_scale_ = 1.0;                     // least ratio of the query's floor multipliers to the profile's
    Search search_problem_;
    Route pending_;
    SearchTrace* trace_ = nullptr;                  // where the query in progress records, if asked
    SearchRecord<NavSnapshot::Index> record_;      // the search's own record, reused
    std::vector<Action> actions_;                  // build_route's scratch
    std::vector<double> step_costs_;
};

}  // namespace voxnav
