// SPDX-License-Identifier: MIT
// The search against a plain Dijkstra over the reference model, on many
// seeded random worlds and profiles; limits and statuses; the generic A*.
#include "accelerated_check.hpp"
#include "flat_world.hpp"
#include "random_world.hpp"
#include "reference_model.hpp"
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include "bench/terrain.hpp"

#include <thread>

using namespace voxnav;

namespace {

using testing::waypoints_of;

}  // namespace

TEST_CASE("random worlds: optimal at weight 1, bounded at weight w, legal routes", "[search][random]") {
    int compared = 0, reachable = 0, unreachable = 0;
    for (std::uint32_t seed = 1; seed <= 120; ++seed) {
        const World w = testing::random_world(seed);
        const AgentProfile a = testing::random_agent(seed);
        testing::for_random_queries(w, a, seed, 6, [&](Navigator& nav, const ref::Model& model, const Voxel& s, const Voxel& g) {
            const double best = model.dijkstra(s, g);
            const Route r = nav.find_route(s, g);
            INFO("route " << to_json(r) << "\nagent " << to_json(a));
            ++compared;
            if (best < 0) {
                ++unreachable;
                CHECK(r.status == SearchStatus::NoPath);
                CHECK(r.waypoints.empty());
                return;
            }
            ++reachable;
            REQUIRE(r.status == SearchStatus::Found);
            CHECK(r.cost == Approx(best).epsilon(1e-9));
            CHECK(model.check_route(r) == "");
            CHECK(r.waypoints.front().position == s);
            CHECK(r.waypoints.back().position == g);
            for (double weight : {1.5, 3.0}) {
                SearchLimits lim;
                lim.weight = weight;
                const Route rw = nav.find_route(s, g, lim);
                REQUIRE(rw.status == SearchStatus::Found);
                CHECK(rw.cost <= weight * best + 1e-9);
                CHECK(model.check_route(rw) == "");
            }
        });
    }
    // The generator must exercise both outcomes for the comparison to mean much.
    CHECK(compared > 500);
    CHECK(reachable > 200);
    CHECK(unreachable > 20);
}

// The bound counts the climb to a goal above (MovementModel::climb_rate); a
// rate too high for some move would break this on jumps, swims or flights up.
TEST_CASE("the lower bound is zero at the goal and consistent over every move", "[search][bound]") {
    int moves_checked = 0, climbs_counted = 0, violations = 0;
    std::string first;
    for (std::uint32_t seed = 1; seed <= 80; ++seed) {
        const World w = testing::random_world(seed);
        const AgentProfile a = testing::random_agent(seed);
        Navigator nav(w, a);
        const std::vector<Voxel> spots = waypoints_of(ref::Model(w, a), w);
        if (spots.size() < 2) continue;
        std::mt19937 rng(seed);
        for (int q = 0; q < 4; ++q) {
            const Voxel g = spots[rng() % spots.size()];
            CHECK(nav.moves().lower_bound(g, g) == 0.0);
            for (const Voxel& s : spots) {
                const double hs = nav.moves().lower_bound(s, g);
                if (g.y > s.y && nav.moves().climb_rate() > 0) ++climbs_counted;
                for (const auto& m : testing::moves_from(nav, s)) {
                    ++moves_checked;
                    if (hs <= m.cost + nav.moves().lower_bound(m.to, g) + 1e-12) continue;
                    if (violations++ == 0)
                        first = "seed " + std::to_string(seed) + ": h drops by more than the move " + to_string(m.action) +
                                " costs (" + std::to_string(m.cost) + ")";
                }
            }
        }
    }
    INFO(first);
    CHECK(violations == 0);
    CHECK(moves_checked > 20000);
    CHECK(climbs_counted > 1000);
}

