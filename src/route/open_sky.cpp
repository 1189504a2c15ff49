#include "voxnav/route/open_sky.hpp"

namespace voxnav {

bool OpenSkyProblem::open_sky(State s) const {
    const NavSnapshot& f = *field_;
    const ChunkSlot& slot = f.slot(node_id::slot(s));
    const int local = int(node_id::local(s));
    const int lx = node_id::lx(s), lz = node_id::lz(s), ly = node_id::ly(s);
    const bool inside = lx >= 1 && lx <= 14 && lz >= 1 && lz <= 14 && ly >= 1 && ly <= 14;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx) {
                // Inside the chunk: plain offsets; else through the links.
                const Fact q = inside ? slot[unsigned(local + node_id::in_chunk_offset(dx, dy, dz))] : f[f.offset(s, dx, dy, dz)];
                if (!moves_->is_waypoint(q)) return false;
            }
    return true;
}

}  // namespace voxnav
