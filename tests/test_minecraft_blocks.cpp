// SPDX-License-Identifier: MIT
// Minecraft blocks as the game shapes them (issue 36): the generated block
// table's lines per state, the blocks it made collide (lanterns, chains,
// flower pots), partial heights from the game's boxes (stonecutter), the
// blocks that slow a body (cobweb, soul sand, honey) priced in the moves, and
// a start inside a closed door. Each rule on a tiny hand-made lane.
#include "io/minecraft_blocks.hpp"
#include "test_helpers.hpp"
#include "voxnav/voxnav.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace voxnav;

namespace {

// A player: 1.8 high, one voxel wide, jumps 1.25, steps 0.6, opens wooden doors.
AgentProfile player() { return parse_agent_profile(R"({"height": 1.8, "jump_height": 1.25, "opens": ["hand"]})"); }

// A lane along x at z = 1, x = 0..8: stone floor at y = 0, walls at z = 0
// and z = 2 five high, so a body has one way along it. Blocks are set by
// their Minecraft names and states through the shipped table.
struct Lane {
    World world;
    BlockMapper mapper{world, MinecraftBlockTable::builtin()};
    Lane() {
        const BlockId stone = *world.blocks().find("stone");
        for (int x = -1; x <= 9; ++x)
            for (int z = 0; z <= 2; ++z) {
                world.set_block({x, 0, z}, stone);
                for (int y = 1; y <= 5 && z != 1; ++y) world.set_block({x, y, z}, stone);
            }
        for (int y = 1; y <= 5; ++y) world.set_block({-1, y, 1}, stone), world.set_block({9, y, 1}, stone);
    }
    void put(const Voxel& v, const std::string& name, const detail::StateProperties& props = {}) {
        world.set_block(v, mapper.map(name, props));
    }
    Route route(const AgentProfile& a, const Voxel& from = {0, 1, 1}, const Voxel& to = {8, 1, 1}) {
        Navigator nav(world, a);
        Route r = nav.find_route(from, to);
        INFO(to_json(r));
        return r;
    }
};

const Waypoint* at_x(const Route& r, int x) {
    for (const Waypoint& w : r.waypoints)
        if (w.position.x == x) return &w;
    return nullptr;
}

}  // namespace

