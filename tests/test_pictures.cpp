// SPDX-License-Identifier: MIT
// PNG pictures of worlds, routes and searches: decoded back with libpng and
// checked pixel by pixel against the palette, on hand-made worlds.
#include "random_world.hpp"
#include "test_helpers.hpp"

#include "voxnav/pictures/map_picture.hpp"
#include "voxnav/pictures/palette.hpp"
#include "voxnav/pictures/viewer.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <set>
#include <fstream>
#include <map>
#include <tuple>
#include <unistd.h>

using namespace voxnav;
using namespace voxnav::pictures;

namespace {

// Every picture goes through a PNG file and back: what a user opens.
Image through_png(const Image& img) {
    const std::string path = "/tmp/voxnav_test_picture_" + std::to_string(getpid()) + ".png";
    write_png(img, path);
    Image back = read_png(path);
    std::remove(path.c_str());
    return back;
}

// 4 x 5 x 3: stone floor; a grass step, a water pool, a lava cell, a mud
// column two high, and one empty column (a hole through the floor).
World columns_world() {
    return testing::world_from_text(R"(voxnav-world 1
size 4 5 3
legend g grass solid
layer 0
####
##.#
####
layer 1
g~!:
....
..:.
layer 2
....
....
..:.
layer 3
....
....
....
layer 4
....
....
....
)");
}

}  // namespace

TEST_CASE("top-down: every column has its top block's colour, shaded by height", "[pictures]") {
    const World w = columns_world();
    MapPicture pic;
    pic.scale = 6;
    pic.legend = false;
    const Image img = through_png(render_map(w, pic));
    REQUIRE(img.width() == 4 * 6);
    REQUIRE(img.height() == 3 * 6);
    const MapFrame f = frame_of(w, pic);
    for (int z = 0; z < 3; ++z)
        for (int x = 0; x < 4; ++x) {
            Rgb expect = colours::background;
            for (int y = 4; y >= 0; --y) {
                const BlockType& t = w.block_type({x, y, z});
                if (t.kind == BlockKind::Air) continue;
                expect = shade(block_colour(t), y / 4.0);
                break;
            }
            const auto [px, py] = pixel_of(f, MapView::TopDown, {x, 0, z});
            INFO("column " << x << ", " << z);
            CHECK(to_hex(img.at(px, py)) == to_hex(expect));
            // The whole cell, not only its centre.
            CHECK(img.at(x * 6, z * 6) == expect);
            CHECK(img.at(x * 6 + 5, z * 6 + 5) == expect);
        }
    // The kinds the issue names: water blue, lava red; the hole shows the background.
    CHECK(img.at(1 * 6 + 3, 3) == shade(Rgb{40, 90, 220}, 0.25));
    CHECK(img.at(2 * 6 + 3, 3) == shade(Rgb{220, 60, 20}, 0.25));
    CHECK(img.at(2 * 6 + 3, 6 + 3) == colours::background);
    CHECK(block_colour(w.block_type({0, 1, 0})) == Rgb{95, 159, 53});  // grass by name
}

TEST_CASE("the picture's size follows the crop and the scale", "[pictures]") {
    const World w = columns_world();
    MapPicture pic;
    pic.legend = false;
    pic.crop = VoxelBox{{1, 0, 0}, {3, 5, 2}};
    for (int scale : {1, 3, 17}) {
        pic.scale = scale;
        const Image img = through_png(render_map(w, pic));
        CHECK(img.width() == 2 * scale);
        CHECK(img.height() == 2 * scale);
    }
    // The crop shifts what is drawn: its first column is world x 1 (water).
    pic.scale = 4;
    CHECK(render_map(w, pic).at(1, 1) == shade(Rgb{40, 90, 220}, 0.25));
    // Automatic scale: the largest that fits auto_size, at least 1.
    pic.scale = 0;
    pic.auto_size = 100;
    CHECK(render_map(w, pic).width() == 2 * 50);
    pic.crop.reset();
    CHECK(render_map(w, pic).width() == 4 * 25);
    // The legend adds a band below and never widens the picture.
    pic.legend = true;
    const Image with = render_map(w, pic);
    CHECK(with.width() == 100);
    CHECK(with.height() > 75);
    // A 16 x 16 room and a 512 x 512 region both come out readable.
    World room;
    room.set_bounds(VoxelBox{{0, 0, 0}, {16, 4, 16}});
    room.set_block({0, 0, 0}, *room.blocks().find("stone"));
    MapPicture auto_pic;
    CHECK(frame_of(room, auto_pic).scale == 48);
    room.set_bounds(VoxelBox{{0, 0, 0}, {512, 4, 512}});
    CHECK(frame_of(room, auto_pic).scale == 1);
    // Bad requests say what is wrong.
    pic.scale = 65;
    CHECK_THROWS_AS(render_map(w, pic), std::invalid_argument);
    pic.scale = 1;
    pic.crop = VoxelBox{{0, 0, 0}, {0, 5, 3}};
    CHECK_THROWS_WITH(render_map(w, pic), Catch::Contains("empty"));
}

