// SPDX-License-Identifier: MIT
/// @file shaped.hpp
/// @brief What the rules' shaped forms share near shaped blocks (slabs,
/// stairs, fences, ladders, doors, damaging floors): the reads of real
/// heights (ShapedLook), the side scan every side move shares, whose targets
/// the rules claim (ShapedGround), and the backward forms (ShapedBack).
/// Each rule's own shaped form, beside its whole-voxel form, is in its file:
/// Level (level and stair walks, swims, diagonals), JumpUp (jumps), Fall
/// (falls), Climb (ladders), SwimVertical. MovementModel takes the shaped
/// forms for every position of a chunk that carries shape facts
/// (NavSnapshot::shaped), and the plain forms elsewhere; on full blocks both
/// give the same moves.
///
/// Heights are sixteenths of a voxel: a position's *surface* s is where its
/// feet are (facts/fact.hpp), h the agent's height (rounded up), `step` and
/// `jump` the profile's step_height and jump_height (rounded down).
///
/// The shaped moves, rule by rule (each in its own file):
/// - Side moves (4 axis directions) to a position q of the side column:
///   - up or level (s_q >= s_p): the column over p must be free from s_p to
///     s_q + h (the body lifted in place). A rise r <= step is a walk (a swim
///     into water); a stair whose low face looks at p is walked up when
///     r - 8/16 <= step; otherwise a rise up to `jump` (1 out of water) onto
///     dry floor is a jump, walk + sqrt(2 r / gravity).
///   - down: the side column must be free from s_p to s_p + h (stepping
///     aside); the agent then drops to the first supported position below.
///     A drop <= step is a walk (a swim into water), so is a stair walked
///     down towards its low face (drop - 8/16 <= step); a longer one is a
///     fall (never from water), walk + sqrt(2 drop / gravity), taken if the
///     drop is at most max_fall, or max_fall_into_water into water.
/// - Diagonals: level walks and swims (|r| <= step) when neither end holds
///   a door and both corner columns are free over the higher end's body.
/// - Climb (agents with `climb`): from a position whose feet are in a
///   climbable block straight up one voxel, and down one voxel into such a
///   position; (rise) / climb_speed.
/// - Open: a move into a position whose body fits only once a door the
///   agent opens is opened also opens it (MoveTag's WorldAct::Open) and
///   costs open_time more.
/// - Leaps (Leap, leap.hpp): level leaps over open gaps, in sixteenths;
///   never from, over or onto a door.
/// - Slow blocks (a cobweb: ShapeFact::stuck, a block in the body slows
///   it): walks, swims and falls leave such a position, walks and swims
///   enter it, priced by the time the body spends inside (slow_cost); no
///   jump, climb or leap starts or ends there, and no fall ends in one or
///   passes through one (the body would be caught and sink at
///   BlockShape::inside_vspeed x its walking speed: 13 s a voxel in a
///   cobweb, measured; docs/movement.md, "Slow blocks").
///
/// Backward forms (ShapedBack, what MovementModel::for_each_predecessor reads
/// for a source taking these rules): the level side moves (walks and swims
/// with |rise| <= step, stair walks up and down, opening included) and the
/// straight up and down moves (climbs, vertical swims). Jumps, falls, leaps
/// and diagonals have none: their sources are expanded forwards (the fallback).
///
/// Thread-safety: pure functions of immutable data. Errors: none.
#pragma once

#include "agent/moves/climb.hpp"
#include "agent/moves/context.hpp"
#include "agent/moves/level.hpp"
#include "agent/moves/swim_vertical.hpp"

#include <algorithm>

#include <cmath>
#include <cstdint>

namespace voxnav::moves {

/// Reads of positions anywhere, with their surfaces, for the shaped rules.
struct ShapedLook {
    const NavSnapshot& f;
    const MoveTables& t;
    const AgentProfile& a;
    int h16, body, step16, jump16;  ///< AgentProfile's heights, rounded once (see profile.hpp)
    /// The highest jump from a floor that lowers jumps (ShapeFact::low_jump:
    /// honey): jump height times the least jump factor in use.
    int low_jump16;
    /// Some block type slows a body inside it (a cobweb): only then are
    /// moves checked for ShapeFact::stuck.
    bool any_stuck;
    /// Seconds per voxel a body moves up or down inside such a block: 1 /
    /// (least inside_vspeed x walk_speed), never below a swim's 1 /
    /// swim_speed (so the lower bound holds). [Units: s/voxel]
    double inside_vstep;

