// SPDX-License-Identifier: MIT
// Swim runs (route/swim_runs.cpp): jump points over plain water must give
// the plain search's costs in random lakes (depths, islands, pillars under
// water, overhangs to dive under, shores to climb out on, slabs at the
// shore), across chunk faces, after random edits, with and without
// landmarks; and the runs themselves stop where the definition says.
#include "accelerated_check.hpp"
#include "random_world.hpp"

#include "facts/plain_water.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "route/problems/jump_points.hpp"
#include "route/problems/landmark_keeper.hpp"
#include "voxnav/route/navigator.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace voxnav;

namespace {

// Ground of stone up to `base` + 4 (feet at base + 5), lakes carved into it
// (water up to base + 4, 1 to 4 deep), islands, pillars under water,
// overhangs over it, puddles and a few slabs. Bounded to size.x x 12 x size.z
// above `base`.
World lake_world(std::uint32_t seed, Voxel size, int base, bool bounded = true, bool slabs = true) {
    std::mt19937 rng(seed);
    World w;
    const auto& reg = w.blocks();
    const BlockId stone = *reg.find("stone"), water = *reg.find("water");
    const auto slab = reg.find("oak_slab");
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    auto set = [&](int x, int y, int z, BlockId b) {
        if (x >= 0 && x < size.x && z >= 0 && z < size.z) w.set_block({x, base + y, z}, b);
    };
    for (int z = 0; z < size.z; ++z)
        for (int x = 0; x < size.x; ++x)
            for (int y = 0; y <= 4; ++y) set(x, y, z, stone);
    for (int i = 0, n = 2 + roll(3); i < n; ++i) {  // lakes
        const int x0 = roll(size.x), z0 = roll(size.z), rx = 3 + roll(18), rz = 3 + roll(18), depth = 1 + roll(4);
        for (int z = z0; z < z0 + rz; ++z)
            for (int x = x0; x < x0 + rx; ++x) {
                // Shelving shores: shallower at the lake's rim.
                const int rim = std::min({x - x0, x0 + rx - 1 - x, z - z0, z0 + rz - 1 - z});
                for (int y = 4 - std::min(depth, 1 + rim) + 1; y <= 4; ++y) set(x, y, z, water);
            }
    }
    for (int i = 0, n = roll(8); i < n; ++i) {  // islands and pillars under water
        const int x = roll(size.x), z = roll(size.z), top = 1 + roll(5);
        for (int y = 1; y <= top; ++y) set(x, y, z, stone);
    }
    for (int i = 0, n = roll(6); i < n; ++i) {  // overhangs: dive under them
        const int x = roll(size.x), z = roll(size.z), len = 1 + roll(5), y = 5 + roll(2);
        for (int k = 0; k < len; ++k) set(roll(2) ? x + k : x, y, roll(2) ? z : z + k, stone);
    }
    for (int i = 0, n = roll(4); i < n; ++i) set(roll(size.x), 5, roll(size.z), water);  // puddles on the ground
    for (int i = 0, n = roll(4); i < n; ++i) set(roll(size.x), 5 + roll(3), roll(size.z), stone);  // walls
    if (slab && slabs)
        for (int i = 0, n = roll(3); i < n; ++i) set(roll(size.x), 5, roll(size.z), *slab);
    if (bounded) w.set_bounds(VoxelBox{{0, base, 0}, Voxel(size.x, base + 12, size.z)});
    return w;
}

// A sea `n` x `n` columns wide: stone from y 0 to `bed`, water above it up
// to `surface`, bounded `n` x `height` x `n`.
World sea(int n, int bed, int surface, int height) {
    World w;
    const BlockId stone = *w.blocks().find("stone"), water = *w.blocks().find("water");
    for (int z = 0; z < n; ++z)
        for (int x = 0; x < n; ++x)
            for (int y = 0; y <= surface; ++y) w.set_block({x, y, z}, y <= bed ? stone : water);
    w.set_bounds(VoxelBox{{0, 0, 0}, {n, height, n}});
    return w;
}

// A random edit near the water: water, stone or air at a random voxel.
void lake_edit(World& w, std::mt19937& rng, Voxel size, int base) {
    const auto& reg = w.blocks();
    const BlockId pick[3] = {*reg.find("water"), *reg.find("stone"), BlockRegistry::air};
    const Voxel v(int(rng() % std::uint32_t(size.x)), base + 1 + int(rng() % 6u), int(rng() % std::uint32_t(size.z)));
    w.set_block(v, pick[rng() % 3u]);
}

// A standable position of column (x, z), scanning down from the top: in
// water or on the ground.
bool standable_in(const Navigator& nav, int x, int z, int base, Voxel& out) {
    for (int y = base + 11; y > base; --y)
        if (nav.is_waypoint({x, y, z})) {
            out = {x, y, z};
            return true;
        }
    return false;
}

// The swim run tables of every slot against their definition
// (detail::swim_go_bits, read line by line); counts the positions where a
// run goes on.
std::size_t swim_table_mismatches(const NavSnapshot& snap, std::size_t& go_count) {
    std::size_t bad = 0;
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s) {
        const SwimTables& swim = *snap.slot(s).plain->swim;
        for (int ly = 0; ly < 16; ++ly)
            for (int across = 0; across < 16; ++across)
                for (int along_x = 0; along_x < 2; ++along_x)
                    for (int dir = 0; dir < 2; ++dir) {
                        const std::uint32_t want = detail::swim_go_bits(snap, s, along_x != 0, ly, across, dir == 0 ? 1 : -1);
                        const std::uint16_t got = (along_x ? swim.x : swim.z)[unsigned(dir)][unsigned(across + 16 * ly)];
                        bad += got != want;
                        go_count += unsigned(__builtin_popcount(want));
                    }
    }
    return bad;
}

}  // namespace

