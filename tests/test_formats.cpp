// SPDX-License-Identifier: MIT
// The text world format, and native .vdb round trips.
#include "test_helpers.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

using namespace voxnav;
using testing::world_from_text;

namespace {

// The error a text world gives: its line and message.
std::pair<int, std::string> text_error(const std::string& text) {
    try {
        world_from_text(text);
    } catch (const LoadError& e) {
        return {e.line(), e.detail()};
    }
    return {-1, "no error"};
}

}  // namespace

TEST_CASE("the spec's example world reads exactly", "[formats][text]") {
    const World w = world_from_text(R"(# a line starting with '#' is a comment, except a layer's rows
voxnav-world 1
size 8 3 5                 # X Y Z extents; voxels outside are unset (air)
legend M mud solid         # optional: <char> <block name> <air|solid|liquid> [hazard]
point spawn 1 1 2          # optional: a named position
layer 0                    # y = 0; rows follow, first row z = 0, column = x
########
########
########
########
########
layer 1
S......#
.......#
...~~..#
.......#
...MM.G#
)");
    REQUIRE(w.bounds());
    CHECK(w.bounds()->hi == Voxel(8, 3, 5));
    CHECK(w.point("spawn") == Voxel(1, 1, 2));
    CHECK(w.point("S") == Voxel(0, 1, 0));
    CHECK(w.point("G") == Voxel(6, 1, 4));
    CHECK(w.block_type({3, 1, 2}).name == "water");
    CHECK(w.block_type({3, 1, 4}).name == "mud");
    CHECK(w.block_type({7, 1, 0}).name == "stone");
    CHECK(w.block_type({0, 0, 0}).name == "stone");
    CHECK(w.block({0, 2, 0}) == BlockRegistry::air);  // missing layer
    CHECK(w.block({0, 1, 0}) == BlockRegistry::air);  // S is air
}

TEST_CASE("legend: new characters, redefinitions, hazards, CRLF", "[formats][text]") {
    const World w = world_from_text(
        "voxnav-world 1\r\nsize 3 1 1\r\nlegend # glass solid\r\nlegend ~ honey liquid\r\nlegend x magma liquid hazard\r\nlayer 0\r\n#~x\r\n");
    CHECK(w.block_type({0, 0, 0}).name == "glass");
    CHECK(w.block_type({1, 0, 0}).name == "honey");
    CHECK(w.block_type({1, 0, 0}).is_water());
    CHECK(w.block_type({2, 0, 0}).hazard);
}

