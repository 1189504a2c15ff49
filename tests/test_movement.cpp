// SPDX-License-Identifier: MIT
// Every move rule of spec/movement-model.md on tiny hand-made worlds.
#include "reference_model.hpp"
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <cmath>

using namespace voxnav;
using testing::has_move_to;
using testing::move_cost;
using testing::world_from_text;

namespace {

// A 5x4x5 floor with nothing on it.
const char* kFlat = R"(voxnav-world 1
size 5 4 5
layer 0
#####
#####
#####
#####
#####
)";

AgentProfile humanoid() { return AgentProfile{}; }

}  // namespace

TEST_CASE("walk: axis and diagonal moves, their costs and the capability switches", "[movement][walk]") {
    World w = world_from_text(kFlat);
    AgentProfile a = humanoid();
    SECTION("axis and diagonal") {
        Navigator nav(w, a);
        CHECK(move_cost(nav, {2, 1, 2}, {3, 1, 2}, Action::Walk) == Approx(1 / 4.3));
        CHECK(move_cost(nav, {2, 1, 2}, {3, 1, 3}, Action::Walk) == Approx(std::sqrt(2.0) / 4.3));
        CHECK(testing::moves_from(nav, {2, 1, 2}).size() == 8);
    }
    SECTION("diagonal off") {
        a.diagonal = false;
        Navigator nav(w, a);
        CHECK(move_cost(nav, {2, 1, 2}, {3, 1, 3}, Action::Walk) < 0);
        CHECK(testing::moves_from(nav, {2, 1, 2}).size() == 4);
    }
    SECTION("walk off") {
        a.walk = false;
        Navigator nav(w, a);
        CHECK(testing::moves_from(nav, {2, 1, 2}).empty());
        CHECK(nav.find_route({0, 1, 0}, {4, 1, 4}).status == SearchStatus::NoPath);
    }
    SECTION("standing in the air or inside stone is not a waypoint") {
        Navigator nav(w, a);
        CHECK(nav.is_waypoint({2, 1, 2}));
        CHECK_FALSE(nav.is_waypoint({2, 2, 2}));
        CHECK_FALSE(nav.is_waypoint({2, 0, 2}));
    }
}

TEST_CASE("no corner cutting on diagonal moves", "[movement][walk]") {
    World w = world_from_text(R"(voxnav-world 1
size 3 3 3
layer 0
###
###
###
layer 1
...
.#.
...
)");
    Navigator nav(w, humanoid());
    // (0,1,0) -> (1,1,1) is into the pillar; (0,1,1) -> (1,1,2) cuts its corner.
    CHECK(move_cost(nav, {0, 1, 1}, {1, 1, 2}, Action::Walk) < 0);
    CHECK(move_cost(nav, {0, 1, 0}, {1, 1, 0}, Action::Walk) > 0);
    // A pillar one voxel higher than the feet also blocks the corner (body height 2).
    w.set_block({1, 1, 1}, BlockRegistry::air);
    w.set_block({1, 2, 1}, *w.blocks().find("stone"));
    nav.sync();
    CHECK(move_cost(nav, {0, 1, 1}, {1, 1, 2}, Action::Walk) < 0);
    AgentProfile small = humanoid();
    small.height = 1;
    Navigator critter(w, small);
    CHECK(move_cost(critter, {0, 1, 1}, {1, 1, 2}, Action::Walk) > 0);
}

