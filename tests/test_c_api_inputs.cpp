// SPDX-License-Identifier: MIT
// Numbers given to the C API are checked before the library uses them:
// NaN, infinities and coordinates beyond int32 get VOXNAV_ERR_ARGUMENT and a
// sentence naming the argument and its value, in every call that takes them;
// a follower's clock going back is refused the same way.
#include "c_api_helpers.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <string>

using namespace voxnav;
using namespace voxnav::capi_test;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

std::string last_error() { return voxnav_last_error(); }

// A 16 x 16 stone floor at y 0 in chunk (0, 0, 0).
void floor_chunk(voxnav_world* w) {
    uint16_t stone = 0;
    REQUIRE(voxnav_world_find_block(w, "stone", &stone) == VOXNAV_OK);
    std::vector<uint16_t> ids(4096, 0);
    for (int i = 0; i < 256; ++i) ids[i] = stone;
    REQUIRE(voxnav_world_set_chunk(w, 0, 0, 0, ids.data()) == VOXNAV_OK);
}

// `call` gives VOXNAV_ERR_ARGUMENT and a last error holding every one of `words`.
void refused(const std::function<voxnav_status()>& call, std::initializer_list<const char*> words) {
    CHECK(call() == VOXNAV_ERR_ARGUMENT);
    const std::string e = last_error();
    for (const char* w : words) {
        INFO("last error: " << e);
        CHECK(e.find(w) != std::string::npos);
    }
}

}  // namespace

TEST_CASE("C API numbers: NaN, infinities and coordinates beyond int32 in a query are refused, naming the field", "[c_api][inputs]") {
    CWorld c;
    floor_chunk(c.w);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
    CRoute r;
    const int32_t from[3] = {1, 1, 1};
    voxnav_query q;
    voxnav_goal g = voxnav_goal_at(12, 1, 9);
    auto reset = [&] {
        voxnav_query_init(&q);
        g = voxnav_goal_at(12, 1, 9);
        q.goals = &g, q.goal_count = 1;
    };
    auto find = [&] { return voxnav_find_route(nav.n, from, &q, r.r); };
    reset();
    REQUIRE(find() == VOXNAV_OK);
    REQUIRE(voxnav_route_status(r.r) == VOXNAV_FOUND);

    // A near goal's centre and radius.
    const struct {
        double px, radius;
        const char* field;
        const char* value;
    } near[] = {
        {kNaN, 1.0, "goals[0].px", "is NaN"},
        {kInf, 1.0, "goals[0].px", "is inf"},
        {-kInf, 1.0, "goals[0].px", "is -inf"},
        {2147483648.0, 1.0, "goals[0].px", "is 2147483648"},
        {-2147483649.0, 1.0, "goals[0].px", "is -2147483649"},
        {5.5, kNaN, "goals[0].radius", "is NaN"},
        {5.5, kInf, "goals[0].radius", "is inf"},
        {5.5, -1.0, "goals[0].radius", "is -1"},
    };
    for (const auto& n : near) {
        reset();
        g = voxnav_goal_near(n.px, 1.0, 9.5, n.radius);
        refused(find, {"voxnav_find_route", n.field, n.value});
        CHECK(voxnav_route_status(r.r) == VOXNAV_FAILED);
    }
    // The limits themselves: floor(px) is an int32.
    reset();
    g = voxnav_goal_near(2147483647.5, 1.0, 9.5, 1.0);
    CHECK(find() == VOXNAV_OK);
    CHECK(voxnav_route_status(r.r) == VOXNAV_INVALID_GOAL);
    g = voxnav_goal_near(-2147483648.0, 1.0, 9.5, 1.0);
    CHECK(find() == VOXNAV_OK);
    // A second goal's field is named by its index.
    reset();
    voxnav_goal two[2] = {voxnav_goal_at(12, 1, 9), voxnav_goal_near(1.0, kNaN, 1.0, 1.0)};
    q.goals = two, q.goal_count = 2;
    refused(find, {"goals[1].py is NaN"});

    // Threats of a flee query.
    voxnav_threat t{4.5, 1.0, 4.5, 3.0};
    reset();
    q.goal_count = 0, q.threats = &t, q.threat_count = 1;
    CHECK(find() == VOXNAV_OK);
    t.z = kNaN;
    refused(find, {"threats[0].z is NaN", "finite number within int32"});
    t.z = 4.5, t.radius = kInf;
    refused(find, {"threats[0].radius is inf"});

    // Zones: a sphere's centre, radius and multiplier (infinity forbids: allowed).
    voxnav_zone z{};
    z.shape = VOXNAV_ZONE_SPHERE, z.cx = 6, z.cy = 1, z.cz = 6, z.radius = 2, z.multiplier = kInf;
    reset();
    q.zones = &z, q.zone_count = 1;
    CHECK(find() == VOXNAV_OK);
    z.cy = -kInf;
    refused(find, {"zones[0].cy is -inf"});
    z.cy = 1, z.radius = kNaN;
    refused(find, {"zones[0].radius is NaN"});
    z.radius = 2, z.multiplier = kNaN;
    refused(find, {"zones[0].multiplier is NaN"});

    // Options: weight (finite, >= 1), max_cost (infinity is the default), floor costs.
    reset();
    q.weight = kNaN;
    refused(find, {"query.weight is NaN", ">= 1"});
    q.weight = kInf;
    refused(find, {"query.weight is inf"});
    reset();
    q.max_cost = kNaN;
    refused(find, {"query.max_cost is NaN"});
    q.max_cost = kInf;
    CHECK(find() == VOXNAV_OK);
    reset();
    const char* names[] = {"mud"};
    const double costs[] = {kNaN};
    q.floor_names = names, q.floor_costs = costs, q.floor_cost_count = 1;
    refused(find, {"query.floor_costs[0] is NaN"});
}

