// SPDX-License-Identifier: MIT
/// @file block_look.hpp
/// @brief The movement rules' look at blocks, for agents that change the
/// world to get through (AgentProfile::dig, ::place). The rules in
/// agent/moves/ each have a plain form over the navigation facts (every
/// agent) and, where digging or placing changes them, a *block form* over
/// the blocks themselves (`block_side`, `block_after_sides`): the walk, jump and
/// fall rules dig what is in their way, Bridge and Pillar place the block
/// stood on. MovementModel::for_each_block_move runs the block forms
/// (moves::BlockRules, movement.hpp) through a BlockLook; the plain inner loop
/// never reads a block.
///
/// What a block is comes from the snapshot's block traits table
/// (facts/block_traits.hpp), the one the facts were derived from: the block
/// forms and the plain ones agree on what is open, what supports and which
/// floor class a top has. Floors are priced by class with the model's
/// multipliers (the profile's, or a query's floor_cost override).
///
/// The block forms are in whole voxels (`body(p)`: width x width x
/// ceil(height) voxels from the feet voxel p; `d` one of the 4 axis
/// directions; a voxel is *open* when its block neither collides nor hurts
/// and is not a liquid; it is *dug* when it collides and is breakable, then
/// costing hardness / dig_speed + dig_penalty seconds; it *floors* the voxel
/// above when its block supports (BlockTraits::supports: it collides and
/// does not hurt the feet) and its top lies within its voxel, and a feet
/// position is *supported* when a voxel under its footprint floors it. The
/// top's condition is the whole-voxel geometry, not a rule of support: a
/// taller top (a fence, a wall: 24/16) lifts the feet half a voxel into the
/// voxels the block forms check for the body, so they make no stand on it;
/// the plain forms, which know the real heights, walk on fence tops, and from
/// such a waypoint a dig search takes them as from any other).
/// - The agent's own body space counts as open (it dug it or stood in it),
///   and where a move placed the block under it, that block supports it.
///   Everything else is read from the world as it is: a route's own digs and
///   placements do not change what its later moves see (as in Baritone).
/// - Level (walk) to `q = p + d`: body(q) open or dug, q supported. Cost
///   1 / walk_speed x the multiplier of the floor class under q (the largest
///   class under a wide footprint, as for the facts) + break times.
/// - JumpUp k (1..jump_height voxels) to `t = p + d + k up`: the k layers
///   above body(p) and body(t) open or dug, t supported. Cost 1 / walk_speed
///   x multiplier + sqrt(2k / gravity) + break times.
/// - Fall from `q = p + d`: body(q) open or dug, q not supported, then
///   straight down through open voxels (nothing is dug in the air) to the
///   first supported position, at most max_fall voxels. Its digging-down
///   forms (Fall::DigDown): one voxel down by digging the step below
///   (t = p + d - up, body(t) and body(q) open or dug, t supported), or
///   straight down by digging the floor (t = p - up). Cost 1 / walk_speed x
///   multiplier + sqrt(2k / gravity) + break times.
/// - Bridge to `q = p + d`: body(q) open (no digging), the voxels under q
///   replaceable and q not supported; they are placed. Cost 1 / walk_speed +
///   place_cost per block.
/// - Pillar to `t = p + up` (needs jump): the layer above body(p) open; the
///   footprint at p's feet is placed. Cost 1 / walk_speed + sqrt(2 / gravity)
///   + place_cost per block.
/// - A move keeps its motion (walk, jump, fall; a bridge walks, a pillar
///   jumps) and adds WorldAct::Dig when it digs, ::Place when it places.
///   Block forms never start in or enter a liquid.
/// - A voxel is never dug when the block above it is a liquid or falls (sand,
///   gravel) unless the same move digs that block too, when a liquid lies
///   beside it (it would flow into the body), or when its block is
///   unbreakable or matches never_dig.
/// - Placing needs blocks: `blocks_left` (unlimited: no_limit) must cover the
///   blocks the move places.
/// - From a position that is a waypoint of the plain forms, only the moves
///   that dig or place are given (the plain forms give the rest, by the same
///   rules as for every agent); from a position reached by digging or
///   placing, the block forms also give their moves that need neither.
///
/// Lower bound: every block-form move costs at least the plain move of the
/// same displacement (a dug walk is a walk plus break times, a bridge a walk
/// plus place cost), and a pillar at least the cheapest jump of one voxel,
/// which is at least the climb rate; so MovementModel's bound stays
/// admissible and consistent. Landmark tables do not: digging makes
/// shortcuts they never saw, so dig searches do not use them.
///
/// Thread-safety: one BlockLook per search (it keeps the voxels of the move
/// in progress in its own scratch, sized once); a copy, for another search,
/// shares the per-block table (made once per traits table and profile: the
/// never_dig patterns are matched there, not per query). Blocks are read only
/// through the `Blocks` given (anything with `BlockId at(const Voxel&) const`:
/// the search reads the block ids a NavSnapshot keeps, NavField::keep_blocks).
/// Errors: the constructors throw std::invalid_argument for a snapshot
/// without block types or traits, and std::bad_alloc; reads throw nothing.
#pragma once

