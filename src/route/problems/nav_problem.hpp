// SPDX-License-Identifier: MIT
/// @file nav_problem.hpp
/// @brief The movement layer as AStar problems (states are NavSnapshot node
/// ids): NavProblem for the plain voxel-to-voxel query, and GoalProblem for
/// any Goal with per-query cost zones, ReachProblem for the reachable set.
/// Used by Navigator; a game does not
/// need them unless it drives AStar itself.
///
/// Errors: the problems throw nothing during a search; their constructors only
/// std::bad_alloc.
#pragma once

#include "agent/movement.hpp"
#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/goal.hpp"
#include "route/problems/landmarks.hpp"
#include "voxnav/route/query_costs.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace voxnav {

/// Node id -> voxel, keeping the last chunk's origin: most lookups in a row
/// fall in one chunk. One per search and thread.
class VoxelOfNode {
public:
    explicit VoxelOfNode(const NavSnapshot& f) : field_(&f) {}
    [[nodiscard]] VOXNAV_INLINE Voxel operator()(NavSnapshot::Index s) const {
        const std::uint32_t slot = node_id::slot(s);
        if (slot != slot_) {
            slot_ = slot;
            origin_ = field_->slot(slot).chunk * 16;
        }
        return {origin_.x + node_id::lx(s), origin_.y + node_id::ly(s), origin_.z + node_id::lz(s)};
    }

private:
    const NavSnapshot* field_;
    mutable std::uint32_t slot_ = 0xFFFFFFFFu;
    mutable Voxel origin_{0};
};

/// The plain query: one goal voxel, the profile's costs.
class NavProblem {
public:
    using State = NavSnapshot::Index;
    /// `landmarks`: a bound prepared for this goal, or null (octile only).
    NavProblem(const MovementModel& moves, State goal, const LandmarkBound* landmarks = nullptr)
        : moves_(&moves), field_(&moves.field()), goal_(goal), goal_voxel_(moves.field().voxel_of(goal)), voxel_(moves.field()),
          landmarks_(landmarks) {}

    [[nodiscard]] std::uint64_t hash(State s) const { return s; }
    [[nodiscard]] std::size_t dense_size() const { return std::size_t(field_->slot_capacity()) << node_id::local_bits; }
    [[nodiscard]] std::uint32_t dense_index(State s) const { return s; }
    [[nodiscard]] bool is_goal(State s) const { return s == goal_; }
    [[nodiscard]] VOXNAV_INLINE double heuristic(State s) const {
        const Voxel v = voxel_(s);
        const double h = moves_->lower_bound(v, goal_voxel_);
        return landmarks_ ? (*landmarks_)(s, v, h) : h;
    }
    /// The landmark bound (hundreds of instructions) is kept per node (search/astar.hpp).
    [[nodiscard]] bool keeps_heuristic() const { return landmarks_ != nullptr; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        moves_->for_each_move(s, [&](State t, double cost, MoveTag a) VOXNAV_INLINE { f(t, cost, a.bits); });
    }

protected:
    const MovementModel* moves_;
    const NavSnapshot* field_;
    State goal_;
    Voxel goal_voxel_;

private:
    VoxelOfNode voxel_;
    const LandmarkBound* landmarks_;
};

/// A goal bound to one agent: the goal test and its admissible, consistent
/// lower bound (see goal.hpp for which bound each kind uses).
class GoalBound {
public:
    GoalBound(const Goal& goal, const MovementModel& moves) { rebind(goal, moves); }
    /// The bound of another goal or agent, reusing this one's memory (a
    /// navigator keeps one bound for all its queries).
    void rebind(const Goal& goal, const MovementModel& moves);
    [[nodiscard]] bool satisfied(const Voxel& v) const { return goal_->satisfied_by(v, width_, height_); }
    [[nodiscard]] double lower_bound(const Voxel& v) const;

private:
    struct Region {
        double lo[3], hi[3];      // bounding box of the part's feet positions (may be infinite)
        bool sphere = false;      // also bound by the Euclidean distance to the sphere
        glm::dvec3 centre{0.0};
        double radius = 0.0;
    };
    const Goal* goal_ = nullptr;
    const MovementModel* moves_ = nullptr;
    int width_ = 1, height_ = 1;
    std::vector<Region> regions_;
};

/// Cost zones of one query: the product of the multipliers of the zones that
/// hold a voxel. A few zones are a list tested after their common bounding
/// box; more are bucketed per 16^3 chunk (built when the query begins, in
/// O(chunks the zones overlap)), and a lookup reads the bucket of the
/// voxel's chunk, kept from the last lookup. Which is faster was measured
/// with `voxnav bench-queries` (docs/queries.md). One per query and
/// thread (lookups keep that chunk).
class ZoneCosts {
public:
    ZoneCosts() = default;
    explicit ZoneCosts(const std::vector<CostZone>& zones, ZoneIndex index = ZoneIndex::Auto);
    /// Zones above this count are bucketed per chunk (ZoneIndex::Auto).
    static constexpr std::size_t list_limit = 4;
    [[nodiscard]] bool empty() const { return zones_.empty(); }
    [[nodiscard]] bool bucketed() const { return bucketed_; }
    [[nodiscard]] VOXNAV_INLINE double multiplier(const Voxel& v) const {
        if (v.x < lo_.x || v.y < lo_.y || v.z < lo_.z || v.x > hi_.x || v.y > hi_.y || v.z > hi_.z) return 1.0;
        double m = 1.0;
        if (!bucketed_) {
            for (const CostZone& z : zones_)
                if (z.contains(v)) m *= z.multiplier;
            return m;
        }
        const Voxel c(v.x >> 4, v.y >> 4, v.z >> 4);
        if (c != cached_chunk_ || !cached_) find_bucket(c);
        for (const std::uint32_t* i = cached_begin_; i != cached_end_; ++i)
            if (zones_[*i].contains(v)) m *= zones_[*i].multiplier;
        return m;
    }
    /// The smallest multiplier any move can get: the product of those below 1.
    [[nodiscard]] double smallest_multiplier() const { return smallest_; }

private:
    void find_bucket(const Voxel& chunk) const;
    struct Bucket {
        Voxel chunk;
        std::uint32_t begin = 0, end = 0;  // into bucket_zones_; end = 0 for an empty slot
    };
    std::vector<CostZone> zones_;
    glm::dvec3 lo_{0.0}, hi_{-1.0};
    double smallest_ = 1.0;
    bool bucketed_ = false;
    std::vector<Bucket> table_;               // open addressing by chunk, power-of-two size
    std::vector<std::uint32_t> bucket_zones_; // zone indices, per bucket
    mutable bool cached_ = false;
    mutable Voxel cached_chunk_{0};
    mutable const std::uint32_t* cached_begin_ = nullptr;
    mutable const std::uint32_t* cached_end_ = nullptr;
};

