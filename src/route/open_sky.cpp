#include "voxnav/route/open_sky.hpp"

namespace voxnav {
namespace {
// Runs stop after this many moves, as jump points' do: the waypoint there is
// expanded (always safe) and a scan never crosses a whole open map.
constexpr int kMaxRun = 16;
}  // namespace

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

bool OpenSkyProblem::face_open(State t, int ex, int ey, int ez) const {
    // The two axes across e, as unit vectors u and w.
    const int ux = ex == 0 ? 1 : 0, uy = ex == 0 ? 0 : 1, uz = 0;
    const int wx = 0, wy = ey == 0 && ex == 0 ? 1 : 0, wz = ez == 0 ? 1 : 0;
    const unsigned local = t & 4095u;
    const int l[3] = {int(local & 15u), int(local >> 8), int((local >> 4) & 15u)};  // x, y, z
    const int e[3] = {ex, ey, ez};
    bool inside = true;
    for (int k = 0; k < 3; ++k) {
        const int lo = e[k] != 0 ? l[k] + 2 * e[k] : l[k] - 1, hi = e[k] != 0 ? lo : l[k] + 1;
        inside = inside && lo >= 0 && hi <= 15;
    }
    if (inside) {
        // The face lies in t's chunk: plain offsets (the common case).
        const std::uint8_t* bits = field_->slot(t >> NavSnapshot::local_bits).bits;
        const int ahead = int(local) + 2 * (ex + 256 * ey + 16 * ez);
        const int su = ux + 256 * uy + 16 * uz, sw = wx + 256 * wy + 16 * wz;
        for (int i = -1; i <= 1; ++i)
            for (int j = -1; j <= 1; ++j)
                if (!waypoint(bits[ahead + i * su + j * sw])) return false;
        return true;
    }
    const State ahead = field_->offset(t, 2 * ex, 2 * ey, 2 * ez);
    for (int i = -1; i <= 1; ++i)
        for (int j = -1; j <= 1; ++j)
            if (!waypoint((*field_)[field_->offset(ahead, i * ux + j * wx, i * uy + j * wy, i * uz + j * wz)])) return false;
    return true;
}

OpenSkyProblem::State OpenSkyProblem::run(State s, int ex, int ey, int ez, int& steps) const {
    // s is in open sky, so s + e is a waypoint and the move is legal. The
    // cube around each next waypoint shares all but one face with the cube
    // before it: the next is in open sky when the face two steps ahead of
    // the previous one is open.
    State before = s, t = field_->offset(s, ex, ey, ez);
    steps = 1;
    while (t != goal_ && steps < kMaxRun && face_open(before, ex, ey, ez)) {
        before = t;
        t = field_->offset(t, ex, ey, ez);
        ++steps;
    }
    return t;
}

}  // namespace voxnav