#include "voxnav/agent/action.hpp"
#include "voxnav/agent/profile.hpp"
#include "voxnav/world/block.hpp"
#include "voxnav/world/box.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace voxnav {

class BlockTraitsTable;
class NavSnapshot;

namespace moves {

/// One move of a block form.
struct BlockMove {
    Voxel to;
    double cost;       ///< [Units: seconds]
    MoveTag action;    ///< its motion, with WorldAct::Dig or ::Place when it digs or places
    int placed_count;  ///< blocks placed (taken from blocks_left)
    const Voxel* dug;  ///< the voxels broken, dug_count of them
    int dug_count;
    const Voxel* placed;  ///< the voxels placed, placed_count of them
};

class BlockLook {
public:
    /// blocks_left when the agent's blocks are unlimited (or it does not place).
    static constexpr int no_limit = 0xFFFF;
    static constexpr int no_floor = -1;

    /// Over the snapshot's block traits (NavSnapshot::block_traits()), with
    /// the names of its block types (NavSnapshot::block_types(), kept with
    /// the block ids) for never_dig.
    BlockLook(const NavSnapshot& snapshot, const CheckedProfile& profile);
    /// The same from a traits table and the registry it was derived from,
    /// read for the block names only (never_dig).
    BlockLook(const BlockTraitsTable& traits, const BlockRegistry& names, const CheckedProfile& profile);

    /// blocks_left at the start of a route.
    [[nodiscard]] int initial_blocks() const { return profile_->place && profile_->blocks ? *profile_->blocks : no_limit; }
    /// Seconds to break a block of this id, +infinity when this agent never
    /// digs it (not colliding, unbreakable, never_dig, or no `dig`).
    [[nodiscard]] double break_time(BlockId id) const { return id < info_size_ ? info_[id].break_time : never; }

    /// Whether an agent could stand at `p` after digging: p is supported and
    /// every body voxel is open or breakable by this agent (no liquid). Where
    /// a digging route may end though `p` is no waypoint (an ore in the
    /// rock); the search decides.
    template <class Blocks>
    [[nodiscard]] bool could_stand(const Blocks& b, const Voxel& p) const;

    // What the block forms read (agent/moves/*.hpp), for feet position p.
    [[nodiscard]] int width() const { return w_; }
    [[nodiscard]] int body() const { return h_; }  ///< voxels of height
    [[nodiscard]] int jump() const { return jump_; }  ///< voxels
    [[nodiscard]] const AgentProfile& profile() const { return *profile_; }
    /// Adds the voxels of the box [lo, lo + size) that must be dug to dug()
    /// and their time to `cost`; false when one is neither open nor diggable.
    template <class Blocks>
    bool take_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size, double& cost) const;
    /// Whether every voxel of the box is open (body(p) counts as open).
    template <class Blocks>
    [[nodiscard]] bool open_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size) const;
    /// Whether the dug voxels dug()[from..] are safe to dig: no liquid or
    /// falling block above (unless dug too), no liquid beside.
    template <class Blocks>
    [[nodiscard]] bool safe_to_dig(const Blocks& b, const Voxel& p, std::size_t from) const;
    /// The largest floor class under feet position t; no_floor when nothing there floors it.
    template <class Blocks>
    [[nodiscard]] int support(const Blocks& b, const Voxel& t) const;
    template <class Blocks>
    [[nodiscard]] bool liquid(const Blocks& b, const Voxel& v) const { return info(b, v).flags & kLiquid; }
    template <class Blocks>
    [[nodiscard]] bool replaceable(const Blocks& b, const Voxel& v) const { return info(b, v).flags & kReplaceable; }
    template <class Blocks>
    [[nodiscard]] bool breakable(const Blocks& b, const Voxel& v) const { return info(b, v).break_time < never; }
    /// The voxels the move in progress digs and places (scratch, one per look).
    [[nodiscard]] std::vector<Voxel>& dug() const { return dug_; }
    [[nodiscard]] std::vector<Voxel>& placed() const { return placed_; }

