// SPDX-License-Identifier: MIT
// Handles and worlds the C API tests share (test_c_api*.cpp).
#pragma once

#include "voxnav/voxnav.h"

#include "random_world.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace voxnav::capi_test {

using namespace voxnav;

/// Owns the handles of one test.
struct CWorld {
    voxnav_world* w = nullptr;
    CWorld() { REQUIRE(voxnav_world_create(&w) == VOXNAV_OK); }
    ~CWorld() { voxnav_world_destroy(w); }
};
struct CNav {
    voxnav_navigator* n = nullptr;
    ~CNav() { voxnav_navigator_destroy(n); }
};
struct CRoute {
    voxnav_route* r = nullptr;
    CRoute() { REQUIRE(voxnav_route_create(&r) == VOXNAV_OK); }
    ~CRoute() { voxnav_route_destroy(r); }
};

/// Copies the chunks of a bounded random world into an unbounded C++ world
/// and a C world (same default registry: ids agree), chunk by chunk.
inline void copy_chunks(const World& from, World& to, voxnav_world* c) {
    const VoxelBox b = *from.bounds();
    std::array<BlockId, World::chunk_volume> ids;
    for (int cy = b.lo.y >> 4; cy <= (b.hi.y - 1) >> 4; ++cy)
        for (int cz = b.lo.z >> 4; cz <= (b.hi.z - 1) >> 4; ++cz)
            for (int cx = b.lo.x >> 4; cx <= (b.hi.x - 1) >> 4; ++cx) {
                from.get_chunk({cx, cy, cz}, ids.data());
                to.set_chunk({cx, cy, cz}, ids.data());
                REQUIRE(voxnav_world_set_chunk(c, cx, cy, cz, ids.data()) == VOXNAV_OK);
            }
}

/// A corridor along x at z = 1 (walls at z = 0 and 2, 3 high, a lintel at
/// x = 4), with the block ids of stone and of a closed and an open oak door
/// (VOXNAV_OPEN_HAND) defined; the door voxels (4, 1..2, 1) are left empty.
inline void corridor_with_door(voxnav_world* w, uint16_t& stone, uint16_t& door, uint16_t& door_open) {
    REQUIRE(voxnav_world_find_block(w, "stone", &stone) == VOXNAV_OK);
    const voxnav_block_shape closed{0, 16, 0, 0, VOXNAV_OPEN_HAND, 0, 0}, opened{0, 16, 0, 0, VOXNAV_OPEN_HAND, 1, 0};
    REQUIRE(voxnav_world_define_block(w, "oak_door", VOXNAV_SOLID, 0, &closed, &door) == VOXNAV_OK);
    REQUIRE(voxnav_world_define_block(w, "oak_door_open", VOXNAV_SOLID, 0, &opened, &door_open) == VOXNAV_OK);
    for (int x = 0; x < 9; ++x)
        for (int z = 0; z < 3; ++z) {
            REQUIRE(voxnav_world_set_block(w, x, 0, z, stone) == VOXNAV_OK);
            if (z != 1)
                for (int y = 1; y < 4; ++y) REQUIRE(voxnav_world_set_block(w, x, y, z, stone) == VOXNAV_OK);
        }
    REQUIRE(voxnav_world_set_block(w, 4, 3, 1, stone) == VOXNAV_OK);
}

/// The corridor with a door-opening navigator and a query to its far end
/// (8, 1, 1): what the follower tests start from.
struct DoorCorridor {
    CWorld c;
    uint16_t stone = 0, door = 0, door_open = 0;
    CNav nav;
    voxnav_goal g = voxnav_goal_at(8, 1, 1);
    voxnav_query q;
    DoorCorridor() {
        corridor_with_door(c.w, stone, door, door_open);
        REQUIRE(voxnav_navigator_create(c.w, R"({"opens": ["hand"]})", &nav.n) == VOXNAV_OK);
        voxnav_query_init(&q);
        q.goals = &g;
        q.goal_count = 1;
    }
};

inline void expect_same(const Route& cpp, voxnav_route* r) {
    REQUIRE(voxnav_route_status(r) == int32_t(cpp.status));
    if (!cpp.usable()) return;
    CHECK(voxnav_route_cost(r) == cpp.cost);
    REQUIRE(voxnav_route_size(r) == cpp.waypoints.size());
    const voxnav_waypoint* wp = voxnav_route_waypoints(r);
    for (std::size_t i = 0; i < cpp.waypoints.size(); ++i) {
        CHECK(wp[i].x == cpp.waypoints[i].position.x);
        CHECK(wp[i].y == cpp.waypoints[i].position.y);
        CHECK(wp[i].z == cpp.waypoints[i].position.z);
        CHECK(wp[i].action == int32_t(cpp.waypoints[i].action));
        CHECK(wp[i].feet_y == cpp.waypoints[i].feet_y);
    }
}

/// A stone floor side x side at y = 0 and a wall at x = side / 2, y = 1,
/// from z = 0 to z = wall - 1: a way round at its end.
inline void floor_with_wall(voxnav_world* w, int side, int wall) {
    uint16_t stone = 0;
    REQUIRE(voxnav_world_find_block(w, "stone", &stone) == VOXNAV_OK);
    for (int z = 0; z < side; ++z)
        for (int x = 0; x < side; ++x) REQUIRE(voxnav_world_set_block(w, x, 0, z, stone) == VOXNAV_OK);
    for (int z = 0; z < wall; ++z) REQUIRE(voxnav_world_set_block(w, side / 2, 1, z, stone) == VOXNAV_OK);
}

}  // namespace voxnav::capi_test