    [[nodiscard]] Index at(Index i, int dx, int dy, int dz) const { return f.offset(i, dx, dy, dz); }
    [[nodiscard]] Fact fact(Index i) const { return f[i]; }
    /// Stored near shaped blocks, ShapeFact::plain() elsewhere (no stair,
    /// door or ladder, offset 0).
    [[nodiscard]] ShapeFact shape(Index i) const { return f.shape_fact(i, body); }
    /// Surface of position i [Units: 1/16 voxel, absolute].
    [[nodiscard]] std::int64_t surface(Index i) const { return std::int64_t(f.voxel_of(i).y) * 16 + shape(i).offset(); }
    /// Air time of a jump or drop of `height16` sixteenths. [Units: seconds]
    [[nodiscard]] double air(std::int64_t height16) const { return std::sqrt(double(height16) / 16.0 * t.inv_gravity2); }

    /// Whether the footprint column of position i is free of anything that
    /// blocks the body over [lo, hi) (absolute sixteenths, lo in i's range
    /// [y - 8, y + 8) or above). Chains the positions upwards.
    [[nodiscard]] bool free(Index i, std::int64_t lo, std::int64_t hi) const {
        std::int64_t pos = lo;
        const std::int64_t y0 = f.voxel_of(i).y;
        for (int guard = 0; guard < 256 && pos < hi; ++guard) {
            // The position whose range [y - 8, y + 8) holds pos.
            const std::int64_t y = (pos + 8) >> 4;
            const Index m = f.offset(i, 0, int(y - y0), 0);
            if (!f.shaped(m)) {
                // Full blocks only around here: whole voxels, `body` at a time.
                const std::int64_t cell = pos >> 4;
                if (!f[f.offset(i, 0, int(cell - y0), 0)].clear()) return false;
                pos = (cell + body) * 16;
                continue;
            }
            const ShapeFact e = shape(m);
            const std::int64_t s = y * 16 + e.offset();
            if (s > pos && (e.topped() || e.headroom() == 0)) return false;
            const std::int64_t end = s + std::int64_t(e.headroom());
            if (end <= pos) return false;
            pos = end;
        }
        return pos >= hi;
    }

    /// Emits the move onto waypoint q, opening the door first when q's body needs a door opened.
    template <class Emit>
    void onto(Index q, double cost, MoveTag action, Emit& emit) const {
        if (shape(q).needs_open()) {
            cost += a.open_time;
            action = action.with(WorldAct::Open);
        }
        emit(q, cost, action);
    }
    /// The walk or swim onto q (Level::onto's costs), if the agent has it.
    template <class Emit>
    void level(Index q, Fact fq, bool diagonal, Emit& emit) const {
        Action action{};
        double cost = 0.0;
        if (Level::onto(t, a, fq, diagonal, action, cost)) onto(q, cost, action, emit);
    }
};

/// A standable position expanded by the shaped forms: its fact, shape and
/// surface, and whether it is in water.
struct ShapedFrom {
    Index p;
    Fact fp;
    ShapeFact ep;
    std::int64_t sp;  ///< [Units: 1/16 voxel, absolute]
    bool pw;