private:
    static constexpr double never = std::numeric_limits<double>::infinity();
    // kFloors: the block floors the voxel above in the whole-voxel geometry
    // (it supports, and its top lies within its voxel).
    enum : std::uint8_t { kOpen = 1, kLiquid = 2, kFloors = 4, kFalls = 8, kReplaceable = 16 };
    // One block type's traits as the block forms read them, with this agent's break time.
    struct Info {
        double break_time = never;
        std::uint8_t floor_class = 0;  // BlockTraits::floor_class when it floors
        std::uint8_t flags = 0;
    };
    template <class Blocks>
    const Info& info(const Blocks& b, const Voxel& v) const {
        const BlockId id = b.at(v);
        return id < info_size_ ? info_[id] : unknown_;
    }
    [[nodiscard]] bool in_body(const Voxel& p, const Voxel& v) const {
        return v.x >= p.x && v.x < p.x + w_ && v.z >= p.z && v.z < p.z + w_ && v.y >= p.y && v.y < p.y + h_;
    }

    CheckedProfile profile_;                          // shared, checked once
    std::shared_ptr<const std::vector<Info>> table_;  // per block id, shared by copies
    const Info* info_ = nullptr;                      // table_'s entries
    std::size_t info_size_ = 0;
    Info unknown_;
    int w_ = 1, h_ = 2, jump_ = 1;
    mutable std::vector<Voxel> dug_, placed_;  // the move in progress
};

/// A feet position whose block-form moves are wanted, with what its side
/// moves share: for the side d being expanded, whether body(q) is open or
/// dug (the walk, the fall from it and the bridge read it once), what that
/// digs (dug()[0..q_dug)) and costs, and the floor under q.
template <class Blocks, class Emit>
struct BlockGround {
    const BlockLook& look;
    const Blocks& b;
    const AgentProfile& a;
    const std::array<double, 16>& floor;  ///< multiplier per floor class
    Emit& emit;
    Voxel p;
    bool plain_waypoint;  ///< p is a waypoint of the plain forms, which give its moves that neither dig nor place
    int blocks_left;
    double walk;  ///< seconds per voxel walked
    Voxel q{0};
    bool q_ok = false;
    double q_cost = 0.0;
    std::size_t q_dug = 0;
    int cq = BlockLook::no_floor;

    BlockGround(const BlockLook& l, const Blocks& blocks, const std::array<double, 16>& f, Emit& e, const Voxel& at, bool waypoint, int left)
        : look(l), b(blocks), a(l.profile()), floor(f), emit(e), p(at), plain_waypoint(waypoint), blocks_left(left),
          walk(1.0 / l.profile().walk_speed) {}

