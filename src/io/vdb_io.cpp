// SPDX-License-Identifier: MIT
// Native worlds: the block tree in an OpenVDB file, with the registry, bounds,
// named positions and transform as JSON in one string metadata field.
#include "voxnav/io/formats.hpp"
#include "world/block_store.hpp"

#include <nlohmann/json.hpp>
#include <openvdb/io/File.h>

#include <fstream>

namespace voxnav {
namespace {

constexpr const char* kGridName = "blocks";
constexpr const char* kMetaKey = "voxnav_world";

nlohmann::json box_json(const VoxelBox& b) {
    return {{"lo", {b.lo.x, b.lo.y, b.lo.z}}, {"hi", {b.hi.x, b.hi.y, b.hi.z}}};
}

Voxel voxel_json(const nlohmann::json& j) { return {j.at(0).get<int>(), j.at(1).get<int>(), j.at(2).get<int>()}; }

// A block's shape, written only when it is not the full cube (so files of
// plain worlds are as before). Unknown words throw while reading.
nlohmann::json shape_json(const BlockShape& s) {
    nlohmann::json j = {{"bottom", s.bottom}, {"top", s.top},          {"stair_faces", s.stair_faces}, {"climbable", s.climbable},
                        {"open_class", to_string(s.open_class)},     {"open", s.open}, {"damage", to_string(s.damage)}};
    // The speed factors only where a block slows a body (files of other worlds stay as they were).
    if (s.inside_speed != 1.0) j["inside_speed"] = s.inside_speed;
    if (s.inside_vspeed != 1.0) j["inside_vspeed"] = s.inside_vspeed;
    if (s.floor_speed != 1.0) j["floor_speed"] = s.floor_speed;
    if (s.jump_factor != 1.0) j["jump_factor"] = s.jump_factor;
    return j;
}

BlockShape shape_from_json(const nlohmann::json& j) {
    auto small = [&](const char* key) {
        const int v = j.at(key).get<int>();
        if (v < 0 || v > 255) throw std::invalid_argument(std::string("block shape '") + key + "' out of range");
        return static_cast<std::uint8_t>(v);
    };
    BlockShape s;
    s.bottom = small("bottom");
    s.top = small("top");
    s.stair_faces = small("stair_faces");
    s.climbable = j.at("climbable").get<bool>();
    const auto c = parse_open_class(j.at("open_class").get<std::string>());
    const auto d = parse_damage(j.at("damage").get<std::string>());
    if (!c || !d) throw std::invalid_argument("unknown open_class or damage in a block shape");
    s.open_class = *c;
    s.open = j.at("open").get<bool>();
    s.damage = *d;
    auto factor = [&](const char* key, double& f) {
        if (j.contains(key)) f = j.at(key).get<double>();
    };
    factor("inside_speed", s.inside_speed);
    factor("inside_vspeed", s.inside_vspeed);
    factor("floor_speed", s.floor_speed);
    factor("jump_factor", s.jump_factor);
    return s;
}

}  // namespace

void save_vdb(const World& world, const std::string& path) {
    nlohmann::json meta;
    meta["version"] = 1;
    auto& blocks = meta["blocks"] = nlohmann::json::array();
    for (const BlockType& t : world.blocks().types()) {
        nlohmann::json b{{"name", t.name}, {"kind", to_string(t.kind)}, {"hazard", t.hazard}};
        if (t.shape != BlockShape{}) b["shape"] = shape_json(t.shape);
        blocks.push_back(std::move(b));
    }
    if (world.bounds()) meta["bounds"] = box_json(*world.bounds());
    auto& points = meta["points"] = nlohmann::json::object();
    for (const auto& [name, v] : world.points()) points[name] = {v.x, v.y, v.z};
    const WorldTransform& tf = world.transform();
    meta["voxel_size"] = tf.voxel_size;
    meta["origin"] = {tf.origin.x, tf.origin.y, tf.origin.z};

    // A shallow copy shares the tree; the metadata is the copy's own.
    detail::BlockGrid::ConstPtr grid = detail::grid_of(world).copy();
    auto out = openvdb::ConstPtrCast<detail::BlockGrid>(grid);
    out->setName(kGridName);
    out->insertMeta(kMetaKey, openvdb::StringMetadata(meta.dump()));
    try {
        openvdb::io::File file(path);
        file.write(openvdb::GridCPtrVec{out});
        file.close();
    } catch (const std::exception& e) {
        throw LoadError(path, 0, std::string("cannot write: ") + e.what());
    }
}

World load_vdb(const std::string& path) {
    World world;
    openvdb::GridBase::Ptr base;
    try {
        openvdb::io::File file(path);
        file.open();
        if (!file.hasGrid(kGridName)) throw LoadError(path, 0, "no grid named 'blocks' (not a voxnav world)");
        base = file.readGrid(kGridName);
        file.close();
    } catch (const LoadError&) {
        throw;
    } catch (const std::exception& e) {
        throw LoadError(path, 0, std::string("not a readable OpenVDB file: ") + e.what());
    }
    auto grid = openvdb::gridPtrCast<detail::BlockGrid>(base);
    if (!grid) throw LoadError(path, 0, "grid 'blocks' has value type " + base->valueType() + ", expected uint16");
    std::string text;
    try {
        text = grid->metaValue<std::string>(kMetaKey);
    } catch (const std::exception&) {
        throw LoadError(path, 0, "missing 'voxnav_world' metadata");
    }
    try {
        const nlohmann::json meta = nlohmann::json::parse(text);
        if (meta.at("version").get<int>() != 1) throw LoadError(path, 0, "unsupported voxnav_world version");
        BlockRegistry& reg = world.blocks();
        const auto& blocks = meta.at("blocks");
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            const auto& b = blocks[i];
            auto kind = parse_block_kind(b.at("kind").get<std::string>());
            if (!kind) throw LoadError(path, 0, "block " + std::to_string(i) + " has an unknown kind");
            const BlockShape shape = b.contains("shape") ? shape_from_json(b["shape"]) : BlockShape{};
            if (reg.define(b.at("name").get<std::string>(), *kind, b.at("hazard").get<bool>(), shape) != i)
                throw LoadError(path, 0, "block table out of order at block " + std::to_string(i));
        }
        if (meta.contains("bounds"))
            world.set_bounds(VoxelBox{voxel_json(meta["bounds"].at("lo")), voxel_json(meta["bounds"].at("hi"))});
        for (const auto& [name, v] : meta.at("points").items()) world.add_point(name, voxel_json(v));
        world.transform().voxel_size = meta.at("voxel_size").get<double>();
        const auto& o = meta.at("origin");
        world.transform().origin = {o.at(0).get<double>(), o.at(1).get<double>(), o.at(2).get<double>()};
        if (!(world.transform().voxel_size > 0)) throw LoadError(path, 0, "voxel_size must be > 0");
    } catch (const LoadError&) {
        throw;
    } catch (const std::exception& e) {
        throw LoadError(path, 0, std::string("bad voxnav_world metadata: ") + e.what());
    }
    const std::size_t n = world.blocks().size();
    for (auto it = grid->cbeginValueAll(); it; ++it)
        if (*it >= n)
            throw LoadError(path, 0, "voxel (" + std::to_string(it.getCoord().x()) + ", " + std::to_string(it.getCoord().y()) +
                                         ", " + std::to_string(it.getCoord().z()) + ") holds unknown block id " + std::to_string(*it));
    grid->removeMeta(kMetaKey);
    detail::mutable_grid_of(world).setTree(grid->treePtr());
    world.note_change({});
    return world;
}

}  // namespace voxnav
