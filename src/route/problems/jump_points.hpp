// SPDX-License-Identifier: MIT
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
/// Water has runs of its own (swim runs, route/swim_runs.cpp): over *plain
/// water*, waypoints in water whose moves are exactly the 8 level swims of a
/// grid without corner cutting plus the vertical swims, at the one swim cost
/// (see plain_water()). Jump points there are the same as on plain floor,
/// with the voxels above and below a run as two more lines beside it: a
/// vertical swim is made where it is forced (possible here, not from the
/// position behind), since a route that swims up or down later than it
/// costs the same as one that does so at once. Straight swim runs read one
/// word per chunk they cross (SwimTables, kept with the plain bits:
/// facts/plain_water.hpp); diagonal swim runs go voxel by voxel.
///
/// A route found this way has one waypoint per jump; expand_jumps() puts the
/// walk and swim moves of each run back, so routes look the same as without
/// it.
///
/// Threads and errors: as NavProblem (no allocation, throws nothing).
#pragma once

#include "facts/plain_floor.hpp"
#include "route/problems/nav_problem.hpp"
#include "search/astar.hpp"

namespace voxnav {

class JumpPointProblem : public NavProblem {
public:
    static constexpr bool wants_parent = true;
    /// Never traced (traces show the plain search): the open list may take
    /// a node before its heap (AStar's fast_open).
    static constexpr bool fast_open = true;
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
          jump_up_(moves.profile().jump ? moves.profile().jump_voxels() : 0),
          swims_(moves.profile().swim && !moves.always_shaped()),
          swim_axis_(moves.tables().swim_axis),
          swim_diag_(moves.tables().swim_diag) {}

    /// Whether jump points apply to an agent at all: on plain floor its moves
    /// are exactly a grid's (every rule it has says so).
    [[nodiscard]] static bool suits(const AgentProfile& a) { return MovementModel::grid_on_plain_floor(a); }

    template <class F>
    void for_each_successor(State s, const State* parent, F&& f) const;

    /// Whether runs may pass `s`: plain floor for this agent (see above).
    [[nodiscard]] bool plain(State s) const {
        return plain_for_jump(*field_, s, jump_up_);
    }

