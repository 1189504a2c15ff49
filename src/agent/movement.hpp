// SPDX-License-Identifier: MIT
/// @file movement.hpp
/// @brief MovementModel: which moves an agent can make from a position, to
/// where, at what cost, and, the other way, which moves reach a position
/// (its predecessors). The rules of the movement model, one struct per kind
/// of move, live in agent/moves/ (level, jump_up, fall, climb, leap,
/// swim_vertical, fly), each with its plain form and, near shaped blocks, its
/// shaped form (agent/moves/shaped.hpp); this class composes them at compile time and is the one thing the
/// rest of voxnav asks: searches, jump points, open sky, plain floor,
/// smoothing, snapping, route checks and the CLI. The search only sees
/// states, costs and action tags.
///
/// For agents that dig or place, the same rules have block forms, which read
/// the blocks (moves::BlockLook) and dig or place on the way (bridge and
/// pillar are block forms only); for_each_block_move gives them. Everyone
/// else's moves never read a block.
///
///   voxnav::MovementModel moves(*snapshot, profile);
///   moves.for_each_move(snapshot->index_of(p), [](voxnav::NodeId to, double cost, voxnav::MoveTag a) { ... });
///   moves.for_each_predecessor(snapshot->index_of(q), [](voxnav::NodeId from, double cost, voxnav::MoveTag a) { ... });
///
/// Forward and backward agree: between two waypoints s and t, for_each_move(s)
/// emits (t, c, a) exactly when for_each_predecessor(t) emits (s, c, a).
/// Predecessors are always waypoints.
///
/// Costs are seconds of travel. Reads only a NavSnapshot (no world access, no
/// allocation, no lock), so one model may be used from many threads at once.
/// Inside a chunk, neighbours are plain offsets; within reach of a chunk face
/// they go through the snapshot's neighbour-chunk links.
///
/// Errors: the constructors throw ProfileError for an invalid profile (an
/// AgentProfile is validated on its way to a CheckedProfile; a checked one is
/// shared as it is), and std::bad_alloc; moves and bounds throw nothing.
#pragma once

#include "voxnav/agent/action.hpp"
#include "agent/moves/block_look.hpp"
#include "agent/moves/bridge.hpp"
#include "agent/moves/climb.hpp"
#include "agent/moves/context.hpp"
#include "agent/moves/fall.hpp"
#include "agent/moves/fly.hpp"
#include "agent/moves/jump_up.hpp"
#include "agent/moves/leap.hpp"
#include "agent/moves/level.hpp"
#include "agent/moves/pillar.hpp"
#include "agent/moves/shaped.hpp"
#include "agent/moves/swim_vertical.hpp"
#include "voxnav/agent/profile.hpp"
#include "facts/nav_snapshot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace voxnav {

namespace moves {
/// A compile-time list of rules. The order is the order moves are generated
/// in (which decides ties in the search, so it is part of the traces).
template <class... Rules>
struct RuleList {
    /// Calls f(Rule{}) for each rule in order.
    template <class F>
    VOXNAV_INLINE static void each(F&& f) {
        (f(Rules{}), ...);
    }
};
/// Every kind of move, in generation order. A new kind of move is a new
/// struct in agent/moves/ and one entry here.
using Rules = RuleList<Level, JumpUp, Fall, Climb, Leap, SwimVertical, Fly>;
/// The rules' block forms (agent/moves/block_look.hpp), for agents that dig
/// or place, in generation order: per side the walk, the fall from it, the
/// bridge and the step dug down; then the jumps, the floor dug down and the
/// pillar.
using BlockRules = RuleList<Level, JumpUp, Fall, Bridge, Fall::DigDown, Pillar>;
}  // namespace moves

class MovementModel {
public:
    using Index = NavSnapshot::Index;

