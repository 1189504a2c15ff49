// SPDX-License-Identifier: MIT
#include "facts/plain_floor.hpp"

#include <cstring>

namespace voxnav {
namespace {

// A neighbour at the same level that keeps the grid: a wall, a position
// outside the world's bounds, or a position the Level rule walks onto at the
// same cost as onto `here`. Outside the bounds (clear, but no node) acts as
// a wall: no move ends there, and as the bounds are a box, no fall, leap or
// jump over it lands back inside, nor does a diagonal inside cut past it.
// (Before, a bounded world's border rows were not plain, and every straight
// jump point run reaching the border ended there as a jump point.)
// Walked onto, and landed on by a jump: a dry standable position
// (Fact::dry_standable, the predicate the Level and JumpUp rules of agent/
// use: facts/ stays below the movement rules; test_plain_floor's randomized
// comparison with the full model would see the two part).
bool grid_neighbour(Fact here, Fact q) {
    return !q.clear() || !q.node() || (q.dry_standable() && q.floor_class() == here.floor_class());
}

}  // namespace

bool is_plain_floor(const NavSnapshot& f, NavSnapshot::Index s, int up) {
    const ChunkSlot& slot = f.slot(node_id::slot(s));
    const unsigned local = node_id::local(s);
    const Fact b = slot[local];
    if (!b.dry_standable()) return false;
    const int lx = node_id::lx(s), lz = node_id::lz(s), ly = node_id::ly(s);
    if (lx >= 1 && lx <= 14 && lz >= 1 && lz <= 14 && ly + up <= 15) {
        // Inside the chunk: plain offsets (the common case).
        static constexpr int kSide[8] = {node_id::in_chunk_offset(-1, 0, -1), node_id::in_chunk_offset(0, 0, -1),
                                         node_id::in_chunk_offset(1, 0, -1),  node_id::in_chunk_offset(-1, 0, 0),
                                         node_id::in_chunk_offset(1, 0, 0),   node_id::in_chunk_offset(-1, 0, 1),
                                         node_id::in_chunk_offset(0, 0, 1),   node_id::in_chunk_offset(1, 0, 1)};
        static constexpr bool kAxis[8] = {false, true, false, true, true, false, true, false};
        for (int d = 0; d < 8; ++d) {
            const unsigned q = unsigned(int(local) + kSide[d]);
            if (!grid_neighbour(b, slot[q])) return false;
            if (kAxis[d])
                for (int k = 1; k <= up; ++k)
                    if (slot[q + unsigned(node_id::in_chunk_offset(0, k, 0))].dry_standable()) return false;
        }
        return true;
    }
    for (int dz = -1; dz <= 1; ++dz)
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dz == 0) continue;
            const NavSnapshot::Index q = f.offset(s, dx, 0, dz);
            // Free, with the same floor cost; a clear node that is not dry
            // standable (a hole, water) ends plain floor.
            if (!grid_neighbour(b, f[q])) return false;
            // A jump up beside s is a move a grid does not have.
            if (dx == 0 || dz == 0)
                for (int k = 1; k <= up; ++k)
                    if (f[f.offset(q, 0, k, 0)].dry_standable()) return false;
        }
    return true;
}

