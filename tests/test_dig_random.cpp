// SPDX-License-Identifier: MIT
// Randomized checks of digging and placing: seeded worlds with random
// hardness, falling and unbreakable blocks, and random digging and placing
// profiles (blocks carried among them). Every route costs what a simple
// reference search with the blocks-left state finds (reference_dig.hpp),
// every step is a reference move with the same voxels, and the lower bound
// stays consistent across every digging and placing move.
#include <catch2/catch.hpp>

#include "random_world.hpp"
#include "reference_dig.hpp"
#include "test_helpers.hpp"

#include <cmath>
#include <random>
#include <set>

using namespace voxnav;

namespace {

World random_dig_world(std::uint32_t seed) {
    World w = testing::random_world(seed, {9, 7, 9});
    std::mt19937 rng(seed * 31u + 7u);
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    BlockRegistry& reg = w.blocks();
    const BlockId sand = reg.add("sand", BlockKind::Solid), bedrock = reg.add("bedrock", BlockKind::Solid),
                  ore = reg.add("ore", BlockKind::Solid), planks = reg.add("oak_planks", BlockKind::Solid);
    reg.set_material(sand, {0.5, true, false});
    reg.set_material(bedrock, {std::numeric_limits<double>::infinity(), false, false});
    reg.set_material(ore, {0.5 + roll(40) / 4.0, false, false});
    reg.set_material(*reg.find("stone"), {roll(12) / 4.0, false, false});
    reg.set_material(*reg.find("mud"), {roll(4) / 4.0, roll(5) == 0, false});
    const BlockId stone = *reg.find("stone");
    // Replace some stone by the new blocks, and add walls to dig through.
    for (int i = 0, n = 20 + roll(30); i < n; ++i) {
        const Voxel v(roll(9), roll(7), roll(9));
        if (w.block(v) != stone && w.block(v) != BlockRegistry::air) continue;
        const int k = roll(6);
        w.set_block(v, k == 0 ? sand : k == 1 ? bedrock : k == 2 ? planks : k == 3 ? ore : stone);
    }
    w.set_bounds(VoxelBox{{0, 0, 0}, {9, 7, 9}});
    return w;
}

AgentProfile random_digger(std::uint32_t seed) {
    AgentProfile a = testing::random_agent(seed);
    std::mt19937 rng(seed * 104729u + 5u);
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    a.fly = false;
    a.width = roll(5) == 0 ? 2 : 1;
    a.dig = roll(4) != 0;
    a.place = roll(2) == 0;
    if (!a.dig && !a.place) a.dig = true;
    a.dig_speed = 0.5 + roll(6) / 2.0;
    a.dig_penalty = roll(3) / 10.0;
    a.place_cost = roll(5) / 2.0;
    if (roll(3) == 0) a.never_dig = {"oak_*"};
    if (roll(3) != 0) a.blocks = roll(5);
    return a;
}

std::vector<Voxel> standables(const ref::Model& m, const World& w) {
    std::vector<Voxel> out;
    const VoxelBox b = *w.bounds();
    for (int y = b.lo.y; y < b.hi.y; ++y)
        for (int z = b.lo.z; z < b.hi.z; ++z)
            for (int x = b.lo.x; x < b.hi.x; ++x)
                if (m.waypoint({x, y, z})) out.push_back({x, y, z});
    return out;
}

// A route against the reference's cost for the same query (expect < 0: the
// reference finds none, so the route must be no_path). True when found.
bool matches_reference(const Route& r, double expect) {
    if (expect < 0) {
        CHECK(r.status == SearchStatus::NoPath);
        return false;
    }
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.cost == Approx(expect).epsilon(1e-9));
    return true;
}

}  // namespace

