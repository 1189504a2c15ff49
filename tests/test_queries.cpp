// SPDX-License-Identifier: MIT
// Game queries: goals, per-query costs, sliced queries, snapping, route
// checks and smoothing. Goals and zones are checked against the reference
// Dijkstra, with goal tests written here from the wording.
#include "random_world.hpp"
#include "reference_model.hpp"
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <random>
#include <set>
#include <thread>
#include <chrono>

using namespace voxnav;
using Approx = Catch::Detail::Approx;

namespace {

double dist(const Voxel& v, const glm::dvec3& p) {
    const glm::dvec3 d = glm::dvec3(v) - p;
    return std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
}

// Touch, from the wording: the block shares a face with a voxel of the body,
// or is the floor voxel right under the footprint.
bool touches(const Voxel& feet, const Voxel& block, const AgentProfile& a) {
    for (int i = 0; i < a.width; ++i)
        for (int k = 0; k < a.width; ++k) {
            if (feet + Voxel(i, -1, k) == block) return true;
            for (int j = 0; j < a.height; ++j) {
                const Voxel d = feet + Voxel(i, j, k) - block;
                if (std::abs(d.x) + std::abs(d.y) + std::abs(d.z) == 1) return true;
            }
        }
    return false;
}

struct RandomGoal {
    Goal goal;
    std::function<bool(const Voxel&)> holds;  // the test's own goal test
    std::string name;
};

RandomGoal random_goal(std::mt19937& rng, const Voxel& size, const AgentProfile& a) {
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    auto voxel = [&] { return Voxel(roll(size.x), roll(size.y), roll(size.z)); };
    switch (roll(6)) {
        case 0: {
            const Voxel v = voxel();
            return {Goal::at(v), [v](const Voxel& p) { return p == v; }, "at"};
        }
        case 1: {
            const glm::dvec3 c(roll(size.x) + 0.5 * roll(2), roll(size.y), roll(size.z));
            const double r = 0.5 * roll(6);
            return {Goal::near(c, r), [c, r](const Voxel& p) { return dist(p, c) <= r; }, "near"};
        }
        case 2: {
            const int x = roll(size.x), z = roll(size.z);
            return {Goal::column(x, z), [x, z](const Voxel& p) { return p.x == x && p.z == z; }, "xz"};
        }
        case 3: {
            const int y = roll(size.y);
            return {Goal::level(y), [y](const Voxel& p) { return p.y == y; }, "y"};
        }
        case 4: {
            const Voxel b = voxel();
            return {Goal::touch(b), [b, a](const Voxel& p) { return touches(p, b, a); }, "touch"};
        }
        default: {
            const Voxel u = voxel(), v = voxel();
            return {Goal::any_of({Goal::at(u), Goal::touch(v)}), [u, v, a](const Voxel& p) { return p == u || touches(p, v, a); },
                    "any"};
        }
    }
}

std::vector<Voxel> waypoints_of(const ref::Model& m, const Voxel& size) {
    std::vector<Voxel> out;
    for (int y = 0; y < size.y; ++y)
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x)
                if (m.waypoint({x, y, z})) out.push_back({x, y, z});
    return out;
}

std::vector<CostZone> random_zones(std::mt19937& rng, const Voxel& size) {
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    const double mults[] = {CostZone::forbid, 2.0, 5.0, 0.5, 0.25, 1.5};
    std::vector<CostZone> zones;
    for (int i = 0, n = roll(7); i < n; ++i) {
        const double m = mults[roll(6)];
        if (roll(2))
            zones.push_back(CostZone::sphere({roll(size.x), roll(size.y), roll(size.z)}, 0.5 + roll(4), m));
        else {
            const Voxel lo(roll(size.x), roll(size.y), roll(size.z));
            zones.push_back(CostZone::in_box({lo, lo + Voxel(1 + roll(4), 1 + roll(3), 1 + roll(4))}, m));
        }
    }
    return zones;
}

// The test's own zone factor: product of multipliers of the zones holding v.
double zone_factor(const std::vector<CostZone>& zones, const Voxel& v) {
    double f = 1.0;
    for (const CostZone& z : zones) {
        const bool in = z.shape == CostZone::Shape::Box ? z.box.contains(v) : dist(v, z.centre) <= z.radius;
        if (in) f *= z.multiplier;
    }
    return f;
}

// One seeded random world and agent, with the reference model over them and
// the world's waypoints.
struct Trial {
    World world;
    AgentProfile agent;
    ref::Model model;
    std::vector<Voxel> wps;
    Trial(std::uint32_t seed, const Voxel& size, bool walker = false)
        : world(testing::random_world(seed, size)), agent(with_walk(testing::random_agent(seed), walker)), model(world, agent),
          wps(waypoints_of(model, size)) {}
    static AgentProfile with_walk(AgentProfile a, bool walk) {
        a.walk = a.walk || walk;
        return a;
    }
};

}  // namespace

