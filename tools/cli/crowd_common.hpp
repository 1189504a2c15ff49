// SPDX-License-Identifier: MIT
// Shared by `voxnav crowd`, `voxnav chase` and `voxnav bench-follow`: seeded positions for a crowd
// and its goal, and percentiles of tick times.
#pragma once

#include "picture_args.hpp"
#include "facts/nav_snapshot.hpp"
#include "route/problems/landmark_keeper.hpp"

#include <algorithm>
#include <random>

namespace voxnav::cli {

/// The topmost waypoint of column (x, z) within the navigator's domain, if any.
inline std::optional<Voxel> top_waypoint(const Navigator& nav, int x, int z) {
    const VoxelBox d = nav.field().domain();
    if (x < d.lo.x || x >= d.hi.x || z < d.lo.z || z >= d.hi.z) return std::nullopt;
    for (int y = d.hi.y - 1; y >= d.lo.y; --y)
        if (nav.is_waypoint({x, y, z})) return Voxel{x, y, z};
    return std::nullopt;
}

/// A seeded surface waypoint in the middle half of the world (a goal or a
/// target's start); UsageError when none is found.
inline Voxel central_waypoint(const Navigator& nav, std::mt19937& rng) {
    const VoxelBox d = nav.field().domain();
    const Voxel s = d.size();
    for (int tries = 0; tries < 100000; ++tries) {
        const int x = d.lo.x + s.x / 4 + int(rng() % std::uint32_t(std::max(1, s.x / 2)));
        const int z = d.lo.z + s.z / 4 + int(rng() % std::uint32_t(std::max(1, s.z / 2)));
        if (auto v = top_waypoint(nav, x, z)) return *v;
    }
    throw UsageError("--world: no standable surface found for this agent");
}

/// Up to `n` seeded surface waypoints within a square of side `spread`
/// voxels centred on `centre` from which find_route reaches `centre` (a
/// crowd that can get there); fewer when the square holds fewer.
inline std::vector<Voxel> crowd_around(Navigator& nav, const Voxel& centre, int n, int spread, std::mt19937& rng) {
    std::vector<Voxel> out;
    const int half = std::max(1, spread / 2);
    for (int tries = 0; int(out.size()) < n && tries < 50 * n + 1000; ++tries) {
        const int x = centre.x - half + int(rng() % std::uint32_t(2 * half + 1));
        const int z = centre.z - half + int(rng() % std::uint32_t(2 * half + 1));
        const auto v = top_waypoint(nav, x, z);
        if (!v) continue;
        if (nav.find_route(*v, Goal::at(centre)).status == SearchStatus::Found) out.push_back(*v);
    }
    return out;
}

/// Landmark tables of `count` landmarks for this navigator's agent, built now
/// on the calling thread (no worker: the timed parts then compare queries,
/// not a background build). Nothing for agents without tables.
inline void build_landmarks_now(Navigator& nav, int count) {
    if (!nav.landmarks()) return;
    LandmarkSettings s;
    s.count = count;
    s.min_waypoints = 0;
    s.background = false;
    nav.use_landmarks(s);
    if (count > 0) nav.landmarks()->build_now(nav.snapshot());
}

/// The p-th percentile (0..100) of `v`, nearest rank; 0 for none.
inline double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t k = std::min(v.size() - 1, std::size_t(p / 100.0 * double(v.size())));
    return v[k];
}

}  // namespace voxnav::cli
