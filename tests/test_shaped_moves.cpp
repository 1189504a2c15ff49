// SPDX-License-Identifier: MIT
// The real-block rules (agent/moves/shaped.hpp), one tiny hand-made world
// each: stairs, slabs, fences, ceilings, snow, carpets, ladders, doors,
// hazards and drops into water.
#include <catch2/catch.hpp>

#include "test_helpers.hpp"
#include "voxnav/voxnav.hpp"

#include <string>
#include <vector>

using namespace voxnav;
using testing::world_from_text;

namespace {

Route route_in(const std::string& text, AgentProfile a, const char* from = "S", const char* to = "G") {
    const World w = world_from_text(text);
    Navigator nav(w, a);
    return nav.find_route(*w.point(from), *w.point(to));
}

std::vector<Action> actions(const Route& r) {
    std::vector<Action> out;
    for (std::size_t i = 1; i < r.waypoints.size(); ++i) out.push_back(r.waypoints[i].action);
    return out;
}

bool has(const Route& r, Action a) {
    for (const Waypoint& w : r.waypoints)
        if (w.action == a) return true;
    return false;
}

}  // namespace

TEST_CASE("stairs are walked up from the low face and jumped from the back", "[shapes]") {
    const AgentProfile a;
    const Route front = route_in("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS>#\nlayer 2\n..G\n", a);
    REQUIRE(front.status == SearchStatus::Found);
    CHECK(actions(front) == std::vector<Action>{Action::Walk, Action::Walk});
    CHECK(front.waypoints[1].feet_y == 2.0);
    const Route back = route_in("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS<#\nlayer 2\n..G\n", a);
    REQUIRE(back.status == SearchStatus::Found);
    CHECK(has(back, Action::Jump));
    CHECK(back.cost > front.cost);
}

TEST_CASE("a bottom slab is stepped onto, a top slab is jumped onto", "[shapes]") {
    const AgentProfile a;
    const Route bottom = route_in("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS_#\nlayer 2\n..G\n", a);
    REQUIRE(bottom.status == SearchStatus::Found);
    CHECK(actions(bottom) == std::vector<Action>{Action::Walk, Action::Walk});
    CHECK(bottom.waypoints[1].position.y == 2);
    CHECK(bottom.waypoints[1].feet_y == 1.5);
    const Route top = route_in("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS=#\nlayer 2\n..G\n", a);
    REQUIRE(top.status == SearchStatus::Found);
    CHECK(has(top, Action::Jump));
}

TEST_CASE("a 1.25 jumper is stopped by a fence, a 1.5 jumper stands on it", "[shapes]") {
    const std::string world = "voxnav-world 1\nsize 5 4 1\nlayer 0\n#####\nlayer 1\nS.|.G\n";
    AgentProfile a;
    a.height = 1.8;
    a.jump_height = 1.25;
    CHECK(route_in(world, a).status == SearchStatus::NoPath);
    a.jump_height = 1.5;
    const Route r = route_in(world, a);
    REQUIRE(r.status == SearchStatus::Found);
    bool on_fence = false;
    for (const Waypoint& w : r.waypoints) on_fence |= w.position.x == 2 && w.feet_y == 2.5;
    CHECK(on_fence);
}

TEST_CASE("a 1.8 body is stopped by a top slab's underside 1.5 above the floor, a 0.9 body passes", "[shapes]") {
    const std::string world = "voxnav-world 1\nsize 5 4 1\nlayer 0\n#####\nlayer 1\nS...G\nlayer 2\n.===.\n";
    AgentProfile a;
    a.height = 1.8;
    CHECK(route_in(world, a).status == SearchStatus::NoPath);
    a.height = 0.9;
    CHECK(route_in(world, a).status == SearchStatus::Found);
}

TEST_CASE("snow layers: 2 layers are walked over, 8 are jumped onto, a carpet is walked on", "[shapes]") {
    const AgentProfile a;
    const Route two = route_in("voxnav-world 1\nsize 3 2 1\nlayer 0\n###\nlayer 1\nS2G\n", a);
    REQUIRE(two.status == SearchStatus::Found);
    CHECK(actions(two) == std::vector<Action>{Action::Walk, Action::Walk});
    CHECK(two.waypoints[1].feet_y == 1.125);
    const Route eight = route_in("voxnav-world 1\nsize 3 3 1\nlayer 0\n###\nlayer 1\nS8G\n", a);
    REQUIRE(eight.status == SearchStatus::Found);
    CHECK(actions(eight) == std::vector<Action>{Action::Jump, Action::Fall});
    const Route carpet = route_in("voxnav-world 1\nsize 3 2 1\nlayer 0\n###\nlayer 1\nScG\n", a);
    REQUIRE(carpet.status == SearchStatus::Found);
    CHECK(actions(carpet) == std::vector<Action>{Action::Walk, Action::Walk});
    CHECK(carpet.waypoints[1].feet_y == 1.0625);
}

