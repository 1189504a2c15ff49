// SPDX-License-Identifier: MIT
// Live worlds: chunk-sparse facts kept equal to a from-scratch derivation
// under random loads, unloads and edits (scattered, negative and far
// coordinates), snapshots that edits never change, shared shapes, and a
// soak with routing threads while another thread edits.
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <memory>
#include <random>
#include <thread>

using namespace voxnav;

namespace {

// A chunk of stone floor with random pillars, pools, lava and holes.
std::vector<BlockId> random_chunk(std::mt19937& rng, const BlockRegistry& reg) {
    const BlockId stone = *reg.find("stone"), water = *reg.find("water"), lava = *reg.find("lava"), mud = *reg.find("mud");
    std::vector<BlockId> ids(World::chunk_volume, BlockRegistry::air);
    const int floor = int(rng() % 6);
    for (int z = 0; z < 16; ++z)
        for (int x = 0; x < 16; ++x) {
            for (int y = 0; y <= floor; ++y) ids[x + 16 * (z + 16 * y)] = (rng() % 9 == 0) ? mud : stone;
            const std::uint32_t r = rng() % 40;
            const int top = floor + 1 + int(rng() % 4);
            if (r < 3)
                for (int y = floor + 1; y <= top && y < 16; ++y) ids[x + 16 * (z + 16 * y)] = stone;
            else if (r < 5) ids[x + 16 * (z + 16 * (floor + 1))] = water;
            else if (r == 5) ids[x + 16 * (z + 16 * (floor + 1))] = lava;
            else if (r == 6) ids[x + 16 * (z + 16 * floor)] = BlockRegistry::air;
        }
    if (rng() % 4 == 0) std::fill(ids.begin(), ids.end(), rng() % 2 ? stone : BlockRegistry::air);  // uniform
    return ids;
}

// Every voxel of every chunk with facts in either snapshot has the same bits.
// With bounds, voxels of loaded chunks outside them have facts in neither.
void require_same_facts(const NavSnapshot& incremental, const NavSnapshot& fresh, const World& w) {
    REQUIRE(incremental.chunk_count() == fresh.chunk_count());
    for (const Voxel& c : w.loaded_chunks())
        for (int y = 0; y < 16; ++y)
            for (int z = 0; z < 16; ++z)
                for (int x = 0; x < 16; ++x) {
                    const Voxel v = c * 16 + Voxel(x, y, z);
                    const auto a = incremental.index_of(v), b = fresh.index_of(v);
                    REQUIRE((a == NavSnapshot::no_index) == (b == NavSnapshot::no_index));
                    if (a == NavSnapshot::no_index && fresh.bounds()) continue;
                    REQUIRE(a != NavSnapshot::no_index);
                    INFO("voxel " << v.x << "," << v.y << "," << v.z);
                    REQUIRE(int(incremental[a].raw()) == int(fresh[b].raw()));
                }
}

// Every live slot links to the slot of each chunk around it (0 where that
// chunk has none), what update's navigability step reads instead of
// hashing, and says whether its chunk is loaded.
void require_links_match_table(const NavSnapshot& snap, const World& w) {
    std::size_t live = 0;
    for (std::uint32_t s = 1; s < snap.slot_capacity(); ++s) {
        const ChunkSlot& slot = snap.slot(s);
        if (snap.slot_of(slot.chunk) != s) continue;  // a free slot
        ++live;
        // What sync keeps per slot from the changed chunks alone.
        REQUIRE(slot.loaded == w.is_loaded(slot.chunk));
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz)
                for (int dx = -1; dx <= 1; ++dx) {
                    const Voxel n = slot.chunk + Voxel(dx, dy, dz);
                    INFO("slot " << s << " link " << dx << "," << dy << "," << dz);
                    REQUIRE(slot.link[node_id::link(dx, dy, dz)] == snap.slot_of(n));
                }
    }
    REQUIRE(live == snap.chunk_count());
}

// A navigator built from scratch on a copy of a world (the copy lives as long).
struct FreshCopy {
    World world;
    Navigator nav;
    FreshCopy(const World& w, const AgentProfile& a) : world(w), nav(world, a) {}
};

// Syncs `nav` (incrementally) and holds it to a navigator built from scratch
// on a copy of `w`, which it returns for route comparisons.
std::unique_ptr<FreshCopy> require_sync_matches_fresh(Navigator& nav, const World& w, const AgentProfile& a) {
    nav.sync();
    REQUIRE_FALSE(nav.shared_field()->last_sync().full);
    auto fresh = std::make_unique<FreshCopy>(w, a);
    require_same_facts(nav.field(), fresh->nav.field(), w);
    require_links_match_table(nav.field(), w);
    return fresh;
}

std::vector<Voxel> standable_in(const Navigator& nav, const World& w, std::size_t most) {
    std::vector<Voxel> out;
    for (const Voxel& c : w.loaded_chunks())
        for (int y = 0; y < 16 && out.size() < most; ++y)
            for (int z = 0; z < 16; z += 3)
                for (int x = 0; x < 16; x += 3)
                    if (nav.is_waypoint(c * 16 + Voxel(x, y, z))) out.push_back(c * 16 + Voxel(x, y, z));
    return out;
}

}  // namespace

