// SPDX-License-Identifier: MIT
#include "facts/plain_water.hpp"

#include <cstring>

namespace voxnav::detail {
namespace {

// Which of the 18 positions -1..16 of a line along a chunk's axis (bit
// p + 1) are standable in water, clear, and dry standable; and whether one
// of the chunks it was read from has shape facts.
struct LineBits {
    std::uint32_t swim = 0, clear = 0, dry = 0;
    bool shaped = false;
    // Sets position bit `bit` from one fact.
    void add(unsigned bit, Fact fc) {
        swim |= std::uint32_t(fc.standable() && fc.water()) << bit;
        clear |= std::uint32_t(fc.clear()) << bit;
        dry |= std::uint32_t(fc.dry_standable()) << bit;
    }
};

// The line along x (along_x) or z of chunk `home` at level y and across
// coordinate a, each -1..16 (outside 0..15: in the neighbour chunk), its
// positions -1 and 16 from the chunks before and after along the axis.
LineBits read_line(const NavSnapshot& f, const ChunkSlot& home, bool along_x, int y, int a) {
    const int cy = y < 0 ? -1 : y > 15 ? 1 : 0, cs = a < 0 ? -1 : a > 15 ? 1 : 0;
    LineBits b;
    auto chunk = [&](int ca) -> const ChunkSlot& {
        const ChunkSlot& c =
            ca == 0 && cy == 0 && cs == 0 ? home : f.slot(home.link[along_x ? node_id::link(ca, cy, cs) : node_id::link(cs, cy, ca)]);
        b.shaped |= c.shapes != nullptr;
        return c;
    };
    const unsigned base = along_x ? node_id::local_of(0, y & 15, a & 15) : node_id::local_of(a & 15, y & 15, 0);
    const unsigned stride = along_x ? 1u : 16u;
    const Fact::Raw* mid = chunk(0).bits + base;
    for (unsigned p = 0; p < 16; ++p) b.add(p + 1, Fact(mid[p * stride]));
    b.add(0, Fact(chunk(-1).bits[base + 15 * stride]));
    b.add(17, Fact(chunk(1).bits[base]));
    return b;
}

// The go bits (positions 0..15) of a run's line from its 3x3 lines: l[dy + 1][ds + 1].
std::uint32_t go_of(const LineBits* const (&l)[3][3], int d) {
    const LineBits &run = *l[1][1], &side0 = *l[1][0], &side1 = *l[1][2], &above = *l[2][1], &below = *l[0][1];
    const LineBits &above0 = *l[2][0], &above1 = *l[2][2];
    if (run.shaped || side0.shaped || side1.shaped || above.shaped || below.shaped || above0.shaped || above1.shaped) return 0;
    auto bad = [](const LineBits& b) { return b.clear & ~b.swim; };  // clear, but no swim: a walk out or a corner
    auto spread = [](std::uint32_t m) { return m | m << 1 | m >> 1; };
    std::uint32_t plain = run.swim & ~(spread(bad(side0)) | spread(bad(side1)) | bad(run) << 1 | bad(run) >> 1);
    plain &= ~(above0.dry | above1.dry | above.dry << 1 | above.dry >> 1);  // a jump out lands beside
    plain &= ~(above.dry | below.dry);
    // Forced: a line beside, above or below standable in water here, not at
    // the position behind.
    auto behind = [d](std::uint32_t m) { return d > 0 ? m << 1 : m >> 1; };
    std::uint32_t forced = 0;
    for (const LineBits* b : {&side0, &side1, &above, &below}) forced |= b->swim & ~behind(b->swim);
    return ((plain & ~forced) >> 1) & 0xFFFFu;
}

}  // namespace

std::uint32_t swim_go_bits(const NavSnapshot& f, std::uint32_t s, bool along_x, int ly, int across, int d) {
    const ChunkSlot& home = f.slot(s);
    LineBits lines[3][3];
    const LineBits* l[3][3];
    for (int dy = -1; dy <= 1; ++dy)
        for (int ds = -1; ds <= 1; ++ds) {
            lines[dy + 1][ds + 1] = read_line(f, home, along_x, ly + dy, across + ds);
            l[dy + 1][ds + 1] = &lines[dy + 1][ds + 1];
        }
    return go_of(l, d);
}

std::shared_ptr<const SwimTables> derive_swim_lanes(const NavSnapshot& f, std::uint32_t s) {
    const ChunkSlot& home = f.slot(s);
    // Most chunks hold no water: one pass over the facts, 8 at a time.
    std::uint64_t any_bits = 0;
    for (unsigned i = 0; i < 4096; i += 8) {
        std::uint64_t v;
        std::memcpy(&v, home.bits + i, 8);
        any_bits |= v;
    }
    bool water = false;
    for (int k = 0; k < 8 && !water; ++k) water = Fact(Fact::Raw(any_bits >> (8 * k))).water();
    if (!water) return nullptr;
    // The chunk's 27 neighbours (the void reads zeros) and which have shape facts.
    const ChunkSlot* near[3][3][3];  // [cy + 1][cz + 1][cx + 1]
    bool shaped[3][3][3];
    for (int cy = -1; cy <= 1; ++cy)
        for (int cz = -1; cz <= 1; ++cz)
            for (int cx = -1; cx <= 1; ++cx) {
                const ChunkSlot& c = cx == 0 && cy == 0 && cz == 0 ? home : f.slot(home.link[node_id::link(cx, cy, cz)]);
                near[cy + 1][cz + 1][cx + 1] = &c;
                shaped[cy + 1][cz + 1][cx + 1] = c.shapes != nullptr;
            }
    auto step = [](int v) { return v < 0 ? 0 : v > 15 ? 2 : 1; };  // chunk index of a coordinate -1..16
    // Every x-row of levels -1..16 and z -1..16, positions x -1..16 (bit
    // x + 1), 16 at a time; the z-lines are the same bits transposed.
    LineBits rows[18][18], lanes[18][18];  // rows[y + 1][z + 1], lanes[y + 1][x + 1]
    for (int y = -1; y <= 16; ++y)
        for (int z = -1; z <= 16; ++z) {
            const int cy = step(y), cz = step(z);
            const unsigned base = node_id::local_of(0, y & 15, z & 15);
            LineBits& r = rows[y + 1][z + 1];
            Fact::water_bits16(near[cy][cz][1]->bits + base, r.swim, r.clear, r.dry);
            r.swim <<= 1;
            r.clear <<= 1;
            r.dry <<= 1;
            r.add(0, Fact(near[cy][cz][0]->bits[base + 15]));
            r.add(17, Fact(near[cy][cz][2]->bits[base]));
            r.shaped = shaped[cy][cz][0] || shaped[cy][cz][1] || shaped[cy][cz][2];
            LineBits* lane = lanes[y + 1];
            for (std::uint32_t m = r.swim; m; m &= m - 1) lane[__builtin_ctz(m)].swim |= 1u << (z + 1);
            for (std::uint32_t m = r.clear; m; m &= m - 1) lane[__builtin_ctz(m)].clear |= 1u << (z + 1);
            for (std::uint32_t m = r.dry; m; m &= m - 1) lane[__builtin_ctz(m)].dry |= 1u << (z + 1);
        }
    for (int y = -1; y <= 16; ++y)
        for (int x = -1; x <= 16; ++x) {
            const int cy = step(y), cx = step(x);
            lanes[y + 1][x + 1].shaped = shaped[cy][0][cx] || shaped[cy][1][cx] || shaped[cy][2][cx];
        }
    bool any = false;
    auto out = std::make_shared<SwimTables>();
    for (int along_x = 0; along_x < 2; ++along_x) {
        LineBits(&grid)[18][18] = along_x ? rows : lanes;
        auto& table = along_x ? out->x : out->z;
        for (int y = 0; y < 16; ++y)
            for (int a = 0; a < 16; ++a) {
                if (grid[y + 1][a + 1].swim == 0) continue;
                const LineBits* l[3][3];
                for (int dy = -1; dy <= 1; ++dy)
                    for (int ds = -1; ds <= 1; ++ds) l[dy + 1][ds + 1] = &grid[y + 1 + dy][a + 1 + ds];
                const unsigned at = unsigned(a + 16 * y);
                table[0][at] = std::uint16_t(go_of(l, 1));
                table[1][at] = std::uint16_t(go_of(l, -1));
                any |= (table[0][at] | table[1][at]) != 0;
            }
    }
    if (!any) return nullptr;
    return out;
}

}  // namespace voxnav::detail