TEST_CASE("a ladder shaft is climbed up and down and left at a middle rung", "[shapes]") {
    const std::string world =
        "voxnav-world 1\nsize 2 7 1\npoint S 0 1 0\nlayer 0\n##\nlayer 1\nh#\nlayer 2\nh#\nlayer 3\nhG\nlayer 4\nh.\nlayer 5\nh.\n";
    AgentProfile a;
    // A jumper leaves at the lower rung (a jump beats a climb and a walk).
    const Route jumper = route_in(world, a);
    REQUIRE(jumper.status == SearchStatus::Found);
    CHECK(actions(jumper) == std::vector<Action>{Action::Climb, Action::Jump});
    a.jump = false;
    const Route up = route_in(world, a);
    REQUIRE(up.status == SearchStatus::Found);
    CHECK(actions(up) == std::vector<Action>{Action::Climb, Action::Climb, Action::Walk});
    const Route down = route_in(world, a, "G", "S");
    REQUIRE(down.status == SearchStatus::Found);
    CHECK(actions(down) == std::vector<Action>{Action::Walk, Action::Climb, Action::Climb});
    a.climb = false;
    CHECK(route_in(world, a).status == SearchStatus::NoPath);
}

TEST_CASE("doors: a wooden one is opened by a hand opener only, an iron one by nobody, an open one by everyone", "[shapes]") {
    const std::string wooden = "voxnav-world 1\nsize 5 3 1\nlayer 0\n#####\nlayer 1\nS.d.G\nlayer 2\n..d..\n";
    AgentProfile opener;
    opener.opens = {"hand"};
    const AgentProfile plain;
    const Route r = route_in(wooden, opener);
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(actions(r) == std::vector<Action>{Action::Walk, Action::Walk, Action::Walk, Action::Walk});
    // The walk into the door opens it first: both of its voxels.
    CHECK(r.waypoints[2].opened == 2);
    CHECK(r.open == std::vector<Voxel>{{2, 1, 0}, {2, 2, 0}});
    // Route JSON: the motion, and the voxels opened on the waypoint and the route.
    const std::string json = to_json(r);
    CHECK(json.find(R"("open":[[2,1,0],[2,2,0]])") != std::string::npos);
    CHECK(json.find(R"("action":"open")") == std::string::npos);
    const Route back = route_from_json(json);
    CHECK(back.open == r.open);
    CHECK(back.waypoints[2].opened == 2);
    CHECK(back.waypoints[2].action == Action::Walk);
    CHECK(back.voxels(2, WorldAct::Open).count == 2);
    CHECK(back.voxels(1, WorldAct::Open).empty());
    CHECK_THROWS_WITH(route_from_json(R"({"status":"found","cost":1,"waypoints":[{"x":0,"y":0,"z":0,"action":"open"}]})"),
                      Catch::Contains("motion"));
    // Regression: a Route filled again (its storage reused) kept the doors of
    // the query before, so waypoint shares pointed at them.
    {
        const World w = world_from_text(wooden);
        Navigator nav(w, opener);
        Route out;
        for (int round = 0; round < 3; ++round) {
            nav.find_route(*w.point("S"), Goal::at(*w.point("G")), QueryOptions{}, out);
            REQUIRE(out.status == SearchStatus::Found);
            CHECK(out.open == std::vector<Voxel>{{2, 1, 0}, {2, 2, 0}});
            nav.find_route(*w.point("G"), Goal::at(*w.point("S")), QueryOptions{}, out);
            REQUIRE(out.status == SearchStatus::Found);
            CHECK(out.open == std::vector<Voxel>{{2, 1, 0}, {2, 2, 0}});
        }
    }
    CHECK(r.cost == Approx(4 / opener.walk_speed + opener.open_time));
    CHECK(route_in(wooden, plain).status == SearchStatus::NoPath);
    const std::string iron = "voxnav-world 1\nsize 5 3 1\nlayer 0\n#####\nlayer 1\nS.i.G\nlayer 2\n..i..\n";
    CHECK(route_in(iron, opener).status == SearchStatus::NoPath);
    CHECK(route_in(iron, plain).status == SearchStatus::NoPath);
    const std::string open = "voxnav-world 1\nsize 5 3 1\nlayer 0\n#####\nlayer 1\nS.o.G\nlayer 2\n..o..\n";
    const Route o = route_in(open, plain);
    REQUIRE(o.status == SearchStatus::Found);
    CHECK(o.open.empty());
}