    [[nodiscard]] Voxel body() const { return Voxel(look.width(), look.body(), look.width()); }
    [[nodiscard]] Voxel layer() const { return Voxel(look.width(), 1, look.width()); }
    [[nodiscard]] double air_time(int k) const { return std::sqrt(2.0 * k / a.gravity); }
    /// Whether a move may start here: never from a liquid.
    [[nodiscard]] bool dry_feet() const {
        for (int z = 0; z < look.width(); ++z)
            for (int x = 0; x < look.width(); ++x)
                if (look.liquid(b, Voxel(p.x + x, p.y, p.z + z))) return false;
        return true;
    }
    /// Reads side d: q = p + d and whether body(q) is open or dug.
    void read_side(int d) {
        static constexpr int dx[4] = {1, -1, 0, 0}, dz[4] = {0, 0, 1, -1};
        q = Voxel(p.x + dx[d], p.y, p.z + dz[d]);
        look.dug().clear();
        q_cost = 0.0;
        q_ok = (a.dig ? look.take_box(b, p, q, body(), q_cost) : look.open_box(b, p, q, body())) && look.safe_to_dig(b, p, 0);
        q_dug = look.dug().size();
        cq = look.support(b, q);
    }
    /// Emits a move that may dig dug()[dug_from..] (and nothing else); one
    /// that digs nothing only from a position the plain forms do not serve.
    void send(const Voxel& to, double cost, Action motion, std::size_t dug_from) const {
        const int n = int(look.dug().size() - dug_from);
        if (n == 0 && plain_waypoint) return;
        emit(BlockMove{to, cost, n > 0 ? MoveTag(motion, WorldAct::Dig) : MoveTag(motion), 0, look.dug().data() + dug_from, n, nullptr});
    }
    /// Emits a move that places placed() when the blocks left cover them.
    void send_placing(const Voxel& to, double cost, Action motion) const {
        const int n = int(look.placed().size());
        if (blocks_left == BlockLook::no_limit || blocks_left >= n)
            emit(BlockMove{to, cost + a.place_cost * n, MoveTag(motion, WorldAct::Place), n, nullptr, 0, look.placed().data()});
    }
};

// ---------------------------------------------------------------------------

template <class Blocks>
bool BlockLook::could_stand(const Blocks& b, const Voxel& p) const {
    if (support(b, p) == no_floor) return false;
    for (int y = 0; y < h_; ++y)
        for (int z = 0; z < w_; ++z)
            for (int x = 0; x < w_; ++x) {
                const Info& i = info(b, Voxel(p.x + x, p.y + y, p.z + z));
                if (!(i.flags & kOpen) && !(i.break_time < never)) return false;
            }
    return true;
}

template <class Blocks>
bool BlockLook::take_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size, double& cost) const {
    for (int y = 0; y < size.y; ++y)
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x) {
                const Voxel v(lo.x + x, lo.y + y, lo.z + z);
                if (in_body(p, v)) continue;
                const Info& i = info(b, v);
                if (i.flags & kOpen) continue;
                if (!(i.break_time < never)) return false;
                cost += i.break_time;
                dug_.push_back(v);
            }
    return true;
}

template <class Blocks>
bool BlockLook::open_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size) const {
    for (int y = 0; y < size.y; ++y)
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x) {
                const Voxel v(lo.x + x, lo.y + y, lo.z + z);
                if (!in_body(p, v) && !(info(b, v).flags & kOpen)) return false;
            }
    return true;
}

template <class Blocks>
bool BlockLook::safe_to_dig(const Blocks& b, const Voxel& p, std::size_t from) const {
    for (std::size_t k = from; k < dug_.size(); ++k) {
        const Voxel& v = dug_[k];
        const Voxel above(v.x, v.y + 1, v.z);
        if (!in_body(p, above) && (info(b, above).flags & (kLiquid | kFalls))) {
            bool dug_too = false;
            for (std::size_t j = from; j < dug_.size() && !dug_too; ++j) dug_too = dug_[j] == above;
            if (!dug_too) return false;
        }
        static constexpr int sx[4] = {1, -1, 0, 0}, sz[4] = {0, 0, 1, -1};
        for (int s = 0; s < 4; ++s)
            if (info(b, Voxel(v.x + sx[s], v.y, v.z + sz[s])).flags & kLiquid) return false;
    }
    return true;
}

template <class Blocks>
int BlockLook::support(const Blocks& b, const Voxel& t) const {
    int c = no_floor;
    for (int z = 0; z < w_; ++z)
        for (int x = 0; x < w_; ++x) {
            const Info& i = info(b, Voxel(t.x + x, t.y - 1, t.z + z));
            if ((i.flags & kFloors) && int(i.floor_class) > c) c = int(i.floor_class);
        }
    return c;
}

}  // namespace moves
}  // namespace voxnav
