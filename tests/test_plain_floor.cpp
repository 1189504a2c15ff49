// SPDX-License-Identifier: MIT
// Plain-floor bits (facts/plain_floor.hpp): kept per chunk by NavField, they
// must equal the predicate after every edit, load and unload, and jump points
// reading them must keep giving the plain search's costs.
#include "flat_world.hpp"
#include "random_world.hpp"

#include "bench/terrain.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "facts/plain_floor.hpp"
#include "route/problems/jump_points.hpp"
#include "voxnav/route/navigator.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace voxnav;

namespace {

// Every voxel of every slot: the stored bit against the predicate computed
// from the facts, and the snapshot's counts against a recount. Returns the
// number of disagreements.
std::size_t plain_mismatches(const NavSnapshot& snap, std::size_t& plain_count) {
    std::size_t bad = 0;
    std::uint64_t floor = 0, plain = 0;
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s)
        for (std::uint32_t l = 0; l < 4096; ++l) {
            const NavSnapshot::Index i = node_id::make(s, l);
            const bool want = is_plain_floor(snap, i, kPlainJump);
            floor += snap[i].dry_standable();
            plain += want;
            bad += snap.plain(i) != want;
        }
    plain_count += plain;
    return bad + (floor != snap.floor_voxel_count()) + (plain != snap.plain_voxel_count());
}

// The run tables (ChunkPlain::go_x, go_z, edge_x, edge_z) of every slot with
// plain floor, against their definition read voxel by voxel (across chunk
// faces through offsets). Returns the disagreements; counts the positions
// where a run stops on a forced neighbour inside a chunk.
std::size_t run_table_mismatches(const NavSnapshot& snap, std::size_t& forced_count) {
    std::size_t bad = 0;
    auto walkable = [&](NavSnapshot::Index i) { return snap[i].dry_standable(); };
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s) {
        const ChunkSlot& c = snap.slot(s);
        if (c.plain == snap.slot(0).plain) continue;
        for (int ly = 0; ly < 16; ++ly)
            for (int across = 0; across < 16; ++across)
                for (int along_x = 0; along_x < 2; ++along_x) {
                    const unsigned at = unsigned(across + 16 * ly);
                    auto node = [&](int p) { return along_x ? node_id::make(s, p, ly, across) : node_id::make(s, across, ly, p); };
                    auto side = [&](int p, int k) {
                        const int o = k == 0 ? -1 : 1;
                        return walkable(along_x ? snap.offset(node(p), 0, 0, o) : snap.offset(node(p), o, 0, 0));
                    };
                    for (int dir = 0; dir < 2; ++dir) {
                        const int d = dir == 0 ? 1 : -1;
                        const std::uint16_t go = (along_x ? c.plain->go_x : c.plain->go_z)[unsigned(dir)][at];
                        for (int p = 0; p < 16; ++p) {
                            const NavSnapshot::Index i = node(p);
                            bool forced = false;
                            if (p - d >= 0 && p - d < 16)
                                for (int k = 0; k < 2; ++k) forced = forced || (side(p, k) && !side(p - d, k));
                            const bool want = walkable(i) && snap.plain(i) && !forced;
                            bad += bool((go >> p) & 1u) != want;
                            forced_count += forced && walkable(i) && snap.plain(i);
                        }
                    }
                    const std::uint8_t edge = (along_x ? c.plain->edge_x : c.plain->edge_z)[at];
                    for (int k = 0; k < 2; ++k) {
                        bad += bool((edge >> k) & 1u) != side(0, k);
                        bad += bool((edge >> (2 + k)) & 1u) != side(15, k);
                    }
                }
    }
    return bad;
}

// A random edit near the floor: a wall or step, a hole, water, mud, or air.
void random_edit(World& w, std::mt19937& rng, Voxel lo, Voxel size) {
    const auto& reg = w.blocks();
    const BlockId kinds[] = {*reg.find("stone"), *reg.find("water"), *reg.find("mud"), BlockRegistry::air};
    // One draw per statement, so every compiler makes the same edits.
    const int x = int(rng() % std::uint32_t(size.x)), y = int(rng() % 3), z = int(rng() % std::uint32_t(size.z));
    const BlockId kind = kinds[rng() % 4];
    w.set_block(lo + Voxel(x, y, z), kind);
}

