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
/// NavProblem gives them. The search expands about as many waypoints as
/// without pruning, but generates far fewer moves per waypoint. (Straight
/// runs through open sky, as jump point search makes, cost more in scanning
/// than they saved: tools/bench/RESULTS.md.)
///
/// For agents that only fly (no walking, swimming, jumping or falling moves):
/// their moves are exactly the 26 fly moves, at costs 1, sqrt 2 and sqrt 3
/// over fly_speed.
///
/// Threads and errors: as NavProblem (no allocation, throws nothing).
#pragma once

#include "route/nav_problem.hpp"


namespace voxnav {

namespace detail {

/// Open-sky successors per arrival direction d (indexed by
/// node_id::link(dx, dy, dz)): the fly moves along each non-empty subset of
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
                const int link = node_id::link(dx, dy, dz), d[3] = {dx, dy, dz};
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

}  // namespace detail

class OpenSkyProblem : public NavProblem {
public:
    static constexpr bool wants_parent = true;
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
    /// The canonical successors of open-sky waypoint `s` reached from
    /// `parent`, whose fly move n lands at target(n). Every move of a pure
    /// flyer is one voxel (fly moves; climbs never reach open sky), so the
    /// arrival direction is the difference of the local coordinates modulo
    /// 16, whichever chunks the two lie in.
    template <class Target, class F>
    VOXNAV_INLINE void canonical(State s, State parent, const Target& target, F& f) const {
        const auto axis = [](int to, int from) { return ((to - from + 1) & 15) - 1; };
        const int link = node_id::link(axis(node_id::lx(s), node_id::lx(parent)), axis(node_id::ly(s), node_id::ly(parent)),
                                       axis(node_id::lz(s), node_id::lz(parent)));
        const detail::CanonicalSuccessors& c = detail::canonical_successors;
        for (int i = 0; i < c.count[link]; ++i) f(target(c.fly[link][i]), cost_[c.axes[link][i]], kFly);
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
    auto emit = [&](State to, double cost, Action) VOXNAV_INLINE { f(to, cost, kFly); };
    moves::Fly::moves_around(around, t, emit);
}

}  // namespace voxnav
