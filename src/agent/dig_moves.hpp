/// @file dig_moves.hpp
/// @brief DigMoves: the moves of agents that change the world to get through
/// (AgentProfile::dig and ::place): walks, jumps and falls that break the
/// solids in their way (WorldAct::Dig), bridges and pillars that place the
/// block stood on (WorldAct::Place). The search adds them to the agent's
/// ordinary moves (MovementModel), which stay exact and unchanged.
///
///   voxnav::DigMoves dig(*snapshot, profile);  // a snapshot that keeps block ids
///   dig.for_each_move(blocks, p, p_is_waypoint, blocks_left, moves.floor_multipliers(),
///                     [](const voxnav::DigMoves::Move& m) { ... });
///
/// What a block is comes from the snapshot's block traits table
/// (facts/block_traits.hpp), the one the facts were derived from: the dig
/// rules and the ordinary moves agree on what is open, what supports and
/// which floor class a top has. Floors are priced by class with the
/// multipliers the ordinary moves use (the profile's, or a query's
/// floor_cost override), so a query's override prices dug walks too.
///
/// The rules, in whole voxels (`body(p)`: width x width x ceil(height)
/// voxels from the feet voxel p; `d` one of the 4 axis directions; a voxel is
/// *open* when its block neither collides nor hurts and is not a liquid; it
/// is *dug* when it collides and is breakable, then costing
/// hardness / dig_speed + dig_penalty seconds; it *floors* the voxel above
/// when its block supports (BlockTraits::supports: it collides and does not
/// hurt the feet) and its top lies within its voxel, and a feet position is
/// *supported* when a voxel under its footprint floors it. The top's
/// condition is the whole-voxel model's geometry, not a rule of support: a taller top (a
/// fence, a wall: 24/16) lifts the feet half a voxel into the voxels this
/// model checks for the body, so the model makes no stand on it; the
/// ordinary moves, which know the real heights, walk on fence tops, and
/// from such a waypoint the search takes them as usual.
/// - The agent's own body space counts as open (it dug it or stood in it),
///   and where a move placed the block under it, that block supports it.
///   Everything else is read from the world as it is: a route's own digs
///   and placements do not change what its later moves see (as in Baritone).
/// - **walk** to `q = p + d`: body(q) open or dug, q supported.
///   Cost 1 / walk_speed x the multiplier of the floor class under q (the
///   largest class under a wide footprint, as for the facts) + break times.
/// - **jump** up k (1..jump_height voxels) to `t = p + d + k up`: the k
///   layers above body(p) and body(t) open or dug, t supported. Cost
///   1 / walk_speed x multiplier + sqrt(2k / gravity) + break times.
/// - **fall** from `q = p + d`: body(q) open or dug, q not supported, then
///   straight down through open voxels (nothing is dug in the air) to the
///   first supported position, at most max_fall voxels; or one voxel down
///   by digging the step below (t = p + d - up, body(t) and body(q) open
///   or dug, t supported); or straight down by digging the floor
///   (t = p - up). Cost 1 / walk_speed x multiplier + sqrt(2k / gravity) +
///   break times.
/// - **bridge** to `q = p + d`: body(q) open (no digging), the voxels under
///   q replaceable and q not supported; they are placed. Cost
///   1 / walk_speed + place_cost per block.
/// - **pillar** to `t = p + up` (needs jump): the layer above body(p) open;
///   the footprint at p's feet is placed. Cost 1 / walk_speed +
///   sqrt(2 / gravity) + place_cost per block.
/// - A move keeps its motion (walk, jump, fall; a bridge walks, a pillar
///   jumps) and adds WorldAct::Dig when it digs, ::Place when it places. Digging and
///   placing moves never start in or enter a liquid.
/// - A voxel is never dug when the block above it is a liquid or falls
///   (sand, gravel) unless the same move digs that block too, when a liquid
///   lies beside it (it would flow into the body), or when its block is
///   unbreakable or matches never_dig.
/// - Placing needs blocks: `blocks_left` (unlimited: no_limit) must cover
///   the blocks the move places.
///
/// Lower bound: every digging or placing move costs at least the ordinary
/// move of the same displacement (a dug walk is a walk plus break times, a
/// bridge a walk plus place cost), and a pillar at least the cheapest jump
/// of one voxel, which is at least the climb rate; so MovementModel's
/// bound (lower_bound) stays admissible and consistent. Landmark tables do
/// not: digging makes shortcuts they never saw, so dig searches do not use
/// them.
///
/// Thread-safety: one DigMoves per search (it keeps the voxels of the move
/// in progress in its own scratch, sized once); a copy, for another search,
/// shares the per-block table (made once per traits table and profile: the
/// never_dig patterns are matched there, not per query). Reads blocks only through
/// the `Blocks` look given (anything with `BlockId at(const Voxel&) const`:
/// the search reads the block ids a NavSnapshot keeps, NavField::keep_blocks).
/// Errors: the constructors throw ProfileError for an invalid profile (an
/// AgentProfile is validated on its way to a CheckedProfile), and
/// std::invalid_argument for a snapshot without block types or traits;
/// moves throw nothing.
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

