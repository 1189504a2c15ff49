// SPDX-License-Identifier: MIT
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
    // Beside the stone at (10, 10, 14): from the start, every legal fly move,
    // as NavProblem gives them; from a parent beside the stone too (so not
    // in open sky: it tried every move), only the moves it could not make.
    const Voxel m(10, 10, 13);
    REQUIRE_FALSE(sky.open_sky(f.index_of(m)));
    V all;
    sky.for_each_successor(f.index_of(m), nullptr, [&](NavSnapshot::Index t, double, std::uint8_t) { all.push_back(f.voxel_of(t)); });
    CHECK(all.size() == testing::moves_from(nav, m).size());
    CHECK(all.size() > 10);
    const V ahead = successors(m, m - Voxel(1, 0, 0));
    CHECK(ahead.size() == 6);  // x 11, but not z 14: the stone is in those boxes
    for (const Voxel& v : ahead) CHECK(v.x == 11);
}

TEST_CASE("open sky: each waypoint's successors are its definition's, in the same order, at every parent", "[search][sky]") {
    // The search reads the 26 neighbours once for the open-sky test and the
    // moves (by offsets inside a chunk, through the links near its faces);
    // this checks it against the definition: in open sky, the moves along
    // the subsets of the arrival direction's axes; elsewhere, every move
    // for_each_move gives (on a shaped chunk's floor, climbs too), but for
    // those the parent made itself when it surely tried all its moves.
    // Worlds of 20-36 voxels cross chunk faces, and slabs make chunks shaped.
    std::size_t checked = 0, open = 0, inside = 0, across = 0, shaped_floor = 0, pruned = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        World w = sky_world(seed);
        if (seed % 3 == 0) {  // a slab and a ladder: shaped chunks, climbs
            BlockShape slab, ladder;
            slab.top = 8;
            ladder.climbable = true;
            w.set_block({5, 5, 5}, w.blocks().define("slab_bottom", BlockKind::Solid, false, slab));
            const BlockId rungs = w.blocks().define("ladder", BlockKind::Air, false, ladder);
            for (int y = 0; y < 8; ++y) w.set_block({9, y, 3}, rungs);
        }
        AgentProfile a;
        a.walk = a.swim = a.jump = a.fall = false;
        a.fly = true;
        a.climb = seed % 2 == 0;
        a.width = 1 + int(seed % 2);
        a.height = 1 + int(seed % 3 == 1);
        Navigator nav(w, a);
        const NavSnapshot& f = nav.field();
        const MovementModel& moves = nav.moves();
        const OpenSkyProblem sky(moves, f.index_of({1, 1, 1}));
        const NavProblem plain(moves, f.index_of({1, 1, 1}));
        const VoxelBox box = *w.bounds();
        using Move = std::tuple<NavSnapshot::Index, double, std::uint8_t>;
        for (int y = box.lo.y; y < box.hi.y; ++y)
            for (int z = box.lo.z; z < box.hi.z; ++z)
                for (int x = box.lo.x; x < box.hi.x; ++x) {
                    const NavSnapshot::Index s = f.index_of({x, y, z});
                    if (s == NavSnapshot::no_index || !moves.is_waypoint(s)) continue;
                    std::vector<Move> all;
                    plain.for_each_successor(s, [&](NavSnapshot::Index t, double c, std::uint8_t tag) { all.emplace_back(t, c, tag); });
                    auto fact = [&](const Voxel& v) {
                        const NavSnapshot::Index i = f.index_of(v);
                        return i == NavSnapshot::no_index ? Fact() : f[i];
                    };
                    // Fly's rule read voxel by voxel: every position of the
                    // move's box clear (and the target a node).
                    auto box_clear = [&](const Voxel& from, const Voxel& d) {
                        bool ok = true;
                        for (int a2 : {0, d.x})
                            for (int b2 : {0, d.y})
                                for (int c2 : {0, d.z}) ok = ok && fact(from + Voxel(a2, b2, c2)).clear();
                        return ok;
                    };
                    if (moves.only_fly_moves(f[s], f.slot(node_id::slot(s)))) {
                        // Every fly move, in y, z, x order.
                        std::vector<Move> rule;
                        for (int dy = -1; dy <= 1; ++dy)
                            for (int dz = -1; dz <= 1; ++dz)
                                for (int dx = -1; dx <= 1; ++dx) {
                                    if (!dx && !dy && !dz) continue;
                                    if (fact(Voxel(x + dx, y + dy, z + dz)).node() && box_clear(Voxel(x, y, z), Voxel(dx, dy, dz)))
                                        rule.emplace_back(f.index_of(Voxel(x + dx, y + dy, z + dz)),
                                                          moves.fly_step(std::abs(dx) + std::abs(dy) + std::abs(dz)), std::uint8_t(Action::Fly));
                                }
                        REQUIRE(all == rule);
                    }
                    std::vector<Move> got;
                    sky.for_each_successor(s, nullptr, [&](NavSnapshot::Index t, double c, std::uint8_t tag) { got.emplace_back(t, c, tag); });
                    REQUIRE(got == all);  // the start: every move
                    const bool in_sky = sky.open_sky(s);
                    open += in_sky;
                    const bool fused = moves.only_fly_moves(f[s], f.slot(node_id::slot(s)));
                    (fused ? (moves.reads_stay_in_chunk(s) ? inside : across) : shaped_floor) += 1;
                    for (const Move& back : all) {
                        const NavSnapshot::Index parent = std::get<0>(back);
                        const Voxel d = Voxel(x, y, z) - f.voxel_of(parent);
                        std::vector<Move> want;
                        if (in_sky) {
                            // Subsets of d's moving axes, in the order x, y,
                            // xy, z, xz, yz, xyz.
                            const bool bx = d.x != 0, by = d.y != 0, bz = d.z != 0;
                            const bool pick[7][3] = {{1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
                            for (const auto& p : pick)
                                if ((!p[0] || bx) && (!p[1] || by) && (!p[2] || bz))
                                    want.emplace_back(f.index_of(Voxel(x + p[0] * d.x, y + p[1] * d.y, z + p[2] * d.z)),
                                                      moves.fly_step(p[0] + p[1] + p[2]), std::uint8_t(Action::Fly));
                        } else {
                            want = all;
                            // Where the parent p surely tried every move (a
                            // position of both cubes is not a waypoint), the
                            // moves p makes itself are not made again.
                            const Voxel pv = f.voxel_of(parent), sv(x, y, z);
                            auto near_p = [&](const Voxel& v) { return std::abs(v.x - pv.x) <= 1 && std::abs(v.y - pv.y) <= 1 && std::abs(v.z - pv.z) <= 1; };
                            bool p_tried_all = false;
                            for (int dy = -1; dy <= 1; ++dy)
                                for (int dz = -1; dz <= 1; ++dz)
                                    for (int dx = -1; dx <= 1; ++dx) {
                                        const Voxel v = sv + Voxel(dx, dy, dz);
                                        const Fact q = fact(v);
                                        if (near_p(v) && !(q.clear() && q.node())) p_tried_all = true;
                                    }
                            if (fused && p_tried_all) {
                                want.erase(std::remove_if(want.begin(), want.end(),
                                                          [&](const Move& m) {
                                                              const Voxel tv = f.voxel_of(std::get<0>(m));
                                                              return near_p(tv) && box_clear(pv, tv - pv);
                                                          }),
                                           want.end());
                                pruned += all.size() - want.size();
                            }
                        }
                        got.clear();
                        sky.for_each_successor(s, &parent, [&](NavSnapshot::Index t, double c, std::uint8_t tag) { got.emplace_back(t, c, tag); });
                        REQUIRE(got == want);
                        ++checked;
                    }
                }
    }
    CHECK(checked > 10000);
    CHECK(open > 100);
    CHECK(inside > 100);
    CHECK(across > 100);
    CHECK(shaped_floor > 0);
    CHECK(pruned > 1000);
}
