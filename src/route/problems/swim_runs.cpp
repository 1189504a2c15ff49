// SPDX-License-Identifier: MIT
// Swim runs: jump point runs over plain water (JumpPointProblem::plain_water).
//
// Why the vertical swims join the forced neighbours: in plain water a swim
// up or down and a level swim cost the same in either order (every swim
// there costs 1 or sqrt 2 over swim_speed, at any depth), so of two such
// routes the search keeps the one that swims up or down first. Reached from
// the position behind, a position's vertical swim is needed only where the
// position behind had none onto a waypoint from which the level move is
// open: then the vertical neighbour is forced, as a side is on plain floor.
// The argument needs the moves of the positions involved to be the plain
// rules' swims, which plain_water() checks of both ends of every run step.
#include "route/problems/jump_points.hpp"

namespace voxnav {
namespace {
using Cube = JumpPointProblem::WaterCube;
constexpr std::uint32_t bit_of(int dx, int dy, int dz) { return 1u << Cube::bit(dx, dy, dz); }
// The 8 positions around the centre at its level; the 4 above its sides
// (where a jump out of the water lands); the two above and below it.
constexpr std::uint32_t kRing = bit_of(-1, 0, -1) | bit_of(0, 0, -1) | bit_of(1, 0, -1) | bit_of(-1, 0, 0) | bit_of(1, 0, 0) |
                                bit_of(-1, 0, 1) | bit_of(0, 0, 1) | bit_of(1, 0, 1);
constexpr std::uint32_t kAboveSides = bit_of(-1, 1, 0) | bit_of(1, 1, 0) | bit_of(0, 1, -1) | bit_of(0, 1, 1);
constexpr std::uint32_t kVertical = bit_of(0, 1, 0) | bit_of(0, -1, 0);
}  // namespace

JumpPointProblem::WaterCube JumpPointProblem::read_cube(State s) const {
    const std::uint32_t home = node_id::slot(s);
    const ChunkSlot& slot = field_->slot(home);
    WaterCube c;
    const int lx = node_id::lx(s), ly = node_id::ly(s), lz = node_id::lz(s);
    if (lx >= 1 && lx <= 14 && ly >= 1 && ly <= 14 && lz >= 1 && lz <= 14) {
        // Inside the chunk: nine rows of three facts.
        const std::uint32_t corner = node_id::local(s) - 1 - 16 - 256;  // (-1, -1, -1) from s
        for (int r = 0; r < 9; ++r) {
            const Fact::Raw* row = slot.bits + corner + 16 * (r % 3) + 256 * (r / 3);
            const unsigned w = Fact::water_row(row[0], row[1], row[2]);
            c.swim |= (w & 7u) << (3 * r);
            c.clear |= (w >> 3 & 7u) << (3 * r);
            c.dry |= (w >> 6 & 7u) << (3 * r);
        }
        c.shaped = slot.shapes != nullptr;
        return c;
    }
    // At a chunk's faces: the same rows, each of its three facts from the
    // chunk it lies in (through the links; the void reads zeros).
    c.shaped = slot.shapes != nullptr;
    int loc[3][3], off[3][3];  // per axis (x, y, z) and offset -1..1: local coordinate, chunk step
    const int at[3] = {lx, ly, lz};
    for (int a = 0; a < 3; ++a)
        for (int o = 0; o < 3; ++o) {
            const int v = at[a] + o - 1;
            loc[a][o] = v & 15;
            off[a][o] = v < 0 ? -1 : v > 15 ? 1 : 0;
        }
    auto bits_of = [&](int kx, int ky, int kz) -> const ChunkSlot& {
        if ((kx | ky | kz) == 0) return slot;
        const ChunkSlot& n = field_->slot(slot.link[node_id::link(kx, ky, kz)]);
        if (n.shapes) c.shaped = true;
        return n;
    };
    for (int r = 0; r < 9; ++r) {
        const int y = r / 3, z = r % 3;
        Fact::Raw raw[3];
        for (int x = 0; x < 3; ++x)
            raw[x] = bits_of(off[0][x], off[1][y], off[2][z]).bits[node_id::local_of(loc[0][x], loc[1][y], loc[2][z])];
        const unsigned w = Fact::water_row(raw[0], raw[1], raw[2]);
        c.swim |= (w & 7u) << (3 * r);
        c.clear |= (w >> 3 & 7u) << (3 * r);
        c.dry |= (w >> 6 & 7u) << (3 * r);
    }
    return c;
}

bool JumpPointProblem::plain_water(const WaterCube& c) const {
    if (c.shaped || !c.swim_at(0, 0, 0)) return false;
    if (c.clear & ~c.swim & kRing) return false;
    if (jump_up_ > 0 && (c.dry & kAboveSides)) return false;
    return (c.dry & kVertical) == 0;
}

JumpPointProblem::State JumpPointProblem::swim_straight(State x, int dx, int dz, int& steps) const {
    // One word per chunk crossed, from the swim run tables (the position
    // behind a chunk's first was read from the chunk before when they were
    // derived: no entry test here).
    auto word = [](const ChunkSlot& c, bool along_x, unsigned dir, unsigned line, bool) {
        const SwimTables& t = *c.plain->swim;
        return std::uint32_t((along_x ? t.x : t.z)[dir][line]);
    };
    return run_tables(x, dx, dz, steps, max_swim_run, [this](State y) { return swim_free(y); }, word,
                      [](const ChunkSlot&, bool, unsigned, unsigned) {});
}

JumpPointProblem::State JumpPointProblem::swim_diagonal(State x, int dx, int dz, int& steps) const {
    steps = 0;
    while (true) {
        // No corner cutting; around plain water a clear corner is a swim.
        if (!swim_free(at(x, dx, 0)) || !swim_free(at(x, 0, dz))) return NavSnapshot::no_index;
        const State y = at(x, dx, dz);
        if (!swim_free(y)) return NavSnapshot::no_index;
        ++steps;
        if (y == goal_ || steps == max_swim_run) return y;
        const WaterCube c = read_cube(y);
        if (!plain_water(c) || swim_forced(c, dx, dz)) return y;
        int unused = 0;
        if (swim_straight(y, dx, 0, unused) != NavSnapshot::no_index || swim_straight(y, 0, dz, unused) != NavSnapshot::no_index)
            return y;
        x = y;
    }
}

}  // namespace voxnav