TEST_CASE("goals and zones: optimal against the reference Dijkstra on random worlds", "[queries]") {
    int found = 0, none = 0, invalid = 0;
    for (std::uint32_t seed = 1; seed <= 150; ++seed) {
        const Voxel size(9, 6, 9);
        const Trial t(seed, size);
        const World& world = t.world;
        const AgentProfile& agent = t.agent;
        const ref::Model& model = t.model;
        const std::vector<Voxel>& wps = t.wps;
        if (wps.empty()) continue;
        std::mt19937 rng(seed * 31u + 7u);
        Navigator nav(world, agent);
        for (int q = 0; q < 4; ++q) {
            const Voxel start = wps[rng() % wps.size()];
            const RandomGoal g = random_goal(rng, size, agent);
            QueryOptions opt;
            if (rng() % 2) opt.zones = random_zones(rng, size);
            opt.zone_index = rng() % 2 ? ZoneIndex::Chunks : ZoneIndex::List;
            const auto factor = [&](const Voxel& v) { return zone_factor(opt.zones, v); };
            const double best = model.dijkstra_to(start, [&](const Voxel& p) { return model.waypoint(p) && g.holds(p); }, factor);
            const Route r = nav.find_route(start, g.goal, opt);
            INFO("seed " << seed << " query " << q << " goal " << g.goal.describe() << " start " << start.x << "," << start.y
                         << "," << start.z << " zones " << opt.zones.size() << ": " << to_json(r));
            if (r.status == SearchStatus::InvalidGoal) {
                // Then no waypoint of the world satisfies the goal.
                for (const Voxel& p : wps) CHECK_FALSE(g.holds(p));
                ++invalid;
                continue;
            }
            if (best < 0) {
                CHECK(r.status == SearchStatus::NoPath);
                ++none;
                continue;
            }
            REQUIRE(r.status == SearchStatus::Found);
            CHECK(r.cost == Approx(best).epsilon(1e-9));
            CHECK(model.check_route(r, factor) == "");
            CHECK(g.holds(r.waypoints.back().position));
            ++found;
        }
    }
    CHECK(found > 200);
    CHECK(none > 10);
    CHECK(invalid > 10);
}

TEST_CASE("flee: routes end at least R from every threat, optimally", "[queries]") {
    int found = 0;
    for (std::uint32_t seed = 200; seed < 300; ++seed) {
        const Voxel size(10, 6, 10);
        const Trial t(seed, size);
        const World& world = t.world;
        const AgentProfile& agent = t.agent;
        const ref::Model& model = t.model;
        const std::vector<Voxel>& wps = t.wps;
        if (wps.empty()) continue;
        std::mt19937 rng(seed);
        Navigator nav(world, agent);
        const Voxel start = wps[rng() % wps.size()];
        std::vector<Threat> threats{{glm::dvec3(start) + glm::dvec3(0.5, 0, -0.5), 1.0 + rng() % 5}};
        if (rng() % 2) threats.push_back({glm::dvec3(rng() % 10, 1, rng() % 10), 1.0 + rng() % 3});
        const auto safe = [&](const Voxel& p) {
            for (const Threat& t : threats)
                if (dist(p, t.point) < t.radius) return false;
            return true;
        };
        const double best = model.dijkstra_to(start, [&](const Voxel& p) { return model.waypoint(p) && safe(p); },
                                              [](const Voxel&) { return 1.0; });
        const Route r = nav.find_route(start, Goal::flee(threats));
        INFO("seed " << seed << ": " << to_json(r));
        if (best < 0) {
            CHECK(r.status == SearchStatus::NoPath);
            continue;
        }
        REQUIRE(r.status == SearchStatus::Found);
        CHECK(r.cost == Approx(best).epsilon(1e-9));
        CHECK(model.check_route(r) == "");
        CHECK(safe(r.waypoints.back().position));
        ++found;
    }
    CHECK(found > 50);
}

TEST_CASE("per-query floor costs equal a profile with those costs", "[queries]") {
    int compared = 0;
    for (std::uint32_t seed = 300; seed < 400; ++seed) {
        const Voxel size(9, 6, 9);
        const World world = testing::random_world(seed, size);
        AgentProfile agent = testing::random_agent(seed);
        agent.floor_cost["mud"] = 3.0;
        AgentProfile changed = agent;
        changed.floor_cost["mud"] = 1.0 + seed % 7;
        const ref::Model model(world, changed);
        const auto wps = waypoints_of(model, size);
        if (wps.size() < 2) continue;
        std::mt19937 rng(seed);
        Navigator nav(world, agent);
        QueryOptions opt;
        opt.floor_cost["mud"] = changed.floor_cost["mud"];
        const Voxel a = wps[rng() % wps.size()], b = wps[rng() % wps.size()];
        const double best = model.dijkstra(a, b);
        const Route r = nav.find_route(a, Goal::at(b), opt);
        INFO("seed " << seed << ": " << to_json(r));
        if (best < 0) {
            CHECK(r.status == SearchStatus::NoPath);
            continue;
        }
        REQUIRE(r.status == SearchStatus::Found);
        CHECK(r.cost == Approx(best).epsilon(1e-9));
        CHECK(model.check_route(r) == "");
        ++compared;
    }
    CHECK(compared > 50);
    // Floors the facts do not keep apart cannot be overridden.
    const World world = testing::random_world(1);
    Navigator nav(world, AgentProfile{});
    QueryOptions opt;
    opt.floor_cost["mud"] = 2.0;
    CHECK_THROWS_AS(nav.find_route({1, 1, 1}, Goal::at({2, 1, 2}), opt), std::invalid_argument);
}

