// SPDX-License-Identifier: MIT
// The C API's route service and chases against fresh routes: every
// collected route and every chaser's route costs what voxnav_find_route
// gives on the same world; cancel, small collects, crowds; bad input.
#include "c_api_helpers.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

using namespace voxnav;
using namespace voxnav::capi_test;

namespace {

struct CService {
    voxnav_service* s = nullptr;
    ~CService() { voxnav_service_destroy(s); }
};

/// Collects until `expected` routes came back (the service answers in the background).
std::vector<voxnav_finished> collect_all(voxnav_service* s, std::size_t expected, std::size_t capacity) {
    std::vector<voxnav_finished> all;
    std::vector<voxnav_finished> batch(capacity);
    REQUIRE(voxnav_service_wait(s) == VOXNAV_OK);
    while (all.size() < expected) {
        size_t n = 99;
        REQUIRE(voxnav_service_collect(s, batch.data(), capacity, &n) == VOXNAV_OK);
        REQUIRE(n <= capacity);
        if (n == 0) break;
        all.insert(all.end(), batch.begin(), batch.begin() + n);
    }
    return all;
}

bool same_cost(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

}  // namespace

TEST_CASE("C API route service: every collected route equals voxnav_find_route, small collects keep the rest", "[c_api][service]") {
    const World source = testing::random_world(7, {24, 8, 24});
    World unused;
    CWorld c;
    copy_chunks(source, unused, c.w);
    const AgentProfile profile = testing::random_agent(7);
    const std::string json = to_json(profile);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, json.c_str(), &nav.n) == VOXNAV_OK);
    CService svc;
    REQUIRE(voxnav_service_create(c.w, 2, &svc.s) == VOXNAV_OK);
    CHECK(voxnav_service_threads(svc.s) == 2);
    uint32_t agent = 99;
    REQUIRE(voxnav_service_add_agent(svc.s, json.c_str(), &agent) == VOXNAV_OK);

    std::mt19937 rng(7);
    struct Asked {
        int32_t from[3];
        voxnav_goal goal;
    };
    std::map<uint64_t, Asked> asked;  // by npc id
    for (uint64_t npc = 1; npc <= 40; ++npc) {
        Asked a{{int32_t(rng() % 24), 1 + int32_t(rng() % 6), int32_t(rng() % 24)}, {}};
        a.goal = voxnav_goal_near(rng() % 24 + 0.5, 1 + rng() % 6, rng() % 24 + 0.5, 1.5);
        voxnav_query q;
        voxnav_query_init(&q);
        q.goals = &a.goal, q.goal_count = 1, q.max_nodes = 50'000;
        uint64_t ticket = 0;
        REQUIRE(voxnav_service_submit(svc.s, agent, npc * 10, a.from, &q, &ticket) == VOXNAV_OK);
        CHECK(ticket > 0);
        asked[npc * 10] = a;
    }
    CHECK(voxnav_service_pending(svc.s) <= 40);
    // Three at a time: the rest wait in the service for the next collect.
    const std::vector<voxnav_finished> done = collect_all(svc.s, 40, 3);
    REQUIRE(done.size() == 40);
    CHECK(voxnav_service_pending(svc.s) == 0);
    CRoute fresh;
    std::vector<uint64_t> tickets;
    for (const voxnav_finished& f : done) {
        REQUIRE(asked.count(f.npc) == 1);
        CHECK(f.cancelled == 0);
        tickets.push_back(f.ticket);
        const Asked& a = asked[f.npc];
        voxnav_query q;
        voxnav_query_init(&q);
        q.goals = &a.goal, q.goal_count = 1, q.max_nodes = 50'000, q.snap_start = 0;
        REQUIRE(voxnav_find_route(nav.n, a.from, &q, fresh.r) == VOXNAV_OK);
        INFO("npc " << f.npc);
        CHECK(voxnav_route_status(f.route) == voxnav_route_status(fresh.r));
        if (voxnav_route_usable(fresh.r)) CHECK(same_cost(voxnav_route_cost(f.route), voxnav_route_cost(fresh.r)));
        voxnav_route_destroy(f.route);
    }
    std::sort(tickets.begin(), tickets.end());
    CHECK(std::unique(tickets.begin(), tickets.end()) == tickets.end());
}

