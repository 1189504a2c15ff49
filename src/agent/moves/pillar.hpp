// SPDX-License-Identifier: MIT
/// @file pillar.hpp
/// @brief Pillar: for an agent that places (AgentProfile::place) and jumps,
/// jump straight up one voxel and place the blocks of the footprint at the
/// feet: the layer above body(p) open, each footprint voxel replaceable or a
/// solid this agent breaks (the route dug it). Costs 1 / walk_speed +
/// sqrt(2 / gravity) + place_cost per block placed. A block form only
/// (agent/moves/block_look.hpp): MovementModel::for_each_block_move
/// generates it.
#pragma once

#include "agent/moves/context.hpp"

namespace voxnav::moves {

struct Pillar : Rule {
    [[nodiscard]] static bool active(const AgentProfile& a) { return a.place && a.jump; }

    template <class BG>
    static void block_after_sides(const BG& g) {
        const BlockLook& l = g.look;
        if (!active(g.a) || l.jump() < 1 || !l.open_box(g.b, g.p, Voxel(g.p.x, g.p.y + l.body(), g.p.z), g.layer())) return;
        l.placed().clear();
        for (int z = 0; z < l.width(); ++z)
            for (int x = 0; x < l.width(); ++x) {
                const Voxel u(g.p.x + x, g.p.y, g.p.z + z);
                if (!l.replaceable(g.b, u) && !l.breakable(g.b, u)) return;
                l.placed().push_back(u);
            }
        g.send_placing(Voxel(g.p.x, g.p.y + 1, g.p.z), g.walk + g.air_time(1), Action::Jump);
    }
};

}  // namespace voxnav::moves