TEST_CASE("sliced queries equal one-shot queries for slices of 1, 7 and 1000", "[queries]") {
    int compared = 0;
    for (std::uint32_t seed = 400; seed < 480; ++seed) {
        const Voxel size(10, 6, 10);
        const Trial t(seed, size);
        const World& world = t.world;
        const AgentProfile& agent = t.agent;
        const ref::Model& model = t.model;
        const std::vector<Voxel>& wps = t.wps;
        if (wps.empty()) continue;
        std::mt19937 rng(seed);
        Navigator nav(world, agent);
        const Voxel start = wps[rng() % wps.size()];
        const RandomGoal g = random_goal(rng, size, agent);
        QueryOptions opt;
        if (rng() % 2) opt.zones = random_zones(rng, size);
        if (rng() % 3 == 0) opt.limits.max_nodes = 1 + rng() % 40;  // partial routes too
        const Route one = nav.find_route(start, g.goal, opt);
        for (std::uint32_t n : {1u, 7u, 1000u}) {
            nav.begin_route(start, g.goal, opt);
            std::uint64_t steps = 0;
            while (!nav.step(n)) ++steps;
            const Route& r = nav.route();
            INFO("seed " << seed << " slice " << n);
            CHECK(r.status == one.status);
            CHECK(r.cost == one.cost);
            CHECK(r.metrics.expanded == one.metrics.expanded);
            CHECK(r.metrics.generated == one.metrics.generated);
            REQUIRE(r.waypoints.size() == one.waypoints.size());
            for (std::size_t i = 0; i < r.waypoints.size(); ++i) {
                CHECK(r.waypoints[i].position == one.waypoints[i].position);
                CHECK(r.waypoints[i].action == one.waypoints[i].action);
            }
            // Each slice but the last ran exactly n expansions (the last one
            // may only pop the goal; an open list emptied by the n-th
            // expansion ends that slice).
            const std::uint64_t full = one.metrics.expanded / n;
            CHECK((steps == full || (r.status == SearchStatus::NoPath && steps + 1 == full)));
        }
        ++compared;
    }
    CHECK(compared > 50);
}

TEST_CASE("a sliced query keeps its snapshot while the world is edited between steps", "[queries]") {
    std::string text = "voxnav-world 1\nsize 16 4 16\nlayer 0\n";
    for (int z = 0; z < 16; ++z) text += std::string(16, '#') + "\n";
    World world = testing::world_from_text(text);
    Navigator nav(world, AgentProfile{});
    // The plain search, one node per step: jump points cross this open room
    // in two expansions, too few for edits between steps.
    QueryOptions plain;
    plain.acceleration = Acceleration::Off;
    const Route one = nav.find_route({0, 1, 0}, Goal::at({15, 1, 15}), plain);
    REQUIRE(one.status == SearchStatus::Found);
    nav.begin_route({0, 1, 0}, Goal::at({15, 1, 15}), plain);
    const std::uint64_t revision = world.revision();
    std::mt19937 rng(5);
    const auto stone = *world.blocks().find("stone");
    int steps = 0;
    while (!nav.step(1)) {
        // Walls appear everywhere, the facts are published, and the query
        // still routes on the version it began with.
        world.set_block({int(rng() % 14) + 1, 1, int(rng() % 14) + 1}, stone);
        if (steps % 2) nav.shared_field()->sync(world);
        else nav.sync();  // regression: the navigator's own sync must not swap the query's snapshot
        ++steps;
    }
    CHECK(steps > 10);
    const Route& r = nav.route();
    CHECK(r.revision == revision);
    CHECK(r.cost == one.cost);
    CHECK(r.waypoints.size() == one.waypoints.size());
    // Once it ended, the navigator sees the edits.
    world.set_block(r.waypoints[3].position, stone);
    nav.sync();
    CHECK(nav.field().revision() == world.revision());
    CHECK_FALSE(nav.check_route(r).valid);
    // And a cancelled query says so.
    nav.begin_route({0, 1, 0}, Goal::at({15, 1, 15}));
    nav.step(3);
    nav.cancel();
    CHECK_FALSE(nav.route_in_progress());
    CHECK(nav.step(10));
    CHECK(nav.route().status == SearchStatus::Cancelled);
    CHECK(nav.route().error.find("cancelled") != std::string::npos);
}

TEST_CASE("invalid goals say why", "[queries]") {
    const World world = testing::world_from_text(
        "voxnav-world 1\nsize 6 2 3\nlayer 0\n######\n######\n######\nlayer 1\n......\n..#...\n......\n");
    Navigator nav(world, AgentProfile{});
    Route r = nav.find_route({0, 1, 0}, Goal::near({3, 3, 1}, 0.5));
    CHECK(r.status == SearchStatus::InvalidGoal);
    CHECK(r.error.find("within") != std::string::npos);
    r = nav.find_route({0, 1, 0}, Goal::column(2, 1));  // the pillar's column: no place to stand
    CHECK(r.status == SearchStatus::InvalidGoal);
    CHECK(r.error.find("column") != std::string::npos);
    r = nav.find_route({0, 1, 0}, Goal::level(9));
    CHECK(r.status == SearchStatus::InvalidGoal);
    r = nav.find_route({0, 1, 0}, Goal::touch({40, 1, 1}));
    CHECK(r.status == SearchStatus::InvalidGoal);
    CHECK(r.error.find("touch") != std::string::npos);
    // Touching the pillar's top voxel from the side is fine.
    r = nav.find_route({0, 1, 0}, Goal::touch({2, 1, 1}));
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.waypoints.back().position == Voxel(1, 1, 1));
    // One bad alternative among good ones is fine.
    r = nav.find_route({0, 1, 0}, Goal::any_of({Goal::at({2, 1, 1}), Goal::at({5, 1, 2})}));
    CHECK(r.status == SearchStatus::Found);
    CHECK_THROWS_AS(Goal::near({0, 0, 0}, -1), std::invalid_argument);
    CHECK_THROWS_AS(Goal::flee({}), std::invalid_argument);
    CHECK_THROWS_AS(parse_goal("near:1,2:3"), std::invalid_argument);
    CHECK_THROWS_AS(parse_goal("xz:1,2,3"), std::invalid_argument);
    CHECK_THROWS_AS(parse_goal("top:1,2,3"), std::invalid_argument);
    CHECK_THROWS_AS(parse_zone("1,2,3:4"), std::invalid_argument);
    CHECK(parse_zone("1,2,3:4:inf").multiplier == CostZone::forbid);
    CHECK(parse_goal("near:1.5,2,3:4").parts()[0].point == glm::dvec3(1.5, 2, 3));
}

