// SPDX-License-Identifier: MIT
/// @file bridge.hpp
/// @brief Bridge: for an agent that places (AgentProfile::place) and walks,
/// walk to the side q = p + d over nothing, placing the blocks under q's
/// footprint: body(q) open (nothing is dug for it), q unsupported, the voxels
/// under q replaceable. Costs 1 / walk_speed + place_cost per block placed.
/// A block form only (agent/moves/block_look.hpp): it reads blocks, so only
/// MovementModel::for_each_block_move generates it.
#pragma once

#include "agent/moves/context.hpp"

namespace voxnav::moves {

struct Bridge : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.place && a.walk; }

    template <class BG>
    static void block_side(const BG& g, int) {
        // body(q) open: read as open or dug with nothing dug (take_box digs
        // only what is not open; nothing dug means everything was).
        if (!active(g.a) || g.cq != BlockLook::no_floor || !g.q_ok || g.q_dug != 0) return;
        const BlockLook& l = g.look;
        l.placed().clear();
        for (int z = 0; z < l.width(); ++z)
            for (int x = 0; x < l.width(); ++x) {
                const Voxel u(g.q.x + x, g.q.y - 1, g.q.z + z);
                if (!l.replaceable(g.b, u)) return;
                l.placed().push_back(u);
            }
        g.send_placing(g.q, g.walk, Action::Walk);
    }
};

}  // namespace voxnav::moves
