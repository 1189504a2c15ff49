// SPDX-License-Identifier: MIT
// Search traces (what a query's search did) and the reachable set. Traces
// are checked against the route they came from; the reachable set against a
// plain flood over the reference model, written here.
#include "random_world.hpp"
#include "reference_model.hpp"
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <queue>
#include <random>
#include <set>

using namespace voxnav;
using Approx = Catch::Detail::Approx;

namespace {

// Every waypoint reachable from `start` with its cheapest cost: Dijkstra over
// the reference model's moves, with a plain priority queue.
std::map<Voxel, double, ref::VoxelLess> flood(const ref::Model& model, const Voxel& start) {
    std::map<Voxel, double, ref::VoxelLess> best;
    using Item = std::pair<double, Voxel>;
    auto later = [](const Item& a, const Item& b) { return a.first > b.first; };
    std::priority_queue<Item, std::vector<Item>, decltype(later)> open(later);
    best[start] = 0.0;
    open.push({0.0, start});
    while (!open.empty()) {
        const auto [g, p] = open.top();
        open.pop();
        if (g > best[p]) continue;
        for (const ref::Move& m : model.moves(p)) {
            const double ng = g + m.cost;
            auto it = best.find(m.to);
            if (it == best.end() || ng < it->second) {
                best[m.to] = ng;
                open.push({ng, m.to});
            }
        }
    }
    return best;
}

std::vector<Voxel> waypoints_of(const ref::Model& model, const Voxel& size) {
    std::vector<Voxel> out;
    for (int y = 0; y < size.y; ++y)
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x)
                if (model.waypoint({x, y, z})) out.push_back({x, y, z});
    return out;
}

// The route rebuilt from a trace is the route the query gave.
void rebuilds_to(const SearchTrace& trace, const Route& r) {
    const Route rebuilt = rebuild_route(trace);
    REQUIRE(rebuilt.waypoints.size() == r.waypoints.size());
    for (std::size_t k = 0; k < r.waypoints.size(); ++k) {
        CHECK(rebuilt.waypoints[k].position == r.waypoints[k].position);
        CHECK(rebuilt.waypoints[k].action == r.waypoints[k].action);
        CHECK(rebuilt.waypoints[k].cost == Approx(r.waypoints[k].cost).margin(1e-9));
    }
    CHECK(rebuilt.cost == Approx(r.cost).margin(1e-9));
}

}  // namespace

TEST_CASE("a trace records every expansion, and the route rebuilt from it is the route", "[trace]") {
    int found = 0, partial = 0, none = 0;
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
        const Voxel size(12, 7, 12);
        const World world = testing::random_world(seed, size);
        const AgentProfile agent = testing::random_agent(seed);
        const ref::Model model(world, agent);
        const std::vector<Voxel> wps = waypoints_of(model, size);
        if (wps.size() < 2) continue;
        Navigator nav(world, agent);
        std::mt19937 rng(seed);
        for (int q = 0; q < 6; ++q) {
            const Voxel a = wps[rng() % wps.size()], b = wps[rng() % wps.size()];
            SearchTrace trace;
            QueryOptions opt;
            opt.trace = &trace;
            if (q == 5) opt.limits.max_nodes = 5;  // partial routes too
            const Route r = nav.find_route(a, Goal::at(b), opt);
            INFO("seed " << seed << " query " << q << ": " << to_json(r));
            REQUIRE(trace.expanded.size() == r.metrics.expanded);
            CHECK(trace.status == r.status);
            CHECK(trace.metrics.generated == r.metrics.generated);
            // Each node is expanded once, the start first, parents before children.
            std::set<Voxel, ref::VoxelLess> seen;
            for (std::size_t i = 0; i < trace.expanded.size(); ++i) {
                const TraceNode& n = trace.expanded[i];
                CHECK(seen.insert(n.position).second);
                CHECK(n.parent < std::int64_t(i));
                if (i == 0) CHECK(n.position == a);
                if (n.parent >= 0) CHECK(n.g > trace.expanded[std::size_t(n.parent)].g - 1e-12);
            }
            // Open nodes were generated, not expanded, and their parents were.
            for (const TraceNode& n : trace.open) {
                CHECK(seen.count(n.position) == 0);
                CHECK(n.parent >= 0);
            }
            rebuilds_to(trace, r);
            // The JSON form round-trips.
            const SearchTrace back = trace_from_json(to_json(trace));
            CHECK(back.expanded.size() == trace.expanded.size());
            CHECK(back.open.size() == trace.open.size());
            CHECK(to_json(back) == to_json(trace));
            found += r.status == SearchStatus::Found;
            partial += r.status == SearchStatus::Partial;
            none += r.status == SearchStatus::NoPath;
        }
    }
    CHECK(found > 100);
    CHECK(partial > 10);
    CHECK(none > 5);
}