TEST_CASE("jump up: height, headroom, capability and water", "[movement][jump]") {
    const char* steps = R"(voxnav-world 1
size 4 6 1
layer 0
####
layer 1
.###
layer 2
..##
layer 3
....
layer 4
....
layer 5
....
)";
    World w = world_from_text(steps);
    SECTION("one step") {
        Navigator nav(w, humanoid());
        CHECK(move_cost(nav, {0, 1, 0}, {1, 2, 0}, Action::Jump) == Approx(1 / 4.3 + std::sqrt(2.0 / 32.0)));
        CHECK(move_cost(nav, {1, 2, 0}, {2, 3, 0}, Action::Jump) > 0);
        CHECK_FALSE(has_move_to(nav, {0, 1, 0}, {2, 3, 0}));  // not axis-adjacent
    }
    SECTION("jump off") {
        AgentProfile a = humanoid();
        a.jump = false;
        Navigator nav(w, a);
        CHECK_FALSE(has_move_to(nav, {0, 1, 0}, {1, 2, 0}));
    }
    SECTION("jump_height 0 and 2") {
        AgentProfile a = humanoid();
        a.jump_height = 0;
        Navigator nav0(w, a);
        CHECK_FALSE(has_move_to(nav0, {0, 1, 0}, {1, 2, 0}));
        World cliff = world_from_text(R"(voxnav-world 1
size 2 6 1
layer 0
##
layer 1
.#
layer 2
.#
)");
        Navigator nav1(cliff, humanoid());
        CHECK_FALSE(has_move_to(nav1, {0, 1, 0}, {1, 3, 0}));
        a.jump_height = 2;
        Navigator nav2(cliff, a);
        CHECK(move_cost(nav2, {0, 1, 0}, {1, 3, 0}, Action::Jump) == Approx(1 / 4.3 + std::sqrt(4.0 / 32.0)));
    }
    SECTION("headroom: a block above the head forbids the jump") {
        w.set_block({0, 3, 0}, *w.blocks().find("stone"));
        Navigator nav(w, humanoid());
        CHECK_FALSE(has_move_to(nav, {0, 1, 0}, {1, 2, 0}));
        // Lava overhead is no better.
        w.set_block({0, 3, 0}, *w.blocks().find("lava"));
        nav.sync();
        CHECK_FALSE(has_move_to(nav, {0, 1, 0}, {1, 2, 0}));
        w.set_block({0, 3, 0}, BlockRegistry::air);
        nav.sync();
        CHECK(has_move_to(nav, {0, 1, 0}, {1, 2, 0}));
    }
}

TEST_CASE("fall: max_fall, landing in water, capability", "[movement][fall]") {
    const char* ledge = R"(voxnav-world 1
size 2 7 1
layer 0
##
layer 1
#.
layer 2
#.
layer 3
#.
layer 4
..
)";
    World w = world_from_text(ledge);
    SECTION("drop of 3 within max_fall") {
        Navigator nav(w, humanoid());
        CHECK(move_cost(nav, {0, 4, 0}, {1, 1, 0}, Action::Fall) == Approx(1 / 4.3 + std::sqrt(6.0 / 32.0)));
    }
    SECTION("max_fall 2 forbids it; fall off forbids it") {
        AgentProfile a = humanoid();
        a.max_fall = 2;
        Navigator nav(w, a);
        CHECK_FALSE(has_move_to(nav, {0, 4, 0}, {1, 1, 0}));
        a = humanoid();
        a.fall = false;
        Navigator nav2(w, a);
        CHECK_FALSE(has_move_to(nav2, {0, 4, 0}, {1, 1, 0}));
    }
    SECTION("any height onto water") {
        w.set_block({1, 1, 0}, *w.blocks().find("water"));
        AgentProfile a = humanoid();
        a.max_fall = 1;
        Navigator nav(w, a);
        CHECK(move_cost(nav, {0, 4, 0}, {1, 1, 0}, Action::Fall) == Approx(1 / 4.3 + std::sqrt(6.0 / 32.0)));
    }
    SECTION("nothing below within the bounds: no fall") {
        w.set_block({1, 0, 0}, BlockRegistry::air);
        Navigator nav(w, humanoid());
        CHECK(testing::moves_from(nav, {0, 4, 0}).empty());
    }
    SECTION("never from water") {
        w.set_block({0, 4, 0}, *w.blocks().find("water"));
        Navigator nav(w, humanoid());
        CHECK_FALSE(has_move_to(nav, {0, 4, 0}, {1, 1, 0}));
    }
}