// A diagonal jump point run by its definition: each step's corners and
// node walkable, stopping at the goal, the cap, floor that is not plain, or
// a node whose straight runs along either component reach a jump point
// (run voxel by voxel).
NavSnapshot::Index diagonal_by_voxels(const JumpPointProblem& p, const NavSnapshot& snap, NavSnapshot::Index goal,
                                      NavSnapshot::Index x, int dx, int dz, int& steps) {
    auto walkable = [&](NavSnapshot::Index i) { return snap[i].dry_standable(); };
    steps = 0;
    while (true) {
        if (!walkable(snap.offset(x, dx, 0, 0)) || !walkable(snap.offset(x, 0, 0, dz))) return NavSnapshot::no_index;
        const NavSnapshot::Index y = snap.offset(x, dx, 0, dz);
        if (!walkable(y)) return NavSnapshot::no_index;
        ++steps;
        if (y == goal || steps == JumpPointProblem::max_run || !p.plain(y)) return y;
        int unused = 0;
        if (p.run_voxels(y, dx, 0, unused, JumpPointProblem::max_run) != NavSnapshot::no_index ||
            p.run_voxels(y, 0, dz, unused, JumpPointProblem::max_run) != NavSnapshot::no_index)
            return y;
        x = y;
    }
}

}  // namespace

TEST_CASE("plain-floor bits equal the predicate after every edit, load and unload", "[facts][plain]") {
    std::size_t checked = 0, plain_seen = 0, forced_seen = 0;
    for (std::uint32_t seed = 1; seed <= 12; ++seed) {
        // Floors at a chunk's bottom, its top, and just below its top, so
        // neighbours and the voxels above cross chunk faces.
        const int floor_y = seed % 3 == 0 ? 0 : seed % 3 == 1 ? 14 : 15;
        const Voxel size(36 + int(seed % 4) * 5, 6, 36);
        World w = testing::flat_world(seed, size, floor_y, /*bounded=*/seed % 2 == 0);
        AgentProfile a = testing::random_agent(seed);
        NavField field(w, a);
        std::size_t plain_count = 0;
        REQUIRE(plain_mismatches(*field.snapshot(), plain_count) == 0);
        REQUIRE(run_table_mismatches(*field.snapshot(), forced_seen) == 0);
        std::mt19937 rng(seed);
        for (int round = 0; round < 25; ++round) {
            INFO("seed " << seed << " round " << round);
            const int edits = 1 + int(rng() % 6);
            for (int e = 0; e < edits; ++e) random_edit(w, rng, {0, floor_y, 0}, size);
            // Unbounded worlds also lose and regain whole chunks.
            if (seed % 2 == 1 && round % 5 == 4) {
                const int cx = int(rng() % 3), cz = int(rng() % 3);
                const Voxel c(cx, floor_y / 16, cz);
                if (w.is_loaded(c))
                    w.unload_chunk(c);
                else
                    random_edit(w, rng, {c.x * 16, floor_y, c.z * 16}, {16, 6, 16});
            }
            field.sync(w);
            const auto st = field.last_sync();
            // Locality: the bits and tables of at most the 27 chunks around a
            // chunk whose facts changed move (the swim tables read the lines
            // below a run: the chunks above too).
            CHECK(st.plain_derived <= 27 * (st.derived + st.removed));
            REQUIRE(plain_mismatches(*field.snapshot(), plain_count) == 0);
            REQUIRE(run_table_mismatches(*field.snapshot(), forced_seen) == 0);
            ++checked;
        }
        plain_seen += plain_count;
    }
    CHECK(checked == 12 * 25);
    CHECK(plain_seen > 100000);  // the worlds have plenty of plain floor to get wrong
    CHECK(forced_seen > 1000);    // and forced neighbours in the run tables
}

TEST_CASE("a bounded world's border rows are plain floor: outside the bounds acts as a wall", "[facts][plain]") {
    // Regression: open floor along the bounds was not plain (the clear voxels
    // outside read as holes), so every jump point run reaching the border
    // ended there. Bounds that end inside a chunk (20 x 23) and on its face.
    for (const Voxel size : {Voxel(20, 4, 23), Voxel(32, 4, 16)}) {
        World w;
        const BlockId stone = *w.blocks().find("stone");
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x) w.set_block({x, 0, z}, stone);
        w.set_bounds(VoxelBox{Voxel(0), size});
        const NavField field(w, AgentProfile{});
        const NavSnapshot& snap = *field.snapshot();
        for (int z = 0; z < size.z; ++z)
            for (int x = 0; x < size.x; ++x) {
                INFO(x << "," << z);
                REQUIRE(snap.plain(snap.index_of({x, 1, z})));
            }
        // Runs then cross the room to the far wall with no jump point: the
        // border row they end in is plain.
        const Navigator nav(w, AgentProfile{});
        const JumpPointProblem p(nav.moves(), nav.field().index_of({0, 1, size.z - 1}));  // off every line below
        int steps = 0;
        CHECK(p.run_lanes(nav.field().index_of({0, 1, 1}), 1, 0, steps) == NavSnapshot::no_index);
        CHECK(p.run_lanes(nav.field().index_of({1, 1, size.z - 1}), 0, -1, steps) == NavSnapshot::no_index);
        CHECK(p.run_diagonal(nav.field().index_of({0, 1, 1}), 1, 1, steps) == NavSnapshot::no_index);
    }
}

