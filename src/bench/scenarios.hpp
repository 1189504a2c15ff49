// SPDX-License-Identifier: MIT
/// @file scenarios.hpp
/// @brief Moving AI scenario files (.scen for 2D maps, .3dscen for 3D maps)
/// and the agent profiles under which voxnav's costs equal their published
/// optimal lengths.
///
///   voxnav::ScenarioFile s = voxnav::load_scenarios("brc202d.map.scen");
///   voxnav::World w = voxnav::load_world(s.map_path);
///   voxnav::Navigator nav(w, voxnav::benchmark_agent(s.kind));
#pragma once

#include "voxnav/agent/profile.hpp"
#include "voxnav/world/box.hpp"

#include <string>
#include <vector>

namespace voxnav {

struct Scenario {
    Voxel start, goal;
    double optimal = 0.0;  ///< published optimal length
    int line = 0;          ///< line in the scenario file
};

struct ScenarioFile {
    enum class Kind { Grid2D, Voxel3D } kind = Kind::Grid2D;
    std::string map_name;  ///< as written in the file
    std::string map_path;  ///< the map found next to the file ("" if none exists)
    std::vector<Scenario> scenarios;
};

/// Reads a .scen or .3dscen file (chosen by content). 2D cell (x, y) becomes
/// voxel (x, 1, y). Throws LoadError naming the line.
[[nodiscard]] ScenarioFile load_scenarios(const std::string& path);

/// 2D: 1x2 walker, walk_speed 1, diagonals, no jump/fall/swim (costs are
/// octile lengths). 3D: 1x1x1 flyer, fly_speed 1, nothing else.
[[nodiscard]] AgentProfile benchmark_agent(ScenarioFile::Kind kind);

/// True when `cost` matches a published length: within 5e-3 absolute or
/// 1e-5 relative (some files round to 6 significant digits). At weight w > 1
/// any cost between the optimum and w times it matches.
[[nodiscard]] bool matches_optimal(double cost, double optimal, double weight = 1.0);

}  // namespace voxnav