/// Moves with per-query cost zones (moves ending in a forbidden zone are
/// dropped): the successor half of GoalProblem and ReachProblem.
class ZonedMoves {
public:
    using State = NavSnapshot::Index;
    ZonedMoves(const MovementModel& moves, const ZoneCosts& zones)
        : moves_(&moves), field_(&moves.field()), zones_(&zones), voxel_(moves.field()), voxel_t_(moves.field()) {}

    [[nodiscard]] std::uint64_t hash(State s) const { return s; }
    [[nodiscard]] std::size_t dense_size() const { return std::size_t(field_->slot_capacity()) << node_id::local_bits; }
    [[nodiscard]] std::uint32_t dense_index(State s) const { return s; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        if (zones_->empty()) {
            moves_->for_each_move(s, [&](State t, double cost, MoveTag a) VOXNAV_INLINE { f(t, cost, a.bits); });
            return;
        }
        moves_->for_each_move(s, [&](State t, double cost, MoveTag a) {
            const double m = zones_->multiplier(voxel_t_(t));
            if (m != CostZone::forbid) f(t, cost * m, a.bits);
        });
    }
    [[nodiscard]] double zone_multiplier(State s) const { return zones_->multiplier(voxel_t_(s)); }

protected:
    const MovementModel* moves_;
    const NavSnapshot* field_;
    const ZoneCosts* zones_;
    VoxelOfNode voxel_, voxel_t_;
};

/// Any goal, with cost zones. The heuristic is the goal's bound times the
/// zones' smallest multiplier, so routes stay optimal at weight 1.
class GoalProblem : public ZonedMoves {
public:
    /// `landmarks`: a bound prepared for this goal and these zones, or null.
    GoalProblem(const MovementModel& moves, const GoalBound& goal, const ZoneCosts& zones,
                const LandmarkBound* landmarks = nullptr)
        : ZonedMoves(moves, zones), goal_(&goal), h_factor_(zones.smallest_multiplier()), landmarks_(landmarks) {}

    [[nodiscard]] bool is_goal(State s) const { return goal_->satisfied(voxel_(s)); }
    [[nodiscard]] double heuristic(State s) const {
        const Voxel v = voxel_(s);
        const double h = h_factor_ * goal_->lower_bound(v);
        return landmarks_ ? (*landmarks_)(s, v, h) : h;
    }
    [[nodiscard]] bool keeps_heuristic() const { return landmarks_ != nullptr; }

private:
    const GoalBound* goal_;
    double h_factor_;
    const LandmarkBound* landmarks_;
};

/// A route into a flow field computed for the same goal and costs: the
/// search ends at the first waypoint of the field it takes from the open
/// list, whose field cost completes the route. The heuristic is the larger
/// of the goal's bound and the field's: its cost inside, its radius outside
/// (every waypoint outside costs at least that). Both are consistent, so the
/// first field waypoint taken lies on a cheapest route (Navigator::find_route_via_field).
class FieldMeetProblem : public ZonedMoves {
public:
    /// `landmarks`: a bound prepared for this goal and these zones, or null.
    FieldMeetProblem(const MovementModel& moves, const GoalBound& goal, const ZoneCosts& zones, const FlowField& field,
                     const LandmarkBound* landmarks = nullptr)
        : ZonedMoves(moves, zones), goal_(&goal), h_factor_(zones.smallest_multiplier()), field_(&field),
          outside_(std::isfinite(field.radius()) ? field.radius() : 0.0), landmarks_(landmarks) {}

    [[nodiscard]] bool is_goal(State s) const { return field_->cost(s) != FlowField::no_cost; }
    [[nodiscard]] double heuristic(State s) const {
        const double in = field_->cost(s);
        if (in != FlowField::no_cost) return in;
        const Voxel v = voxel_(s);
        const double h = h_factor_ * goal_->lower_bound(v);
        return std::max(outside_, landmarks_ ? (*landmarks_)(s, v, h) : h);
    }
    [[nodiscard]] bool keeps_heuristic() const { return landmarks_ != nullptr; }

private:
    const GoalBound* goal_;
    double h_factor_;
    const FlowField* field_;
    double outside_;
    const LandmarkBound* landmarks_;
};

/// No goal: a Dijkstra flood of every waypoint reachable (within the search
/// limits), for Navigator::reachable.
class ReachProblem : public ZonedMoves {
public:
    using ZonedMoves::ZonedMoves;
    [[nodiscard]] bool is_goal(State) const { return false; }
    [[nodiscard]] double heuristic(State) const { return 0.0; }
};

}  // namespace voxnav
