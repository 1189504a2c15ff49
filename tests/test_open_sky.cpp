// Canonical pruning in open sky for pure flyers (route/open_sky.hpp): the
// successors of the canonical order in open sky, all moves elsewhere; the
// same costs as the plain search and the reference Dijkstra; legal routes.
#include "accelerated_check.hpp"
#include "random_world.hpp"
#include "test_helpers.hpp"

#include "voxnav/route/navigator.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

using namespace voxnav;

namespace {

// A bounded box of air with random stone blocks and slabs: open sky with
// obstacles of every shape, crossing chunk faces (the box is 20-36 wide).
World sky_world(std::uint32_t seed) {
    std::mt19937 rng(seed);
    auto roll = [&](int n) { return int(rng() % std::uint32_t(n)); };
    const Voxel size(20 + roll(17), 12 + roll(10), 20 + roll(17));
    World w;
    const BlockId stone = *w.blocks().find("stone");
    const int blocks = size.x * size.y * size.z * (2 + roll(12)) / 100;
    for (int i = 0; i < blocks; ++i) w.set_block({roll(size.x), roll(size.y), roll(size.z)}, stone);
    for (int i = 0, n = roll(4); i < n; ++i) {  // walls with gaps
        const int x = roll(size.x);
        for (int y = 0; y < size.y; ++y)
            for (int z = 0; z < size.z; ++z)
                if (roll(10) != 0) w.set_block({x, y, z}, stone);
    }
    w.set_bounds(VoxelBox{{0, 0, 0}, size});
    return w;
}

}  // namespace

TEST_CASE("open-sky pruning: the same costs as the plain search and the reference", "[search][sky]") {
    int compared = 0, found = 0;
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        const World w = sky_world(seed);
        AgentProfile a;
        a.walk = a.swim = a.jump = a.fall = false;
        a.fly = true;
        a.fly_speed = seed % 3 == 0 ? 2.5 : 1.0;
        a.width = 1 + int(seed % 2);
        a.height = 1 + int(seed % 3 == 1);
        REQUIRE(OpenSkyProblem::suits(a));
        testing::for_random_queries(w, a, seed, 6, [&](Navigator& nav, const ref::Model& model, const Voxel& s, const Voxel& g) {
            found += testing::accelerated_and_plain(nav, model, s, g, 5).found;
            ++compared;
        });
    }
    CHECK(compared == 40 * 6);
    CHECK(found > compared / 2);
}

TEST_CASE("open sky: the successors of the canonical order, every move next to an obstacle", "[search][sky]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    w.set_block({10, 10, 14}, stone);
    w.set_bounds(VoxelBox{{0, 0, 0}, {24, 24, 24}});
    AgentProfile a;
    a.walk = a.swim = a.jump = a.fall = false;
    a.fly = true;
    a.height = 1;
    Navigator nav(w, a);
    const NavSnapshot& f = nav.field();
    const OpenSkyProblem sky(nav.moves(), f.index_of({20, 20, 20}));
    auto successors = [&](Voxel at, Voxel from) {
        std::vector<Voxel> out;
        const auto parent = f.index_of(from);
        sky.for_each_successor(f.index_of(at), &parent, [&](NavSnapshot::Index t, double, std::uint8_t) { out.push_back(f.voxel_of(t)); });
        return out;
    };
    using V = std::vector<Voxel>;
    const Voxel n(10, 10, 10);
    REQUIRE(sky.open_sky(f.index_of(n)));
    CHECK(successors(n, n - Voxel(1, 0, 0)) == V{n + Voxel(1, 0, 0)});
    CHECK(successors(n, n - Voxel(0, -1, 0)) == V{n + Voxel(0, -1, 0)});
    const V diag2 = successors(n, n - Voxel(1, 0, -1));
    CHECK(diag2.size() == 3);
    CHECK(std::count(diag2.begin(), diag2.end(), n + Voxel(1, 0, -1)) == 1);
    CHECK(std::count(diag2.begin(), diag2.end(), n + Voxel(1, 0, 0)) == 1);
    CHECK(std::count(diag2.begin(), diag2.end(), n + Voxel(0, 0, -1)) == 1);
    CHECK(successors(n, n - Voxel(1, 1, 1)).size() == 7);
    // Beside the stone at (10, 10, 14): every legal fly move, as NavProblem gives them.
    const Voxel m(10, 10, 13);
    REQUIRE_FALSE(sky.open_sky(f.index_of(m)));
    const V all = successors(m, m - Voxel(1, 0, 0));
    CHECK(all.size() == testing::moves_from(nav, m).size());
    CHECK(all.size() > 10);
}