    MovementModel(const NavSnapshot& field, const CheckedProfile& profile);
    /// With other multipliers for the snapshot's floor classes (index =
    /// Fact::floor_class(); see NavSnapshot::multipliers()): per-query floor
    /// costs. [Limit: each >= 1]
    MovementModel(const NavSnapshot& field, const CheckedProfile& profile, const std::array<double, 16>& floor_multipliers);
    /// Reads `field` from now on (same shape; the costs do not change).
    void rebind(const NavSnapshot& field) {
        field_ = &field;
        bind_bound();
    }

    /// A position where a route may start, end or pass: a standable node, or
    /// for a flyer any clear node.
    [[nodiscard]] bool is_waypoint(Fact f) const { return f.has_all(waypoint_bits_); }
    [[nodiscard]] bool is_waypoint(Index i) const { return is_waypoint((*field_)[i]); }
    [[nodiscard]] bool is_standable(Index i) const { return (*field_)[i].standable(); }
    /// Appends the voxels of closed doors, gates or trapdoors the body
    /// standing at waypoint i must open (ShapeFact::needs_open): every voxel of
    /// its footprint columns, from its feet surface up its height, that holds
    /// one of a class the agent opens (a two-block door: both halves).
    void doors_to_open(Index i, std::vector<Voxel>& out) const { field_->doors_to_open(i, profile_->width, h16_, out); }

    /// Calls emit(to, cost, action) for every legal move from waypoint `from`.
    template <class Emit>
    void for_each_move(Index from, Emit&& emit) const;
    /// Calls emit(const moves::BlockMove&) for every move of the rules' block
    /// forms (moves::BlockRules; the rules are in agent/moves/block_look.hpp)
    /// from feet position `p`, for an agent that digs or places, reading
    /// blocks through `b` as `look` sees them. When `plain_waypoint` (p is a
    /// waypoint, whose other moves come from for_each_move) only the moves
    /// that dig or place are given; otherwise also those that need neither.
    /// `blocks_left`: moves::BlockLook::no_limit when unlimited. Floors are
    /// priced with floor_multipliers(). The move's pointers live until emit
    /// returns. `look` must be made for this model's profile.
    template <class Blocks, class Emit>
    void for_each_block_move(const moves::BlockLook& look, const Blocks& b, const Voxel& p, bool plain_waypoint, int blocks_left,
                             Emit&& emit) const {
        moves::BlockGround<Blocks, std::remove_reference_t<Emit>> g(look, b, floor_multipliers_, emit, p, plain_waypoint, blocks_left);
        if (!g.dry_feet()) return;  // digging and placing are land moves
        for (int d = 0; d < 4; ++d) {
            g.read_side(d);
            moves::BlockRules::each([&](auto rule) { rule.block_side(g, d); });
        }
        moves::BlockRules::each([&](auto rule) { rule.block_after_sides(g); });
    }
    /// Calls emit(from, cost, action) for every legal move into waypoint `to`
    /// from a waypoint: the same moves for_each_move gives, found backwards.
    /// Reads through the links (falls into water scan the open column above).
    template <class Emit>
    void for_each_predecessor(Index to, Emit&& emit) const {
        for_each_predecessor(to, emit, [this](Index s, auto&& f) { for_each_move(s, f); });
    }
    /// The same, where moves from positions of shaped chunks (found by
    /// expanding them forwards) come from expand(s, f), which must call
    /// f(to, cost, action) for exactly the moves for_each_move(s) gives: a
    /// search that asks for many predecessors passes a cache of them.
    template <class Emit, class Expand>
    void for_each_predecessor(Index to, Emit&& emit, Expand&& expand) const;

    /// True when every read of a move from `i` (leaps and falls aside: they
    /// always go through the links) stays inside i's chunk, so the moves are
    /// found by plain offsets; otherwise they follow the snapshot's
    /// neighbour-chunk links (what `voxnav live --scenario borders` times).
    [[nodiscard]] bool reads_stay_in_chunk(Index i) const {
        const int lx = node_id::lx(i), lz = node_id::lz(i), ly = node_id::ly(i);
        return lx >= reach_.side && lx <= 15 - reach_.side && lz >= reach_.side && lz <= 15 - reach_.side &&
               ly >= reach_.down && ly <= 15 - reach_.up;
    }