TEST_CASE("leap over gaps", "[movement][leap]") {
    const char* gap = R"(voxnav-world 1
size 5 4 1
layer 0
#...#
layer 1
.....
)";
    World w = world_from_text(gap);
    AgentProfile a = humanoid();
    a.max_fall = 0;
    SECTION("gap of 3 needs jump_distance 3") {
        a.jump_distance = 2;
        Navigator short_legs(w, a);
        CHECK_FALSE(has_move_to(short_legs, {0, 1, 0}, {4, 1, 0}));
        a.jump_distance = 3;
        Navigator nav(w, a);
        CHECK(move_cost(nav, {0, 1, 0}, {4, 1, 0}, Action::Leap) == Approx(4 / 4.3 + 2 * std::sqrt(2.0 / 32.0)));
        CHECK(move_cost(nav, {0, 1, 0}, {4, 1, 0}, Action::Jump) < 0);  // a leap is not a jump
        const Route r = nav.find_route({0, 1, 0}, {4, 1, 0});
        REQUIRE(r.status == SearchStatus::Found);
        REQUIRE(r.waypoints.size() == 2);
        CHECK(r.waypoints[1].action == Action::Leap);
        CHECK(to_json(r).find(R"("action":"leap")") != std::string::npos);
        CHECK(route_from_json(to_json(r)).waypoints[1].action == Action::Leap);
    }
    SECTION("a low ceiling over the gap blocks the leap") {
        a.jump_distance = 3;
        w.set_block({2, 3, 0}, *w.blocks().find("stone"));  // c + up for height-2 body is y=2..3
        Navigator nav(w, a);
        CHECK_FALSE(has_move_to(nav, {0, 1, 0}, {4, 1, 0}));
    }
    SECTION("headroom above the take-off") {
        a.jump_distance = 3;
        w.set_block({0, 3, 0}, *w.blocks().find("stone"));
        Navigator nav(w, a);
        CHECK_FALSE(has_move_to(nav, {0, 1, 0}, {4, 1, 0}));
    }
    SECTION("no leap without jump") {
        a.jump_distance = 3;
        a.jump = false;
        Navigator nav(w, a);
        CHECK_FALSE(has_move_to(nav, {0, 1, 0}, {4, 1, 0}));
    }
}

TEST_CASE("water: entering, leaving, swimming up and down, capability", "[movement][swim]") {
    const char* pool = R"(voxnav-world 1
size 4 5 1
layer 0
####
layer 1
#~~#
layer 2
#~~.
layer 3
....
)";
    World w = world_from_text(pool);
    AgentProfile a = humanoid();
    a.height = 1;
    Navigator nav(w, a);
    CHECK(nav.is_waypoint({1, 1, 0}));  // in water: supported by it
    CHECK(move_cost(nav, {1, 1, 0}, {2, 1, 0}, Action::Swim) == Approx(1 / 2.0));
    CHECK(move_cost(nav, {1, 1, 0}, {1, 2, 0}, Action::Swim) == Approx(1 / 2.0));  // swim up
    CHECK(move_cost(nav, {1, 2, 0}, {1, 1, 0}, Action::Swim) == Approx(1 / 2.0));  // swim down
    CHECK(move_cost(nav, {2, 2, 0}, {3, 2, 0}, Action::Walk) == Approx(1 / 4.3));  // leave the water
    CHECK(move_cost(nav, {3, 2, 0}, {2, 2, 0}, Action::Swim) == Approx(1 / 2.0));  // enter it
    // From the surface, a jump of 1 onto the bank; never into water.
    CHECK(move_cost(nav, {1, 2, 0}, {0, 3, 0}, Action::Jump) > 0);
    SECTION("swim off") {
        a.swim = false;
        Navigator dry(w, a);
        CHECK_FALSE(has_move_to(dry, {3, 2, 0}, {2, 2, 0}));
        CHECK_FALSE(has_move_to(dry, {1, 1, 0}, {1, 2, 0}));
    }
}

