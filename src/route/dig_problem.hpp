// DigProblem: the A* problem of agents that dig or place (AgentProfile::dig,
// ::place): an agent's ordinary moves (MovementModel, from positions that
// are ordinary waypoints) plus the digging and placing moves of DigMoves,
// with the query's goal and cost zones. A state is a node id and, for an
// agent with a limited number of blocks, the blocks it has left: a route
// that placed 3 is another node than one that placed none, so the search
// stays optimal (the state is 8 bytes either way; the A*'s nodes with it
// take 8 bytes more than the ordinary search's, and each position is
// searched once per count of blocks left that reaches it).
//
// The heuristic is the goal's bound (MovementModel::lower_bound through
// GoalBound) times the zones' smallest multiplier: every digging or placing
// move costs at least the ordinary move of its displacement (see
// agent/dig_moves.hpp), so it stays admissible and consistent. Landmark
// bounds are not used: digging makes shortcuts the tables never saw.
//
// Internal to route/ (Navigator's dig and place queries).
#pragma once

#include "voxnav/agent/dig_moves.hpp"
#include "voxnav/route/nav_problem.hpp"
#include "route/block_cache.hpp"
#include "voxnav/search/astar.hpp"

#include <optional>

namespace voxnav {

class DigProblem {
public:
    using State = std::uint64_t;
    [[nodiscard]] static State make(NodeId n, int blocks_left) { return std::uint64_t(n) | (std::uint64_t(blocks_left) << 32); }
    [[nodiscard]] static NodeId node(State s) { return NodeId(s & 0xFFFFFFFFu); }
    [[nodiscard]] static int blocks_left(State s) { return int(s >> 32); }

    DigProblem(const MovementModel& moves, const DigMoves& dig, const BlockCache& blocks, const GoalBound& goal,
               const ZoneCosts& zones, std::optional<VoxelBox> bounds)
        : moves_(&moves), field_(&moves.field()), dig_(&dig), blocks_(&blocks), goal_(&goal), zones_(&zones),
          h_factor_(zones.smallest_multiplier()), bounds_(bounds), voxel_(moves.field()), voxel_t_(moves.field()) {}

    [[nodiscard]] std::uint64_t hash(State s) const { return s; }
    [[nodiscard]] bool is_goal(State s) const { return goal_->satisfied(voxel_(node(s))); }
    [[nodiscard]] double heuristic(State s) const { return h_factor_ * goal_->lower_bound(voxel_(node(s))); }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        each_move(s, [&](State t, double cost, Action a, const DigMoves::Move*) { f(t, cost, static_cast<std::uint8_t>(a)); });
    }
    /// Every move from s: f(State to, double cost, Action, const DigMoves::Move* or null for an ordinary move).
    template <class F>
    void each_move(State s, F&& f) const {
        const NodeId n = node(s);
        const int left = blocks_left(s);
        const bool waypoint = moves_->is_waypoint(n);
        if (waypoint)
            moves_->for_each_move(n, [&](NodeId t, double cost, Action a) {
                const double m = zones_->empty() ? 1.0 : zones_->multiplier(voxel_t_(t));
                if (m != CostZone::forbid) f(make(t, left), cost * m, a, nullptr);
            });
        const Voxel v = voxel_(n);
        dig_->for_each_move(*blocks_, v, waypoint, left, [&](const DigMoves::Move& m) {
            if (bounds_ && !bounds_->contains(m.to)) return;
            const NodeId t = field_->offset(n, m.to.x - v.x, m.to.y - v.y, m.to.z - v.z);
            if (node_id::slot(t) == 0) return;  // outside the navigable chunks
            const double z = zones_->empty() ? 1.0 : zones_->multiplier(m.to);
            if (z == CostZone::forbid) return;
            f(make(t, left == DigMoves::no_limit ? left : left - m.placed_count), m.cost * z, m.action, &m);
        });
    }

private:
    const MovementModel* moves_;
    const NavSnapshot* field_;
    const DigMoves* dig_;
    const BlockCache* blocks_;
    const GoalBound* goal_;
    const ZoneCosts* zones_;
    double h_factor_;
    std::optional<VoxelBox> bounds_;
    VoxelOfNode voxel_, voxel_t_;
};

/// What a Navigator keeps for dig and place queries (made on the first one).
struct DigQuery {
    BlockCache blocks;
    std::optional<DigMoves> moves;
    std::optional<DigProblem> problem;
    AStar<DigProblem> search;
    SearchResult<DigProblem::State> result;
    [[nodiscard]] std::size_t memory_bytes() const { return search.memory_bytes() + blocks.memory_bytes(); }
};

}  // namespace voxnav
