// SPDX-License-Identifier: MIT
// DigProblem: the A* problem of agents that dig or place (AgentProfile::dig,
// ::place): the agent's moves (MovementModel: from positions that are
// waypoints its plain moves, then every position the rules' block forms,
// which dig and place), with the query's goal and cost zones. A state is a node id and, for an
// agent with a limited number of blocks, the blocks it has left: a route
// that placed 3 is another node than one that placed none, so the search
// stays optimal (the state is 8 bytes either way; the A*'s nodes with it
// take 8 bytes more than the ordinary search's, and each position is
// searched once per count of blocks left that reaches it).
//
// The heuristic is the goal's bound (MovementModel::lower_bound through
// GoalBound) times the zones' smallest multiplier: every block-form move
// costs at least the plain move of its displacement (see
// agent/moves/block_look.hpp), so it stays admissible and consistent. Landmark
// bounds are not used: digging makes shortcuts the tables never saw.
//
// Internal to route/ (Navigator's dig and place queries).
#pragma once

#include "agent/movement.hpp"
#include "route/problems/nav_problem.hpp"
#include "facts/snapshot_blocks.hpp"
#include "search/astar.hpp"

#include <optional>

namespace voxnav {

/// Per position, the most blocks left any expanded state had there and its
/// cost: what DigProblem::dominated reads. Open addressing, stamped per
/// query (no clearing), grown by doubling (after warm-up a query allocates
/// nothing). One per search.
class BlocksLeftRecord {
public:
    void begin() {
        ++stamp_;
        used_ = 0;
    }
    /// True when a state at node n with `left` blocks and cost g is no better
    /// than an expanded one there (at least as many blocks, no dearer);
    /// otherwise keeps it when it has more blocks than the record.
    bool dominated(NodeId n, int left, double g) {
        if ((used_ + 1) * 2 > slots_.size()) grow();
        Slot& s = find(n);
        if (s.stamp != stamp_) {
            s = {stamp_, n, left, g};
            ++used_;
            return false;
        }
        if (s.left >= left && s.g <= g) return true;
        if (left > s.left) s.left = left, s.g = g;
        return false;
    }
    [[nodiscard]] std::size_t memory_bytes() const { return slots_.size() * sizeof(Slot); }

private:
    struct Slot {
        std::uint32_t stamp = 0;
        NodeId node = 0;
        int left = 0;
        double g = 0.0;
    };
    Slot& find(NodeId n) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t i = (std::uint64_t(n) * 0x9E3779B97F4A7C15ull >> 20) & mask;
        while (slots_[i].stamp == stamp_ && slots_[i].node != n) i = (i + 1) & mask;
        return slots_[i];
    }
    void grow() {
        std::vector<Slot> old;
        old.swap(slots_);
        slots_.assign(std::max<std::size_t>(1024, old.size() * 2), Slot{});
        for (const Slot& o : old)
            if (o.stamp == stamp_) find(o.node) = o;
    }
    std::vector<Slot> slots_;
    std::uint32_t stamp_ = 0;
    std::size_t used_ = 0;
};

class DigProblem {
public:
    using State = std::uint64_t;
    [[nodiscard]] static State make(NodeId n, int blocks_left) { return std::uint64_t(n) | (std::uint64_t(blocks_left) << 32); }
    [[nodiscard]] static NodeId node(State s) { return NodeId(s & 0xFFFFFFFFu); }
    [[nodiscard]] static int blocks_left(State s) { return int(s >> 32); }

    /// `record`: where dominated() keeps the blocks left per position (begun
    /// here), or null when the agent's blocks are unlimited.
    DigProblem(const MovementModel& moves, const moves::BlockLook& look, const SnapshotBlocks& blocks, const GoalBound& goal,
               const ZoneCosts& zones, std::optional<VoxelBox> bounds, BlocksLeftRecord* record)
        : moves_(&moves), ordinary_(moves, zones), field_(&moves.field()), look_(&look), blocks_(&blocks), goal_(&goal), zones_(&zones),
          h_factor_(zones.smallest_multiplier()), bounds_(bounds), voxel_(moves.field()), record_(record) {
        if (record_) record_->begin();
    }

    /// A state with fewer blocks left than one already expanded at the same
    /// position, for no less cost, can do nothing that one cannot: it is not
    /// expanded (exact; on the real region's digger-and-builder query this
    /// cut expansions from 1,902,924 to 246,307, and 10.2 s to 0.87 s).
    [[nodiscard]] bool dominated(State s, double g) const {
        return record_ && blocks_left(s) != moves::BlockLook::no_limit && record_->dominated(node(s), blocks_left(s), g);
    }

    [[nodiscard]] std::uint64_t hash(State s) const { return s; }
    [[nodiscard]] bool is_goal(State s) const { return goal_->satisfied(voxel_(node(s))); }
    [[nodiscard]] double heuristic(State s) const { return h_factor_ * goal_->lower_bound(voxel_(node(s))); }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        each_move(s, [&](State t, double cost, MoveTag a, const moves::BlockMove*) { f(t, cost, a.bits); });
    }
    /// Every move from s: f(State to, double cost, MoveTag, const moves::BlockMove* or null for a plain move).
    template <class F>
    void each_move(State s, F&& f) const {
        const NodeId n = node(s);
        const int left = blocks_left(s);
        const bool waypoint = moves_->is_waypoint(n);
        if (waypoint)
            ordinary_.for_each_successor(n, [&](NodeId t, double cost, std::uint8_t tag) {
                f(make(t, left), cost, MoveTag::from_bits(tag), nullptr);
            });
        const Voxel v = voxel_(n);
        moves_->for_each_block_move(*look_, *blocks_, v, waypoint, left, [&](const moves::BlockMove& m) {
            if (bounds_ && !bounds_->contains(m.to)) return;
            const NodeId t = field_->offset(n, m.to.x - v.x, m.to.y - v.y, m.to.z - v.z);
            if (node_id::slot(t) == 0) return;  // outside the navigable chunks
            const double z = zones_->empty() ? 1.0 : zones_->multiplier(m.to);
            if (z == CostZone::forbid) return;
            f(make(t, left == moves::BlockLook::no_limit ? left : left - m.placed_count), m.cost * z, m.action, &m);
        });
    }

private:
    const MovementModel* moves_;
    ZonedMoves ordinary_;  // the agent's plain moves, with the query's zones
    const NavSnapshot* field_;
    const moves::BlockLook* look_;
    const SnapshotBlocks* blocks_;
    const GoalBound* goal_;
    const ZoneCosts* zones_;
    double h_factor_;
    std::optional<VoxelBox> bounds_;
    VoxelOfNode voxel_;
    BlocksLeftRecord* record_;
};

/// What a Navigator keeps for dig and place queries (made on the first one).
struct DigQuery {
    std::optional<SnapshotBlocks> blocks;  // of the query's snapshot
    std::optional<moves::BlockLook> look;
    const BlockRegistry* look_types = nullptr;  // the block types `look` was built from
    AStar<DigProblem::State> search;  // the engine of DigProblem's states (the problem is in Navigator's variant)
    SearchResult<DigProblem::State> result;
    SearchRecord<DigProblem::State> record;  // what a traced query did
    BlocksLeftRecord blocks_left;
    [[nodiscard]] std::size_t memory_bytes() const {
        return search.memory_bytes() + blocks_left.memory_bytes();
    }
};

}  // namespace voxnav
