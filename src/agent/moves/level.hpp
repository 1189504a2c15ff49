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
    /// Grid-like when the agent walks with diagonals (8-connected).
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile& a) { return a.walk && a.diagonal; }
};

}  // namespace voxnav::moves
