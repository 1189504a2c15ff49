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
            if (expect < 0) {
                CHECK(r.status == SearchStatus::NoPath);
                continue;
            }
            REQUIRE(r.status == SearchStatus::Found);
            CHECK(r.cost == Approx(expect).epsilon(1e-9));
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
                    matched = matched || (m.to == wp.position && m.action == wp.action && std::abs(m.cost - wp.cost) < 1e-9 &&
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