TEST_CASE("snapping game positions: standing, mid jump, swimming, in a wall, above a pit", "[queries]") {
    // x: 0..9. Floors at y = 2 (feet at 3) both sides of a pit 4 wide and
    // with no bottom; a pool at x = 2, a wall at x = 9.
    World world = testing::world_from_text(
        "voxnav-world 1\nsize 10 6 1\n"
        "layer 0\n####....##\n"
        "layer 1\n####....##\n"
        "layer 2\n####....##\n"
        "layer 3\n..~......#\n"
        "layer 4\n.........#\n"
        "layer 5\n..........\n");
    Navigator nav(world, AgentProfile{});
    auto snapped = [&](glm::dvec3 p) { return nav.snap(p); };
    Navigator::Snap s = snapped({0.5, 3.0, 0.5});  // standing
    REQUIRE(s.ok);
    CHECK(s.feet == Voxel(0, 3, 0));
    CHECK(s.what.find("stands") != std::string::npos);
    s = snapped({0.4, 2.9999999, 0.5});  // float error below the floor
    CHECK(s.feet == Voxel(0, 3, 0));
    s = snapped({1.5, 4.7, 0.5});  // mid jump
    REQUIRE(s.ok);
    CHECK(s.feet == Voxel(1, 3, 0));
    CHECK(s.what.find("down") != std::string::npos);
    s = snapped({2.5, 3.4, 0.5});  // swimming
    REQUIRE(s.ok);
    CHECK(s.feet == Voxel(2, 3, 0));
    s = snapped({9.2, 3.0, 0.5});  // inside the wall: the nearest waypoint beside it
    REQUIRE(s.ok);
    CHECK(s.feet == Voxel(8, 3, 0));
    CHECK(s.what.find("nearest") != std::string::npos);
    s = snapped({6.0, 3.0, 0.5});  // above the pit: open air below, no floor within reach
    CHECK_FALSE(s.ok);
    CHECK(s.what.find("no floor") != std::string::npos);
    s = snapped({1.5, 0.5, 0.5});  // deep inside rock
    CHECK_FALSE(s.ok);
    CHECK(s.what.find("blocked") != std::string::npos);
    CHECK_FALSE(snapped({NAN, 0, 0}).ok);
    CHECK_FALSE(snapped({1e300, 0, 0}).ok);

    // Game units through the world's transform: half-voxel cells offset by 10.
    world.transform().voxel_size = 0.5;
    world.transform().origin = {10.0, 0.0, 0.0};
    nav.sync();
    s = nav.snap(glm::dvec3(10.25, 1.5, 0.25));
    REQUIRE(s.ok);
    CHECK(s.feet == Voxel(0, 3, 0));
    const Route r = nav.find_route_from_game(glm::dvec3(10.25, 1.6, 0.25), Goal::at({8, 3, 0}));
    CHECK(r.status == SearchStatus::NoPath);  // the pit has no bottom to fall to
    CHECK(r.waypoints.empty());
    CHECK(r.snapped.find("start") != std::string::npos);
    const auto game = nav.to_game(Route{SearchStatus::Found, "", 0.0, {{{3, 3, 0}, Action::Start, 0.0}}, {}, 0, "", 1.0});
    CHECK(game[0] == glm::dvec3(10.0 + 3.5 * 0.5, 1.5, 0.25));
    // A start that cannot snap is an invalid start, not a crash.
    const Route bad = nav.find_route_from_game(glm::dvec3(10.0 + 6.0 * 0.5, 1.5, 0.25), Goal::at({0, 3, 0}));
    CHECK(bad.status == SearchStatus::InvalidStart);
    // Exact goals snap when asked.
    QueryOptions q;
    q.snap_goal = true;
    const Route g = nav.find_route({0, 3, 0}, Goal::at({1, 5, 0}), q);
    REQUIRE(g.status == SearchStatus::Found);
    CHECK(g.waypoints.back().position == Voxel(1, 3, 0));
    CHECK(g.snapped.find("goal") != std::string::npos);
    CHECK(nav.find_route({0, 3, 0}, Goal::at({1, 5, 0})).status == SearchStatus::InvalidGoal);
}

TEST_CASE("route checks look at the route only and see edits on it", "[queries]") {
    World world = testing::random_world(7, {12, 5, 12});
    for (int z = 0; z < 12; ++z)
        for (int x = 0; x < 12; ++x) {
            for (int y = 1; y < 5; ++y) world.set_block({x, y, z}, BlockRegistry::air);
            world.set_block({x, 0, z}, *world.blocks().find("stone"));
        }
    Navigator nav(world, AgentProfile{});
    const Route r = nav.find_route({0, 1, 0}, Goal::at({11, 1, 11}));
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(nav.check_route(r).valid);
    CHECK(nav.check_route(r).unchanged);
    world.set_block({0, 3, 11}, *world.blocks().find("stone"));  // far from the route
    nav.sync();
    Navigator::RouteCheck c = nav.check_route(r);
    CHECK(c.valid);
    CHECK_FALSE(c.unchanged);
    const Voxel on = r.waypoints[5].position;
    world.set_block(on + Voxel(0, 1, 0), *world.blocks().find("stone"));
    nav.sync();
    c = nav.check_route(r);
    CHECK_FALSE(c.valid);
    CHECK(c.first_invalid == 5);
    CHECK(c.why.find("waypoint 5") != std::string::npos);
}