    ShapedFrom(const ShapedLook& L, Index at, Fact f) : p(at), fp(f), ep(L.shape(at)), sp(L.surface(at)), pw(f.water()) {}
};

/// The part of a one-voxel move into or out of a position whose body is in
/// a slowing block that the body spends inside it: a Minecraft body 0.6
/// wide overlaps a one-voxel column over 1 + 0.6 voxels of its path, half
/// of that on each move (docs/movement.md, "Slow blocks"). [Limit: 0..1]
inline constexpr double slow_share = 0.8;

/// The cost of a move from `from` onto q that its rule priced `cost` (the
/// walk at q's floor class, as every move), once a slowing block in the
/// body at either end (ShapeFact::stuck) is counted: the share of the move
/// spent inside goes at the block's speed (its class multiplier m, whose
/// block part is 1 / BlockShape::inside_speed), the rest at the open rate.
/// Horizontal walks, swims and falls (whose walk off the ledge is the part
/// inside): entering, 1 + share (m_q - 1) of the open time; leaving, q's
/// own rate plus share (m_p - 1); within, the dearer of the two. Straight
/// up or down (vertical swims), the share at ShapedLook::inside_vstep.
/// Moves touching no slowing block keep their cost. Jumps, climbs and
/// leaps never start or end in one (ShapedGround filters them).
/// [Units: seconds]
[[nodiscard]] inline double slow_cost(const ShapedLook& L, const ShapedFrom& from, Index q, double cost, MoveTag tag) {
    const bool in_p = from.ep.stuck(), in_q = L.shape(q).stuck();
    if (!in_p && !in_q) return cost;
    const double share = in_p && in_q ? 1.0 : slow_share;
    const Voxel vp = L.f.voxel_of(from.p), vq = L.f.voxel_of(q);
    const int dx = vq.x - vp.x, dz = vq.z - vp.z;
    if (dx == 0 && dz == 0) return cost + share * (L.inside_vstep - L.t.swim_axis);  // a vertical swim
    const bool swim = tag.motion() == Action::Swim;
    const double base = (dx != 0 && dz != 0 ? 1.4142135623730951 : 1.0) * (swim ? L.t.swim_axis : L.t.step[0]);
    const double mp = L.t.step[from.fp.floor_class()] / L.t.step[0], mq = L.t.step[L.fact(q).floor_class()] / L.t.step[0];
    const double charged = swim ? 1.0 : mq;  // what the rule priced: a walk at q's class, a swim at 1
    double rate = 0.0;
    if (in_p && in_q) rate = std::max(mp, mq);
    else if (in_q) rate = 1.0 + share * (mq - 1.0);
    else rate = charged + share * (mp - 1.0);
    return cost + base * (rate - charged);
}

/// A side target the shaped scan found: standable q, one column aside in
/// axis direction d, its surface `rise` sixteenths above the start's (below
/// when negative: the body stepped aside and dropped there).
struct ShapedStep {
    Index q;
    Fact fq;
    std::int64_t rise;
    int d;
};

/// The shaped forms of the rule list `Rules` from one standable position: the
/// side scan (the geometry every side move shares), whose targets the rules
/// claim in list order (Level: level and stair walks; JumpUp: jumps; Fall:
/// falls), then each rule's moves after the sides (Level: diagonals; Climb;
/// SwimVertical).
template <class Rules>
struct ShapedGround {
    /// How far above the start the side scan looks: the highest rise of the rules [Units: 1/16 voxel].
    [[nodiscard]] static int max_rise(const ShapedLook& L, bool from_water) {
        int m = 0;
        Rules::each([&](auto rule) { m = std::max(m, rule.shaped_rise(L, from_water)); });
        return m;
    }
    /// Hands side target `s` to the first rule that claims it.
    template <class Emit>
    static void side(const ShapedLook& L, const ShapedFrom& from, const ShapedStep& s, Emit& emit) {
        bool claimed = false;
        Rules::each([&](auto rule) {
            if (!claimed) claimed = rule.shaped_side(L, from, s, emit);
        });
    }

    template <class Emit>
    static void moves(const ShapedLook& L, Index p, Fact fp, Emit& emit_any) {
        const ShapedFrom from(L, p, fp);
        // A body in a slowing block (a cobweb: ShapeFact::stuck) walks,
        // swims or falls out of it and walks or swims into it, priced by the
        // time inside (slow_cost); no jump, climb or leap starts or ends
        // there, no fall ends there (falls through one end in the scan below).
        auto emit = [&](Index q, double cost, MoveTag a) {
            if (!L.any_stuck) return emit_any(q, cost, a);
            const Action m = a.motion();
            const bool in_q = L.shape(q).stuck();
            if (m == Action::Walk || m == Action::Swim || (m == Action::Fall && !in_q)) return emit_any(q, slow_cost(L, from, q, cost, a), a);
            if (!from.ep.stuck() && !in_q) emit_any(q, cost, a);
        };
        const std::int64_t sp = from.sp;
        const int max_up = max_rise(L, from.pw);
        for (int d = 0; d < 4; ++d) {
            const int dx = axis_dx[d], dz = axis_dz[d];
            // Up or level: the column over p free from its surface to the
            // target's body top (the body lifted in place).
            for (int k = 0; k * 16 - 8 <= max_up; ++k) {
                const Index q = L.at(p, dx, k, dz);
                const Fact fq = L.fact(q);
                if (!fq.standable()) continue;
                const std::int64_t r = L.surface(q) - sp;
                if (r < 0 || !L.free(p, sp, sp + r + L.h16)) continue;
                side(L, from, ShapedStep{q, fq, r, d}, emit);
            }
            // Down: step aside (the side column free over the body), drop to
            // the first supported position.
            const Index q0 = L.at(p, dx, 0, dz);
            if (!L.free(q0, sp, sp + L.h16)) continue;
            Index q = q0;
            for (int k = 0; k < (1 << 21); ++k, q = L.at(q, 0, -1, 0)) {
                const Fact fq = L.fact(q);
                if (k > 0 && !fq.clear()) break;
                if (!fq.supported()) {
                    if (L.any_stuck && L.shape(q).stuck()) break;  // a cobweb in the drop catches the body
                    continue;  // (the void is not clear: the scan ends there)
                }
                const std::int64_t sq = L.surface(q);
                if (k == 0 && (sq >= sp || !L.free(q, sq, sp + L.h16))) break;
                if (fq.standable()) side(L, from, ShapedStep{q, fq, sq - sp, d}, emit);
                break;
            }
        }
        Rules::each([&](auto rule) { rule.shaped_after_sides(L, from, emit); });
    }
};

/// Backward forms of the shaped level and climb moves: given a target `to`
/// and one position s that could start a move into it, the moves
/// ShapedGround::moves(s) makes into `to` of these kinds, with the same cost,
/// tag and order, found without expanding s. Both ends are standable and s
/// takes the shaped rules (MovementModel::for_each_predecessor decides).
///
/// - side(): s beside `to` along axis direction d (`to` is s + (dx, any, dz)),
///   when side_is_level() says the one side move s has into `to` (if any) is
///   Level's (a level walk or swim or a stair walk), never a jump or a fall;
/// - vertical(): s one voxel above or below `to`: climbs and vertical swims
///   (every move ShapedGround makes straight up or down).
///
/// Jumps, falls, diagonals and leaps near shaped blocks have no backward
/// form: their predecessors come from expanding the sources forwards.
template <class Rules>
struct ShapedBack {
    /// Whether the side move from s into `to` (`to` one voxel away from s in
    /// axis direction d, at any height), if ShapedGround makes one, is
    /// Level's: decided by the two surfaces alone (Level::shaped_claims).
    /// `from`: the source s, read once for this and side().
    [[nodiscard]] static bool side_is_level(const ShapedLook& L, const ShapedFrom& from, Index to, Fact ft, int d) {
        return Level::shaped_claims(L, from, ShapedStep{to, ft, L.surface(to) - from.sp, d});
    }

