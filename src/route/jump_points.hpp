/// @file jump_points.hpp
/// @brief JumpPointProblem: the plain voxel-to-voxel query with jump point
/// search over *plain floor*, exact (the same costs as NavProblem), for
/// agents that walk with diagonal moves and do not fly.
///
/// Runs go over *plain floor* (facts/plain_floor.hpp): waypoints whose moves
/// are exactly those of an 8-connected grid without corner cutting, with
/// uniform costs, which is what jump point search (Harabor and Grastien, the
/// variant without corner cutting) needs. Each run step reads the plain bit
/// NavField derives per chunk (agents jumping more than kPlainJump voxels
/// also test the voxels above, as the bit does not cover them). From a
/// plain node the search scans straight and diagonal runs over plain nodes
/// and emits only their jump points: the goal, the first node that is not
/// plain (where water, a ledge, a step, a hole or another floor cost begins),
/// and nodes with forced neighbours. Every other node is expanded with all
/// its moves, exactly as NavProblem does. A diagonal run is scanned only
/// when it continues the direction its node was reached in; a diagonal the
/// search turns into emits just its first move (step_diagonal), whose
/// expansion then scans on. Straight runs read one word per chunk they
/// cross: where the run goes on (ChunkPlain::go_x, go_z, kept with the
/// plain bits).
///
/// A route found this way has one waypoint per jump; expand_jumps() puts the
/// walk moves of each run back, so routes look the same as without it.
///
/// Threads and errors: as NavProblem (no allocation, throws nothing).
#pragma once

#include "facts/plain_floor.hpp"
#include "route/nav_problem.hpp"
#include "search/astar.hpp"

namespace voxnav {

class JumpPointProblem : public NavProblem {
public:
    static constexpr bool wants_parent = true;
    /// The longest run, in moves; its end is a jump point. Runs read 16
    /// voxels at a time, so long runs are cheap; but a diagonal run scans
    /// two straight runs at every step. Measured on the Moving AI maps
    /// against 16 (5 interleaved runs, pinned; tools/bench/RESULTS.md): 128
    /// takes 0.29-0.70 the time on mazes, rooms and open maps, 0.98 on random
    /// obstacles; unlimited was 1.17 there.
    static constexpr int max_run = 128;
    /// The longest run scanned voxel by voxel (agents jumping higher than the
    /// stored plain bit serves): there every move of a run costs a full
    /// test, and 128 took 1.26x the time of 16 (tools/bench/ab.sh, leaper).
    static constexpr int max_run_voxels = 16;
    JumpPointProblem(const MovementModel& moves, State goal, const LandmarkBound* landmarks = nullptr)
        : NavProblem(moves, goal, landmarks),
          jump_up_(moves.profile().jump ? moves.profile().jump_voxels() : 0) {}

    /// Whether jump points apply to an agent at all: on plain floor its moves
    /// are exactly a grid's (every rule it has says so).
    [[nodiscard]] static bool suits(const AgentProfile& a) { return MovementModel::grid_on_plain_floor(a); }

    template <class F>
    void for_each_successor(State s, const State* parent, F&& f) const;

