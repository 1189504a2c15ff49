// SPDX-License-Identifier: MIT
/// @file open_sky.hpp
/// @brief OpenSkyProblem: the plain voxel-to-voxel query for pure flyers with
/// canonical pruning in *open sky*, exact (the same costs as NavProblem).
///
/// A waypoint is in open sky when all 26 voxels around it are flyer
/// waypoints. Every fly move from it is then legal (the bounding box of each
/// lies in that cube), and of two routes of equal cost the search keeps only
/// the one that takes its moves with more axes first (3D diagonals, then 2D
/// diagonals, then straight moves: a canonical order, as jump point search
/// does on grids): reached along direction d, an open-sky waypoint has only
/// the directions made of d's own components as successors (1 after a
/// straight move, 3 after a 2D diagonal, 7 after a 3D diagonal), because every
/// other neighbour has a route from the previous waypoint, inside the cube,
/// that costs no more. Waypoints outside open sky get every fly move, as
/// NavProblem gives them, but for those their parent made itself when it
/// surely tried every move (it was not in open sky): those never lower a
/// cost, so the search is the same with fewer moves tried. The search
/// expands about as many waypoints as without pruning, but generates far
/// fewer moves per waypoint. (Straight runs through open sky, as jump point
/// search makes, cost more in scanning than they saved: tools/bench/RESULTS.md.)
///
/// Each expansion reads the 3x3x3 cube around the waypoint once
/// (moves::Fly::read_around) for the open-sky test and the moves alike.
///
/// For agents that only fly (no walking, swimming, jumping or falling moves):
/// their moves are exactly the 26 fly moves, at costs 1, sqrt 2 and sqrt 3
/// over fly_speed.
///
/// Threads and errors: as NavProblem (no allocation, throws nothing).
#pragma once

#include "route/problems/nav_problem.hpp"


namespace voxnav {

namespace detail {

/// Open-sky successors per arrival direction d (indexed by its cube bit,
/// moves::Fly::cube(dx, dy, dz)): the fly moves along each non-empty subset of
/// d's axes, as bits of the cube around a position (moves::Fly::cube),
/// with the number of axes each moves along. The subsets
/// come in the order of their masks over (x, y, z) = bits (0, 1, 2), so the
/// search meets them in a fixed order and settles ties the same every time.
struct CanonicalSuccessors {
    std::uint8_t count[node_id::link_count];
    std::uint8_t fly[node_id::link_count][7];
    std::uint8_t axes[node_id::link_count][7];
};
constexpr CanonicalSuccessors make_canonical_successors() {
    CanonicalSuccessors c{};
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx) {
                const int link = moves::Fly::cube(dx, dy, dz), d[3] = {dx, dy, dz};
                for (int mask = 1; mask < 8; ++mask) {
                    int e[3] = {0, 0, 0}, axes = 0;
                    bool ok = true;
                    for (int k = 0; k < 3; ++k)
                        if (mask >> k & 1) {
                            ok = ok && d[k] != 0;
                            e[k] = d[k];
                            ++axes;
                        }
                    if (!ok) continue;
                    c.fly[link][c.count[link]] = std::uint8_t(moves::Fly::cube(e[0], e[1], e[2]));
                    c.axes[link][c.count[link]] = std::uint8_t(axes);
                    ++c.count[link];
                }
            }
    return c;
}
inline constexpr CanonicalSuccessors canonical_successors = make_canonical_successors();

/// Per arrival direction d (the parent p at cube(-d) of the cube around
/// the waypoint being expanded): `shared`, the cube's positions that also
/// lie in p's cube (p included); and per such position t, `box`, the cube
/// bits of the bounding box of p's fly move to t.
struct ParentReach {
    std::uint32_t shared[node_id::link_count];
    std::uint32_t box[node_id::link_count][node_id::link_count];
};
constexpr ParentReach make_parent_reach() {
    ParentReach r{};
    for (int d = 0; d < 27; ++d) {
        using moves::Fly;
        const int p[3] = {-Fly::offset_of(d, 0), -Fly::offset_of(d, 1), -Fly::offset_of(d, 2)};  // -d as (x, y, z)
        for (int e = 0; e < 27; ++e) {
            const int v[3] = {Fly::offset_of(e, 0) - p[0], Fly::offset_of(e, 1) - p[1], Fly::offset_of(e, 2) - p[2]};
            if (v[0] < -1 || v[0] > 1 || v[1] < -1 || v[1] > 1 || v[2] < -1 || v[2] > 1) continue;
            r.shared[d] |= 1u << e;
            for (int u = 0; u < 8; ++u) {  // each subset of v's axes, from p
                const int x = p[0] + (u & 1 ? v[0] : 0), y = p[1] + (u & 2 ? v[1] : 0), z = p[2] + (u & 4 ? v[2] : 0);
                r.box[d][e] |= 1u << moves::Fly::cube(x, y, z);
            }
        }
    }
    return r;
}
inline constexpr ParentReach parent_reach = make_parent_reach();

}  // namespace detail

