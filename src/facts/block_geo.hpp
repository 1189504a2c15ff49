// SPDX-License-Identifier: MIT
/// @file block_geo.hpp
/// @brief detail::BlockGeo: what one block type does to one agent shape,
/// as the shaped derivation of the facts reads it: the compact form of its
/// BlockTraits (NavField fills one per block id from the traits table).
/// Internal to the facts layer; games use world/block.hpp.
///
/// Thread-safety: value types. Errors: none.
#pragma once

#include "facts/block_traits.hpp"

#include <cstdint>

namespace voxnav::detail {

/// What one block type does, for the shaped derivation (one per block id).
struct BlockGeo {
    std::uint8_t lo = 0, hi = 0;  ///< obstruction [lo, hi] in 1/16 of its voxel; hi == 0: none
    bool body = false;            ///< obstructs the body (a collision, a hazard liquid, damage)
    bool mine = false;            ///< a closed door the agent opens: a surface, and in the body only once opened
    bool supports = false;        ///< its top is a floor (a collision that is not a damaging floor)
    bool hurts_feet = false;      ///< a damaging floor: a position whose surface is its top is never stood on
    bool door = false;            ///< a door, gate or trapdoor, open or closed
    bool climbable = false;       ///< a ladder (for a climbing agent)
    bool water = false;
    std::uint8_t stairs = 0;      ///< BlockShape::stair_faces
    std::uint8_t floor_class = 0;
    std::uint8_t inside_class = 0;  ///< BlockTraits::inside_class: slows a body inside it
    bool stuck = false;             ///< BlockTraits::stuck: holds a body vertically (cobweb)
    bool low_jump = false;          ///< BlockTraits::low_jump: a floor jumped from lower (honey)

    bool operator==(const BlockGeo& o) const {
        return lo == o.lo && hi == o.hi && body == o.body && mine == o.mine && supports == o.supports && hurts_feet == o.hurts_feet &&
               door == o.door && climbable == o.climbable && water == o.water && stairs == o.stairs && floor_class == o.floor_class &&
               inside_class == o.inside_class && stuck == o.stuck && low_jump == o.low_jump;
    }
};

/// The block as the shaped derivation reads it, from its traits.
[[nodiscard]] inline BlockGeo block_geo_of(const BlockTraits& t) {
    BlockGeo g;
    g.lo = t.lo;
    g.hi = t.hi;
    g.body = t.blocks_body && !t.agent_opens;
    g.mine = t.agent_opens;
    g.supports = t.supports;
    g.hurts_feet = t.hurts_feet;
    g.door = t.door;
    g.climbable = t.climbable;
    g.water = t.water;
    g.stairs = t.stairs;
    g.floor_class = t.floor_class;
    g.inside_class = t.inside_class;
    g.stuck = t.stuck;
    g.low_jump = t.low_jump;
    return g;
}

/// The agent shape, as the shaped derivation needs it.
struct ShapeParams {
    int width = 1, height16 = 32;
    int reach_up = 8;  ///< voxels read above the chunk's top: a headroom is known this high
};

}  // namespace voxnav::detail
