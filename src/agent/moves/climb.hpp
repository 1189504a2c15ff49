// SPDX-License-Identifier: MIT
/// @file climb.hpp
/// @brief Climb (agents with `climb`): from a position whose feet are in a
/// climbable block (a ladder, vines: ShapeFact::hold) straight up one voxel,
/// and down one voxel into such a position, at (rise) / climb_speed. A shaped
/// form only (agent/moves/shaped.hpp): climbable blocks make their chunks
/// shaped, so the plain forms never meet one.
///
/// Bound: climbs make no horizontal progress; near shaped blocks the climb
/// term of the lower bound is 0 (MovementModel::bind_bound), and a pure
/// flyer's 3D bound takes climb_speed into its rate where shaped blocks are
/// (MovementModel::bind_bound).
#pragma once

#include "agent/moves/context.hpp"

#include <cstdint>

namespace voxnav::moves {

struct Climb : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.climb; }
    /// Climbs exist only near shaped blocks: whether an agent "only flies"
    /// (open-sky pruning, MovementModel::only_flies) does not count them.
    static constexpr bool near_shapes_only = true;

    template <class L, class From, class Emit>
    static void shaped_after_sides(const L& l, const From& from, Emit& emit) {
        const AgentProfile& a = l.a;
        if (!a.climb) return;
        const Index up = l.at(from.p, 0, 1, 0), down = l.at(from.p, 0, -1, 0);
        const Fact fu = l.fact(up), fd = l.fact(down);
        const std::int64_t sp = from.sp;
        if (from.ep.hold() && fu.standable()) {
            const std::int64_t su = l.surface(up);
            if (su > sp && l.free(from.p, sp, su + l.h16)) l.onto(up, double(su - sp) / 16.0 * (1.0 / a.climb_speed), Action::Climb, emit);
        }
        if (fd.standable() && l.shape(down).hold()) {
            const std::int64_t sd = l.surface(down);
            if (sd < sp && l.free(down, sd, sp + l.h16)) l.onto(down, double(sp - sd) / 16.0 * (1.0 / a.climb_speed), Action::Climb, emit);
        }
    }

    // No plain form.
    template <class Emit>
    static void backward(const Back&, Emit&) {}
    static void bound(const AgentProfile&, BoundTerms&) {}
    static void reach(const AgentProfile&, ReadReach&) {}
    static int span(const AgentProfile&) { return 0; }
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile&) { return true; }
};

}  // namespace voxnav::moves