TEST_CASE("lava is never inside the body", "[movement][hazard]") {
    World w = world_from_text(R"(voxnav-world 1
size 3 3 1
layer 0
###
layer 1
.!.
)");
    Navigator nav(w, humanoid());
    CHECK_FALSE(nav.is_waypoint({1, 1, 0}));
    CHECK(nav.find_route({0, 1, 0}, {2, 1, 0}).status == SearchStatus::NoPath);
    // Lava under a bridge is fine: it is below the feet, not in the body.
    w.set_block({1, 0, 0}, *w.blocks().find("lava"));
    w.set_block({1, 1, 0}, *w.blocks().find("stone"));
    nav.sync();
    CHECK(nav.is_waypoint({1, 2, 0}));
    CHECK_FALSE(nav.is_waypoint({1, 1, 0}));
}

TEST_CASE("floor cost multiplies walking onto mud", "[movement][cost]") {
    World w = world_from_text(R"(voxnav-world 1
size 3 3 1
layer 0
#:#
)");
    AgentProfile a = humanoid();
    a.floor_cost["mud"] = 3.0;
    Navigator nav(w, a);
    CHECK(move_cost(nav, {0, 1, 0}, {1, 1, 0}, Action::Walk) == Approx(3 / 4.3));
    CHECK(move_cost(nav, {1, 1, 0}, {2, 1, 0}, Action::Walk) == Approx(1 / 4.3));
    // Without the profile entry mud is ordinary floor.
    Navigator plain(w, humanoid());
    CHECK(move_cost(plain, {0, 1, 0}, {1, 1, 0}, Action::Walk) == Approx(1 / 4.3));
}

TEST_CASE("width 2 and height 3 bodies", "[movement][shape]") {
    World w = world_from_text(R"(voxnav-world 1
size 5 6 4
layer 0
#####
#####
#####
#####
layer 1
..#..
.....
..#..
..#..
layer 2
..#..
.....
..#..
..#..
layer 4
..#..
..#..
..#..
..#..
layer 3
.....
..#..
.....
.....
)");
    AgentProfile brute = humanoid();
    brute.width = 2;
    brute.height = 3;
    Navigator nav(w, brute);
    // A 2x2 footprint at (0,1,0) covers x 0..1, z 0..1.
    CHECK(nav.is_waypoint({0, 1, 0}));
    CHECK_FALSE(nav.is_waypoint({1, 1, 0}));  // footprint reaches the pillar at x=2
    CHECK(nav.is_waypoint({3, 1, 0}));
    // The only way past x=2 is the gap at z=1, one voxel wide.
    CHECK(nav.find_route({0, 1, 0}, {3, 1, 0}).status == SearchStatus::NoPath);
    brute.width = 1;
    Navigator tall(w, brute);
    // The overhang at (2,3,1) is inside a 3-high body standing in the gap.
    CHECK_FALSE(tall.is_waypoint({2, 1, 1}));
    CHECK(tall.find_route({0, 1, 0}, {4, 1, 0}).status == SearchStatus::NoPath);
    Navigator person(w, humanoid());
    CHECK(person.is_waypoint({2, 1, 1}));
    CHECK(person.find_route({0, 1, 0}, {4, 1, 0}).status == SearchStatus::Found);
}

TEST_CASE("fly: 26 neighbours, whole-box clearance, no support needed", "[movement][fly]") {
    World w = world_from_text(R"(voxnav-world 1
size 3 3 3
)");
    AgentProfile drone = humanoid();
    drone.walk = drone.jump = drone.fall = drone.swim = false;
    drone.fly = true;
    drone.height = 1;
    drone.fly_speed = 2.0;
    Navigator nav(w, drone);
    CHECK(nav.is_waypoint({1, 1, 1}));
    CHECK(testing::moves_from(nav, {1, 1, 1}).size() == 26);
    CHECK(move_cost(nav, {1, 1, 1}, {2, 2, 2}, Action::Fly) == Approx(std::sqrt(3.0) / 2));
    w.set_block({2, 1, 1}, *w.blocks().find("stone"));
    nav.sync();
    // Every move whose box holds (2,1,1) is gone: 9 minus the one into it... all with dx=+1 touching it.
    CHECK_FALSE(has_move_to(nav, {1, 1, 1}, {2, 2, 2}));
    CHECK_FALSE(has_move_to(nav, {1, 1, 1}, {2, 1, 2}));
    CHECK(has_move_to(nav, {1, 1, 1}, {1, 2, 2}));
    CHECK(testing::moves_from(nav, {1, 1, 1}).size() == 17);
    // Positions outside the bounds are never nodes.
    CHECK_FALSE(nav.is_waypoint({3, 1, 1}));
}