TEST_CASE("smoothing merges walks into straight segments that are clear and no dearer", "[queries]") {
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
        const Voxel size(14, 5, 14);
        const Trial t(seed, size, true);
        const World& world = t.world;
        const AgentProfile& agent = t.agent;
        const ref::Model& model = t.model;
        const std::vector<Voxel>& wps = t.wps;
        if (wps.size() < 2) continue;
        std::mt19937 rng(seed);
        Navigator nav(world, agent);
        const Route r = nav.find_route(wps[rng() % wps.size()], Goal::at(wps[rng() % wps.size()]));
        if (!r.usable()) continue;
        const Route s = nav.smooth_route(r);
        INFO("seed " << seed << " " << to_json(r) << " -> " << to_json(s));
        CHECK(s.waypoints.size() <= r.waypoints.size());
        CHECK(s.cost <= r.cost * (1 + 1e-12));
        CHECK(s.waypoints.front().position == r.waypoints.front().position);
        CHECK(s.waypoints.back().position == r.waypoints.back().position);
        // Every non-walk waypoint keeps its place and tag.
        std::size_t j = 0;
        for (const Waypoint& w : r.waypoints) {
            if (w.action == Action::Walk || w.action == Action::Start) continue;
            while (j < s.waypoints.size() && s.waypoints[j].position != w.position) ++j;
            REQUIRE(j < s.waypoints.size());
            CHECK(s.waypoints[j].action == w.action);
        }
        // Segments: sample the footprint along each one; every voxel it covers
        // must be clear per the reference, and the feet level supported.
        for (std::size_t k = 1; k < s.waypoints.size(); ++k) {
            if (s.waypoints[k].action != Action::Walk) continue;
            const glm::dvec3 a(s.waypoints[k - 1].position), b(s.waypoints[k].position);
            // One original move (a diagonal needs only clear corners): not merged.
            if (std::max(std::abs(a.x - b.x), std::abs(a.z - b.z)) <= 1) continue;
            for (int t = 0; t <= 64; ++t) {
                const glm::dvec3 p = a + (b - a) * (t / 64.0);
                for (double ox : {0.01, 0.99})
                    for (double oz : {0.01, 0.99}) {
                        const Voxel cell(int(std::floor(p.x + ox)), int(a.y), int(std::floor(p.z + oz)));
                        CHECK(model.standable(cell));
                    }
            }
        }
        CHECK(nav.check_route(s).valid);
    }
    // An open floor: a long diagonal-ish walk becomes one segment.
    World open = testing::world_from_text("voxnav-world 1\nsize 9 3 3\nlayer 0\n#########\n#########\n#########\n");
    Navigator nav(open, AgentProfile{});
    const Route r = nav.find_route({0, 1, 0}, Goal::at({8, 1, 2}));
    REQUIRE(r.status == SearchStatus::Found);
    const Route s = nav.smooth_route(r);
    CHECK(s.waypoints.size() == 2);
    CHECK(s.cost == Approx(std::sqrt(68.0) / 4.3));
    CHECK(s.cost < r.cost);
    // A zone the segment would cut through stops the merge.
    const Route z = nav.smooth_route(r, {CostZone::sphere({4, 1, 1}, 0.5, CostZone::forbid)});
    CHECK(z.waypoints.size() > 2);
}

TEST_CASE("the route service answers every request as a navigator would", "[queries]") {
    const Voxel size(24, 6, 24);
    World world = testing::random_world(77, size);
    const AgentProfile walker, small = [] {
        AgentProfile a;
        a.height = 1;
        a.jump_height = 2;
        return a;
    }();
    const ref::Model model(world, walker);
    const auto wps = waypoints_of(model, size);
    REQUIRE(wps.size() > 10);
    for (int threads : {1, 2}) {
        RouteService service(world, threads);
        CHECK(service.threads() >= 1);
        CHECK(service.threads() <= threads);
        const auto a = service.add_agent(walker), b = service.add_agent(small);
        std::mt19937 rng(threads);
        struct Asked {
            RouteService::AgentId agent;
            Voxel from;
            Goal goal;
        };
        std::map<RouteService::Ticket, Asked> asked;
        for (int i = 0; i < 200; ++i) {
            const auto agent = i % 3 == 0 ? b : a;
            const Voxel from = wps[rng() % wps.size()];
            const Goal goal = i % 2 ? Goal::at(wps[rng() % wps.size()]) : Goal::near(glm::dvec3(wps[rng() % wps.size()]), 2.0);
            asked[service.submit(agent, {std::uint64_t(i), from, goal, {}})] = {agent, from, goal};
        }
        service.wait();
        CHECK(service.pending() == 0);
        std::vector<RouteService::Finished> done = service.collect();
        REQUIRE(done.size() == 200);
        CHECK(service.collect().empty());
        Navigator nav_a(world, walker), nav_b(world, small);
        for (const auto& f : done) {
            const Asked& q = asked.at(f.ticket);
            Navigator& nav = q.agent == a ? nav_a : nav_b;
            const Route r = nav.find_route(q.from, q.goal);
            CHECK(f.route.status == r.status);
            CHECK(f.route.cost == r.cost);
            CHECK(f.route.metrics.expanded == r.metrics.expanded);
        }
    }
    // Edits between submits: each route is computed on the facts of its tick
    // or later, and cancelled requests come back as cancelled.
    RouteService service(world, 2);
    const auto a = service.add_agent(walker);
    std::mt19937 rng(9);
    std::map<RouteService::Ticket, std::uint64_t> revision_at_submit;
    std::size_t cancelled = 0;
    for (int tick = 0; tick < 50; ++tick) {
        world.set_block({int(rng() % size.x), 1 + int(rng() % 3), int(rng() % size.z)}, *world.blocks().find("stone"));
        for (int i = 0; i < 4; ++i) {
            const auto t = service.submit(a, {0, wps[rng() % wps.size()], Goal::at(wps[rng() % wps.size()]), {}});
            revision_at_submit[t] = world.revision();
            if (i == 3 && service.cancel(t)) ++cancelled;
        }
        for (const auto& f : service.collect()) {
            if (!f.cancelled) CHECK(f.route.revision >= revision_at_submit.at(f.ticket));
            revision_at_submit.erase(f.ticket);
        }
    }
    service.wait();
    std::size_t seen_cancelled = 0;
    for (const auto& f : service.collect()) {
        if (f.cancelled) ++seen_cancelled;
        revision_at_submit.erase(f.ticket);
    }
    CHECK(revision_at_submit.empty());
    CHECK(seen_cancelled <= cancelled);
    CHECK_THROWS_AS(service.submit(99, {}), std::out_of_range);
}

