// SPDX-License-Identifier: MIT
// The C API's game units, snapping, smoothing and reachable areas against
// the C++ calls they wrap, on random worlds; bad input gets a status.
#include "c_api_helpers.hpp"

#include <cmath>
#include <random>

using namespace voxnav;
using namespace voxnav::capi_test;

namespace {

/// A random world in C and C++ alike, with a profile's navigators on each.
struct Twin {
    World cpp_world;
    CWorld c;
    AgentProfile profile;
    std::unique_ptr<Navigator> nav;
    CNav cnav;
    explicit Twin(std::uint32_t seed) {
        copy_chunks(testing::random_world(seed, {20, 8, 20}), cpp_world, c.w);
        profile = testing::random_agent(seed);
        nav = std::make_unique<Navigator>(cpp_world, profile);
        REQUIRE(voxnav_navigator_create(c.w, to_json(profile).c_str(), &cnav.n) == VOXNAV_OK);
    }
};

struct CReach {
    voxnav_reach* r = nullptr;
    CReach() { REQUIRE(voxnav_reach_create(&r) == VOXNAV_OK); }
    ~CReach() { voxnav_reach_destroy(r); }
};

}  // namespace

TEST_CASE("C API game units: a transform, snapping and routes from game positions equal the C++ API's", "[c_api]") {
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        Twin t(seed);
        const double origin[3] = {100.0, -8.0, 0.25};
        REQUIRE(voxnav_world_set_transform(t.c.w, 0.5, origin) == VOXNAV_OK);
        t.cpp_world.transform().voxel_size = 0.5;
        t.cpp_world.transform().origin = {100.0, -8.0, 0.25};
        double size = 0.0, back[3] = {0, 0, 0};
        REQUIRE(voxnav_world_get_transform(t.c.w, &size, back) == VOXNAV_OK);
        CHECK(size == 0.5);
        CHECK((back[0] == 100.0 && back[1] == -8.0 && back[2] == 0.25));
        std::mt19937 rng(seed);
        CRoute r;
        int snapped = 0;
        for (int q = 0; q < 12; ++q) {
            // A game position: somewhere in the world, fractional.
            const glm::dvec3 game{100.0 + (rng() % 2000) / 200.0, -8.0 + 0.5 + (rng() % 600) / 200.0, 0.25 + (rng() % 2000) / 200.0};
            const double g[3] = {game.x, game.y, game.z};
            int32_t feet[3] = {0, 0, 0};
            t.nav->sync();  // snap reads the facts of the last query or sync
            const Navigator::Snap sn = t.nav->snap(game);
            const voxnav_status s = voxnav_snap_game(t.cnav.n, g, feet);
            REQUIRE((s == VOXNAV_OK) == sn.ok);
            if (sn.ok) {
                ++snapped;
                CHECK((feet[0] == sn.feet.x && feet[1] == sn.feet.y && feet[2] == sn.feet.z));
                // Back to game units: the feet centre, which snaps to itself.
                double centre[3];
                REQUIRE(voxnav_to_game(t.cnav.n, feet, centre) == VOXNAV_OK);
                const glm::dvec3 expect = t.nav->to_game(sn.feet);
                CHECK((centre[0] == expect.x && centre[1] == expect.y && centre[2] == expect.z));
                int32_t again[3];
                REQUIRE(voxnav_snap_game(t.cnav.n, centre, again) == VOXNAV_OK);
                CHECK((again[0] == feet[0] && again[1] == feet[1] && again[2] == feet[2]));
            } else {
                CHECK(std::string(voxnav_last_error()).find(sn.what) != std::string::npos);
            }
            // A route from the game position, as the C++ call gives it.
            const Voxel b{int(rng() % 20), 1 + int(rng() % 6), int(rng() % 20)};
            voxnav_goal goal = voxnav_goal_near(b.x + 0.5, b.y, b.z + 0.5, 2.0);
            voxnav_query query;
            voxnav_query_init(&query);
            query.goals = &goal, query.goal_count = 1, query.max_nodes = 50'000;
            QueryOptions o;
            o.limits.max_nodes = 50'000;
            REQUIRE(voxnav_find_route_from_game(t.cnav.n, g, &query, r.r) == VOXNAV_OK);
            const Route cpp = t.nav->find_route_from_game(game, Goal::near({b.x + 0.5, b.y, b.z + 0.5}, 2.0), o);
            INFO("seed " << seed << " query " << q);
            expect_same(cpp, r.r);
            if (!cpp.usable()) continue;
            // Every waypoint in game units.
            std::vector<double> points(3 * voxnav_route_size(r.r));
            size_t count = 0;
            REQUIRE(voxnav_route_to_game(t.cnav.n, r.r, points.data(), voxnav_route_size(r.r), &count) == VOXNAV_OK);
            REQUIRE(count == cpp.waypoints.size());
            const std::vector<glm::dvec3> expect = t.nav->to_game(cpp);
            for (std::size_t i = 0; i < count; ++i)
                CHECK((points[3 * i] == expect[i].x && points[3 * i + 1] == expect[i].y && points[3 * i + 2] == expect[i].z));
            if (count > 1) {
                size_t needed = 0;
                CHECK(voxnav_route_to_game(t.cnav.n, r.r, points.data(), count - 1, &needed) == VOXNAV_ERR_ARGUMENT);
                CHECK(needed == count);
            }
        }
        CHECK(snapped > 0);
    }
}

