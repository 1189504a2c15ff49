// SPDX-License-Identifier: MIT
// The world store: blocks, chunks, bounds, points, transform, journal.
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <random>

using namespace voxnav;

TEST_CASE("blocks at any int32 coordinate, unset voxels are air", "[world]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    CHECK(w.block({0, 0, 0}) == BlockRegistry::air);
    for (Voxel v : {Voxel(0, 0, 0), Voxel(-1, -1, -1), Voxel(INT32_MAX - 1, 5, INT32_MIN + 1), Voxel(123456, -99999, 7)}) {
        w.set_block(v, stone);
        CHECK(w.block(v) == stone);
        CHECK(w.block_type(v).kind == BlockKind::Solid);
    }
    CHECK(w.non_air_voxels() == 4);
    w.set_block({0, 0, 0}, BlockRegistry::air);
    CHECK(w.block({0, 0, 0}) == BlockRegistry::air);
    CHECK(w.non_air_voxels() == 3);
    CHECK_THROWS_AS(w.set_block({0, 0, 0}, 999), std::invalid_argument);
}

TEST_CASE("block registry: defaults, additions, conflicts", "[world]") {
    BlockRegistry r;
    CHECK(r[BlockRegistry::air].name == "air");
    CHECK(r[*r.find("lava")].hazard);
    CHECK(r[*r.find("water")].is_water());
    const BlockId ice = r.add("ice", BlockKind::Solid);
    CHECK(r.add("ice", BlockKind::Solid) == ice);
    CHECK_THROWS_AS(r.add("ice", BlockKind::Liquid), std::invalid_argument);
    CHECK_FALSE(r.find("nope"));
}

TEST_CASE("chunks load, replace and unload", "[world]") {
    World w;
    const BlockId stone = *w.blocks().find("stone"), water = *w.blocks().find("water");
    std::vector<BlockId> ids(World::chunk_volume);
    for (int i = 0; i < World::chunk_volume; ++i) ids[i] = (i % 3 == 0) ? stone : BlockRegistry::air;
    w.set_chunk({-1, 2, 0}, ids.data());
    // index x + 16 * (z + 16 * y), chunk origin (-16, 32, 0)
    CHECK(w.block({-16 + 3, 32 + 0, 0}) == stone);  // i = 3
    CHECK(w.block({-16 + 1, 32 + 0, 0}) == BlockRegistry::air);
    CHECK(w.block({-16 + 0, 32 + 1, 1}) == (((16 + 256) % 3 == 0) ? stone : BlockRegistry::air));
    std::fill(ids.begin(), ids.end(), water);
    w.set_chunk({-1, 2, 0}, ids.data());
    CHECK(w.block({-16 + 1, 32, 0}) == water);
    CHECK(w.non_air_voxels() == World::chunk_volume);
    w.unload_chunk({-1, 2, 0});
    CHECK(w.non_air_voxels() == 0);
    ids[5] = 4000;
    CHECK_THROWS_AS(w.set_chunk({0, 0, 0}, ids.data()), std::invalid_argument);
}

// Regression (faults issue, 6): set_block on an unloaded chunk loaded it as
// air around the one block (an edit racing an unload made an empty loaded
// chunk NPCs would walk on), and a position in an unloaded chunk beside a
// loaded one was said to have no floor.
TEST_CASE("an edit racing an unload is refused, never-loaded chunks still load by set_block", "[world][streaming]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    std::vector<BlockId> floor(World::chunk_volume, BlockRegistry::air);
    for (int i = 0; i < 256; ++i) floor[i] = stone;  // y = 0 of the chunk
    w.set_chunk({0, 0, 0}, floor.data());
    w.set_chunk({1, 0, 0}, floor.data());
    w.unload_chunk({1, 0, 0});
    const std::uint64_t rev = w.revision();
    CHECK(w.was_unloaded({1, 0, 0}));
    CHECK_FALSE(w.set_block({20, 3, 4}, stone));  // chunk (1, 0, 0)
    CHECK_FALSE(w.is_loaded({1, 0, 0}));
    CHECK(w.block({20, 3, 4}) == BlockRegistry::air);
    CHECK(w.revision() == rev);  // nothing written, nothing to re-derive
    CHECK(w.non_air_voxels() == 256);
    // A copy remembers it too.
    World copy = w;
    CHECK_FALSE(copy.set_block({20, 3, 4}, stone));
    // Given again, the chunk takes edits again.
    w.set_chunk({1, 0, 0}, floor.data());
    CHECK_FALSE(w.was_unloaded({1, 0, 0}));
    CHECK(w.set_block({20, 3, 4}, stone));
    CHECK(w.block({20, 3, 4}) == stone);
    // A chunk never loaded: set_block builds it (worlds made block by block).
    CHECK(w.set_block({100, 0, 100}, stone));
    CHECK(w.is_loaded(chunk_of({100, 0, 100})));
    // Bounds load every chunk they overlap, unloaded ones too.
    w.unload_chunk({1, 0, 0});
    w.set_bounds(VoxelBox{{0, 0, 0}, {32, 16, 16}});
    CHECK(w.set_block({20, 3, 4}, stone));
}

