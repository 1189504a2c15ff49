// SPDX-License-Identifier: MIT
/// @file navigator.hpp
/// @brief Navigator: the reusable route query object. It holds the agent, its
/// movement rules, the shared derived facts of its shape and the search
/// memory, so a query does no set-up work.
///
///   voxnav::World world = voxnav::load_world("worlds/demo.vxw");
///   voxnav::Navigator nav(world, voxnav::AgentProfile{});
///   voxnav::Route r = nav.find_route({1, 1, 1}, {6, 1, 4});
///   if (r.usable()) for (const auto& wp : r.waypoints) { /* wp.position, wp.action */ }
///
/// Threads. A Navigator is used by one thread at a time. Two kinds:
/// - built with a World (`Navigator(world, profile)`): every query first
///   brings the facts up to date with the world (NavField::sync), so use it
///   on the thread that writes the World, or while nobody writes it;
/// - built from a NavField (`Navigator(field, profile)`): a worker. It never
///   reads the World; each query routes on the latest published snapshot,
///   held for the whole query, so edits published meanwhile do not change
///   it. Route::revision says which world revision it used.
/// Navigators of agents with the same shape (width, height, floor costs)
/// share one NavField automatically.
///
/// Queries never throw: bad positions come back as a status with an error
/// sentence. (Invalid QueryOptions (a weight below 1 or not finite, a
/// negative or NaN max_cost, bad zones or floor-cost overrides) or an empty
/// goal, programming errors, throw std::invalid_argument before any search.)
///
/// The search state lives behind a pointer: this header needs neither
/// OpenVDB nor the search templates.
///
/// Goals and per-query costs:
///
///   voxnav::QueryOptions q;
///   q.zones.push_back(voxnav::CostZone::sphere({20, 64, 5}, 4.0, voxnav::CostZone::forbid));
///   voxnav::Route r = nav.find_route(npc_feet, voxnav::Goal::touch(chest), q);
///
/// Searches that fit a tick (the same route, cost and expansions as one call):
///
///   nav.begin_route(npc_feet, voxnav::Goal::near(player, 3.0));
///   // each tick:
///   if (nav.step(2000)) { const voxnav::Route& r = nav.route(); ... }
///
/// Positions in game units (through the snapshot's WorldTransform) snap to
/// the waypoint the NPC occupies; see snap().
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/agent/profile.hpp"
#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/goal.hpp"
#include "voxnav/route/landmark_settings.hpp"
#include "voxnav/route/query_costs.hpp"
#include "voxnav/route/reach.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/world/box.hpp"

#include <glm/vec3.hpp>

#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace voxnav {
// Internal types the API holds by pointer (src/; not exported).
class NavSnapshot;
class MovementModel;
class LandmarkKeeper;

VOXNAV_API_BEGIN

class World;
class NavField;

class Navigator {
public:
    /// Routes in `world`, sharing the facts of this agent's shape with every
    /// other navigator of that world and shape. Throws ProfileError for an
    /// invalid profile (an AgentProfile converts to a CheckedProfile, checked
    /// once there; the navigator, its field and its rules share that one).
    ///
    /// Agents that dig or place (AgentProfile::dig, AgentProfile::place) route by the
    /// rules' block forms (src/agent/moves/block_look.hpp) as well, on
    /// the block ids the field keeps (NavField::keep_blocks, which a World
    /// navigator of such an agent calls when it is made, on the game thread);
    /// their routes list the voxels dug and placed (Route::dig, Route::place).
    /// Flow fields and reachable areas use the ordinary moves only.
    Navigator(const World& world, const CheckedProfile& profile);
    /// Routes in `world` over `field`, which must have been built for this
    /// world and the profile's shape (std::invalid_argument otherwise).
    Navigator(const World& world, std::shared_ptr<NavField> field, const CheckedProfile& profile);
    /// A worker: routes on `field`'s published snapshots and never reads the
    /// World. Throws ProfileError, or std::invalid_argument for another shape.
    /// Its dig and place queries need a field that keeps block ids (else
    /// status Failed, saying so).
    Navigator(std::shared_ptr<NavField> field, const CheckedProfile& profile);
    ~Navigator();
    /// Movable (a moved-from Navigator may only be destroyed or assigned to).
    Navigator(Navigator&&) noexcept;
    Navigator& operator=(Navigator&&) noexcept;
    Navigator(const Navigator&) = delete;
    Navigator& operator=(const Navigator&) = delete;