TEST_CASE("a wide body beside a closed gate a level down opens it on the step that needs it", "[shapes]") {
    // Regression: a closed fence gate's collision rises half a voxel above
    // its own voxel, into the body of a 2-wide agent standing on the stone
    // beside it; the walk there was tagged walk+open, but the waypoint
    // listed no door (doors_to_open skipped voxels below the feet's), so
    // the route opened the gate nowhere and step_costs could not price it.
    const std::string world = "voxnav-world 1\nsize 4 4 2\nlayer 0\n####\n####\nlayer 1\n##g#\n####\n"
                              "layer 2\nSG..\n....\nlayer 3\n....\n....\n";
    AgentProfile wide;
    wide.width = 2;
    wide.opens = {"hand"};
    const World w = world_from_text(world);
    Navigator nav(w, wide);
    const Route r = nav.find_route(*w.point("S"), Goal::at(*w.point("G")));
    REQUIRE(r.status == SearchStatus::Found);
    REQUIRE(r.waypoints.size() == 2);
    CHECK(r.waypoints[1].action == Action::Walk);
    CHECK(r.waypoints[1].opened == 1);
    CHECK(r.open == std::vector<Voxel>{{2, 1, 0}});
    CHECK(r.cost == Approx(1 / wide.walk_speed + wide.open_time));
    CHECK(nav.step_costs(r)[1] == r.waypoints[1].cost);
}

namespace {

// A world with a closed trapdoor (collision [bottom, top) sixteenths of its
// voxel, opened by hand) set at `at`; the one step from S to `to`, which
// must open exactly `opened` and cost what the rules price it at.
void one_step_opens(const std::string& text, const Voxel& at, std::uint8_t bottom, std::uint8_t top, const AgentProfile& a,
                    const Voxel& to, const std::vector<Voxel>& opened) {
    World w = world_from_text(text);
    BlockShape trapdoor;
    trapdoor.bottom = bottom;
    trapdoor.top = top;
    trapdoor.open_class = OpenClass::Hand;
    w.set_block(at, w.blocks().add("trapdoor_closed", BlockKind::Solid, false, trapdoor));
    Navigator nav(w, a);
    const Route r = nav.find_route(*w.point("S"), Goal::at(to));
    REQUIRE(r.status == SearchStatus::Found);
    REQUIRE(r.waypoints.size() == 2);
    CHECK(r.waypoints[1].opened == opened.size());
    CHECK(r.open == opened);
    CHECK(nav.step_costs(r)[1] == r.waypoints[1].cost);
}

}  // namespace

TEST_CASE("a step that opens a gate lists only the doors whose collision meets the body", "[shapes]") {
    // Regression: doors_to_open tested a closed door's voxel against the
    // body, the derivation (needs_open) its collision. A closed trapdoor in
    // the top of the voxel above a gate (collision 13/16..1 of it) starts
    // above a 1.8-voxel body's head there: the step through the gate opens
    // the gate only. A body of 1.9 reaches into it (1 + 1.9 > 2 + 13/16):
    // both are opened.
    const std::string world = "voxnav-world 1\nsize 3 4 1\nlayer 0\n###\nlayer 1\nSgG\nlayer 2\n...\nlayer 3\n...\n";
    AgentProfile a;
    a.opens = {"hand"};
    a.height = 1.8;
    one_step_opens(world, {1, 2, 0}, 13, 16, a, {1, 1, 0}, {{1, 1, 0}});
    a.height = 1.9;
    one_step_opens(world, {1, 2, 0}, 13, 16, a, {1, 1, 0}, {{1, 1, 0}, {1, 2, 0}});
}

TEST_CASE("a wide body on a slab beside a closed bottom trapdoor does not list it with the gate it opens", "[shapes]") {
    // The trapdoor (collision 0..3/16 of its voxel) lies under the surface
    // of a 2-wide body standing on the slab beside it (8/16): not in the
    // way, though its voxel meets the body's range. The goal's footprint
    // (x 1..2, z 0..1): slabs, the gate at (2, 2, 0) over a slab, the
    // trapdoor at (2, 1, 1).
    AgentProfile wide;
    wide.width = 2;
    wide.opens = {"hand"};
    one_step_opens("voxnav-world 1\nsize 4 4 2\nlayer 0\n####\n####\nlayer 1\n___.\n__..\nlayer 2\nS.g.\n....\nlayer 3\n....\n....\n",
                   {2, 1, 1}, 0, 3, wide, {1, 2, 0}, {{2, 2, 0}});
}

