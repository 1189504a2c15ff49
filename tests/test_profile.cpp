// SPDX-License-Identifier: MIT
// Agent profiles from JSON: defaults, examples, and errors naming the key.
#include <cmath>
#include <catch2/catch.hpp>

#include "voxnav/agent/profile.hpp"
#include "test_helpers.hpp"

using namespace voxnav;

TEST_CASE("defaults follow the movement model", "[profile]") {
    const AgentProfile a = parse_agent_profile("{}");
    CHECK(a.height == 2);
    CHECK(a.width == 1);
    CHECK(a.walk);
    CHECK(a.jump);
    CHECK(a.fall);
    CHECK(a.swim);
    CHECK_FALSE(a.fly);
    CHECK(a.diagonal);
    CHECK(a.jump_height == 1);
    CHECK(a.jump_distance == 0);
    CHECK(a.max_fall == 3);
    CHECK(a.walk_speed == 4.3);
    CHECK(a.swim_speed == 2.0);
    CHECK(a.gravity == 32.0);
    CHECK(a.fly_speed == 1.0);
    CHECK(a.floor_cost.empty());
}

TEST_CASE("the example agents load", "[profile]") {
    for (const char* name : {"humanoid", "critter", "brute", "swimmer", "leaper", "drone"}) {
        INFO(name);
        CHECK_NOTHROW(load_agent_profile(std::string(VOXNAV_SOURCE_DIR "/worlds/agents/") + name + ".json"));
    }
    const AgentProfile brute = load_agent_profile(VOXNAV_SOURCE_DIR "/worlds/agents/brute.json");
    CHECK(brute.width == 2);
    CHECK(brute.height == 3);
    // to_json and back is the identity.
    const AgentProfile again = parse_agent_profile(to_json(brute));
    CHECK(again.floor_cost == brute.floor_cost);
    CHECK(again.width == 2);
}

TEST_CASE("real heights, steps, climbing and opening are profile keys, integers stay valid", "[profile][shapes]") {
    const AgentProfile p = parse_agent_profile(
        R"({"height": 1.8, "jump_height": 1.25, "step_height": 0.5, "climb": false, "climb_speed": 3,
            "opens": ["hand"], "open_time": 0.5, "max_fall_into_water": 10})");
    CHECK(p.height == 1.8);
    CHECK(p.height16() == 29);
    CHECK(p.body_voxels() == 2);
    CHECK(p.jump16() == 20);
    CHECK(p.jump_voxels() == 1);
    CHECK(p.step16() == 8);
    CHECK(!p.climb);
    CHECK(p.climb_speed == 3.0);
    CHECK(p.open_mask() == 1u);
    CHECK(p.open_time == 0.5);
    CHECK(p.max_fall_into_water == 10.0);
    const AgentProfile d = parse_agent_profile(R"({"height": 3, "jump_height": 2})");
    CHECK(d.height16() == 48);
    CHECK(d.jump_voxels() == 2);
    CHECK(d.step_height == 0.6);
    CHECK(std::isinf(d.max_fall_into_water));
    // The profile round-trips through its JSON, the unlimited water fall as null.
    const AgentProfile back = parse_agent_profile(to_json(p));
    CHECK(back.height == p.height);
    CHECK(back.opens == p.opens);
    CHECK(back.max_fall_into_water == 10.0);
    CHECK(std::isinf(parse_agent_profile(to_json(d)).max_fall_into_water));
}

TEST_CASE("every bad profile names the key", "[profile][errors]") {
    struct Case {
        const char* json;
        const char* key;
    };
    const Case cases[] = {
        {R"({"height": 0})", "height"},
        {R"({"height": 0.5})", "height"},
        {R"({"height": 65})", "height"},
        {R"({"step_height": -0.1})", "step_height"},
        {R"({"climb": 1})", "climb"},
        {R"({"climb_speed": 0})", "climb_speed"},
        {R"({"opens": "hand"})", "opens"},
        {R"({"opens": ["feet"]})", "opens"},
        {R"({"open_time": -1})", "open_time"},
        {R"({"max_fall_into_water": -3})", "max_fall_into_water"},
        {R"({"height": "tall"})", "height"},
        {R"({"width": 17})", "width"},
        {R"({"jump_height": -1})", "jump_height"},
        {R"({"jump_distance": 100})", "jump_distance"},
        {R"({"max_fall": -2})", "max_fall"},
        {R"({"walk_speed": 0})", "walk_speed"},
        {R"({"swim_speed": -1})", "swim_speed"},
        {R"({"gravity": "down"})", "gravity"},
        {R"({"fly_speed": 0})", "fly_speed"},
        {R"({"walk": 1})", "walk"},
        {R"({"fly": "yes"})", "fly"},
        {R"({"floor_cost": 2})", "floor_cost"},
        {R"({"floor_cost": {"mud": 0.5}})", "floor_cost.mud"},
        {R"({"floor_cost": {"mud": "x"}})", "floor_cost.mud"},
        {R"({"speed": 3})", "speed"},
    };
    for (const Case& c : cases) {
        INFO(c.json);
        try {
            (void)parse_agent_profile(c.json, "agent.json");
            FAIL("no error");
        } catch (const ProfileError& e) {
            CHECK(e.key() == c.key);
            CHECK(std::string(e.what()).find("agent.json") != std::string::npos);
            CHECK(std::string(e.what()).find(std::string("'") + c.key + "'") != std::string::npos);
        }
    }
    CHECK_THROWS_AS(parse_agent_profile("[1, 2]"), ProfileError);
    try {
        (void)parse_agent_profile("{\n\"height\": 2,\n oops}", "agent.json");
        FAIL("no error");
    } catch (const ProfileError& e) {
        CHECK(std::string(e.what()).find("line 3") != std::string::npos);
    }
    CHECK_THROWS_AS(load_agent_profile("/nonexistent.json"), ProfileError);
}

// Issue 34, item 8: the profile is validated once and the checked profile is
// shared by the navigator, its field's users and its rules (no copy per
// query, even with per-query floor costs).
TEST_CASE("a checked profile is validated once and shared, not copied", "[profile]") {
    AgentProfile bad;
    bad.height = 0;
    CHECK_THROWS_AS(CheckedProfile(bad), ProfileError);
    AgentProfile a;
    a.floor_cost["mud"] = 2.0;
    const CheckedProfile checked(a);
    const CheckedProfile copy = checked;
    CHECK(&*copy == &*checked);  // a copy shares it
    a.walk_speed = 1.0;          // the checked one is a snapshot of the profile
    CHECK(checked->walk_speed == AgentProfile{}.walk_speed);
    World w = testing::world_from_text("voxnav-world 1\nsize 6 3 3\nlegend m mud solid\nlayer 0\n######\n#mmm##\n######\n");
    Navigator nav(w, checked);
    CHECK(&nav.profile() == &*checked);
    CHECK(&nav.moves().profile() == &*checked);
    QueryOptions o;
    o.floor_cost["mud"] = 3.0;
    const Route r = nav.find_route({0, 1, 0}, Goal::at({5, 1, 2}), o);
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(&nav.profile() == &*checked);
    // An AgentProfile still converts where a checked one is asked for.
    Navigator plain(w, AgentProfile{});
    CHECK(plain.find_route({0, 1, 0}, Goal::at({5, 1, 2})).status == SearchStatus::Found);
    CHECK_THROWS_AS(Navigator(w, bad), ProfileError);
}
