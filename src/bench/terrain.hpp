// SPDX-License-Identifier: MIT
/// @file terrain.hpp
/// @brief A deterministic terrain generator for benchmarks and demos: hills,
/// cliffs, caves, lakes, trees and mud, from a size and a seed.
///
///   voxnav::TerrainParams p;
///   p.size = {512, 256, 512};
///   p.seed = 7;
///   voxnav::World w = voxnav::generate_terrain(p);   // same seed, same world
#pragma once

#include "voxnav/world/world.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace voxnav {

struct TerrainParams {
    /// Extent in voxels; the world's bounds. [Limit: x, z >= 8, y >= 8]
    Voxel size{256, 32, 256};
    std::uint32_t seed = 1;
    bool caves = true;
    bool lakes = true;
    bool trees = true;
    bool cliffs = true;
};

[[nodiscard]] World generate_terrain(const TerrainParams& params);

/// A named route query of a benchmark query file.
struct BenchQuery {
    std::string name;
    Voxel from, to;
};

/// Reads "name sx sy sz gx gy gz" lines ('#' comments). Throws LoadError.
[[nodiscard]] std::vector<BenchQuery> load_bench_queries(const std::string& path);
void save_bench_queries(const std::vector<BenchQuery>& queries, const std::string& path);

}  // namespace voxnav
