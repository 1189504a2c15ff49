// SPDX-License-Identifier: MIT
/// @file context.hpp
/// @brief What every movement rule (agent/moves/*.hpp) reads: the facts around
/// a position, through one of two views, the pre-scaled costs, and the
/// agent's profile. Internal to the movement layer: games use MovementModel.
///
/// A rule is a stateless struct of static functions, composed at compile time
/// by MovementModel (agent/movement.hpp), which calls, in this order:
/// - `side(ground, d, emit)` for each of the 4 side directions d (axis_dx/dz),
///   from a standable position;
/// - `after_sides(ground, emit)` once, from a standable position;
/// - `from_clear(look, p, tables, emit)` from any clear position (flyers);
/// - `backward(back, emit)`: every predecessor of a waypoint, with the same
///   costs and actions as the forward functions give (see movement.hpp);
/// - from positions near shaped blocks, the shaped forms (agent/moves/shaped.hpp):
///   `shaped_side(look, from, step, emit)` for each side target the shaped
///   scan finds (the first rule in list order that claims it, returning true,
///   owns it), then `shaped_after_sides(look, from, emit)`; `shaped_rise`:
///   how high a side move of the rule rises [Units: 1/16 voxel];
/// - for agents that dig or place, the block forms (agent/moves/block_look.hpp):
///   `block_side(ground, d)` for each side d, then `block_after_sides(ground)`,
///   which read blocks through a BlockGround and emit moves::BlockMove;
/// - `active(profile)`, `bound(profile, terms)`, `reach(profile, margins)`,
///   `span(profile)` (how many columns from its start a move reads, its
///   landing included) and `fits_plain_floor(profile)`: what the rule needs
///   and promises.
/// `emit(to, cost, action)` takes node ids, seconds and an Action.
///
/// Thread-safety: pure functions of immutable data. Errors: none.
#pragma once

#include "voxnav/agent/action.hpp"
#include "voxnav/agent/profile.hpp"
#include "agent/moves/block_look.hpp"
#include "detail/config.hpp"
#include "facts/nav_snapshot.hpp"

#include <cstdint>
#include <limits>

namespace voxnav::moves {

using Index = NodeId;

/// The 4 side directions (x+, x-, z+, z-) and the 4 diagonals.
inline constexpr int axis_dx[4] = {1, -1, 0, 0}, axis_dz[4] = {0, 0, 1, -1};
inline constexpr int diag_dx[4] = {1, 1, -1, -1}, diag_dz[4] = {1, -1, 1, -1};

/// Neighbour access inside one chunk: offsets within its 4096 facts. Only for
/// positions whose reads stay in the chunk (MovementModel::reads_stay_in_chunk).
struct InChunk {
    const Fact::Raw* bits;
    [[nodiscard]] VOXNAV_INLINE Index at(Index p, int dx, int dy, int dz) const {
        return p + Index(node_id::in_chunk_offset(dx, dy, dz));
    }
    [[nodiscard]] VOXNAV_INLINE Fact operator[](Index i) const { return Fact(bits[node_id::local(i)]); }
};

/// Neighbour access anywhere: through the snapshot's chunk links. Built per
/// expansion: offsets from the position's own chunk use its links directly,
/// and reads keep the last other chunk's facts at hand (on a chunk face,
/// every outside read lands in the one chunk across it).
struct Across {
    const NavSnapshot* f;
    std::uint32_t home;
    const ChunkSlot* home_slot;
    mutable std::uint32_t other = 0xFFFFFFFFu;  // no slot has this number
    mutable const Fact::Raw* other_bits = nullptr;

    Across(const NavSnapshot* field, Index p, const ChunkSlot& slot) : f(field), home(node_id::slot(p)), home_slot(&slot) {}

