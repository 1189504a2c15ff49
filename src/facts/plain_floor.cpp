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

PlainCounts derive_plain_bits(const NavSnapshot& f, std::uint32_t s, std::uint64_t* words) {
    std::memset(words, 0, 64 * sizeof(std::uint64_t));
    const std::uint8_t* bits = f.slot(s).bits;
    PlainCounts n;
    for (unsigned l = 0; l < 4096; ++l) {
        // Most voxels are air or rock: one byte read decides them.
        if (!dry_standable(bits[l])) continue;
        ++n.floor;
        if (is_plain_floor(f, (s << NavSnapshot::local_bits) | l, kPlainJump)) {
            words[l >> 6] |= std::uint64_t(1) << (l & 63u);
            ++n.plain;
        }
    }
    return n;
}

}  // namespace detail
}  // namespace voxnav