    /// Whether runs may pass `s`: plain floor for this agent (see above).
    [[nodiscard]] bool plain(State s) const {
        return plain_for_jump(*field_, s, jump_up_);
    }

private:
    int jump_up_;
    [[nodiscard]] bool free(State s) const { return moves::Level::walkable((*field_)[s]); }
    [[nodiscard]] State at(State s, int dx, int dz) const { return field_->offset(s, dx, 0, dz); }
    /// Arriving at `y` along (dx, dz), is its side (sx, sz) a forced
    /// neighbour: free beside y but blocked beside the node behind it?
    [[nodiscard]] bool forced(State y, int dx, int dz, int sx, int sz) const {
        return free(at(y, sx, sz)) && !free(at(y, sx - dx, sz - dz));
    }
public:
    /// The jump point of the run from `x` along (dx, dz), or no_index; `steps`
    /// counts the moves to it. Straight runs read whole 16-voxel lanes of a
    /// chunk at once (run_lanes) for agents the stored plain bit serves, and
    /// go voxel by voxel (run_voxels, the definition) for higher jumpers.
    /// Public for the tests, which hold the two to each other.
    [[nodiscard]] State run_straight(State x, int dx, int dz, int& steps) const {
        return jump_up_ <= kPlainJump ? run_lanes(x, dx, dz, steps) : run_voxels(x, dx, dz, steps, max_run_voxels);
    }
    /// Voxel by voxel, runs of at most `cap` moves.
    [[nodiscard]] State run_voxels(State x, int dx, int dz, int& steps, int cap) const;
    [[nodiscard]] State run_lanes(State x, int dx, int dz, int& steps) const;
    [[nodiscard]] State run_diagonal(State x, int dx, int dz, int& steps) const;
    /// A diagonal run's first move only, or no_index when it is blocked:
    /// a diagonal the search turns into (from the start, or beside a forced
    /// neighbour) is scanned only once the search expands that first node
    /// (which continues the run). Scans of every diagonal from every node
    /// (two straight runs per step) were most of a short query's time, and
    /// most of them lead away from the goal: their first node's f is then
    /// too high, and they are never scanned.
    [[nodiscard]] State step_diagonal(State x, int dx, int dz, int& steps) const {
        steps = 1;
        if (!free(at(x, dx, 0)) || !free(at(x, 0, dz))) return NavSnapshot::no_index;
        const State y = at(x, dx, dz);
        return free(y) ? y : NavSnapshot::no_index;
    }
};

/// Puts back the unit walk moves of each jump in a search result (states,
/// tags and step costs), each run's cost split evenly over its moves.
/// `scratch` is built and swapped in: keep it beside the result, and a warm
/// navigator allocates nothing here.
void expand_jumps(const NavSnapshot& field, SearchResult<NavSnapshot::Index>& result, SearchResult<NavSnapshot::Index>& scratch);

// ---------------------------------------------------------------------------

template <class F>
void JumpPointProblem::for_each_successor(State s, const State* parent, F&& f) const {
    if (!plain(s)) {
        NavProblem::for_each_successor(s, f);
        return;
    }
    const Fact here = (*field_)[s];
    const auto walk = static_cast<std::uint8_t>(Action::Walk);
    // The direction of arrival, when s was reached by a run over this level.
    int dx = 0, dz = 0;
    auto jump = [&](int jx, int jz) {
        int steps = 0;
        State t;
        if (jx == 0 || jz == 0)
            t = run_straight(s, jx, jz, steps);
        else if (jx == dx && jz == dz)
            t = run_diagonal(s, jx, jz, steps);
        else
            t = step_diagonal(s, jx, jz, steps);
        if (t != NavSnapshot::no_index) f(t, steps * moves_->walk_step(here, jx != 0 && jz != 0), walk);
    };
    if (parent) {
        const Voxel a = field_->voxel_of(*parent), b = field_->voxel_of(s);
        const int ex = b.x - a.x, ez = b.z - a.z;
        if (a.y == b.y && (ex == 0 || ez == 0 || ex == ez || ex == -ez)) {
            dx = (ex > 0) - (ex < 0);
            dz = (ez > 0) - (ez < 0);
        }
    }
    if (dx == 0 && dz == 0) {
        for (int x = -1; x <= 1; ++x)
            for (int z = -1; z <= 1; ++z)
                if (x != 0 || z != 0) jump(x, z);
        return;
    }
    if (dx != 0 && dz != 0) {
        jump(dx, 0);
        jump(0, dz);
        jump(dx, dz);
        return;
    }
    jump(dx, dz);
    for (int side = -1; side <= 1; side += 2) {
        const int sx = dz != 0 ? side : 0, sz = dx != 0 ? side : 0;
        if (forced(s, dx, dz, sx, sz)) {
            jump(sx, sz);
            jump(dx + sx, dz + sz);
        }
    }
}

}  // namespace voxnav