TEST_CASE("jump points agree with the plain search after random edits", "[search][jump][plain]") {
    int compared = 0, found = 0;
    for (std::uint32_t seed = 1; seed <= 40; ++seed) {
        const int floor_y = seed % 2 ? 15 : 0;
        const Voxel size(40, 6, 34);
        World w = testing::flat_world(seed + 100, size, floor_y);
        AgentProfile a = testing::random_agent(seed);
        a.walk = a.diagonal = true;
        a.fly = false;
        REQUIRE(JumpPointProblem::suits(a));
        Navigator nav(w, a);
        std::mt19937 rng(seed);
        QueryOptions off, jump;
        off.acceleration = Acceleration::Off;
        jump.acceleration = Acceleration::JumpPoints;
        for (int round = 0; round < 12; ++round) {
            for (int e = 0, n = 1 + int(rng() % 8); e < n; ++e) random_edit(w, rng, {0, floor_y, 0}, size);
            nav.sync();
            for (int q = 0; q < 6; ++q) {
                // One draw per statement: argument order is unspecified, and every build must pick the same queries.
                const int sx = int(rng() % 40), sz = int(rng() % 34), gx = int(rng() % 40), gz = int(rng() % 34);
                const Voxel s(sx, floor_y + 1, sz), g(gx, floor_y + 1, gz);
                INFO("seed " << seed << " round " << round << " from " << s.x << "," << s.z << " to " << g.x << "," << g.z);
                const Route fast = nav.find_route(s, Goal::at(g), jump);
                const Route plain = nav.find_route(s, Goal::at(g), off);
                ++compared;
                REQUIRE(fast.status == plain.status);
                if (plain.status != SearchStatus::Found) continue;
                ++found;
                CHECK(fast.cost == Approx(plain.cost).epsilon(1e-9));
                // Each step's cost, which the route build takes for plain-floor
                // walks without asking the rules (OrdinarySteps::known_step),
                // equals the rules' own price of that step.
                const std::vector<double> priced = nav.step_costs(fast, {});
                REQUIRE(priced.size() == fast.waypoints.size());
                for (std::size_t k = 1; k < priced.size(); ++k) CHECK(fast.waypoints[k].cost == priced[k]);
            }
        }
    }
    CHECK(compared == 40 * 12 * 6);
    CHECK(found > compared / 3);
}

TEST_CASE("jump point runs read 16 voxels at a time exactly as voxel by voxel", "[search][jump][plain]") {
    // Every slot position and straight and diagonal direction, in worlds that cross chunk
    // faces (floor at a chunk's top, 40 x 34 columns over three chunks a side),
    // bounded and not, with a goal on the floor, after random edits and
    // after edits made live.
    std::size_t compared = 0, jumps = 0, capped = 0, diagonal_jumps = 0;
    for (std::uint32_t seed = 1; seed <= 16; ++seed) {
        const int floor_y = seed % 2 ? 15 : 0;
        // The last worlds are long enough for runs to reach max_run.
        const Voxel size = seed <= 12 ? Voxel(40, 6, 34) : Voxel(300, 6, 40);
        World w = testing::flat_world(seed + 300, size, floor_y, seed % 3 != 0);
        std::mt19937 rng(seed);
        for (int e = 0; e < 6; ++e) random_edit(w, rng, {0, floor_y, 0}, size);
        AgentProfile a;
        a.jump = true;
        Navigator nav(w, a);
        // Round 1 edits the world after the first derivation: what a chunk
        // and its neighbours re-derive (plain bits, run tables) is
        // held to the definition again.
        for (int round = 0; round < 2; ++round) {
            if (round == 1) {
                for (int e = 0; e < 4; ++e) random_edit(w, rng, {0, floor_y, 0}, size);
                nav.sync();
            }
            const NavSnapshot& snap = nav.field();
            const int gx = int(rng() % std::uint32_t(size.x)), gz = int(rng() % std::uint32_t(size.z));
            const NavSnapshot::Index goal = snap.index_of({gx, floor_y + 1, gz});
            REQUIRE(goal != NavSnapshot::no_index);
            const JumpPointProblem p(nav.moves(), goal);
            for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s)
                for (std::uint32_t l = 0; l < 4096; ++l) {
                    const NavSnapshot::Index i = node_id::make(s, l);
                    if (!p.plain(i)) continue;
                    for (const auto& d : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
                        int steps_v = -1, steps_l = -2;
                        const NavSnapshot::Index v = p.run_voxels(i, d.first, d.second, steps_v, JumpPointProblem::max_run);
                        const NavSnapshot::Index r = p.run_lanes(i, d.first, d.second, steps_l);
                        INFO("seed " << seed << " round " << round << " from " << snap.voxel_of(i).x << "," << snap.voxel_of(i).y << ","
                                     << snap.voxel_of(i).z << " along " << d.first << "," << d.second);
                        REQUIRE(r == v);
                        if (v != NavSnapshot::no_index) REQUIRE(steps_l == steps_v);
                        ++compared;
                        jumps += v != NavSnapshot::no_index;
                        capped += v != NavSnapshot::no_index && steps_v == JumpPointProblem::max_run;
                    }
                    // Diagonal runs (in-chunk steps read the chunk directly)
                    // against their definition, voxel by voxel.
                    for (const auto& d : {std::pair{1, 1}, std::pair{1, -1}, std::pair{-1, 1}, std::pair{-1, -1}}) {
                        int steps_d = -1, steps_r = 0;
                        const NavSnapshot::Index r = p.run_diagonal(i, d.first, d.second, steps_d);
                        const NavSnapshot::Index v = diagonal_by_voxels(p, snap, goal, i, d.first, d.second, steps_r);
                        INFO("seed " << seed << " round " << round << " from " << snap.voxel_of(i).x << "," << snap.voxel_of(i).y << ","
                                     << snap.voxel_of(i).z << " diagonal " << d.first << "," << d.second);
                        REQUIRE(r == v);
                        if (v != NavSnapshot::no_index) REQUIRE(steps_d == steps_r);
                        diagonal_jumps += v != NavSnapshot::no_index && steps_r > 1;
                    }
                }
        }
    }
    CHECK(compared > 40000);
    CHECK(jumps > compared / 4);
    CHECK(capped > 100);
    CHECK(diagonal_jumps > 10000);
}