    /// Admissible and consistent lower bound on the cost from `from` to `goal`:
    /// lower_bound_delta() plus climb_rate() for each voxel the goal lies higher.
    [[nodiscard]] VOXNAV_INLINE double lower_bound(const Voxel& from, const Voxel& goal) const {
        // 64-bit differences: any two int32 coordinates.
        const double rise = double(goal.y) - double(from.y);
        return lower_bound_delta(std::abs(double(from.x) - double(goal.x)), std::abs(rise), std::abs(double(from.z) - double(goal.z))) +
               climb_rate_ * std::max(rise, 0.0);
    }
    /// The same bound for a displacement of |dx|, |dy|, |dz| voxels (all >= 0).
    [[nodiscard]] VOXNAV_INLINE double lower_bound_delta(double dx, double dy, double dz) const;
    /// Cost per voxel of Euclidean distance that no move undercuts: in 3D for
    /// pure flyers, horizontally for everyone else (whose height changes can
    /// be nearly free: falls). The least of the rules' rates.
    [[nodiscard]] double cheapest_rate() const { return h_scale_; }
    /// What each voxel of height gained costs at least, beyond the cheapest
    /// rate for the move's horizontal distance [Units: seconds per voxel]: the
    /// least of the rules' climb rates (jumping up, swimming up, flying up).
    /// 0 for pure flyers, whose bound already counts height, and for agents
    /// that cannot climb.
    [[nodiscard]] double climb_rate() const { return climb_rate_; }
    /// True when the bound counts height (pure flyers), false when only
    /// horizontal distance counts.
    [[nodiscard]] bool bound_counts_height() const { return metric_ == Metric::Octile3D; }

    /// Whether, on plain floor (facts/plain_floor.hpp), this agent's moves are
    /// exactly those of an 8-connected grid at one cost: every rule it has
    /// says so. What jump points rely on.
    [[nodiscard]] bool grid_on_plain_floor() const { return grid_on_plain_floor_; }
    /// Whether every position takes the shaped rules (a step of a whole
    /// voxel or more), not only those of chunks with shape facts.
    [[nodiscard]] bool always_shaped() const { return always_shaped_; }
    [[nodiscard]] static bool grid_on_plain_floor(const AgentProfile& profile);
    /// Largest horizontal distance a move's reads reach from its start: how
    /// far a changed chunk's effect on moves reaches (landmark repair, flow
    /// fields, chases). The rules' widest span (Leap: jump_distance + 1),
    /// the footprint beyond it (width - 1), and 3 voxels of slack, the margin
    /// these callers have always had. [Units: voxels]
    [[nodiscard]] static int move_reach(const AgentProfile& profile);
    /// Whether every move this agent has is a fly move (no ground rule is
    /// active): what open-sky pruning relies on.
    [[nodiscard]] bool only_flies() const { return only_flies_; }
    [[nodiscard]] static bool only_flies(const AgentProfile& profile);
    /// For a pure flyer: whether the moves for_each_move gives from waypoint
    /// `p` (fact `fp`, in chunk `slot`) are exactly Fly's 26 moves
    /// (moves::Fly::from_clear): everywhere but on the floor of shaped chunks,
    /// where climbs may start. Open-sky searches then read the 26
    /// neighbours once (read_around) for both the open-sky test and the moves.
    [[nodiscard]] bool only_fly_moves(Fact fp, const ChunkSlot& slot) const {
        return only_flies_ && any_air_rule_ && fp.clear() && !(fp.standable() && (slot.shapes || always_shaped_));
    }
    /// moves::Fly::read_around for position `p` of chunk `slot`: by plain
    /// offsets away from the chunk's faces, else through its links.
    VOXNAV_INLINE void read_around(Index p, const ChunkSlot& slot, moves::Fly::Around& out) const {
        if (reads_stay_in_chunk(p)) moves::Fly::read_around(moves::InChunk{slot.bits}, p, out);
        else moves::Fly::read_around(moves::Across(field_, p, slot), p, out);
    }
    /// The move tables (Fly's directions, costs and bounding boxes).
    [[nodiscard]] const moves::MoveTables& tables() const { return tables_; }

