/// @file chase.hpp
/// @brief ChaseField: a crowd chasing one moving target (a horde after the
/// player, wolves after their leader), re-planned every tick at the cost of
/// what changed, with routes exactly as cheap as fresh searches.
///
///   voxnav::ChaseField chase(world, zombie_profile);
///   // every tick, after the tick's edits:
///   chase.update(voxnav::Goal::at(player_feet), zombie_feet);
///   for (Zombie& z : zombies)
///       if (auto step = chase.next(z.feet)) z.walk_to(step->position, step->action);
///
/// How. One flow field rooted at the target (route/flow_field.hpp), grown
/// just far enough to hold every chaser (FlowStop::Covered). A tick keeps
/// it when the goal is the same, every chaser is still in it, and no edit
/// since could change one of its costs or moves (FlowField::affected_by on
/// the snapshots' change journal); otherwise it computes a new one. A target
/// walking at NPC speed stays several ticks on one waypoint, and edits far
/// from the crowd change nothing, so most ticks cost a few lookups. Pass the
/// target as the waypoint it stands on (Goal::at of its snapped feet, or a
/// near/touch goal around that voxel), not a fractional position that
/// differs every tick.
///
/// Exactness. After update(), route_from(p) and the chain of next(p) cost
/// exactly what find_route(p, goal, options) costs on the latest snapshot
/// (the one update() read), for every chaser p that has a route: the field
/// is either new, or no change since it was computed reaches its waypoints.
///
/// Threads. One ChaseField is used by one thread. Built with a World it
/// syncs the world's edits in update() (the thread that writes the World);
/// built from a NavField it is a worker that routes on published snapshots.
/// field_shared() hands the current field to readers on other threads; a
/// recomputation writes a new FlowField, never one handed out.
///
/// Errors: update() throws std::invalid_argument for invalid options or an
/// empty goal (as find_route), std::bad_alloc; a goal no waypoint
/// satisfies gives a field with status InvalidGoal.
#pragma once

#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/navigator.hpp"

#include <memory>
#include <string>
#include <vector>

namespace voxnav {

class ChaseField {
public:
    /// Syncs `world`'s edits in every update (the World's thread).
    ChaseField(const World& world, const AgentProfile& profile);
    /// A worker on `field`'s published snapshots.
    ChaseField(std::shared_ptr<NavField> field, const AgentProfile& profile);

    /// Why the last update computed a new field, or kept the old one.
    enum class Reason : std::uint8_t {
        Kept,          ///< nothing the field depends on changed
        First,         ///< no field yet
        GoalMoved,     ///< the goal (or the options) differ from the field's
        Edited,        ///< edits since reach the field's waypoints
        ChaserOutside, ///< a chaser that is a waypoint is beyond the field
        Forgotten,     ///< the change journal no longer covers the field's revision
    };
    struct Update {
        Reason reason = Reason::First;
        bool recomputed() const { return reason != Reason::Kept; }
        double microseconds = 0.0;  ///< time of the update (search included)
        /// The latest snapshot's revision: routes are exact on it.
        std::uint64_t revision = 0;
    };

    /// Brings the field up to date for this tick: `goal` is where the
    /// target is, `chasers` the crowd's feet positions (those that are no
    /// waypoint are ignored). `options` as find_route's (limits.max_cost and
    /// max_nodes bound the field); pass equal options every tick, or the
    /// update counts them as a new goal.
    Update update(const Goal& goal, const std::vector<Voxel>& chasers, const QueryOptions& options = {});
    /// Drops the field: the next update computes a new one.
    void invalidate();

    /// The current field (see flow_field.hpp for reading it).
    [[nodiscard]] const FlowField& field() const { return *field_; }
    /// The same, to hand to readers on other threads (stays valid and
    /// unchanged after later updates).
    [[nodiscard]] std::shared_ptr<const FlowField> field_shared() const { return field_; }
    [[nodiscard]] std::optional<FlowStep> next(const Voxel& feet) const { return field_->next(feet); }
    [[nodiscard]] Route route_from(const Voxel& feet) const { return field_->route_from(feet); }
    /// Fields computed and ticks kept since construction.
    [[nodiscard]] std::uint64_t computed() const { return computed_; }
    [[nodiscard]] std::uint64_t kept() const { return kept_; }
    [[nodiscard]] Navigator& navigator() { return nav_; }

private:
    [[nodiscard]] Reason why_recompute(const std::string& key, const std::vector<Voxel>& chasers);

    Navigator nav_;
    std::shared_ptr<FlowField> field_;
    std::shared_ptr<FlowField> spare_;   // the previous field's memory, reused when nobody holds it
    std::string key_;                    // goal and options of the field
    std::uint64_t valid_revision_ = 0;   // the latest revision the field is known exact for
    std::vector<Voxel> changed_;         // scratch
    std::uint64_t computed_ = 0, kept_ = 0;
};

}  // namespace voxnav