TEST_CASE("Auto uses jump points where most floor is plain, the plain search elsewhere", "[search][jump][plain]") {
    QueryOptions off, autom;
    off.acceleration = Acceleration::Off;
    AgentProfile a;  // the default walker: diagonal moves, jumps 1
    REQUIRE(JumpPointProblem::suits(a));
    {
        // A stone hall with a few walls: all but a few voxels plain.
        World w;
        const BlockId stone = *w.blocks().find("stone");
        for (int z = 0; z < 48; ++z)
            for (int x = 0; x < 48; ++x) w.set_block({x, 0, z}, stone);
        for (int k = 4; k < 40; ++k) {
            w.set_block({20, 1, k}, stone);
            w.set_block({20, 2, k}, stone);
        }
        Navigator nav(w, a);
        const NavSnapshot& f = nav.field();
        REQUIRE(double(f.plain_voxel_count()) >= kAutoJumpPlainShare * double(f.floor_voxel_count()));
        QueryOptions jump;
        jump.acceleration = Acceleration::JumpPoints;
        const Route fast = nav.find_route({2, 1, 2}, Goal::at({45, 1, 44}), autom);
        const Route jumped = nav.find_route({2, 1, 2}, Goal::at({45, 1, 44}), jump);
        const Route plain = nav.find_route({2, 1, 2}, Goal::at({45, 1, 44}), off);
        REQUIRE(fast.status == SearchStatus::Found);
        CHECK(fast.cost == Approx(plain.cost).epsilon(1e-12));
        CHECK(fast.metrics.expanded == jumped.metrics.expanded);  // the same search
        CHECK(fast.metrics.expanded < plain.metrics.expanded);
    }
    {
        // Hills: much of the floor is next to a step.
        TerrainParams p;
        p.size = {64, 32, 64};
        p.seed = 3;
        const World w = generate_terrain(p);
        Navigator nav(w, a);
        const NavSnapshot& f = nav.field();
        REQUIRE(double(f.plain_voxel_count()) < kAutoJumpPlainShare * double(f.floor_voxel_count()));
        // Dry floor near two opposite corners.
        auto floor_near = [&](int x0, int z0) {
            for (int r = 0; r < 20; ++r)
                for (int y = 31; y >= 0; --y) {
                    const Voxel v(x0 + r, y, z0 + r);
                    const auto i = f.index_of(v);
                    if (i != NavSnapshot::no_index && f[i].dry_standable()) return v;
                }
            FAIL("no floor");
            return Voxel(0);
        };
        const Voxel from = floor_near(20, 20);
        Route plain;
        Voxel to(0);
        for (int k = 40; k > 20 && plain.status != SearchStatus::Found; --k) {
            to = floor_near(k, k);
            plain = nav.find_route(from, Goal::at(to), off);
        }
        REQUIRE(plain.status == SearchStatus::Found);
        REQUIRE(plain.metrics.expanded > 20);
        const Route fast = nav.find_route(from, Goal::at(to), autom);
        CHECK(fast.cost == plain.cost);
        CHECK(fast.metrics.expanded == plain.metrics.expanded);  // the same search
    }
}
