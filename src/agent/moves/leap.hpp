/// @file leap.hpp
/// @brief Leap: from a dry standable position, jump across g gap voxels (1 to
/// jump_distance) along an axis, landing on a dry standable position at the
/// same height g + 1 voxels away; each gap voxel must be clear, unsupported
/// and have a clear voxel above (the arc), as must the voxel above the start.
/// Costs (g + 1) walks onto the landing's floor plus the air time 2 sqrt(2 / gravity).
/// Never over or onto positions of chunks near shaped blocks (moves/shaped.hpp).
#pragma once

#include "agent/moves/context.hpp"

namespace voxnav::moves {

struct Leap : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.jump && a.jump_distance > 0; }

    template <class G, class Emit>
    VOXNAV_INLINE static void side(const G& g, int d, Emit& emit) {
        const Fact fq = g.side_fact[d];
        if (!(g.a.jump && g.a.jump_distance > 0 && !g.fp.water() && !fq.supported() && fq.clear() &&
              g.f[g.f.at(g.p, 0, 1, 0)].clear()))
            return;
        // Through the links always: a leap reaches past the chunk-interior
        // margin, and most stop at the first gap voxel (the side neighbour).
        const int dx = axis_dx[d], dz = axis_dz[d];
        for (int gap = 1; gap <= g.a.jump_distance; ++gap) {
            const Index c = g.far.at(g.p, gap * dx, 0, gap * dz);
            const Fact fc = g.far[c];
            if (!fc.clear() || fc.supported() || !g.far[g.far.at(c, 0, 1, 0)].clear() || g.all.shaped(c)) break;
            const Index l = g.far.at(g.p, (gap + 1) * dx, 0, (gap + 1) * dz);
            const Fact fl = g.far[l];
            if (fl.dry_standable() && !g.all.shaped(l)) emit(l, (gap + 1) * g.t.step[fl.floor_class()] + g.t.leap_air, Action::Leap);
        }
    }

    template <class Emit>
    static void backward(const Back& b, Emit& emit) {
        if (!active(b.a) || !b.ft.dry_standable()) return;
        for (int d = 0; d < 4; ++d) {
            const int dx = axis_dx[d], dz = axis_dz[d];
            for (int gap = 1; gap <= b.a.jump_distance; ++gap) {
                const Index s = b.at(b.to, -(gap + 1) * dx, 0, -(gap + 1) * dz);
                if (!b[s].dry_standable() || !b[b.at(s, 0, 1, 0)].clear()) continue;
                bool open = true;
                for (int j = 1; j <= gap && open; ++j) {
                    const Index c = b.at(s, j * dx, 0, j * dz);
                    const Fact fc = b[c];
                    open = fc.clear() && !fc.supported() && b[b.at(c, 0, 1, 0)].clear();
                }
                if (open) emit(s, (gap + 1) * b.t.step[b.ft.floor_class()] + b.t.leap_air, Action::Leap);
            }
        }
    }

    static void bound(const AgentProfile& a, BoundTerms& terms) {
        if (active(a)) terms.add_rate(1.0 / a.walk_speed);
    }
    static void reach(const AgentProfile&, ReadReach& r) { r.cover(1, 1, 0); }
    /// Plain floor's sides are walls or supported: no leap starts there.
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile&) { return true; }
};

}  // namespace voxnav::moves