TEST_CASE("random chunk loads, unloads and edits keep the facts equal to a fresh derivation", "[live][random]") {
    // Two areas: one around the origin (negative coordinates included), one
    // near (-30,000,000, 30,000,000) in x and z.
    const Voxel areas[2] = {{-2, -1, -2}, {-1875000, -2, 1874998}};
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        std::mt19937 rng(seed);
        World w;
        AgentProfile a;
        a.width = 1 + int(seed % 2);
        a.height = 1 + int(seed % 3);
        a.jump_distance = int(seed % 3);
        a.floor_cost["mud"] = 2.0;
        Navigator nav(w, a);
        const BlockId stone = *w.blocks().find("stone");
        for (int batch = 0; batch < 5; ++batch) {
            for (int op = 0; op < 12; ++op) {
                const Voxel c = areas[rng() % 2] + Voxel(int(rng() % 4), int(rng() % 3), int(rng() % 4));
                switch (rng() % 4) {
                    case 0:
                    case 1: w.set_chunk(c, random_chunk(rng, w.blocks()).data()); break;
                    case 2: w.unload_chunk(c); break;
                    default:
                        for (int k = 0; k < 20; ++k)
                            w.set_block(c * 16 + Voxel(int(rng() % 16), int(rng() % 16), int(rng() % 16)),
                                        rng() % 2 ? stone : BlockRegistry::air);
                }
            }
            INFO("seed " << seed << " batch " << batch);
            const auto copy = require_sync_matches_fresh(nav, w, a);
            Navigator& fresh = copy->nav;
            // Routes cost the same as on a navigator built from scratch.
            const auto spots = standable_in(nav, w, 400);
            SearchLimits exhaustive;
            exhaustive.max_nodes = 1u << 30;
            for (int q = 0; q < 10 && spots.size() >= 2; ++q) {
                const Voxel s = spots[rng() % spots.size()], g = spots[rng() % spots.size()];
                const Route r1 = nav.find_route(s, g, exhaustive), r2 = fresh.find_route(s, g, exhaustive);
                REQUIRE(r1.status == r2.status);
                CHECK(r1.cost == Approx(r2.cost).epsilon(1e-12));
                CHECK(r1.metrics.expanded == r2.metrics.expanded);
            }
        }
    }
}

// The navigability step asks the world only where bounds leave loaded
// chunks without a slot: chunks loaded and unloaded on both sides of the
// bounds' faces keep the same chunks and facts as a fresh derivation.
TEST_CASE("random loads across a bounded world's faces keep the chunks equal to a fresh derivation", "[live][random]") {
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
        std::mt19937 rng(seed);
        World w;
        // One chunk, aligned: the ring of chunks the grown bounds meet is not
        // loaded by them, and may be navigable only through loaded chunks
        // beyond it, which get no slot.
        w.set_bounds(VoxelBox{Voxel(0), Voxel(16)});
        AgentProfile a;
        a.width = 1 + int(seed % 2);
        Navigator nav(w, a);
        for (int batch = 0; batch < 8; ++batch) {
            for (int op = 0; op < 24; ++op) {
                const Voxel c(int(rng() % 5) - 2, int(rng() % 5) - 2, int(rng() % 5) - 2);
                if (rng() % 2 == 0)
                    w.unload_chunk(c);
                else
                    w.set_chunk(c, random_chunk(rng, w.blocks()).data());
            }
            INFO("seed " << seed << " batch " << batch);
            require_sync_matches_fresh(nav, w, a);
        }
    }
}

TEST_CASE("chunks far apart cost what they hold, not the distance between them", "[live][sparse]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    std::vector<BlockId> floor(World::chunk_volume, BlockRegistry::air);
    for (int i = 0; i < 256; ++i) floor[i] = stone;  // y = 0 layer
    // Two 64x64 areas 1,000,000 voxels apart, and one at the int32 edge.
    const Voxel bases[3] = {{0, 0, 0}, {62500, 0, 0}, {World::max_chunk - 4, World::min_chunk, World::min_chunk}};
    for (const Voxel& b : bases)
        for (int z = 0; z < 4; ++z)
            for (int x = 0; x < 4; ++x) w.set_chunk(b + Voxel(x, 0, z), floor.data());
    Navigator nav(w, AgentProfile{});
    nav.sync();
    // 48 loaded chunks and their ring: a few hundred chunks, almost all uniform.
    CHECK(nav.field().chunk_count() < 3 * 6 * 6 * 3);
    // Mixed: the 48 floor chunks and the ring chunks under them (their top
    // voxels hold the floor inside the body); the rest is one shared block.
    CHECK(nav.field().mixed_chunk_count() <= 3 * 16 * 2);
    CHECK(nav.field().memory_bytes() < 2u << 20);
    for (const Voxel& b : bases) {
        const Voxel s = b * 16 + Voxel(1, 1, 1), g = b * 16 + Voxel(62, 1, 62);
        const Route r = nav.find_route(s, g);
        INFO("area at chunk " << b.x << "," << b.y << "," << b.z);
        REQUIRE(r.status == SearchStatus::Found);
        CHECK(r.cost == Approx((61 * std::sqrt(2.0)) / AgentProfile{}.walk_speed));
    }
    // Between the areas there is nothing: no route, and quickly so.
    const Route across = nav.find_route(Voxel(1, 1, 1), bases[1] * 16 + Voxel(1, 1, 1));
    CHECK(across.status == SearchStatus::NoPath);
}