TEST_CASE("a trace is the same when the query runs again, sliced or not", "[trace]") {
    const World world = testing::random_world(7, {14, 8, 14});
    AgentProfile agent;
    Navigator nav(world, agent);
    const ref::Model model(world, agent);
    const std::vector<Voxel> wps = waypoints_of(model, {14, 8, 14});
    REQUIRE(wps.size() > 10);
    SearchTrace one, again, sliced;
    QueryOptions opt;
    opt.trace = &one;
    const Route r = nav.find_route(wps.front(), Goal::at(wps.back()), opt);
    opt.trace = &again;
    (void)nav.find_route(wps.front(), Goal::at(wps.back()), opt);
    opt.trace = &sliced;
    nav.begin_route(wps.front(), Goal::at(wps.back()), opt);
    while (!nav.step(3)) {}
    // Times differ; the rest must not.
    again.metrics.microseconds = sliced.metrics.microseconds = one.metrics.microseconds;
    CHECK(to_json(one) == to_json(again));
    CHECK(to_json(sliced) == to_json(one));
    // A query without a trace leaves the last one alone.
    const std::string before = to_json(one);
    (void)nav.find_route(wps.back(), wps.front());
    CHECK(to_json(one) == before);
}

TEST_CASE("a dig and place query records its search: every expansion, the route rebuilt, sliced alike", "[trace][dig]") {
    const World world = load_world(VOXNAV_SOURCE_DIR "/worlds/dig.vxw");
    const AgentProfile pioneer = load_agent_profile(VOXNAV_SOURCE_DIR "/worlds/agents/pioneer.json");
    Navigator nav(world, pioneer);
    SearchTrace trace, sliced;
    QueryOptions opt;
    opt.trace = &trace;
    const Route r = nav.find_route(*world.point("S"), Goal::at(*world.point("G")), opt);
    REQUIRE(r.status == SearchStatus::Found);
    REQUIRE_FALSE(r.dig.empty());
    REQUIRE_FALSE(r.place.empty());
    REQUIRE(trace.expanded.size() == r.metrics.expanded);
    CHECK(trace.metrics.generated == r.metrics.generated);
    CHECK(trace.expanded.front().position == *world.point("S"));
    for (std::size_t i = 0; i < trace.expanded.size(); ++i) CHECK(trace.expanded[i].parent < std::int64_t(i));
    // The digging and placing steps are in the trace with their acts.
    rebuilds_to(trace, r);
    int digging = 0, placing = 0;
    for (const TraceNode& n : trace.expanded) digging += n.action.does(WorldAct::Dig), placing += n.action.does(WorldAct::Place);
    CHECK(digging > 0);
    CHECK(placing > 0);
    opt.trace = &sliced;
    nav.begin_route(*world.point("S"), Goal::at(*world.point("G")), opt);
    while (!nav.step(7)) {}
    sliced.metrics.microseconds = trace.metrics.microseconds;
    CHECK(to_json(sliced) == to_json(trace));
}

TEST_CASE("an invalid start or goal gives an empty trace with that status", "[trace]") {
    const World world = testing::world_from_text(R"(voxnav-world 1
size 5 4 3
layer 0
#####
#####
#####
layer 1
.....
.....
.....
layer 2
.....
.....
.....
layer 3
.....
.....
.....
)");
    Navigator nav(world, AgentProfile{});
    SearchTrace trace;
    trace.expanded.resize(3);
    QueryOptions opt;
    opt.trace = &trace;
    Route r = nav.find_route({0, 3, 0}, Goal::at({4, 1, 2}), opt);
    CHECK(r.status == SearchStatus::InvalidStart);
    CHECK(trace.status == SearchStatus::InvalidStart);
    CHECK(trace.expanded.empty());
    CHECK_FALSE(trace.has_end);
    CHECK(rebuild_route(trace).waypoints.empty());
}

TEST_CASE("damaged trace JSON gives std::runtime_error naming the entry", "[trace]") {
    CHECK_THROWS_AS(trace_from_json("{"), std::runtime_error);
    CHECK_THROWS_WITH(trace_from_json(R"({"status":"found","cost":1,"expanded":1,"expansions":[[1,2,3]],"open":[]})"),
                      Catch::Contains("expansions[0]"));
    CHECK_THROWS_WITH(trace_from_json(R"({"status":"found","cost":1,"expanded":1,"expansions":[[1,2,3,0,0,-1,"hop"]],"open":[]})"),
                      Catch::Contains("hop"));
    SearchTrace loop;
    loop.has_end = true;
    loop.expanded.push_back({{0, 0, 0}, 0.0, 0.0, 1, Action::Walk});
    loop.expanded.push_back({{1, 0, 0}, 1.0, 0.0, 0, Action::Walk});
    loop.end.parent = 1;
    CHECK_THROWS_AS(rebuild_route(loop), std::invalid_argument);
}