    /// Cost of a walk onto a dry floor with this fact, along an axis or
    /// diagonally (what for_each_move emits for that walk).
    [[nodiscard]] double walk_step(Fact onto, bool diagonal) const { return moves::Level::walk_cost(tables_, onto, diagonal); }
    /// Cost of a fly move along `axes` axes at once (1, 2 or 3).
    [[nodiscard]] double fly_step(int axes) const { return moves::Fly::cost(*profile_, axes); }
    [[nodiscard]] const NavSnapshot& field() const { return *field_; }
    [[nodiscard]] const AgentProfile& profile() const { return *profile_; }
    /// The multiplier of each floor class (Fact::floor_class()) these moves
    /// price walks with: the snapshot's, or the query's; the block forms too.
    [[nodiscard]] const std::array<double, 16>& floor_multipliers() const { return floor_multipliers_; }

private:
    [[nodiscard]] moves::ShapedLook shaped_look() const {
        return {*field_, tables_, *profile_, h16_, body_, step16_, jump16_, low_jump16_, any_stuck_, inside_vstep_};
    }
    void bind_bound();
    template <class Look, class Emit>
    void ground_moves(const Look& f, const moves::Across& far, Index p, Fact fp, Emit& emit) const;
    template <class Look, class Emit>
    void air_moves(const Look& f, Index p, Emit& emit) const;

    const NavSnapshot* field_;
    CheckedProfile profile_;  // shared with the navigator and its field (checked once)
    moves::ReadReach reach_;
    moves::MoveTables tables_;
    std::array<double, 16> floor_multipliers_;
    Fact::Raw waypoint_bits_;
    bool any_air_rule_ = false;
    bool grid_on_plain_floor_ = true;
    bool only_flies_ = false;
    // lower_bound: per-voxel cost times an octile, Manhattan or 3D octile distance.
    double h_scale_ = 0.0, rule_rate_ = 0.0;
    double flyer_climb_rate_ = std::numeric_limits<double>::infinity();  // only for pure flyers that climb
    double climb_rate_ = 0.0, rule_climb_rate_ = 0.0;
    // Heights of the shaped rules, in sixteenths; the body in whole voxels.
    int h16_ = 32, body_ = 2, step16_ = 9, jump16_ = 16;
    // The highest rise of a jump from a floor that lowers jumps (honey):
    // jump height times the snapshot's least jump factor. [Units: 1/16 voxel]
    int low_jump16_ = 16;
    bool any_stuck_ = false;  // the snapshot has a block that slows a body inside it (a cobweb)
    double inside_vstep_ = 0.0;  // moves::ShapedLook::inside_vstep [Units: s/voxel]
    // Built from the snapshot's floor multipliers (not a query's): rebind
    // takes the new snapshot's, which grow when a slowing block first appears.
    bool snapshot_multipliers_ = false;
    void fill_step_tables(const std::array<double, 16>& m);
    // A step of a whole voxel or more: the plain rules (every rise a jump)
    // do not hold anywhere, and every position takes the shaped rules.
    bool always_shaped_ = false;
    enum class Metric { Octile2D, Manhattan2D, Octile3D } metric_;
};

// ---------------------------------------------------------------------------

