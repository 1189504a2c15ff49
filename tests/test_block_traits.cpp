// SPDX-License-Identifier: MIT
// The block traits table (facts/block_traits.hpp): one table per registry
// version and agent shape, which the facts and the dig and place rules both
// read. Floor classes by name; a fence top; a query's floor-cost override
// pricing a digger's walks.
#include <catch2/catch.hpp>

#include "agent/moves/block_look.hpp"
#include "facts/block_traits.hpp"
#include "test_helpers.hpp"
#include "voxnav/voxnav.hpp"

#include <limits>
#include <string>
#include <vector>

using namespace voxnav;
using testing::world_from_text;

namespace {

AgentProfile digger() {
    AgentProfile a;
    a.dig = true;
    return a;
}

}  // namespace

TEST_CASE("floor classes come from block names: two names with one multiplier share a class", "[traits]") {
    const FloorClasses none;
    CHECK(none.of("mud") == 0);
    CHECK(none.multipliers()[0] == 1.0);

    // 0.1 + 0.2 is no exact decimal: classes never depend on comparing it.
    const FloorClasses f({{"ice", 0.1 + 0.2 + 2.7}, {"mud", 2.0}, {"soul_sand", 2.0}});
    CHECK(f.of("mud") == 1);
    CHECK(f.of("soul_sand") == 1);
    CHECK(f.of("ice") == 2);
    CHECK(f.of("stone") == 0);
    CHECK(f.multipliers()[1] == 2.0);
    CHECK(f.multipliers()[2] == 0.1 + 0.2 + 2.7);
    CHECK(f.multipliers()[3] == 1.0);

    // Through a navigator: the snapshot's table, the facts and the override.
    const World w = world_from_text(
        "voxnav-world 1\nsize 4 3 1\nlegend s soul_sand solid\nlegend i ice solid\nlayer 0\n:si#\nlayer 1\n....\n");
    AgentProfile a;
    a.floor_cost = {{"mud", 2.0}, {"soul_sand", 2.0}, {"ice", 3.0}, {"stone", 1.0}};
    Navigator nav(w, a);
    const NavSnapshot& s = nav.field();
    REQUIRE(s.block_traits());
    const BlockTraitsTable& t = *s.block_traits();
    const BlockRegistry& reg = w.blocks();
    const BlockId mud = *reg.find("mud"), soul = *reg.find("soul_sand"), ice = *reg.find("ice"), stone = *reg.find("stone");
    CHECK(t[mud].floor_class == 1);
    CHECK(t[soul].floor_class == 1);
    CHECK(t[ice].floor_class == 2);
    CHECK(t[stone].floor_class == 0);  // a multiplier of 1 is no class of its own
    CHECK(s.floor_class_of("soul_sand") == 1);
    // The facts of the positions on each floor carry the table's class.
    for (int x = 0; x < 4; ++x) {
        const BlockId under = w.block({x, 0, 0});
        CHECK(s[s.index_of({x, 1, 0})].floor_class() == t[under].floor_class);
    }
    // An override goes to the class of its name: names of one class move
    // together, and cannot be given two multipliers.
    QueryOptions o;
    o.floor_cost = {{"mud", 4.0}, {"soul_sand", 5.0}};
    CHECK_THROWS_AS(nav.find_route({0, 1, 0}, Goal::at({3, 1, 0}), o), std::invalid_argument);
    o.floor_cost = {{"soul_sand", 4.0}};
    const Route there = nav.find_route({0, 1, 0}, Goal::at({3, 1, 0}), o);
    REQUIRE(there.status == SearchStatus::Found);
    CHECK(there.cost == Approx((4.0 + 3.0 + 1.0) / a.walk_speed).epsilon(1e-12));  // onto soul sand, ice, stone
    const Route back = nav.find_route({3, 1, 0}, Goal::at({0, 1, 0}), o);
    REQUIRE(back.status == SearchStatus::Found);
    CHECK(back.cost == Approx((3.0 + 4.0 + 4.0) / a.walk_speed).epsilon(1e-12));  // onto ice, soul sand, mud
}

