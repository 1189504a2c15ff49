// SPDX-License-Identifier: MIT
// Building a route from a search's answer (route/navigator/navigator_steps.hpp): each
// waypoint's cost is the rules' own price of its step. Walks, swims and fly moves
// are priced without asking the rules (OrdinarySteps::known_step); this
// holds them to the rules' answer (step_costs asks them for every step),
// on terrain, shaped blocks and open sky, across chunk faces.
#include "random_shaped.hpp"
#include "random_world.hpp"
#include "test_helpers.hpp"

#include "voxnav/route/navigator.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <vector>

using namespace voxnav;

namespace {

struct Tally {
    std::size_t routes = 0, steps = 0, walks = 0, swims = 0, flights = 0, across = 0;
};

// Routes between random waypoints of `w` (both accelerations), each step's
// cost against step_costs, exactly.
void check_routes(const World& w, const AgentProfile& a, std::uint32_t seed, int queries, Tally& t) {
    Navigator nav(w, a);
    REQUIRE(w.bounds());
    const VoxelBox box = *w.bounds();
    std::vector<Voxel> spots;
    for (int y = box.lo.y; y < box.hi.y; ++y)
        for (int z = box.lo.z; z < box.hi.z; ++z)
            for (int x = box.lo.x; x < box.hi.x; ++x)
                if (nav.is_waypoint({x, y, z})) spots.emplace_back(x, y, z);
    if (spots.size() < 2) return;
    std::mt19937 rng(seed);
    for (int q = 0; q < queries; ++q) {
        const Voxel s = spots[rng() % spots.size()];
        const Voxel g = spots[rng() % spots.size()];
        QueryOptions options;
        options.acceleration = q % 2 ? Acceleration::Off : Acceleration::Auto;
        const Route r = nav.find_route(s, Goal::at(g), options);
        if (r.status != SearchStatus::Found) continue;
        INFO("seed " << seed << " from " << s.x << "," << s.y << "," << s.z << " to " << g.x << "," << g.y << "," << g.z);
        ++t.routes;
        const std::vector<double> priced = nav.step_costs(r);
        REQUIRE(priced.size() == r.waypoints.size());
        for (std::size_t k = 1; k < priced.size(); ++k) {
            const Waypoint& from = r.waypoints[k - 1];
            const Waypoint& to = r.waypoints[k];
            CHECK(to.cost == priced[k]);
            ++t.steps;
            t.walks += to.action == Action::Walk;
            t.swims += to.action == Action::Swim;
            t.flights += to.action == Action::Fly;
            t.across += (from.position.x >> 4) != (to.position.x >> 4) || (from.position.z >> 4) != (to.position.z >> 4) ||
                        (from.position.y >> 4) != (to.position.y >> 4);
        }
    }
}

// random_world with a lake over most of it (air above the ground turned to
// water, 1 to 3 deep) and an agent that swims: swims across chunk faces.
World flooded(std::uint32_t seed) {
    World w = testing::random_world(seed, {22, 7, 20});
    const BlockId water = *w.blocks().find("water");
    const int depth = 1 + int(seed % 3);
    for (int z = 2; z < 18; ++z)
        for (int x = 3; x < 20; ++x)
            for (int y = 1; y <= depth; ++y)
                if (w.block({x, y, z}) == BlockRegistry::air) w.set_block({x, y, z}, water);
    return w;
}

}  // namespace

TEST_CASE("route build: every step costs what the rules price it at, walks, swims and fly moves included", "[route][steps]") {
    Tally t;
    for (std::uint32_t seed = 1; seed <= 24; ++seed) {
        // Terrain, water and mud over two chunks a side.
        check_routes(testing::random_world(seed, {22, 7, 20}), testing::random_agent(seed), seed, 8, t);
        AgentProfile swimmer = testing::random_agent(seed);
        swimmer.swim = true;
        check_routes(flooded(seed), swimmer, seed, 8, t);
        // Stairs, slabs, doors, ladders, cobwebs: shaped chunks.
        check_routes(testing::world_from_text(testing::random_shaped_world(seed)), testing::random_shaped_agent(seed), seed, 8, t);
        // A pure flyer among pillars, across chunk faces.
        World sky = testing::random_world(seed + 100, {20, 12, 19});
        AgentProfile flyer;
        flyer.walk = flyer.swim = flyer.jump = flyer.fall = false;
        flyer.fly = true;
        flyer.fly_speed = 1.0 + seed % 3;
        flyer.height = 1 + int(seed % 2);
        check_routes(sky, flyer, seed, 8, t);
    }
    // The cases the shortcut prices were there to be checked.
    CHECK(t.routes > 200);
    CHECK(t.walks > 500);
    CHECK(t.swims > 500);
    CHECK(t.flights > 500);
    CHECK(t.across > 50);
}
