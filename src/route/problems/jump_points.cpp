// SPDX-License-Identifier: MIT
#include "route/problems/jump_points.hpp"

#include <algorithm>
#include <cstdlib>

namespace voxnav {
JumpPointProblem::State JumpPointProblem::run_voxels(State x, int dx, int dz, int& steps, int cap) const {
    steps = 0;
    while (true) {
        const State y = at(x, dx, dz);
        if (!free(y)) return NavSnapshot::no_index;
        ++steps;
        // Runs stop after `cap` moves: the node there is then treated as a
        // jump point, which is always safe (one more expansion, never a lost
        // route) and keeps a run's scan from crossing a whole open map (see
        // max_run for the lengths).
        if (y == goal_ || steps == cap || !plain(y)) return y;
        const int sx = dz != 0 ? 1 : 0, sz = dx != 0 ? 1 : 0;
        if (forced(y, dx, dz, sx, sz) || forced(y, dx, dz, -sx, -sz)) return y;
        x = y;
    }
}

// run_voxels over the plain bits' run tables (ChunkPlain::go_x, go_z): per
// chunk, the first position past the start where the run does not go on
// (not walkable, not plain, a forced neighbour, the goal) is one bit search
// in one word; runs go on into the next chunk along the axis, testing the
// first position there for a forced neighbour against the lines beside the
// last position of the chunk left (ChunkPlain::edge_x, edge_z). A chunk
// without plain floor reads all zeros: the run ends at its first position.
JumpPointProblem::State JumpPointProblem::run_lanes(State x, int dx, int dz, int& steps) const {
    // The lines beside the run walkable at the last position of the chunk
    // left (edge bits 0-1 at position 0, 2-3 at 15); none at the start,
    // whose chunk's positions past it have their positions behind inside.
    std::uint32_t behind = 0;
    auto word = [&behind](const ChunkSlot& c, bool along_x, unsigned dir, unsigned line, bool entering) {
        const ChunkPlain& plain = *c.plain;
        std::uint32_t go = (along_x ? plain.go_x : plain.go_z)[dir][line];
        if (entering) {
            // Forced at the entry: a side walkable there, not behind it.
            const unsigned edge = (along_x ? plain.edge_x : plain.edge_z)[line];
            const unsigned at_entry = dir == 0 ? edge & 3u : edge >> 2;
            if (at_entry & ~behind) go &= ~(1u << (dir == 0 ? 0 : 15));
        }
        return go;
    };
    auto leave = [&behind](const ChunkSlot& c, bool along_x, unsigned dir, unsigned line) {
        const unsigned edge = (along_x ? c.plain->edge_x : c.plain->edge_z)[line];
        behind = dir == 0 ? edge >> 2 : edge & 3u;
    };
    return run_tables(x, dx, dz, steps, max_run, [this](State y) { return free(y); }, word, leave);
}

JumpPointProblem::State JumpPointProblem::run_diagonal(State x, int dx, int dz, int& steps) const {
    steps = 0;
    // A diagonal run's cap follows its straight runs' (see max_run).
    const int cap = jump_up_ <= kPlainJump ? max_run : max_run_voxels;
    while (true) {
        // No corner cutting: both sides must be clear (free, on plain floor).
        if (!free(at(x, dx, 0)) || !free(at(x, 0, dz))) return NavSnapshot::no_index;
        const State y = at(x, dx, dz);
        if (!free(y)) return NavSnapshot::no_index;
        ++steps;
        if (y == goal_ || steps == cap || !plain(y)) return y;
        int unused = 0;
        if (run_straight(y, dx, 0, unused) != NavSnapshot::no_index || run_straight(y, 0, dz, unused) != NavSnapshot::no_index)
            return y;
        x = y;
    }
}

void expand_jumps(const NavSnapshot& field, SearchResult<NavSnapshot::Index>& r, SearchResult<NavSnapshot::Index>& scratch) {
    if (r.states.size() < 2) return;
    std::vector<NavSnapshot::Index>& states = scratch.states;
    std::vector<std::uint8_t>& tags = scratch.tags;
    std::vector<double>& costs = scratch.step_costs;
    states.assign(1, r.states[0]);
    tags.assign(1, r.tags[0]);
    costs.assign(1, r.step_costs[0]);
    for (std::size_t i = 1; i < r.states.size(); ++i) {
        const Voxel a = field.voxel_of(r.states[i - 1]), b = field.voxel_of(r.states[i]);
        const int ex = b.x - a.x, ez = b.z - a.z;
        const int n = std::max(std::abs(ex), std::abs(ez));
        const bool run = r.tags[i] == static_cast<std::uint8_t>(Action::Walk) || r.tags[i] == static_cast<std::uint8_t>(Action::Swim);
        if (a.y != b.y || n <= 1 || !run) {
            states.push_back(r.states[i]);
            tags.push_back(r.tags[i]);
            costs.push_back(r.step_costs[i]);
            continue;
        }
        const int dx = (ex > 0) - (ex < 0), dz = (ez > 0) - (ez < 0);
        NavSnapshot::Index at = r.states[i - 1];
        for (int k = 1; k <= n; ++k) {
            at = k == n ? r.states[i] : field.offset(at, dx, 0, dz);
            states.push_back(at);
            tags.push_back(r.tags[i]);
            costs.push_back(r.step_costs[i] / n);
        }
    }
    r.states.swap(states);
    r.tags.swap(tags);
    r.step_costs.swap(costs);
}

}  // namespace voxnav