TEST_CASE("node cap: a partial route toward the goal, never more expansions than allowed", "[search][limits]") {
    int partials = 0;
    for (std::uint32_t seed = 200; seed < 260; ++seed) {
        const World w = testing::random_world(seed, {16, 6, 16});
        AgentProfile a = testing::random_agent(seed);
        a.fly = false;
        testing::for_random_queries(w, a, seed, 5, [&](Navigator& nav, const ref::Model& model, const Voxel& s, const Voxel& g) {
            for (std::uint32_t cap : {0u, 1u, 3u, 10u}) {
                SearchLimits lim;
                lim.max_nodes = cap;
                const Route r = nav.find_route(s, g, lim);
                CHECK(r.metrics.expanded <= cap);
                if (r.status == SearchStatus::Partial) {
                    ++partials;
                    CHECK(model.check_route(r) == "");
                    CHECK(r.waypoints.front().position == s);
                    // The partial end is the expanded node nearest the goal: no
                    // farther than the start by the search's own lower bound.
                    const Voxel e = r.waypoints.back().position;
                    CHECK(nav.moves().lower_bound(e, g) <= nav.moves().lower_bound(s, g) + 1e-12);
                } else {
                    CHECK((r.status == SearchStatus::Found || r.status == SearchStatus::NoPath));
                }
            }
        });
    }
    CHECK(partials > 50);
}

TEST_CASE("max_cost: nothing beyond it is expanded", "[search][limits]") {
    World w = testing::world_from_text(R"(voxnav-world 1
size 9 3 1
layer 0
#########
)");
    Navigator nav(w, AgentProfile{});
    SearchLimits lim;
    lim.max_cost = 8 / 4.3 + 1e-9;
    CHECK(nav.find_route({0, 1, 0}, {8, 1, 0}, lim).status == SearchStatus::Found);
    lim.max_cost = 7.5 / 4.3;
    const Route r = nav.find_route({0, 1, 0}, {8, 1, 0}, lim);
    CHECK(r.status == SearchStatus::NoPath);
    CHECK(r.error.find("max_cost") != std::string::npos);
    CHECK(r.metrics.expanded <= 8);
}

TEST_CASE("statuses: invalid start, invalid goal, no path, start is goal", "[search][status]") {
    World w = testing::world_from_text(R"(voxnav-world 1
size 5 4 1
layer 0
#####
layer 1
..#..
layer 2
..#..
layer 3
..#..
)");
    Navigator nav(w, AgentProfile{});
    Route r = nav.find_route({0, 2, 0}, {4, 1, 0});
    CHECK(r.status == SearchStatus::InvalidStart);
    CHECK(r.error.find("no floor") != std::string::npos);
    r = nav.find_route({0, 1, 0}, {2, 1, 0});
    CHECK(r.status == SearchStatus::InvalidGoal);
    CHECK(r.error.find("blocked") != std::string::npos);
    r = nav.find_route({0, 1, 0}, {-40, 1, 0});
    CHECK(r.status == SearchStatus::InvalidGoal);
    r = nav.find_route({0, 1, 0}, {4, 1, 0});
    CHECK(r.status == SearchStatus::NoPath);
    r = nav.find_route({0, 1, 0}, {0, 1, 0});
    CHECK(r.status == SearchStatus::Found);
    CHECK(r.cost == 0.0);
    REQUIRE(r.waypoints.size() == 1);
    CHECK(r.waypoints[0].action == Action::Start);
    // Limits outside their documented ranges are the caller's error, as in
    // the C API and the CLI (they were clamped once; see test_queries.cpp).
    SearchLimits lim;
    lim.weight = std::nan("");
    CHECK_THROWS_AS(nav.find_route({0, 1, 0}, {1, 1, 0}, lim), std::invalid_argument);
    lim.weight = 1.0;
    lim.max_cost = std::nan("");
    CHECK_THROWS_AS(nav.find_route({0, 1, 0}, {1, 1, 0}, lim), std::invalid_argument);
}