    /// The 3x3x3 positions around one, as bits (WaterCube::bit): which are
    /// standable in water, clear, and dry standable; and whether any of them
    /// lies in a chunk with shape facts. What swim runs read per step.
    struct WaterCube {
        std::uint32_t swim = 0, clear = 0, dry = 0;
        bool shaped = false;
        [[nodiscard]] static constexpr int bit(int dx, int dy, int dz) { return (dx + 1) + 3 * (dz + 1) + 9 * (dy + 1); }
        [[nodiscard]] bool swim_at(int dx, int dy, int dz) const { return swim >> bit(dx, dy, dz) & 1u; }
        [[nodiscard]] bool clear_at(int dx, int dy, int dz) const { return clear >> bit(dx, dy, dz) & 1u; }
    };
    [[nodiscard]] WaterCube read_cube(State s) const;
    /// Whether the position a cube is read around is plain water for this
    /// agent: standable in water, in a cube of chunks without shape facts
    /// (so the plain rules give every move from it and its neighbours),
    /// where each of the 8 positions around it at its level is either not
    /// clear (a wall) or standable in water (a swim: no walk out, no corner
    /// that is no waypoint), no jump out of the water lands above its 4 sides
    /// (no dry standable position there), and the positions above and below
    /// it are not dry standable (a vertical swim stays in water). Its moves
    /// are then exactly the level swims and the vertical swims.
    [[nodiscard]] bool plain_water(const WaterCube& c) const;
    [[nodiscard]] bool plain_water(State s) const { return plain_water(read_cube(s)); }
    /// The longest swim run, in moves (as max_run).
    static constexpr int max_swim_run = 128;
    /// The jump point of the swim run from plain water `x` along (dx, dz),
    /// or no_index; `steps` counts the moves to it (as run_straight).
    [[nodiscard]] State swim_straight(State x, int dx, int dz, int& steps) const;
    [[nodiscard]] State swim_diagonal(State x, int dx, int dz, int& steps) const;

private:
    int jump_up_;
    bool swims_;  // the agent swims, and the plain rules hold where chunks have no shape facts
    double swim_axis_, swim_diag_;
    [[nodiscard]] bool swim_free(State s) const {
        const Fact f = (*field_)[s];
        return f.standable() && f.water();
    }
    /// Arriving at plain water along (dx, dz), whether its vertical swim `dy`
    /// is forced: the position there is standable in water, and the route
    /// that swims up or down at the position behind first and then along
    /// (dx, dz) at that level is not open (the position behind there is not
    /// standable in water, or a corner of the diagonal is not clear).
    [[nodiscard]] static bool vertical_forced(const WaterCube& c, int dx, int dz, int dy) {
        if (!c.swim_at(0, dy, 0)) return false;
        if (!c.swim_at(-dx, dy, -dz)) return true;
        return dx != 0 && dz != 0 && (!c.clear_at(-dx, dy, 0) || !c.clear_at(0, dy, -dz));
    }
    /// Whether a swim run along (dx, dz) stops at plain water: a side (on a
    /// straight run) or a vertical swim is forced there.
    [[nodiscard]] static bool swim_forced(const WaterCube& c, int dx, int dz) {
        if (dx == 0 || dz == 0) {
            const int sx = dz != 0 ? 1 : 0, sz = dx != 0 ? 1 : 0;
            for (int side = -1; side <= 1; side += 2)
                if (c.swim_at(side * sx, 0, side * sz) && !c.swim_at(side * sx - dx, 0, side * sz - dz)) return true;
        }
        return vertical_forced(c, dx, dz, 1) || vertical_forced(c, dx, dz, -1);
    }
    template <class F>
    void swim_successors(State s, const WaterCube& c, const State* parent, F& f) const;
    /// The direction (dx, dz), each -1..1, `s` was reached in from `parent`
    /// when that was a level move or run along one of the 8 lines; (0, 0)
    /// otherwise (no parent, another level, off the lines).
    void arrival(State s, const State* parent, int& dx, int& dz) const {
        dx = dz = 0;
        if (!parent) return;
        const Voxel a = field_->voxel_of(*parent), b = field_->voxel_of(s);
        const int ex = b.x - a.x, ez = b.z - a.z;
        if (a.y == b.y && (ex == 0 || ez == 0 || ex == ez || ex == -ez)) {
            dx = (ex > 0) - (ex < 0);
            dz = (ez > 0) - (ez < 0);
        }
    }
    /// A straight run over per-chunk tables (run_lanes, swim_straight): per
    /// chunk crossed, word(slot record, along_x, dir, line, entering) gives
    /// where the run goes on (bit per position, dir 0 towards +, 1 towards
    /// -); the first position past the start where it does not is the jump
    /// point if open(), else the run is blocked. leave(slot record, along_x,
    /// dir, line) is called as the run goes on into the next chunk. At most
    /// `cap` moves.
    template <class Open, class Word, class Leave>
    [[nodiscard]] State run_tables(State x, int dx, int dz, int& steps, int cap, const Open& open, Word&& word,
                                   Leave&& leave) const;
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
        return step_diagonal_in(x, dx, dz, steps, [this](State q) { return free(q); });
    }
    /// The same over the positions `open` says a run may take (walks or swims).
    template <class Open>
    [[nodiscard]] State step_diagonal_in(State x, int dx, int dz, int& steps, const Open& open) const {
        steps = 1;
        if (!open(at(x, dx, 0)) || !open(at(x, 0, dz))) return NavSnapshot::no_index;
        const State y = at(x, dx, dz);
        return open(y) ? y : NavSnapshot::no_index;
    }
};

/// Puts back the unit walk and swim moves of each jump in a search result
/// (states, tags and step costs), each run's cost split evenly over its
/// moves.
/// `scratch` is built and swapped in: keep it beside the result, and a warm
/// navigator allocates nothing here.
void expand_jumps(const NavSnapshot& field, SearchResult<NavSnapshot::Index>& result, SearchResult<NavSnapshot::Index>& scratch);

// ---------------------------------------------------------------------------

