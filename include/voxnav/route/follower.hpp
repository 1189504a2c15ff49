// SPDX-License-Identifier: MIT
/// @file follower.hpp
/// @brief Follower: moves one NPC along its route. It holds the route and the
/// NPC's progress; each tick the game gives it the body's state and gets back
/// what to do (where to steer, how fast, jump, sprint, climb, the voxel to
/// open, dig or place) and a status.
///
///   voxnav::Follower walker(nav);                    // nav: this NPC kind's Navigator
///   walker.set_goal(voxnav::Goal::at(door_step));
///   // every tick, after the tick's edits (update() syncs nav: a world
///   // navigator derives them, a worker takes the latest published facts):
///   const voxnav::Steering& s = walker.update({feet, velocity, on_ground, in_liquid, on_climbable}, now);
///   body.steer(s.heading, s.speed); if (s.jump) body.jump(); if (s.open) game.open_door(*s.open);
///
/// What it does, tick by tick:
/// - **Plans** from the waypoint the body occupies (Navigator::snap_voxel_units)
///   when it has no route, the route ends in a partial answer, or a re-plan is
///   due. A route it cannot get gives `no_path` (or `failed`, saying why).
///   It plans at most once a tick. Partial routes that make no progress
///   (no_progress_plans in a row) give `no_path`, so every goal ends.
/// - **Reaches** waypoint k when the feet centre lies within `reach_radius`
///   of the waypoint's feet centre horizontally and within one voxel
///   vertically (Minecraft's PathNavigation uses the same test), then heads
///   for k + 1. Arrives at the last once the body has come to rest on it
///   (held by ground, water or a ladder, nearly still, within arrive_radius
///   of its feet centre): until then it steers the body back to that point
///   and lets go where the body would stop.
/// - **Cuts corners** only where the swept body stays on waypoints: it steers
///   to the farthest of the next 8 plain walks at one level that the body
///   can walk to straight from the last waypoint reached (every position
///   its footprint sweeps a dry walkable waypoint away from shaped blocks:
///   Navigator::straight_walk_clear, smooth_route's rule); reaching it, or
///   any waypoint before it, counts for those it passed.
/// - **Steers** to the waypoint's feet centre at the motion's speed from the
///   profile (walk_speed, swim_speed, climb_speed, fly_speed; floors that
///   slow a body do so by the game's physics).
///   A jump is asked for when the body is on the ground within one voxel of
///   the target column; a leap jumps from the start voxel where the jump
///   lands the feet on the landing's centre (walking over a 1-wide gap,
///   sprinting over wider ones: a sprint jump carries a player 3.25-3.6
///   voxels, a walking one 1.9-2.5) and its landing is reached anywhere on
///   the landing voxel; on a ladder `climb` says up or down; in water `jump` keeps
///   the head up while the target is not below. A body held on the ground
///   below a walk step up no higher than `step_height` (speed under a tenth
///   of walk_speed, within a voxel of the target column) for 0.25 s is told
///   to jump: a physics that will not step it up there (prismarine-physics
///   under a lintel) gets over it. The voxels a move opens,
///   digs or places are asked for, one at a time, while the body heads for
///   that waypoint and they are not done yet.
/// - **Stays on the route**: pushed more than `corridor` voxels from the
///   segment it follows (the first segment of a route starts where the body
///   stood when it was planned), it re-attaches to the nearest waypoint
///   within `corridor` ahead or behind; else it re-plans from where the body is.
/// - **Detects being stuck**: no waypoint reached for the step's cost x
///   `stuck_factor` + `stuck_slack` seconds. Then it retries the step once,
///   then re-plans, then reports `stuck` and waits `stuck_backoff` seconds
///   (doubling, up to 8x) before planning again; it never loops on one
///   failing step.
/// - **Closes doors behind** it: the door a move opened is to be closed once
///   the body reaches the waypoint after the doorway (`close`, once).
/// - **Follows edits**: when the navigator's facts changed (a sync saw
///   edits), it checks the rest of its route (Navigator::check_route, which
///   reads only the chunks the route crosses) and re-plans from the body's
///   position when an edit broke it, at most once per `replan_interval`.
///
/// Units: positions are voxel units, feet centre (a body standing on the
/// full block below voxel (x, y, z) has feet (x + 0.5, y, z + 0.5) for width
/// 1); velocities voxels per second; times seconds.
///
/// Threads: one Follower per NPC, used by the thread that uses its
/// Navigator (it queries it). Errors: set_goal throws std::invalid_argument
/// for an empty goal; update() throws nothing but std::bad_alloc, and says
/// what went wrong in the status and `why`.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/route/goal.hpp"
#include "voxnav/route/navigator.hpp"
#include "voxnav/route/planning_budget.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/route/route_service.hpp"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