// Regression (faults issue, 2): a service of one worker ran nothing until
// the game called wait() (its TBB arena kept its only slot for the game
// thread), and every NPC froze without an error. The game below never calls
// wait(): it collects once per "tick" as a game would. The deadline is a
// liveness bound (a frozen service never delivers), not a timing claim.
// The random world of the live service tests and its walker's waypoints.
struct ServiceWorld {
    const Voxel size{24, 6, 24};
    World world = testing::random_world(78, size);
    const AgentProfile walker;
    std::vector<Voxel> wps;
    ServiceWorld() {
        const ref::Model model(world, walker);
        wps = waypoints_of(model, size);
        REQUIRE(wps.size() > 10);
    }
};

TEST_CASE("a service of N workers delivers without wait(), as ticks go by", "[queries][live]") {
    ServiceWorld sw;
    World& world = sw.world;
    const AgentProfile& walker = sw.walker;
    const auto& wps = sw.wps;
    for (int threads : {1, 2, 3}) {
        RouteService service(world, threads);
        CHECK(service.threads() == threads);
        const auto a = service.add_agent(walker);
        std::mt19937 rng(threads);
        std::set<RouteService::Ticket> asked;
        for (int i = 0; i < 4; ++i) asked.insert(service.submit(a, {std::uint64_t(i), wps[rng() % wps.size()], Goal::at(wps[rng() % wps.size()]), {}}));
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        while (!asked.empty() && std::chrono::steady_clock::now() < deadline) {
            for (const RouteService::Finished& f : service.collect()) {
                CHECK(asked.erase(f.ticket) == 1);
                CHECK(f.route.status != SearchStatus::Failed);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));  // the rest of the game's tick
        }
        INFO(threads << " workers");
        CHECK(asked.empty());
        CHECK(service.pending() == 0);
    }
}

// Regression (faults issue, 5): SearchLimits::weight of 0.5, 0, -1 or
// infinity was taken as 1 in C++, though the header says >= 1 and finite and
// the C API and the CLI reject it.
TEST_CASE("limits outside their documented ranges are the caller's error everywhere", "[queries]") {
    World world = testing::world_from_text("voxnav-world 1\nsize 6 3 3\nlayer 0\n######\n######\n######\n");
    Navigator nav(world, AgentProfile{});
    RouteService service(world, 1);
    const auto agent = service.add_agent(AgentProfile{});
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    for (double w : {0.5, 0.0, -1.0, inf, -inf, nan}) {
        INFO("weight " << w);
        QueryOptions o;
        o.limits.weight = w;
        CHECK_THROWS_AS(nav.find_route({0, 1, 0}, Goal::at({5, 1, 2}), o), std::invalid_argument);
        CHECK_THROWS_WITH(nav.find_route({0, 1, 0}, Goal::at({5, 1, 2}), o), Catch::Contains("weight"));
        CHECK_THROWS_AS(nav.begin_route({0, 1, 0}, Goal::at({5, 1, 2}), o), std::invalid_argument);
        CHECK_THROWS_AS(service.submit(agent, {0, {0, 1, 0}, Goal::at({5, 1, 2}), o}), std::invalid_argument);
        CHECK_THROWS_AS(nav.reachable({0, 1, 0}, o), std::invalid_argument);
        CHECK_THROWS_AS(nav.flow_field(Goal::at({5, 1, 2}), o), std::invalid_argument);
    }
    for (double c : {-1.0, nan}) {
        INFO("max_cost " << c);
        QueryOptions o;
        o.limits.max_cost = c;
        CHECK_THROWS_WITH(nav.find_route({0, 1, 0}, Goal::at({5, 1, 2}), o), Catch::Contains("max_cost"));
    }
    // The edges of the ranges are fine, and nothing was left half-done.
    for (double w : {1.0, 1.5, 1e9}) {
        QueryOptions o;
        o.limits.weight = w;
        CHECK(nav.find_route({0, 1, 0}, Goal::at({5, 1, 2}), o).status == SearchStatus::Found);
    }
    QueryOptions zero_cost;
    zero_cost.limits.max_cost = 0.0;
    CHECK(nav.find_route({0, 1, 0}, Goal::at({5, 1, 2}), zero_cost).status == SearchStatus::NoPath);
    service.wait();
}