TEST_CASE("edits to the world reach the navigator through sync", "[search][edits]") {
    for (std::uint32_t seed = 300; seed < 330; ++seed) {
        World w = testing::random_world(seed);
        const AgentProfile a = testing::random_agent(seed);
        Navigator nav(w, a);
        std::mt19937 rng(seed);
        const BlockId ids[] = {BlockRegistry::air, *w.blocks().find("stone"), *w.blocks().find("water"),
                               *w.blocks().find("lava"), *w.blocks().find("mud")};
        for (int e = 0; e < 25; ++e) w.set_block({int(rng() % 10), int(rng() % 7), int(rng() % 10)}, ids[rng() % 5]);
        nav.sync();
        Navigator fresh(w, a);
        const VoxelBox b = *w.bounds();
        for (int y = b.lo.y; y < b.hi.y; ++y)
            for (int z = b.lo.z; z < b.hi.z; ++z)
                for (int x = b.lo.x; x < b.hi.x; ++x) {
                    const auto i = nav.field().index_of({x, y, z});
                    REQUIRE(nav.field()[i] == fresh.field()[fresh.field().index_of({x, y, z})]);
                }
    }
}

TEST_CASE("changing a world's bounds changes where routes may go", "[search][edits]") {
    World w = testing::world_from_text(R"(voxnav-world 1
size 6 3 1
layer 0
######
)");
    Navigator nav(w, AgentProfile{});
    CHECK(nav.find_route({0, 1, 0}, {5, 1, 0}).status == SearchStatus::Found);
    w.set_bounds(VoxelBox{{0, 0, 0}, {4, 3, 1}});  // regression: a smaller box used to keep the old nodes
    CHECK(nav.find_route({0, 1, 0}, {5, 1, 0}).status == SearchStatus::InvalidGoal);
    CHECK(nav.find_route({0, 1, 0}, {3, 1, 0}).status == SearchStatus::Found);
    w.set_bounds(std::nullopt);
    CHECK(nav.find_route({0, 1, 0}, {5, 1, 0}).status == SearchStatus::Found);
}

TEST_CASE("unbounded worlds grow the navigable area as chunks arrive", "[search][edits]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    std::vector<BlockId> chunk(World::chunk_volume, BlockRegistry::air);
    for (int z = 0; z < 16; ++z)
        for (int x = 0; x < 16; ++x) chunk[x + 16 * z] = stone;  // y = 0 layer
    w.set_chunk({0, 0, 0}, chunk.data());
    Navigator nav(w, AgentProfile{});
    CHECK(nav.find_route({0, 1, 0}, {15, 1, 15}).status == SearchStatus::Found);
    CHECK(nav.find_route({0, 1, 0}, {20, 1, 0}).status == SearchStatus::InvalidGoal);
    w.set_chunk({1, 0, 0}, chunk.data());  // the chunk east of it
    const Route r = nav.find_route({0, 1, 0}, {20, 1, 0});
    CHECK(r.status == SearchStatus::Found);
    CHECK(r.cost == Approx(20 / 4.3));
    w.unload_chunk({1, 0, 0});
    CHECK(nav.find_route({0, 1, 0}, {20, 1, 0}).status != SearchStatus::Found);
    // Negative coordinates work like any other.
    w.set_chunk({-1, -1, -1}, chunk.data());
    CHECK(nav.find_route({-16, -15, -16}, {-1, -15, -1}).status == SearchStatus::Found);
}

namespace {

// A problem with the game's own states: a number line where you may add 1
// (cost 1) or double (cost 2), from 1 to a target.
struct NumberLine {
    using State = std::int64_t;
    std::int64_t target;
    std::uint64_t hash(State s) const { return static_cast<std::uint64_t>(s); }
    double heuristic(State) const { return 0.0; }
    bool is_goal(State s) const { return s == target; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        if (s + 1 <= target) f(s + 1, 1.0, 0);
        if (s * 2 <= target) f(s * 2, 2.0, 1);
    }
};

// An open 8-connected grid without walls: straight moves cost 1, diagonal
// ones sqrt 2, octile heuristic. Every node between start and goal has the
// same f on paper, but sums of 1 and sqrt 2 round differently by path.
struct OpenGrid {
    using State = std::uint32_t;  // x + 1024 y
    int gx, gy;
    std::uint64_t hash(State s) const { return s; }
    double heuristic(State s) const {
        const double dx = std::abs(int(s % 1024) - gx), dy = std::abs(int(s / 1024) - gy);
        return std::max(dx, dy) - std::min(dx, dy) + std::sqrt(2.0) * std::min(dx, dy);
    }
    bool is_goal(State s) const { return int(s % 1024) == gx && int(s / 1024) == gy; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        const int x = int(s % 1024), y = int(s / 1024);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if ((dx == 0 && dy == 0) || x + dx < 0 || y + dy < 0 || x + dx >= 1024 || y + dy >= 1024) continue;
                f(State(x + dx + 1024 * (y + dy)), dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0, 0);
            }
    }
};