/// The body's state, each tick.
struct BodyState {
    glm::dvec3 feet{0.0};      ///< feet centre [Units: voxels]
    glm::dvec3 velocity{0.0};  ///< [Units: voxels per second]
    bool on_ground = false;
    bool in_liquid = false;
    bool on_climbable = false;
};

enum class FollowStatus : std::uint8_t {
    Moving,      ///< following the route
    Arrived,     ///< at the goal (the last waypoint reached)
    Replanning,  ///< a new route was asked for this tick (steering may be empty)
    Stuck,       ///< no progress after a retry and a re-plan: waiting out the back-off
    NoPath,      ///< no route from where the body is
    Failed,      ///< the query failed (cancelled, out of memory, bad start): `why` says
};
/// "moving", "arrived", "replanning", "stuck", "no_path", "failed".
[[nodiscard]] const char* to_string(FollowStatus s);

/// What the body should do this tick.
struct Steering {
    FollowStatus status = FollowStatus::NoPath;
    std::size_t waypoint = 0;     ///< index in route() of the waypoint being approached
    /// The feet point to steer to; the body's own feet whenever speed is 0
    /// (waiting, stuck, no_path, failed, arrived). [Units: voxels]
    glm::dvec3 target{0.0};
    glm::dvec2 heading{0.0};      ///< unit (dx, dz) towards the target, or (0, 0) when speed is 0
    double speed = 0.0;           ///< [Units: voxels per second]
    bool jump = false;            ///< jump now (in water: swim up)
    bool sprint = false;          ///< run: a leap ahead needs a sprint jump
    int climb = 0;                ///< on a ladder: 1 up, -1 down, 0 neither
    std::optional<Voxel> open;    ///< open this door, gate or trapdoor before moving on
    /// A two-block door (Minecraft's, the Luanti doors mod's): `open` is its
    /// lower half and the voxel above it is its upper half, both shut across
    /// the way. One door, asked once: open it with ONE use (Minecraft's
    /// "use" on either half, Luanti's doors.door_toggle or right-click on
    /// the lower node); a second use would shut it again. Two openables
    /// stacked that are not one door (two trapdoors) are asked the same way:
    /// the one a use leaves shut is asked alone on a later tick.
    bool open_both_halves = false;
    std::optional<Voxel> dig;     ///< break this voxel before moving on
    std::optional<Voxel> place;   ///< place a block here before moving on
    /// Close this door behind: given once, on the tick the body has left the
    /// doorway it opened (FollowerSettings::close_doors). A two-block door
    /// gives its lower half (closing one half closes both, in Minecraft and
    /// Luanti).
    std::optional<Voxel> close;
    /// Routes planned since set_goal last gave another goal (a moving goal
    /// counts from its latest position; the same goal again changes nothing).
    int replans = 0;
    std::string why;              ///< for no_path, stuck, failed: one sentence
};

struct FollowerSettings {
    /// Horizontal distance at which a waypoint counts as reached; < 0: from
    /// the agent's width as Minecraft does (width / 2 above 0.75 wide, else
    /// 0.75 - width / 2). [Units: voxels]
    double reach_radius = -1.0;
    /// Arrival: the last waypoint reached, the body must come to rest (on
    /// the ground, in water or on a ladder, horizontal speed at most
    /// rest_speed) with its feet within arrive_radius of the goal's feet
    /// point horizontally and 0.3 vertically; meanwhile the follower steers
    /// it back there and lets go where it would stop. A body that has not
    /// settled settle_time after reaching the last waypoint is said to have
    /// arrived where it is (`why` says so). [Units: voxels, voxels per
    /// second, seconds]
    double arrive_radius = 0.25;
    double rest_speed = 0.25;
    double settle_time = 3.0;
    /// How far the body may be from the segment it follows before it
    /// re-attaches or re-plans. [Units: voxels]
    double corridor = 1.5;
    /// Stuck when no waypoint is reached for step cost x stuck_factor +
    /// stuck_slack. [Units: -, seconds]
    double stuck_factor = 3.0, stuck_slack = 1.0;
    /// First wait after `stuck` before planning again (doubles each time, to 8x). [Units: seconds]
    double stuck_backoff = 2.0;
    /// Least time between two re-plans caused by edits. [Units: seconds]
    double replan_interval = 1.0;
    /// Say when to close the doors the route opened, once passed (villagers
    /// do; a zombie does not).
    bool close_doors = true;
    /// Options for every route query (limits, zones, floor costs).
    QueryOptions query;
    /// A search budget per tick shared with other followers (not owned; it
    /// must outlive the follower): plans are capped to its grants and wait
    /// for the next tick when it is spent (route/planning_budget.hpp).
    /// Null: every plan may expand up to query.limits.max_nodes.
    PlanningBudget* budget = nullptr;
    /// Plans the next segment of a partial route on this service's workers
    /// (not owned; it must outlive the follower, and service_agent must be
    /// the id it gave this NPC kind's profile): once the body is within
    /// `lookahead` waypoints of a partial route's end, the route on from
    /// there is asked for, and appended when it comes back, so the body
    /// does not stop at the end. Null: the follower plans on from the end
    /// when it gets there (within its budget).
    RouteService* service = nullptr;
    RouteService::AgentId service_agent = 0;
    std::size_t lookahead = 16;
};