class OpenSkyProblem : public NavProblem {
public:
    static constexpr bool wants_parent = true;
    /// Never traced (traces show the plain search): the open list may take
    /// a node before its heap (AStar's fast_open).
    static constexpr bool fast_open = true;
    OpenSkyProblem(const MovementModel& moves, State goal) : NavProblem(moves, goal) {
        for (int k = 1; k <= 3; ++k) cost_[k] = moves.fly_step(k);
    }

    /// Whether open-sky pruning applies to an agent at all: every move it
    /// has is a fly move.
    [[nodiscard]] static bool suits(const AgentProfile& a) { return MovementModel::only_flies(a); }

    template <class F>
    void for_each_successor(State s, const State* parent, F&& f) const;

    /// Whether all 26 voxels around `s` are flyer waypoints.
    [[nodiscard]] bool open_sky(State s) const;

private:
    static constexpr auto kFly = static_cast<std::uint8_t>(Action::Fly);
    /// The cube bit of the direction `s` was reached in from `parent`.
    /// Every move of a pure flyer is one voxel (fly moves; climbs never
    /// reach open sky), so it is the difference of the local coordinates
    /// modulo 16, whichever chunks the two lie in.
    [[nodiscard]] static int arrival(State s, State parent) {
        const auto axis = [](int to, int from) { return ((to - from + 1) & 15) - 1; };
        return moves::Fly::cube(axis(node_id::lx(s), node_id::lx(parent)), axis(node_id::ly(s), node_id::ly(parent)),
                                axis(node_id::lz(s), node_id::lz(parent)));
    }
    /// The canonical successors of open-sky waypoint `s` reached from
    /// `parent`, whose fly move c lands at target(c).
    template <class Target, class F>
    VOXNAV_INLINE void canonical(State s, State parent, const Target& target, F& f) const {
        const int d = arrival(s, parent);
        const detail::CanonicalSuccessors& c = detail::canonical_successors;
        for (int i = 0; i < c.count[d]; ++i) f(target(c.fly[d][i]), cost_[c.axes[d][i]], kFly);
    }
    double cost_[4] = {0, 0, 0, 0};  // a move along k axes at once
};

// ---------------------------------------------------------------------------

template <class F>
void OpenSkyProblem::for_each_successor(State s, const State* parent, F&& f) const {
    const ChunkSlot& slot = field_->slot(node_id::slot(s));
    const Fact here = slot[node_id::local(s)];
    if (!moves_->only_fly_moves(here, slot)) {
        // On the floor of a shaped chunk (climbs may start there).
        if (parent && open_sky(s)) {
            const moves::MoveTables& t = moves_->tables();
            canonical(s, *parent, [&](int n) { return field_->offset(s, t.fly_dir[n].x, t.fly_dir[n].y, t.fly_dir[n].z); }, f);
        } else {
            NavProblem::for_each_successor(s, f);
        }
        return;
    }
    // Elsewhere the 26 neighbours are read once, for the open-sky test and
    // for Fly's moves alike (the same moves, in the same order).
    moves::Fly::Around around;
    moves_->read_around(s, slot, around);
    const moves::MoveTables& t = moves_->tables();
    if (parent && around.open_sky()) {
        canonical(s, *parent, [&](int c) { return around.target(t, c); }, f);
        return;
    }
    std::uint32_t moves = around.legal();
    if (parent) {
        // Moves the parent p has made already. When p was not in open sky
        // (a position of both cubes is not a waypoint), p's expansion tried
        // every fly move, and so reached each t of its own cube with a legal
        // move at g(p) + |t - p| < g(p) + |s - p| + |t - s| = g(s) + |t - s|
        // (a voxel's cube: the sum is at least 2 voxels, a move at most
        // sqrt 3): a move from s to such a t could never lower its cost and
        // is not made. The same search, with fewer moves tried.
        const int d = arrival(s, *parent);
        const std::uint32_t shared = detail::parent_reach.shared[d];
        if (((around.clear & around.node) & shared) != shared)
            for (std::uint32_t m = moves & shared; m != 0; m &= m - 1) {
                const int e = __builtin_ctz(m);
                const std::uint32_t box = detail::parent_reach.box[d][e];
                if ((around.clear & box) == box) moves &= ~(1u << e);
            }
    }
    for (; moves != 0; moves &= moves - 1) {
        const int c = __builtin_ctz(moves);
        f(around.target(t, c), t.fly_cost[c], kFly);
    }
}

}  // namespace voxnav