TEST_CASE("digging and placing routes cost what a simple reference finds", "[dig][random]") {
    int found = 0, digging = 0, placing = 0, limited = 0;
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
        const World w = random_dig_world(seed);
        const AgentProfile a = random_digger(seed);
        const ref::Model base(w, a);
        const ref::DigModel dm(w, a);
        const std::vector<Voxel> stand = standables(base, w);
        if (stand.size() < 2) continue;
        std::mt19937 rng(seed);
        Navigator nav(w, a);
        for (int q = 0; q < 6; ++q) {
            const Voxel s = stand[rng() % stand.size()], g = stand[rng() % stand.size()];
            INFO("seed " << seed << " from " << s.x << "," << s.y << "," << s.z << " to " << g.x << "," << g.y << "," << g.z
                         << " profile " << to_json(a));
            const Route r = nav.find_route(s, g);
            const double expect = dm.dijkstra(s, g);
            if (!matches_reference(r, expect)) continue;
            ++found;
            digging += !r.dig.empty();
            placing += !r.place.empty();
            limited += !r.place.empty() && a.blocks.has_value();
            if (a.blocks) CHECK(r.place.size() <= std::size_t(*a.blocks));
            // Each step is a reference move with the same cost and voxels.
            std::size_t dug_at = 0, placed_at = 0;
            int left = dm.start_blocks();
            for (std::size_t i = 1; i < r.waypoints.size(); ++i) {
                const Waypoint& wp = r.waypoints[i];
                const std::vector<Voxel> dug(r.dig.begin() + long(dug_at), r.dig.begin() + long(dug_at + wp.dug));
                const std::vector<Voxel> placed(r.place.begin() + long(placed_at), r.place.begin() + long(placed_at + wp.placed));
                dug_at += wp.dug;
                placed_at += wp.placed;
                bool matched = false;
                for (const ref::DigMove& m : dm.moves(r.waypoints[i - 1].position, left))
                    matched = matched || (m.to == wp.position && m.action.motion() == wp.action && std::abs(m.cost - wp.cost) < 1e-9 &&
                                          std::set<Voxel, ref::VoxelLess>(m.dug.begin(), m.dug.end()) ==
                                              std::set<Voxel, ref::VoxelLess>(dug.begin(), dug.end()) &&
                                          m.placed == placed);
                CHECK(matched);
                if (left != ref::DigModel::unlimited) left -= int(wp.placed);
            }
        }
    }
    // The worlds and profiles exercise what they are meant to.
    CHECK(found > 150);
    CHECK(digging > 30);
    CHECK(placing > 10);
    CHECK(limited > 5);
}

TEST_CASE("a query's floor-cost override prices digging and placing routes as a profile with that cost", "[dig][random][traits]") {
    // The dig rules price floors by the facts' class with the query's
    // multipliers (the block traits table), so an override reaches dug walks too.
    int found = 0, digging = 0;
    for (std::uint32_t seed = 200; seed < 260; ++seed) {
        const World w = random_dig_world(seed);
        AgentProfile a = random_digger(seed);
        a.floor_cost["mud"] = 3.0;
        AgentProfile changed = a;
        changed.floor_cost["mud"] = 1.0 + seed % 7;
        const ref::Model base(w, a);
        const ref::DigModel dm(w, changed);
        const std::vector<Voxel> stand = standables(base, w);
        if (stand.size() < 2) continue;
        std::mt19937 rng(seed);
        Navigator nav(w, a);
        QueryOptions o;
        o.floor_cost["mud"] = changed.floor_cost["mud"];
        for (int q = 0; q < 4; ++q) {
            const Voxel s = stand[rng() % stand.size()], g = stand[rng() % stand.size()];
            INFO("seed " << seed << " from " << s.x << "," << s.y << "," << s.z << " to " << g.x << "," << g.y << "," << g.z
                         << " profile " << to_json(changed));
            const Route r = nav.find_route(s, Goal::at(g), o);
            const double expect = dm.dijkstra(s, g);
            if (!matches_reference(r, expect)) continue;
            ++found;
            digging += !r.dig.empty();
        }
    }
    CHECK(found > 100);
    CHECK(digging > 20);
}

TEST_CASE("the lower bound stays consistent across digging and placing moves", "[dig][random][bound]") {
    std::size_t checked = 0;
    for (std::uint32_t seed = 100; seed < 130; ++seed) {
        const World w = random_dig_world(seed);
        const AgentProfile a = random_digger(seed);
        const ref::DigModel dm(w, a);
        Navigator nav(w, a);
        const MovementModel& moves = nav.moves();
        std::mt19937 rng(seed);
        const VoxelBox b = *w.bounds();
        for (int k = 0; k < 200; ++k) {
            const Voxel p(int(rng() % 9), int(rng() % 7), int(rng() % 9)), g(int(rng() % 9), int(rng() % 7), int(rng() % 9));
            for (const ref::DigMove& m : dm.moves(p, ref::DigModel::unlimited)) {
                if (!b.contains(m.to)) continue;
                INFO("seed " << seed << " move to " << m.to.x << "," << m.to.y << "," << m.to.z << " " << to_string(m.action));
                CHECK(moves.lower_bound(p, g) <= m.cost + moves.lower_bound(m.to, g) + 1e-9);
                ++checked;
            }
        }
    }
    CHECK(checked > 2000);
}

