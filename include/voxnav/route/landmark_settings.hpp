// SPDX-License-Identifier: MIT
/// @file landmark_settings.hpp
/// @brief LandmarkSettings: what a game chooses about the landmark tables
/// that give long routes a bound that knows the terrain (docs/landmarks.md,
/// "Exact long routes: landmarks"). Navigator::use_landmarks takes them; the tables and
/// the keeper that builds them are internal (src/route/problems/landmarks.hpp,
/// src/route/problems/landmark_keeper.hpp).
///
///   voxnav::LandmarkSettings s;
///   s.count = 4;               // half the memory of the default 8
///   nav.use_landmarks(s);      // before the navigator's first query
#pragma once

#include "voxnav/api.hpp"

#include <cstdint>

namespace voxnav {
VOXNAV_API_BEGIN

/// How much the landmark tables may cost. Memory: 4 x count bytes per
/// waypoint (2 each way) plus about 650 bytes per chunk holding waypoints;
/// with the default 8 landmarks 32 bytes per waypoint (docs/landmarks.md,
/// "Memory", has bytes per loaded voxel on the benchmark worlds).
struct LandmarkSettings {
    /// Landmarks per table. 0: no tables. [Limit: 0..32]
    int count = 8;
    /// Worlds with fewer dry standable positions (NavSnapshot::floor_voxel_count)
    /// get no tables: their routes are short enough without. 0: always.
    std::uint64_t min_waypoints = 20000;
    /// Least time between the starts of two repairs or builds while the
    /// world keeps changing: how long a change may slow queries near it.
    /// [Units: seconds] [Limit: >= 0]
    double rebuild_interval = 0.25;
    /// false: no worker thread; tables come only from build_now (tools, tests).
    bool background = true;
    /// Repairs (LandmarkTable::repair: only what changed) before a full
    /// build: repairs lower times an edit lowered but leave raised ones
    /// loose, so the bound slowly weakens until a build. 0: always build.
    int max_repairs = 16;
    bool operator==(const LandmarkSettings& o) const {
        return count == o.count && min_waypoints == o.min_waypoints && rebuild_interval == o.rebuild_interval &&
               background == o.background && max_repairs == o.max_repairs;
    }
};

VOXNAV_API_END
}  // namespace voxnav