TEST_CASE("C API game units: bad transforms and positions get a status and change nothing", "[c_api]") {
    CWorld c;
    floor_with_wall(c.w, 16, 4);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
    const double nan_origin[3] = {0.0, std::nan(""), 0.0};
    CHECK(voxnav_world_set_transform(c.w, 0.0, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find("voxel_size") != std::string::npos);
    CHECK(voxnav_world_set_transform(c.w, HUGE_VAL, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_set_transform(c.w, 1.0, nan_origin) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find("origin[1]") != std::string::npos);
    double size = 0.0;
    REQUIRE(voxnav_world_get_transform(c.w, &size, nullptr) == VOXNAV_OK);
    CHECK(size == 1.0);
    int32_t feet[3];
    const double in_air[3] = {3.5, 12.0, 3.5}, inf_pos[3] = {HUGE_VAL, 1.0, 1.0};
    CHECK(voxnav_snap_game(nav.n, in_air, feet) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_snap_game(nav.n, inf_pos, feet) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_snap_game(nav.n, nullptr, feet) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_to_game(nullptr, feet, nullptr) == VOXNAV_ERR_ARGUMENT);
    CRoute r;
    voxnav_goal goal = voxnav_goal_at(12, 1, 12);
    voxnav_query q;
    voxnav_query_init(&q);
    q.goals = &goal, q.goal_count = 1;
    // A start nobody can stand at: the route says why, as voxnav_find_route does.
    REQUIRE(voxnav_find_route_from_game(nav.n, in_air, &q, r.r) == VOXNAV_OK);
    CHECK(voxnav_route_status(r.r) == VOXNAV_INVALID_START);
    CHECK(std::string(voxnav_route_error(r.r)).size() > 0);
    CHECK(voxnav_find_route_from_game(nav.n, inf_pos, &q, r.r) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_route_status(r.r) == VOXNAV_FAILED);
}

TEST_CASE("C API smoothing equals the C++ smooth_route, straight walks", "[c_api]") {
    CWorld c;
    floor_with_wall(c.w, 32, 28);
    World cpp_world;
    {
        std::array<BlockId, World::chunk_volume> ids;
        for (int cz = 0; cz < 2; ++cz)
            for (int cx = 0; cx < 2; ++cx) {
                REQUIRE(voxnav_world_get_chunk(c.w, cx, 0, cz, ids.data()) == VOXNAV_OK);
                cpp_world.set_chunk({cx, 0, cz}, ids.data());
            }
    }
    Navigator nav(cpp_world, AgentProfile{});
    CNav cnav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &cnav.n) == VOXNAV_OK);
    voxnav_zone zone{};
    zone.shape = VOXNAV_ZONE_SPHERE, zone.cx = 20, zone.cy = 1, zone.cz = 20, zone.radius = 3, zone.multiplier = 4.0;
    const std::vector<CostZone> zones{CostZone::sphere({20, 1, 20}, 3, 4.0)};
    CRoute r, smooth;
    int merged = 0;
    for (int32_t x = 1; x < 32; x += 5) {
        voxnav_goal goal = voxnav_goal_at(30, 1, 2);
        voxnav_query q;
        voxnav_query_init(&q);
        q.goals = &goal, q.goal_count = 1, q.zones = &zone, q.zone_count = 1;
        const int32_t from[3] = {x, 1, 30};
        REQUIRE(voxnav_find_route(cnav.n, from, &q, r.r) == VOXNAV_OK);
        REQUIRE(voxnav_route_usable(r.r));
        QueryOptions o;
        o.zones = zones;
        const Route cpp = nav.find_route({x, 1, 30}, Goal::at({30, 1, 2}), o);
        const Route cpp_smooth = nav.smooth_route(cpp, zones);
        REQUIRE(voxnav_smooth_route(cnav.n, r.r, &zone, 1, smooth.r) == VOXNAV_OK);
        expect_same(cpp_smooth, smooth.r);
        merged += voxnav_route_size(smooth.r) < voxnav_route_size(r.r);
        // In place: the route handle smoothed into itself.
        REQUIRE(voxnav_smooth_route(cnav.n, r.r, &zone, 1, r.r) == VOXNAV_OK);
        expect_same(cpp_smooth, r.r);
    }
    CHECK(merged > 0);
    const int32_t a[3] = {1, 1, 30}, b[3] = {10, 1, 30}, behind[3] = {20, 1, 2};
    CHECK(voxnav_straight_walk_clear(cnav.n, a, b) == (nav.straight_walk_clear({1, 1, 30}, {10, 1, 30}) ? 1 : 0));
    CHECK(voxnav_straight_walk_clear(cnav.n, a, b) == 1);
    CHECK(voxnav_straight_walk_clear(cnav.n, b, behind) == 0);  // through the wall
    CHECK(voxnav_straight_walk_clear(cnav.n, nullptr, b) == 0);
    CHECK(voxnav_smooth_route(cnav.n, nullptr, nullptr, 0, smooth.r) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_smooth_route(cnav.n, r.r, nullptr, 1, smooth.r) == VOXNAV_ERR_ARGUMENT);
}