TEST_CASE("no diagonal passes a door at its corner, closed or open, whoever opens it", "[shapes]") {
    // Regression: a closed door the agent opens is no obstacle where a body
    // enters it (it is opened there), so the corner test let a diagonal walk
    // clip past one unopened; an agent that could not open it went round.
    for (const char door : {'d', 'o'}) {
        const std::string world = std::string("voxnav-world 1\nsize 2 3 2\nlayer 0\n##\n##\nlayer 1\nS") + door + "\n.G\nlayer 2\n." + door +
                                  "\n..\n";
        for (const bool opens : {true, false}) {
            AgentProfile a;
            if (opens) a.opens = {"hand"};
            INFO("door " << door << (opens ? ", opened by hand" : ", not opened"));
            const Route r = route_in(world, a);
            REQUIRE(r.status == SearchStatus::Found);
            CHECK(r.waypoints.size() == 3);
            CHECK(r.cost == Approx(2 / a.walk_speed));
        }
    }
}

TEST_CASE("a cactus beside the only corridor is passed, one in it is not", "[shapes]") {
    const AgentProfile a;
    const Route beside = route_in("voxnav-world 1\nsize 5 2 3\nlayer 0\n#####\n#####\n#####\nlayer 1\n#####\nS...G\n##*##\n", a);
    REQUIRE(beside.status == SearchStatus::Found);
    CHECK(beside.cost == Approx(4 / a.walk_speed));
    CHECK(route_in("voxnav-world 1\nsize 5 2 3\nlayer 0\n#####\n#####\n#####\nlayer 1\n#####\nS.*.G\n#####\n", a).status ==
          SearchStatus::NoPath);
}

TEST_CASE("a 20-voxel drop into water is taken by default and refused with max_fall_into_water 10", "[shapes]") {
    World w;
    const BlockId stone = *w.blocks().find("stone"), water = *w.blocks().find("water");
    for (int y = 0; y <= 20; ++y) w.set_block({0, y, 0}, stone);
    w.set_block({1, 0, 0}, stone);
    w.set_block({1, 1, 0}, water);
    AgentProfile a;
    {
        Navigator nav(w, a);
        const Route r = nav.find_route({0, 21, 0}, {1, 1, 0});
        REQUIRE(r.status == SearchStatus::Found);
        CHECK(actions(r) == std::vector<Action>{Action::Fall});
    }
    a.max_fall_into_water = 10;
    Navigator nav(w, a);
    CHECK(nav.find_route({0, 21, 0}, {1, 1, 0}).status == SearchStatus::NoPath);
}

TEST_CASE("leaps near shaped blocks: from a slab across a gap onto stone, never onto a door", "[shapes][leap]") {
    // A bottom slab at x 2 (feet 0.5) beside a two-voxel gap without bottom,
    // stone beyond (feet 1): a half-voxel rise, within step_height.
    const std::string gap = "voxnav-world 1\nsize 7 3 1\nlayer 0\n##_..##\nlayer 1\nS.....G\nlayer 2\n.......\n";
    AgentProfile leaper;
    leaper.jump_distance = 2;
    const Route r = route_in(gap, leaper);
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(actions(r) == std::vector<Action>{Action::Walk, Action::Walk, Action::Leap, Action::Walk});
    CHECK(r.waypoints[2].feet_y == 0.5);
    CHECK(r.waypoints[3].position == Voxel(5, 1, 0));
    CHECK(r.waypoints[3].cost == Approx(3 / leaper.walk_speed + 2 * std::sqrt(2 / leaper.gravity)));
    // One voxel of gap too many, no step up the half voxel, or an open door
    // on the landing: no leap, and no other way.
    AgentProfile short_leaper = leaper;
    short_leaper.jump_distance = 1;
    CHECK(route_in(gap, short_leaper).status == SearchStatus::NoPath);
    AgentProfile no_step = leaper;
    no_step.step_height = 0.4;
    CHECK(route_in(gap, no_step).status == SearchStatus::NoPath);
    const std::string door = "voxnav-world 1\nsize 7 3 1\nlayer 0\n##_..##\nlayer 1\nS....oG\nlayer 2\n.....o.\n";
    CHECK(route_in(door, leaper).status == SearchStatus::NoPath);
}