TEST_CASE("a slow block's own factor is a class of its own and multiplies the profile's, a query override keeps it", "[traits][slow]") {
    // Soul sand (0.4) listed by the profile at 2: class 2 x 2.5 = 5; honey
    // (0.4) unlisted: 2.5; a cobweb (0.25): 4; tall grass (passable, listed)
    // prices no walk through it.
    const World w = world_from_text(
        "voxnav-world 1\nsize 5 3 1\nlegend s soul_sand solid floor_speed=0.4\nlegend y honey solid floor_speed=0.4 jump=0.5\n"
        "legend w web air slow=0.25,0.05\nlegend t tall_grass air\nlayer 0\nsy###\nlayer 1\n..wt.\n");
    AgentProfile a;
    a.floor_cost = {{"soul_sand", 2.0}, {"tall_grass", 3.0}};
    Navigator nav(w, a);
    const NavSnapshot& s = nav.field();
    const BlockTraitsTable& t = *s.block_traits();
    const BlockRegistry& reg = w.blocks();
    auto mult = [&](const char* name, bool floor) {
        const BlockTraits& b = t[*reg.find(name)];
        return s.multipliers()[floor ? b.floor_class : b.inside_class];
    };
    CHECK(mult("soul_sand", true) == Approx(5.0));
    CHECK(mult("honey", true) == Approx(2.5));
    CHECK(mult("web", false) == Approx(4.0));
    CHECK(t[*reg.find("tall_grass")].inside_class == 0);
    CHECK(t[*reg.find("honey")].low_jump);
    CHECK(t[*reg.find("web")].stuck);
    // Walks onto honey, into the cobweb, out of it onto tall grass, onto
    // stone: 2.5 + (1 + 0.8 x 3) twice (0.8 of each voxel inside) + 1.
    const Route r = nav.find_route({0, 1, 0}, Goal::at({4, 1, 0}));
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.cost == Approx((2.5 + 3.4 + 3.4 + 1.0) / a.walk_speed).epsilon(1e-12));
    // A query's soul sand at 4 keeps the block's own 2.5: 10.
    QueryOptions o;
    o.floor_cost = {{"soul_sand", 4.0}};
    const Route back = nav.find_route({1, 1, 0}, Goal::at({0, 1, 0}), o);
    REQUIRE(back.status == SearchStatus::Found);
    CHECK(back.cost == Approx(10.0 / a.walk_speed).epsilon(1e-12));
}

TEST_CASE("the facts and the dig rules read one traits table", "[traits][dig]") {
    const World w = world_from_text("voxnav-world 1\nsize 5 3 1\nlegend x custom solid hardness=7.5 falls\nlayer 0\n##|x:\nlayer 1\n.....\n");
    AgentProfile a = digger();
    a.dig_speed = 2.5;
    a.dig_penalty = 0.25;
    a.never_dig = {"mu*"};
    a.floor_cost["mud"] = 2.0;
    Navigator nav(w, a);
    const NavSnapshot& s = nav.field();
    REQUIRE(s.block_traits());
    REQUIRE(s.has_blocks());
    const BlockTraitsTable& t = *s.block_traits();
    const BlockRegistry& reg = w.blocks();
    CHECK(t.size() == reg.size());
    CHECK(t.registry_version() == reg.version());
    const BlockId fence = w.block({2, 0, 0}), custom = *reg.find("custom"), mud = *reg.find("mud"), stone = *reg.find("stone");

    // One rule of support: a fence's top (24/16) supports, whoever reads it.
    CHECK(t[fence].supports);
    CHECK(t[fence].hi == 24);
    CHECK(t[custom].falls);
    CHECK(t[custom].hardness == 7.5);

    // The block forms' break times are the table's hardness with this
    // agent's speed and penalty, and never_dig matched once.
    const moves::BlockLook dig(s, a);
    CHECK(dig.break_time(custom) == Approx(7.5 / 2.5 + 0.25).epsilon(1e-12));
    CHECK(dig.break_time(stone) == Approx(t[stone].hardness / 2.5 + 0.25).epsilon(1e-12));
    CHECK(dig.break_time(mud) == std::numeric_limits<double>::infinity());  // never_dig "mu*"
    CHECK(dig.break_time(BlockRegistry::air) == std::numeric_limits<double>::infinity());

    // Navigators of the same shape read the same table (one per field and
    // registry version), whatever their digging.
    AgentProfile walker = a;
    walker.dig = false;
    Navigator other(w, walker);
    CHECK(other.field().block_traits() == s.block_traits());
}

