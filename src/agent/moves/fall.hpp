// SPDX-License-Identifier: MIT
/// @file fall.hpp
/// @brief Fall: from a dry standable position, step aside into open air
/// (clear, unsupported) and drop to the first supported position below: a
/// waypoint if the drop is at most max_fall voxels, or into water at most
/// max_fall_into_water (no limit by default).
/// Costs the walk onto the landing's floor plus the air time sqrt(2k / gravity).
/// A fall is one-way: its predecessors are found by scanning up from the
/// landing through the open column (unbounded over water).
/// Its block forms fall from a side dug open, and dig down (Fall::DigDown).
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
            // A cobweb in the drop catches the body (shaped.hpp): no fall through one.
            if (g.t.any_stuck && !ft.supported() && g.all.shape_fact(t, 0).stuck()) break;
            if (ft.supported()) {
                if (!ft.node()) break;
                // Onto shaped blocks far below (near ones make p's chunk
                // shaped) the drop is measured to the real surface.
                const ShapeFact e = g.all.shape_fact(t, 0);
                if (e.stuck()) break;  // a cobweb holds the body: no fall ends in one
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

    // --- Shaped form (agent/moves/shaped.hpp): heights in sixteenths. ---
    /// A side step down that no level move claimed: a fall (never from
    /// water), walk + sqrt(2 drop / gravity), if the drop is at most
    /// max_fall, or max_fall_into_water into water.
    template <class L, class From, class Step, class Emit>
    static bool shaped_side(const L& l, const From& from, const Step& s, Emit& emit) {
        if (s.rise >= 0) return false;
        const std::int64_t drop = -s.rise;
        if (l.a.fall && !from.pw && (drop <= 16.0 * l.a.max_fall || (s.fq.water() && drop <= 16.0 * l.a.max_fall_into_water)))
            l.onto(s.q, l.t.step[s.fq.floor_class()] + l.air(drop), Action::Fall, emit);
        return true;
    }

    /// Block form (agent/moves/block_look.hpp): from body(q) open or dug and
    /// q unsupported, straight down through open voxels to the first
    /// supported position, at most max_fall voxels (nothing is dug in the air).
    template <class BG>
    static void block_side(const BG& g, int) {
        if (!g.q_ok || g.cq != BlockLook::no_floor || !g.a.fall) return;
        for (int k = 1; k <= g.a.max_fall; ++k) {
            const Voxel t(g.q.x, g.q.y - k, g.q.z);
            if (!g.look.open_box(g.b, g.p, t, g.layer())) break;
            const int ct = g.look.support(g.b, t);
            if (ct != BlockLook::no_floor) {
                g.send(t, g.walk * g.floor[ct] + g.air_time(k) + g.q_cost, Action::Fall, 0);
                break;
            }
        }
    }

    /// The fall's digging-down forms, for an agent that digs: one voxel down
    /// beside (digging the step below q and body(q)), after the side's other
    /// moves, and straight down (digging the floor), after the jumps.
    struct DigDown : Rule {
        template <class BG>
        static void block_side(const BG& g, int) {
            if (!g.a.dig || !g.a.fall) return;
            const BlockLook& l = g.look;
            l.dug().clear();
            double cost = 0.0;
            const Voxel t(g.q.x, g.q.y - 1, g.q.z);
            if (!l.take_box(g.b, g.p, t, Voxel(l.width(), l.body() + 1, l.width()), cost) || !l.safe_to_dig(g.b, g.p, 0)) return;
            bool step_dug = false;  // else it was the walk or fall of the plain block form
            for (const Voxel& v : l.dug()) step_dug = step_dug || v.y == t.y;
            const int ct = l.support(g.b, t);
            if (step_dug && ct != BlockLook::no_floor) g.send(t, g.walk * g.floor[ct] + g.air_time(1) + cost, Action::Fall, 0);
        }
        template <class BG>
        static void block_after_sides(const BG& g) {
            if (!g.a.dig || !g.a.fall) return;
            const BlockLook& l = g.look;
            l.dug().clear();
            double cost = 0.0;
            const Voxel t(g.p.x, g.p.y - 1, g.p.z);
            if (!l.take_box(g.b, g.p, t, g.layer(), cost) || l.dug().empty() || !l.safe_to_dig(g.b, g.p, 0)) return;
            const int ct = l.support(g.b, t);
            if (ct != BlockLook::no_floor) g.send(t, g.walk * g.floor[ct] + g.air_time(1) + cost, Action::Fall, 0);
        }
    };

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
            if (b.t.any_stuck && b.f.shape_fact(u, 0).stuck()) break;  // caught in a cobweb on the way down
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
    static int span(const AgentProfile&) { return 1; }
    /// Plain floor's sides are walls or supported: no fall starts there.
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile&) { return true; }
};

}  // namespace voxnav::moves