TEST_CASE("swim run tables equal their definition after every edit, load and unload", "[facts][plain][swim]") {
    std::size_t checked = 0, go_seen = 0;
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
        // Water below a chunk's top face, across it (y 14..17), or low in a chunk.
        const int base = seed % 3 == 0 ? 0 : seed % 3 == 1 ? 10 : 13;
        const Voxel size(40, 0, 36);
        const bool bounded = seed % 3 != 0;
        World w = lake_world(seed + 500, size, base, bounded);
        AgentProfile a = testing::random_agent(seed);
        NavField field(w, a);
        REQUIRE(swim_table_mismatches(*field.snapshot(), go_seen) == 0);
        std::mt19937 rng(seed);
        for (int round = 0; round < 12; ++round) {
            INFO("seed " << seed << " round " << round);
            for (int e = 0, n = 1 + int(rng() % 6); e < n; ++e) lake_edit(w, rng, size, base);
            // Unbounded worlds also lose and regain whole chunks.
            if (!bounded && round % 4 == 3) {
                const Voxel c(int(rng() % 3u), (base + 4) / 16, int(rng() % 3u));
                if (w.is_loaded(c)) w.unload_chunk(c);
                else lake_edit(w, rng, size, base);
            }
            field.sync(w);
            REQUIRE(swim_table_mismatches(*field.snapshot(), go_seen) == 0);
            ++checked;
        }
    }
    CHECK(checked == 10 * 12);
    CHECK(go_seen > 100000);  // plenty of plain water to get wrong
}

