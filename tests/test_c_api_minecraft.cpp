// SPDX-License-Identifier: MIT
// The C API's Minecraft block states (voxnav_world_minecraft_block, block
// tables) against the table the C++ readers use: kinds and heights as the
// table says, one id per state, waterlogged passable blocks as water, a
// slab's height in the routes, loaded tables and bad input.
#include "c_api_helpers.hpp"

#include "voxnav/io/imports.hpp"

#include <cstdio>
#include <fstream>

using namespace voxnav;
using namespace voxnav::capi_test;

TEST_CASE("C API Minecraft blocks: states through the builtin table, one id each", "[c_api][minecraft]") {
    CWorld c;
    const MinecraftBlockTable& table = MinecraftBlockTable::builtin();
    const char* states[] = {"minecraft:stone", "oak_slab[type=bottom]", "oak_slab[type=top]", "oak_stairs[facing=east,half=bottom]",
                            "oak_door[facing=north,half=lower,open=false]", "ladder[facing=north]", "water[level=0]",
                            "lantern[hanging=true]", "cobweb", "oak_fence", "not_a_block_of_minecraft"};
    std::vector<uint16_t> ids;
    for (const char* s : states) {
        uint16_t id = 0;
        int32_t known = -1;
        INFO(s);
        REQUIRE(voxnav_world_minecraft_block(c.w, nullptr, s, &id, &known) == VOXNAV_OK);
        std::map<std::string, std::string> props;
        std::string name = s;
        if (const auto open = name.find('['); open != std::string::npos) {
            const std::string body = name.substr(open + 1, name.size() - open - 2);
            name = name.substr(0, open);
            std::size_t i = 0;
            while (i < body.size()) {
                std::size_t j = body.find(',', i);
                if (j == std::string::npos) j = body.size();
                const std::string pair = body.substr(i, j - i);
                props[pair.substr(0, pair.find('='))] = pair.substr(pair.find('=') + 1);
                i = j + 1;
            }
        }
        CHECK(known == (table.classify(name, props) ? 1 : 0));
        // The same state again: the same id, at the cost of a lookup.
        uint16_t again = 0;
        REQUIRE(voxnav_world_minecraft_block(c.w, nullptr, s, &again, nullptr) == VOXNAV_OK);
        CHECK(again == id);
        ids.push_back(id);
    }
    CHECK(ids[0] != ids[1]);  // stone, a slab
    CHECK(ids[1] != ids[2]);  // bottom and top slabs differ
    uint16_t water = 0, stone = 0;
    REQUIRE(voxnav_world_find_block(c.w, "water", &water) == VOXNAV_OK);
    CHECK(ids[6] == water);
    REQUIRE(voxnav_world_find_block(c.w, "stone", &stone) == VOXNAV_OK);
    CHECK(ids[0] == stone);  // the table's stone is the registry's stone
    uint16_t air = 99;
    REQUIRE(voxnav_world_minecraft_block(c.w, nullptr, "minecraft:air", &air, nullptr) == VOXNAV_OK);
    CHECK(air == 0);
    // A waterlogged passable block (a sign stands in water): water.
    uint16_t sign = 0;
    REQUIRE(voxnav_world_minecraft_block(c.w, nullptr, "oak_sign[rotation=0,waterlogged=true]", &sign, nullptr) == VOXNAV_OK);
    CHECK(sign == water);

    // A bottom slab in a stone floor: a body stands on it half a voxel lower.
    std::array<uint16_t, 4096> chunk{};
    for (int i = 0; i < 256; ++i) chunk[i] = stone;
    chunk[5 + 16 * (5 + 16 * 1)] = ids[1];
    REQUIRE(voxnav_world_set_chunk(c.w, 0, 0, 0, chunk.data()) == VOXNAV_OK);
    CNav nav;
    REQUIRE(voxnav_navigator_create(c.w, R"({"height": 1.8, "width": 1})", &nav.n) == VOXNAV_OK);
    CRoute r;
    voxnav_goal g = voxnav_goal_at(5, 2, 5);  // feet in the voxel above the slab, at 1.5
    voxnav_query q;
    voxnav_query_init(&q);
    q.goals = &g, q.goal_count = 1;
    const int32_t from[3] = {1, 1, 5};
    REQUIRE(voxnav_find_route(nav.n, from, &q, r.r) == VOXNAV_OK);
    REQUIRE(voxnav_route_status(r.r) == VOXNAV_FOUND);
    const voxnav_waypoint* wp = voxnav_route_waypoints(r.r);
    CHECK(wp[voxnav_route_size(r.r) - 1].feet_y == 1.5);
}

TEST_CASE("C API Minecraft blocks: a table of the game's own, and bad input", "[c_api][minecraft]") {
    const std::string path = "c_api_minecraft_table.txt";
    {
        std::ofstream f(path);
        f << "# a game's own table: its stone is a slab\n"
          << "stone solid bottom=0 top=8\n";
    }
    voxnav_block_table* own = nullptr;
    REQUIRE(voxnav_block_table_load(path.c_str(), &own) == VOXNAV_OK);
    CWorld c;
    uint16_t id = 0;
    int32_t known = 0;
    REQUIRE(voxnav_world_minecraft_block(c.w, own, "stone", &id, &known) == VOXNAV_OK);
    CHECK(known == 1);
    int32_t unknown_known = 1;
    REQUIRE(voxnav_world_minecraft_block(c.w, own, "oak_planks", &id, &unknown_known) == VOXNAV_OK);
    CHECK(unknown_known == 0);  // this table has no planks
    voxnav_block_table_destroy(own);  // the world keeps what it needs
    REQUIRE(voxnav_world_minecraft_block(c.w, nullptr, "oak_planks", &id, &unknown_known) == VOXNAV_OK);
    CHECK(unknown_known == 1);  // the builtin table has them

    {
        std::ofstream f(path);
        f << "stone solid\nthis line is not a rule at all = =\n";
    }
    voxnav_block_table* bad = nullptr;
    CHECK(voxnav_block_table_load(path.c_str(), &bad) == VOXNAV_ERR_ARGUMENT);
    CHECK(std::string(voxnav_last_error()).find(path) != std::string::npos);
    CHECK(bad == nullptr);
    CHECK(voxnav_block_table_load("/nonexistent/voxnav_table.txt", &bad) == VOXNAV_ERR_ARGUMENT);
    std::remove(path.c_str());
    CHECK(voxnav_world_minecraft_block(c.w, nullptr, "", &id, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_minecraft_block(c.w, nullptr, nullptr, &id, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_minecraft_block(nullptr, nullptr, "stone", &id, nullptr) == VOXNAV_ERR_ARGUMENT);
    CHECK(voxnav_world_minecraft_block(c.w, nullptr, "stone", nullptr, nullptr) == VOXNAV_ERR_ARGUMENT);
    const voxnav_block_table* builtin = nullptr;
    REQUIRE(voxnav_block_table_builtin(&builtin) == VOXNAV_OK);
    CHECK(builtin != nullptr);
    voxnav_block_table_destroy(const_cast<voxnav_block_table*>(builtin));  // ignored
    REQUIRE(voxnav_world_minecraft_block(c.w, builtin, "stone", &id, nullptr) == VOXNAV_OK);
}