class DigMoves {
public:
    /// blocks_left when the agent's blocks are unlimited (or it does not place).
    static constexpr int no_limit = 0xFFFF;

    /// The rules over the snapshot's block traits (NavSnapshot::block_traits()),
    /// with the names of its block types (NavSnapshot::block_types(), kept
    /// with the block ids) for never_dig.
    DigMoves(const NavSnapshot& snapshot, const CheckedProfile& profile);
    /// The same from a traits table and the registry it was derived from,
    /// read for the block names only (never_dig).
    DigMoves(const BlockTraitsTable& traits, const BlockRegistry& names, const CheckedProfile& profile);
    [[nodiscard]] bool active() const { return profile_->dig || profile_->place; }
    /// blocks_left at the start of a route.
    [[nodiscard]] int initial_blocks() const { return profile_->place && profile_->blocks ? *profile_->blocks : no_limit; }

    /// One digging or placing move (or, from positions that are no ordinary
    /// waypoint, an ordinary whole-voxel move: see for_each_move).
    struct Move {
        Voxel to;
        double cost;  ///< [Units: seconds]
        MoveTag action;    ///< its motion, with WorldAct::Dig or ::Place when it digs or places
        int placed_count;  ///< blocks placed (taken from blocks_left)
        const Voxel* dug;  ///< the voxels broken, then dug_count of them
        int dug_count;
        const Voxel* placed;  ///< the voxels placed, placed_count of them
    };

    /// Calls emit(const Move&) for each move from feet position `p`. When
    /// `ordinary_waypoint` (p is a waypoint of the ordinary rules, whose
    /// moves the caller takes from MovementModel) only moves that dig or
    /// place are given; otherwise (a position reached by digging or
    /// placing) also the moves that need neither, tagged walk, jump or fall.
    /// `floor`: the multiplier of each floor class, those of the ordinary
    /// moves searched alongside (MovementModel::floor_multipliers()).
    /// [Limit: each >= 1] The Move's pointers live until emit returns.
    template <class Blocks, class Emit>
    void for_each_move(const Blocks& b, const Voxel& p, bool ordinary_waypoint, int blocks_left, const std::array<double, 16>& floor,
                       Emit&& emit) const;

    /// Whether an agent could stand at `p` after digging: p is supported
    /// (a voxel under the footprint floors it) and every body voxel is open or breakable by
    /// this agent (no liquid). Where a digging route may end though `p` is
    /// no ordinary waypoint (an ore in the rock); the search decides.
    template <class Blocks>
    [[nodiscard]] bool could_stand(const Blocks& b, const Voxel& p) const {
        if (support(b, p) == kNoFloor) return false;
        for (int y = 0; y < h_; ++y)
            for (int z = 0; z < w_; ++z)
                for (int x = 0; x < w_; ++x) {
                    const Info& i = info(b, Voxel(p.x + x, p.y + y, p.z + z));
                    if (!(i.flags & kOpen) && !(i.break_time < kNever)) return false;
                }
        return true;
    }