template <class Emit>
void MovementModel::for_each_move(Index p, Emit&& emit) const {
    const NavSnapshot& f = *field_;
    const ChunkSlot& slot = f.slot(node_id::slot(p));
    const Fact fp = slot[node_id::local(p)];
    const bool inside = reads_stay_in_chunk(p);
    if (fp.standable() && (slot.shapes || always_shaped_)) {
        moves::ShapedGround<moves::Rules>::moves(shaped_look(), p, fp, emit);
    } else if (fp.standable()) {
        const moves::Across far(&f, p, slot);
        if (inside) ground_moves(moves::InChunk{slot.bits}, far, p, fp, emit);
        else ground_moves(far, far, p, fp, emit);
    }
    if (any_air_rule_ && fp.clear()) {
        if (inside) air_moves(moves::InChunk{slot.bits}, p, emit);
        else air_moves(moves::Across(&f, p, slot), p, emit);
    }
}

template <class Look, class Emit>
void MovementModel::air_moves(const Look& f, Index p, Emit& emit) const {
    moves::Rules::each([&](auto rule) VOXNAV_INLINE { rule.from_clear(f, p, tables_, emit); });
}

template <class Look, class Emit>
void MovementModel::ground_moves(const Look& f, const moves::Across& far, Index p, Fact fp, Emit& emit) const {
    const moves::Ground<Look> g(f, far, *field_, tables_, *profile_, p, fp);
    for (int d = 0; d < 4; ++d) moves::Rules::each([&](auto rule) VOXNAV_INLINE { rule.side(g, d, emit); });
    moves::Rules::each([&](auto rule) VOXNAV_INLINE { rule.after_sides(g, emit); });
}

