/// @file movement.hpp
/// @brief The movement rules of spec/movement-model.md: which moves an agent
/// can make from a position, to where, at what cost. This is the one place
/// the rules live; the search only sees states, costs and action tags.
///
///   voxnav::MovementModel moves(*snapshot, profile);
///   moves.for_each_move(snapshot->index_of(p), [](NavSnapshot::Index to, double cost, voxnav::Action a) { ... });
///
/// Costs are seconds of travel. Reads only a NavSnapshot (no world access, no
/// allocation, no lock), so one model may be used from many threads at once.
/// Inside a chunk, neighbours are plain offsets; within reach of a chunk face
/// they go through the snapshot's neighbour-chunk links.
///
/// Errors: nothing here throws except std::bad_alloc from the constructors
/// (the profile is checked by Navigator and NavField, which throw ProfileError).
#pragma once

#include "voxnav/agent/profile.hpp"
#include "voxnav/facts/nav_snapshot.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace voxnav {

/// How a waypoint is reached. `Start` tags the first waypoint only.
enum class Action : std::uint8_t { Start, Walk, Jump, Fall, Swim, Fly };
[[nodiscard]] const char* to_string(Action a);
/// "start", "walk", "jump", "fall", "swim" or "fly"; nullopt otherwise.
[[nodiscard]] std::optional<Action> parse_action(std::string_view text);

class MovementModel {
public:
    using Index = NavSnapshot::Index;

    MovementModel(const NavSnapshot& field, const AgentProfile& profile);
    /// With other multipliers for the snapshot's floor classes (index = bits
    /// 4..7 of a fact byte; see NavSnapshot::multipliers()): per-query floor
    /// costs. [Limit: each >= 1]
    MovementModel(const NavSnapshot& field, const AgentProfile& profile, const std::array<double, 16>& floor_multipliers);
    /// Reads `field` from now on (same shape; the costs do not change).
    void rebind(const NavSnapshot& field) { field_ = &field; }

    /// A position where a route may start, end or pass: a standable node, or
    /// for a flyer any clear node.
    [[nodiscard]] bool is_waypoint(Index i) const {
        const std::uint8_t b = (*field_)[i];
        return (b & waypoint_mask_) == waypoint_mask_;
    }
    [[nodiscard]] bool is_standable(Index i) const {
        return ((*field_)[i] & NavSnapshot::StandableNode) == NavSnapshot::StandableNode;
    }

    /// Calls emit(to, cost, action) for every legal move from waypoint `from`.
    template <class Emit>
    void for_each_move(Index from, Emit&& emit) const;

