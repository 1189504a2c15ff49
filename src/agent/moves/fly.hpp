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

    /// Fills the fly tables of `t` (directions in a fixed order: y, then z, then x slowest to fastest).
    static void fill(const AgentProfile& a, MoveTables& t) {
        int n = 0;
        for (int b = -1; b <= 1; ++b)
            for (int c = -1; c <= 1; ++c)
                for (int x = -1; x <= 1; ++x) {
                    if (x == 0 && b == 0 && c == 0) continue;
                    t.fly_dir[n] = {x, b, c};
                    t.fly_local[n] = node_id::in_chunk_offset(x, b, c);
                    t.fly_cost[n] = std::sqrt(double(x * x + b * b + c * c)) / a.fly_speed;
                    ++n;
                }
        // A fly move needs every position of its bounding box clear.
        for (int i = 0; i < 26; ++i) {
            t.fly_need[i] = 0;
            const Voxel v = t.fly_dir[i];
            for (int j = 0; j < 26; ++j) {
                const Voxel u = t.fly_dir[j];
                bool inside = true;
                for (int k = 0; k < 3; ++k) inside &= (u[k] == 0 || u[k] == v[k]);
                if (inside) t.fly_need[i] |= 1u << j;
            }
        }
    }

    template <class Look, class Emit>
    VOXNAV_INLINE static void from_clear(const Look& f, Index p, const MoveTables& t, Emit& emit) {
        Index to[26];
        Fact facts[26];
        if constexpr (std::is_same_v<Look, InChunk>) {
            for (int n = 0; n < 26; ++n) {
                to[n] = p + Index(t.fly_local[n]);
                facts[n] = f[to[n]];
            }
        } else {
            // Per axis, where -1, 0 and +1 land: the chunk step (0, 1, 2) and the
            // local coordinate. The chunks touched (2 on a face, up to 8 at a
            // corner) are looked up once each.
            const int l[3] = {node_id::lx(p), node_id::ly(p), node_id::lz(p)};
            int step[3][3], land[3][3];
            for (int a = 0; a < 3; ++a)
                for (int d = 0; d < 3; ++d) {
                    const int v = l[a] + d - 1;
                    step[a][d] = (v >> 4) + 1;
                    land[a][d] = v & 15;
                }
            const Fact::Raw* chunk_bits[node_id::link_count];
            std::uint32_t known = 0;
            for (int n = 0; n < 26; ++n) {
                const int dx = t.fly_dir[n].x + 1, dy = t.fly_dir[n].y + 1, dz = t.fly_dir[n].z + 1;
                const int c = node_id::link(step[0][dx] - 1, step[1][dy] - 1, step[2][dz] - 1);
                const std::uint32_t s = f.home_slot->link[c];
                if (!(known >> c & 1u)) {
                    known |= 1u << c;
                    chunk_bits[c] = f.f->slot(s).bits;
                }
                const std::uint32_t local = node_id::local_of(land[0][dx], land[1][dy], land[2][dz]);
                to[n] = node_id::make(s, local);
                facts[n] = Fact(chunk_bits[c][local]);
            }
        }
        std::uint32_t open = 0;
        for (int n = 0; n < 26; ++n)
            if (facts[n].clear()) open |= 1u << n;
        for (int n = 0; n < 26; ++n) {
            if ((open & t.fly_need[n]) != t.fly_need[n]) continue;
            if (facts[n].node()) emit(to[n], t.fly_cost[n], Action::Fly);
        }
    }

    template <class Emit>
    static void backward(const Back& b, Emit& emit) {
        if (!b.a.fly || !b.ft.clear_node()) return;
        for (int n = 0; n < 26; ++n) {
            const Voxel d = b.t.fly_dir[n];
            const Index s = b.at(b.to, -d.x, -d.y, -d.z);
            if (!b[s].clear_node()) continue;
            // The move's bounding box, seen from s: every u with each
            // component 0 or d's.
            bool open = true;
            for (int j = 0; j < 26 && open; ++j)
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