template <class Emit, class Expand>
void MovementModel::for_each_predecessor(Index to, Emit&& emit, Expand&& expand) const {
    const Fact ft = (*field_)[to];
    if (!is_waypoint(ft)) return;
    if (field_->shaped_chunk_count() > 0 || always_shaped_) {
        // Moves from a position of a chunk without shape facts follow the
        // plain rules, whose backward forms hold wherever `to` itself has a
        // plain shape (no offset, nothing to open; shaped neighbours would
        // make its chunk shaped). Moves from positions of shaped chunks
        // follow the shaped rules: the level moves (stair walks included),
        // climbs and vertical swims have backward forms (moves::ShapedBack),
        // tried source by source below; the rest (jumps, falls, diagonals,
        // and every leap: it may span shaped columns) do not, so every position such a move into `to` can start from is
        // expanded forwards (exact by construction; slower, but only there).
        // A source is either read backwards or expanded, never both: no move
        // is found twice, and each source's moves come in for_each_move's
        // order, so searches over predecessors settle ties as before.
        const NavSnapshot& f = *field_;
        const bool plain_sources = !always_shaped_ && !f.shaped(to);
        if (plain_sources) {
            const moves::Back b{f, tables_, *profile_, to, ft};
            // Leaps reach over several columns, which may be shaped: they
            // come from their starts below, expanded forwards.
            auto plain = [&](Index s, double c, MoveTag a) {
                if (!f.shaped(s) && a.motion() != Action::Leap) emit(s, c, a);
            };
            moves::Rules::each([&](auto rule) { rule.backward(b, plain); });
        }
        auto wanted = [&](Index s) { return s != NavSnapshot::no_index && !(plain_sources && !f.shaped(s)) && is_waypoint(s); };
        auto from = [&](Index s) {
            if (!wanted(s)) return;
            expand(s, [&](Index q, double c, MoveTag a) {
                if (q == to) emit(s, c, a);
            });
        };
        // A source whose ground moves into `to` all have a backward form
        // (it takes the shaped rules; `to` is standable, so a ground move can
        // end there): those, then its air moves, as for_each_move orders them.
        const moves::ShapedLook look = shaped_look();
        const bool ground_to = ft.standable();
        auto by_shaped_rules = [&](Index s, Fact fs) { return ground_to && fs.standable() && (always_shaped_ || f.shaped(s)); };
        auto air_into = [&](Index s, Fact fs) {
            if (!any_air_rule_ || !fs.clear()) return;
            auto into = [&](Index q, double c, MoveTag a) {
                if (q == to) emit(s, c, a);
            };
            const ChunkSlot& slot = f.slot(node_id::slot(s));
            if (reads_stay_in_chunk(s)) air_moves(moves::InChunk{slot.bits}, s, into);
            else air_moves(moves::Across(&f, s, slot), s, into);
        };
        auto from_side = [&](Index s, int d) {
            if (!wanted(s)) return;
            const Fact fs = f[s];
            if (!by_shaped_rules(s, fs)) return from(s);
            const moves::ShapedFrom source(look, s, fs);
            if (!moves::ShapedBack<moves::Rules>::side_is_level(look, source, to, ft, d)) return from(s);
            auto found = [&](Index, double c, MoveTag a) { emit(s, c, a); };
            moves::ShapedBack<moves::Rules>::side(look, source, to, ft, d, found);
            air_into(s, fs);
        };
        auto from_vertical = [&](Index s) {
            if (!wanted(s)) return;
            const Fact fs = f[s];
            if (!by_shaped_rules(s, fs)) return from(s);
            auto found = [&](Index, double c, MoveTag a) { emit(s, c, a); };
            moves::ShapedBack<moves::Rules>::vertical(look, s, fs, to, found);
            air_into(s, fs);
        };
        const int up = std::max(jump16_, step16_ + 8) / 16 + 2;  // covers every rule's rise (ShapedGround::max_rise)
        for (int d = 0; d < 4; ++d) {
            const int dx = moves::axis_dx[d], dz = moves::axis_dz[d];
            for (int k = -up; k <= up; ++k) from_side(f.offset(to, -dx, k, -dz), d);
            // Falls: sources beside the open column above `to`.
            for (Index u = f.offset(to, 0, up + 1, 0); f[u].clear() && !f[u].supported(); u = f.offset(u, 0, 1, 0))
                from(f.offset(u, -dx, 0, -dz));
            from(f.offset(to, -moves::diag_dx[d], 0, -moves::diag_dz[d]));
        }
        from_vertical(f.offset(to, 0, 1, 0));
        from_vertical(f.offset(to, 0, -1, 0));
        if (profile_->fly)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dz = -1; dz <= 1; ++dz)
                    for (int dx = -1; dx <= 1; ++dx)
                        if (dx != 0 && dy != 0 && dz != 0) from(f.offset(to, dx, dy, dz));  // the rest came above
        // Leaps: every start 2 .. jump_distance + 1 columns away at `to`'s
        // level, plain or shaped (no other move spans two columns).
        if (moves::Leap::active(*profile_) && ft.dry_standable())
            for (int d = 0; d < 4; ++d)
                for (int gap = 1; gap <= profile_->jump_distance; ++gap) {
                    const Index s = f.offset(to, -(gap + 1) * moves::axis_dx[d], 0, -(gap + 1) * moves::axis_dz[d]);
                    if (s == NavSnapshot::no_index || !is_waypoint(s)) continue;
                    expand(s, [&](Index q, double c, MoveTag a) {
                        if (q == to && a.motion() == Action::Leap) emit(s, c, a);
                    });
                }
        return;
    }
    const moves::Back b{*field_, tables_, *profile_, to, ft};
    moves::Rules::each([&](auto rule) { rule.backward(b, emit); });
}

inline VOXNAV_INLINE double MovementModel::lower_bound_delta(double dx, double dy, double dz) const {
    switch (metric_) {
        case Metric::Manhattan2D: return h_scale_ * (dx + dz);
        case Metric::Octile2D: {
            const double lo = std::min(dx, dz), hi = std::max(dx, dz);
            return h_scale_ * (hi - lo + std::sqrt(2.0) * lo);
        }
        case Metric::Octile3D: {
            // Sorted without a sort call: this runs once per generated node.
            const double lo = std::min(std::min(dx, dy), dz), hi = std::max(std::max(dx, dy), dz);
            const double mid = dx + dy + dz - lo - hi;
            return h_scale_ * ((hi - mid) + std::sqrt(2.0) * (mid - lo) + std::sqrt(3.0) * lo);
        }
    }
    return 0.0;
}

}  // namespace voxnav