TEST_CASE("C API reachable areas equal the C++ flood: counts, costs, order", "[c_api]") {
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        Twin t(seed);
        std::mt19937 rng(seed);
        CReach reach;
        for (int q = 0; q < 6; ++q) {
            const Voxel from{int(rng() % 20), 1 + int(rng() % 6), int(rng() % 20)};
            const int32_t f[3] = {from.x, from.y, from.z};
            voxnav_query query;
            voxnav_query_init(&query);
            QueryOptions o;
            if (q % 2) query.max_cost = 6.0, o.limits.max_cost = 6.0;
            if (q % 3 == 2) query.max_nodes = 40, o.limits.max_nodes = 40;
            REQUIRE(voxnav_reachable(t.cnav.n, f, &query, reach.r) == VOXNAV_OK);
            const Reach cpp = t.nav->reachable(from, o);
            INFO("seed " << seed << " query " << q);
            REQUIRE(voxnav_reach_status(reach.r) == int32_t(cpp.status));
            REQUIRE(voxnav_reach_count(reach.r) == cpp.waypoints.size());
            CHECK(std::string(voxnav_reach_error(reach.r)) == cpp.error);
            const voxnav_reached* w = voxnav_reach_waypoints(reach.r);
            for (std::size_t i = 0; i < cpp.waypoints.size(); ++i) {
                CHECK((w[i].x == cpp.waypoints[i].position.x && w[i].y == cpp.waypoints[i].position.y &&
                       w[i].z == cpp.waypoints[i].position.z));
                CHECK(w[i].cost == cpp.waypoints[i].cost);
                CHECK(w[i].action == int32_t(cpp.waypoints[i].action));
                if (q % 2) CHECK(w[i].cost <= 6.0);
            }
            if (cpp.status == SearchStatus::Partial) CHECK(voxnav_reach_count(reach.r) <= 40);
            CHECK(voxnav_reach_metrics(reach.r).expanded == cpp.metrics.expanded);
        }
    }
    CHECK(voxnav_reachable(nullptr, nullptr, nullptr, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_reach_count(nullptr) == 0);
    CHECK(voxnav_reach_waypoints(nullptr) == nullptr);
}
