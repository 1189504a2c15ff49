// SPDX-License-Identifier: MIT
// The C API (include/voxnav/voxnav.h, libvoxnav.so) against the C++ API it
// wraps: the same routes on random worlds, for every goal kind, zones and
// floor costs; statuses instead of exceptions; a per-thread last error;
// worker navigators on other threads seeing published edits.
#include "voxnav/voxnav.h"

#include "c_api_helpers.hpp"
#include "random_world.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace voxnav;
using namespace voxnav::capi_test;

TEST_CASE("C API routes equal the C++ API's on random worlds, for every goal kind", "[c_api]") {
    for (std::uint32_t seed = 1; seed <= 25; ++seed) {
        const World source = testing::random_world(seed, {20, 8, 20});
        World cpp_world;
        CWorld c;
        copy_chunks(source, cpp_world, c.w);
        AgentProfile profile = testing::random_agent(seed);
        profile.floor_cost.erase("mud");
        profile.floor_cost["mud"] = 3.0;
        Navigator nav(cpp_world, profile);
        CNav cnav;
        REQUIRE(voxnav_navigator_create(c.w, to_json(profile).c_str(), &cnav.n) == VOXNAV_OK);
        CRoute r;
        std::mt19937 rng(seed);
        for (int q = 0; q < 8; ++q) {
            const Voxel a{int(rng() % 20), 1 + int(rng() % 6), int(rng() % 20)};
            const Voxel b{int(rng() % 20), 1 + int(rng() % 6), int(rng() % 20)};
            voxnav_query query;
            voxnav_query_init(&query);
            query.snap_start = 0;
            QueryOptions o;
            std::vector<voxnav_goal> goals;
            Goal g;
            switch (q % 4) {
                case 0: goals.push_back(voxnav_goal_at(b.x, b.y, b.z)), g = Goal::at(b); break;
                case 1: goals.push_back(voxnav_goal_near(b.x + 0.5, b.y, b.z, 2.5)), g = Goal::near({b.x + 0.5, b.y, b.z}, 2.5); break;
                case 2: {
                    voxnav_goal col{};
                    col.kind = VOXNAV_GOAL_COLUMN, col.x = b.x, col.z = b.z;
                    voxnav_goal touch{};
                    touch.kind = VOXNAV_GOAL_TOUCH, touch.x = a.z, touch.y = 1, touch.z = a.x;
                    goals = {col, touch};
                    g = Goal::any_of({Goal::column(b.x, b.z), Goal::touch({a.z, 1, a.x})});
                    break;
                }
                default: {
                    voxnav_goal level{};
                    level.kind = VOXNAV_GOAL_LEVEL, level.y = b.y;
                    goals.push_back(level), g = Goal::level(b.y);
                }
            }
            // Zones and a floor cost override on half the queries.
            voxnav_zone zones[2]{};
            if (q % 2) {
                zones[0].shape = VOXNAV_ZONE_SPHERE, zones[0].cx = 10, zones[0].cy = 2, zones[0].cz = 10, zones[0].radius = 4,
                zones[0].multiplier = std::numeric_limits<double>::infinity();
                zones[1].shape = VOXNAV_ZONE_BOX, zones[1].lo[0] = 0, zones[1].lo[1] = 0, zones[1].lo[2] = 0;
                zones[1].hi[0] = 8, zones[1].hi[1] = 8, zones[1].hi[2] = 20, zones[1].multiplier = 0.5;
                query.zones = zones, query.zone_count = 2;
                o.zones = {CostZone::sphere({10, 2, 10}, 4, CostZone::forbid), CostZone::in_box({{0, 0, 0}, {8, 8, 20}}, 0.5)};
            }
            const char* names[] = {"mud"};
            const double costs[] = {5.0};
            if (q % 3 == 0) {
                query.floor_names = names, query.floor_costs = costs, query.floor_cost_count = 1;
                o.floor_cost["mud"] = 5.0;
            }
            query.goals = goals.data(), query.goal_count = goals.size();
            query.max_nodes = 50'000, o.limits.max_nodes = 50'000;
            const int32_t from[3] = {a.x, a.y, a.z};
            REQUIRE(voxnav_find_route(cnav.n, from, &query, r.r) == VOXNAV_OK);
            INFO("seed " << seed << " query " << q);
            expect_same(nav.find_route(a, g, o), r.r);
        }
    }
}

TEST_CASE("C API flee queries equal the C++ API's", "[c_api]") {
    const World source = testing::random_world(3, {20, 8, 20});
    World cpp_world;
    CWorld c;
    copy_chunks(source, cpp_world, c.w);
    const AgentProfile profile;
    Navigator nav(cpp_world, profile);
    CNav cnav;
    REQUIRE(voxnav_navigator_create(c.w, to_json(profile).c_str(), &cnav.n) == VOXNAV_OK);
    CRoute r;
    for (int x = 2; x < 18; x += 5) {
        const voxnav_threat t{double(x), 2.0, 9.0, 6.0};
        voxnav_query q;
        voxnav_query_init(&q);
        q.threats = &t, q.threat_count = 1, q.snap_start = 0;
        const int32_t from[3] = {x, 1, 9};
        REQUIRE(voxnav_find_route(cnav.n, from, &q, r.r) == VOXNAV_OK);
        expect_same(nav.find_route({x, 1, 9}, Goal::flee({{{double(x), 2.0, 9.0}, 6.0}})), r.r);
    }
}

