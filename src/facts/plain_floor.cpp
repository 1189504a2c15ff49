#include "voxnav/facts/plain_floor.hpp"

#include <cstring>

namespace voxnav {

bool is_plain_floor(const NavSnapshot& f, NavSnapshot::Index s, int up) {
    const std::uint8_t* bits = f.slot(s >> NavSnapshot::local_bits).bits;
    const unsigned local = s & 4095u;
    const std::uint8_t b = bits[local];
    if (!dry_standable(b)) return false;
    const int lx = int(local & 15u), lz = int((local >> 4) & 15u), ly = int(local >> 8);
    if (lx >= 1 && lx <= 14 && lz >= 1 && lz <= 14 && ly + up <= 15) {
        // Inside the chunk: plain offsets (the common case).
        static constexpr int kSide[8] = {-17, -16, -15, -1, 1, 15, 16, 17};
        for (int d = 0; d < 8; ++d) {
            const unsigned q = unsigned(int(local) + kSide[d]);
            const std::uint8_t bq = bits[q];
            if ((bq & NavSnapshot::Clear) && (!dry_standable(bq) || (bq >> 4) != (b >> 4))) return false;
            if (up > 0 && (kSide[d] == -16 || kSide[d] == -1 || kSide[d] == 1 || kSide[d] == 16))
                for (int k = 1; k <= up; ++k)
                    if (dry_standable(bits[q + 256u * unsigned(k)])) return false;
        }
        return true;
    }
    for (int dz = -1; dz <= 1; ++dz)
        for (int dx = -1; dx <= 1; ++dx) {
            if (dx == 0 && dz == 0) continue;
            const NavSnapshot::Index q = f.offset(s, dx, 0, dz);
            const std::uint8_t bq = f[q];
            // Free, with the same floor cost; a clear voxel that is not a dry
            // node (a hole, water, outside the bounds) ends plain floor.
            if ((bq & NavSnapshot::Clear) && (!dry_standable(bq) || (bq >> 4) != (b >> 4))) return false;
            // A jump up beside s is a move a grid does not have.
            if (dx == 0 || dz == 0)
                for (int k = 1; k <= up; ++k)
                    if (dry_standable(f[f.offset(q, 0, k, 0)])) return false;
        }
    return true;
}

namespace detail {

PlainCounts derive_plain_bits(const NavSnapshot& f, std::uint32_t s, std::uint64_t* words, const LocalBox& box,
                              const std::uint64_t* old, PlainCounts old_counts) {
    const std::uint8_t* bits = f.slot(s).bits;
    const bool whole = box.whole();
    if (whole || !old)
        std::memset(words, 0, 64 * sizeof(std::uint64_t));
    else
        std::memcpy(words, old, 64 * sizeof(std::uint64_t));
    PlainCounts n;
    n.floor = whole ? 0 : old_counts.floor;
    // Most voxels are air or rock: find the dry standable ones 8 at a time.
    // A byte is one when its low nibble is exactly StandableNode (no Water);
    // after the xor each byte is at most 0x0F, so adding 0x7F sets its high
    // bit exactly when it is not zero, and never carries into the next byte.
    static_assert(NavSnapshot::StandableNode == 0x0B && NavSnapshot::Water == 0x04, "nibble layout");
    constexpr std::uint64_t kLow = 0x0F0F0F0F0F0F0F0Full, kWant = 0x0B0B0B0B0B0B0B0Bull;
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
                    if (is_plain_floor(f, (s << NavSnapshot::local_bits) | l, kPlainJump))
                        words[l >> 6] |= std::uint64_t(1) << (l & 63u);
                }
            }
        }
    for (unsigned i = 0; i < 64; ++i) n.plain += unsigned(__builtin_popcountll(words[i]));
    return n;
}

}  // namespace detail
}  // namespace voxnav
