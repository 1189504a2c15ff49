/// @file movement.hpp
/// @brief The movement rules of spec/movement-model.md: which moves an agent
/// can make from a position, to where, at what cost. This is the one place
/// the rules live; the search only sees states, costs and action tags.
///
///   voxnav::MovementModel moves(field, profile);
///   moves.for_each_move(field.index_of(p), [](NavField::Index to, double cost, voxnav::Action a) { ... });
///
/// Costs are seconds of travel. Reads only the NavField (no world access, no
/// allocation), so one model may be used from many threads at once.
#pragma once

#include "voxnav/agent/nav_field.hpp"
#include "voxnav/agent/profile.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace voxnav {

/// How a waypoint is reached. `Start` tags the first waypoint only.
enum class Action : std::uint8_t { Start, Walk, Jump, Fall, Swim, Fly };
[[nodiscard]] const char* to_string(Action a);

class MovementModel {
public:
    using Index = NavField::Index;

    MovementModel(const NavField& field, const AgentProfile& profile);

    /// A position where a route may start, end or pass: a standable node, or
    /// for a flyer any clear node.
    [[nodiscard]] bool is_waypoint(Index i) const {
        const std::uint8_t b = field_[i];
        return (b & waypoint_mask_) == waypoint_mask_;
    }
    [[nodiscard]] bool is_standable(Index i) const {
        return (field_[i] & NavField::StandableNode) == NavField::StandableNode;
    }

    /// Calls emit(to, cost, action) for every legal move from waypoint `from`.
    template <class Emit>
    void for_each_move(Index from, Emit&& emit) const;

    /// Admissible and consistent lower bound on the cost from `from` to `goal`.
    [[nodiscard]] double lower_bound(const Voxel& from, const Voxel& goal) const;

    [[nodiscard]] const NavField& field() const { return field_; }
    [[nodiscard]] const AgentProfile& profile() const { return profile_; }

private:
    template <class Emit>
    void ground_moves(Index p, std::uint8_t bp, const Voxel& local, Emit& emit) const;
    template <class Emit>
    void fly_moves(Index p, const Voxel& local, Emit& emit) const;

    [[nodiscard]] static bool standable_node(std::uint8_t b) {
        return (b & NavField::StandableNode) == NavField::StandableNode;
    }
    [[nodiscard]] static bool clear(std::uint8_t b) { return (b & NavField::Clear) != 0; }
    [[nodiscard]] static bool supported(std::uint8_t b) { return (b & NavField::Supported) != 0; }
    [[nodiscard]] static bool water(std::uint8_t b) { return (b & NavField::Water) != 0; }

    const NavField& field_;
    AgentProfile profile_;
    std::uint8_t waypoint_mask_;
    Voxel dims_;
    std::int64_t sy_, sz_;
    std::int64_t axis_offset_[4];
    Voxel axis_dir_[4];
    std::int64_t diag_offset_[4];
    int diag_side_[4][2];  // indices into axis_offset_ of the two side cells
    // Pre-scaled costs, indexed by floor multiplier index.
    double walk_axis_[16], walk_diag_[16], step_[16];
    double swim_axis_, swim_diag_;
    double inv_gravity2_;  // 2 / gravity, for the air time sqrt(2k / g)
    double leap_air_;      // 2 * sqrt(2 / g)
    // Fly: offset, cost and the 26-neighbour clear mask each move needs.
    std::int64_t fly_offset_[26];
    double fly_cost_[26];
    std::uint32_t fly_need_[26];
    // lower_bound: per-voxel cost times an octile, Manhattan or 3D octile distance.
    double h_scale_;
    enum class Metric { Octile2D, Manhattan2D, Octile3D } metric_;
};

// ---------------------------------------------------------------------------

template <class Emit>
void MovementModel::for_each_move(Index p, Emit&& emit) const {
    const std::uint8_t bp = field_[p];
    const Voxel local = field_.local_of(p);
    if (standable_node(bp)) ground_moves(p, bp, local, emit);
    if (profile_.fly && clear(bp)) fly_moves(p, local, emit);
}