TEST_CASE("C API chunks: get round-trips, an identical chunk is not rewritten, unload forgets", "[c_api]") {
    CWorld c;
    std::vector<uint16_t> ids(4096, 0), back(4096, 7);
    uint16_t stone = 0;
    REQUIRE(voxnav_world_find_block(c.w, "stone", &stone) == VOXNAV_OK);
    for (int i = 0; i < 4096; i += 3) ids[i] = stone;
    REQUIRE(voxnav_world_set_chunk(c.w, -2, 1, 3, ids.data()) == VOXNAV_OK);
    REQUIRE(voxnav_world_get_chunk(c.w, -2, 1, 3, back.data()) == VOXNAV_OK);
    CHECK(back == ids);
    CHECK(voxnav_world_is_loaded(c.w, -2, 1, 3) == 1);
    const uint64_t rev = voxnav_world_revision(c.w);
    REQUIRE(voxnav_world_set_chunk(c.w, -2, 1, 3, ids.data()) == VOXNAV_OK);
    CHECK(voxnav_world_revision(c.w) == rev);  // nothing to re-derive
    ids[5] = stone;
    REQUIRE(voxnav_world_set_chunk(c.w, -2, 1, 3, ids.data()) == VOXNAV_OK);
    CHECK(voxnav_world_revision(c.w) > rev);
    uint16_t got = 0;
    REQUIRE(voxnav_world_get_block(c.w, -32 + 5, 16, 48, &got) == VOXNAV_OK);
    CHECK(got == stone);
    CHECK(voxnav_world_loaded_chunks(c.w) == 1);
    REQUIRE(voxnav_world_unload_chunk(c.w, -2, 1, 3) == VOXNAV_OK);
    CHECK(voxnav_world_is_loaded(c.w, -2, 1, 3) == 0);
    REQUIRE(voxnav_world_get_chunk(c.w, -2, 1, 3, back.data()) == VOXNAV_OK);
    CHECK(back == std::vector<uint16_t>(4096, 0));
    // An edit racing the unload: refused with a sentence, nothing written
    // (faults issue, 6).
    const uint64_t before = voxnav_world_revision(c.w);
    CHECK(voxnav_world_set_block(c.w, -32 + 5, 16, 48, stone) == VOXNAV_ERR_STATE);
    CHECK(std::string(voxnav_last_error()).find("chunk (-2, 1, 3), which was unloaded") != std::string::npos);
    CHECK(voxnav_world_is_loaded(c.w, -2, 1, 3) == 0);
    CHECK(voxnav_world_revision(c.w) == before);
    REQUIRE(voxnav_world_set_chunk(c.w, -2, 1, 3, ids.data()) == VOXNAV_OK);
    CHECK(voxnav_world_set_block(c.w, -32 + 5, 16, 48, stone) == VOXNAV_OK);
}