TEST_CASE("C API route service: crowds, cancel, edits between ticks", "[c_api][service]") {
    CWorld c;
    floor_with_wall(c.w, 32, 28);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
    CService svc;
    REQUIRE(voxnav_service_create(c.w, 1, &svc.s) == VOXNAV_OK);
    uint32_t agent = 0;
    REQUIRE(voxnav_service_add_agent(svc.s, "{}", &agent) == VOXNAV_OK);
    voxnav_goal goal = voxnav_goal_at(28, 1, 4);
    voxnav_query q;
    voxnav_query_init(&q);
    q.goals = &goal, q.goal_count = 1;

    // A crowd of 30: each route as a fresh query.
    std::vector<uint64_t> npcs;
    std::vector<int32_t> from;
    for (int i = 0; i < 30; ++i) {
        npcs.push_back(1000 + i);
        from.insert(from.end(), {int32_t(i % 12), 1, int32_t(2 + i)});
    }
    uint64_t crowd = 0;
    REQUIRE(voxnav_service_submit_crowd(svc.s, agent, npcs.data(), from.data(), npcs.size(), &q, &crowd) == VOXNAV_OK);
    const std::vector<voxnav_finished> done = collect_all(svc.s, 30, 64);
    REQUIRE(done.size() == 30);
    CRoute fresh;
    for (std::size_t i = 0; i < done.size(); ++i) {
        CHECK(done[i].ticket == crowd);
        CHECK(done[i].npc == npcs[i]);  // in npcs order
        voxnav_query fq = q;
        fq.snap_start = 0;
        REQUIRE(voxnav_find_route(nav.n, &from[3 * i], &fq, fresh.r) == VOXNAV_OK);
        CHECK(same_cost(voxnav_route_cost(done[i].route), voxnav_route_cost(fresh.r)));
        voxnav_route_destroy(done[i].route);
    }

    // An edit between ticks: a wall across the way; the next request sees it.
    uint16_t stone = 0;
    REQUIRE(voxnav_world_find_block(c.w, "stone", &stone) == VOXNAV_OK);
    for (int z = 0; z < 32; ++z) REQUIRE(voxnav_world_set_block(c.w, 24, 1, z, stone) == VOXNAV_OK);
    for (int z = 0; z < 32; ++z) REQUIRE(voxnav_world_set_block(c.w, 24, 2, z, stone) == VOXNAV_OK);
    const int32_t start[3] = {2, 1, 30};
    uint64_t ticket = 0;
    REQUIRE(voxnav_service_submit(svc.s, agent, 5, start, &q, &ticket) == VOXNAV_OK);
    std::vector<voxnav_finished> after = collect_all(svc.s, 1, 4);
    REQUIRE(after.size() == 1);
    CHECK(voxnav_route_status(after[0].route) == VOXNAV_NO_PATH);
    CHECK(voxnav_metrics{voxnav_route_metrics(after[0].route)}.revision == voxnav_world_revision(c.w));
    voxnav_route_destroy(after[0].route);

    // Cancel: a request that has not started is dropped and comes back
    // marked cancelled; one that ran cannot be.
    int cancelled = 0;
    std::vector<uint64_t> queued;
    for (int i = 0; i < 50; ++i) {
        REQUIRE(voxnav_service_submit(svc.s, agent, 100 + i, start, &q, &ticket) == VOXNAV_OK);
        queued.push_back(ticket);
    }
    for (auto it = queued.rbegin(); it != queued.rend(); ++it) cancelled += voxnav_service_cancel(svc.s, *it);
    CHECK(cancelled > 0);
    const std::vector<voxnav_finished> rest = collect_all(svc.s, 50, 50);
    REQUIRE(rest.size() == 50);
    int marked = 0;
    for (const voxnav_finished& f : rest) {
        if (f.cancelled) {
            ++marked;
            CHECK(voxnav_route_status(f.route) == VOXNAV_CANCELLED);
        }
        voxnav_route_destroy(f.route);
    }
    CHECK(marked == cancelled);
    CHECK(voxnav_service_cancel(svc.s, queued.front()) == 0);
}

TEST_CASE("C API route service: bad input gets a status and queues nothing", "[c_api][service]") {
    CWorld c;
    floor_with_wall(c.w, 16, 4);
    voxnav_service* s = nullptr;
    CHECK(voxnav_service_create(nullptr, 1, &s) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_service_create(c.w, -1, &s) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_service_create(c.w, 257, &s) == VOXNAV_ERR_ARGUMENT);
    CService svc;
    REQUIRE(voxnav_service_create(c.w, 1, &svc.s) == VOXNAV_OK);
    uint32_t agent = 0;
    CHECK(voxnav_service_add_agent(svc.s, R"({"widht": 1})", &agent) == VOXNAV_ERR_PROFILE);
    CHECK(std::string(voxnav_last_error()).find("widht") != std::string::npos);
    REQUIRE(voxnav_service_add_agent(svc.s, "{}", &agent) == VOXNAV_OK);
    voxnav_goal goal = voxnav_goal_at(12, 1, 12);
    voxnav_query q;
    voxnav_query_init(&q);
    q.goals = &goal, q.goal_count = 1;
    const int32_t from[3] = {1, 1, 1};
    uint64_t ticket = 0;
    CHECK(voxnav_service_submit(svc.s, agent + 7, 1, from, &q, &ticket) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find("agent") != std::string::npos);
    CHECK(voxnav_service_submit(svc.s, agent, 1, nullptr, &q, &ticket) == VOXNAV_ERR_ARGUMENT);
    q.weight = 0.5;
    CHECK(voxnav_service_submit(svc.s, agent, 1, from, &q, &ticket) == VOXNAV_ERR_ARGUMENT);
    q.weight = 1.0;
    const uint64_t npcs[2] = {1, 2};
    CHECK(voxnav_service_submit_crowd(svc.s, agent, npcs, nullptr, 2, &q, &ticket) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_service_submit_crowd(svc.s, agent, npcs, from, 0, &q, &ticket) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_service_pending(svc.s) == 0);
    size_t n = 5;
    CHECK(voxnav_service_collect(svc.s, nullptr, 0, &n) == VOXNAV_OK);
    CHECK(n == 0);
    CHECK(voxnav_service_collect(svc.s, nullptr, 4, &n) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_service_pending(nullptr) == 0);
    CHECK(voxnav_service_threads(nullptr) == 0);
    voxnav_service_destroy(nullptr);
}

