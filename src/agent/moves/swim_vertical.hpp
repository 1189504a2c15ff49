// SPDX-License-Identifier: MIT
/// @file swim_vertical.hpp
/// @brief SwimVertical: from a standable position in water, swim straight up
/// or down one voxel onto a standable position, at 1 / swim_speed.
#pragma once

#include "agent/moves/context.hpp"

namespace voxnav::moves {

struct SwimVertical : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.swim; }

    template <class G, class Emit>
    VOXNAV_INLINE static void after_sides(const G& g, Emit& emit) {
        if (!(g.a.swim && g.fp.water())) return;
        const Index up = g.f.at(g.p, 0, 1, 0), down = g.f.at(g.p, 0, -1, 0);
        if (g.f[up].standable()) emit(up, g.t.swim_axis, Action::Swim);
        if (g.f[down].standable()) emit(down, g.t.swim_axis, Action::Swim);
    }

    /// Shaped form (agent/moves/shaped.hpp): the same, opening a door when the body needs it.
    template <class L, class From, class Emit>
    static void shaped_after_sides(const L& l, const From& from, Emit& emit) {
        if (!(l.a.swim && from.pw)) return;
        for (int dy = -1; dy <= 1; dy += 2) {
            const Index q = l.at(from.p, 0, dy, 0);
            if (l.fact(q).standable()) l.onto(q, l.t.swim_axis, Action::Swim, emit);
        }
    }

    template <class Emit>
    static void backward(const Back& b, Emit& emit) {
        if (!b.a.swim || !b.ft.standable()) return;
        for (int dy = -1; dy <= 1; dy += 2) {
            const Index s = b.at(b.to, 0, dy, 0);
            const Fact fs = b[s];
            if (fs.standable() && fs.water()) emit(s, b.t.swim_axis, Action::Swim);
        }
    }

    static void bound(const AgentProfile& a, BoundTerms& terms) {
        if (a.swim) terms.add_climb(1.0 / a.swim_speed);  // no horizontal progress
    }
    static void reach(const AgentProfile&, ReadReach& r) { r.cover(0, 1, 1); }
    static int span(const AgentProfile&) { return 0; }
    /// Plain floor is dry: no vertical swim starts there.
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile&) { return true; }
};

}  // namespace voxnav::moves
