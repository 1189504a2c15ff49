#include "voxnav/route/open_sky.hpp"

namespace voxnav {

bool OpenSkyProblem::open_sky(State s) const {
    const NavSnapshot& f = *field_;
    const std::uint8_t* bits = f.slot(s >> NavSnapshot::local_bits).bits;
    const unsigned local = s & 4095u;
    const int lx = int(local & 15u), lz = int((local >> 4) & 15u), ly = int(local >> 8);
    if (lx >= 1 && lx <= 14 && lz >= 1 && lz <= 14 && ly >= 1 && ly <= 14) {
        // Inside the chunk: plain offsets.
        for (int dy = -256; dy <= 256; dy += 256)
            for (int dz = -16; dz <= 16; dz += 16)
                for (int dx = -1; dx <= 1; ++dx)
                    if (!waypoint(bits[unsigned(int(local) + dy + dz + dx)])) return false;
        return true;
    }
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx)
                if (!waypoint(f[f.offset(s, dx, dy, dz)])) return false;
    return true;
}

}  // namespace voxnav
