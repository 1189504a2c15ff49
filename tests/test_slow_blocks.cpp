// SPDX-License-Identifier: MIT
// Slow blocks priced by the physics (issue 57, item 5): the shipped table's
// cobweb (measured with prismarine-physics: walking x0.1135, sinking 0.0182 x
// walking speed) costs a player route through one web column at least 2 s
// more than open floor, as Minecraft's 2.75 s; a body standing in a web walks
// and falls out of it; no fall ends in a web or passes through one; no jump
// leaves one. Each rule on a tiny hand-made world, blocks by their Minecraft
// names through the shipped table.
#include "io/minecraft_blocks.hpp"
#include "voxnav/voxnav.hpp"

#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

using namespace voxnav;

namespace {

// The player profile the CLI and the physics judge route with.
AgentProfile player() { return load_agent_profile(VOXNAV_SOURCE_DIR "/worlds/agents/player.json"); }

// An open stone floor at y = 0 over x, z in [-1, 10]; blocks set by name.
struct Floor {
    World world;
    BlockMapper mapper{world, MinecraftBlockTable::builtin()};
    Floor() {
        for (int x = -1; x <= 10; ++x)
            for (int z = -1; z <= 10; ++z) put({x, 0, z}, "stone");
    }
    void put(const Voxel& v, const std::string& name) { world.set_block(v, mapper.map(name, {})); }
    Route route(const Voxel& from, const Voxel& to) {
        Navigator nav(world, player());
        Route r = nav.find_route(from, Goal::at(to));
        INFO(to_json(r));
        return r;
    }
};

// A lane along x at z = 1 walled at z = 0 and 2 (three high): one way along it.
struct WebLane : Floor {
    WebLane() {
        for (int x = -1; x <= 10; ++x)
            for (int y = 1; y <= 3; ++y) put({x, y, 0}, "stone"), put({x, y, 2}, "stone");
    }
};

const Waypoint* at(const Route& r, const Voxel& v) {
    for (const Waypoint& w : r.waypoints)
        if (w.position == v) return &w;
    return nullptr;
}

}  // namespace

TEST_CASE("slow blocks: one web column across feet and head costs a player at least 2 s more than open floor", "[slow][moves]") {
    WebLane open;
    const Route base = open.route({1, 1, 1}, {9, 1, 1});
    REQUIRE(base.status == SearchStatus::Found);
    WebLane web;
    web.put({5, 1, 1}, "cobweb");
    web.put({5, 2, 1}, "cobweb");
    const Route through = web.route({1, 1, 1}, {9, 1, 1});
    REQUIRE(through.status == SearchStatus::Found);
    // prismarine-physics: 4.70 s against 1.95 s walking eight blocks (+2.75 s).
    CHECK(through.cost >= base.cost + 2.0);
    CHECK(through.cost <= base.cost + 3.5);
    // The walk in and the walk out each spend 0.8 of a voxel at 0.1135 of the speed.
    const double in_out = (1.0 + 0.8 * (1.0 / 0.1135 - 1.0)) / player().walk_speed;
    REQUIRE(at(through, {5, 1, 1}));
    REQUIRE(at(through, {6, 1, 1}));
    CHECK(at(through, {5, 1, 1})->cost == Approx(in_out));
    CHECK(at(through, {6, 1, 1})->cost == Approx(in_out));
    CHECK(through.cost == Approx(base.cost + 2.0 * (in_out - 1.0 / player().walk_speed)));
}

TEST_CASE("slow blocks: a web column two deep costs its walk within at the full rate", "[slow][moves]") {
    WebLane web;
    for (int x = 5; x <= 6; ++x) web.put({x, 1, 1}, "cobweb");
    const Route r = web.route({1, 1, 1}, {9, 1, 1});
    REQUIRE(r.status == SearchStatus::Found);
    const double ws = player().walk_speed, m = 1.0 / 0.1135;
    REQUIRE(at(r, {6, 1, 1}));
    CHECK(at(r, {6, 1, 1})->cost == Approx(m / ws));  // in the web at both ends
    CHECK(r.cost == Approx((5.0 + 2.0 * (1.0 + 0.8 * (m - 1.0)) + m) / ws));
}

