// SPDX-License-Identifier: MIT
/// @file leap.hpp
/// @brief Leap: from a dry standable position, jump across g gap voxels (1 to
/// jump_distance) along an axis, landing on a dry standable position at the
/// same height g + 1 voxels away; each gap voxel must be clear, unsupported
/// and have a clear voxel above (the arc), as must the voxel above the start.
/// Costs (g + 1) walks onto the landing's floor plus the air time 2 sqrt(2 / gravity).
///
/// Near shaped blocks (agent/moves/shaped.hpp) the same rule in sixteenths:
/// the start dry, holding no door, with its column free one voxel over the
/// body (the arc); each gap position clear, unsupported, holding no door,
/// its column free over the arc from the start's surface; the landing, at
/// the same voxel level, dry standable, holding no door (a body in the air
/// opens none), its surface within step_height of the start's. Positions of
/// chunks without shapes are read in whole voxels as above, so a leap that
/// crosses into a shaped chunk is the same rule on both sides.
#pragma once

#include "agent/moves/context.hpp"
#include "agent/moves/shaped.hpp"

#include <cstdint>

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
            const Index l = g.far.at(g.p, (gap + 1) * dx, 0, (gap + 1) * dz);
            if (g.all.shaped(c) || g.all.shaped(l)) {
                // The rest of the leap meets shaped blocks: the same rule in
                // sixteenths (which reads plain positions as above).
                // (A plain start is never on honey: its jump is whole.)
                const ShapedLook look{g.all, g.t, g.a, g.a.height16(), g.a.body_voxels(), g.a.step16(), g.a.jump16(), g.a.jump16(), true, 0.0};  // (no leap moves vertically in a slow block)
                leaps_from(look, g.p, look.surface(g.p), d, gap, emit);
                return;
            }
            const Fact fc = g.far[c];
            if (!fc.clear() || fc.supported() || !g.far[g.far.at(c, 0, 1, 0)].clear()) break;
            const Fact fl = g.far[l];
            if (fl.dry_standable()) emit(l, (gap + 1) * g.t.step[fl.floor_class()] + g.t.leap_air, Action::Leap);
        }
    }

    // --- Shaped form (agent/moves/shaped.hpp): heights in sixteenths. ---
    /// Whether the body, arcing from a start surface sp, passes over
    /// position c (the start or a gap): c's column free one voxel over the
    /// body; in whole voxels (c and the position above it clear) where c's
    /// chunk has no shapes, as the plain form reads it.
    static bool arc_free(const ShapedLook& l, Index c, std::int64_t sp) {
        if (!l.f.shaped(c)) return l.fact(c).clear() && l.fact(l.at(c, 0, 1, 0)).clear();
        return l.free(c, sp, sp + 16 + l.h16);
    }
    /// The leaps in direction d from p (surface sp; a dry standable start
    /// whose arc is free), from gap `first` on (the gaps before it passed).
    template <class Emit>
    static void leaps_from(const ShapedLook& l, Index p, std::int64_t sp, int d, int first, Emit& emit) {
        const int dx = axis_dx[d], dz = axis_dz[d];
        for (int gap = first; gap <= l.a.jump_distance; ++gap) {
            const Index c = l.at(p, gap * dx, 0, gap * dz);
            const Fact fc = l.fact(c);
            if (!fc.clear() || fc.supported() || l.shape(c).door() || (l.any_stuck && l.shape(c).stuck()) || !arc_free(l, c, sp)) break;
            const Index q = l.at(p, (gap + 1) * dx, 0, (gap + 1) * dz);
            const Fact fq = l.fact(q);
            // (Nor onto a position whose body a closed gate below pokes into:
            // a body in the air opens nothing. Found by the random reference.)
            const ShapeFact eq = l.shape(q);
            if (!fq.dry_standable() || eq.door() || eq.needs_open() || (l.any_stuck && eq.stuck())) continue;
            const std::int64_t r = l.surface(q) - sp;
            if ((r < 0 ? -r : r) <= l.step16) emit(q, (gap + 1) * l.t.step[fq.floor_class()] + l.t.leap_air, Action::Leap);
        }
    }
    template <class From, class Emit>
    static void shaped_after_sides(const ShapedLook& l, const From& from, Emit& emit) {
        // No leap from honey (a floor that lowers jumps: the run-up is the game's jump).
        if (!active(l.a) || !from.fp.dry_standable() || from.ep.door() || from.ep.low_jump() || !arc_free(l, from.p, from.sp)) return;
        for (int d = 0; d < 4; ++d) leaps_from(l, from.p, from.sp, d, 1, emit);
    }

    /// Plain chunks only: with shaped chunks in the snapshot, a leap's
    /// predecessors come from expanding its possible starts forwards
    /// (MovementModel::for_each_predecessor).
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
    static int span(const AgentProfile& a) { return a.jump_distance + 1; }
    /// Plain floor's sides are walls or supported: no leap starts there.
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile&) { return true; }
};

}  // namespace voxnav::moves
