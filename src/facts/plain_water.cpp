#include "facts/plain_water.hpp"

namespace voxnav::detail {
namespace {

// Which of the 18 positions -1..16 of a line along a chunk's axis (bit
// p + 1) are standable in water, clear, and dry standable; and whether one
// of the chunks it was read from has shape facts.
struct LineBits {
    std::uint32_t swim = 0, clear = 0, dry = 0;
    bool shaped = false;
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
    auto add = [&b](unsigned bit, Fact fc) {
        b.swim |= std::uint32_t(fc.standable() && fc.water()) << bit;
        b.clear |= std::uint32_t(fc.clear()) << bit;
        b.dry |= std::uint32_t(fc.dry_standable()) << bit;
    };
    const Fact::Raw* mid = chunk(0).bits + base;
    for (unsigned p = 0; p < 16; ++p) add(p + 1, Fact(mid[p * stride]));
    add(0, Fact(chunk(-1).bits[base + 15 * stride]));
    add(17, Fact(chunk(1).bits[base]));
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

bool derive_swim_lanes(const NavSnapshot& f, std::uint32_t s, ChunkPlain& out) {
    const ChunkSlot& home = f.slot(s);
    bool water = false;
    for (unsigned i = 0; i < 4096 && !water; ++i) water = home[i].water();
    for (auto* t : {&out.swim_x, &out.swim_z})
        for (auto& dir : *t) dir.fill(0);
    if (!water) return false;
    // Every line of the chunk and those around it, read once per axis.
    bool any = false;
    LineBits grid[18][18];
    for (int along_x = 0; along_x < 2; ++along_x) {
        for (int y = -1; y <= 16; ++y)
            for (int a = -1; a <= 16; ++a) grid[y + 1][a + 1] = read_line(f, home, along_x != 0, y, a);
        auto& table = along_x ? out.swim_x : out.swim_z;
        for (int y = 0; y < 16; ++y)
            for (int a = 0; a < 16; ++a) {
                const LineBits* l[3][3];
                for (int dy = -1; dy <= 1; ++dy)
                    for (int ds = -1; ds <= 1; ++ds) l[dy + 1][ds + 1] = &grid[y + 1 + dy][a + 1 + ds];
                if (l[1][1]->swim == 0) continue;
                const unsigned at = unsigned(a + 16 * y);
                table[0][at] = std::uint16_t(go_of(l, 1));
                table[1][at] = std::uint16_t(go_of(l, -1));
                any |= (table[0][at] | table[1][at]) != 0;
            }
    }
    return any;
}

}  // namespace voxnav::detail
