// SPDX-License-Identifier: MIT
/// @file level.hpp
/// @brief Level: walk or swim to a neighbour at the same height, along an
/// axis (1 voxel) or, for agents with `diagonal`, diagonally (sqrt 2 voxels,
/// never cutting a corner: both side neighbours must be clear). Onto a dry
/// standable position it is a walk costing multiplier(floor) / walk_speed per
/// voxel; onto a standable position in water a swim, 1 / swim_speed per voxel.
/// Its block form walks through what an agent that digs breaks on the way.
///
/// The only grid-like rule: on plain floor (facts/plain_floor.hpp) its walks
/// are exactly the moves of an 8-connected grid at one cost.
#pragma once

#include "agent/moves/context.hpp"

#include <cstdint>

namespace voxnav::moves {

struct Level : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.walk || a.swim; }

    /// The move onto `to` along an axis (diagonal: false) or a diagonal, if the
    /// agent has it: its action and cost. False when it has none.
    [[nodiscard]] VOXNAV_INLINE static bool onto(const MoveTables& t, const AgentProfile& a, Fact to, bool diagonal,
                                                 Action& action, double& cost) {
        if (to.water()) {
            if (!a.swim) return false;
            action = Action::Swim;
            cost = diagonal ? t.swim_diag : t.swim_axis;
            return true;
        }
        if (!a.walk) return false;
        action = Action::Walk;
        cost = diagonal ? t.walk_diag[to.floor_class()] : t.step[to.floor_class()];
        return true;
    }
    /// The cost of a walk onto a dry floor of this fact (jump points price runs with it).
    [[nodiscard]] VOXNAV_INLINE static double walk_cost(const MoveTables& t, Fact to, bool diagonal) {
        return diagonal ? t.walk_diag[to.floor_class()] : t.step[to.floor_class()];
    }
    /// A straight walk of `length` voxels at one level over floors whose
    /// multiplier is at most `multiplier` (smoothed segments) [Units: seconds].
    [[nodiscard]] static double straight_walk_cost(const AgentProfile& a, double length, double multiplier) {
        return length / a.walk_speed * multiplier;
    }
    /// Where a walk may go: a dry standable position. Smoothing sweeps only these.
    [[nodiscard]] static bool walkable(Fact f) { return f.dry_standable(); }

    template <class G, class Emit>
    VOXNAV_INLINE static void side(const G& g, int d, Emit& emit) {
        const Fact fq = g.side_fact[d];
        if (!fq.standable()) return;
        if (fq.water()) {
            if (g.a.swim) emit(g.side[d], g.t.swim_axis, Action::Swim);
        } else if (g.a.walk) {
            emit(g.side[d], g.t.step[fq.floor_class()], Action::Walk);
        }
    }

    template <class G, class Emit>
    VOXNAV_INLINE static void after_sides(const G& g, Emit& emit) {
        if (!(g.a.diagonal && (g.a.walk || g.a.swim))) return;
        for (int d = 0; d < 4; ++d) {
            const int dx = diag_dx[d], dz = diag_dz[d];
            const Index q = g.f.at(g.p, dx, 0, dz);
            const Fact fq = g.f[q];
            if (!fq.standable()) continue;
            // Sides: +x is axis 0, -x axis 1, +z axis 2, -z axis 3.
            if (!g.side_fact[dx > 0 ? 0 : 1].clear() || !g.side_fact[dz > 0 ? 2 : 3].clear()) continue;
            if (fq.water()) {
                if (g.a.swim) emit(q, g.t.swim_diag, Action::Swim);
            } else if (g.a.walk) {
                emit(q, g.t.walk_diag[fq.floor_class()], Action::Walk);
            }
        }
    }

    // --- Shaped form (agent/moves/shaped.hpp): heights in sixteenths. ---
    /// A level side move reaches stairs half a voxel above the step height.
    template <class L>
    static int shaped_rise(const L& l, bool) { return l.step16 + 8; }
    /// Whether the side step `s` from `from` is this rule's: a level walk or
    /// swim (|rise| <= step), or a walk up a stair whose low face looks back
    /// at the start or down off a stair towards its low face (|rise| - 8/16
    /// <= step) onto dry floor. Decided by the surfaces alone, as the
    /// backward forms (ShapedBack) rely on.
    template <class L, class From, class Step>
    [[nodiscard]] static bool shaped_claims(const L& l, const From& from, const Step& s) {
        const std::int64_t r = s.rise;
        if (r >= 0)
            return r <= l.step16 || (!s.fq.water() && l.a.walk && (l.shape(s.q).stair_faces() & (1u << (s.d ^ 1))) && r - 8 <= l.step16);
        return -r <= l.step16 || (!s.fq.water() && l.a.walk && (from.ep.stair_faces() & (1u << s.d)) && -r - 8 <= l.step16);
    }
    template <class L, class From, class Step, class Emit>
    static bool shaped_side(const L& l, const From& from, const Step& s, Emit& emit) {
        if (!shaped_claims(l, from, s)) return false;
        if ((s.rise < 0 ? -s.rise : s.rise) <= l.step16) l.level(s.q, s.fq, false, emit);
        else l.onto(s.q, l.t.step[s.fq.floor_class()], Action::Walk, emit);  // a stair
        return true;
    }
    /// Diagonal level walks and swims (|rise| <= step) when neither end nor
    /// corner holds a door and both corner columns are free over the higher
    /// end's body. (A closed door the agent opens is no obstacle in the free
    /// test, as it is opened where a body enters it; a diagonal would pass
    /// its corner unopened, so doors take axis moves only.)
    template <class L, class From, class Emit>
    static void shaped_after_sides(const L& l, const From& from, Emit& emit) {
        const AgentProfile& a = l.a;
        if (!(a.diagonal && (a.walk || a.swim)) || from.ep.door()) return;
        for (int d = 0; d < 4; ++d) {
            const int dx = diag_dx[d], dz = diag_dz[d];
            const Index q = l.at(from.p, dx, 0, dz);
            const Fact fq = l.fact(q);
            if (!fq.standable() || l.shape(q).door()) continue;
            const std::int64_t sp = from.sp, sq = l.surface(q);
            const std::int64_t r = sq - sp, top = sp > sq ? sp : sq;
            if ((r < 0 ? -r : r) > l.step16) continue;
            const Index cx = l.at(from.p, dx, 0, 0), cz = l.at(from.p, 0, 0, dz);
            if (l.shape(cx).door() || l.shape(cz).door()) continue;
            if (!l.free(from.p, sp, top + l.h16) || !l.free(q, sq, top + l.h16) || !l.free(cx, top, top + l.h16) ||
                !l.free(cz, top, top + l.h16))
                continue;
            l.level(q, fq, true, emit);
        }
    }

    /// Block form (agent/moves/block_look.hpp): a walk into body(q) open or
    /// dug, onto a supported q.
    template <class BG>
    static void block_side(const BG& g, int) {
        if (g.q_ok && g.cq != BlockLook::no_floor && g.a.walk) g.send(g.q, g.walk * g.floor[g.cq] + g.q_cost, Action::Walk, 0);
    }

    template <class Emit>
    static void backward(const Back& b, Emit& emit) {
        if (!b.ft.standable()) return;
        Action action{};
        double axis = 0.0, diag = 0.0;
        if (!onto(b.t, b.a, b.ft, false, action, axis)) return;
        (void)onto(b.t, b.a, b.ft, true, action, diag);  // the same action as along an axis
        for (int d = 0; d < 4; ++d) {
            const Index s = b.at(b.to, -axis_dx[d], 0, -axis_dz[d]);
            if (b[s].standable()) emit(s, axis, action);
        }
        if (!b.a.diagonal) return;
        for (int d = 0; d < 4; ++d) {
            const int dx = diag_dx[d], dz = diag_dz[d];
            const Index s = b.at(b.to, -dx, 0, -dz);
            if (b[s].standable() && b[b.at(s, dx, 0, 0)].clear() && b[b.at(s, 0, 0, dz)].clear()) emit(s, diag, action);
        }
    }

    static void bound(const AgentProfile& a, BoundTerms& terms) {
        if (a.walk) terms.add_rate(1.0 / a.walk_speed);
        if (a.swim) terms.add_rate(1.0 / a.swim_speed);
        terms.diagonal |= a.diagonal;
    }
    static void reach(const AgentProfile&, ReadReach& r) { r.cover(1, 0, 0); }
    static int span(const AgentProfile&) { return 1; }
    /// Grid-like when the agent walks with diagonals (8-connected).
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile& a) { return a.walk && a.diagonal; }
};

}  // namespace voxnav::moves
