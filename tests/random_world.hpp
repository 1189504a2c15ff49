// SPDX-License-Identifier: MIT
// Seeded random worlds and agent profiles for the randomized comparisons.
#pragma once

#include "voxnav/voxnav.hpp"

#include <random>

namespace testing {

/// Bounded world of size sx x sy x sz: stone floor, terrain columns, pools,
/// lava, mud, pillars and overhangs.
inline voxnav::World random_world(std::uint32_t seed, voxnav::Voxel size = {10, 7, 10}) {
    std::mt19937 rng(seed);
    voxnav::World w;
    const auto& reg = w.blocks();
    const auto stone = *reg.find("stone"), water = *reg.find("water"), lava = *reg.find("lava"), mud = *reg.find("mud");
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    for (int z = 0; z < size.z; ++z)
        for (int x = 0; x < size.x; ++x) {
            w.set_block({x, 0, z}, roll(8) == 0 ? mud : stone);
            const int h = roll(10) < 6 ? 0 : roll(std::max(1, size.y - 3));
            for (int y = 1; y <= h; ++y) w.set_block({x, y, z}, stone);
            if (h > 0 && roll(6) == 0) w.set_block({x, h, z}, mud);
        }
    for (int i = 0, n = roll(3); i < n; ++i) {  // pools
        const int x0 = roll(size.x), z0 = roll(size.z), r = 1 + roll(3), depth = 1 + roll(2);
        for (int z = z0; z < std::min(size.z, z0 + r); ++z)
            for (int x = x0; x < std::min(size.x, x0 + r); ++x)
                for (int y = 1; y <= depth; ++y) w.set_block({x, y, z}, water);
    }
    for (int i = 0, n = roll(4); i < n; ++i) w.set_block({roll(size.x), 1 + roll(2), roll(size.z)}, lava);
    for (int i = 0, n = roll(6); i < n; ++i) w.set_block({roll(size.x), 2 + roll(size.y - 2), roll(size.z)}, stone);
    for (int i = 0, n = roll(3); i < n; ++i) w.set_block({roll(size.x), 0, roll(size.z)}, voxnav::BlockRegistry::air);
    w.set_bounds(voxnav::VoxelBox{{0, 0, 0}, size});
    return w;
}

inline voxnav::AgentProfile random_agent(std::uint32_t seed) {
    std::mt19937 rng(seed * 7919u + 13u);
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    voxnav::AgentProfile a;
    a.height = 1 + roll(3);
    a.width = roll(4) == 0 ? 2 : 1;
    a.walk = roll(10) != 0;
    a.jump = roll(4) != 0;
    a.fall = roll(5) != 0;
    a.swim = roll(3) != 0;
    a.diagonal = roll(3) != 0;
    a.fly = roll(6) == 0;
    a.jump_height = roll(3);
    a.jump_distance = roll(3);
    a.max_fall = 1 + roll(4);
    a.walk_speed = 2.0 + roll(5);
    a.swim_speed = 1.0 + roll(3);
    a.fly_speed = 1.0 + roll(4);
    a.gravity = 16.0 + 8 * roll(4);
    if (roll(2)) a.floor_cost["mud"] = 1.0 + roll(4);
    return a;
}

}  // namespace testing