TEST_CASE("slow blocks: a body in a web on a ledge falls out of it (the issue's log pillar)", "[slow][moves]") {
    // Stone floor, a 3-high log pillar at (4, 1..3); the start on its top,
    // the goal on the floor beside it.
    const Voxel top(4, 4, 4), beside(5, 1, 4);
    auto pillar = [&](Floor& f) {
        for (int y = 1; y <= 3; ++y) f.put({4, y, 4}, "oak_log");
    };
    Floor bare;
    pillar(bare);
    const Route plain = bare.route(top, beside);
    REQUIRE(plain.status == SearchStatus::Found);
    REQUIRE(plain.waypoints.size() == 2);
    CHECK(plain.waypoints[1].action == Action::Fall);
    const double ws = player().walk_speed;
    CHECK(plain.cost == Approx(1.0 / ws + std::sqrt(2.0 * 3.0 / player().gravity)));  // 0.67 s
    for (const int at_y : {4, 5}) {
        DYNAMIC_SECTION("a web at the start's " << (at_y == 4 ? "feet" : "head")) {
            Floor f;
            pillar(f);
            f.put({4, at_y, 4}, "cobweb");
            const Route r = f.route(top, beside);
            REQUIRE(r.status == SearchStatus::Found);
            REQUIRE(r.waypoints.size() == 2);
            CHECK(r.waypoints[1].action == Action::Fall);
            // The step off the ledge spends 0.8 of a voxel in the web.
            CHECK(r.cost == Approx(plain.cost + 0.8 * (1.0 / 0.1135 - 1.0) / ws));
            CHECK(r.cost > plain.cost + 1.0);
        }
    }
}

TEST_CASE("slow blocks: no fall ends in a web or passes through one", "[slow][moves]") {
    const Voxel top(4, 4, 4);
    for (const int web_y : {1, 2, 3}) {
        DYNAMIC_SECTION("a web at y = " << web_y << " beside the pillar") {
            Floor f;
            for (int y = 1; y <= 3; ++y) f.put({4, y, 4}, "oak_log");
            f.put({5, web_y, 4}, "cobweb");
            const Route r = f.route(top, {6, 1, 4});
            REQUIRE(r.status == SearchStatus::Found);
            // The body drops elsewhere: no fall lands at (5, 1, 4) through or into the web.
            for (const Waypoint& w : r.waypoints)
                if (w.action == Action::Fall) CHECK(w.position != Voxel(5, 1, 4));
        }
    }
}

TEST_CASE("slow blocks: no jump leaves a web", "[slow][moves]") {
    WebLane lane;
    lane.put({4, 1, 1}, "stone");  // a one-voxel step at x = 4
    const Route up = lane.route({3, 1, 1}, {4, 2, 1});
    REQUIRE(up.status == SearchStatus::Found);
    CHECK(up.waypoints[1].action == Action::Jump);
    lane.put({3, 2, 1}, "cobweb");  // at the start's head
    CHECK(lane.route({3, 1, 1}, {4, 2, 1}).status == SearchStatus::NoPath);
}

TEST_CASE("slow blocks: a swim out of a web at the surface pays the time inside", "[slow][moves]") {
    // Water at y = 1 over x = 0..3 (floor at y = 0), a web over (1, 1): a
    // 1.8 body swimming at the surface has it at its head.
    const World w = [] {
        World x;
        BlockMapper m{x, MinecraftBlockTable::builtin()};
        for (int i = -1; i <= 4; ++i)
            for (int k = -1; k <= 1; ++k) {
                x.set_block({i, 0, k}, m.map("stone", {}));
                for (int y = 1; y <= 3; ++y)
                    if (k != 0 || i < 0 || i > 3) x.set_block({i, y, k}, m.map("stone", {}));
            }
        for (int i = 0; i <= 3; ++i) x.set_block({i, 1, 0}, m.map("water", {}));
        x.set_block({1, 2, 0}, m.map("cobweb", {}));
        return x;
    }();
    Navigator nav(w, player());
    const Route r = nav.find_route({1, 1, 0}, Goal::at({2, 1, 0}));
    REQUIRE(r.status == SearchStatus::Found);
    REQUIRE(r.waypoints.size() == 2);
    CHECK(r.waypoints[1].action == Action::Swim);
    const AgentProfile a = player();
    CHECK(r.cost == Approx((1.0 + 0.8 * (1.0 / 0.1135 - 1.0)) / a.swim_speed));
}