TEST_CASE("a snapshot never changes, later queries see later edits, routes name their revision", "[live][snapshot]") {
    World w = testing::world_from_text("voxnav-world 1\nsize 8 3 3\nlayer 0\n########\n########\n########\n");
    auto field = NavField::shared(w, AgentProfile{});
    Navigator worker(field, AgentProfile{});
    const auto before = field->snapshot();
    const Route r0 = worker.find_route({0, 1, 1}, {7, 1, 1});
    REQUIRE(r0.status == SearchStatus::Found);
    CHECK(r0.revision == w.revision());
    // The game thread digs a trench and publishes.
    for (int z = 0; z < 3; ++z) w.set_block({4, 0, z}, BlockRegistry::air);
    for (int z = 0; z < 3; ++z) w.set_block({3, 0, z}, BlockRegistry::air);
    field->sync(w);
    CHECK((*before)[before->index_of({4, 1, 1})].supported());  // unchanged
    const Route r1 = worker.find_route({0, 1, 1}, {7, 1, 1});
    CHECK(r1.revision == w.revision());
    CHECK(r1.revision > r0.revision);
    CHECK(r1.status == SearchStatus::NoPath);
    // Agents of one shape share one field; another shape gets its own.
    AgentProfile fast;
    fast.walk_speed = 9.0;
    AgentProfile wide;
    wide.width = 2;
    CHECK(Navigator(w, fast).shared_field() == field);
    CHECK(Navigator(w, wide).shared_field() != field);
    CHECK_THROWS_AS(Navigator(field, wide), std::invalid_argument);
}

TEST_CASE("soak: routing threads and an editing thread, every route legal on its snapshot", "[live][threads]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    std::mt19937 rng(7);
    for (int z = -2; z < 2; ++z)
        for (int x = -2; x < 2; ++x) w.set_chunk({x, 0, z}, random_chunk(rng, w.blocks()).data());
    const AgentProfile agent;
    auto field = NavField::shared(w, agent);
    std::atomic<bool> stop{false};
    std::atomic<int> routes{0}, illegal{0}, usable{0};
    auto router = [&](unsigned seed) {
        Navigator nav(field, agent);
        std::mt19937 r(seed);
        while (!stop.load()) {
            const Voxel s(int(r() % 64) - 32, 1 + int(r() % 8), int(r() % 64) - 32);
            const Voxel g(int(r() % 64) - 32, 1 + int(r() % 8), int(r() % 64) - 32);
            const Route route = nav.find_route(s, g);
            ++routes;
            if (!route.usable()) continue;
            ++usable;
            // Legal on the snapshot it used: each move is one the rules allow there.
            const NavSnapshot& snap = nav.field();
            if (route.revision != snap.revision()) ++illegal;
            for (std::size_t k = 1; k < route.waypoints.size(); ++k) {
                bool found = false;
                nav.moves().for_each_move(snap.index_of(route.waypoints[k - 1].position), [&](NavSnapshot::Index t, double c, MoveTag a) {
                    if (snap.voxel_of(t) == route.waypoints[k].position && a == route.waypoints[k].action && c == route.waypoints[k].cost)
                        found = true;
                });
                if (!found) ++illegal;
            }
        }
    };
    std::thread t1(router, 1), t2(router, 2);
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(3);
    int edits = 0;
    while (std::chrono::steady_clock::now() < end) {
        const Voxel c(int(rng() % 4) - 2, 0, int(rng() % 4) - 2);
        if (rng() % 10 == 0) w.set_chunk(c, random_chunk(rng, w.blocks()).data());
        else w.set_block(c * 16 + Voxel(int(rng() % 16), int(rng() % 8), int(rng() % 16)), rng() % 2 ? stone : BlockRegistry::air);
        ++edits;
        field->sync(w);
    }
    stop = true;
    t1.join();
    t2.join();
    INFO(routes.load() << " routes, " << usable.load() << " usable, " << edits << " edits");
    CHECK(routes.load() > 10);
    CHECK(usable.load() > 0);
    CHECK(illegal.load() == 0);
    // After the last publish, the facts equal a fresh derivation.
    const World copy = w;
    require_same_facts(*field->snapshot(), *NavField(copy, agent).snapshot(), w);
}