TEST_CASE("C API numbers: every call taking a query checks it the same way", "[c_api][inputs]") {
    CWorld c;
    floor_chunk(c.w);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
    voxnav_goal g = voxnav_goal_near(kNaN, 1.0, 1.0, 1.0);
    voxnav_query q;
    voxnav_query_init(&q);
    q.goals = &g, q.goal_count = 1;
    const int32_t from[3] = {1, 1, 1};
    voxnav_flow_field* field = nullptr;
    REQUIRE(voxnav_flow_field_create(&field) == VOXNAV_OK);
    refused([&] { return voxnav_compute_flow_field(nav.n, &q, field); }, {"voxnav_compute_flow_field", "goals[0].px is NaN"});
    voxnav_flow_field_destroy(field);
    voxnav_follower* f = nullptr;
    refused([&] { return voxnav_follower_create(nav.n, &q, &f); }, {"voxnav_follower_create", "goals[0].px is NaN"});
    CHECK(f == nullptr);
    voxnav_chase* chase = nullptr;
    REQUIRE(voxnav_chase_create(c.w, "{}", VOXNAV_CHASE_ROUTES, &chase) == VOXNAV_OK);
    refused([&] { return voxnav_chase_update(chase, &q, from, 1, nullptr); }, {"voxnav_chase_update", "goals[0].px is NaN"});
    voxnav_chase_destroy(chase);
    voxnav_service* service = nullptr;
    REQUIRE(voxnav_service_create(c.w, 1, &service) == VOXNAV_OK);
    uint32_t agent = 0;
    REQUIRE(voxnav_service_add_agent(service, "{}", &agent) == VOXNAV_OK);
    uint64_t ticket = 0;
    refused([&] { return voxnav_service_submit(service, agent, 7, from, &q, &ticket); }, {"voxnav_service_submit", "goals[0].px is NaN"});
    CHECK(voxnav_service_pending(service) == 0);
    voxnav_service_destroy(service);
    // A flood reads only the options.
    voxnav_query_init(&q);
    q.weight = -kInf;
    voxnav_reach* reach = nullptr;
    REQUIRE(voxnav_reach_create(&reach) == VOXNAV_OK);
    refused([&] { return voxnav_reachable(nav.n, from, &q, reach); }, {"voxnav_reachable", "query.weight is -inf"});
    voxnav_reach_destroy(reach);
}

TEST_CASE("C API numbers: positions, transforms and block numbers", "[c_api][inputs]") {
    CWorld c;
    floor_chunk(c.w);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
    int32_t out[3] = {-7, -7, -7};
    const double ok[3] = {3.4, 1.0, 7.6};
    REQUIRE(voxnav_snap(nav.n, ok, out) == VOXNAV_OK);
    CHECK((out[0] == 3 && out[1] == 1 && out[2] == 7));
    const struct {
        double p[3];
        const char* words;
    } bad[] = {
        {{kNaN, 1.0, 1.0}, "feet[0] is NaN; a coordinate must be a finite number within int32"},
        {{1.0, kInf, 1.0}, "feet[1] is inf"},
        {{1.0, 1.0, 2147483648.0}, "feet[2] is 2147483648"},
        {{-2147483648.5, 1.0, 1.0}, "feet[0] is -2147483648.5"},
    };
    for (const auto& b : bad) refused([&] { return voxnav_snap(nav.n, b.p, out); }, {"voxnav_snap", b.words});
    const double game[3] = {1.0, kNaN, 1.0};
    refused([&] { return voxnav_snap_game(nav.n, game, out); }, {"game[1] is NaN"});
    voxnav_query q;
    voxnav_query_init(&q);
    voxnav_goal g = voxnav_goal_at(5, 1, 5);
    q.goals = &g, q.goal_count = 1;
    CRoute r;
    refused([&] { return voxnav_find_route_from_game(nav.n, game, &q, r.r); }, {"from_game[1] is NaN"});
    // The transform: a voxel size > 0 and finite, an origin of coordinates.
    refused([&] { return voxnav_world_set_transform(c.w, kNaN, nullptr); }, {"voxel_size is NaN", "> 0"});
    const double origin[3] = {0.0, 0.0, -kInf};
    refused([&] { return voxnav_world_set_transform(c.w, 1.0, origin); }, {"origin[2] is -inf"});
    // Block numbers: slow-block factors (NaN is a bad value, not a shape) and hardness.
    uint16_t id = 0;
    voxnav_block_shape web{0, 16, 0, 0, 0, 0, 0, kNaN, 0.05, 0.0, 0.0};
    refused([&] { return voxnav_world_define_block(c.w, "web", VOXNAV_AIR, 0, &web, &id); }, {"shape.inside_speed is NaN"});
    CHECK(voxnav_world_find_block(c.w, "web", &id) == VOXNAV_ERR_ARGUMENT);  // nothing defined
    uint16_t stone = 0;
    REQUIRE(voxnav_world_find_block(c.w, "stone", &stone) == VOXNAV_OK);
    refused([&] { return voxnav_world_set_block_material(c.w, stone, kNaN, 0, 0); }, {"hardness is NaN"});
    CHECK(voxnav_world_set_block_material(c.w, stone, kInf, 0, 0) == VOXNAV_OK);  // unbreakable
}

