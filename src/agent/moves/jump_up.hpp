// SPDX-License-Identifier: MIT
/// @file jump_up.hpp
/// @brief JumpUp: from a standable position, jump up k voxels (1 to
/// jump_height; 1 at most out of water) onto a dry standable position one
/// voxel aside, when the k voxels above the start are clear (headroom).
/// Costs the walk onto the landing's floor plus the air time sqrt(2k / gravity).
/// Its block form digs the headroom and the landing's body for an agent that digs.
#pragma once

#include "agent/moves/context.hpp"

#include <algorithm>
#include <cmath>

namespace voxnav::moves {

struct JumpUp : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.jump; }
    /// The highest jump from a position with this fact.
    [[nodiscard]] static int max_rise(const AgentProfile& a, Fact from) { return max_rise(a.jump_voxels(), from); }
    [[nodiscard]] static int max_rise(int jump_voxels, Fact from) { return from.water() ? std::min(1, jump_voxels) : jump_voxels; }
    /// How high above its waypoint an agent may be in the middle of a jump
    /// (the profile's jump_height, whether or not it jumps now) [Units: voxels]:
    /// how far snapping looks down under an agent in the air.
    [[nodiscard]] static int air_height(const AgentProfile& a) { return int(std::ceil(a.jump_height)); }
    /// Where a jump up lands: a dry standable position (plain floor asks this).
    [[nodiscard]] static bool lands_on(Fact f) { return f.dry_standable(); }

    template <class G, class Emit>
    VOXNAV_INLINE static void side(const G& g, int d, Emit& emit) {
        if (!g.a.jump) return;
        const int kmax = max_rise(g.t.jump_voxels, g.fp);
        const Index q = g.side[d];
        for (int k = 1; k <= kmax; ++k) {
            if (!g.f[g.f.at(g.p, 0, k, 0)].clear()) break;
            const Index t = g.f.at(q, 0, k, 0);
            const Fact ft = g.f[t];
            if (lands_on(ft)) emit(t, g.t.step[ft.floor_class()] + std::sqrt(k * g.t.inv_gravity2), Action::Jump);
        }
    }

    // --- Shaped form (agent/moves/shaped.hpp): heights in sixteenths. ---
    /// The highest jump near shaped blocks: jump_height, one voxel out of water.
    template <class L>
    static int shaped_rise(const L& l, bool from_water) {
        return l.a.jump ? (from_water ? std::min(16, l.jump16) : l.jump16) : 0;
    }
    /// A side step up that no level move claimed: a jump onto dry floor,
    /// walk + sqrt(2 rise / gravity).
    template <class L, class From, class Step, class Emit>
    static bool shaped_side(const L& l, const From& from, const Step& s, Emit& emit) {
        if (s.rise < 0) return false;
        // From honey (a floor that lowers jumps) only as high as it lets the body.
        if (from.ep.low_jump() && s.rise > l.low_jump16) return true;
        if (!s.fq.water() && l.a.jump && s.rise <= shaped_rise(l, from.pw))
            l.onto(s.q, l.t.step[s.fq.floor_class()] + l.air(s.rise), Action::Jump, emit);
        return true;
    }

    /// Block form (agent/moves/block_look.hpp): for each side d and rise k,
    /// the k layers above body(p) and body(t) open or dug, t supported.
    template <class BG>
    static void block_after_sides(const BG& g) {
        if (!g.a.jump) return;
        const BlockLook& l = g.look;
        for (int d = 0; d < 4; ++d)
            for (int k = 1; k <= l.jump(); ++k) {
                const Voxel t(g.p.x + axis_dx[d], g.p.y + k, g.p.z + axis_dz[d]);
                const Voxel above(g.p.x, g.p.y + l.body(), g.p.z), rise(l.width(), k, l.width());
                l.dug().clear();
                double cost = 0.0;
                const bool ok = g.a.dig ? l.take_box(g.b, g.p, above, rise, cost) && l.take_box(g.b, g.p, t, g.body(), cost) &&
                                              l.safe_to_dig(g.b, g.p, 0)
                                        : l.open_box(g.b, g.p, above, rise) && l.open_box(g.b, g.p, t, g.body());
                const int ct = ok ? l.support(g.b, t) : BlockLook::no_floor;
                if (ct != BlockLook::no_floor) g.send(t, g.walk * g.floor[ct] + g.air_time(k) + cost, Action::Jump, 0);
            }
    }

    template <class Emit>
    static void backward(const Back& b, Emit& emit) {
        if (!b.a.jump || !lands_on(b.ft)) return;
        for (int d = 0; d < 4; ++d)
            for (int k = 1; k <= b.a.jump_voxels(); ++k) {
                const Index s = b.at(b.to, -axis_dx[d], -k, -axis_dz[d]);
                const Fact fs = b[s];
                if (!fs.standable() || k > max_rise(b.a, fs)) continue;
                bool headroom = true;
                for (int j = 1; j <= k && headroom; ++j) headroom = b[b.at(s, 0, j, 0)].clear();
                if (headroom) emit(s, b.t.step[b.ft.floor_class()] + std::sqrt(k * b.t.inv_gravity2), Action::Jump);
            }
    }

    static void bound(const AgentProfile& a, BoundTerms& terms) {
        if (!a.jump) return;
        terms.add_rate(1.0 / a.walk_speed);
        // Per voxel gained, a jump of k pays sqrt(2k / gravity) over its walk:
        // least per voxel at k = jump_height.
        if (a.jump_voxels() >= 1) terms.add_climb(std::sqrt(2.0 / (a.gravity * double(a.jump_voxels()))));
    }
    static void reach(const AgentProfile& a, ReadReach& r) { r.cover(1, a.jump ? a.jump_voxels() : 0, 0); }
    static int span(const AgentProfile&) { return 1; }
    /// Plain floor has no dry standable position 1..kPlainJump above a side
    /// (jump points test higher jumps themselves): no jump up starts there.
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile&) { return true; }
};

}  // namespace voxnav::moves