TEST_CASE("swim runs agree with the plain search and the reference in random lakes, after random edits", "[search][jump][swim]") {
    int found = 0, swims = 0, fewer = 0;
    for (std::uint32_t seed = 1; seed <= 48; ++seed) {
        // Water low in a chunk, below its top face, or across it (y 14..17).
        const int base = seed % 3 == 0 ? 0 : seed % 3 == 1 ? 10 : 13;
        const Voxel size(40, 0, 36);
        World w = lake_world(seed, size, base, true, /*slabs=*/false);  // the reference knows no shapes
        AgentProfile a = testing::random_agent(seed);
        a.walk = a.diagonal = a.swim = true;
        a.fly = false;
        REQUIRE(JumpPointProblem::suits(a));
        Navigator nav(w, a);
        const bool guided = seed % 4 == 0;
        if (guided) {
            LandmarkSettings lm;
            lm.count = 4;
            lm.background = false;
            nav.use_landmarks(lm);
        }
        std::mt19937 rng(seed);
        for (int round = 0; round < 8; ++round) {
            for (int e = 0, n = int(rng() % 6); e < n; ++e) lake_edit(w, rng, size, base);
            nav.sync();
            if (guided && nav.landmarks()) nav.landmarks()->build_now(nav.snapshot());
            const ref::Model model(w, a);
            for (int q = 0; q < 8; ++q) {
                // One draw per statement: every build must pick the same queries.
                const int sx = int(rng() % 40), sz = int(rng() % 36), gx = int(rng() % 40), gz = int(rng() % 36);
                Voxel s, g;
                if (!standable_in(nav, sx, sz, base, s) || !standable_in(nav, gx, gz, base, g)) continue;
                INFO("seed " << seed << " round " << round << " from " << s.x << "," << s.y << "," << s.z << " to " << g.x << ","
                             << g.y << "," << g.z);
                // The reference's optimum both ways, every move legal, sliced as one-shot.
                const auto r = testing::accelerated_and_plain(nav, model, s, g, 7);
                if (!r.found) continue;
                ++found;
                fewer += r.fast.metrics.expanded < r.plain.metrics.expanded;
                // Swim runs put back move by move, at the rules' own prices.
                const std::vector<double> priced = nav.step_costs(r.fast, {});
                REQUIRE(priced.size() == r.fast.waypoints.size());
                for (std::size_t k = 1; k < priced.size(); ++k) {
                    CHECK(r.fast.waypoints[k].cost == Approx(priced[k]).epsilon(1e-12));
                    swims += r.fast.waypoints[k].action == Action::Swim;
                }
            }
        }
    }
    CHECK(found > 48 * 8 * 8 / 2);
    CHECK(swims > found);  // the routes swim
    CHECK(fewer > found / 4);
}

TEST_CASE("plain water and swim runs in a hand-made lake", "[search][jump][swim]") {
    // A lake x 2..13, z 2..13 at y 4 (the ground's feet level is 5), 1 deep at
    // its rim and 3 deep inside x 4..11; the ground beside it is dry.
    World w;
    const BlockId stone = *w.blocks().find("stone"), water = *w.blocks().find("water");
    for (int z = 0; z < 16; ++z)
        for (int x = 0; x < 16; ++x)
            for (int y = 0; y <= 4; ++y) w.set_block({x, y, z}, stone);
    for (int z = 2; z <= 13; ++z)
        for (int x = 2; x <= 13; ++x) {
            w.set_block({x, 4, z}, water);
            if (x >= 4 && x <= 11 && z >= 4 && z <= 11)
                for (int y = 2; y <= 3; ++y) w.set_block({x, y, z}, water);
        }
    w.set_bounds(VoxelBox{{0, 0, 0}, {16, 12, 16}});
    AgentProfile a;  // the 1x2 humanoid: walks, jumps 1, swims, diagonals
    Navigator nav(w, a);
    const NavSnapshot& snap = nav.field();
    const JumpPointProblem jp(nav.moves(), snap.index_of({0, 5, 0}));  // a goal on the ground, away from the runs
    auto at = [&](int x, int y, int z) { return snap.index_of({x, y, z}); };
    // The rim beside the dry ground: a jump out lands there.
    CHECK_FALSE(jp.plain_water(at(2, 4, 8)));
    // One in from the rim: every move is a swim.
    CHECK(jp.plain_water(at(3, 4, 8)));
    CHECK(jp.plain_water(at(8, 4, 8)));
    CHECK(jp.plain_water(at(8, 2, 8)));
    // Dry ground is no plain water.
    CHECK_FALSE(jp.plain_water(at(0, 5, 0)));

    int steps = 0;
    // Along +x from x 3 at the surface: x 4 is where the deep water begins
    // below (a dive forced there), so the run stops at once.
    CHECK(jp.swim_straight(at(3, 4, 8), 1, 0, steps) == at(4, 4, 8));
    CHECK(steps == 1);
    // From x 4 on over the deep water nothing is forced until x 12, where the
    // deep water ends below: ending is no forced neighbour; x 13 is the rim,
    // no plain water (a jump out lands beyond it), so the run stops there.
    CHECK(jp.swim_straight(at(4, 4, 8), 1, 0, steps) == at(13, 4, 8));
    CHECK(steps == 9);
    // Along z at the bottom of the deep water: nothing forced up to the
    // wall at z 12, so no jump point; the goal stops a run.
    CHECK(jp.swim_straight(at(8, 2, 4), 0, 1, steps) == NavSnapshot::no_index);
    const JumpPointProblem to_goal(nav.moves(), at(8, 2, 7));
    CHECK(to_goal.swim_straight(at(8, 2, 4), 0, 1, steps) == at(8, 2, 7));
    CHECK(steps == 3);
}