TEST_CASE("a vertical section shows each voxel of its plane", "[pictures]") {
    const World w = columns_world();
    MapPicture pic;
    pic.scale = 5;
    pic.legend = false;
    pic.view = MapView::SectionZ;
    pic.section = 2;
    const Image img = through_png(render_map(w, pic));
    REQUIRE(img.width() == 4 * 5);
    REQUIRE(img.height() == 5 * 5);
    const MapFrame f = frame_of(w, pic);
    for (int y = 0; y < 5; ++y)
        for (int x = 0; x < 4; ++x) {
            const BlockType& t = w.block_type({x, y, 2});
            const Rgb expect = t.kind == BlockKind::Air ? colours::background : block_colour(t);
            const auto [px, py] = pixel_of(f, MapView::SectionZ, {x, y, 2});
            INFO(x << ", " << y);
            CHECK(img.at(px, py) == expect);
        }
    // y is up: the bottom row is the floor.
    CHECK(img.at(2, img.height() - 1) == block_colour(w.block_type({0, 0, 2})));
    pic.section = 3;
    CHECK_THROWS_WITH(render_map(w, pic), Catch::Contains("outside"));
}

TEST_CASE("the route's pixels carry the action colours in order, over the searched nodes", "[pictures]") {
    const World w = load_world(std::string(VOXNAV_SOURCE_DIR) + "/worlds/demo.vxw");
    Navigator nav(w, AgentProfile{});
    SearchTrace trace;
    QueryOptions q;
    q.trace = &trace;
    const Route r = nav.find_route(*w.point("S"), Goal::at(*w.point("G")), q);
    REQUIRE(r.status == SearchStatus::Found);
    std::set<Action> actions;
    for (const Waypoint& wp : r.waypoints) actions.insert(wp.action);
    REQUIRE(actions.size() >= 4);  // walk, jump, fall, swim
    MapPicture pic;
    pic.scale = 8;
    pic.route = &r;
    pic.trace = &trace;
    const Image img = through_png(render_map(w, pic));
    const MapFrame f = frame_of(w, pic);
    for (std::size_t k = 0; k < r.waypoints.size(); ++k) {
        // A later waypoint in the same column is drawn over this one.
        bool covered = false;
        for (std::size_t j = k + 1; j < r.waypoints.size(); ++j)
            covered |= r.waypoints[j].position.x == r.waypoints[k].position.x && r.waypoints[j].position.z == r.waypoints[k].position.z;
        if (covered) continue;
        const auto [px, py] = pixel_of(f, MapView::TopDown, r.waypoints[k].position);
        INFO("waypoint " << k << " " << to_string(r.waypoints[k].action));
        CHECK(to_hex(img.at(px, py)) == to_hex(action_colour(r.waypoints[k].action)));
    }
    // A cell the search expanded and the route does not cross is tinted pink;
    // one only in the open list, green.
    std::set<std::pair<int, int>> on_route, expanded;
    for (const Waypoint& wp : r.waypoints) on_route.insert({wp.position.x, wp.position.z});
    for (const TraceNode& n : trace.expanded) expanded.insert({n.position.x, n.position.z});
    int blue = 0, green = 0;
    for (const TraceNode& n : trace.expanded) {
        const std::pair<int, int> c{n.position.x, n.position.z};
        if (on_route.count(c)) continue;
        // Away from the route's lines: the cell's corner pixel.
        const Rgb corner = img.at(c.first * 8, c.second * 8);
        const auto [px, py] = pixel_of(f, MapView::TopDown, n.position);
        (void)px, (void)py;
        int top = -1;
        for (int y = 5; y >= 0 && top < 0; --y)
            if (w.block_type({c.first, y, c.second}).kind != BlockKind::Air) top = y;
        const Rgb base = top < 0 ? colours::background : shade(block_colour(w.block_type({c.first, top, c.second})), top / 5.0);
        if (corner == mix(base, colours::expanded, colours::overlay_strength)) ++blue;
    }
    for (const TraceNode& n : trace.open) {
        const std::pair<int, int> c{n.position.x, n.position.z};
        if (on_route.count(c) || expanded.count(c)) continue;
        int top = -1;
        for (int y = 5; y >= 0 && top < 0; --y)
            if (w.block_type({c.first, y, c.second}).kind != BlockKind::Air) top = y;
        const Rgb base = top < 0 ? colours::background : shade(block_colour(w.block_type({c.first, top, c.second})), top / 5.0);
        green += img.at(c.first * 8 + 1, c.second * 8 + 1) == mix(base, colours::open, colours::overlay_strength);
    }
    CHECK(blue > 10);
    CHECK(green > 0);
    // The legend band is below the map, as wide as it.
    CHECK(img.width() == 12 * 8);
    CHECK(img.height() > 8 * 8);
}

