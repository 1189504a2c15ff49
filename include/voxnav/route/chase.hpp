// SPDX-License-Identifier: MIT
/// @file chase.hpp
/// @brief ChaseField: a crowd chasing one moving target (a horde after the
/// player, wolves after their leader), re-planned every tick at the cost of
/// what changed, with routes exactly as cheap as fresh searches.
///
///   voxnav::ChaseField chase(world, zombie_profile);
///   // every tick, after the tick's edits:
///   chase.update(voxnav::Goal::at(player_feet), zombie_feet);   // zombie_feet[i]: chaser i
///   for (std::size_t i = 0; i < zombies.size(); ++i)
///       if (auto step = chase.next(i)) zombies[i].walk_to(step->position, step->action);
///
/// Two ways, one contract (Method):
/// - Routes: each chaser keeps its route. A tick re-plans a chaser (one A*)
///   only when its route may no longer be the cheapest: the chaser left it,
///   edits landed where a cheaper route could pass (a lower-bound test per
///   changed chunk), or the target moved and neither certificate holds: the
///   new target lies on the chaser's route (its prefix is then a cheapest
///   route), or the route extended by the target's own move costs the
///   agent's lower bound (nothing can be cheaper). Chasers walking their
///   route and ticks where the target stays cost a lookup each.
/// - Field: one flow field rooted at the target (route/flow_field.hpp), grown
///   just far enough to hold every chaser; kept while the goal stays, every
///   chaser is in it and no edit reaches its waypoints (FlowField::affected_by).
/// - Auto: Routes, which costs less than Field with 100 and with 1000
///   chasers (docs/benchmarks.md, "Where the defaults come from"): when many
///   chasers need a new route at once, Routes also grows a field around
///   the target, and each re-plan's A* stops where it enters it
///   (Navigator::find_route_via_field), if that costs less per re-plan than
///   plain A* on this crowd (measured as it runs). A target walking at NPC speed
///   stays several ticks on one waypoint, so either way most ticks cost
///   lookups only. Pass the target as the waypoint it stands on (Goal::at of
///   its snapped feet), not a
///   fractional position that differs every tick.
///
/// Exactness. After update(), route(i) costs what find_route(chaser i, goal,
/// options) costs on the latest snapshot (the one update() read), up to
/// floating-point rounding (relative 1e-9: the certificates compare sums),
/// and next(i) is its first move.
///
/// Threads. One ChaseField is used by one thread. Built with a World it
/// syncs the world's edits in update() (the thread that writes the World);
/// built from a NavField it is a worker that routes on published snapshots.
///
/// Errors: update() throws std::invalid_argument for invalid options or an
/// empty goal (as find_route), std::bad_alloc; chasers without a route get a
/// route with that status (NoPath, InvalidStart, InvalidGoal).
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/navigator.hpp"

#include <memory>
#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

class ChaseField {
public:
    enum class Method : std::uint8_t { Auto, Routes, Field };

    /// Syncs `world`'s edits in every update (the World's thread).
    ChaseField(const World& world, const AgentProfile& profile, Method method = Method::Auto);
    /// A worker on `field`'s published snapshots.
    ChaseField(std::shared_ptr<NavField> field, const AgentProfile& profile, Method method = Method::Auto);
    ~ChaseField();
    ChaseField(ChaseField&&) noexcept;
    ChaseField& operator=(ChaseField&&) noexcept;

    struct Update {
        Method method = Method::Routes;  ///< the way this update took
        std::size_t replanned = 0;       ///< chasers given a new A* route (Routes)
        std::size_t certified = 0;       ///< chasers kept by a certificate after the target moved (Routes)
        bool field_computed = false;     ///< a new field was computed (Field)
        double microseconds = 0.0;       ///< time of the update, searches included
        /// The latest snapshot's revision: routes are exact on it.
        std::uint64_t revision = 0;
    };

    /// Brings every chaser's route up to date for this tick (agents that dig
    /// or place get a fresh route each, every update: fields and
    /// certificates rest on the ordinary moves): `goal` is where
    /// the target is, `chasers[i]` chaser i's feet. Chasers may come and go
    /// between ticks (index i is whoever is i this tick; a chaser at a new
    /// place is simply re-planned). `options` as find_route's; pass equal
    /// options every tick, or the update counts them as a new goal.
    Update update(const Goal& goal, const std::vector<Voxel>& chasers, const QueryOptions& options = {});
    /// Forgets every route and field: the next update plans anew.
    void invalidate();

    /// Chaser i's route from where it stood at the last update.
    [[nodiscard]] Route route(std::size_t i) const;
    /// Its cost (FlowField::no_cost without a route). [Units: seconds]
    [[nodiscard]] double cost(std::size_t i) const;
    /// Its first move; nullopt at the goal or without a route.
    [[nodiscard]] std::optional<FlowStep> next(std::size_t i) const;
    /// The field of the last update that used one (else null).
    [[nodiscard]] std::shared_ptr<const FlowField> field() const;
    /// Fields computed, A* re-plans and certificates since construction.
    [[nodiscard]] std::uint64_t fields_computed() const;
    [[nodiscard]] std::uint64_t replans() const;
    [[nodiscard]] std::uint64_t certified() const;
    [[nodiscard]] Navigator& navigator();

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;  // src/route/agents/chase.cpp
};

VOXNAV_API_END
}  // namespace voxnav
