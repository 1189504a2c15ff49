// Agent profiles from JSON: defaults, examples, and errors naming the key.
#include <catch2/catch.hpp>

#include "voxnav/agent/profile.hpp"

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

TEST_CASE("every bad profile names the key", "[profile][errors]") {
    struct Case {
        const char* json;
        const char* key;
    };
    const Case cases[] = {
        {R"({"height": 0})", "height"},
        {R"({"height": 2.5})", "height"},
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
