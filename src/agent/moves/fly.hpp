// SPDX-License-Identifier: MIT
/// @file fly.hpp
/// @brief Fly: from any clear position, move to one of the 26 neighbours (an
/// axis, a 2D or a 3D diagonal) when every position of the move's bounding
/// box is clear and the target is a node. Costs the move's length / fly_speed
/// (1, sqrt 2 or sqrt 3 voxels).
#pragma once

#include "agent/moves/context.hpp"

#include <cmath>
#include <type_traits>

namespace voxnav::moves {

struct Fly : Rule {
    static constexpr bool counts_height = true;
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.fly; }
    /// The cost of a fly move along `axes` axes at once (1, 2 or 3).
    [[nodiscard]] static double cost(const AgentProfile& a, int axes) { return std::sqrt(double(axes)) / a.fly_speed; }

    /// The bit of neighbour (dx, dy, dz) (each in [-1, 1]) in the 27-bit
    /// masks of the cube around a position: (dx + 1) + 3 (dz + 1) + 9 (dy + 1),
    /// the order of the local index (x fastest, then z, then y); 13 is the
    /// position itself.
    [[nodiscard]] static constexpr int cube(int dx, int dy, int dz) { return (dx + 1) + 3 * (dz + 1) + 9 * (dy + 1); }
    /// The inverse of cube(): bit c's offset along axis 0 (x), 1 (y) or 2 (z).
    [[nodiscard]] static constexpr int offset_of(int c, int axis) { return axis == 0 ? c % 3 - 1 : axis == 1 ? c / 9 - 1 : c / 3 % 3 - 1; }
    static constexpr int centre = 13;
    static constexpr std::uint32_t whole_cube = (1u << 27) - 1;

    /// Fills the fly tables of `t` (indexed by cube()).
    static void fill(const AgentProfile& a, MoveTables& t) {
        for (int y = -1; y <= 1; ++y)
            for (int z = -1; z <= 1; ++z)
                for (int x = -1; x <= 1; ++x) {
                    const int c = cube(x, y, z);
                    t.fly_dir[c] = {x, y, z};
                    t.fly_local[c] = node_id::in_chunk_offset(x, y, z);
                    t.fly_cost[c] = std::sqrt(double(x * x + y * y + z * z)) / a.fly_speed;
                    // A fly move needs every position of its bounding box clear:
                    // each u whose components are 0 or the move's, u != 0.
                    t.fly_need[c] = 0;
                    for (int j = 0; j < 27; ++j) {
                        const int v[3] = {x, y, z};
                        bool inside = j != centre;
                        for (int k = 0; k < 3; ++k) inside &= (offset_of(j, k) == 0 || offset_of(j, k) == v[k]);
                        if (inside) t.fly_need[c] |= 1u << j;
                    }
                }
    }

    /// What a position's 26 neighbours hold for fly moves: which of the cube
    /// around it are clear and which are nodes (27-bit masks, bits cube()),
    /// and where each lies.
    struct Around {
        std::uint32_t clear = 0, node = 0;
        Index p = 0;
        bool inside = true;  ///< every neighbour in p's chunk: target(c) = p + fly_local[c]
        Index to[27];        ///< when !inside: each neighbour's node id

        [[nodiscard]] VOXNAV_INLINE Index target(const MoveTables& t, int c) const { return inside ? p + Index(t.fly_local[c]) : to[c]; }
        /// All 27 positions are flyer waypoints (clear nodes).
        [[nodiscard]] bool open_sky() const { return (clear & node) == whole_cube; }
        /// The fly moves from p (which must be clear): targets that are nodes
        /// and whose bounding box is clear. Three passes over the clear mask,
        /// each dropping one axis of every direction: after k passes, a bit
        /// stays set only when every position reached by dropping up to k
        /// of its axes is clear.
        [[nodiscard]] std::uint32_t legal() const {
            // Cube bits with the axis at +1, at -1, and at 0.
            constexpr std::uint32_t xp = 0x4924924u, xm = xp >> 2, x0 = xp >> 1;
            constexpr std::uint32_t zp = 0x70381C0u, zm = zp >> 6, z0 = zp >> 3;
            constexpr std::uint32_t yp = 0x7FC0000u, ym = yp >> 18, y0 = yp >> 9;
            std::uint32_t d = clear;
            for (int pass = 0; pass < 3; ++pass)
                d &= (((d << 1) & xp) | ((d >> 1) & xm) | x0) & (((d << 3) & zp) | ((d >> 3) & zm) | z0) &
                     (((d << 9) & yp) | ((d >> 9) & ym) | y0);
            return d & node & ~(1u << centre);
        }
    };

