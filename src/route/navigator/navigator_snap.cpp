// SPDX-License-Identifier: MIT
// Navigator's positions in game units: snapping an NPC's float position to
// the waypoint it occupies, and waypoints back to game-space feet centres.
#include "route/navigator/navigator_impl.hpp"

#include "route/query/describe.hpp"

#include <cmath>
#include <cstdio>
#include <tuple>

namespace voxnav {
namespace {

using detail::describe;
// Voxel coordinates a position may take: within int32 with room for the
// snap neighbourhood.
constexpr double kCoordLimit = 2147483000.0;

}  // namespace

glm::dvec3 Navigator::Impl::to_game(const Voxel& feet) const {
    const double half = profile_->width / 2.0;
    return snapshot_->transform().to_game(glm::dvec3(feet.x + half, feet.y, feet.z + half));
}

Navigator::Snap Navigator::Impl::snap(const glm::dvec3& game_position) const {
    const WorldTransform& t = snapshot_->transform();
    Snap s = snap_voxel_units(t.to_voxel_units(game_position));
    if (!(t.voxel_size == 1.0 && t.origin == glm::dvec3(0.0)))
        s.what += " (game position " + describe(game_position) + ")";
    return s;
}

Navigator::Snap Navigator::Impl::snap_feet(const Voxel& feet) const {
    const double half = profile_->width / 2.0;
    return snap_voxel_units(glm::dvec3(feet.x + half, feet.y, feet.z + half));
}

Navigator::Snap Navigator::Impl::snap_voxel_units(const glm::dvec3& feet) const {
    Snap s;
    const double half = profile_->width / 2.0;
    if (!std::isfinite(feet.x) || !std::isfinite(feet.y) || !std::isfinite(feet.z) || std::abs(feet.x) > kCoordLimit ||
        std::abs(feet.y) > kCoordLimit || std::abs(feet.z) > kCoordLimit) {
        s.what = "position " + describe(feet) + " is not a finite voxel position";
        return s;
    }
    // The footprint's min corner whose feet centre is nearest: x - w/2 + 1/2.
    const Voxel held(int(std::floor(feet.x - half + 0.5)), int(std::floor(feet.y + 1.0 / 32.0)),
                     int(std::floor(feet.z - half + 0.5)));
    if (is_waypoint(held)) {
        s.ok = true;
        s.feet = held;
        s.what = "stands at " + describe(held);
        return s;
    }
    // Mid jump (or a step down): open air here, a waypoint straight below.
    const NavSnapshot::Index here = snapshot_->index_of(held);
    if (here != NavSnapshot::no_index && (*snapshot_)[here].clear()) {
        // As high as a jump lifts the agent above a waypoint, and one more.
        const int reach = moves::JumpUp::air_height(profile_) + 1;
        for (int k = 1; k <= reach; ++k) {
            const Voxel below = held - Voxel(0, k, 0);
            if (is_waypoint(below)) {
                s.ok = true;
                s.feet = below;
                s.what = "snapped " + std::to_string(k) + " voxel" + (k > 1 ? "s" : "") + " down from " + describe(held) +
                         " to " + describe(below) + " (in the air above it)";
                return s;
            }
            const NavSnapshot::Index i = snapshot_->index_of(below);
            if (i == NavSnapshot::no_index || !(*snapshot_)[i].clear()) break;
        }
    }
    // The nearest waypoint whose feet centre is within snap_radius.
    double best = snap_radius * snap_radius + 1e-9;
    bool found = false;
    const int r = int(std::ceil(snap_radius)) + 1;
    for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx)
            for (int dz = -r; dz <= r; ++dz) {
                const Voxel c = held + Voxel(dx, dy, dz);
                const glm::dvec3 d = glm::dvec3(c.x + half, c.y, c.z + half) - feet;
                const double d2 = d.x * d.x + d.y * d.y + d.z * d.z;
                if (d2 > best) continue;
                if (found && d2 == best) {
                    // Ties: lower first, then smaller x, then smaller z.
                    const Voxel& b = s.feet;
                    if (std::tie(c.y, c.x, c.z) >= std::tie(b.y, b.x, b.z)) continue;
                }
                if (!is_waypoint(c)) continue;
                best = d2;
                s.feet = c;
                found = true;
            }
    if (found) {
        s.ok = true;
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2f", std::sqrt(best));
        s.what = "snapped from " + describe(held) + ", no waypoint, to the nearest waypoint " + describe(s.feet) +
                 ", " + buf + " voxels away";
        return s;
    }
    s.what = why_not_waypoint(held) + ", and no waypoint lies straight below within " +
             std::to_string(moves::JumpUp::air_height(profile_) + 1) + " voxels or within 1.5 voxels around it";
    return s;
}

}  // namespace voxnav