template <class Emit>
void MovementModel::ground_moves(Index p, std::uint8_t bp, const Voxel& local, Emit& emit) const {
    const std::uint8_t* f = field_.data();
    const bool from_water = water(bp);
    const AgentProfile& a = profile_;
    for (int d = 0; d < 4; ++d) {
        const Index q = static_cast<Index>(p + axis_offset_[d]);
        const std::uint8_t bq = f[q];
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
            const int kmax = std::min(from_water ? std::min(1, a.jump_height) : a.jump_height, dims_.y - 2 - local.y);
            for (int k = 1; k <= kmax; ++k) {
                if (!clear(f[p + k * sy_])) break;
                const Index t = static_cast<Index>(q + k * sy_);
                const std::uint8_t bt = f[t];
                if (standable_node(bt) && !water(bt))
                    emit(t, step_[bt >> 4] + std::sqrt(k * inv_gravity2_), Action::Jump);
            }
        }
        // 3. fall: step off into open air and drop to the first support.
        if (a.fall && !from_water && clear(bq) && !supported(bq)) {
            for (int k = 1; k < local.y; ++k) {
                const Index t = static_cast<Index>(q - k * sy_);
                const std::uint8_t bt = f[t];
                if (!clear(bt)) break;
                if (supported(bt)) {
                    if ((k <= a.max_fall || water(bt)) && (bt & NavField::Node))
                        emit(t, step_[bt >> 4] + std::sqrt(k * inv_gravity2_), Action::Fall);
                    break;
                }
            }
        }
        // 4. leap over g gap voxels, landing at p + (g+1)*d.
        if (a.jump && a.jump_distance > 0 && !from_water && clear(f[p + sy_])) {
            const Voxel dir = axis_dir_[d];
            for (int g = 1; g <= a.jump_distance; ++g) {
                const Voxel land = local + dir * (g + 1);
                if (land.x < 1 || land.z < 1 || land.x > dims_.x - 2 || land.z > dims_.z - 2) break;
                const Index c = static_cast<Index>(p + g * axis_offset_[d]);
                const std::uint8_t bc = f[c];
                if (!clear(bc) || supported(bc) || !clear(f[c + sy_])) break;
                const Index l = static_cast<Index>(c + axis_offset_[d]);
                const std::uint8_t bl = f[l];
                if (standable_node(bl) && !water(bl))
                    emit(l, (g + 1) * step_[bl >> 4] + leap_air_, Action::Jump);
            }
        }
    }
    // 1. diagonal walk / swim, no corner cutting
    if (a.diagonal && (a.walk || a.swim)) {
        for (int d = 0; d < 4; ++d) {
            const Index q = static_cast<Index>(p + diag_offset_[d]);
            const std::uint8_t bq = f[q];
            if (!standable_node(bq)) continue;
            if (!clear(f[p + axis_offset_[diag_side_[d][0]]]) || !clear(f[p + axis_offset_[diag_side_[d][1]]])) continue;
            if (water(bq)) {
                if (a.swim) emit(q, swim_diag_, Action::Swim);
            } else if (a.walk) {
                emit(q, walk_diag_[bq >> 4], Action::Walk);
            }
        }
    }
    // 5. swim up / down
    if (a.swim && from_water) {
        if (local.y + 1 <= dims_.y - 2 && standable_node(f[p + sy_])) emit(static_cast<Index>(p + sy_), swim_axis_, Action::Swim);
        if (local.y - 1 >= 1 && standable_node(f[p - sy_])) emit(static_cast<Index>(p - sy_), swim_axis_, Action::Swim);
    }
}

template <class Emit>
void MovementModel::fly_moves(Index p, const Voxel&, Emit& emit) const {
    const std::uint8_t* f = field_.data();
    // The stored box has a one-voxel ring around every node, so all 26
    // neighbours of a node are readable.
    std::uint32_t open = 0;
    for (int n = 0; n < 26; ++n)
        if (clear(f[p + fly_offset_[n]])) open |= 1u << n;
    for (int n = 0; n < 26; ++n) {
        if ((open & fly_need_[n]) != fly_need_[n]) continue;
        const Index q = static_cast<Index>(p + fly_offset_[n]);
        if (f[q] & NavField::Node) emit(q, fly_cost_[n], Action::Fly);
    }
}

inline double MovementModel::lower_bound(const Voxel& from, const Voxel& goal) const {
    const double dx = std::abs(from.x - goal.x), dz = std::abs(from.z - goal.z);
    switch (metric_) {
        case Metric::Manhattan2D: return h_scale_ * (dx + dz);
        case Metric::Octile2D: {
            const double lo = std::min(dx, dz), hi = std::max(dx, dz);
            return h_scale_ * (hi - lo + std::sqrt(2.0) * lo);
        }
        case Metric::Octile3D: {
            double v[3] = {dx, double(std::abs(from.y - goal.y)), dz};
            std::sort(v, v + 3);  // v[0] <= v[1] <= v[2]
            return h_scale_ * ((v[2] - v[1]) + std::sqrt(2.0) * (v[1] - v[0]) + std::sqrt(3.0) * v[0]);
        }
    }
    return 0.0;
}

}  // namespace voxnav
