// SPDX-License-Identifier: MIT
// Seeded random worlds of shaped blocks (slabs, stairs, fences, carpets,
// snow, ladders, doors, gates, trapdoors, hazards, water, cobwebs, soul
// sand, honey)
// and profiles for them.
#pragma once

#include "voxnav/voxnav.hpp"

#include <random>
#include <sstream>
#include <string>

namespace testing {

// A world of size X x Y x Z: a stone floor, then random blocks, thinning
// out upwards; every shaped default character of the text format.
inline std::string random_shaped_world(std::uint32_t seed) {
    std::mt19937 rng(seed);
    auto pick = [&](int n) { return int(rng() % unsigned(n)); };
    const int X = 4 + pick(6), Y = 4 + pick(4), Z = 4 + pick(6);
    const std::string shaped = "_=|c258><v^hhdoigq*m~fwnytu";
    std::ostringstream out;
    out << "voxnav-world 1\nsize " << X << ' ' << Y << ' ' << Z << '\n';
    // Blocks that slow a body (issue 36): a cobweb, soul sand, a honey block.
    out << "legend w web air slow=0.25,0.05\nlegend n soul solid top=14 floor_speed=0.4\n"
           "legend y honey solid top=15 floor_speed=0.4 jump=0.5\n"
           // Closed trapdoors shut at the top and at the bottom of their voxel
           // (issue 39: the doors a step lists are those whose collision meets
           // the body; no diagonal passes a door's corner).
           "legend t trapdoor_top solid bottom=13 open=hand\nlegend u trapdoor_bottom solid top=3 open=hand\n";
    for (int y = 0; y < Y; ++y) {
        out << "layer " << y << '\n';
        for (int z = 0; z < Z; ++z) {
            for (int x = 0; x < X; ++x) {
                char c = '.';
                const int roll = pick(100);
                if (y == 0) c = roll < 85 ? '#' : roll < 92 ? '~' : shaped[std::size_t(pick(int(shaped.size())))];
                else if (roll < 30 - 5 * y) c = '#';
                else if (roll < 60 - 8 * y) c = shaped[std::size_t(pick(int(shaped.size())))];
                out << c;
            }
            out << '\n';
        }
    }
    return out.str();
}

inline voxnav::AgentProfile random_shaped_agent(std::uint32_t seed) {
    std::mt19937 rng(seed * 7919u + 13u);
    auto pick = [&](int n) { return int(rng() % unsigned(n)); };
    voxnav::AgentProfile a;
    const double heights[] = {0.9, 1.5, 1.8, 2.0};
    const double jumps[] = {0.5, 1.0, 1.25, 1.5};
    const double steps[] = {0.0, 0.5, 0.6, 1.0};
    a.height = heights[pick(4)];
    a.jump_height = jumps[pick(4)];
    a.step_height = steps[pick(4)];
    a.width = pick(5) == 0 ? 2 : 1;
    a.diagonal = pick(3) != 0;
    a.climb = pick(4) != 0;
    a.climb_speed = pick(2) ? 2.35 : 1.0;
    if (pick(2)) a.opens = {"hand"};
    if (pick(5) == 0) a.opens = {"hand", "powered"};
    a.open_time = pick(2) ? 0.25 : 1.0;
    a.max_fall = pick(4) + 1;
    if (pick(3) == 0) a.max_fall_into_water = 2;
    a.jump = pick(6) != 0;
    a.swim = pick(6) != 0;
    a.floor_cost = {{"slab_bottom", 1.5}};
    if (pick(2)) a.floor_cost["soul"] = 2.0;  // with soul sand's own 2.5: 5
    a.jump_distance = pick(3);  // leaps near shaped blocks too
    return a;
}

}  // namespace testing