TEST_CASE("every malformed text world names its line", "[formats][text][errors]") {
    struct Case {
        const char* text;
        int line;
        const char* words;
    };
    const Case cases[] = {
        {"", 0, "missing header"},
        {"voxnav-world 2\n", 1, "unsupported version"},
        {"hello\n", 1, "expected header"},
        {"voxnav-world 1\nlayer 0\n", 2, "before 'size'"},
        {"voxnav-world 1\nsize 2 1\n", 2, "three extents"},
        {"voxnav-world 1\nsize 2 0 1\n", 2, ">= 1"},
        {"voxnav-world 1\nsize 2 x 1\n", 2, "bad size"},
        {"voxnav-world 1\nsize 2 1 1\nsize 2 1 1\n", 3, "twice"},
        {"voxnav-world 1\nsize 2 1 2\nlayer 0\n..\n.\n", 5, "expected 2"},
        {"voxnav-world 1\nsize 2 1 2\nlayer 0\n..\n...\n", 5, "expected 2"},
        {"voxnav-world 1\nsize 2 1 2\nlayer 0\n..\n", 4, "ends after 1 rows"},
        {"voxnav-world 1\nsize 2 1 1\nlayer 0\n.?\n", 4, "unknown character '?'"},
        {"voxnav-world 1\nsize 2 1 1\nlayer 0\n.a\n", 4, "unknown character 'a'"},
        {"voxnav-world 1\nsize 2 1 1\nlayer 1\n..\n", 3, "outside size"},
        {"voxnav-world 1\nsize 2 1 1\nlayer -1\n..\n", 3, "outside size"},
        {"voxnav-world 1\nsize 2 1 1\nlayer 0\n..\nlayer 0\n..\n", 5, "given twice"},
        {"voxnav-world 1\nsize 2 1 1\nlayer 0\nSS\n", 4, "given twice"},
        {"voxnav-world 1\nsize 2 1 1\npoint S 0 0 0\nlayer 0\nS.\n", 5, "given twice"},
        {"voxnav-world 1\nsize 2 1 1\nlegend ab stone solid\n", 3, "single character"},
        {"voxnav-world 1\nsize 2 1 1\nlegend a goo sticky\n", 3, "unknown block kind"},
        {"voxnav-world 1\nsize 2 1 1\nlegend a goo solid hazard\n", 3, "only a liquid"},
        {"voxnav-world 1\nsize 2 1 1\nlegend a water solid\n", 3, "already defined"},
        {"voxnav-world 1\nsize 2 1 1\npoint p 1 2\n", 3, "point needs"},
        {"voxnav-world 1\nsize 2 1 1\nfrobnicate\n", 3, "unknown directive"},
        {"voxnav-world 1\nsize 2 1 1\nlayer 0\n..\nlegend a x solid\n", 5, "after the first layer"},
        {"voxnav-world 1\n", 1, "missing 'size'"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const auto [line, message] = text_error(c.text);
        CHECK(line == c.line);
        CHECK(message.find(c.words) != std::string::npos);
    }
}

TEST_CASE("a row starting with '#' is a row, not a comment", "[formats][text]") {
    const World w = world_from_text("voxnav-world 1\nsize 2 1 2\nlayer 0\n#.\n##\n");
    CHECK(w.block_type({0, 0, 0}).name == "stone");
    CHECK(w.block({1, 0, 0}) == BlockRegistry::air);
    CHECK(text_error("voxnav-world 1\nsize 2 1 2\nlayer 0\n#\n##\n").first == 4);
}

TEST_CASE("load_world names a missing or unknown file", "[formats][errors]") {
    try {
        (void)load_world("/nonexistent/world.vxw");
        FAIL("no error");
    } catch (const LoadError& e) {
        CHECK(std::string(e.what()).find("/nonexistent/world.vxw") != std::string::npos);
    }
    const std::string junk = "voxnav_test_junk.bin";
    std::ofstream(junk) << "\x01\x02 nothing";
    CHECK_THROWS_AS(load_world(junk), LoadError);
    std::remove(junk.c_str());
}

TEST_CASE(".vdb round trip keeps blocks, registry, bounds, points and transform", "[formats][vdb]") {
    World w = load_world(VOXNAV_SOURCE_DIR "/worlds/demo.vxw");
    w.blocks().add("glowstone", BlockKind::Solid);
    w.set_block({-5, 9, 1000}, *w.blocks().find("glowstone"));
    w.transform().voxel_size = 0.25;
    w.transform().origin = {1.5, -2, 3};
    const std::string path = "voxnav_test_roundtrip.vdb";
    save_vdb(w, path);
    CHECK(detect_world_format(path) == WorldFormat::Vdb);
    const World r = load_world(path);
    std::remove(path.c_str());
    CHECK(r.bounds() == w.bounds());
    CHECK(r.points() == w.points());
    CHECK(r.blocks().size() == w.blocks().size());
    CHECK(r.block_type({-5, 9, 1000}).name == "glowstone");
    CHECK(r.transform().voxel_size == 0.25);
    CHECK(r.transform().origin == glm::dvec3(1.5, -2, 3));
    CHECK(r.non_air_voxels() == w.non_air_voxels());
    const VoxelBox b = *w.bounds();
    for (int y = b.lo.y; y < b.hi.y; ++y)
        for (int z = b.lo.z; z < b.hi.z; ++z)
            for (int x = b.lo.x; x < b.hi.x; ++x) REQUIRE(r.block({x, y, z}) == w.block({x, y, z}));
}

TEST_CASE("route JSON has the spec's shape and parses back", "[formats][route]") {
    World w = load_world(VOXNAV_SOURCE_DIR "/worlds/demo.vxw");
    Navigator nav(w, AgentProfile{});
    const Route r = nav.find_route(*w.point("S"), *w.point("G"));
    const Route back = route_from_json(to_json(r));
    CHECK(back.status == r.status);
    CHECK(back.cost == Approx(r.cost));
    REQUIRE(back.waypoints.size() == r.waypoints.size());
    for (std::size_t i = 0; i < r.waypoints.size(); ++i) {
        CHECK(back.waypoints[i].position == r.waypoints[i].position);
        CHECK(back.waypoints[i].action == r.waypoints[i].action);
    }
    const Route bad = nav.find_route({-1, -1, -1}, *w.point("G"));
    const std::string j = to_json(bad);
    CHECK(j.find("\"status\":\"invalid_start\"") != std::string::npos);
    CHECK(j.find("\"error\":") != std::string::npos);
}
