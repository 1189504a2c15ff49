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
    double cost_[4] = {0, 0, 0, 0};  // a move along k axes at once
};

// ---------------------------------------------------------------------------

template <class F>
void OpenSkyProblem::for_each_successor(State s, const State* parent, F&& f) const {
    if (!parent || !open_sky(s)) {
        NavProblem::for_each_successor(s, f);
        return;
    }
    const auto fly = static_cast<std::uint8_t>(Action::Fly);
    const Voxel a = field_->voxel_of(*parent), b = field_->voxel_of(s);
    const int d[3] = {(b.x > a.x) - (b.x < a.x), (b.y > a.y) - (b.y < a.y), (b.z > a.z) - (b.z < a.z)};
    // Every non-empty subset of d's axes: the directions made of its components.
    for (int mask = 1; mask < 8; ++mask) {
        int e[3] = {0, 0, 0}, axes = 0;
        bool ok = true;
        for (int k = 0; k < 3; ++k)
            if (mask >> k & 1) {
                if (d[k] == 0) ok = false;
                e[k] = d[k];
                ++axes;
            }
        if (ok) f(field_->offset(s, e[0], e[1], e[2]), cost_[axes], fly);
    }
}

}  // namespace voxnav
