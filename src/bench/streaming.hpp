// SPDX-License-Identifier: MIT
/// @file streaming.hpp
/// @brief A Minecraft-like streamed world for the live-world benchmarks:
/// columns of 24 sections (chunk y -4..19): stone with caves below, a ground
/// section with hills at y 64..79, open air above, generated on demand and
/// deterministically from the column's coordinates.
///
///   voxnav::StreamedTerrain terrain(world);
///   terrain.load_column(3, -2);     // 24 set_chunk calls
///   terrain.unload_column(3, -2);   // 24 unload_chunk calls
///
/// Errors: only what World::set_chunk throws (std::bad_alloc).
#pragma once

#include "voxnav/world/world.hpp"

#include <unordered_map>
#include <vector>

namespace voxnav {

class StreamedTerrain {
public:
    static constexpr int lowest_section = -4, sections = 24, ground_section = 4;

    explicit StreamedTerrain(World& world);
    /// Generates a column's blocks ahead of time (as a game has them from its
    /// generator or disk), so that load_column only writes them.
    void prepare(int cx, int cz);
    void load_column(int cx, int cz);
    void unload_column(int cx, int cz);
    /// Height of the top solid voxel of column (x, z) (the ground, before caves).
    [[nodiscard]] static int ground_height(int x, int z);

private:
    void fill_section(int cx, int cy, int cz, BlockId* ids) const;
    World& world_;
    BlockId stone_, dirt_, water_;
    std::unordered_map<Voxel, std::vector<BlockId>, ChunkHash> columns_;  // key (cx, 0, cz)
    std::vector<BlockId> air_;
};

}  // namespace voxnav