// Issue 34, item 6: Navigator::reserve(max_nodes) makes room once; queries
// within it then grow no search memory, and answer as before.
TEST_CASE("reserve: queries within the reserved nodes grow no search memory and answer the same", "[queries]") {
    const Voxel size(48, 8, 48);
    const World world = testing::random_world(91, size);
    const AgentProfile walker;
    const ref::Model model(world, walker);
    const auto wps = waypoints_of(model, size);
    REQUIRE(wps.size() > 10);
    Navigator cold(world, walker), warm(world, walker);
    warm.reserve(20000);
    const std::size_t reserved = warm.search_memory_bytes();
    CHECK(reserved > cold.search_memory_bytes());
    std::mt19937 rng(4);
    QueryOptions o;
    o.limits.max_nodes = 20000;
    for (int i = 0; i < 60; ++i) {
        const Voxel from = wps[rng() % wps.size()], to = wps[rng() % wps.size()];
        const Route a = cold.find_route(from, Goal::at(to), o), b = warm.find_route(from, Goal::at(to), o);
        CHECK(a.status == b.status);
        CHECK(a.cost == b.cost);
        CHECK(a.metrics.expanded == b.metrics.expanded);
        CHECK(b.metrics.generated <= 20001);
    }
    CHECK(warm.search_memory_bytes() == reserved);
    // A digger's search too.
    AgentProfile digger = walker;
    digger.dig = true;
    Navigator d(world, digger);
    d.reserve(5000);
    CHECK(d.search_memory_bytes() > 5000 * 16);
}

TEST_CASE("zone lookups: chunk buckets equal the plain list anywhere", "[queries]") {
    std::mt19937 rng(3);
    auto coord = [&] { return int(rng() % 200) - 100; };
    for (int round = 0; round < 20; ++round) {
        std::vector<CostZone> zones;
        for (int i = 0, n = 1 + int(rng() % 40); i < n; ++i) {
            const double m = 0.25 + (rng() % 8) * 0.5;
            if (rng() % 2) {
                zones.push_back(CostZone::sphere({coord(), coord(), coord()}, 0.5 + rng() % 30, m));
            } else {
                const Voxel lo(coord(), coord(), coord());
                zones.push_back(CostZone::in_box({lo, lo + Voxel(1 + rng() % 40, 1 + rng() % 20, 1 + rng() % 40)}, m));
            }
        }
        const ZoneCosts list(zones, ZoneIndex::List), chunks(zones, ZoneIndex::Chunks);
        CHECK(chunks.bucketed());
        CHECK_FALSE(list.bucketed());
        CHECK(list.smallest_multiplier() == chunks.smallest_multiplier());
        for (int k = 0; k < 20000; ++k) {
            const Voxel v(coord(), coord(), coord());
            REQUIRE(list.multiplier(v) == chunks.multiplier(v));
        }
    }
}

TEST_CASE("a real Minecraft region: a start one voxel above the ground snaps, and near goals route", "[queries][minecraft]") {
    const World world = load_world(VOXNAV_SOURCE_DIR "/worlds/samples/querz-nbt7_r.0.0.mca");
    Navigator nav(world, AgentProfile{});
    const VoxelBox box = nav.field().domain();
    std::mt19937 rng(11);
    std::vector<Voxel> ground;  // the highest waypoint of sampled columns
    for (int i = 0; i < 400 && ground.size() < 20; ++i) {
        const int x = box.lo.x + int(rng() % std::uint32_t(box.size().x)), z = box.lo.z + int(rng() % std::uint32_t(box.size().z));
        for (int y = box.hi.y - 1; y >= box.lo.y; --y)
            if (nav.is_waypoint({x, y, z})) {
                if (!nav.is_waypoint({x, y + 1, z}) && !nav.is_waypoint({x, y + 2, z})) ground.push_back({x, y, z});
                break;
            }
    }
    REQUIRE(ground.size() >= 10);
    int routed = 0;
    for (std::size_t i = 0; i + 1 < ground.size(); ++i) {
        const Voxel g = ground[i];
        // The new user's first try: one voxel above the ground.
        const Voxel above = g + Voxel(0, 1, 0);
        CHECK(nav.find_route(above, Goal::at(ground[i + 1])).status == SearchStatus::InvalidStart);
        const Navigator::Snap s = nav.snap_feet(above);
        INFO(s.what);
        REQUIRE(s.ok);
        CHECK(s.feet == g);
        const Route r = nav.find_route_from_game(world.transform().to_world(above), Goal::near(glm::dvec3(ground[i + 1]), 3.0));
        CHECK(r.waypoints.empty() == !r.usable());
        if (r.status == SearchStatus::Found) {
            CHECK(r.waypoints.front().position == g);
            ++routed;
        }
    }
    CHECK(routed > 0);
}

TEST_CASE("claimed requests are taken one by one, never collected, forgotten ones leave nothing behind", "[queries][live]") {
    ServiceWorld sw;
    World& world = sw.world;
    const AgentProfile& walker = sw.walker;
    const auto& wps = sw.wps;
    RouteService service(world, 2);
    const auto agent = service.add_agent(walker);
    Navigator nav(world, walker);
    std::mt19937 rng(5);
    std::vector<std::pair<RouteService::Ticket, std::pair<Voxel, Voxel>>> claimed;
    std::vector<RouteService::Ticket> forgotten;
    for (int i = 0; i < 60; ++i) {
        const Voxel from = wps[rng() % wps.size()], to = wps[rng() % wps.size()];
        RouteService::Request r;
        r.npc = std::uint64_t(i);
        r.from = from;
        r.goal = Goal::at(to);
        r.claim = i % 3 != 2;
        const auto t = service.submit(agent, std::move(r));
        if (i % 3 == 2) continue;  // an ordinary request
        if (i % 3 == 1) {
            service.forget(t);  // queued, running or finished: all the same
            forgotten.push_back(t);
        } else {
            claimed.push_back({t, {from, to}});
        }
    }
    service.wait();
    // collect() returns the 20 ordinary ones only.
    const auto collected = service.collect();
    CHECK(collected.size() == 20);
    for (const auto& f : collected) CHECK(f.npc % 3 == 2);
    for (const auto& [t, q] : claimed) {
        const auto f = service.take(t);
        REQUIRE(f.has_value());
        CHECK(f->ticket == t);
        const Route expect = nav.find_route(q.first, Goal::at(q.second));
        CHECK(f->route.status == expect.status);
        if (expect.status == SearchStatus::Found) CHECK(f->route.cost == Approx(expect.cost));
        CHECK_FALSE(service.take(t).has_value());  // taken once
    }
    for (const auto t : forgotten) CHECK_FALSE(service.take(t).has_value());
    CHECK(service.pending() == 0);
}

