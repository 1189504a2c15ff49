/// @file navigator.hpp
/// @brief Navigator: the reusable route query object. It holds what stays
/// fixed between queries (world, agent, derived per-voxel facts, movement
/// rules) and the search memory, so a query does no set-up work.
///
///   voxnav::World world = voxnav::load_world("worlds/demo.vxw");
///   voxnav::Navigator nav(world, voxnav::AgentProfile{});
///   voxnav::Route r = nav.find_route({1, 1, 1}, {6, 1, 4});
///   if (r.usable()) for (const auto& wp : r.waypoints) { /* wp.position, wp.action */ }
///
/// Queries never throw: bad positions come back as a status with an error
/// sentence. One Navigator per thread; several may share one NavField (see
/// the second constructor), in which case call sync() on one thread after the
/// world changes and before the others route.
#pragma once

#include "voxnav/agent/movement.hpp"
#include "voxnav/agent/nav_field.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/search/astar.hpp"

#include <memory>
#include <optional>

namespace voxnav {

/// The movement layer as an AStar problem: states are NavField indices.
class NavProblem {
public:
    using State = NavField::Index;
    NavProblem(const MovementModel& moves, State goal)
        : moves_(&moves), field_(&moves.field()), goal_(goal), goal_local_(moves.field().local_of(goal)) {}

    [[nodiscard]] std::uint64_t hash(State s) const { return s; }
    [[nodiscard]] std::size_t dense_size() const { return static_cast<std::size_t>(field_->array_box().volume()); }
    [[nodiscard]] std::uint32_t dense_index(State s) const { return s; }
    [[nodiscard]] bool is_goal(State s) const { return s == goal_; }
    [[nodiscard]] double heuristic(State s) const { return moves_->lower_bound(field_->local_of(s), goal_local_); }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        moves_->for_each_move(s, [&](State t, double cost, Action a) VOXNAV_INLINE { f(t, cost, static_cast<std::uint8_t>(a)); });
    }

private:
    const MovementModel* moves_;
    const NavField* field_;
    State goal_;
    Voxel goal_local_;
};

class Navigator {
public:
    /// Derives its own NavField. Throws ProfileError for an invalid profile.
    Navigator(const World& world, const AgentProfile& profile);
    /// Shares `field`, which must have been built for this world and profile.
    Navigator(const World& world, std::shared_ptr<NavField> field, const AgentProfile& profile);

    /// Brings the derived facts up to date with the world's changes. Called by
    /// find_route too; cheap when nothing changed.
    void sync();

    [[nodiscard]] Route find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits = {});
    /// As above, reusing `out`'s storage.
    void find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits, Route& out);

    /// True where a route may start or end for this agent.
    [[nodiscard]] bool is_waypoint(const Voxel& v) const;
    /// Why `v` is not a waypoint ("" when it is).
    [[nodiscard]] std::string why_not_waypoint(const Voxel& v) const;

    [[nodiscard]] const World& world() const { return world_; }
    [[nodiscard]] const AgentProfile& profile() const { return profile_; }
    [[nodiscard]] const NavField& field() const { return *field_; }
    [[nodiscard]] const std::shared_ptr<NavField>& shared_field() const { return field_; }
    [[nodiscard]] const MovementModel& moves() const { return *moves_; }
    /// Search memory held, and the part the last query used.
    [[nodiscard]] std::size_t search_memory_bytes() const { return search_.memory_bytes(); }
    [[nodiscard]] std::size_t search_bytes_in_use() const { return search_.bytes_in_use(NavProblem(*moves_, 0)); }

private:
    void refresh_model();
    void build_route(Route& out) const;

    const World& world_;
    AgentProfile profile_;
    std::shared_ptr<NavField> field_;
    std::optional<MovementModel> moves_;
    std::uint64_t model_layout_ = 0;
    AStar<NavProblem> search_;
    SearchResult<NavField::Index> result_;
};

}  // namespace voxnav