    /// Seconds to break a block of this id, +infinity when this agent never
    /// digs it (not colliding, unbreakable, never_dig, or no `dig`).
    [[nodiscard]] double break_time(BlockId id) const { return id < info_size_ ? info_[id].break_time : kNever; }

private:
    static constexpr double kNever = std::numeric_limits<double>::infinity();
    static constexpr int kNoFloor = -1;
    // kFloors: the block floors the voxel above in this whole-voxel model
    // (it supports, and its top lies within its voxel).
    enum : std::uint8_t { kOpen = 1, kLiquid = 2, kFloors = 4, kFalls = 8, kReplaceable = 16 };
    // One block type's traits as these rules read them, with this agent's break time.
    struct Info {
        double break_time = kNever;
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
    // Adds the voxels of the box [lo, lo + size) that must be dug to dug_
    // and their time to `cost`; false when one is neither open nor diggable.
    template <class Blocks>
    bool take_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size, double& cost) const;
    // Whether every voxel of the box is open (body(p) counts as open).
    template <class Blocks>
    bool open_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size) const;
    // Whether the dug voxels (dug_[from..]) are safe to dig: no liquid or
    // falling block above (unless dug too), no liquid beside.
    template <class Blocks>
    bool safe_to_dig(const Blocks& b, const Voxel& p, std::size_t from) const;
    // Largest floor class under feet position t; kNoFloor when nothing there floors it.
    template <class Blocks>
    int support(const Blocks& b, const Voxel& t) const;

    CheckedProfile profile_;  // shared, checked once
    std::shared_ptr<const std::vector<Info>> table_;  // per block id, shared by copies
    const Info* info_ = nullptr;                      // table_'s entries
    std::size_t info_size_ = 0;
    Info unknown_;
    int w_ = 1, h_ = 2, jump_ = 1;
    double walk_ = 0.0;  // seconds per voxel walked
    mutable std::vector<Voxel> dug_, placed_;  // the move in progress
};

// ---------------------------------------------------------------------------

template <class Blocks>
bool DigMoves::take_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size, double& cost) const {
    for (int y = 0; y < size.y; ++y)
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x) {
                const Voxel v(lo.x + x, lo.y + y, lo.z + z);
                if (in_body(p, v)) continue;
                const Info& i = info(b, v);
                if (i.flags & kOpen) continue;
                if (!(i.break_time < kNever)) return false;
                cost += i.break_time;
                dug_.push_back(v);
            }
    return true;
}

template <class Blocks>
bool DigMoves::open_box(const Blocks& b, const Voxel& p, const Voxel& lo, const Voxel& size) const {
    for (int y = 0; y < size.y; ++y)
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x) {
                const Voxel v(lo.x + x, lo.y + y, lo.z + z);
                if (!in_body(p, v) && !(info(b, v).flags & kOpen)) return false;
            }
    return true;
}