TEST_CASE("trace moves: motion and world acts written apart, legacy traces read as they were meant", "[trace]") {
    SearchTrace t;
    t.has_end = true;
    t.expanded.push_back({{0, 0, 0}, 0.0, 0.0, -1, Action::Start});
    t.end = {{1, 0, 0}, 1.0, 0.0, 0, MoveTag(Action::Walk, WorldAct::Open)};
    const std::string json = to_json(t);
    CHECK(json.find(R"("walk+open")") != std::string::npos);
    CHECK(json.find(R"("format":2)") != std::string::npos);
    const SearchTrace back = trace_from_json(json);
    CHECK_FALSE(back.legacy_actions);
    CHECK(back.end.action == MoveTag(Action::Walk, WorldAct::Open));
    CHECK(trace_moves_match(back, back.end.action, MoveTag(Action::Walk, WorldAct::Open)));
    CHECK_FALSE(trace_moves_match(back, back.end.action, MoveTag(Action::Walk)));
    CHECK_FALSE(trace_moves_match(back, MoveTag(Action::Jump), MoveTag(Action::Leap)));
    // Written before 2026-11-26: a "jump" may have been a leap, "open",
    // "dig" and "place" stood for the move.
    const SearchTrace old = trace_from_json(
        R"({"status":"found","cost":2,"expanded":2,"expansions":[[0,0,0,0,0,-1,"start"],[1,0,0,1,0,0,"jump"]],"open":[],"end":[2,0,0,2,0,1,"open"]})");
    CHECK(old.legacy_actions);
    CHECK(trace_moves_match(old, old.expanded[1].action, MoveTag(Action::Leap)));
    CHECK(trace_moves_match(old, old.expanded[1].action, MoveTag(Action::Jump)));
    CHECK_FALSE(trace_moves_match(old, old.expanded[1].action, MoveTag(Action::Walk)));
    CHECK(trace_moves_match(old, old.end.action, MoveTag(Action::Fall, WorldAct::Open)));
    CHECK_FALSE(trace_moves_match(old, old.end.action, MoveTag(Action::Walk)));
    CHECK_THROWS_WITH(trace_from_json(R"({"status":"found","cost":1,"expanded":1,"format":2,"expansions":[[1,2,3,0,0,-1,"open"]],"open":[]})"),
                      Catch::Contains("open"));
    CHECK_THROWS(trace_from_json(R"({"status":"found","cost":1,"expanded":1,"format":2,"expansions":[[1,2,3,0,0,-1,"walk+swim"]],"open":[]})"));
}

TEST_CASE("the reachable set equals a plain flood, with and without a cost limit", "[reach]") {
    int compared = 0, limited = 0;
    for (std::uint32_t seed = 1; seed <= 80; ++seed) {
        const Voxel size(11, 7, 11);
        const World world = testing::random_world(seed + 1000, size);
        const AgentProfile agent = testing::random_agent(seed + 1000);
        const ref::Model model(world, agent);
        const std::vector<Voxel> wps = waypoints_of(model, size);
        if (wps.empty()) continue;
        Navigator nav(world, agent);
        const Voxel start = wps[(seed * 7919u) % wps.size()];
        const auto expect = flood(model, start);
        QueryOptions opt;
        Reach reach = nav.reachable(start, opt);
        INFO("seed " << seed << " agent " << to_json(agent));
        REQUIRE(reach.complete());
        REQUIRE(reach.waypoints.size() == expect.size());
        double last = 0.0;
        for (const ReachedWaypoint& w : reach.waypoints) {
            const auto it = expect.find(w.position);
            REQUIRE(it != expect.end());
            CHECK(w.cost == Approx(it->second).margin(1e-9));
            CHECK(w.cost >= last - 1e-12);  // cheapest first
            last = w.cost;
        }
        CHECK(reach.metrics.expanded == reach.waypoints.size());
        ++compared;
        // Within a cost: exactly the flood's positions costing at most that
        // (positions within 1e-9 of the limit are left out of the comparison).
        opt.limits.max_cost = 0.5 * last;
        reach = nav.reachable(start, opt);
        REQUIRE(reach.complete());
        std::set<Voxel, ref::VoxelLess> got;
        for (const ReachedWaypoint& w : reach.waypoints) got.insert(w.position);
        for (const auto& [p, c] : expect) {
            if (std::abs(c - opt.limits.max_cost) < 1e-9) continue;
            CHECK(got.count(p) == (c <= opt.limits.max_cost ? 1u : 0u));
        }
        limited += expect.size() > got.size();
    }
    CHECK(compared > 60);
    CHECK(limited > 30);
}

TEST_CASE("reachable: a node cap says partial, a bad start says why", "[reach]") {
    const World world = testing::random_world(3, {12, 6, 12});
    AgentProfile agent;
    const ref::Model model(world, agent);
    const std::vector<Voxel> wps = waypoints_of(model, {12, 6, 12});
    REQUIRE(wps.size() > 20);
    Navigator nav(world, agent);
    QueryOptions opt;
    opt.limits.max_nodes = 10;
    Reach r = nav.reachable(wps[0], opt);
    CHECK(r.status == SearchStatus::Partial);
    CHECK(r.waypoints.size() == 10);
    r = nav.reachable({0, 5, 0});
    CHECK(r.status == SearchStatus::InvalidStart);
    CHECK_THAT(r.error, Catch::Contains("start"));
    CHECK(r.waypoints.empty());
}
