// SPDX-License-Identifier: MIT
// Navigator::smooth_route: runs of walk waypoints merged into straight
// segments an NPC can follow without zig-zagging between voxel centres.
#include "route/navigator/navigator_impl.hpp"

#include <cmath>

namespace voxnav {

// The footprint's min corner moves along the segment from a to b; a unit
// square around it sweeps the convex hull of the squares at a and at b. A
// position is swept when its voxel overlaps that hull's interior
// (separating axes: x, z and the segment's normal). Every swept position
// must be walkable (moves::Level::walkable): then the union of their clear, supported
// footprints covers every footprint along the way.
double Navigator::Impl::sweep_multiplier(const Voxel& a, const Voxel& b, const ZoneCosts* zones) const {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const std::int64_t nx = -(std::int64_t(b.z) - a.z), nz = std::int64_t(b.x) - a.x;
    const std::int64_t reach = std::llabs(nx) + std::llabs(nz);
    const int x0 = std::min(a.x, b.x), x1 = std::max(a.x, b.x), z0 = std::min(a.z, b.z), z1 = std::max(a.z, b.z);
    const std::int64_t na = nx * a.x + nz * a.z;
    double worst = 1.0;
    for (int z = z0; z <= z1; ++z)
        for (int x = x0; x <= x1; ++x) {
            if (std::llabs(nx * x + nz * z - na) >= reach) continue;  // touches the hull at most along an edge
            const Voxel p(x, a.y, z);
            const NavSnapshot::Index i = snapshot_->index_of(p);
            if (i == NavSnapshot::no_index) return kInf;
            const Fact f = (*snapshot_)[i];
            // Near shaped blocks the floor is not one flat level: no straight segments there.
            if (!moves::Level::walkable(f) || snapshot_->shaped(i)) return kInf;
            double m = snapshot_->floor_multiplier(f);
            if (zones && !zones->empty()) m *= zones->multiplier(p);
            worst = std::max(worst, m);
        }
    return worst;
}

Route Navigator::Impl::smooth_route(const Route& route, const std::vector<CostZone>& zone_list) const {
    Route out = route;
    if (!route.usable() || route.waypoints.size() < 3 || !profile_->walk) return out;
    const ZoneCosts zones(zone_list);
    constexpr std::size_t kLookahead = 64;  // bounds the work per anchor
    const auto& wps = route.waypoints;
    out.waypoints.clear();
    out.waypoints.push_back(wps[0]);
    std::size_t anchor = 0;
    while (anchor + 1 < wps.size()) {
        const Voxel& a = wps[anchor].position;
        std::size_t best = anchor + 1;
        double best_cost = wps[anchor + 1].cost, replaced = 0.0;
        for (std::size_t j = anchor + 1; j < wps.size() && j <= anchor + kLookahead; ++j) {
            // Only plain walks merge: a walk that opens, digs or places stays a waypoint of its own.
            if (wps[j].action != Action::Walk || wps[j].position.y != a.y || wps[j].opened || wps[j].dug || wps[j].placed) break;
            replaced += wps[j].cost;
            if (j == anchor + 1) continue;
            const glm::dvec3 d = glm::dvec3(wps[j].position - a);
            const double m = sweep_multiplier(a, wps[j].position, &zones);
            if (!std::isfinite(m)) continue;
            const double cost = moves::Level::straight_walk_cost(profile_, std::sqrt(d.x * d.x + d.z * d.z), m);
            if (cost <= replaced * (1.0 + 1e-12)) {
                best = j;
                best_cost = cost;
            }
        }
        Waypoint w = wps[best];
        if (best > anchor + 1) w.cost = best_cost;
        out.waypoints.push_back(w);
        anchor = best;
    }
    out.cost = 0.0;
    for (const Waypoint& w : out.waypoints) out.cost += w.cost;
    return out;
}

}  // namespace voxnav
