// SPDX-License-Identifier: MIT
#include "route/problems/open_sky.hpp"

namespace voxnav {

bool OpenSkyProblem::open_sky(State s) const {
    const NavSnapshot& f = *field_;
    const ChunkSlot& slot = f.slot(node_id::slot(s));
    const int local = int(node_id::local(s));
    const int lx = node_id::lx(s), lz = node_id::lz(s), ly = node_id::ly(s);
    if (lx >= 1 && lx <= 14 && lz >= 1 && lz <= 14 && ly >= 1 && ly <= 14) {
        // Inside the chunk: plain offsets.
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz)
                for (int dx = -1; dx <= 1; ++dx)
                    if (!moves_->is_waypoint(slot[unsigned(local + node_id::in_chunk_offset(dx, dy, dz))])) return false;
        return true;
    }
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx)
                if (!moves_->is_waypoint(f[f.offset(s, dx, dy, dz)])) return false;
    return true;
}

}  // namespace voxnav