TEST_CASE("C API follower: a clock going back is refused with a status naming both times, and nothing changes", "[c_api][inputs][follower]") {
    DoorCorridor dc;
    auto& nav = dc.nav;
    voxnav_follower* f = nullptr;
    REQUIRE(voxnav_follower_create(nav.n, &dc.q, &f) == VOXNAV_OK);
    voxnav_body body{{0.5, 1.0, 1.5}, {0, 0, 0}, 1, 0, 0};
    voxnav_steering s{};
    REQUIRE(voxnav_follower_update(f, &body, 5.0, &s) == VOXNAV_OK);
    const int32_t replans = s.replans;
    CHECK(replans == 1);
    voxnav_steering untouched{};
    untouched.status = 77;
    refused([&] { return voxnav_follower_update(f, &body, 4.5, &untouched); },
            {"voxnav_follower_update", "now (4.5 s)", "previous update's now (5 s)", "never go back"});
    CHECK(untouched.status == 77);  // nothing written
    // The same time again, and later ones, are fine.
    REQUIRE(voxnav_follower_update(f, &body, 5.0, &s) == VOXNAV_OK);
    CHECK(s.replans == replans);
    refused([&] { return voxnav_follower_update(f, &body, kNaN, &s); }, {"now is NaN"});
    refused([&] { return voxnav_follower_update(f, &body, kInf, &s); }, {"now is inf"});
    // A failed update does not move the clock: 100 s refused for its body, 5.05 s still fine.
    voxnav_body far = body;
    far.feet[0] = 2147483648.0;
    refused([&] { return voxnav_follower_update(f, &far, 100.0, &s); }, {"body.feet[0] is 2147483648"});
    voxnav_body fast = body;
    fast.velocity[1] = -kInf;
    refused([&] { return voxnav_follower_update(f, &fast, 100.0, &s); }, {"body.velocity[1] is -inf"});
    REQUIRE(voxnav_follower_update(f, &body, 5.05, &s) == VOXNAV_OK);
    refused([&] { return voxnav_follower_update(f, &body, 5.0, &s); }, {"now (5 s)", "(5.05 s)"});
    voxnav_follower_destroy(f);
}

TEST_CASE("C API: a goal in an unloaded chunk has one reason whatever else is loaded", "[c_api][inputs][reasons]") {
    std::string first;
    for (int far : {0, 5}) {  // chunk (5, 0, 0) loaded or not: the goal's chunk (2, 0, 0) is inside the domain or not
        CWorld c;
        floor_chunk(c.w);
        if (far) {
            std::vector<uint16_t> ids(4096, 0);
            REQUIRE(voxnav_world_set_chunk(c.w, far, 0, 0, ids.data()) == VOXNAV_OK);
        }
        CNav nav;
        REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
        voxnav_query q;
        voxnav_query_init(&q);
        voxnav_goal g = voxnav_goal_at(40, 1, 3);
        q.goals = &g, q.goal_count = 1;
        CRoute r;
        const int32_t from[3] = {1, 1, 1};
        REQUIRE(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_OK);
        CHECK(voxnav_route_status(r.r) == VOXNAV_INVALID_GOAL);
        const std::string why = voxnav_route_error(r.r);
        CHECK(why.find("(40, 1, 3) is in chunk (2, 0, 0), which the game has not loaded") != std::string::npos);
        if (first.empty()) first = why;
        CHECK(why == first);
    }
}