TEST_CASE("reach layers of up to three agents add up where they overlap", "[pictures]") {
    const World w = columns_world();
    const std::vector<Voxel> a{{0, 2, 0}, {2, 3, 2}}, b{{2, 3, 2}};
    MapPicture pic;
    pic.scale = 4;
    pic.legend = false;
    pic.reach = {{&a, "a"}, {&b, "b"}};
    const Image img = render_map(w, pic);
    const Rgb grass = shade(block_colour(w.block_type({0, 1, 0})), 0.25);
    const Rgb mud = shade(block_colour(w.block_type({2, 2, 2})), 0.5);
    CHECK(img.at(1, 1) == mix(grass, reach_colour(1), colours::overlay_strength));
    CHECK(img.at(2 * 4 + 1, 2 * 4 + 1) == mix(mud, reach_colour(3), colours::overlay_strength));
    CHECK(reach_colour(3) == Rgb{255, 255, 0});
}

TEST_CASE("read_png names the file it cannot read", "[pictures]") {
    const std::string path = "/tmp/voxnav_test_not_png_" + std::to_string(getpid()) + ".png";
    std::ofstream(path) << "not a png";
    CHECK_THROWS_WITH(read_png(path), Catch::Contains(path));
    std::remove(path.c_str());
    CHECK_THROWS_AS(read_png("/nonexistent/x.png"), std::runtime_error);
    CHECK_THROWS_AS(write_png(Image(2, 2), "/nonexistent/dir/x.png"), std::runtime_error);
    CHECK_THROWS_AS(Image(0, 3), std::invalid_argument);
}

TEST_CASE("the viewer's merged quads cover exactly the visible faces, once each", "[pictures][viewer]") {
    for (std::uint32_t seed = 1; seed <= 25; ++seed) {
        const Voxel size(9, 6, 8);
        const World w = testing::random_world(seed, size);
        const VoxelBox region{{0, 0, 0}, size};
        const FaceMesh mesh = visible_faces(w, region);
        // Every voxel face, from the wording: a solid block's face towards a
        // non-solid voxel or the region's side (not its floor); a liquid's
        // face towards air.
        std::map<std::tuple<int, int, int, int>, BlockId> expect;
        const Voxel normal[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
        for (int y = 0; y < size.y; ++y)
            for (int z = 0; z < size.z; ++z)
                for (int x = 0; x < size.x; ++x) {
                    const Voxel v(x, y, z);
                    const BlockType& t = w.block_type(v);
                    if (t.kind == BlockKind::Air) continue;
                    for (int d = 0; d < 6; ++d) {
                        const Voxel n = v + normal[d];
                        if (d == 3 && y == 0) continue;
                        const BlockKind nk = region.contains(n) ? w.block_type(n).kind : BlockKind::Air;
                        const bool visible = t.kind == BlockKind::Solid ? nk != BlockKind::Solid : nk == BlockKind::Air;
                        if (visible) expect[{d, x, y, z}] = w.block(v);
                    }
                }
        std::map<std::tuple<int, int, int, int>, BlockId> got;
        for (const FaceMesh::Quad& q : mesh.quads) {
            const int a = q.direction / 2, u = (a + 1) % 3, v = (a + 2) % 3;
            for (int j = 0; j < q.height; ++j)
                for (int i = 0; i < q.width; ++i) {
                    Voxel p = q.corner;
                    p[u] += i;
                    p[v] += j;
                    INFO("seed " << seed);
                    CHECK(got.emplace(std::make_tuple(int(q.direction), p.x, p.y, p.z), q.block).second);  // once
                }
        }
        INFO("seed " << seed);
        CHECK(got == expect);
        CHECK(mesh.faces == expect.size());
        CHECK(mesh.quads.size() < expect.size());  // merging did something
    }
}

// Regression (faults issue, 8): the legend showed "OPEN" twice (the door
// action and the search's open list), and expanded nodes were drawn nearly
// in water's blue.
TEST_CASE("the legend names each thing once, and searched nodes do not look like water", "[pictures]") {
    World w = testing::world_from_text("voxnav-world 1\nsize 6 3 3\nlayer 0\n######\n######\n######\n");
    Navigator nav(w, AgentProfile{});
    SearchTrace trace;
    QueryOptions o;
    o.trace = &trace;
    const Route r = nav.find_route({0, 1, 0}, Goal::at({5, 1, 2}), o);
    REQUIRE(r.status == SearchStatus::Found);
    MapPicture pic;
    pic.route = &r;
    pic.trace = &trace;
    const std::vector<std::string> texts = legend_texts(w, pic);
    std::set<std::string> seen;
    for (const std::string& t : texts)
        if (!t.empty()) CHECK(seen.insert(t).second);
    CHECK(seen.count("leap"));       // every motion
    CHECK_FALSE(seen.count("open"));  // doors opened: only on routes that open one
    CHECK(seen.count("open list"));  // the search's frontier
    const Rgb water = block_colour(w.blocks()[*w.blocks().find("water")]);
    const auto distance = [](Rgb a, Rgb b) {
        const double dr = a.r - b.r, dg = a.g - b.g, db = a.b - b.b;
        return std::sqrt(dr * dr + dg * dg + db * db);
    };
    CHECK(distance(colours::expanded, water) > 150.0);
    CHECK(distance(mix(water, colours::expanded, colours::overlay_strength), water) > 80.0);
}
