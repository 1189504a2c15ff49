// SPDX-License-Identifier: MIT
// Why a goal in a chunk the game has not loaded is no waypoint: one
// sentence naming the voxel and its chunk, whatever else is loaded (the
// chunk far from every loaded one, inside or outside the box of the
// navigable chunks, or in the ring around them); "outside the world's
// bounds" only for a bounded world's outside.
#include "test_helpers.hpp"

#include "facts/nav_snapshot.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace voxnav;

namespace {

// A world of stone floors (y 0) in the given chunks (cy 0).
World floors(const std::vector<Voxel>& chunks) {
    World w;
    const BlockId stone = *w.blocks().find("stone");
    std::vector<BlockId> floor(World::chunk_volume, BlockRegistry::air);
    for (int i = 0; i < 256; ++i) floor[i] = stone;
    for (const Voxel& c : chunks) w.set_chunk(c, floor.data());
    return w;
}

}  // namespace

TEST_CASE("a goal in an unloaded chunk has one reason, whatever else is loaded", "[world][streaming][reasons]") {
    const Voxel goal{40, 1, 3};  // chunk (2, 0, 0), never loaded in any of these worlds
    const std::string sentence = "(40, 1, 3) is in chunk (2, 0, 0), which the game has not loaded";
    struct Case {
        const char* what;
        std::vector<Voxel> loaded;
    };
    const Case cases[] = {
        // The domain (the box of the navigable chunks) holds the goal, but its
        // chunk has no facts: it is two chunks from either loaded one.
        {"inside the domain's box, no chunk around it loaded", {{0, 0, 0}, {5, 0, 0}}},
        // The domain ends at chunk 1: the goal is outside its box.
        {"outside the domain's box", {{0, 0, 0}}},
        // Chunk (2, 0, 0) is in the navigable ring around chunk (3, 0, 0).
        {"in the ring around a loaded chunk", {{0, 0, 0}, {3, 0, 0}}},
    };
    std::vector<std::string> reasons;
    for (const Case& c : cases) {
        INFO(c.what);
        World w = floors(c.loaded);
        Navigator nav(w, AgentProfile{});
        REQUIRE(nav.is_waypoint({1, 1, 1}));
        CHECK_FALSE(nav.is_waypoint(goal));
        const NavSnapshot& facts = nav.field();
        if (c.loaded.size() == 2 && c.loaded[1].x == 5) {
            CHECK(facts.domain().contains(goal));
            CHECK(facts.index_of(goal) == NavSnapshot::no_index);
        }
        if (c.loaded.size() == 1) CHECK_FALSE(facts.domain().contains(goal));
        if (c.loaded.size() == 2 && c.loaded[1].x == 3) CHECK(facts.index_of(goal) != NavSnapshot::no_index);
        CHECK(nav.why_not_waypoint(goal) == sentence);
        const Route r = nav.find_route({1, 1, 1}, Goal::at(goal));
        CHECK(r.status == SearchStatus::InvalidGoal);
        CHECK(r.error.find(sentence) != std::string::npos);
        reasons.push_back(r.error);
    }
    // The route's whole reason, word for word, in every world.
    CHECK(reasons[1] == reasons[0]);
    CHECK(reasons[2] == reasons[0]);
    // Asked twice in one world: the same answer.
    World w = floors({{0, 0, 0}});
    Navigator nav(w, AgentProfile{});
    CHECK(nav.find_route({1, 1, 1}, Goal::at(goal)).error == nav.find_route({1, 1, 1}, Goal::at(goal)).error);
}

TEST_CASE("outside a bounded world's bounds is said so, and an unloaded chunk inside them is not", "[world][bounds][reasons]") {
    World w = floors({{0, 0, 0}});
    w.set_bounds(VoxelBox{{0, 0, 0}, {32, 16, 16}});  // chunks (0..1, 0, 0), loaded by the bounds
    Navigator nav(w, AgentProfile{});
    CHECK(nav.why_not_waypoint({40, 1, 3}) == "(40, 1, 3) is outside the world's bounds");
    CHECK(nav.why_not_waypoint({-1, 1, 3}) == "(-1, 1, 3) is outside the world's bounds");
    // A chunk of the bounds the game unloads again: not loaded, not outside.
    w.unload_chunk({1, 0, 0});
    nav.sync();
    CHECK(nav.why_not_waypoint({20, 1, 3}) == "(20, 1, 3) is in chunk (1, 0, 0), which the game has not loaded");
}
