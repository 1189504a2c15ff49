// SPDX-License-Identifier: MIT
// voxnav-streaming-walk: a player streaming a 33x33-column, 24-section view across
// N chunk borders, timed per crossing (33 columns in, 33 out, sync, one route).
// It uses only the public API that existed before the live-world layer
// (World::set_chunk/unload_chunk, Navigator, sync, find_route), so the same
// file builds against any commit from 2b7ca75 on, for before/after figures:
//   g++ -O2 -std=c++17 -I<checkout>/include tools/bench/streaming_walk.cpp \
//       <build>/src/libvoxnav.a -lopenvdb -ltbb -lz -lpthread -o walk && ./walk 8
// (voxnav live --scenario streaming measures the same walk with more detail.)
#include <voxnav/voxnav.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <vector>
using namespace voxnav;
static int ground_height(int x, int z) { return 64 + int(std::floor(5.5 + 3.0 * std::sin(x * 0.045) + 2.5 * std::sin(z * 0.06 + 1.3))); }
int main(int argc, char** argv) {
    const int R = 16, walk = argc > 1 ? std::atoi(argv[1]) : 4;
    World w;
    const BlockId stone = *w.blocks().find("stone"), water = *w.blocks().find("water");
    const BlockId dirt = w.blocks().add("dirt", BlockKind::Solid);
    std::map<std::pair<int, int>, std::vector<BlockId>> cols;
    auto prepare = [&](int cx, int cz) {
        auto& col = cols[{cx, cz}];
        if (!col.empty()) return;
        col.resize(9 * 4096);
        for (int s = 0; s < 9; ++s)
            for (int y = 0; y < 16; ++y) for (int z = 0; z < 16; ++z) for (int x = 0; x < 16; ++x) {
                const int wx = cx * 16 + x, wy = (s - 4) * 16 + y, wz = cz * 16 + z, g = ground_height(wx, wz);
                BlockId id = BlockRegistry::air;
                if (wy <= g) {
                    id = wy >= g - 2 ? dirt : stone;
                    const double cave = std::sin(wx * 0.11) + std::sin(wy * 0.17 + wz * 0.05) + std::sin(wz * 0.09 - wx * 0.04);
                    if (wy < g - 6 && cave > 1.9) id = BlockRegistry::air;
                } else if (wy <= 66) id = water;
                col[s * 4096 + x + 16 * (z + 16 * y)] = id;
            }
    };
    std::vector<BlockId> air(4096, BlockRegistry::air);
    auto load = [&](int cx, int cz) { prepare(cx, cz); for (int s = 0; s < 24; ++s) w.set_chunk({cx, s - 4, cz}, s <= 8 ? cols[{cx, cz}].data() + s * 4096 : air.data()); };
    auto unload = [&](int cx, int cz) { for (int s = 0; s < 24; ++s) w.unload_chunk({cx, s - 4, cz}); };
    for (int cz = -R; cz <= R; ++cz) for (int cx = -R; cx <= R + walk; ++cx) prepare(cx, cz);
    for (int cz = -R; cz <= R; ++cz) for (int cx = -R; cx <= R; ++cx) load(cx, cz);
    auto t0 = std::chrono::steady_clock::now();
    Navigator nav(w, AgentProfile{});
    std::printf("first derivation %.0f ms\n", std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    std::vector<double> ms;
    for (int step = 1; step <= walk; ++step) {
        t0 = std::chrono::steady_clock::now();
        for (int cz = -R; cz <= R; ++cz) { load(step + R, cz); unload(step - R - 1, cz); }
        nav.sync();
        const int x0 = step * 16 + 8;
        Voxel a{x0, 0, 8}, b{x0 + 40, 0, 8};
        for (int y = 100; y > 40; --y) if (nav.is_waypoint({x0, y, 8})) { a.y = y; break; }
        for (int y = 100; y > 40; --y) if (nav.is_waypoint({x0 + 40, y, 8})) { b.y = y; break; }
        const Route r = nav.find_route(a, b);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        std::printf("crossing %d: %.0f ms (%s)\n", step, ms.back(), to_string(r.status));
    }
    std::sort(ms.begin(), ms.end());
    std::printf("median %.0f ms, worst %.0f ms over %d crossings\n", ms[ms.size() / 2], ms.back(), walk);
}