TEST_CASE("a fence top is walked on alike by a digger's route and an ordinary one", "[traits][dig]") {
    // Fences at y 0 between stone: their tops (feet 1.5) are a half step up
    // from the stone (feet 1). Digging the fences gains nothing here.
    const World w = world_from_text("voxnav-world 1\nsize 7 3 1\nlayer 0\n##|||##\nlayer 1\nS.....G\n");
    AgentProfile walker;
    walker.height = 1.8;
    AgentProfile dig = walker;
    dig.dig = true;
    Navigator nw(w, walker), nd(w, dig);
    const Route rw = nw.find_route(*w.point("S"), *w.point("G"));
    const Route rd = nd.find_route(*w.point("S"), *w.point("G"));
    REQUIRE(rw.status == SearchStatus::Found);
    REQUIRE(rd.status == SearchStatus::Found);
    CHECK(rd.dig.empty());
    CHECK(rd.cost == Approx(rw.cost).epsilon(1e-12));
    REQUIRE(rd.waypoints.size() == rw.waypoints.size());
    int on_fence = 0;
    for (std::size_t k = 0; k < rw.waypoints.size(); ++k) {
        CHECK(rd.waypoints[k].position == rw.waypoints[k].position);
        CHECK(rd.waypoints[k].feet_y == rw.waypoints[k].feet_y);
        CHECK(rd.waypoints[k].action == rw.waypoints[k].action);
        on_fence += rw.waypoints[k].feet_y == 1.5;
    }
    CHECK(on_fence == 3);
    // Both check the route alike, and price its steps alike.
    CHECK(nd.check_route(rd).valid);
    const std::vector<double> cw = nw.step_costs(rw), cd = nd.step_costs(rd);
    REQUIRE(cw.size() == cd.size());
    for (std::size_t k = 0; k < cw.size(); ++k) CHECK(cd[k] == Approx(cw[k]).epsilon(1e-12));
}

TEST_CASE("a query's floor-cost override prices a digger's walks as a profile with that cost", "[traits][dig]") {
    // A mud floor under a stone wall 3 long that fills the world's height
    // for a body 1 voxel tall: the digger digs through, walking on mud at
    // positions that are no ordinary waypoint (the dig rules' walks).
    const World w = world_from_text("voxnav-world 1\nsize 9 2 1\nlayer 0\n:::::::::\nlayer 1\nS..###..G\n");
    AgentProfile a = digger();
    a.height = 1.0;
    a.floor_cost["mud"] = 3.0;
    AgentProfile five = a;
    five.floor_cost["mud"] = 5.0;
    Navigator nav(w, a), nav5(w, five);
    const Voxel from = *w.point("S"), to = *w.point("G");
    const Route plain = nav.find_route(from, Goal::at(to));
    QueryOptions o;
    o.floor_cost["mud"] = 5.0;
    const Route over = nav.find_route(from, Goal::at(to), o);
    const Route expect = nav5.find_route(from, Goal::at(to));
    REQUIRE(plain.status == SearchStatus::Found);
    REQUIRE(over.status == SearchStatus::Found);
    REQUIRE(expect.status == SearchStatus::Found);
    REQUIRE(!expect.dig.empty());
    CHECK(over.cost == Approx(expect.cost).epsilon(1e-12));
    REQUIRE(over.waypoints.size() == expect.waypoints.size());
    for (std::size_t k = 0; k < over.waypoints.size(); ++k) CHECK(over.waypoints[k].cost == Approx(expect.waypoints[k].cost).epsilon(1e-12));
    // 8 walks onto mud, each 2 dearer than at the profile's 3; digging costs the same.
    CHECK(over.cost - plain.cost == Approx(8 * 2.0 / a.walk_speed).epsilon(1e-9));
}