TEST_CASE("a position in an unloaded chunk beside a loaded one is said to be not loaded", "[world][streaming]") {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    std::vector<BlockId> floor(World::chunk_volume, BlockRegistry::air);
    for (int i = 0; i < 256; ++i) floor[i] = stone;
    w.set_chunk({0, 0, 0}, floor.data());
    Navigator nav(w, AgentProfile{});
    CHECK(nav.is_waypoint({15, 1, 3}));
    // (16, 1, 3) lies in chunk (1, 0, 0): in the navigable ring, never given.
    const std::string why = nav.why_not_waypoint({16, 1, 3});
    CHECK(why == "(16, 1, 3) is in chunk (1, 0, 0), which the game has not loaded");
    const Route r = nav.find_route({15, 1, 3}, {16, 1, 3});
    CHECK(r.status == SearchStatus::InvalidGoal);
    // On top of the loaded chunk, in the unloaded one above: the floor is
    // there, so that position is a waypoint; one voxel higher it is not, and
    // says which chunk is missing.
    CHECK(nav.is_waypoint({3, 16, 3}) == false);  // the floor is at y 0
    w.set_chunk({0, 1, 0}, floor.data());         // a floor at y 16
    nav.sync();
    CHECK(nav.is_waypoint({3, 17, 3}));
    w.unload_chunk({0, 0, 0});
    nav.sync();
    CHECK(nav.why_not_waypoint({3, 1, 3}) == "(3, 1, 3) is in chunk (0, 0, 0), which the game has not loaded");
    // A loaded chunk's own open air still has no floor.
    CHECK_THAT(nav.why_not_waypoint({3, 20, 3}), Catch::Contains("has no floor: nothing solid below"));
    // Feet at the bottom of a loaded chunk over an unloaded one.
    w.set_chunk({5, 1, 0}, std::vector<BlockId>(World::chunk_volume, BlockRegistry::air).data());
    nav.sync();
    CHECK_THAT(nav.why_not_waypoint({85, 16, 3}), Catch::Contains("the chunk below it (5, 0, 0) is not loaded"));
}

TEST_CASE("the change journal lists written chunks", "[world]") {
    World w;
    const auto r0 = w.revision();
    w.set_block({1, 2, 3}, 1);
    w.set_block({40, 2, 3}, 1);
    std::vector<Voxel> changed;
    REQUIRE(w.changed_chunks_since(r0, changed));
    REQUIRE(changed.size() == 2);
    CHECK(chunk_box(changed[0]).contains({1, 2, 3}));
    CHECK(chunk_box(changed[1]).contains({40, 2, 3}));
    CHECK(w.revision() > r0);
}

TEST_CASE("world transform maps game positions to voxels and back", "[world]") {
    WorldTransform t;
    t.voxel_size = 0.5;
    t.origin = {10.0, 0.0, -4.0};
    CHECK(t.to_voxel({10.0, 0.0, -4.0}) == Voxel(0, 0, 0));
    CHECK(t.to_voxel({10.74, 1.2, -4.1}) == Voxel(1, 2, -1));
    CHECK(t.to_voxel({9.99, -0.01, -4.0}) == Voxel(-1, -1, 0));
    const glm::dvec3 p = t.to_world({1, 2, -1});
    CHECK(p.x == Approx(10.75));
    CHECK(p.y == Approx(1.0));
    CHECK(p.z == Approx(-4.25));
    CHECK(t.to_voxel(p) == Voxel(1, 2, -1));
}

TEST_CASE("set_chunk writes every voxel, constant or mixed, at any coordinate, unload gives memory back", "[world][chunks]") {
    World w;
    const std::size_t empty_bytes = w.memory_bytes();
    std::mt19937 rng(11);
    const Voxel chunks[3] = {{0, 0, 0}, {-3, -7, 5}, {World::max_chunk, World::min_chunk, -1875000}};
    for (const Voxel& c : chunks) {
        std::vector<BlockId> ids(World::chunk_volume, BlockRegistry::air);
        // One 8^3 quarter constant stone, one constant water, the rest random.
        for (int y = 0; y < 16; ++y)
            for (int z = 0; z < 16; ++z)
                for (int x = 0; x < 16; ++x) {
                    BlockId id = BlockId(rng() % 4);
                    if (x < 8 && y < 8 && z < 8) id = 1;
                    if (x >= 8 && y >= 8 && z >= 8) id = 3;
                    ids[x + 16 * (z + 16 * y)] = id;
                }
        w.set_chunk(c, ids.data());
        CHECK(w.is_loaded(c));
        for (int y = 0; y < 16; ++y)
            for (int z = 0; z < 16; ++z)
                for (int x = 0; x < 16; ++x) REQUIRE(w.block(c * 16 + Voxel(x, y, z)) == ids[x + 16 * (z + 16 * y)]);
    }
    for (const Voxel& c : chunks) {
        w.unload_chunk(c);
        CHECK_FALSE(w.is_loaded(c));
        CHECK(w.block(c * 16 + Voxel(9, 9, 9)) == BlockRegistry::air);
    }
    CHECK(w.non_air_voxels() == 0);
    CHECK(w.loaded_chunks().empty());
    // The tree's nodes for those regions are gone again (no growth with chunks visited).
    CHECK(w.memory_bytes() <= empty_bytes + 4096);
}