namespace detail {

PlainCounts derive_plain_bits(const NavSnapshot& f, std::uint32_t s, std::uint64_t* words, const LocalBox& box,
                              const std::uint64_t* old, PlainCounts old_counts) {
    const Fact::Raw* bits = f.slot(s).bits;
    const bool whole = box.whole();
    if (whole || !old)
        std::memset(words, 0, 64 * sizeof(std::uint64_t));
    else
        std::memcpy(words, old, 64 * sizeof(std::uint64_t));
    PlainCounts n;
    n.floor = whole ? 0 : old_counts.floor;
    // Most voxels are air or rock: find the dry standable ones 8 at a time.
    // A fact is one when its low nibble is exactly Fact::dry_standable_pattern;
    // after the xor each byte is at most 0x0F, so adding 0x7F sets its high
    // bit exactly when it is not zero, and never carries into the next byte.
    static_assert(sizeof(Fact::Raw) == 1 && Fact::dry_standable_mask == 0x0F, "one fact per byte, decided by its low nibble");
    constexpr std::uint64_t kLow = 0x0101010101010101ull * Fact::dry_standable_mask;
    constexpr std::uint64_t kWant = 0x0101010101010101ull * Fact::dry_standable_pattern;
    constexpr std::uint64_t kAdd = 0x7F7F7F7F7F7F7F7Full, kHigh = 0x8080808080808080ull;
    // The box's x range: as bits of a 16-voxel row, and as byte high bits
    // over each of the row's two words.
    const unsigned x0 = unsigned(box.lo[0]), x1 = unsigned(box.hi[0]);
    const std::uint64_t row_bits = ((std::uint64_t(2) << x1) - 1) & ~((std::uint64_t(1) << x0) - 1);
    std::uint64_t in_x[2] = {0, 0};
    for (unsigned x = x0; x <= x1; ++x) in_x[x / 8u] |= std::uint64_t(0x80) << (8u * (x % 8u));
    for (int y = box.lo[1]; y <= box.hi[1]; ++y)
        for (int z = box.lo[2]; z <= box.hi[2]; ++z) {
            const unsigned row = unsigned(y) * 256u + unsigned(z) * 16u;
            words[row >> 6] &= ~(row_bits << (row & 63u));  // the box's old bits go
            for (unsigned half = 0; half < 2; ++half) {
                const unsigned base = row + 8u * half;
                std::uint64_t w;
                std::memcpy(&w, bits + base, 8);
                std::uint64_t hit = ~(((w & kLow) ^ kWant) + kAdd) & kHigh & in_x[half];
                while (hit) {
                    const unsigned l = base + unsigned(__builtin_ctzll(hit)) / 8u;
                    hit &= hit - 1;
                    n.floor += whole;
                    if (is_plain_floor(f, node_id::make(s, l), kPlainJump))
                        words[l >> 6] |= std::uint64_t(1) << (l & 63u);
                }
            }
        }
    for (unsigned i = 0; i < 64; ++i) n.plain += unsigned(__builtin_popcountll(words[i]));
    return n;
}

namespace {

// The run tables of one line (ChunkPlain::go_x etc.): `line` and `plain` its
// walkable and plain bits, `side0` and `side1` the walkable bits of the
// lines beside it.
void line_tables(std::uint32_t line, std::uint32_t plain, std::uint32_t side0, std::uint32_t side1, std::uint16_t& up,
                 std::uint16_t& down, std::uint8_t& edge) {
    // Forced at i: a side walkable at i, not at the position behind; the
    // first position's behind lies in the chunk before (the run's own test).
    const std::uint32_t forced_up = ((side0 & ~(side0 << 1)) | (side1 & ~(side1 << 1))) & 0xFFFEu;
    const std::uint32_t forced_down = ((side0 & ~(side0 >> 1)) | (side1 & ~(side1 >> 1))) & 0x7FFFu;
    up = std::uint16_t(line & plain & ~forced_up);
    down = std::uint16_t(line & plain & ~forced_down);
    edge = std::uint8_t((side0 & 1u) | ((side1 & 1u) << 1) | (((side0 >> 15) & 1u) << 2) | (((side1 >> 15) & 1u) << 3));
}

}  // namespace

void derive_plain_lanes(const NavSnapshot& f, std::uint32_t s, ChunkPlain& out) {
    const ChunkSlot& c = f.slot(s);
    const Fact::Raw* bits = c.bits;
    // The lines beside the chunk's faces come from the neighbours, whose
    // changes re-derive this chunk's plain bits, and so these.
    const Fact::Raw* x_lo = f.slot(c.link[node_id::link(-1, 0, 0)]).bits;
    const Fact::Raw* x_hi = f.slot(c.link[node_id::link(1, 0, 0)]).bits;
    const Fact::Raw* z_lo = f.slot(c.link[node_id::link(0, 0, -1)]).bits;
    const Fact::Raw* z_hi = f.slot(c.link[node_id::link(0, 0, 1)]).bits;
    for (unsigned y = 0; y < 16; ++y) {
        // Walkable x-rows z = -1..16 and z-lanes x = -1..16 of this level,
        // and the plain z-lanes.
        std::uint32_t rows[18], lanes[18] = {}, plain_lanes[16] = {};
        rows[0] = dry_standable_bits16(z_lo + y * 256u + 15u * 16u);
        rows[17] = dry_standable_bits16(z_hi + y * 256u);
        for (unsigned z = 0; z < 16; ++z) {
            const unsigned row = y * 256u + z * 16u;
            rows[z + 1] = dry_standable_bits16(bits + row);
            for (std::uint32_t walk = rows[z + 1]; walk; walk &= walk - 1) lanes[unsigned(__builtin_ctz(walk)) + 1u] |= 1u << z;
            for (std::uint32_t plain = out.row(int(y), int(z)); plain; plain &= plain - 1)
                plain_lanes[unsigned(__builtin_ctz(plain))] |= 1u << z;
            lanes[0] |= std::uint32_t(Fact(x_lo[row + 15u]).dry_standable()) << z;
            lanes[17] |= std::uint32_t(Fact(x_hi[row]).dry_standable()) << z;
        }
        for (unsigned k = 0; k < 16; ++k) {
            const unsigned at = k + 16u * y;
            line_tables(rows[k + 1], out.row(int(y), int(k)), rows[k], rows[k + 2], out.go_x[0][at], out.go_x[1][at], out.edge_x[at]);
            line_tables(lanes[k + 1], plain_lanes[k], lanes[k], lanes[k + 2], out.go_z[0][at], out.go_z[1][at], out.edge_z[at]);
        }
    }
}

}  // namespace detail
}  // namespace voxnav