    /// Emits the level or stair move from s into `to` that ShapedGround makes,
    /// if it makes one (side_is_level(L, from, to, ft, d) must hold).
    template <class Emit>
    static void side(const ShapedLook& L, const ShapedFrom& from, Index to, Fact ft, int d, Emit& emit) {
        const Index s = from.p;
        const int dx = axis_dx[d], dz = axis_dz[d];
        const std::int64_t sp = from.sp, sq = L.surface(to);
        // ShapedGround's pricing of walks and swims into or out of a slowing block.
        auto priced = [&](Index q, double c, MoveTag a) { emit(q, L.any_stuck ? slow_cost(L, from, q, c, a) : c, a); };
        const std::int64_t ky = std::int64_t(L.f.voxel_of(to).y) - L.f.voxel_of(s).y;  // how far `to` lies above s [Units: voxels]
        if (sq >= sp) {
            // ShapedGround's up-or-level scan, at the one k that lands on `to`.
            const int max_up = ShapedGround<Rules>::max_rise(L, from.pw);
            if (ky < 0 || ky * 16 - 8 > max_up || !L.free(s, sp, sq + L.h16)) return;
            Level::shaped_side(L, from, ShapedStep{to, ft, sq - sp, d}, priced);
            return;
        }
        // ShapedGround's step aside and drop: `to` must be where it lands.
        const Index q0 = L.at(s, dx, 0, dz);
        if (!L.free(q0, sp, sp + L.h16)) return;
        Index q = q0;
        for (std::int64_t k = 0; k <= -ky; ++k, q = L.at(q, 0, -1, 0)) {
            const Fact fq = L.fact(q);
            if (k > 0 && !fq.clear()) return;
            if (!fq.supported()) {
                if (L.any_stuck && L.shape(q).stuck()) return;  // caught in a cobweb on the way down
                continue;
            }
            if (q != to) return;  // it lands higher (or on no floor)
            if (k == 0 && !L.free(q, sq, sp + L.h16)) return;
            Level::shaped_side(L, from, ShapedStep{q, fq, sq - sp, d}, priced);
            return;
        }
    }

    /// Emits the climbs and vertical swims from s, straight above or below
    /// `to`, into `to`, in ShapedGround's order.
    template <class Emit>
    static void vertical(const ShapedLook& L, Index s, Fact fs, Index to, Emit& emit) {
        const ShapedFrom from(L, s, fs);
        auto into = [&](Index q, double c, MoveTag a) {
            if (q == to) emit(q, L.any_stuck ? slow_cost(L, from, q, c, a) : c, a);
        };
        // ShapedGround's filter: no climb starts or ends in a cobweb; swims
        // (up and down too) do, as walks, priced by slow_cost.
        if (!from.ep.stuck() && !L.shape(to).stuck()) Climb::shaped_after_sides(L, from, into);
        SwimVertical::shaped_after_sides(L, from, into);
    }
};

}  // namespace voxnav::moves
