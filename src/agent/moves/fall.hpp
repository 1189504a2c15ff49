/// @file fall.hpp
/// @brief Fall: from a dry standable position, step aside into open air
/// (clear, unsupported) and drop to the first supported position below: a
/// waypoint if the drop is at most max_fall voxels, or into water at most
/// max_fall_into_water (no limit by default).
/// Costs the walk onto the landing's floor plus the air time sqrt(2k / gravity).
/// A fall is one-way: its predecessors are found by scanning up from the
/// landing through the open column (unbounded over water).
#pragma once

#include "agent/moves/context.hpp"

#include <cmath>

namespace voxnav::moves {

struct Fall : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.fall; }

    template <class G, class Emit>
    VOXNAV_INLINE static void side(const G& g, int d, Emit& emit) {
        const Fact fq = g.side_fact[d];
        if (!g.a.fall || g.fp.water() || !fq.clear() || fq.supported()) return;
        // The drop may leave the chunk, so it always steps through the links.
        Index t = g.all.offset(g.p, axis_dx[d], 0, axis_dz[d]);
        for (int k = 1;; ++k) {
            t = g.all.offset(t, 0, -1, 0);
            const Fact ft = g.all[t];
            if (!ft.clear()) break;  // solid, hazard, or the void below the navigable chunks
            if (ft.supported()) {
                if (!ft.node()) break;
                // Onto shaped blocks far below (near ones make p's chunk
                // shaped) the drop is measured to the real surface.
                const ShapeFact e = g.all.shape_fact(t, 0);
                const double drop = k - e.offset() / 16.0;
                if (drop <= g.a.max_fall || (ft.water() && drop <= g.a.max_fall_into_water)) {
                    const double cost = g.t.step[ft.floor_class()] + std::sqrt(drop * g.t.inv_gravity2);
                    if (e.needs_open()) emit(t, cost + g.a.open_time, MoveTag(Action::Fall, WorldAct::Open));
                    else emit(t, cost, Action::Fall);
                }
                break;
            }
        }
    }

    template <class Emit>
    static void backward(const Back& b, Emit& emit) {
        if (!b.a.fall || !b.ft.standable()) return;
        // Up the open column above the landing: each position there could be
        // the voxel stepped into, k voxels above it.
        Index u = b.to;
        for (int k = 1; (b.ft.water() && k <= b.a.max_fall_into_water) || k <= b.a.max_fall; ++k) {
            u = b.at(u, 0, 1, 0);
            const Fact fu = b[u];
            if (!fu.clear() || fu.supported()) break;
            const double cost = b.t.step[b.ft.floor_class()] + std::sqrt(k * b.t.inv_gravity2);
            for (int d = 0; d < 4; ++d) {
                const Index s = b.at(u, -axis_dx[d], 0, -axis_dz[d]);
                if (b[s].dry_standable()) emit(s, cost, Action::Fall);
            }
        }
    }

    static void bound(const AgentProfile& a, BoundTerms& terms) {
        if (a.fall) terms.add_rate(1.0 / a.walk_speed);
    }
    static void reach(const AgentProfile&, ReadReach& r) { r.cover(1, 0, 0); }
    /// Plain floor's sides are walls or supported: no fall starts there.
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile&) { return true; }
};

}  // namespace voxnav::moves