// A 96 x 96 grid with a quarter of its cells walls and a random price per
// cell (1 to 2), 8-connected without corner cutting: a move costs the mean
// price of its two cells times its length. Octile bound at price 1. Prices
// are random doubles, so no two open nodes tie in f and g. With `twice`,
// each move comes first at 1.5 times its cost, then at its cost (a node
// improved within one expansion, whether it waits before the heap or in it).
struct PricedGrid {
    using State = std::uint32_t;  // x + 96 y
    static constexpr int n = 96;
    const std::vector<double>* price;  // 0: a wall
    int gx, gy;
    bool twice = false;
    std::uint64_t hash(State s) const { return s; }
    double heuristic(State s) const {
        const double dx = std::abs(int(s % n) - gx), dy = std::abs(int(s / n) - gy);
        return std::max(dx, dy) - std::min(dx, dy) + std::sqrt(2.0) * std::min(dx, dy);
    }
    bool is_goal(State s) const { return int(s % n) == gx && int(s / n) == gy; }
    bool open(int x, int y) const { return x >= 0 && y >= 0 && x < n && y < n && (*price)[std::size_t(x + n * y)] > 0.0; }
    template <class F>
    void for_each_successor(State s, F&& f) const {
        const int x = int(s % n), y = int(s / n);
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                if ((dx == 0 && dy == 0) || !open(x + dx, y + dy)) continue;
                if (dx != 0 && dy != 0 && (!open(x + dx, y) || !open(x, y + dy))) continue;
                const double mean = ((*price)[s] + (*price)[std::size_t(x + dx + n * (y + dy))]) / 2.0;
                const double cost = mean * (dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0);
                if (twice) f(State(x + dx + n * (y + dy)), 1.5 * cost, 1);
                f(State(x + dx + n * (y + dy)), cost, 0);
            }
    }
};
// The same with one open node kept before the heap (AStar's fast_open).
struct PricedGridFast : PricedGrid {
    static constexpr bool fast_open = true;
};
struct OpenGridFast : OpenGrid {
    static constexpr bool fast_open = true;
};

}  // namespace