TEST_CASE("bounds: only positions inside are route nodes", "[movement][bounds]") {
    World w = world_from_text(kFlat);
    Navigator nav(w, humanoid());
    CHECK_FALSE(nav.is_waypoint({5, 1, 2}));
    Route r = nav.find_route({5, 1, 2}, {0, 1, 0});
    CHECK(r.status == SearchStatus::InvalidStart);
    CHECK(r.error.find("outside the world's bounds") != std::string::npos);
}

TEST_CASE("engine moves equal the reference model's on the demo world", "[movement][reference]") {
    World w = voxnav::load_world(VOXNAV_SOURCE_DIR "/worlds/demo.vxw");
    for (const char* agent : {"humanoid", "critter", "brute", "swimmer", "leaper", "drone"}) {
        const AgentProfile a = load_agent_profile(std::string(VOXNAV_SOURCE_DIR "/worlds/agents/") + agent + ".json");
        Navigator nav(w, a);
        ref::Model model(w, a);
        const VoxelBox b = *w.bounds();
        for (int y = b.lo.y; y < b.hi.y; ++y)
            for (int z = b.lo.z; z < b.hi.z; ++z)
                for (int x = b.lo.x; x < b.hi.x; ++x) {
                    const Voxel p{x, y, z};
                    INFO(agent << " at " << x << "," << y << "," << z);
                    REQUIRE(nav.is_waypoint(p) == model.waypoint(p));
                    if (!model.waypoint(p)) continue;
                    auto mine = testing::moves_from(nav, p);
                    auto theirs = model.moves(p);
                    REQUIRE(mine.size() == theirs.size());
                    for (const auto& m : theirs) CHECK(move_cost(nav, p, m.to, m.action) == Approx(m.cost));
                }
    }
}

// Regression: walk_step() read `(diagonal ? walk_diag_ : walk_axis_)[i]`,
// which GCC 12 with -fsanitize=undefined compiled to index 0 (the step
// without the floor multiplier), so jump points priced runs over mud as
// plain floor in sanitizer builds.
TEST_CASE("walk_step prices a step by its floor, as walk moves do", "[movement]") {
    World w;
    const BlockId stone = *w.blocks().find("stone"), mud = *w.blocks().find("mud");
    for (int x = 0; x < 8; ++x)
        for (int z = 0; z < 8; ++z) w.set_block({x, 0, z}, x < 4 ? mud : stone);
    w.set_bounds(VoxelBox{{0, 0, 0}, {8, 4, 8}});
    AgentProfile a;
    a.walk_speed = 4.0;
    a.floor_cost["mud"] = 4.0;
    Navigator nav(w, a);
    const NavSnapshot& f = nav.field();
    const auto on_mud = f.index_of({1, 1, 1}), on_stone = f.index_of({6, 1, 6});
    CHECK(nav.moves().walk_step(f[on_mud], false) == Approx(1.0));
    CHECK(nav.moves().walk_step(f[on_mud], true) == Approx(std::sqrt(2.0)));
    CHECK(nav.moves().walk_step(f[on_stone], false) == Approx(0.25));
    CHECK(testing::move_cost(nav, {1, 1, 1}, {2, 1, 1}, Action::Walk) == Approx(nav.moves().walk_step(f[on_mud], false)));
}
