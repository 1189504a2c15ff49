#include "route/jump_points.hpp"

#include <algorithm>
#include <cstdlib>

namespace voxnav {
namespace {
constexpr int kMaxRun = 16;
}  // namespace

JumpPointProblem::State JumpPointProblem::run_straight(State x, int dx, int dz, int& steps) const {
    steps = 0;
    while (true) {
        const State y = at(x, dx, dz);
        if (!free(y)) return NavSnapshot::no_index;
        ++steps;
        // Runs stop after kMaxRun moves: the node there is then treated as a
        // jump point, which is always safe (one more expansion, never a lost
        // route) and keeps a run's scan from crossing a whole open map.
        if (y == goal_ || steps == kMaxRun || !plain(y)) return y;
        const int sx = dz != 0 ? 1 : 0, sz = dx != 0 ? 1 : 0;
        if (forced(y, dx, dz, sx, sz) || forced(y, dx, dz, -sx, -sz)) return y;
        x = y;
    }
}

JumpPointProblem::State JumpPointProblem::run_diagonal(State x, int dx, int dz, int& steps) const {
    steps = 0;
    while (true) {
        // No corner cutting: both sides must be clear (free, on plain floor).
        if (!free(at(x, dx, 0)) || !free(at(x, 0, dz))) return NavSnapshot::no_index;
        const State y = at(x, dx, dz);
        if (!free(y)) return NavSnapshot::no_index;
        ++steps;
        if (y == goal_ || steps == kMaxRun || !plain(y)) return y;
        int unused = 0;
        if (run_straight(y, dx, 0, unused) != NavSnapshot::no_index || run_straight(y, 0, dz, unused) != NavSnapshot::no_index)
            return y;
        x = y;
    }
}

void expand_jumps(const NavSnapshot& field, SearchResult<NavSnapshot::Index>& r) {
    if (r.states.size() < 2) return;
    std::vector<NavSnapshot::Index> states{r.states[0]};
    std::vector<std::uint8_t> tags{r.tags[0]};
    std::vector<double> costs{r.step_costs[0]};
    for (std::size_t i = 1; i < r.states.size(); ++i) {
        const Voxel a = field.voxel_of(r.states[i - 1]), b = field.voxel_of(r.states[i]);
        const int ex = b.x - a.x, ez = b.z - a.z;
        const int n = std::max(std::abs(ex), std::abs(ez));
        if (a.y != b.y || n <= 1 || r.tags[i] != static_cast<std::uint8_t>(Action::Walk)) {
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