    [[nodiscard]] VOXNAV_INLINE Index at(Index i, int dx, int dy, int dz) const {
        return node_id::slot(i) == home ? f->offset_in(*home_slot, i, dx, dy, dz) : f->offset(i, dx, dy, dz);
    }
    [[nodiscard]] VOXNAV_INLINE Fact operator[](Index i) const {
        const std::uint32_t s = node_id::slot(i);
        if (s == home) return Fact(home_slot->bits[node_id::local(i)]);
        if (s != other) {
            other = s;
            other_bits = f->slot(s).bits;
        }
        return Fact(other_bits[node_id::local(i)]);
    }
};

/// Costs pre-scaled once per MovementModel [Units: seconds]. Ground tables
/// are indexed by floor class (Fact::floor_class()).
struct MoveTables {
    double step[Fact::floor_classes];       ///< one voxel of walking onto a floor of this class: multiplier / walk_speed
    double walk_diag[Fact::floor_classes];  ///< sqrt 2 * step
    double swim_axis, swim_diag;            ///< 1 and sqrt 2 voxels of swimming
    double inv_gravity2;                    ///< 2 / gravity: a fall or jump of k voxels takes sqrt(k * inv_gravity2)
    double leap_air;                        ///< air time of a leap: 2 sqrt(2 / gravity)
    int jump_voxels;                        ///< AgentProfile::jump_voxels (a floor, once per model, not per expansion)
    /// The snapshot has a block that slows a body inside it (a cobweb): the
    /// plain falls check their drop for one (set per snapshot).
    bool any_stuck = false;
    // Fly, indexed by the 3x3x3 cube around the start (moves::Fly::cube;
    // 13, the start itself, unused): direction, cost, and the cube bits of the
    // move's bounding box (every non-empty subset of its axes).
    Voxel fly_dir[27];
    int fly_local[27];  ///< node_id::in_chunk_offset of fly_dir
    double fly_cost[27];
    std::uint32_t fly_need[27];
};

/// A standable position being expanded, with its 4 side neighbours read once
/// (every side rule and the diagonals' corner checks reuse them).
template <class Look>
struct Ground {
    const Look& f;            ///< reads near p (InChunk when they stay in p's chunk)
    const Across& far;        ///< reads anywhere, through the links
    const NavSnapshot& all;   ///< the snapshot (unbounded reads: falls)
    const MoveTables& t;
    const AgentProfile& a;
    Index p;
    Fact fp;
    Index side[4];
    Fact side_fact[4];

    VOXNAV_INLINE Ground(const Look& look, const Across& across, const NavSnapshot& snapshot, const MoveTables& tables,
                         const AgentProfile& profile, Index at, Fact fact)
        : f(look), far(across), all(snapshot), t(tables), a(profile), p(at), fp(fact) {
        for (int d = 0; d < 4; ++d) {
            side[d] = f.at(p, axis_dx[d], 0, axis_dz[d]);
            side_fact[d] = f[side[d]];
        }
    }
};

/// A waypoint whose predecessors are wanted. Reads go through the links.
struct Back {
    const NavSnapshot& f;
    const MoveTables& t;
    const AgentProfile& a;
    Index to;
    Fact ft;
    [[nodiscard]] Index at(Index i, int dx, int dy, int dz) const { return f.offset(i, dx, dy, dz); }
    [[nodiscard]] Fact operator[](Index i) const { return f[i]; }
};

/// What a rule contributes to the lower bound (MovementModel::lower_bound):
/// the least cost per voxel of horizontal progress, the least cost per voxel
/// of height gained beyond that, whether it moves diagonally, and whether its
/// cost counts height (fly moves: a pure flyer's bound is 3D). The model
/// takes the minimum over the rules an agent has.
struct BoundTerms {
    static constexpr double none = std::numeric_limits<double>::infinity();
    double rate = none;   ///< [Units: seconds per voxel]
    double climb = none;  ///< [Units: seconds per voxel of height]
    bool diagonal = false;
    void add_rate(double r) { rate = r < rate ? r : rate; }
    void add_climb(double c) { climb = c < climb ? c : climb; }
};

/// How far a rule reads from the expanded position through the in-chunk view
/// (reads beyond go through Across and the links). [Units: voxels]
struct ReadReach {
    int side = 1, up = 1, down = 1;
    void cover(int s, int u, int d) {
        side = s > side ? s : side;
        up = u > up ? u : up;
        down = d > down ? d : down;
    }
};

/// Empty phases, for rules that have none of them.
struct Rule {
    static constexpr bool counts_height = false;
    template <class G, class Emit>
    VOXNAV_INLINE static void side(const G&, int, Emit&) {}
    template <class G, class Emit>
    VOXNAV_INLINE static void after_sides(const G&, Emit&) {}
    template <class Look, class Emit>
    VOXNAV_INLINE static void from_clear(const Look&, Index, const MoveTables&, Emit&) {}
    template <class BG>
    static void block_side(const BG&, int) {}
    template <class BG>
    static void block_after_sides(const BG&) {}
    // Shaped forms (agent/moves/shaped.hpp): none.
    static constexpr bool near_shapes_only = false;
    template <class L>
    static int shaped_rise(const L&, bool) { return 0; }
    template <class L, class From, class Step, class Emit>
    static bool shaped_side(const L&, const From&, const Step&, Emit&) { return false; }
    template <class L, class From, class Emit>
    static void shaped_after_sides(const L&, const From&, Emit&) {}
};

}  // namespace voxnav::moves