template <class Blocks>
bool DigMoves::safe_to_dig(const Blocks& b, const Voxel& p, std::size_t from) const {
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
int DigMoves::support(const Blocks& b, const Voxel& t) const {
    int c = kNoFloor;
    for (int z = 0; z < w_; ++z)
        for (int x = 0; x < w_; ++x) {
            const Info& i = info(b, Voxel(t.x + x, t.y - 1, t.z + z));
            if ((i.flags & kFloors) && int(i.floor_class) > c) c = int(i.floor_class);
        }
    return c;
}

template <class Blocks, class Emit>
void DigMoves::for_each_move(const Blocks& b, const Voxel& p, bool ordinary_waypoint, int blocks_left, const std::array<double, 16>& floor,
                             Emit&& emit) const {
    const AgentProfile& a = *profile_;
    // Never from water (nor lava): digging and placing are land moves.
    for (int z = 0; z < w_; ++z)
        for (int x = 0; x < w_; ++x)
            if (info(b, Voxel(p.x + x, p.y, p.z + z)).flags & kLiquid) return;
    const Voxel body(w_, h_, w_);
    const Voxel layer(w_, 1, w_);
    auto send = [&](const Voxel& to, double cost, Action plain, std::size_t dug_from) {
        const int n = int(dug_.size() - dug_from);
        if (n == 0 && ordinary_waypoint) return;
        emit(Move{to, cost, n > 0 ? MoveTag(plain, WorldAct::Dig) : MoveTag(plain), 0, dug_.data() + dug_from, n, nullptr});
    };
    auto air_time = [&](int k) { return std::sqrt(2.0 * k / a.gravity); };
    static constexpr int dx[4] = {1, -1, 0, 0}, dz[4] = {0, 0, 1, -1};
    dug_.clear();
    for (int d = 0; d < 4; ++d) {
        const Voxel q(p.x + dx[d], p.y, p.z + dz[d]);
        // Walk (and the start of a fall): body(q) open or dug.
        dug_.clear();
        double cost = 0.0;
        const bool q_ok = (a.dig ? take_box(b, p, q, body, cost) : open_box(b, p, q, body)) && safe_to_dig(b, p, 0);
        const int cq = support(b, q);
        if (q_ok && cq != kNoFloor && a.walk) send(q, walk_ * floor[cq] + cost, Action::Walk, 0);
        if (q_ok && cq == kNoFloor && a.fall) {
            // Straight down through open voxels to the first support.
            for (int k = 1; k <= a.max_fall; ++k) {
                const Voxel t(q.x, q.y - k, q.z);
                if (!open_box(b, p, t, layer)) break;
                const int ct = support(b, t);
                if (ct != kNoFloor) {
                    send(t, walk_ * floor[ct] + air_time(k) + cost, Action::Fall, 0);
                    break;
                }
            }
        }
        // A bridge: q open, nothing under it, its footprint placed.
        if (a.place && a.walk && cq == kNoFloor && open_box(b, p, q, body)) {
            placed_.clear();
            bool ok = true;
            for (int z = 0; z < w_ && ok; ++z)
                for (int x = 0; x < w_ && ok; ++x) {
                    const Voxel u(q.x + x, q.y - 1, q.z + z);
                    ok = (info(b, u).flags & kReplaceable) != 0;
                    placed_.push_back(u);
                }
            const int n = int(placed_.size());
            if (ok && (blocks_left == no_limit || blocks_left >= n))
                emit(Move{q, walk_ + a.place_cost * n, MoveTag(Action::Walk, WorldAct::Place), n, nullptr, 0, placed_.data()});
        }
        if (!a.dig) continue;
        // One voxel down by digging the step below q.
        if (a.fall) {
            dug_.clear();
            cost = 0.0;
            const Voxel t(q.x, q.y - 1, q.z);
            if (take_box(b, p, t, Voxel(w_, h_ + 1, w_), cost) && safe_to_dig(b, p, 0)) {
                bool step_dug = false;  // else it was the walk or fall above
                for (const Voxel& v : dug_) step_dug = step_dug || v.y == t.y;
                const int ct = support(b, t);
                if (step_dug && ct != kNoFloor) send(t, walk_ * floor[ct] + air_time(1) + cost, Action::Fall, 0);
            }
        }
    }
    // Jumps up k voxels, digging what is in the way.
    if (a.jump)
        for (int d = 0; d < 4; ++d)
            for (int k = 1; k <= jump_; ++k) {
                const Voxel t(p.x + dx[d], p.y + k, p.z + dz[d]);
                dug_.clear();
                double cost = 0.0;
                const bool ok = a.dig ? take_box(b, p, Voxel(p.x, p.y + h_, p.z), Voxel(w_, k, w_), cost) && take_box(b, p, t, body, cost) &&
                                            safe_to_dig(b, p, 0)
                                      : open_box(b, p, Voxel(p.x, p.y + h_, p.z), Voxel(w_, k, w_)) && open_box(b, p, t, body);
                const int ct = ok ? support(b, t) : kNoFloor;
                if (ct != kNoFloor) send(t, walk_ * floor[ct] + air_time(k) + cost, Action::Jump, 0);
            }
    // Straight down, digging the floor.
    if (a.dig && a.fall) {
        dug_.clear();
        double cost = 0.0;
        const Voxel t(p.x, p.y - 1, p.z);
        if (take_box(b, p, t, layer, cost) && !dug_.empty() && safe_to_dig(b, p, 0)) {
            const int ct = support(b, t);
            if (ct != kNoFloor) send(t, walk_ * floor[ct] + air_time(1) + cost, Action::Fall, 0);
        }
    }
    // A pillar: jump, and place the footprint under the feet.
    if (a.place && a.jump && jump_ >= 1 && open_box(b, p, Voxel(p.x, p.y + h_, p.z), layer)) {
        placed_.clear();
        bool ok = true;
        for (int z = 0; z < w_ && ok; ++z)
            for (int x = 0; x < w_ && ok; ++x) {
                const Voxel u(p.x + x, p.y, p.z + z);
                // In body(p): replaceable, or a solid this route dug.
                const Info& i = info(b, u);
                ok = (i.flags & kReplaceable) || i.break_time < kNever;
                placed_.push_back(u);
            }
        const int n = int(placed_.size());
        if (ok && (blocks_left == no_limit || blocks_left >= n))
            emit(Move{Voxel(p.x, p.y + 1, p.z), walk_ + air_time(1) + a.place_cost * n, MoveTag(Action::Jump, WorldAct::Place), n, nullptr, 0, placed_.data()});
    }
}

}  // namespace voxnav