    /// Reads the cube around p: by rows of three in p's chunk (InChunk),
    /// else through the chunk links, each chunk the cube touches looked up
    /// once.
    template <class Look>
    VOXNAV_INLINE static void read_around(const Look& f, Index p, Around& out) {
        out.p = p;
        std::uint32_t clear = 0, node = 0;
        auto put = [&](int dy, int dz, unsigned bits) VOXNAV_INLINE {
            const int shift = 3 * ((dz + 1) + 3 * (dy + 1));
            clear |= (bits & 7u) << shift;
            node |= (bits >> 3) << shift;
        };
        if constexpr (std::is_same_v<Look, InChunk>) {
            out.inside = true;
            const Fact::Raw* b = f.bits + node_id::local(p);
            auto row = [&](int dy, int dz) VOXNAV_INLINE {
                const Fact::Raw* r = b + node_id::in_chunk_offset(0, dy, dz);
                put(dy, dz, Fact::clear_node_row(r[-1], r[0], r[1]));
            };
            row(-1, -1), row(-1, 0), row(-1, 1), row(0, -1), row(0, 0), row(0, 1), row(1, -1), row(1, 0), row(1, 1);
        } else {
            out.inside = false;
            // Per axis, where -1, 0 and +1 land: whether in the next chunk
            // along it (bit 0, 1, 2 for x, y, z) and the local coordinate's
            // part of the local index. The chunks touched (2 at a face, 4 at
            // an edge, 8 at a corner) are looked up once each.
            const int l[3] = {node_id::lx(p), node_id::ly(p), node_id::lz(p)};
            const unsigned shift[3] = {0, 8, 4};
            int ext[3];
            unsigned sel[3][3];
            std::uint32_t part[3][3];
            for (int a = 0; a < 3; ++a) {
                ext[a] = 0;
                for (int d = 0; d < 3; ++d) {
                    const int v = l[a] + d - 1, step = v >> 4;
                    if (step != 0) ext[a] = step;
                    sel[a][d] = unsigned(step != 0) << a;
                    part[a][d] = std::uint32_t(v & 15) << shift[a];
                }
            }
            // Chunk k (bits as sel's): p's own, or across the axes of k's bits.
            std::uint32_t slots[8];
            const Fact::Raw* bits[8];
            slots[0] = f.home, bits[0] = f.home_slot->bits;
            for (unsigned k = 1; k < 8; ++k) {
                if ((k & 1u && !ext[0]) || (k & 2u && !ext[1]) || (k & 4u && !ext[2])) continue;  // not touched
                slots[k] = f.home_slot->link[node_id::link(k & 1u ? ext[0] : 0, k & 2u ? ext[1] : 0, k & 4u ? ext[2] : 0)];
                bits[k] = f.f->slot(slots[k]).bits;
            }
            for (int dy = 0; dy < 3; ++dy)
                for (int dz = 0; dz < 3; ++dz) {
                    Fact::Raw raw[3];
                    for (int dx = 0; dx < 3; ++dx) {
                        const unsigned k = sel[0][dx] | sel[1][dy] | sel[2][dz];
                        const std::uint32_t local = part[0][dx] | part[1][dy] | part[2][dz];
                        out.to[dx + 3 * dz + 9 * dy] = node_id::make(slots[k], local);
                        raw[dx] = bits[k][local];
                    }
                    put(dy - 1, dz - 1, Fact::clear_node_row(raw[0], raw[1], raw[2]));
                }
        }
        out.clear = clear;
        out.node = node;
    }

    /// Emits every fly move from a clear position whose cube `a` holds, in
    /// cube order.
    template <class Emit>
    VOXNAV_INLINE static void moves_around(const Around& a, const MoveTables& t, Emit& emit) {
        for (std::uint32_t m = a.legal(); m != 0; m &= m - 1) {
            const int c = __builtin_ctz(m);
            emit(a.target(t, c), t.fly_cost[c], Action::Fly);
        }
    }

    template <class Look, class Emit>
    VOXNAV_INLINE static void from_clear(const Look& f, Index p, const MoveTables& t, Emit& emit) {
        Around a;
        read_around(f, p, a);
        moves_around(a, t, emit);
    }

    template <class Emit>
    static void backward(const Back& b, Emit& emit) {
        if (!b.a.fly || !b.ft.clear_node()) return;
        for (int n = 0; n < 27; ++n) {
            if (n == centre) continue;
            const Voxel d = b.t.fly_dir[n];
            const Index s = b.at(b.to, -d.x, -d.y, -d.z);
            if (!b[s].clear_node()) continue;
            // The move's bounding box, seen from s: every u with each
            // component 0 or d's.
            bool open = true;
            for (int j = 0; j < 27 && open; ++j)
                if (b.t.fly_need[n] >> j & 1u) {
                    const Voxel u = b.t.fly_dir[j];
                    open = b[b.at(s, u.x, u.y, u.z)].clear();
                }
            if (open) emit(s, b.t.fly_cost[n], Action::Fly);
        }
    }

    static void bound(const AgentProfile& a, BoundTerms& terms) {
        if (!a.fly) return;
        terms.add_rate(1.0 / a.fly_speed);
        // A fly move (x, 1, z) costs |(x, 1, z)| / fly_speed against |(x, z)| /
        // fly_speed of horizontal bound: least for a 3D diagonal.
        terms.add_climb((std::sqrt(3.0) - std::sqrt(2.0)) / a.fly_speed);
        terms.diagonal = true;
    }
    static int span(const AgentProfile&) { return 1; }
    static void reach(const AgentProfile& a, ReadReach& r) {
        if (a.fly) r.cover(1, 1, 1);
    }
    /// Fly moves leave the floor: not grid-like for a flyer.
    [[nodiscard]] static bool fits_plain_floor(const AgentProfile& a) { return !a.fly; }
};

}  // namespace voxnav::moves