TEST_CASE("an open node kept before the heap changes nothing but the order of exact ties", "[search][heap]") {
    // Without ties (random prices), the searches with and without it expand
    // the same nodes in the same order, sliced or not, leave the same open
    // list and find the same route; with ties everywhere (the open grid
    // below), it still walks the route expanding one node per move. Odd
    // worlds offer every move twice, dearer first: nodes improved in place.
    std::mt19937 rng(7);
    std::vector<double> price(PricedGrid::n * PricedGrid::n);
    AStar<std::uint32_t> plain, fast;
    SearchRecord<std::uint32_t> rec_plain, rec_fast;
    SearchResult<std::uint32_t> out_plain, out_fast;
    int compared = 0;
    std::uint64_t improved = 0;
    for (int world = 0; world < 12; ++world) {
        for (double& p : price) p = rng() % 4 == 0 ? 0.0 : 1.0 + double(rng() % 100000) / 100000.0;
        for (int q = 0; q < 8; ++q) {
            const std::uint32_t start = rng() % price.size();
            const int gx = int(rng() % PricedGrid::n), gy = int(rng() % PricedGrid::n);
            if (price[start] == 0.0 || price[std::size_t(gx + PricedGrid::n * gy)] == 0.0) continue;
            SearchLimits limits;
            if (q % 3 == 2) limits.max_nodes = 300;
            const PricedGrid a{&price, gx, gy, world % 2 == 1};
            const PricedGridFast b{{&price, gx, gy, world % 2 == 1}};
            plain.record_into(&rec_plain);
            fast.record_into(&rec_fast);
            plain.run(a, start, limits, out_plain);
            fast.begin(b, start, limits);
            while (!fast.step(b, 1 + q)) {}
            fast.finish(b, out_fast);
            INFO("world " << world << " query " << q);
            REQUIRE(out_fast.status == out_plain.status);
            CHECK(out_fast.cost == out_plain.cost);
            CHECK(out_fast.states == out_plain.states);
            REQUIRE(rec_fast.expanded.size() == rec_plain.expanded.size());
            for (std::size_t i = 0; i < rec_plain.expanded.size(); ++i) REQUIRE(rec_fast.expanded[i].state == rec_plain.expanded[i].state);
            std::vector<std::uint32_t> open_plain, open_fast;
            for (const auto& o : rec_plain.open) open_plain.push_back(o.state);
            for (const auto& o : rec_fast.open) open_fast.push_back(o.state);
            std::sort(open_plain.begin(), open_plain.end());
            std::sort(open_fast.begin(), open_fast.end());
            CHECK(open_fast == open_plain);
            CHECK(out_fast.metrics.improved == out_plain.metrics.improved);
            improved += out_fast.metrics.improved;
            ++compared;
        }
    }
    CHECK(compared > 50);
    CHECK(improved > 1000);
    plain.record_into(nullptr);
    fast.record_into(nullptr);
    for (const auto& [sx, sy, gx, gy] : std::vector<std::array<int, 4>>{{0, 0, 300, 170}, {500, 20, 37, 400}}) {
        fast.run(OpenGridFast{{gx, gy}}, std::uint32_t(sx + 1024 * sy), SearchLimits{}, out_fast);
        REQUIRE(out_fast.status == SearchStatus::Found);
        CHECK(out_fast.metrics.expanded == out_fast.states.size() - 1);
    }
}

TEST_CASE("the A* is generic: a game's own states and actions", "[search][generic]") {
    // Reference: cheapest cost to reach n, by dynamic programming.
    std::vector<double> best(1001, 0.0);
    for (int n = 2; n <= 1000; ++n) best[n] = std::min(best[n - 1] + 1.0, n % 2 == 0 ? best[n / 2] + 2.0 : 1e9);
    AStar<NumberLine::State> search;
    SearchResult<std::int64_t> out;
    for (std::int64_t target : {37, 1000, 2, 1, 37, 999}) {
        search.run(NumberLine{target}, 1, SearchLimits{}, out);
        REQUIRE(out.status == SearchStatus::Found);
        CHECK(out.cost == best[target]);
        CHECK(out.states.front() == 1);
        CHECK(out.states.back() == target);
        for (std::size_t i = 1; i < out.states.size(); ++i)
            CHECK(out.states[i] == (out.tags[i] == 0 ? out.states[i - 1] + 1 : out.states[i - 1] * 2));
    }
    SearchLimits cap;
    cap.max_nodes = 3;
    search.run(NumberLine{1000}, 1, cap, out);
    CHECK(out.status == SearchStatus::Partial);
    CHECK(out.metrics.expanded == 3);
}

TEST_CASE("f values equal up to rounding are ties, broken toward larger g", "[search][ties]") {
    // With exact f comparison an A* wanders over the whole parallelogram of
    // equal-f nodes; with ties broken toward larger g it walks the route and
    // expands exactly one node per move (the goal itself is not expanded).
    AStar<OpenGrid::State> search;
    SearchResult<std::uint32_t> out;
    for (const auto& [sx, sy, gx, gy] : std::vector<std::array<int, 4>>{{0, 0, 300, 170}, {500, 20, 37, 400}, {9, 9, 9, 700}, {3, 800, 611, 1}}) {
        search.run(OpenGrid{gx, gy}, std::uint32_t(sx + 1024 * sy), SearchLimits{}, out);
        REQUIRE(out.status == SearchStatus::Found);
        const double dx = std::abs(gx - sx), dy = std::abs(gy - sy);
        CHECK(out.cost == Approx(std::max(dx, dy) - std::min(dx, dy) + std::sqrt(2.0) * std::min(dx, dy)).epsilon(1e-12));
        CHECK(out.metrics.expanded == out.states.size() - 1);
    }
}