TEST_CASE("a swim run arriving diagonally dives where the dive from behind would cut a corner", "[search][jump][swim]") {
    // Water 2 deep over x, z 0..9 (surface y 4, bottom y 3) with one stone
    // block at the bottom, (4, 3, 3). From (2, 4, 2) to (4, 3, 4) the cheapest
    // route swims the surface diagonal to (4, 4, 4) and dives there: diving
    // one position earlier, at (3, 4, 3), would leave a diagonal at the bottom
    // past the stone's corner. So the dive at (4, 4, 4), reached by a
    // diagonal run, is forced even though the water behind it at the bottom
    // is open.
    World w = sea(10, 2, 4, 8);
    w.set_block({4, 3, 3}, *w.blocks().find("stone"));
    AgentProfile a;
    Navigator nav(w, a);
    QueryOptions off, jump;
    off.acceleration = Acceleration::Off;
    jump.acceleration = Acceleration::JumpPoints;
    const Route plain = nav.find_route({2, 4, 2}, Goal::at({4, 3, 4}), off);
    const Route fast = nav.find_route({2, 4, 2}, Goal::at({4, 3, 4}), jump);
    REQUIRE(plain.status == SearchStatus::Found);
    REQUIRE(fast.status == SearchStatus::Found);
    CHECK(plain.cost == Approx((2.0 * std::sqrt(2.0) + 1.0) / a.swim_speed).epsilon(1e-12));
    CHECK(fast.cost == Approx(plain.cost).epsilon(1e-12));
}

TEST_CASE("a change under water re-derives the swim tables of the chunk above, whose own facts stay", "[facts][plain][swim]") {
    // Water from y 13 to y 18 crosses the face between the chunks at y 0 and
    // y 16. A stone set at (5, 15, 5) changes no fact of the upper chunk (the
    // water above it still holds a swimmer up), but a swim run there along x
    // now has the line below it blocked at x 5 and open again at x 6: a
    // forced dive at (6, 16, 5), in the upper chunk's tables.
    World w = sea(20, 12, 18, 24);
    AgentProfile a;
    NavField field(w, a);
    std::size_t go = 0;
    REQUIRE(swim_table_mismatches(*field.snapshot(), go) == 0);
    w.set_block({5, 15, 5}, *w.blocks().find("stone"));
    field.sync(w);
    CHECK(swim_table_mismatches(*field.snapshot(), go) == 0);
    const NavSnapshot& snap = *field.snapshot();
    const NavSnapshot::Index at = snap.index_of({6, 16, 5});
    // Forced there: the run towards +x stops at x 6.
    CHECK_FALSE((snap.slot(node_id::slot(at)).plain->swim->x[0][5u + 16u * 0u] >> 6 & 1u));
}