class Follower {
public:
    /// Partial plans in a row without progress after which a goal says
    /// `no_path`: a partial route that ends where the body stands (one
    /// waypoint) or where an earlier partial plan of this goal started.
    /// At most one plan a tick, so a follower alone in its budget (or with
    /// none) ends such a goal within 3 ticks of planning; one that waits for
    /// a shared budget ends it after its 3rd plan (the budget serves those
    /// waiting longest first).
    static constexpr int no_progress_plans = 3;

    explicit Follower(Navigator& navigator, FollowerSettings settings = {});

    /// Where to go; the next update() plans. Throws std::invalid_argument for
    /// an empty goal. Call it every tick for a moving goal (another entity):
    /// the same goal changes nothing; another one, while a route is followed,
    /// keeps that route and plans to the new goal at most once per
    /// replan_interval (or when the route ends first).
    void set_goal(const Goal& goal);
    /// Follows `route`, planned elsewhere, towards the goal set_goal set: a
    /// route from a ChaseField that several followers after one target share
    /// (one incremental chase instead of a plan each), a FlowField's, or a
    /// RouteService answer. Its first waypoint should be the body's (a body
    /// farther than `corridor` re-attaches or re-plans as usual); a Partial
    /// route is continued by planning from its end. Replaces the route and
    /// progress, and cancels a re-plan a moving goal had made due. Returns
    /// false, changing nothing, for a route that is not usable or empty, or
    /// when no goal is set. `now` as update()'s. [Units: seconds]
    bool set_route(Route route, double now);
    /// Shares `budget` from the next plan on (null: none); as FollowerSettings::budget.
    void set_budget(PlanningBudget* budget) { settings_.budget = budget; }
    /// Forgets the goal and route (status no_path, "no goal").
    void stop();

    /// One tick: `now` is the game's clock (any origin, never going back).
    /// [Units: seconds]
    const Steering& update(const BodyState& body, double now);