// A region within a horizontal range at any height (mineflayer's
// GoalNearXZ), from the wording: feet within R of (x, z) horizontally.
TEST_CASE("near_xz goals: optimal against the reference Dijkstra on random worlds", "[queries]") {
    int found = 0, none = 0, invalid = 0;
    for (std::uint32_t seed = 1; seed <= 120; ++seed) {
        const Voxel size(9, 6, 9);
        const Trial t(seed, size);
        if (t.wps.empty()) continue;
        std::mt19937 rng(seed * 17u + 3u);
        Navigator nav(t.world, t.agent);
        for (int q = 0; q < 4; ++q) {
            const Voxel start = t.wps[rng() % t.wps.size()];
            const double cx = int(rng() % 9u) + 0.5 * int(rng() % 2u), cz = int(rng() % 9u) + 0.5 * int(rng() % 2u);
            const double r = 0.5 * int(rng() % 6u);
            const auto holds = [&](const Voxel& p) { return (p.x - cx) * (p.x - cx) + (p.z - cz) * (p.z - cz) <= r * r; };
            const Goal goal = Goal::near_xz(cx, cz, r);
            const double best = t.model.dijkstra_to(start, [&](const Voxel& p) { return t.model.waypoint(p) && holds(p); },
                                                    [](const Voxel&) { return 1.0; });
            const Route route = nav.find_route(start, goal);
            INFO("seed " << seed << " query " << q << " goal " << goal.describe() << ": " << to_json(route));
            if (route.status == SearchStatus::InvalidGoal) {
                for (const Voxel& p : t.wps) CHECK_FALSE(holds(p));
                ++invalid;
                continue;
            }
            if (best < 0) {
                CHECK(route.status == SearchStatus::NoPath);
                ++none;
                continue;
            }
            REQUIRE(route.status == SearchStatus::Found);
            CHECK(route.cost == Approx(best).epsilon(1e-9));
            CHECK(holds(route.waypoints.back().position));
            ++found;
        }
    }
    CHECK(found > 150);
    CHECK(none + invalid > 5);
}

TEST_CASE("a near_xz goal of range 3000 is one region: planned in few expansions, its text round-trips", "[queries]") {
    // A floor 40 x 40 at y = 0 (feet at 1); the goal's centre 2000 voxels
    // away, its range 3000: the start is inside, and far from the centre.
    std::string text = "voxnav-world 1\nsize 40 2 40\nlayer 0\n";
    for (int z = 0; z < 40; ++z) text += std::string(40, '#') + "\n";
    text += "layer 1\n";
    for (int z = 0; z < 40; ++z) text += std::string(40, '.') + "\n";
    const World world = testing::world_from_text(text);
    Navigator nav(world, AgentProfile{});
    Route r = nav.find_route({5, 1, 5}, Goal::near_xz(2005.5, 5, 3000));
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.waypoints.size() == 1);
    CHECK(r.metrics.expanded <= 2);
    // Its edge inside the floor: the route ends on the first column within
    // range, and the search expands about what the straight walk needs.
    r = nav.find_route({5, 1, 5}, Goal::near_xz(2030.5, 5.5, 2000));
    REQUIRE(r.status == SearchStatus::Found);
    const Voxel end = r.waypoints.back().position;
    CHECK(end.x == 31);
    CHECK(r.metrics.expanded < 2000);
    // Any height: a column over the floor at another y still holds.
    CHECK(Goal::near_xz(0.5, 0.5, 1).satisfied_by({0, 77, 1}, 1, 2));
    CHECK_FALSE(Goal::near_xz(0.5, 0.5, 1).satisfied_by({2, 1, 1}, 1, 2));
    // The CLI's syntax.
    const Goal g = parse_goal("nearxz:10.5,-3:1000");
    REQUIRE(g.parts().size() == 1);
    CHECK(g.parts()[0].kind == Goal::Kind::NearXZ);
    CHECK(g.parts()[0].point == glm::dvec3(10.5, 0, -3));
    CHECK(g.parts()[0].radius == 1000);
    CHECK(g.describe() == "nearxz:10.5,-3:1000");
    CHECK(parse_goal(g.describe()).describe() == g.describe());
    CHECK_THROWS_AS(parse_goal("nearxz:1,2,3:4"), std::invalid_argument);
    CHECK_THROWS_AS(parse_goal("nearxz:1,2:-4"), std::invalid_argument);
    CHECK_THROWS_AS(Goal::near_xz(0, std::nan(""), 1), std::invalid_argument);
    // No waypoint within range says why.
    r = nav.find_route({5, 1, 5}, Goal::near_xz(500, 500, 3));
    CHECK(r.status == SearchStatus::InvalidGoal);
    CHECK(r.error.find("horizontally") != std::string::npos);
}
