// SPDX-License-Identifier: MIT
#include "bench/streaming.hpp"

#include <cmath>

namespace voxnav {

StreamedTerrain::StreamedTerrain(World& world) : world_(world), air_(World::chunk_volume, BlockRegistry::air) {
    BlockRegistry& reg = world.blocks();
    stone_ = *reg.find("stone");
    dirt_ = reg.find("dirt") ? *reg.find("dirt") : reg.add("dirt", BlockKind::Solid);
    water_ = *reg.find("water");
}

int StreamedTerrain::ground_height(int x, int z) {
    // Rolling hills, 64..75.
    return 64 + int(std::floor(5.5 + 3.0 * std::sin(x * 0.045) + 2.5 * std::sin(z * 0.06 + 1.3)));
}

void StreamedTerrain::fill_section(int cx, int cy, int cz, BlockId* ids) const {
    for (int y = 0; y < 16; ++y)
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                const int wx = cx * 16 + x, wy = cy * 16 + y, wz = cz * 16 + z;
                const int ground = ground_height(wx, wz);
                BlockId id = BlockRegistry::air;
                if (wy <= ground) {
                    id = wy >= ground - 2 ? dirt_ : stone_;
                    // Caves: tubes where three slow waves meet, only below the surface layers.
                    const double cave = std::sin(wx * 0.11) + std::sin(wy * 0.17 + wz * 0.05) + std::sin(wz * 0.09 - wx * 0.04);
                    if (wy < ground - 6 && cave > 1.9) id = BlockRegistry::air;
                } else if (wy <= 66) {
                    id = water_;  // ponds in the valleys
                }
                ids[x + 16 * (z + 16 * y)] = id;
            }
}

void StreamedTerrain::prepare(int cx, int cz) {
    std::vector<BlockId>& col = columns_[{cx, 0, cz}];
    if (!col.empty()) return;
    const int solid_sections = ground_section - lowest_section + 1;
    col.resize(std::size_t(solid_sections) * World::chunk_volume);
    for (int s = 0; s < solid_sections; ++s) fill_section(cx, lowest_section + s, cz, col.data() + std::size_t(s) * World::chunk_volume);
}

void StreamedTerrain::load_column(int cx, int cz) {
    prepare(cx, cz);
    const std::vector<BlockId>& col = columns_[{cx, 0, cz}];
    for (int s = 0; s < sections; ++s) {
        const int cy = lowest_section + s;
        // Open sky above the ground section: uniform air chunks.
        const BlockId* ids = cy > ground_section ? air_.data() : col.data() + std::size_t(s) * World::chunk_volume;
        world_.set_chunk({cx, cy, cz}, ids);
    }
}

void StreamedTerrain::unload_column(int cx, int cz) {
    for (int s = 0; s < sections; ++s) world_.unload_chunk({cx, lowest_section + s, cz});
}

}  // namespace voxnav
