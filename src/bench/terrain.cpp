// SPDX-License-Identifier: MIT
#include "bench/terrain.hpp"
#include "world/block_store.hpp"

#include "../io/text_lines.hpp"
#include "voxnav/io/formats.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

namespace voxnav {
namespace {

// Integer hash -> [0, 1): the only source of randomness, so the same seed
// gives the same world on every machine.
double hash01(std::int64_t x, std::int64_t y, std::int64_t z, std::uint32_t seed) {
    std::uint64_t h = std::uint64_t(x) * 0x9E3779B97F4A7C15ull ^ std::uint64_t(y) * 0xC2B2AE3D27D4EB4Full ^
                      std::uint64_t(z) * 0x165667B19E3779F9ull ^ (std::uint64_t(seed) << 32 | seed);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 33;
    return double(h >> 11) * (1.0 / 9007199254740992.0);
}

double smooth(double t) { return t * t * (3 - 2 * t); }

double noise2(double x, double z, std::uint32_t seed) {
    const double fx = std::floor(x), fz = std::floor(z);
    const auto ix = std::int64_t(fx), iz = std::int64_t(fz);
    const double tx = smooth(x - fx), tz = smooth(z - fz);
    const double a = hash01(ix, 0, iz, seed), b = hash01(ix + 1, 0, iz, seed);
    const double c = hash01(ix, 0, iz + 1, seed), d = hash01(ix + 1, 0, iz + 1, seed);
    return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * tz;
}

double noise3(double x, double y, double z, std::uint32_t seed) {
    const double fy = std::floor(y);
    const double t = smooth(y - fy);
    const double lo = noise2(x + fy * 17.0, z - fy * 31.0, seed), hi = noise2(x + (fy + 1) * 17.0, z - (fy + 1) * 31.0, seed);
    return lo + (hi - lo) * t;
}

double fbm2(double x, double z, std::uint32_t seed) {
    double sum = 0, amp = 0.5, norm = 0;
    for (int o = 0; o < 4; ++o) {
        sum += amp * noise2(x, z, seed + o * 101);
        norm += amp;
        x *= 2.03, z *= 2.03, amp *= 0.5;
    }
    return sum / norm;
}

}  // namespace

World generate_terrain(const TerrainParams& p) {
    if (p.size.x < 8 || p.size.y < 8 || p.size.z < 8) throw std::invalid_argument("terrain size must be at least 8 in every axis");
    World w;
    BlockRegistry& reg = w.blocks();
    const BlockId stone = *reg.find("stone"), water = *reg.find("water"), mud = *reg.find("mud");
    const BlockId dirt = reg.add("dirt", BlockKind::Solid), grass = reg.add("grass_block", BlockKind::Solid),
                  sand = reg.add("sand", BlockKind::Solid), log = reg.add("oak_log", BlockKind::Solid),
                  leaves = reg.add("oak_leaves", BlockKind::Solid), bedrock = reg.add("bedrock", BlockKind::Solid);
    const int X = p.size.x, Y = p.size.y, Z = p.size.z;
    const double scale = std::max(X, Z) / 6.0;
    const int sea = int(Y * 0.35);
    std::vector<int> height(std::size_t(X) * Z);
    for (int z = 0; z < Z; ++z)
        for (int x = 0; x < X; ++x) {
            double n = fbm2(x / scale, z / scale, p.seed);
            double h = Y * 0.2 + Y * 0.55 * n;
            // Cliffs: in some regions, heights snap to terraces 4 voxels apart.
            if (p.cliffs && noise2(x / (scale * 0.7) + 100, z / (scale * 0.7), p.seed + 7) > 0.55) h = std::floor(h / 4) * 4;
            height[std::size_t(z) * X + x] = std::clamp(int(h), 1, Y - 8);
        }
    auto acc = detail::mutable_grid_of(w).getAccessor();
    auto put = [&](int x, int y, int z, BlockId id) {
        if (x >= 0 && x < X && z >= 0 && z < Z && y >= 0 && y < Y) acc.setValueOn(openvdb::Coord(x, y, z), id);
    };
    for (int z = 0; z < Z; ++z)
        for (int x = 0; x < X; ++x) {
            const int h = height[std::size_t(z) * X + x];
            const bool shore = p.lakes && h <= sea + 1;
            const bool boggy = !shore && noise2(x / 9.0, z / 9.0, p.seed + 13) > 0.78;
            for (int y = 0; y <= h; ++y) {
                BlockId id = y == 0 ? bedrock : y < h - 3 ? stone : y < h ? dirt : shore ? sand : boggy ? mud : grass;
                // Caves: carve where 3D noise is high, leaving a roof and a floor.
                if (p.caves && y > 2 && y < h - 4 && noise3(x / 11.0, y / 7.0, z / 11.0, p.seed + 29) > 0.68) continue;
                put(x, y, z, id);
            }
            if (p.lakes)
                for (int y = h + 1; y <= sea; ++y) put(x, y, z, water);
            // Trees on dry grass, about one column in 150.
            if (p.trees && !shore && !boggy && h + 7 < Y && hash01(x, 1, z, p.seed + 3) < 0.0066) {
                for (int y = h + 1; y <= h + 4; ++y) put(x, y, z, log);
                for (int dy = 3; dy <= 5; ++dy)
                    for (int dz = -2; dz <= 2; ++dz)
                        for (int dx = -2; dx <= 2; ++dx) {
                            if ((dx == 0 && dz == 0 && dy < 5) || std::abs(dx) + std::abs(dz) > (dy == 5 ? 1 : 3)) continue;
                            const openvdb::Coord c(x + dx, h + dy, z + dz);
                            if (x + dx >= 0 && x + dx < X && z + dz >= 0 && z + dz < Z && !acc.isValueOn(c)) put(x + dx, h + dy, z + dz, leaves);
                        }
            }
        }
    w.set_bounds(VoxelBox{{0, 0, 0}, p.size});
    w.compact();
    w.note_change({});
    return w;
}

std::vector<BenchQuery> load_bench_queries(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError(path, 0, "cannot open file");
    detail::LineReader lines(in);
    std::string line;
    std::vector<BenchQuery> out;
    while (lines.next(line)) {
        auto t = detail::split_tokens(line);
        if (t.empty() || t[0][0] == '#') continue;
        if (t.size() != 7) throw LoadError(path, lines.number(), "expected 'name sx sy sz gx gy gz'");
        BenchQuery q;
        q.name = std::string(t[0]);
        int v[6];
        for (int i = 0; i < 6; ++i) {
            auto n = detail::parse_int<int>(t[i + 1]);
            if (!n) throw LoadError(path, lines.number(), "bad coordinate '" + std::string(t[i + 1]) + "'");
            v[i] = *n;
        }
        q.from = {v[0], v[1], v[2]};
        q.to = {v[3], v[4], v[5]};
        out.push_back(q);
    }
    return out;
}

void save_bench_queries(const std::vector<BenchQuery>& queries, const std::string& path) {
    std::ofstream out(path);
    if (!out) throw LoadError(path, 0, "cannot write file");
    out << "# name sx sy sz gx gy gz\n";
    for (const auto& q : queries)
        out << q.name << ' ' << q.from.x << ' ' << q.from.y << ' ' << q.from.z << ' ' << q.to.x << ' ' << q.to.y << ' ' << q.to.z << '\n';
}

}  // namespace voxnav