TEST_CASE("C API bad input: a status and a sentence, nothing changed", "[c_api]") {
    CWorld c;
    uint16_t id = 0;
    voxnav_block_shape bad_shape{9, 4, 0, 0, 0, 0, 0};
    CHECK(voxnav_world_define_block(c.w, "broken", VOXNAV_SOLID, 0, &bad_shape, &id) == VOXNAV_ERR_BLOCK);  // as documented
    CHECK(std::string(voxnav_last_error()).find("broken") != std::string::npos);
    CHECK(voxnav_world_find_block(c.w, "broken", &id) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_define_block(c.w, "x", 7, 0, nullptr, &id) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_define_block(c.w, nullptr, VOXNAV_SOLID, 0, nullptr, &id) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_define_block(nullptr, "x", VOXNAV_SOLID, 0, nullptr, &id) == VOXNAV_ERR_ARGUMENT);
    voxnav_block_shape owner_door{0, 16, 0, 0, VOXNAV_OPEN_OWNER, 0, 0};
    CHECK(voxnav_world_define_block(c.w, "steel_door", VOXNAV_SOLID, 0, &owner_door, &id) == VOXNAV_OK);
    voxnav_block_shape liquid_stair{0, 16, 1, 0, 0, 0, 0};
    CHECK(voxnav_world_define_block(c.w, "wet_stair", VOXNAV_LIQUID, 0, &liquid_stair, &id) == VOXNAV_ERR_BLOCK);
    CHECK(voxnav_world_define_block(c.w, "air", VOXNAV_SOLID, 0, nullptr, &id) == VOXNAV_ERR_BLOCK);
    // Slow blocks (issue 36): 0 means 1; a factor out of range or on the wrong kind is refused.
    voxnav_block_shape web{0, 16, 0, 0, 0, 0, 0, 0.25, 0.05, 0.0, 0.0};
    CHECK(voxnav_world_define_block(c.w, "cobweb", VOXNAV_AIR, 0, &web, &id) == VOXNAV_OK);
    voxnav_block_shape honey{0, 15, 0, 0, 0, 0, 0, 0.0, 0.0, 0.4, 0.5};
    CHECK(voxnav_world_define_block(c.w, "honey_block", VOXNAV_SOLID, 0, &honey, &id) == VOXNAV_OK);
    voxnav_block_shape fast{0, 16, 0, 0, 0, 0, 0, 0.0, 0.0, 1.5, 0.0};
    CHECK(voxnav_world_define_block(c.w, "rocket_floor", VOXNAV_SOLID, 0, &fast, &id) == VOXNAV_ERR_BLOCK);
    voxnav_block_shape sticky_wall{0, 16, 0, 0, 0, 0, 0, 0.5, 0.0, 0.0, 0.0};
    CHECK(voxnav_world_define_block(c.w, "sticky_wall", VOXNAV_SOLID, 0, &sticky_wall, &id) == VOXNAV_ERR_BLOCK);
    voxnav_block_shape bad_class{0, 16, 0, 0, 9, 0, 0};
    CHECK(voxnav_world_define_block(c.w, "odd_door", VOXNAV_SOLID, 0, &bad_class, &id) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_set_chunk(c.w, 1 << 28, 0, 0, std::vector<uint16_t>(4096, 0).data()) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_set_chunk(c.w, 0, 0, 0, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_set_block(c.w, 0, 0, 0, 5000) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_revision(c.w) == 0);

    CNav nav;
    CHECK(voxnav_navigator_create(c.w, "{not json", &nav.n) == VOXNAV_ERR_PROFILE);
    CHECK(voxnav_navigator_create(c.w, "{\"max_fall\": -1}", &nav.n) == VOXNAV_ERR_PROFILE);
    CHECK(std::string(voxnav_last_error()).find("max_fall") != std::string::npos);
    CHECK(nav.n == nullptr);
    REQUIRE(voxnav_navigator_create(c.w, "{\"opens\": [\"hand\", \"owner\"]}", &nav.n) == VOXNAV_OK);
    CRoute r;
    voxnav_query q;
    voxnav_query_init(&q);
    const int32_t from[3] = {0, 1, 0};
    CHECK(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_ERR_ARGUMENT);  // no goal
    CHECK(std::string(voxnav_route_error(r.r)).find("no goal") != std::string::npos);
    voxnav_goal g{};
    g.kind = 42;
    q.goals = &g, q.goal_count = 1;
    CHECK(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_ERR_ARGUMENT);
    g = voxnav_goal_near(0, 0, 0, -1);
    CHECK(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_ERR_ARGUMENT);
    g = voxnav_goal_at(3, 1, 3);
    voxnav_zone z{};
    z.shape = VOXNAV_ZONE_SPHERE, z.radius = 1, z.multiplier = 0;
    q.zones = &z, q.zone_count = 1;
    CHECK(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find("zones[0]") != std::string::npos);
    q.zone_count = 0;
    const char* names[] = {nullptr};
    const double costs[] = {2.0};
    q.floor_names = names, q.floor_costs = costs, q.floor_cost_count = 1;
    CHECK(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_ERR_ARGUMENT);
    q.floor_cost_count = 0;
    // An empty world: the search runs and says why there is no route.
    CHECK(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_OK);
    CHECK(voxnav_route_status(r.r) == VOXNAV_INVALID_START);
    CHECK(voxnav_route_usable(r.r) == 0);
    CHECK(voxnav_route_waypoints(r.r) == nullptr);
    CHECK(std::string(voxnav_route_error(r.r)).size() > 0);
    const double feet[3] = {0.5, 1.0, 0.5};
    int32_t out[3];
    CHECK(voxnav_snap(nav.n, feet, out) == VOXNAV_ERR_ARGUMENT);
    const double nan_feet[3] = {std::nan(""), 1.0, 0.5};
    CHECK(voxnav_snap(nav.n, nan_feet, out) == VOXNAV_ERR_ARGUMENT);
    // Names of statuses and actions, in range and out.
    CHECK(std::string(voxnav_search_status_name(VOXNAV_NO_PATH)) == "no_path");
    CHECK(std::string(voxnav_action_name(VOXNAV_ACTION_LEAP)) == "leap");
    CHECK(std::string(voxnav_action_name(VOXNAV_ACTION_CLIMB)) == "climb");
    CHECK(std::string(voxnav_action_name(99)) == "unknown");
}

TEST_CASE("C API threads: the last error is per thread, workers route on published versions", "[c_api]") {
    CWorld c;
    uint16_t stone = 0;
    REQUIRE(voxnav_world_find_block(c.w, "stone", &stone) == VOXNAV_OK);
    std::vector<uint16_t> floor(4096, 0);
    for (int i = 0; i < 256; ++i) floor[i] = stone;
    for (int cx = 0; cx < 4; ++cx) REQUIRE(voxnav_world_set_chunk(c.w, cx, 0, 0, floor.data()) == VOXNAV_OK);
    const char* profile = "{\"height\": 2}";
    voxnav_field* field = nullptr;
    REQUIRE(voxnav_field_create(c.w, profile, &field) == VOXNAV_OK);

    // One thread's failure does not touch another's last error.
    CHECK(voxnav_world_set_block(c.w, 0, 0, 0, 9999) == VOXNAV_ERR_ARGUMENT);
    const std::string mine = voxnav_last_error();
    std::string theirs;
    std::thread([&] { theirs = voxnav_last_error(); }).join();
    CHECK(theirs.empty());
    CHECK(voxnav_last_error() == mine);

    // Workers on two threads: before the sync they route on the old version.
    const int32_t wall_x = 30;
    for (int z = 0; z < 16; ++z)
        for (int y = 1; y < 6; ++y) REQUIRE(voxnav_world_set_block(c.w, wall_x, y, z, stone) == VOXNAV_OK);
    // Runs on worker threads: no Catch2 assertion in here (Catch2 is not
    // thread-safe: ThreadSanitizer saw its counters race); a failed call
    // leaves status -1 for the main thread's checks.
    auto route_across = [&](int32_t* status, double* cost) {
        *status = -1;
        voxnav_navigator* n = nullptr;
        voxnav_route* r = nullptr;
        if (voxnav_navigator_create_worker(field, profile, &n) == VOXNAV_OK && voxnav_route_create(&r) == VOXNAV_OK) {
            voxnav_query q;
            voxnav_query_init(&q);
            const voxnav_goal g = voxnav_goal_at(60, 1, 8);
            q.goals = &g, q.goal_count = 1;
            const int32_t from[3] = {2, 1, 8};
            if (voxnav_find_route(n, from, &q, r) == VOXNAV_OK) {
                *status = voxnav_route_status(r);
                *cost = voxnav_route_cost(r);
            }
        }
        voxnav_route_destroy(r);
        voxnav_navigator_destroy(n);
    };
    int32_t s1 = -1, s2 = -1;
    double c1 = 0, c2 = 0;
    std::thread t1(route_across, &s1, &c1), t2(route_across, &s2, &c2);
    t1.join(), t2.join();
    CHECK(s1 == VOXNAV_FOUND);
    CHECK(s2 == VOXNAV_FOUND);
    CHECK(c1 == c2);
    REQUIRE(voxnav_world_sync(c.w) == VOXNAV_OK);
    std::thread([&] { route_across(&s1, &c1); }).join();
    CHECK(s1 == VOXNAV_NO_PATH);  // the wall is published now
    CHECK(voxnav_world_facts_bytes(c.w) > 0);
    voxnav_field_destroy(field);
}

TEST_CASE("C API landmarks: a knob per navigator, routes cost the same with and without", "[c_api]") {
    CWorld c;
    floor_with_wall(c.w, 64, 56);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
    CHECK(voxnav_navigator_use_landmarks(nav.n, 33, 0) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find("count 33") != std::string::npos);
    CHECK(voxnav_navigator_use_landmarks(nullptr, 4, 0) == VOXNAV_ERR_ARGUMENT);
    REQUIRE(voxnav_navigator_use_landmarks(nav.n, 4, 0) == VOXNAV_OK);
    CRoute fast, plain;
    std::mt19937 rng(3);
    for (int i = 0; i < 200; ++i) {  // the tables arrive from the worker while these run
        voxnav_goal g = voxnav_goal_at(int32_t(rng() % 64), 1, int32_t(rng() % 64));
        voxnav_query q;
        voxnav_query_init(&q);
        q.goals = &g, q.goal_count = 1;
        const int32_t from[3] = {int32_t(rng() % 64), 1, int32_t(rng() % 64)};
        REQUIRE(voxnav_find_route(nav.n, from, &q, fast.r) == VOXNAV_OK);
        q.accelerate = 0;
        REQUIRE(voxnav_find_route(nav.n, from, &q, plain.r) == VOXNAV_OK);
        REQUIRE(voxnav_route_status(fast.r) == voxnav_route_status(plain.r));
        if (voxnav_route_usable(plain.r)) REQUIRE(std::abs(voxnav_route_cost(fast.r) - voxnav_route_cost(plain.r)) <= 1e-9);
    }
}

TEST_CASE("C API flow fields: costs and next moves equal the C++ field's and a route's", "[c_api][flow]") {
    CWorld c;
    floor_with_wall(c.w, 32, 28);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
    voxnav_flow_field* f = nullptr;
    REQUIRE(voxnav_flow_field_create(&f) == VOXNAV_OK);
    voxnav_goal g = voxnav_goal_at(28, 1, 4);
    voxnav_query q;
    voxnav_query_init(&q);
    q.goals = &g, q.goal_count = 1;
    REQUIRE(voxnav_compute_flow_field(nav.n, &q, f) == VOXNAV_OK);
    REQUIRE(voxnav_flow_field_status(f) == VOXNAV_FOUND);
    REQUIRE(std::string(voxnav_flow_field_error(f)).empty());
    REQUIRE(voxnav_flow_field_reachable(f) > 500);
    CRoute r;
    for (int32_t x = 0; x < 32; x += 3)
        for (int32_t z = 0; z < 32; z += 3) {
            const int32_t from[3] = {x, 1, z};
            REQUIRE(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_OK);
            const double cost = voxnav_flow_field_cost(f, x, 1, z);
            if (!voxnav_route_usable(r.r)) {
                CHECK(cost == HUGE_VAL);
                continue;
            }
            REQUIRE(std::abs(cost - voxnav_route_cost(r.r)) <= 1e-9 * std::max(1.0, cost));
            int32_t next[3] = {0, 0, 0}, action = -1;
            const int32_t has = voxnav_flow_field_next(f, from, next, &action);
            CHECK(has == (voxnav_route_size(r.r) > 1 ? 1 : 0));
            if (has) {
                // One move on: a walk, or a jump or fall at the wall.
                CHECK((action == VOXNAV_ACTION_WALK || action == VOXNAV_ACTION_JUMP || action == VOXNAV_ACTION_FALL));
                CHECK(std::abs(next[0] - x) <= 1);
                CHECK(std::abs(next[2] - z) <= 1);
                CHECK(voxnav_flow_field_cost(f, next[0], next[1], next[2]) < cost);
            }
        }
    // A flee query cannot root a field; a goal nobody stands on says why.
    voxnav_threat t{10, 1, 10, 5};
    voxnav_query flee;
    voxnav_query_init(&flee);
    flee.threats = &t, flee.threat_count = 1;
    CHECK(voxnav_compute_flow_field(nav.n, &flee, f) == VOXNAV_ERR_ARGUMENT);
    voxnav_goal nowhere = voxnav_goal_at(5, 40, 5);
    q.goals = &nowhere;
    REQUIRE(voxnav_compute_flow_field(nav.n, &q, f) == VOXNAV_OK);
    CHECK(voxnav_flow_field_status(f) == VOXNAV_INVALID_GOAL);
    CHECK(!std::string(voxnav_flow_field_error(f)).empty());
    voxnav_flow_field_destroy(f);
}

TEST_CASE("C API dig and place: a digger goes through the wall, the route lists what it digs", "[c_api][dig]") {
    CWorld c;
    floor_with_wall(c.w, 16, 16);  // closed from side to side
    uint16_t stone = 0;
    REQUIRE(voxnav_world_find_block(c.w, "stone", &stone) == VOXNAV_OK);
    CHECK(voxnav_world_set_block_material(c.w, stone, -1.0, 0, 0) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_set_block_material(c.w, 60000, 1.0, 0, 0) == VOXNAV_ERR_ARGUMENT);
    REQUIRE(voxnav_world_set_block_material(c.w, stone, 2.0, 0, 0) == VOXNAV_OK);
    CNav walker, digger;
    REQUIRE(voxnav_navigator_create(c.w, R"({"jump": false})", &walker.n) == VOXNAV_OK);
    REQUIRE(voxnav_navigator_create(c.w, R"({"dig": true, "jump": false})", &digger.n) == VOXNAV_OK);
    voxnav_goal g = voxnav_goal_at(12, 1, 5);
    voxnav_query q;
    voxnav_query_init(&q);
    q.goals = &g, q.goal_count = 1;
    const int32_t from[3] = {3, 1, 5};
    CRoute r;
    REQUIRE(voxnav_find_route(walker.n, from, &q, r.r) == VOXNAV_OK);
    CHECK(voxnav_route_status(r.r) == VOXNAV_NO_PATH);
    REQUIRE(voxnav_find_route(digger.n, from, &q, r.r) == VOXNAV_OK);
    REQUIRE(voxnav_route_status(r.r) == VOXNAV_FOUND);
    size_t n = 99;
    const int32_t* dug = voxnav_route_dug(r.r, &n);
    REQUIRE(n == 1);  // the wall is 1 high: the head voxel above it is open
    CHECK(dug[0] == 8);
    CHECK(dug[1] == 1);
    CHECK(dug[2] == 5);
    CHECK(voxnav_route_placed(r.r, &n) == nullptr);
    CHECK(n == 0);
    // The waypoint that digs: a motion, and the dug voxel as its share.
    size_t digs = 0;
    for (size_t i = 0; i < voxnav_route_size(r.r); ++i) {
        const voxnav_waypoint& w = voxnav_route_waypoints(r.r)[i];
        if (w.dug == 0) continue;
        ++digs;
        CHECK(w.action != VOXNAV_ACTION_START);
        CHECK(voxnav_action_name(w.action) != std::string("unknown"));
        size_t k = 0;
        const int32_t* v = voxnav_waypoint_voxels(r.r, i, VOXNAV_ACT_DIG, &k);
        REQUIRE(k == 1);
        CHECK((v[0] == 8 && v[1] == 1 && v[2] == 5));
    }
    CHECK(digs == 1);
    CHECK(std::string(voxnav_action_name(VOXNAV_ACTION_LEAP)) == "leap");
    CHECK(std::string(voxnav_action_name(8)) == "unknown");
    CHECK(std::string(voxnav_route_json(r.r)).find("\"dig\":[[8,1,5]]") != std::string::npos);
    // A worker of a digger's field digs the same route.
    voxnav_field* field = nullptr;
    REQUIRE(voxnav_field_create(c.w, R"({"dig": true, "jump": false})", &field) == VOXNAV_OK);
    CNav worker;
    REQUIRE(voxnav_navigator_create_worker(field, R"({"dig": true, "jump": false})", &worker.n) == VOXNAV_OK);
    CRoute w;
    REQUIRE(voxnav_find_route(worker.n, from, &q, w.r) == VOXNAV_OK);
    CHECK(voxnav_route_status(w.r) == VOXNAV_FOUND);
    CHECK(voxnav_route_cost(w.r) == voxnav_route_cost(r.r));
    voxnav_field_destroy(field);
}

// Regression (faults issue, 4): the C API had no route checks, and
// voxnav_is_waypoint said yes for a closed door's voxel for an agent that
// opens it; a C game walked NPCs into closed doors on stale routes.
TEST_CASE("C API route checks: doors closed and opened, walls placed, from a given waypoint on", "[c_api]") {
    CWorld c;
    uint16_t stone = 0, door = 0, door_open = 0;
    corridor_with_door(c.w, stone, door, door_open);
    auto set_door = [&](uint16_t id) {
        REQUIRE(voxnav_world_set_block(c.w, 4, 1, 1, id) == VOXNAV_OK);
        REQUIRE(voxnav_world_set_block(c.w, 4, 2, 1, id) == VOXNAV_OK);
    };
    set_door(door);
    CNav opener, mob;
    REQUIRE(voxnav_navigator_create(c.w, R"({"opens": ["hand"]})", &opener.n) == VOXNAV_OK);
    REQUIRE(voxnav_navigator_create(c.w, R"({"opens": []})", &mob.n) == VOXNAV_OK);
    CHECK(voxnav_is_waypoint(opener.n, 3, 1, 1) == 1);
    CHECK(voxnav_is_waypoint(opener.n, 4, 1, 1) == 0);  // no body stands in a closed door
    CHECK(voxnav_is_waypoint(mob.n, 4, 1, 1) == 0);
    CRoute r;
    voxnav_query q;
    voxnav_query_init(&q);
    const voxnav_goal g = voxnav_goal_at(8, 1, 1);
    q.goals = &g;
    q.goal_count = 1;
    const int32_t from[3] = {0, 1, 1};
    REQUIRE(voxnav_find_route(opener.n, from, &q, r.r) == VOXNAV_OK);
    REQUIRE(voxnav_route_status(r.r) == VOXNAV_FOUND);
    const size_t n = voxnav_route_size(r.r);
    const voxnav_waypoint* wp = voxnav_route_waypoints(r.r);
    size_t at_door = n;
    for (size_t k = 0; k < n; ++k)
        if (wp[k].x == 4) at_door = k;
    REQUIRE(at_door < n);
    // The motion is a walk; the door's two halves are what the move opens.
    CHECK(wp[at_door].action == VOXNAV_ACTION_WALK);
    CHECK(wp[at_door].opened == 2);
    size_t door_voxels = 0;
    const int32_t* doors = voxnav_waypoint_voxels(r.r, at_door, VOXNAV_ACT_OPEN, &door_voxels);
    REQUIRE(door_voxels == 2);
    CHECK((doors[0] == 4 && doors[1] == 1 && doors[2] == 1));
    CHECK((doors[3] == 4 && doors[4] == 2 && doors[5] == 1));
    CHECK(voxnav_waypoint_voxels(r.r, at_door, VOXNAV_ACT_DIG, &door_voxels) == nullptr);
    CHECK(door_voxels == 0);
    CHECK(voxnav_waypoint_voxels(r.r, at_door - 1, VOXNAV_ACT_OPEN, &door_voxels) == nullptr);
    CHECK(voxnav_waypoint_voxels(r.r, n, VOXNAV_ACT_OPEN, &door_voxels) == nullptr);
    CHECK(voxnav_waypoint_voxels(r.r, at_door, 3, &door_voxels) == nullptr);
    size_t route_opened = 0;
    CHECK(voxnav_route_opened(r.r, &route_opened) != nullptr);
    CHECK(route_opened == 2);
    voxnav_route_check check{};
    REQUIRE(voxnav_check_route(opener.n, r.r, 0, &check) == VOXNAV_OK);
    CHECK(check.valid == 1);
    CHECK(check.unchanged == 1);
    CHECK(check.first_invalid == n);
    CHECK(std::string(check.why).empty());
    std::vector<double> costs(n);
    size_t count = 0;
    REQUIRE(voxnav_step_costs(opener.n, r.r, nullptr, 0, costs.data(), costs.size(), &count) == VOXNAV_OK);
    CHECK(count == n);
    for (size_t k = 1; k < n; ++k) CHECK(costs[k] == Approx(wp[k].cost));
    // The NPC opened the door: the open move became a walk; the route holds.
    set_door(door_open);
    REQUIRE(voxnav_check_route(opener.n, r.r, 0, &check) == VOXNAV_OK);
    CHECK(check.valid == 1);
    CHECK(check.unchanged == 0);
    CHECK(voxnav_is_waypoint(opener.n, 4, 1, 1) == 1);
    // A wall lands on the corridor past the door.
    set_door(door);
    REQUIRE(voxnav_world_set_block(c.w, 6, 1, 1, stone) == VOXNAV_OK);
    REQUIRE(voxnav_check_route(opener.n, r.r, 0, &check) == VOXNAV_OK);
    CHECK(check.valid == 0);
    REQUIRE(check.first_invalid < n);
    CHECK(wp[check.first_invalid].x == 6);
    CHECK(std::string(check.why).find("6, 1, 1") != std::string::npos);
    REQUIRE(voxnav_step_costs(opener.n, r.r, nullptr, 0, costs.data(), costs.size(), &count) == VOXNAV_OK);
    CHECK(std::isinf(costs[check.first_invalid]));
    // Checked from past the wall, what is left holds; past the end it does not.
    REQUIRE(voxnav_check_route(opener.n, r.r, check.first_invalid + 1, &check) == VOXNAV_OK);
    CHECK(check.valid == 1);
    REQUIRE(voxnav_check_route(opener.n, r.r, n, &check) == VOXNAV_OK);
    CHECK(check.valid == 0);
    CHECK(std::string(check.why).find("past the route's end") != std::string::npos);
    // A walk through an open door that has closed since: the route no longer
    // holds as planned (the body must open it).
    REQUIRE(voxnav_world_set_block(c.w, 6, 1, 1, 0) == VOXNAV_OK);
    set_door(door_open);
    REQUIRE(voxnav_find_route(opener.n, from, &q, r.r) == VOXNAV_OK);
    REQUIRE(voxnav_route_status(r.r) == VOXNAV_FOUND);
    set_door(door);
    REQUIRE(voxnav_check_route(opener.n, r.r, 0, &check) == VOXNAV_OK);
    CHECK(check.valid == 0);
    // Bad input: a status and a sentence.
    size_t needed = 0;
    CHECK(voxnav_step_costs(opener.n, r.r, nullptr, 0, costs.data(), 1, &needed) == VOXNAV_ERR_ARGUMENT);
    CHECK(needed == voxnav_route_size(r.r));
    CHECK(std::string(voxnav_last_error()).find("costs_out holds 1") != std::string::npos);
    needed = 0;  // asking how many first
    CHECK(voxnav_step_costs(opener.n, r.r, nullptr, 0, nullptr, 0, &needed) == VOXNAV_ERR_ARGUMENT);
    CHECK(needed == voxnav_route_size(r.r));
    CHECK(voxnav_check_route(opener.n, nullptr, 0, &check) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_check_route(nullptr, r.r, 0, &check) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_check_route(opener.n, r.r, 0, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_step_costs(opener.n, r.r, nullptr, 3, costs.data(), costs.size(), nullptr) == VOXNAV_ERR_ARGUMENT);
}

TEST_CASE("C API follower: a body steered tick by tick opens the door and arrives", "[c_api][follower]") {
    DoorCorridor dc;
    auto& [c, stone, door, door_open, nav, g, q] = dc;
    REQUIRE(voxnav_world_set_block(c.w, 4, 1, 1, door) == VOXNAV_OK);
    REQUIRE(voxnav_world_set_block(c.w, 4, 2, 1, door) == VOXNAV_OK);
    voxnav_follower* f = nullptr;
    REQUIRE(voxnav_follower_create(nav.n, &q, &f) == VOXNAV_OK);
    voxnav_body body{{0.5, 1.0, 1.5}, {0, 0, 0}, 1, 0, 0};
    voxnav_steering s{};
    bool asked_open = false;
    int ticks = 0, closes = 0, open_asks = 0;
    for (; ticks < 400; ++ticks) {
        REQUIRE(voxnav_world_sync(c.w) == VOXNAV_OK);
        REQUIRE(voxnav_follower_update(f, &body, ticks * 0.05, &s) == VOXNAV_OK);
        if (s.has_close) {
            ++closes;
            CHECK(s.close[0] == 4);
            CHECK(body.feet[0] > 5.0);  // past the doorway
        }
        if (s.status == VOXNAV_FOLLOW_ARRIVED) break;
        REQUIRE((s.status == VOXNAV_FOLLOW_MOVING || s.status == VOXNAV_FOLLOW_REPLANNING));
        if (s.has_open) {
            // Issue 57: the two-block door asked once, its lower half
            // flagged; the game opens it with one use (both halves).
            CHECK(s.open[0] == 4);
            CHECK(s.open[1] == 1);
            CHECK(s.open_both_halves == 1);
            asked_open = true;
            ++open_asks;
            REQUIRE(voxnav_world_set_block(c.w, s.open[0], s.open[1], s.open[2], door_open) == VOXNAV_OK);
            REQUIRE(voxnav_world_set_block(c.w, s.open[0], s.open[1] + 1, s.open[2], door_open) == VOXNAV_OK);
        }
        // A body that goes where it is steered, at the speed it is told.
        const double step = std::min(s.speed * 0.05, std::hypot(s.target[0] - body.feet[0], s.target[2] - body.feet[2]));
        body.feet[0] += s.heading[0] * step;
        body.feet[2] += s.heading[1] * step;
    }
    CHECK(s.status == VOXNAV_FOLLOW_ARRIVED);
    CHECK(std::string(voxnav_follow_status_name(s.status)) == "arrived");
    CHECK(asked_open);
    CHECK(open_asks == 1);
    CHECK(closes == 1);
    CHECK(s.replans == 1);
    // Bad input: a status and a sentence.
    const voxnav_body nan_body{{std::nan(""), 1.0, 1.5}, {0, 0, 0}, 1, 0, 0};
    CHECK(voxnav_follower_update(f, &nan_body, 1.0, &s) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find("finite") != std::string::npos);
    CHECK(voxnav_follower_update(f, nullptr, 1.0, &s) == VOXNAV_ERR_ARGUMENT);
    voxnav_follower_destroy(f);
    voxnav_follower_destroy(nullptr);
}

TEST_CASE("C API follower: a new goal, and plans within a shared budget", "[c_api][follower][budget]") {
    DoorCorridor dc;
    auto& [c, stone, door, door_open, nav, g, q] = dc;
    voxnav_planning_budget* budget = nullptr;
    REQUIRE(voxnav_planning_budget_create(4, 4, &budget) == VOXNAV_OK);
    voxnav_follower* f = nullptr;
    REQUIRE(voxnav_follower_create(nav.n, &q, &f) == VOXNAV_OK);
    REQUIRE(voxnav_follower_set_budget(f, budget) == VOXNAV_OK);
    // Back to the start instead: from x 0.5 to x 0.5 is arrived at once.
    const voxnav_goal home = voxnav_goal_at(0, 1, 1);
    REQUIRE(voxnav_follower_set_goal(f, &home, 1) == VOXNAV_OK);
    voxnav_body body{{0.5, 1.0, 1.5}, {0, 0, 0}, 1, 0, 0};
    voxnav_steering s{};
    REQUIRE(voxnav_follower_update(f, &body, 0.0, &s) == VOXNAV_OK);
    CHECK(s.status == VOXNAV_FOLLOW_ARRIVED);
    // To the corridor's end with 4 expansions a tick (partial routes
    // continued if the search needs more).
    REQUIRE(voxnav_follower_set_goal(f, &g, 1) == VOXNAV_OK);
    int ticks = 1;
    for (; ticks < 400 && s.status != VOXNAV_FOLLOW_ARRIVED; ++ticks) {
        REQUIRE(voxnav_world_sync(c.w) == VOXNAV_OK);
        REQUIRE(voxnav_follower_update(f, &body, ticks * 0.05, &s) == VOXNAV_OK);
        REQUIRE(s.status != VOXNAV_FOLLOW_NO_PATH);
        REQUIRE(s.status != VOXNAV_FOLLOW_FAILED);
        const double step = std::min(s.speed * 0.05, std::hypot(s.target[0] - body.feet[0], s.target[2] - body.feet[2]));
        body.feet[0] += s.heading[0] * step;
        body.feet[2] += s.heading[1] * step;
    }
    CHECK(s.status == VOXNAV_FOLLOW_ARRIVED);
    CHECK(s.replans >= 1);
    CHECK(voxnav_follower_set_goal(f, &g, 0) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_follower_set_goal(f, nullptr, 1) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_planning_budget_create(0, 0, &budget) == VOXNAV_ERR_ARGUMENT);
    voxnav_follower_destroy(f);
    voxnav_planning_budget_destroy(budget);
}

TEST_CASE("C API follower: plans within a shared budget given in time", "[c_api][follower][budget]") {
    // Issue 57: voxnav_planning_budget_create_us, microseconds a tick.
    DoorCorridor dc;
    auto& [c, stone, door, door_open, nav, g, q] = dc;
    voxnav_planning_budget* budget = nullptr;
    CHECK(voxnav_planning_budget_create_us(0, 0, &budget) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find("microseconds_per_tick") != std::string::npos);
    CHECK(voxnav_planning_budget_create_us(500, 0, nullptr) == VOXNAV_ERR_ARGUMENT);
    REQUIRE(voxnav_planning_budget_create_us(500, 0, &budget) == VOXNAV_OK);
    voxnav_follower* f = nullptr;
    REQUIRE(voxnav_follower_create(nav.n, &q, &f) == VOXNAV_OK);
    REQUIRE(voxnav_follower_set_budget(f, budget) == VOXNAV_OK);
    voxnav_body body{{0.5, 1.0, 1.5}, {0, 0, 0}, 1, 0, 0};
    voxnav_steering s{};
    for (int ticks = 0; ticks < 400 && s.status != VOXNAV_FOLLOW_ARRIVED; ++ticks) {
        REQUIRE(voxnav_world_sync(c.w) == VOXNAV_OK);
        REQUIRE(voxnav_follower_update(f, &body, ticks * 0.05, &s) == VOXNAV_OK);
        REQUIRE(s.status != VOXNAV_FOLLOW_NO_PATH);
        REQUIRE(s.status != VOXNAV_FOLLOW_FAILED);
        if (s.has_open) {
            REQUIRE(voxnav_world_set_block(c.w, s.open[0], s.open[1], s.open[2], door_open) == VOXNAV_OK);
            if (s.open_both_halves) REQUIRE(voxnav_world_set_block(c.w, s.open[0], s.open[1] + 1, s.open[2], door_open) == VOXNAV_OK);
        }
        const double step = std::min(s.speed * 0.05, std::hypot(s.target[0] - body.feet[0], s.target[2] - body.feet[2]));
        body.feet[0] += s.heading[0] * step;
        body.feet[2] += s.heading[1] * step;
    }
    CHECK(s.status == VOXNAV_FOLLOW_ARRIVED);
    voxnav_follower_destroy(f);
    voxnav_planning_budget_destroy(budget);
}

#include "voxnav/version.hpp"

#include <cstdio>

TEST_CASE("C API: voxnav_version() is the library's version, MAJOR.MINOR.PATCH, as voxnav::version()", "[c_api][version]") {
    const char* v = voxnav_version();
    REQUIRE(v != nullptr);
    CHECK(std::string(v) == voxnav::version());
    int major = -1, minor = -1, patch = -1, used = 0;
    CHECK(std::sscanf(v, "%d.%d.%d%n", &major, &minor, &patch, &used) == 3);
    CHECK(used == static_cast<int>(std::string(v).size()));
    CHECK((major >= 0 && minor >= 0 && patch >= 0));
    CHECK(voxnav_version() == v);  // one static string
}