    /// World navigators: brings the facts up to date with the world's changes
    /// (called by find_route too; cheap when nothing changed). Workers: takes
    /// the latest published snapshot. While a sliced query runs, the
    /// navigator keeps that query's snapshot (the facts are still published
    /// for others) and takes the latest when the query ends.
    void sync();

    [[nodiscard]] Route find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits = {});
    /// As above, reusing `out`'s storage.
    void find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits, Route& out);
    /// A route from `from` to any waypoint satisfying `goal`, with the
    /// query's limits, cost zones and floor costs.
    [[nodiscard]] Route find_route(const Voxel& from, const Goal& goal, const QueryOptions& options = {});
    void find_route(const Voxel& from, const Goal& goal, const QueryOptions& options, Route& out);
    /// From an NPC's position in game units (feet centre), snapped first
    /// (snap()); Route::snapped says what was done.
    [[nodiscard]] Route find_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options = {});

    // --- sliced queries: one search spread over several ticks ---------------
    /// Starts a query (cancelling any in progress) on the latest facts, which
    /// it keeps until it ends, whatever is edited meanwhile. Bad positions end
    /// it at once with an error status (step returns true).
    void begin_route(const Voxel& from, const Goal& goal, const QueryOptions& options = {});
    void begin_route_from_game(const glm::dvec3& from_game, const Goal& goal, const QueryOptions& options = {});
    /// Runs at most `max_expansions` expansions; true when the query is over
    /// and route() holds the answer. True at once when none is in progress.
    bool step(std::uint32_t max_expansions);
    /// True between begin_route and the step that ends it.
    [[nodiscard]] bool route_in_progress() const;
    /// Drops the query in progress (route() is then Cancelled, saying so).
    void cancel();
    /// The answer of the last sliced query (valid once step returned true).
    [[nodiscard]] const Route& route() const;

    // --- reachable area -----------------------------------------------------
    /// Every waypoint reachable from `from`, cheapest first: a Dijkstra flood
    /// with the query's floor costs and zones, stopped by limits.max_cost
    /// (waypoints costing more are left out) and limits.max_nodes (then
    /// Partial). limits.weight is not used (it must still be valid). options.trace records the flood.
    /// Never throws for positions (InvalidStart instead); invalid options
    /// throw std::invalid_argument as find_route does. Cancels a sliced query.
    [[nodiscard]] Reach reachable(const Voxel& from, const QueryOptions& options = {});

    // --- flow fields: one search for many NPCs with one goal ----------------
    /// The exact cost to `goal` from every waypoint around it and the next
    /// move of a cheapest route from each (route/flow_field.hpp), by one
    /// Dijkstra backwards from the goal's waypoints (any goal kind but flee),
    /// with the query's floor costs and zones, bounded by
    /// options.limits.max_cost (waypoints dearer than that are left out) and
    /// options.limits.max_nodes (waypoints settled; then Partial). weight,
    /// acceleration and landmarks do not apply; snap_goal does. Computed on
    /// the latest facts (as find_route). A goal no waypoint satisfies, a
    /// flee goal or one of more than max_field_goal_positions positions:
    /// status InvalidGoal with the reason. Invalid options or an empty goal
    /// throw std::invalid_argument, as find_route does. Cancels a sliced query.
    [[nodiscard]] FlowField flow_field(const Goal& goal, const QueryOptions& options = {});
    /// As above into `out`, reusing its memory. Non-empty `cover`: the search
    /// stops as soon as each of these positions that is a waypoint has its
    /// cost (a crowd's positions: FlowStop::Covered), which keeps the field
    /// as small as the crowd needs. `out` must not be read by other threads
    /// meanwhile.
    void flow_field(const Goal& goal, const QueryOptions& options, FlowField& out, const std::vector<Voxel>& cover = {});
    /// find_route(from, goal, options), helped by `field`, computed by this
    /// navigator for the same goal and options on its current snapshot (a
    /// field bounded by max_cost around the goal): a start inside takes the
    /// field's route; from outside, an A* that ends where it first enters
    /// the field, guided by the field's costs (src/route/problems/nav_problem.hpp,
    /// FieldMeetProblem), then the field's route on. The same cost as
    /// find_route. A field of another snapshot or agent is not used (then
    /// this is find_route).
    void find_route_via_field(const Voxel& from, const Goal& goal, const QueryOptions& options, const FlowField& field, Route& out);
    /// Largest number of feet positions a field's goal may span (a level or
    /// a wide sphere beyond it is refused: it would root a field at a plane).
    static constexpr std::int64_t max_field_goal_positions = std::int64_t(1) << 22;

    // --- positions ----------------------------------------------------------
    struct Snap {
        bool ok = false;
        Voxel feet{0};      ///< the waypoint snapped to (when ok)
        std::string what;   ///< one sentence: what was done, or why it failed
    };
    /// The largest distance snap() moves a position sideways or up. [Units: voxels]
    static constexpr double snap_radius = 1.5;
    /// The waypoint an NPC whose feet centre is at `feet` (in voxel units,
    /// fractional) occupies, in this order: (1) the position holding the
    /// feet (feet y rounded down after adding 1/32, to absorb float error);
    /// (2) if that position is open air, the first waypoint straight below
    /// it within jump_height + 1 voxels (mid jump); (3) the nearest waypoint
    /// whose feet centre lies within snap_radius (inside a wall, on a ledge's
    /// edge; ties: lower, then smaller x, then smaller z). Otherwise fails
    /// (above a pit, deep inside rock).
    [[nodiscard]] Snap snap_voxel_units(const glm::dvec3& feet) const;
    /// snap_voxel_units of a game-space position (the snapshot's transform).
    [[nodiscard]] Snap snap(const glm::dvec3& game_position) const;
    /// snap of a feet voxel that may be no waypoint (from its feet centre).
    [[nodiscard]] Snap snap_feet(const Voxel& feet) const;
    /// Game-space feet centre of an agent of this profile standing at `feet`.
    [[nodiscard]] glm::dvec3 to_game(const Voxel& feet) const;
    /// The waypoints' feet centres in game units.
    [[nodiscard]] std::vector<glm::dvec3> to_game(const Route& route) const;

    // --- re-planning ---------------------------------------------------------
    struct RouteCheck {
        bool valid = true;
        /// First waypoint no longer reached by its move, or the first
        /// waypoint checked (from_waypoint) when it is no longer a waypoint;
        /// waypoints.size() when valid, and when from_waypoint is past the
        /// end (then valid is false). Digging or placing agents' waypoints
        /// are not checked as positions, only their moves.
        std::size_t first_invalid = 0;
        std::string why;            ///< one sentence when invalid
        bool unchanged = false;     ///< same world revision: nothing had to be read
    };
    /// Whether a route (from this navigator's agent) can still be followed on
    /// the latest facts, from waypoint `from_waypoint` on (where the NPC is
    /// or heads from; the moves behind it are not checked): every waypoint
    /// is still one and every move still exists with its action. Reads only
    /// the chunks the route crosses; a route of the current revision costs
    /// nothing. Call sync() first to see the latest edits. Routes from
    /// smooth_route() are checked segment by segment as smooth_route builds
    /// them. A digging or placing agent's route is checked against the moves
    /// its search had (its waypoints may lie in rock not dug yet); a dig or
    /// bridge step the game already carried out (the voxel is dug, the
    /// block placed, the body not yet moved) still holds as the plain walk,
    /// jump or fall it became, as an open step through a door opened since
    /// does. A pillar is carried out once the NPC stands on it: check from
    /// that waypoint.
    /// `from_waypoint` past the end: invalid, saying so. `to_waypoint`: the
    /// last waypoint whose move is checked (past the end: to the end), for a
    /// caller that knows where the edits are (Follower checks the moves
    /// near the chunks that changed).
    [[nodiscard]] RouteCheck check_route(const Route& route, std::size_t from_waypoint = 0,
                                         std::size_t to_waypoint = std::numeric_limits<std::size_t>::max());

    // --- smoothing -----------------------------------------------------------
    /// A route that is easier to follow: runs of walk waypoints at one level
    /// merged into straight segments, where every position the footprint
    /// sweeps along the segment (the positions whose voxel the moving
    /// footprint corner crosses) is a dry waypoint at that level and the
    /// segment costs no more than the steps it replaces (its length /
    /// walk_speed times the dearest floor and zone multiplier it crosses).
    /// Jump, fall, swim and fly waypoints keep their place and tag. Pass the
    /// query's zones so segments never cut through them. Compare the
    /// waypoint count and cost with the input to see what it did.
    [[nodiscard]] Route smooth_route(const Route& route, const std::vector<CostZone>& zones = {}) const;
    /// Whether a body may walk straight from waypoint a to waypoint b (same
    /// y): every position its footprint sweeps is a dry walkable waypoint
    /// away from shaped blocks (smooth_route's rule; on the snapshot of the
    /// last query or sync). O(positions swept).
    [[nodiscard]] bool straight_walk_clear(const Voxel& a, const Voxel& b) const;

    /// True where a route may start or end for this agent (on the snapshot
    /// of the last query or sync). A closed door the agent opens counts (a
    /// route passes it by opening it); the C API's voxnav_is_waypoint, "can
    /// a body stand here now", does not count it.
    [[nodiscard]] bool is_waypoint(const Voxel& v) const;
    /// Why `v` is not a waypoint ("" when it is).
    [[nodiscard]] std::string why_not_waypoint(const Voxel& v) const;

    /// The cost of each move of a route on this navigator's latest facts (see
    /// sync()), as the search prices it: element k (k >= 1) is the cheapest
    /// move from waypoint k - 1 to waypoint k with waypoint k's action, times
    /// the product of the zones holding waypoint k; +infinity when there is no
    /// such move (an edit removed it, or a smoothed segment). Element 0 is 0.
    /// An open move whose door is open now counts as the walk it became.
    /// What check_route and the CLI's route checks compare with. A digging or
    /// placing agent's moves are priced as its search priced them, with the
    /// blocks it had left (see check_route).
    [[nodiscard]] std::vector<double> step_costs(const Route& route, const std::vector<CostZone>& zones = {}) const;

    [[nodiscard]] const AgentProfile& profile() const;
    // field(), snapshot(), moves() and landmarks() give internal types (src/,
    // not installed): for voxnav's own tools and tests, which see src/.
    /// The snapshot of the last query or sync (src/facts/nav_snapshot.hpp).
    [[nodiscard]] const NavSnapshot& field() const;
    [[nodiscard]] const std::shared_ptr<const NavSnapshot>& snapshot() const;
    [[nodiscard]] const std::shared_ptr<NavField>& shared_field() const;
    /// The agent's movement rules on that snapshot (src/agent/movement.hpp).
    [[nodiscard]] const MovementModel& moves() const;
    /// Landmark tables for this agent (src/route/problems/landmark_keeper.hpp): shared by
    /// every navigator of this field and profile with equal settings, built
    /// on a worker thread once a query finds the world large enough. Call
    /// before queries to choose other settings (count 0: none).
    void use_landmarks(const LandmarkSettings& settings);
    /// The keeper of this navigator's landmark tables (null for flyers).
    [[nodiscard]] const std::shared_ptr<LandmarkKeeper>& landmarks() const;
    /// Makes room for route queries of up to `max_nodes` nodes
    /// (SearchLimits::max_nodes) in this navigator's search memory (and its
    /// dig search's, for an agent that digs or places), so that they
    /// allocate nothing for their search: call it once at load, on the
    /// navigator's thread, instead of paying in the first queries. Brings the
    /// facts up to date first (as a query does) and sizes the search's
    /// direct index for them (a world that grows later grows it at its next
    /// query). Cancels a sliced query. About 50 bytes per node plus 1 KiB
    /// per 8 nodes, plus 64 bytes per navigable chunk.
    /// [Units: nodes]
    void reserve(std::size_t max_nodes);
    /// Search memory held (the A*'s and the flow-field search's scratch),
    /// and the part the last route query used.
    [[nodiscard]] std::size_t search_memory_bytes() const;
    [[nodiscard]] std::size_t search_bytes_in_use() const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;  // the facts, the search and the query in progress (src/route/navigator/navigator_impl.hpp)
};

VOXNAV_API_END
}  // namespace voxnav
