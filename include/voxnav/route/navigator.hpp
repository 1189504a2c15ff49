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
/// sentence.
#pragma once

#include "voxnav/agent/movement.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/search/astar.hpp"

#include <memory>
#include <optional>

namespace voxnav {

/// The movement layer as an AStar problem: states are snapshot node ids.
class NavProblem {
public:
    using State = NavSnapshot::Index;
    NavProblem(const MovementModel& moves, State goal)
        : moves_(&moves), field_(&moves.field()), goal_(goal), goal_voxel_(moves.field().voxel_of(goal)) {}

    [[nodiscard]] std::uint64_t hash(State s) const { return s; }
    [[nodiscard]] std::size_t dense_size() const { return std::size_t(field_->slot_capacity()) << NavSnapshot::local_bits; }
    [[nodiscard]] std::uint32_t dense_index(State s) const { return s; }
    [[nodiscard]] bool is_goal(State s) const { return s == goal_; }
    [[nodiscard]] VOXNAV_INLINE double heuristic(State s) const {
        // Most states come from the chunk of the last one: keep its origin.
        const std::uint32_t slot = s >> NavSnapshot::local_bits;
        if (slot != cached_slot_) {
            cached_slot_ = slot;
            cached_origin_ = field_->slot(slot).chunk * 16;
        }
        const Voxel v(cached_origin_.x + int(s & 15u), cached_origin_.y + int((s >> 8) & 15u), cached_origin_.z + int((s >> 4) & 15u));
        return moves_->lower_bound(v, goal_voxel_);
    }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        moves_->for_each_move(s, [&](State t, double cost, Action a) VOXNAV_INLINE { f(t, cost, static_cast<std::uint8_t>(a)); });
    }

private:
    const MovementModel* moves_;
    const NavSnapshot* field_;
    State goal_;
    Voxel goal_voxel_;
    mutable std::uint32_t cached_slot_ = 0xFFFFFFFFu;  // one problem per search, one thread
    mutable Voxel cached_origin_{0};
};

class Navigator {
public:
    /// Routes in `world`, sharing the facts of this agent's shape with every
    /// other navigator of that world and shape. Throws ProfileError for an
    /// invalid profile.
    Navigator(const World& world, const AgentProfile& profile);
    /// Routes in `world` over `field`, which must have been built for this
    /// world and the profile's shape (std::invalid_argument otherwise).
    Navigator(const World& world, std::shared_ptr<NavField> field, const AgentProfile& profile);
    /// A worker: routes on `field`'s published snapshots and never reads the
    /// World. Throws ProfileError, or std::invalid_argument for another shape.
    Navigator(std::shared_ptr<NavField> field, const AgentProfile& profile);

    /// World navigators: brings the facts up to date with the world's changes
    /// (called by find_route too; cheap when nothing changed). Workers: takes
    /// the latest published snapshot.
    void sync();

    [[nodiscard]] Route find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits = {});
    /// As above, reusing `out`'s storage.
    void find_route(const Voxel& from, const Voxel& to, const SearchLimits& limits, Route& out);

    /// True where a route may start or end for this agent (on the snapshot
    /// of the last query or sync).
    [[nodiscard]] bool is_waypoint(const Voxel& v) const;
    /// Why `v` is not a waypoint ("" when it is).
    [[nodiscard]] std::string why_not_waypoint(const Voxel& v) const;

    /// The World (world navigators only; nullptr for workers).
    [[nodiscard]] const World* world_ptr() const { return world_; }
    [[nodiscard]] const AgentProfile& profile() const { return profile_; }
    /// The snapshot of the last query or sync.
    [[nodiscard]] const NavSnapshot& field() const { return *snapshot_; }
    [[nodiscard]] const std::shared_ptr<const NavSnapshot>& snapshot() const { return snapshot_; }
    [[nodiscard]] const std::shared_ptr<NavField>& shared_field() const { return field_; }
    [[nodiscard]] const MovementModel& moves() const { return *moves_; }
    /// Search memory held, and the part the last query used.
    [[nodiscard]] std::size_t search_memory_bytes() const { return search_.memory_bytes(); }
    [[nodiscard]] std::size_t search_bytes_in_use() const { return search_.bytes_in_use(); }

private:
    void take_snapshot();
    void build_route(Route& out) const;

    const World* world_;
    AgentProfile profile_;
    std::shared_ptr<NavField> field_;
    std::shared_ptr<const NavSnapshot> snapshot_;
    std::optional<MovementModel> moves_;
    AStar<NavProblem> search_;
    SearchResult<NavSnapshot::Index> result_;
};

}  // namespace voxnav