// check_route and step_costs price a digger's or builder's route by the same
// moves its search had: on its own revision every move is priced as the
// route says; an edit away from everything the route reads leaves it valid;
// an edit that blocks one of its waypoints makes it invalid at a move no
// later than that one, where step_costs says +inf, and putting the block
// back makes it valid again.
TEST_CASE("check_route and step_costs follow digging and placing routes through random edits", "[dig][random][live]") {
    int routes = 0, far_edits = 0, breaks = 0;
    for (std::uint32_t seed = 1; seed <= 60; ++seed) {
        World w = random_dig_world(seed);
        const AgentProfile a = random_digger(seed);
        const ref::Model base(w, a);
        const std::vector<Voxel> stand = standables(base, w);
        if (stand.size() < 2) continue;
        std::mt19937 rng(seed * 17u + 3u);
        Navigator nav(w, a);
        const BlockId bedrock = *w.blocks().find("bedrock"), stone = *w.blocks().find("stone");
        for (int q = 0; q < 6; ++q) {
            const Voxel s = stand[rng() % stand.size()], g = stand[rng() % stand.size()];
            const Route r = nav.find_route(s, g);
            if (r.status != SearchStatus::Found || r.waypoints.size() < 3 || (r.dig.empty() && r.place.empty())) continue;
            INFO("seed " << seed << " query " << q << " profile " << to_json(a) << " route " << to_json(r));
            ++routes;
            std::vector<double> costs = nav.step_costs(r);
            REQUIRE(costs.size() == r.waypoints.size());
            for (std::size_t k = 1; k < costs.size(); ++k) CHECK(costs[k] == Approx(r.waypoints[k].cost).epsilon(1e-9));
            // What the route may read: around its waypoints, the body above and the floor below.
            auto near_route = [&](const Voxel& v) {
                for (const Waypoint& p : r.waypoints)
                    if (std::abs(v.x - p.position.x) <= 3 && std::abs(v.z - p.position.z) <= 3 && v.y >= p.position.y - 3 &&
                        v.y <= p.position.y + 6)
                        return true;
                return false;
            };
            for (int tries = 0; tries < 40; ++tries) {
                const Voxel v(int(rng() % 9), int(rng() % 7), int(rng() % 9));
                if (near_route(v)) continue;
                const BlockId was = w.block(v);
                w.set_block(v, was == stone ? BlockRegistry::air : stone);
                nav.sync();
                const Navigator::RouteCheck c = nav.check_route(r);
                INFO("edit at " << v.x << "," << v.y << "," << v.z << ": " << c.why);
                CHECK(c.valid);
                CHECK_FALSE(c.unchanged);
                costs = nav.step_costs(r);
                for (std::size_t k = 1; k < costs.size(); ++k) CHECK(std::isfinite(costs[k]));
                w.set_block(v, was);
                nav.sync();
                ++far_edits;
                break;
            }
            // Bedrock where waypoint k's feet go: the route breaks there or
            // before. (Not inside the body at waypoint k - 1: the rules count
            // the space an agent stands in as open, as it would be in a game.)
            const int wide = a.width, tall = a.body_voxels();
            auto in_body = [&](const Voxel& v, const Voxel& p) {
                return v.x >= p.x && v.x < p.x + wide && v.z >= p.z && v.z < p.z + wide && v.y >= p.y && v.y < p.y + tall;
            };
            std::size_t k = 1 + rng() % (r.waypoints.size() - 1);
            for (std::size_t tries = 0; tries < r.waypoints.size() && in_body(r.waypoints[k].position, r.waypoints[k - 1].position); ++tries)
                k = 1 + k % (r.waypoints.size() - 1);
            if (in_body(r.waypoints[k].position, r.waypoints[k - 1].position)) continue;
            const Voxel at = r.waypoints[k].position;
            const BlockId was = w.block(at);
            w.set_block(at, bedrock);
            nav.sync();
            const Navigator::RouteCheck broken = nav.check_route(r);
            costs = nav.step_costs(r);
            INFO("bedrock at waypoint " << k << " (" << at.x << "," << at.y << "," << at.z << ", was " << w.blocks()[was].name << "): "
                                        << broken.why << (broken.unchanged ? " (unchanged)" : "") << " costs[k] " << costs[k]);
            CHECK_FALSE(broken.valid);
            CHECK(broken.first_invalid >= 1);
            CHECK(broken.first_invalid <= k);
            if (broken.first_invalid >= 1 && broken.first_invalid < costs.size()) {
                CHECK_FALSE(std::isfinite(costs[broken.first_invalid]));
                for (std::size_t i = 1; i < broken.first_invalid; ++i) CHECK(std::isfinite(costs[i]));
            }
            ++breaks;
            w.set_block(at, was);
            nav.sync();
            const Navigator::RouteCheck again = nav.check_route(r);
            INFO("restored: " << again.why);
            CHECK(again.valid);
        }
    }
    CHECK(routes > 40);
    CHECK(far_edits > 10);
    CHECK(breaks > 40);
}
