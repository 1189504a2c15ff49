#include "route/jump_points.hpp"

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

namespace {

// One chunk's 16 positions of a straight run, as bit lanes (bit i = position
// i along the run's axis): walkable on the run's own line (`line`), plain
// there (`plain`), and walkable on the lines beside it (`side[0]`,
// `side[1]`: z - 1 and z + 1 for a run along x, x - 1 and x + 1 for one
// along z), read from the neighbour chunk where a side line lies outside
// this one.
struct Lanes {
    std::uint32_t line = 0, plain = 0, side[2] = {0, 0};
};

std::uint32_t walkable_row(const ChunkSlot& c, int ly, int lz) { return dry_standable_bits16(c.bits + node_id::local_of(0, ly, lz)); }

Lanes lanes_along_x(const NavSnapshot& f, std::uint32_t slot, int ly, int lz) {
    const ChunkSlot& c = f.slot(slot);
    Lanes l;
    l.line = walkable_row(c, ly, lz);
    l.plain = c.plain->row(ly, lz);
    l.side[0] = lz > 0 ? walkable_row(c, ly, lz - 1) : walkable_row(f.slot(c.link[node_id::link(0, 0, -1)]), ly, 15);
    l.side[1] = lz < 15 ? walkable_row(c, ly, lz + 1) : walkable_row(f.slot(c.link[node_id::link(0, 0, 1)]), ly, 0);
    return l;
}

// The walkable lane along z at (lx, ly): kept with the plain bits
// (ChunkPlain::walkable_z) in chunks with plain floor, else gathered from
// 16 x-rows (chunks a run only enters to end in).
std::uint32_t walkable_lane_z(const NavSnapshot& f, const ChunkSlot& c, int lx, int ly) {
    if (c.plain != f.slot(0).plain) return c.plain->walkable_z[unsigned(lx + 16 * ly)];
    std::uint32_t lane = 0;
    for (int z = 0; z < 16; ++z) lane |= ((walkable_row(c, ly, z) >> lx) & 1u) << z;
    return lane;
}

Lanes lanes_along_z(const NavSnapshot& f, std::uint32_t slot, int lx, int ly) {
    const ChunkSlot& c = f.slot(slot);
    Lanes l;
    l.line = walkable_lane_z(f, c, lx, ly);
    l.plain = c.plain->plain_z[unsigned(lx + 16 * ly)];
    l.side[0] = lx > 0 ? walkable_lane_z(f, c, lx - 1, ly) : walkable_lane_z(f, f.slot(c.link[node_id::link(-1, 0, 0)]), 15, ly);
    l.side[1] = lx < 15 ? walkable_lane_z(f, c, lx + 1, ly) : walkable_lane_z(f, f.slot(c.link[node_id::link(1, 0, 0)]), 0, ly);
    return l;
}

}  // namespace

// run_voxels over lanes: per chunk, the first position past the start that
// ends the run (not walkable, not plain, a forced neighbour, the goal) is one
// bit search; runs go on into the next chunk along the axis.
JumpPointProblem::State JumpPointProblem::run_lanes(State x, int dx, int dz, int& steps) const {
    steps = 0;
    const bool along_x = dx != 0;
    const int d = along_x ? dx : dz;
    std::uint32_t slot = node_id::slot(x);
    const int ly = node_id::ly(x), across = along_x ? node_id::lz(x) : node_id::lx(x);
    int pos = along_x ? node_id::lx(x) : node_id::lz(x);
    const bool goal_here = goal_ != NavSnapshot::no_index && node_id::ly(goal_) == ly &&
                           (along_x ? node_id::lz(goal_) : node_id::lx(goal_)) == across;
    std::uint32_t carry[2] = {0, 0};  // each side line's walkable bit at the position behind this chunk's first
    auto node_at = [&](int p) { return along_x ? node_id::make(slot, p, ly, across) : node_id::make(slot, across, ly, p); };
    const int next = along_x ? node_id::link(d, 0, 0) : node_id::link(0, 0, d);  // the chunk the run goes on into
    while (true) {
        if (pos == -1 || pos == 16) {
            // Entering a chunk across a quiet line (ChunkPlain::quiet_x,
            // quiet_z): walkable and plain throughout, its sides walkable
            // everywhere or nowhere, so a forced neighbour can only lie at
            // the entry (a side that opens there). The run crosses it
            // without reading its lanes: open rooms cost a bit per chunk.
            const ChunkPlain& plain = *field_->slot(slot).plain;
            const std::uint32_t quiet = along_x ? plain.quiet_x[unsigned(ly)] : plain.quiet_z[unsigned(ly)];
            if (((quiet >> across) & 1u) && !(goal_here && node_id::slot(goal_) == slot)) {
                const int entry = d > 0 ? 0 : 15;
                const State e = node_at(entry);
                const State side[2] = {along_x ? field_->offset(e, 0, 0, -1) : field_->offset(e, -1, 0, 0),
                                       along_x ? field_->offset(e, 0, 0, 1) : field_->offset(e, 1, 0, 0)};
                bool opens = false;
                for (int k = 0; k < 2; ++k) {
                    const std::uint32_t now = free(side[k]) ? 1u : 0u;
                    opens |= now && !carry[k];
                    carry[k] = now;  // the side's bit at every position of this chunk
                }
                const int left = max_run - steps;  // at least 1: the last chunk's run stopped short of the cap
                if (opens) {
                    ++steps;
                    return e;
                }
                if (left <= 16) {
                    steps = max_run;
                    return node_at(pos + d * left);
                }
                steps += 16;
                slot = field_->slot(slot).link[next];
                continue;
            }
        }
        const Lanes l = along_x ? lanes_along_x(*field_, slot, ly, across) : lanes_along_z(*field_, slot, across, ly);
        // Forced neighbour at i: the side is walkable at i, not at the position behind i.
        std::uint32_t forced = 0;
        for (int k = 0; k < 2; ++k) {
            const std::uint32_t behind = d > 0 ? ((l.side[k] << 1) | carry[k]) & 0xFFFFu : (l.side[k] >> 1) | (carry[k] << 15);
            forced |= l.side[k] & ~behind;
        }
        std::uint32_t stop = (~l.line | ~l.plain | forced) & 0xFFFFu;
        if (goal_here && node_id::slot(goal_) == slot) stop |= 1u << (along_x ? node_id::lx(goal_) : node_id::lz(goal_));
        // Only positions past `pos` along d.
        stop &= d > 0 ? (0xFFFFu << (pos + 1)) & 0xFFFFu : (1u << pos) - 1u;
        const int left = max_run - steps;  // moves before the run's cap
        if (stop) {
            const int p = d > 0 ? __builtin_ctz(stop) : 31 - __builtin_clz(stop);
            const int dist = d > 0 ? p - pos : pos - p;
            if (dist > left) {
                steps = max_run;
                return node_at(pos + d * left);
            }
            if (!((l.line >> p) & 1u)) return NavSnapshot::no_index;
            steps += dist;
            return node_at(p);
        }
        const int to_edge = d > 0 ? 15 - pos : pos;
        if (to_edge >= left) {
            steps = max_run;
            return node_at(pos + d * left);
        }
        steps += to_edge;
        for (int k = 0; k < 2; ++k) carry[k] = (l.side[k] >> (d > 0 ? 15 : 0)) & 1u;
        slot = field_->slot(slot).link[next];
        pos = d > 0 ? -1 : 16;
    }
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