template <class F>
void JumpPointProblem::for_each_successor(State s, const State* parent, F&& f) const {
    if (!plain(s)) {
        // Plain water reached by a level move or run: swim runs. The start
        // and waypoints reached by a vertical swim take every move one by one
        // (more than jump points need, so always exact), without the cube read.
        if (swims_ && parent && (*field_)[s].water() && field_->voxel_of(*parent).y == field_->voxel_of(s).y) {
            const WaterCube c = read_cube(s);
            if (plain_water(c)) {
                swim_successors(s, c, parent, f);
                return;
            }
        }
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
    arrival(s, parent, dx, dz);
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

template <class Open, class Word, class Leave>
inline VOXNAV_INLINE JumpPointProblem::State JumpPointProblem::run_tables(State x, int dx, int dz, int& steps, int cap,
                                                                          const Open& open, Word&& word, Leave&& leave) const {
    steps = 0;
    const bool along_x = dx != 0;
    const int d = along_x ? dx : dz;
    const unsigned dir = d > 0 ? 0u : 1u;
    std::uint32_t slot = node_id::slot(x);
    const int ly = node_id::ly(x), across = along_x ? node_id::lz(x) : node_id::lx(x);
    const unsigned line = unsigned(across + 16 * ly);
    int pos = along_x ? node_id::lx(x) : node_id::lz(x);
    const bool goal_here = goal_ != NavSnapshot::no_index && node_id::ly(goal_) == ly &&
                           (along_x ? node_id::lz(goal_) : node_id::lx(goal_)) == across;
    bool entering = false;
    auto node_at = [&](int p) { return along_x ? node_id::make(slot, p, ly, across) : node_id::make(slot, across, ly, p); };
    const int next = along_x ? node_id::link(d, 0, 0) : node_id::link(0, 0, d);  // the chunk the run goes on into
    while (true) {
        const ChunkSlot& here = field_->slot(slot);
        std::uint32_t stop = ~word(here, along_x, dir, line, entering) & 0xFFFFu;
        if (goal_here && node_id::slot(goal_) == slot) stop |= 1u << (along_x ? node_id::lx(goal_) : node_id::lz(goal_));
        // Only positions past `pos` along d.
        stop &= d > 0 ? (0xFFFFu << (pos + 1)) & 0xFFFFu : (1u << pos) - 1u;
        const int left = cap - steps;  // moves before the run's cap
        if (stop) {
            const int p = d > 0 ? __builtin_ctz(stop) : 31 - __builtin_clz(stop);
            const int dist = d > 0 ? p - pos : pos - p;
            // Runs stop after `cap` moves (see run_voxels).
            if (dist > left) {
                steps = cap;
                return node_at(pos + d * left);
            }
            const State y = node_at(p);
            if (!open(y)) return NavSnapshot::no_index;
            steps += dist;
            return y;
        }
        const int to_edge = d > 0 ? 15 - pos : pos;
        if (to_edge >= left) {
            steps = cap;
            return node_at(pos + d * left);
        }
        steps += to_edge;
        leave(here, along_x, dir, line);
        entering = true;
        slot = here.link[next];
        pos = d > 0 ? -1 : 16;
    }
}

template <class F>
void JumpPointProblem::swim_successors(State s, const WaterCube& c, const State* parent, F& f) const {
    const auto swim = static_cast<std::uint8_t>(Action::Swim);
    // The direction of arrival, when s was reached by a level move or run.
    int dx = 0, dz = 0;
    arrival(s, parent, dx, dz);
    auto jump = [&](int jx, int jz) {
        int steps = 0;
        State t;
        const bool diagonal = jx != 0 && jz != 0;
        if (!diagonal)
            t = swim_straight(s, jx, jz, steps);
        else if (jx == dx && jz == dz)
            t = swim_diagonal(s, jx, jz, steps);
        else
            t = step_diagonal_in(s, jx, jz, steps, [this](State q) { return swim_free(q); });
        if (t != NavSnapshot::no_index) f(t, steps * (diagonal ? swim_diag_ : swim_axis_), swim);
    };
    auto vertical = [&](int dy) {
        const State v = field_->offset(s, 0, dy, 0);
        if ((*field_)[v].standable()) f(v, swim_axis_, swim);
    };
    if (dx == 0 && dz == 0) {
        // Reached from off the 8 lines (no level move of the rules does):
        // every move, which is always exact.
        for (int x = -1; x <= 1; ++x)
            for (int z = -1; z <= 1; ++z)
                if (x != 0 || z != 0) jump(x, z);
        vertical(1);
        vertical(-1);
        return;
    }
    if (dx != 0 && dz != 0) {
        jump(dx, 0);
        jump(0, dz);
        jump(dx, dz);
    } else {
        jump(dx, dz);
        for (int side = -1; side <= 1; side += 2) {
            const int sx = dz != 0 ? side : 0, sz = dx != 0 ? side : 0;
            if (c.swim_at(sx, 0, sz) && !c.swim_at(sx - dx, 0, sz - dz)) {
                jump(sx, sz);
                jump(dx + sx, dz + sz);
            }
        }
    }
    for (int dy = -1; dy <= 1; dy += 2)
        if (vertical_forced(c, dx, dz, dy)) vertical(dy);
}

}  // namespace voxnav