    [[nodiscard]] const Steering& steering() const { return out_; }
    /// The route being followed (empty before the first plan).
    [[nodiscard]] const Route& route() const { return route_; }
    [[nodiscard]] const FollowerSettings& settings() const { return settings_; }

private:
    /// update() but for the target and heading of a body told to stand still.
    void tick(const BodyState& body, double now);
    /// Plans from the body's waypoint; false when the budget turned it away (nothing changed).
    bool plan(const BodyState& body, double now);
    [[nodiscard]] glm::dvec3 centre(std::size_t k) const;
    [[nodiscard]] bool reached(const BodyState& body, std::size_t k) const;
    [[nodiscard]] double distance_to_segment(const BodyState& body) const;
    bool reattach(const BodyState& body);
    void steer(const BodyState& body, double now);
    /// A Found route, a new goal or the end of one: partial plans count from zero.
    void forget_partial_plans();
    /// Planned already this tick and the route ends where the body is:
    /// `replanning`, and the next tick plans on (at most one plan a tick).
    void plan_next_tick();
    /// On the last waypoint: arrived once the body is at rest on the goal,
    /// else steered back to it (FollowerSettings::arrive_radius).
    void settle(const BodyState& body, double now);
    /// The waypoint steered to: k_, or a later plain walk when the corner to
    /// it can be cut (cached per k_ and revision).
    std::size_t aim();
    // Whether voxel v still needs its act: a door still closed or a voxel
    // still to dig, or a place still empty. Without block ids in the
    // snapshot a door is told by its shape facts; a dig or place cannot be
    // told and is asked for until the move is made.
    [[nodiscard]] bool still_blocks(const Voxel& v, WorldAct act) const;
    /// The first voxel waypoint k_'s move must still open, dig or place (act), if any.
    [[nodiscard]] std::optional<Voxel> first_to_do(WorldAct act) const;
    // Whether the body's footprint is off voxel v's column (a door behind
    // may be shut without closing on the body).
    [[nodiscard]] bool clear_of(const BodyState& body, const Voxel& v) const;
    // Whether v is among the voxels waypoint k_'s move opens (and, on the
    // first move, the start's), still shut.
    [[nodiscard]] bool still_to_open(const Voxel& v) const;
    // Steering's open ask: the first door still shut, with the half above or
    // below it when that is listed and shut too (Steering::open_both_halves).
    void ask_to_open();
    // Route::voxels in O(1): each waypoint's offsets into open, dig and
    // place, indexed once per route (Route::voxels sums the shares before k).
    void index_acts();
    // The chunks the route may touch (sorted), and whether a chunk changed
    // since checked_revision_ is among them (true when that is not known).
    void index_chunks();
    [[nodiscard]] bool edits_near_route();
    // Whether the route's moves near the chunks edits_near_route() found
    // changed (all moves ahead when that is not known) still hold.
    [[nodiscard]] bool route_holds_near_edits();
    /// The next segment of a partial route: asked for on the service near
    /// its end, appended when it is back.
    void continue_on_worker();
    void append_segment(const Route& next);
    [[nodiscard]] Route::Voxels acts(std::size_t k, WorldAct act) const;

    Navigator* nav_;
    FollowerSettings settings_;
    QueryOptions query_;                // settings_.query with the budget's cap
    std::uint64_t budget_ticket_ = 0;   // PlanningBudget::grant's: when this follower began waiting
    std::optional<Goal> goal_;
    std::string goal_words_;            // goal_->describe(): what "the same goal" compares
    bool goal_moved_ = false;           // set_goal changed it while a route was followed
    double last_goal_replan_ = -1e300;
    Route route_;
    // A segment asked of settings_.service: forgotten there when dropped,
    // replaced or destroyed (so nothing is left behind in the service).
    struct Segment {
        RouteService* service = nullptr;
        RouteService::Ticket ticket = 0;
        Segment() = default;
        Segment(Segment&& o) noexcept : service(o.service), ticket(std::exchange(o.ticket, 0)) {}
        Segment& operator=(Segment&& o) noexcept {
            if (this != &o) drop(), service = o.service, ticket = std::exchange(o.ticket, 0);
            return *this;
        }
        Segment(const Segment&) = delete;
        Segment& operator=(const Segment&) = delete;
        ~Segment() { drop(); }
        void drop() {
            if (ticket && service) service->forget(ticket);
            ticket = 0;
        }
    } next_;
    std::vector<std::array<std::uint32_t, 3>> act_offsets_;  // index_acts(): empty when the route acts on nothing
    std::size_t aim_ = 0, aim_k_ = SIZE_MAX;  // aim(): its answer, for this k_ ...
    std::uint64_t aim_revision_ = 0;          // ... and this revision of the facts
    std::size_t k_ = 1;                 // the waypoint approached
    std::optional<Voxel> door_behind_;  // a door the route opened, to close once the body is past it
    std::size_t door_past_ = 0;         // ... when this waypoint is reached
    Steering out_;
    double radius_ = 0.5;
    double progress_at_ = 0.0;          // when the last waypoint was reached (or the route began)
    glm::dvec3 planned_from_{0.0};      // the body's feet when the route was planned
    double held_since_ = -1.0;          // since when the body is held below a small step up (< 0: it is not)
    int stage_ = 0;                     // no progress: 0 none yet, 1 the step retried, 2 re-planned
    double backoff_ = 0.0, wait_until_ = -1.0;
    double last_edit_replan_ = -1e300;
    std::uint64_t checked_revision_ = 0;
    std::vector<Voxel> route_chunks_, changed_;  // index_chunks(), edits_near_route()
    bool plan_due_ = true;
    double planned_at_ = -1e300;        // the `now` of the last plan: at most one a tick
    int fruitless_ = 0;                 // partial plans in a row that made no progress (kFruitlessPlans end the goal)
    std::vector<Voxel> partial_from_;   // where this goal's partial plans started (the last 64)
};

VOXNAV_API_END
}  // namespace voxnav