TEST_CASE("C API chases: each chaser's cost and first move equal a fresh route, tick after tick", "[c_api][chase]") {
    for (int32_t method : {VOXNAV_CHASE_AUTO, VOXNAV_CHASE_ROUTES, VOXNAV_CHASE_FIELD}) {
        CWorld c;
        floor_with_wall(c.w, 32, 28);
        CNav nav;
        REQUIRE(voxnav_navigator_create(c.w, "{}", &nav.n) == VOXNAV_OK);
        voxnav_chase* chase = nullptr;
        REQUIRE(voxnav_chase_create(c.w, "{}", method, &chase) == VOXNAV_OK);
        std::vector<int32_t> chasers;
        for (int i = 0; i < 12; ++i) chasers.insert(chasers.end(), {int32_t(1 + i), 1, int32_t(30 - i)});
        uint16_t stone = 0;
        REQUIRE(voxnav_world_find_block(c.w, "stone", &stone) == VOXNAV_OK);
        CRoute fresh, route;
        for (int tick = 0; tick < 6; ++tick) {
            // The target walks along x = 28; an edit lands at tick 3.
            voxnav_goal target = voxnav_goal_at(28, 1, 2 + tick);
            voxnav_query q;
            voxnav_query_init(&q);
            q.goals = &target, q.goal_count = 1;
            if (tick == 3) REQUIRE(voxnav_world_set_block(c.w, 16, 1, 29, stone) == VOXNAV_OK);
            voxnav_chase_stats stats{};
            REQUIRE(voxnav_chase_update(chase, &q, chasers.data(), chasers.size() / 3, &stats) == VOXNAV_OK);
            CHECK(stats.revision == voxnav_world_revision(c.w));
            if (method != VOXNAV_CHASE_AUTO) CHECK(stats.method == method);
            for (std::size_t i = 0; i < chasers.size() / 3; ++i) {
                voxnav_query fq = q;
                fq.snap_start = 0;
                REQUIRE(voxnav_find_route(nav.n, &chasers[3 * i], &fq, fresh.r) == VOXNAV_OK);
                INFO("method " << method << " tick " << tick << " chaser " << i);
                REQUIRE(voxnav_route_usable(fresh.r));
                CHECK(same_cost(voxnav_chase_cost(chase, i), voxnav_route_cost(fresh.r)));
                REQUIRE(voxnav_chase_route(chase, i, route.r) == VOXNAV_OK);
                CHECK(same_cost(voxnav_route_cost(route.r), voxnav_route_cost(fresh.r)));
                int32_t next[3] = {0, 0, 0}, action = -1;
                REQUIRE(voxnav_chase_next(chase, i, next, &action) == 1);
                const voxnav_waypoint* wp = voxnav_route_waypoints(route.r);
                CHECK((next[0] == wp[1].x && next[1] == wp[1].y && next[2] == wp[1].z && action == wp[1].action));
            }
            // Every chaser takes its first move.
            for (std::size_t i = 0; i < chasers.size() / 3; ++i) {
                int32_t next[3];
                if (voxnav_chase_next(chase, i, next, nullptr)) std::copy(next, next + 3, &chasers[3 * i]);
            }
        }
        // Past the last chaser: nothing, and a route that says so.
        CHECK(voxnav_chase_next(chase, 99, nullptr, nullptr) == 0);
        CHECK(voxnav_chase_cost(chase, 99) == HUGE_VAL);
        REQUIRE(voxnav_chase_route(chase, 99, route.r) == VOXNAV_OK);
        CHECK(voxnav_route_status(route.r) == VOXNAV_NO_PATH);
        CHECK(std::string(voxnav_route_error(route.r)).find("99") != std::string::npos);
        voxnav_chase_destroy(chase);
    }
    CWorld c;
    voxnav_chase* chase = nullptr;
    CHECK(voxnav_chase_create(c.w, "{}", 7, &chase) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_chase_create(c.w, "{\"nope\": 1}", VOXNAV_CHASE_AUTO, &chase) == VOXNAV_ERR_PROFILE);
    REQUIRE(voxnav_chase_create(c.w, "{}", VOXNAV_CHASE_AUTO, &chase) == VOXNAV_OK);
    voxnav_threat t{1, 1, 1, 3};
    voxnav_query flee;
    voxnav_query_init(&flee);
    flee.threats = &t, flee.threat_count = 1;
    const int32_t one[3] = {1, 1, 1};
    CHECK(voxnav_chase_update(chase, &flee, one, 1, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_chase_update(chase, nullptr, one, 1, nullptr) == VOXNAV_ERR_ARGUMENT);
    voxnav_chase_destroy(chase);
    // The world handle may go first: the chase keeps the world alive.
}