TEST_CASE("jump points: the same costs as the plain search and the reference, far fewer expansions", "[search][jump]") {
    std::uint64_t jump_expanded = 0, plain_expanded = 0;
    int compared = 0;
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
        const World w = testing::flat_world(seed, {24 + int(seed % 3) * 8, 6, 24 + int(seed % 4) * 6});
        AgentProfile a = testing::random_agent(seed);
        a.walk = a.diagonal = true;  // the agents jump points serve
        a.fly = false;
        REQUIRE(JumpPointProblem::suits(a));
        testing::for_random_queries(w, a, seed, 8, [&](Navigator& nav, const ref::Model& model, const Voxel& s, const Voxel& g) {
            const auto r = testing::accelerated_and_plain(nav, model, s, g, 7);
            ++compared;
            if (!r.found) return;
            jump_expanded += r.fast.metrics.expanded;
            plain_expanded += r.plain.metrics.expanded;
        });
    }
    CHECK(compared > 300);
    INFO("expansions with jump points " << jump_expanded << ", without " << plain_expanded);
    CHECK(jump_expanded * 3 < plain_expanded * 2);  // measured: about half
}

TEST_CASE("many threads over one shared field give the answers of one thread", "[search][threads]") {
    TerrainParams p;
    p.size = {64, 24, 64};
    p.seed = 5;
    const World w = generate_terrain(p);
    const AgentProfile a = load_agent_profile(VOXNAV_SOURCE_DIR "/worlds/agents/leaper.json");
    auto field = std::make_shared<NavField>(w, a);
    Navigator one(w, field, a);
    std::vector<Voxel> spots;
    for (int z = 0; z < 64; z += 3)
        for (int x = 0; x < 64; x += 3)
            for (int y = 23; y > 0; --y)
                if (one.is_waypoint({x, y, z})) {
                    spots.push_back({x, y, z});
                    break;
                }
    REQUIRE(spots.size() > 50);
    std::mt19937 rng(3);
    std::vector<std::pair<Voxel, Voxel>> queries;
    for (int i = 0; i < 200; ++i) queries.push_back({spots[rng() % spots.size()], spots[rng() % spots.size()]});
    std::vector<Route> serial(queries.size()), parallel(queries.size());
    for (std::size_t i = 0; i < queries.size(); ++i) one.find_route(queries[i].first, queries[i].second, {}, serial[i]);
    // Plain threads, each with its own Navigator over the shared field.
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            Navigator n(w, field, a);
            for (std::size_t i = t; i < queries.size(); i += 4) n.find_route(queries[i].first, queries[i].second, {}, parallel[i]);
        });
    for (auto& t : threads) t.join();
    for (std::size_t i = 0; i < queries.size(); ++i) {
        REQUIRE(serial[i].status == parallel[i].status);
        CHECK(serial[i].cost == parallel[i].cost);
        REQUIRE(serial[i].waypoints.size() == parallel[i].waypoints.size());
        for (std::size_t k = 0; k < serial[i].waypoints.size(); ++k)
            CHECK(serial[i].waypoints[k].position == parallel[i].waypoints[k].position);
    }
}

TEST_CASE("generated terrain is deterministic and varied", "[bench][terrain]") {
    TerrainParams p;
    p.size = {48, 32, 48};
    p.seed = 11;
    const World a = generate_terrain(p), b = generate_terrain(p);
    p.seed = 12;
    const World c = generate_terrain(p);
    int differ = 0;
    std::map<std::string, int> kinds;
    for (int y = 0; y < 32; ++y)
        for (int z = 0; z < 48; ++z)
            for (int x = 0; x < 48; ++x) {
                REQUIRE(a.block({x, y, z}) == b.block({x, y, z}));
                differ += a.block({x, y, z}) != c.block({x, y, z});
                ++kinds[a.block_type({x, y, z}).name];
            }
    CHECK(differ > 1000);
    CHECK(kinds.count("water"));
    CHECK(kinds.count("grass_block"));
    CHECK(kinds.count("bedrock"));
}