    /// True when every read of a move from `i` (leaps aside: they always go
    /// through the links) stays inside i's chunk, so the moves are found by
    /// plain offsets; otherwise they follow the snapshot's neighbour-chunk
    /// links (what `voxnav live --scenario borders` times).
    [[nodiscard]] bool reads_stay_in_chunk(Index i) const {
        const int lx = int(i & 15u), lz = int((i >> 4) & 15u), ly = int((i >> 8) & 15u);
        return lx >= reach_side_ && lx <= 15 - reach_side_ && lz >= reach_side_ && lz <= 15 - reach_side_ && ly >= 1 &&
               ly <= 15 - reach_up_;
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
    /// be nearly free: falls).
    [[nodiscard]] double cheapest_rate() const { return h_scale_; }
    /// What each voxel of height gained costs at least, beyond the cheapest
    /// rate for the move's horizontal distance [Units: seconds per voxel].
    /// Ground agents climb only by jumping up (at least sqrt(2 / (gravity *
    /// jump_height)) over the walk), swimming up (1 / swim_speed) or flying
    /// up ((sqrt 3 - sqrt 2) / fly_speed at the least, a 3D diagonal); every
    /// other move keeps or loses height. 0 for pure flyers, whose bound
    /// already counts height, and for agents that cannot climb.
    [[nodiscard]] double climb_rate() const { return climb_rate_; }
    /// True when the bound counts height (pure flyers), false when only
    /// horizontal distance counts.
    [[nodiscard]] bool bound_counts_height() const { return metric_ == Metric::Octile3D; }

    /// Cost of a walk onto a dry floor with these fact bits, along an axis or
    /// diagonally (what for_each_move emits for that walk).
    [[nodiscard]] double walk_step(std::uint8_t bits, bool diagonal) const {
        return diagonal ? walk_diag_[bits >> 4] : walk_axis_[bits >> 4];
    }
    [[nodiscard]] const NavSnapshot& field() const { return *field_; }
    [[nodiscard]] const AgentProfile& profile() const { return profile_; }

private:
    // Neighbour access inside one chunk: offsets within its 4096 bytes.
    struct InChunk {
        const std::uint8_t* bits;
        [[nodiscard]] Index at(Index p, int dx, int dy, int dz) const { return p + Index(dx + 16 * dz + 256 * dy); }
        [[nodiscard]] std::uint8_t operator[](Index i) const { return bits[i & 4095u]; }
    };
    // Neighbour access anywhere: through the snapshot's chunk links. Built
    // per expansion: offsets from the position's own chunk use its links
    // directly, and reads keep the last other chunk's facts at hand (on a
    // chunk face, every outside read lands in the one chunk across it).
    struct Across {
        const NavSnapshot* f;
        std::uint32_t home;
        const ChunkSlot* home_slot;
        mutable std::uint32_t other = 0xFFFFFFFFu;  // no slot has this number
        mutable const std::uint8_t* other_bits = nullptr;

        Across(const NavSnapshot* field, Index p, const ChunkSlot& slot)
            : f(field), home(p >> NavSnapshot::local_bits), home_slot(&slot) {}

        [[nodiscard]] VOXNAV_INLINE Index at(Index i, int dx, int dy, int dz) const {
            return (i >> NavSnapshot::local_bits) == home ? f->offset_in(*home_slot, i, dx, dy, dz) : f->offset(i, dx, dy, dz);
        }
        [[nodiscard]] VOXNAV_INLINE std::uint8_t operator[](Index i) const {
            const std::uint32_t s = i >> NavSnapshot::local_bits;
            if (s == home) return home_slot->bits[i & 4095u];
            if (s != other) {
                other = s;
                other_bits = f->slot(s).bits;
            }
            return other_bits[i & 4095u];
        }
    };

    template <class Look, class Emit>
    void ground_moves(const Look& f, const Across& far, Index p, std::uint8_t bp, Emit& emit) const;
    template <class Look, class Emit>
    void fly_moves(const Look& f, Index p, Emit& emit) const;

    [[nodiscard]] static bool standable_node(std::uint8_t b) {
        return (b & NavSnapshot::StandableNode) == NavSnapshot::StandableNode;
    }
    [[nodiscard]] static bool clear(std::uint8_t b) { return (b & NavSnapshot::Clear) != 0; }
    [[nodiscard]] static bool supported(std::uint8_t b) { return (b & NavSnapshot::Supported) != 0; }
    [[nodiscard]] static bool water(std::uint8_t b) { return (b & NavSnapshot::Water) != 0; }

    const NavSnapshot* field_;
    AgentProfile profile_;
    std::uint8_t waypoint_mask_;
    // A position whose every neighbour read stays in its chunk: local x and z
    // in [reach_side_, 15 - reach_side_], y in [1, 15 - reach_up_].
    int reach_side_, reach_up_;
    static constexpr int axis_dx_[4] = {1, -1, 0, 0}, axis_dz_[4] = {0, 0, 1, -1};
    static constexpr int diag_dx_[4] = {1, 1, -1, -1}, diag_dz_[4] = {1, -1, 1, -1};
    // Pre-scaled costs, indexed by floor multiplier index.
    double walk_axis_[16], walk_diag_[16], step_[16];
    double swim_axis_, swim_diag_;
    double inv_gravity2_;  // 2 / gravity, for the air time sqrt(2k / g)
    double leap_air_;      // 2 * sqrt(2 / g)
    // Fly: direction, cost and the 26-neighbour clear mask each move needs.
    Voxel fly_dir_[26];
    int fly_local_[26];  // dx + 16 dz + 256 dy: the offset inside a chunk
    double fly_cost_[26];
    std::uint32_t fly_need_[26];
    // lower_bound: per-voxel cost times an octile, Manhattan or 3D octile distance.
    double h_scale_;
    double climb_rate_ = 0.0;
    enum class Metric { Octile2D, Manhattan2D, Octile3D } metric_;
};

// ---------------------------------------------------------------------------

template <class Emit>
void MovementModel::for_each_move(Index p, Emit&& emit) const {
    const NavSnapshot& f = *field_;
    const ChunkSlot& slot = f.slot(p >> NavSnapshot::local_bits);
    const std::uint8_t bp = slot.bits[p & 4095u];
    const bool inside = reads_stay_in_chunk(p);
    if (standable_node(bp)) {
        const Across far(&f, p, slot);
        if (inside) ground_moves(InChunk{slot.bits}, far, p, bp, emit);
        else ground_moves(far, far, p, bp, emit);
    }
    if (profile_.fly && clear(bp)) {
        if (inside) fly_moves(InChunk{slot.bits}, p, emit);
        else fly_moves(Across(&f, p, slot), p, emit);
    }
}

template <class Look, class Emit>
void MovementModel::ground_moves(const Look& f, const Across& far, Index p, std::uint8_t bp, Emit& emit) const {
    const bool from_water = water(bp);
    const AgentProfile& a = profile_;
    // The four side neighbours, read once: the diagonals' corner checks reuse them.
    Index side[4];
    std::uint8_t side_bits[4];
    for (int d = 0; d < 4; ++d) {
        side[d] = f.at(p, axis_dx_[d], 0, axis_dz_[d]);
        side_bits[d] = f[side[d]];
    }
    for (int d = 0; d < 4; ++d) {
        const int dx = axis_dx_[d], dz = axis_dz_[d];
        const Index q = side[d];
        const std::uint8_t bq = side_bits[d];
        // 1. walk / swim on the same level
        if (standable_node(bq)) {
            if (water(bq)) {
                if (a.swim) emit(q, swim_axis_, Action::Swim);
            } else if (a.walk) {
                emit(q, walk_axis_[bq >> 4], Action::Walk);
            }
        }
        // 2. jump up k voxels: headroom above p is clear(p + j*up) for j <= k.
        if (a.jump) {
            const int kmax = from_water ? std::min(1, a.jump_height) : a.jump_height;
            for (int k = 1; k <= kmax; ++k) {
                if (!clear(f[f.at(p, 0, k, 0)])) break;
                const Index t = f.at(q, 0, k, 0);
                const std::uint8_t bt = f[t];
                if (standable_node(bt) && !water(bt))
                    emit(t, step_[bt >> 4] + std::sqrt(k * inv_gravity2_), Action::Jump);
            }
        }
        // 3. fall: step off into open air and drop to the first support. The
        // drop may leave the chunk, so it always steps through the links.
        if (a.fall && !from_water && clear(bq) && !supported(bq)) {
            const NavSnapshot& all = *field_;
            Index t = all.offset(p, dx, 0, dz);
            for (int k = 1;; ++k) {
                t = all.offset(t, 0, -1, 0);
                const std::uint8_t bt = all[t];
                if (!clear(bt)) break;  // solid, hazard, or the void below the navigable chunks
                if (supported(bt)) {
                    if ((k <= a.max_fall || water(bt)) && (bt & NavSnapshot::Node))
                        emit(t, step_[bt >> 4] + std::sqrt(k * inv_gravity2_), Action::Fall);
                    break;
                }
            }
        }
        // 4. leap over g gap voxels, landing at p + (g+1)*d. Through the
        // links always: a leap reaches past the chunk-interior margin, and
        // most stop at the first gap voxel (the side neighbour, read above).
        if (a.jump && a.jump_distance > 0 && !from_water && !supported(bq) && clear(bq) && clear(f[f.at(p, 0, 1, 0)])) {
            for (int g = 1; g <= a.jump_distance; ++g) {
                const Index c = far.at(p, g * dx, 0, g * dz);
                const std::uint8_t bc = far[c];
                if (!clear(bc) || supported(bc) || !clear(far[far.at(c, 0, 1, 0)])) break;
                const Index l = far.at(p, (g + 1) * dx, 0, (g + 1) * dz);
                const std::uint8_t bl = far[l];
                if (standable_node(bl) && !water(bl))
                    emit(l, (g + 1) * step_[bl >> 4] + leap_air_, Action::Jump);
            }
        }
    }
    // 1. diagonal walk / swim, no corner cutting
    if (a.diagonal && (a.walk || a.swim)) {
        for (int d = 0; d < 4; ++d) {
            const int dx = diag_dx_[d], dz = diag_dz_[d];
            const Index q = f.at(p, dx, 0, dz);
            const std::uint8_t bq = f[q];
            if (!standable_node(bq)) continue;
            // Sides: +x is axis 0, -x axis 1, +z axis 2, -z axis 3.
            if (!clear(side_bits[dx > 0 ? 0 : 1]) || !clear(side_bits[dz > 0 ? 2 : 3])) continue;
            if (water(bq)) {
                if (a.swim) emit(q, swim_diag_, Action::Swim);
            } else if (a.walk) {
                emit(q, walk_diag_[bq >> 4], Action::Walk);
            }
        }
    }
    // 5. swim up / down
    if (a.swim && from_water) {
        const Index up = f.at(p, 0, 1, 0), down = f.at(p, 0, -1, 0);
        if (standable_node(f[up])) emit(up, swim_axis_, Action::Swim);
        if (standable_node(f[down])) emit(down, swim_axis_, Action::Swim);
    }
}

template <class Look, class Emit>
void MovementModel::fly_moves(const Look& f, Index p, Emit& emit) const {
    Index to[26];
    std::uint8_t bits[26];
    if constexpr (std::is_same_v<Look, InChunk>) {
        for (int n = 0; n < 26; ++n) {
            to[n] = p + Index(fly_local_[n]);
            bits[n] = f[to[n]];
        }
    } else {
        // Per axis, where -1, 0 and +1 land: the chunk step (0, 1, 2) and the
        // local coordinate. The chunks touched (2 on a face, up to 8 at a
        // corner) are looked up once each.
        const int l[3] = {int(p & 15u), int((p >> 8) & 15u), int((p >> 4) & 15u)};
        int step[3][3], land[3][3];
        for (int a = 0; a < 3; ++a)
            for (int d = 0; d < 3; ++d) {
                const int v = l[a] + d - 1;
                step[a][d] = (v >> 4) + 1;
                land[a][d] = v & 15;
            }
        const std::uint8_t* chunk_bits[27];
        std::uint32_t known = 0;
        for (int n = 0; n < 26; ++n) {
            const int dx = fly_dir_[n].x + 1, dy = fly_dir_[n].y + 1, dz = fly_dir_[n].z + 1;
            const int c = step[0][dx] + 3 * step[2][dz] + 9 * step[1][dy];
            const std::uint32_t s = f.home_slot->link[c];
            if (!(known >> c & 1u)) {
                known |= 1u << c;
                chunk_bits[c] = f.f->slot(s).bits;
            }
            const std::uint32_t local = std::uint32_t(land[0][dx] | (land[2][dz] << 4) | (land[1][dy] << 8));
            to[n] = (s << NavSnapshot::local_bits) | local;
            bits[n] = chunk_bits[c][local];
        }
    }
    std::uint32_t open = 0;
    for (int n = 0; n < 26; ++n)
        if (clear(bits[n])) open |= 1u << n;
    for (int n = 0; n < 26; ++n) {
        if ((open & fly_need_[n]) != fly_need_[n]) continue;
        if (bits[n] & NavSnapshot::Node) emit(to[n], fly_cost_[n], Action::Fly);
    }
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
