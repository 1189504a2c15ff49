// SPDX-License-Identifier: MIT
// Moving AI Lab benchmark maps (https://movingai.com/benchmarks/formats.html):
// 2D octile grid maps and 3D voxel maps, as voxnav worlds.
#include "text_lines.hpp"
#include "world/block_store.hpp"
#include "voxnav/io/formats.hpp"

#include <fstream>

namespace voxnav {
namespace {

using detail::parse_int;
using detail::split_tokens;

// Moving AI's passable terrain characters; every other one is blocked.
bool passable_2d(char c) { return c == '.' || c == 'G' || c == 'S'; }

std::ifstream open_or_throw(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LoadError(path, 0, "cannot open file");
    return f;
}

}  // namespace

World read_movingai_map(std::istream& in, const std::string& name) {
    detail::LineReader lines(in);
    std::string line;
    auto fail = [&](const std::string& msg) -> void { throw LoadError(name, lines.number(), msg); };
    int width = -1, height = -1;
    bool have_type = false;
    // Header: "type octile", "height H", "width W" in any order, then "map".
    while (true) {
        if (!lines.next(line)) fail("file ends before the 'map' line");
        auto t = split_tokens(line);
        if (t.empty()) continue;
        if (t[0] == "map" && t.size() == 1) break;
        if (t.size() != 2) fail("bad header line '" + line + "'");
        if (t[0] == "type") {
            if (t[1] != "octile") fail("unsupported map type '" + std::string(t[1]) + "', expected octile");
            have_type = true;
        } else if (t[0] == "height" || t[0] == "width") {
            auto v = parse_int<int>(t[1]);
            if (!v || *v < 1 || *v > 1 << 15) fail("bad " + std::string(t[0]) + " '" + std::string(t[1]) + "'");
            (t[0] == "height" ? height : width) = *v;
        } else {
            fail("unknown header key '" + std::string(t[0]) + "'");
        }
    }
    if (!have_type) fail("missing 'type octile' line");
    if (width < 0 || height < 0) fail("missing 'height' or 'width' line");

    World world;
    const BlockId stone = *world.blocks().find("stone");
    auto acc = detail::mutable_grid_of(world).getAccessor();
    for (int row = 0; row < height; ++row) {
        if (!lines.next(line)) fail("map ends after " + std::to_string(row) + " rows, expected " + std::to_string(height));
        if (int(line.size()) != width)
            fail("row has " + std::to_string(line.size()) + " characters, expected " + std::to_string(width));
        for (int x = 0; x < width; ++x) {
            acc.setValueOn(openvdb::Coord(x, 0, row), stone);
            if (!passable_2d(line[x])) {
                acc.setValueOn(openvdb::Coord(x, 1, row), stone);
                acc.setValueOn(openvdb::Coord(x, 2, row), stone);
            }
        }
    }
    while (lines.next(line))
        if (!split_tokens(line).empty()) fail("unexpected text after the last map row");
    if (World::chunks_overlapped({{0, 0, 0}, {width, 3, height}}) > World::max_bounds_chunks)
        fail("the map spans more than " + std::to_string(World::max_bounds_chunks) + " chunks of 16^3");
    world.set_bounds(VoxelBox{{0, 0, 0}, {width, 3, height}});
    world.note_change({});
    return world;
}

World load_movingai_map(const std::string& path) {
    auto f = open_or_throw(path);
    return read_movingai_map(f, path);
}

World read_movingai_3dmap(std::istream& in, const std::string& name) {
    detail::LineReader lines(in);
    std::string line;
    auto fail = [&](const std::string& msg) -> void { throw LoadError(name, lines.number(), msg); };
    Voxel size{0, 0, 0};
    while (true) {
        if (!lines.next(line)) fail("empty file: expected 'voxel X Y Z'");
        auto t = split_tokens(line);
        if (t.empty()) continue;
        if (t.size() != 4 || t[0] != "voxel") fail("expected header 'voxel X Y Z'");
        for (int i = 0; i < 3; ++i) {
            auto v = parse_int<int>(t[i + 1]);
            if (!v || *v < 1 || *v > 1 << 16) fail("bad extent '" + std::string(t[i + 1]) + "'");
            size[i] = *v;
        }
        break;
    }
    if (World::chunks_overlapped({{0, 0, 0}, size}) > World::max_bounds_chunks)
        fail("the map spans " + std::to_string(World::chunks_overlapped({{0, 0, 0}, size})) + " chunks of 16^3 (limit " +
             std::to_string(World::max_bounds_chunks) + ")");
    World world;
    const BlockId stone = *world.blocks().find("stone");
    auto acc = detail::mutable_grid_of(world).getAccessor();
    while (lines.next(line)) {
        auto t = split_tokens(line);
        if (t.empty()) continue;
        if (t.size() != 3) fail("expected a voxel 'x y z', got '" + line + "'");
        Voxel v;
        for (int i = 0; i < 3; ++i) {
            auto c = parse_int<int>(t[i]);
            if (!c) fail("bad coordinate '" + std::string(t[i]) + "'");
            if (*c < 0 || *c >= size[i])
                fail("coordinate " + std::string(t[i]) + " outside the map (0.." + std::to_string(size[i] - 1) + ")");
            v[i] = *c;
        }
        acc.setValueOn(openvdb::Coord(v.x, v.y, v.z), stone);
    }
    world.set_bounds(VoxelBox{{0, 0, 0}, size});
    world.note_change({});
    return world;
}

World load_movingai_3dmap(const std::string& path) {
    auto f = open_or_throw(path);
    return read_movingai_3dmap(f, path);
}

}  // namespace voxnav
