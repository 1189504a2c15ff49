// SPDX-License-Identifier: MIT
// Test worlds for jump points and plain floor.
#pragma once

#include "voxnav/world/world.hpp"

#include <algorithm>
#include <random>

namespace testing {
// Mostly flat floor, where jump points have long runs, with what must end a
// run: walls, single steps, holes, water and mud (another floor cost). The
// floor is at height `floor_y` (a chunk's top, to cross chunk faces); the
// world is bounded to its size unless `bounded` is false.
inline voxnav::World flat_world(std::uint32_t seed, voxnav::Voxel size, int floor_y = 0, bool bounded = true) {
    std::mt19937 rng(seed);
    using namespace voxnav;
    World w;
    const auto set = [&](Voxel v, BlockId b) { w.set_block(v + Voxel(0, floor_y, 0), b); };
    const auto& reg = w.blocks();
    const auto stone = *reg.find("stone"), water = *reg.find("water"), mud = *reg.find("mud");
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    for (int z = 0; z < size.z; ++z)
        for (int x = 0; x < size.x; ++x) set({x, 0, z}, stone);
    for (int i = 0, n = 4 + roll(10); i < n; ++i) {  // walls
        const int x = roll(size.x), z = roll(size.z), len = 2 + roll(12), h = 1 + roll(3);
        const bool along_x = roll(2) == 0;
        for (int k = 0; k < len; ++k)
            for (int y = 1; y <= h; ++y) set({along_x ? std::min(size.x - 1, x + k) : x, y, along_x ? z : std::min(size.z - 1, z + k)}, stone);
    }
    for (int i = 0, n = roll(6); i < n; ++i) set({roll(size.x), 1, roll(size.z)}, stone);  // steps
    for (int i = 0, n = roll(5); i < n; ++i) set({roll(size.x), 0, roll(size.z)}, BlockRegistry::air);  // holes
    for (int i = 0, n = roll(3); i < n; ++i) set({roll(size.x), 0, roll(size.z)}, water);
    for (int i = 0, n = roll(4); i < n; ++i) {  // mud patches
        const int x0 = roll(size.x), z0 = roll(size.z), r = 1 + roll(5);
        for (int z = z0; z < std::min(size.z, z0 + r); ++z)
            for (int x = x0; x < std::min(size.x, x0 + r); ++x) set({x, 0, z}, mud);
    }
    if (bounded) w.set_bounds(VoxelBox{{0, floor_y, 0}, size + Voxel(0, floor_y, 0)});
    return w;
}

}  // namespace testing