// Regression (issue 39, streaming): unloading a chunk of open sky built a
// 128^3 tree node of air tiles and scanned its 4096 entries to drop it
// again, for every sky chunk of every column leaving the view (a third of a
// chunk crossing's world writes). Unloading what was never stored now
// writes nothing; what was stored is still cleared, neighbours kept.
TEST_CASE("unloading open sky writes nothing, stored chunks beside it keep their blocks", "[world][chunks]") {
    World w;
    const std::size_t empty_bytes = w.memory_bytes();
    const std::vector<BlockId> air(World::chunk_volume, BlockRegistry::air), stone(World::chunk_volume, 1);
    for (int cy = 20; cy < 24; ++cy) w.set_chunk({0, cy, 0}, air.data());  // open sky: nothing stored
    CHECK(w.memory_bytes() == empty_bytes);
    for (int cy = 20; cy < 24; ++cy) {
        w.unload_chunk({0, cy, 0});
        CHECK(w.memory_bytes() == empty_bytes);
        CHECK_FALSE(w.is_loaded({0, cy, 0}));
        CHECK(w.was_unloaded({0, cy, 0}));
    }
    // Stone, air beside it in the same 128^3 node, sky far above.
    w.set_chunk({0, 0, 0}, stone.data());
    w.set_chunk({1, 0, 0}, air.data());
    w.unload_chunk({1, 0, 0});
    w.unload_chunk({0, 30, 0});
    CHECK(w.block({5, 5, 5}) == 1);
    CHECK(w.block({16 + 5, 5, 5}) == BlockRegistry::air);
    CHECK(w.is_loaded({0, 0, 0}));
    w.unload_chunk({0, 0, 0});
    CHECK(w.block({5, 5, 5}) == BlockRegistry::air);
    CHECK(w.non_air_voxels() == 0);
    CHECK(w.memory_bytes() <= empty_bytes + 4096);
    // Stored as tiles above the 128^3 level (a compacted region of stone):
    // no node at the chunk, yet its blocks are cleared and its neighbours kept.
    World solid;
    for (int cy = 0; cy < 8; ++cy)
        for (int cz = 0; cz < 8; ++cz)
            for (int cx = 0; cx < 8; ++cx) solid.set_chunk({cx, cy, cz}, stone.data());
    solid.compact();
    solid.unload_chunk({3, 3, 3});
    CHECK(solid.block({3 * 16 + 5, 3 * 16 + 5, 3 * 16 + 5}) == BlockRegistry::air);
    CHECK(solid.block({2 * 16 + 5, 3 * 16 + 5, 3 * 16 + 5}) == 1);
    CHECK(solid.block({4 * 16, 3 * 16, 3 * 16}) == 1);
    CHECK(solid.non_air_voxels() == std::uint64_t(8 * 8 * 8 - 1) * World::chunk_volume);
}

TEST_CASE("the journal keeps a run of edits in one chunk as one entry, and still reports it", "[world][journal]") {
    World w;
    w.set_block({0, 0, 0}, 1);
    const auto r1 = w.revision();
    for (int i = 0; i < 1000; ++i) w.set_block({i % 16, 1, 0}, 1);  // one chunk, many writes
    std::vector<Voxel> changed;
    REQUIRE(w.changed_chunks_since(r1, changed));  // regression: many writes must not push r1 out
    REQUIRE(changed.size() == 1);
    CHECK(changed[0] == Voxel(0, 0, 0));
    changed.clear();
    REQUIRE(w.changed_chunks_since(w.revision(), changed));
    CHECK(changed.empty());
    // A bulk change (bounds) restarts the journal: older revisions can no longer be replayed.
    w.set_bounds(VoxelBox{{0, 0, 0}, {4, 4, 4}});
    CHECK_FALSE(w.changed_chunks_since(r1, changed));
    CHECK(w.is_loaded({0, 0, 0}));
}