TEST_CASE("block table: lines keyed by state win over the bare name, other states and versions take the bare line", "[minecraft][states]") {
    std::istringstream in("lantern solid top=9\nlantern[hanging=true] solid bottom=1 top=10\nrod solid\nrod[facing=north,x=1] solid bottom=6 top=10\n");
    const MinecraftBlockTable t = MinecraftBlockTable::parse(in, "t.txt");
    CHECK(t.classify("lantern")->shape.top == 9);
    CHECK(t.classify("lantern", {{"hanging", "false"}, {"waterlogged", "false"}})->shape.top == 9);
    const auto hanging = t.classify("minecraft:lantern", {{"hanging", "true"}, {"waterlogged", "true"}});
    CHECK((hanging->shape.bottom == 1 && hanging->shape.top == 10 && hanging->state == "hanging=true"));
    CHECK(t.classify("rod", {{"facing", "north"}})->shape.bottom == 0);  // all of a line's properties must match
    CHECK(t.classify("rod", {{"facing", "north"}, {"x", "1"}})->shape.bottom == 6);
    auto error_of = [](const std::string& text) {
        try {
            std::istringstream bad(text);
            (void)MinecraftBlockTable::parse(bad, "bad.txt");
        } catch (const LoadError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK_THAT(error_of("ok solid\n*_rod[facing=up] solid\n"), Catch::Contains("bad.txt") && Catch::Contains("pattern"));
    CHECK_THAT(error_of("rod[] solid\n"), Catch::Contains("state key"));
    CHECK_THAT(error_of("web air slow=2\n"), Catch::Contains("slow=2"));
    CHECK_THAT(error_of("sand solid floor_speed=0\n"), Catch::Contains("floor_speed=0"));
    CHECK_THAT(error_of("web solid slow=0.5\n"), Catch::Contains("passable"));

    // The shipped table: names of every version from 1.13 (renamed ones too).
    const MinecraftBlockTable& mc = MinecraftBlockTable::builtin();
    for (const char* name : {"short_grass", "grass", "dirt_path", "grass_path", "chain", "iron_chain", "sign", "oak_sign", "stonecutter",
                             "sculk_sensor", "amethyst_cluster", "decorated_pot", "pale_oak_log"}) {
        INFO(name);
        CHECK(mc.classify(name));
    }
    CHECK(mc.classify("grass")->kind == BlockKind::Air);
    CHECK(mc.classify("grass_path")->shape.top == 15);
}

TEST_CASE("Minecraft blocks: a hanging lantern at head height and a chain stop a body, lantern tops are stood on", "[minecraft][shapes]") {
    SECTION("open lane: walked") {
        Lane lane;
        CHECK(lane.route(player()).status == SearchStatus::Found);
    }
    SECTION("a hanging lantern where the head passes") {
        Lane lane;
        lane.put({4, 2, 1}, "lantern", {{"hanging", "true"}});
        CHECK(lane.world.block_type({4, 2, 1}).shape.bottom == 1);
        CHECK(lane.route(player()).status == SearchStatus::NoPath);
        AgentProfile small = player();  // a 1-high body passes under it
        small.height = 1.0;
        CHECK(lane.route(small).status == SearchStatus::Found);
    }
    for (const char* axis : {"x", "y"}) {
        DYNAMIC_SECTION("a chain along " << axis << " at head height") {
            Lane lane;
            lane.put({4, 2, 1}, "chain", {{"axis", axis}});
            CHECK(lane.route(player()).status == SearchStatus::NoPath);
        }
    }
    SECTION("a standing lantern is stepped onto: feet 9/16 up") {
        Lane lane;
        lane.put({4, 1, 1}, "lantern", {{"hanging", "false"}});
        const Route r = lane.route(player());
        REQUIRE(r.status == SearchStatus::Found);
        const Waypoint* on = at_x(r, 4);
        REQUIRE(on);
        CHECK(on->feet_y == Approx(1.0 + 9.0 / 16.0));
    }
}

TEST_CASE("Minecraft blocks: a flower pot and a stonecutter put the feet at their real height", "[minecraft][shapes]") {
    Lane lane;
    lane.put({3, 1, 1}, "flower_pot");
    lane.put({5, 1, 1}, "potted_cactus");
    lane.put({6, 1, 1}, "stonecutter", {{"facing", "north"}});
    const Route r = lane.route(player());
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(at_x(r, 3)->feet_y == Approx(1.0 + 6.0 / 16.0));
    CHECK(at_x(r, 5)->feet_y == Approx(1.0 + 6.0 / 16.0));
    CHECK(at_x(r, 6)->feet_y == Approx(1.0 + 9.0 / 16.0));  // stonecutter: 9/16 (a full cube before issue 36)
}

TEST_CASE("Minecraft blocks: a cobweb (measured x0.1135) prices the walks into and out of it, soul sand x0.5809", "[minecraft][slow]") {
    const AgentProfile a = player();
    Lane plain;
    const Route base = plain.route(a);
    REQUIRE(base.status == SearchStatus::Found);
    CHECK(base.cost == Approx(8.0 / a.walk_speed));
    // The table's measured cobweb (prismarine-physics): 0.1135 of the walking
    // speed; a move into or out of it spends 0.8 of its voxel inside.
    const double m = 1.0 / 0.1135, in_out = 1.0 + 0.8 * (m - 1.0);
    SECTION("a cobweb in the lane: the walks into and out of it each cost 1 + 0.8 (1 / 0.1135 - 1)") {
        Lane lane;
        lane.put({4, 2, 1}, "cobweb");  // at head height: the body is in it
        const Route r = lane.route(a);
        REQUIRE(r.status == SearchStatus::Found);
        CHECK(r.cost == Approx((6.0 + 2.0 * in_out) / a.walk_speed));
        CHECK(at_x(r, 4)->cost == Approx(in_out / a.walk_speed));
        CHECK(at_x(r, 5)->cost == Approx(in_out / a.walk_speed));
    }
    SECTION("two cobwebs: the same price (the dearest block in the body counts once)") {
        Lane lane;
        lane.put({4, 1, 1}, "cobweb");
        lane.put({4, 2, 1}, "cobweb");
        CHECK(lane.route(a).cost == Approx((6.0 + 2.0 * in_out) / a.walk_speed));
    }
    SECTION("soul sand: walks onto it cost 1 / 0.5809; sunk 2/16") {
        Lane lane;
        for (int x = 3; x <= 5; ++x) lane.put({x, 0, 1}, "soul_sand");
        const Route r = lane.route(a);
        REQUIRE(r.status == SearchStatus::Found);
        CHECK(r.cost == Approx(5.0 / a.walk_speed + 3.0 / 0.5809 / a.walk_speed));
        CHECK(at_x(r, 4)->feet_y == Approx(1.0 - 2.0 / 16.0));
    }
    SECTION("no fall ends in a cobweb, no jump leaves one") {
        // A pit at x = 4 one voxel deep: fall in, jump out; a cobweb in the pit holds the body.
        Lane lane;
        lane.put({4, 0, 1}, "air");
        lane.world.set_block({4, -1, 1}, *lane.world.blocks().find("stone"));
        const Route open = lane.route(a);
        REQUIRE(open.status == SearchStatus::Found);
        REQUIRE(at_x(open, 4));
        lane.put({4, 0, 1}, "cobweb");
        const Route held = lane.route(a);
        // It goes over the pit instead (a leap if the agent has one), or finds no way.
        for (const Waypoint& w : held.waypoints) CHECK_FALSE((w.position.x == 4 && w.position.y == 0));
    }
}

TEST_CASE("Minecraft blocks: a honey block lowers the jump (measured x0.2079: 1.25 -> 0.26): no one-voxel jump from it", "[minecraft][slow]") {
    for (const char* floor : {"stone", "honey_block"}) {
        DYNAMIC_SECTION("a one-voxel step from " << floor) {
            Lane lane;
            lane.put({3, 0, 1}, floor);
            for (int x = 4; x <= 8; ++x) lane.put({x, 1, 1}, "stone");
            const Route r = lane.route(player(), {3, 1, 1}, {6, 2, 1});
            if (std::string(floor) == "stone") {
                REQUIRE(r.status == SearchStatus::Found);
                CHECK(r.waypoints[1].action == Action::Jump);
            } else {
                CHECK(r.status == SearchStatus::NoPath);
            }
        }
    }
    SECTION("from honey (surface 15/16) neither a rise of 10/16 nor of 13/16 is jumped (4/16 at most); from stone both are") {
        for (const char* floor : {"stone", "honey_block"}) {
            INFO(floor);
            Lane lane;
            lane.put({3, 0, 1}, floor);
            lane.put({4, 1, 1}, "stonecutter");       // top 9/16
            lane.put({2, 1, 1}, "enchanting_table");  // top 12/16
            const bool honey = std::string(floor) == "honey_block";
            const Route low = lane.route(player(), {3, 1, 1}, {4, 2, 1});
            REQUIRE(low.status == (honey ? SearchStatus::NoPath : SearchStatus::Found));
            if (!honey) CHECK(low.waypoints[1].action == Action::Walk);  // from stone: a 9/16 step
            CHECK(lane.route(player(), {3, 1, 1}, {2, 2, 1}).status == (honey ? SearchStatus::NoPath : SearchStatus::Found));
        }
    }
}

TEST_CASE("Minecraft blocks: a route starting inside a closed door opens it first, one the agent cannot open is no start",
          "[minecraft][doors]") {
    Lane lane;
    lane.put({2, 1, 1}, "oak_door", {{"open", "false"}, {"half", "lower"}});
    lane.put({2, 2, 1}, "oak_door", {{"open", "false"}, {"half", "upper"}});
    const Route r = lane.route(player(), {2, 1, 1}, {6, 1, 1});
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.waypoints[0].opened == 2);  // both halves
    const Route::Voxels first = r.voxels(0, WorldAct::Open);
    REQUIRE(first.count == 2);
    CHECK(*first.begin() == Voxel(2, 1, 1));
    CHECK(r.cost == Approx(4.0 / player().walk_speed));
    const std::string json = to_json(r);
    CHECK_THAT(json, Catch::Contains("2, 1, 1") || Catch::Contains("[2,1,1]"));

    Lane iron;
    iron.put({2, 1, 1}, "iron_door", {{"open", "false"}});
    iron.put({2, 2, 1}, "iron_door", {{"open", "false"}});
    Navigator nav(iron.world, player());
    CHECK_FALSE(nav.is_waypoint({2, 1, 1}));
}
