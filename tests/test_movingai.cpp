// SPDX-License-Identifier: MIT
// Moving AI map and scenario readers: worlds they make and their errors.
#include "test_helpers.hpp"

#include "bench/scenarios.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace voxnav;

namespace {

World map2d(const std::string& text) {
    std::istringstream in(text);
    return read_movingai_map(in, "t.map");
}
World map3d(const std::string& text) {
    std::istringstream in(text);
    return read_movingai_3dmap(in, "t.3dmap");
}
template <class F>
std::pair<int, std::string> error_of(F&& f) {
    try {
        f();
    } catch (const LoadError& e) {
        return {e.line(), e.detail()};
    }
    return {-1, "no error"};
}

}  // namespace

TEST_CASE("2D map: floor everywhere, 2-high walls on blocked cells, octile costs", "[movingai]") {
    const World w = map2d("type octile\r\nheight 3\r\nwidth 4\r\nmap\r\n..@.\r\n.T..\r\nS..G\r\n");
    CHECK(w.bounds()->hi == Voxel(4, 3, 3));
    CHECK(w.block_type({2, 1, 0}).kind == BlockKind::Solid);
    CHECK(w.block_type({2, 2, 0}).kind == BlockKind::Solid);
    CHECK(w.block({2, 3, 0}) == BlockRegistry::air);
    CHECK(w.block({0, 1, 2}) == BlockRegistry::air);
    CHECK(w.block_type({0, 0, 2}).kind == BlockKind::Solid);
    Navigator nav(w, benchmark_agent(ScenarioFile::Kind::Grid2D));
    CHECK(nav.find_route({0, 1, 2}, {3, 1, 2}).cost == Approx(3.0));
    // (0,0) -> (3,0): the wall at (2,0) and the tree at (1,1) force a detour
    // along row 2, and no diagonal may cut their corners.
    const Route r = nav.find_route({0, 1, 0}, {3, 1, 0});
    REQUIRE(r.status == SearchStatus::Found);
    CHECK(r.cost == Approx(5 + std::sqrt(2.0)));
}

TEST_CASE("2D map errors", "[movingai][errors]") {
    CHECK(error_of([] { map2d("type octile\nheight 2\nwidth 2\nmap\n..\n"); }).second.find("ends after 1 rows") != std::string::npos);
    CHECK(error_of([] { map2d("type octile\nheight 2\nwidth 2\nmap\n..\n...\n"); }) == std::make_pair(6, std::string("row has 3 characters, expected 2")));
    CHECK(error_of([] { map2d("type hex\nheight 2\nwidth 2\nmap\n"); }).first == 1);
    CHECK(error_of([] { map2d("type octile\nheight -2\nwidth 2\nmap\n"); }).first == 2);
    CHECK(error_of([] { map2d("type octile\nwidth 2\nmap\n"); }).second.find("missing") != std::string::npos);
    CHECK(error_of([] { map2d("type octile\nheight 1\nwidth 1\n"); }).second.find("before the 'map' line") != std::string::npos);
    CHECK(error_of([] { map2d(""); }).first == 0);
}

TEST_CASE("3D map: listed voxels solid, bounds from the header", "[movingai]") {
    const World w = map3d("voxel 4 3 2\n1 1 1\n0 0 0\n");
    CHECK(w.bounds()->hi == Voxel(4, 3, 2));
    CHECK(w.non_air_voxels() == 2);
    CHECK(w.block_type({1, 1, 1}).kind == BlockKind::Solid);
    CHECK(error_of([] { map3d("voxel 4 3 2\n1 1 2\n"); }) == std::make_pair(2, std::string("coordinate 2 outside the map (0..1)")));
    CHECK(error_of([] { map3d("voxel 4 3 2\n1 1\n"); }).first == 2);
    CHECK(error_of([] { map3d("voxel 4 3\n"); }).first == 1);
    CHECK(error_of([] { map3d("voxel 4 3 2\n1 -1 0\n"); }).first == 2);
    CHECK(error_of([] { map3d("voxel 4 3 2\n1 x 0\n"); }).second.find("bad coordinate") != std::string::npos);
    CHECK(error_of([] { map3d(""); }).second.find("empty") != std::string::npos);
}
