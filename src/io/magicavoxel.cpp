// SPDX-License-Identifier: MIT
// MagicaVoxel .vox (versions 150 and 200): SIZE/XYZI models placed by the
// scene graph's translations. MagicaVoxel's z is up; voxnav's y is up, so a
// .vox voxel (x, y, z) lands at voxnav (x, z, y).
#include "voxnav/io/imports.hpp"
#include "world/block_store.hpp"

#include <array>
#include <cstring>
#include <map>
#include <fstream>
#include <functional>
#include <sstream>

namespace voxnav {
namespace {

struct VoxReader {
    const std::vector<std::uint8_t>& d;
    std::size_t pos;
    std::size_t end;
    const std::string& path;

    [[noreturn]] void fail(const std::string& m) const {
        throw LoadError(path, 0, "byte " + std::to_string(pos) + ": " + m);
    }
    void need(std::size_t n) const {
        if (n > end - pos) fail("truncated (needs " + std::to_string(n) + " bytes, " + std::to_string(end - pos) + " left)");
    }
    std::int32_t i32() {
        need(4);
        std::int32_t v;
        std::memcpy(&v, d.data() + pos, 4);  // little-endian on the platforms voxnav targets
        pos += 4;
        return v;
    }
    std::string str() {
        const std::int32_t n = i32();
        if (n < 0) fail("negative string length");
        need(std::size_t(n));
        std::string s(reinterpret_cast<const char*>(d.data() + pos), std::size_t(n));
        pos += std::size_t(n);
        return s;
    }
    std::map<std::string, std::string> dict() {
        const std::int32_t n = i32();
        if (n < 0 || std::size_t(n) > (end - pos) / 8) fail("bad dictionary size " + std::to_string(n));
        std::map<std::string, std::string> out;
        for (std::int32_t i = 0; i < n; ++i) {
            std::string k = str();
            out[k] = str();
        }
        return out;
    }
};

struct Model {
    Voxel size{0, 0, 0};
    std::vector<std::array<std::uint8_t, 4>> voxels;
};
struct SceneNode {
    enum Kind { Transform, Group, Shape } kind;
    Voxel translation{0, 0, 0};
    bool rotated = false;
    std::vector<int> children;  // node ids, or model ids for a shape
};

}  // namespace

void import_vox(const std::string& path, World& world, ImportReport& report, const ImportOptions& opt) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LoadError(path, 0, "cannot open file");
    const std::vector<std::uint8_t> d(std::istreambuf_iterator<char>(f), {});
    import_vox_bytes(d, path, world, report, opt);
}

void import_vox_bytes(const std::vector<std::uint8_t>& d, const std::string& path, World& world, ImportReport& report,
                      const ImportOptions& opt) {
    VoxReader r{d, 0, d.size(), path};
    r.need(8);
    if (std::memcmp(d.data(), "VOX ", 4) != 0) r.fail("not a MagicaVoxel file (no 'VOX ' magic)");
    r.pos = 4;
    const std::int32_t version = r.i32();
    if (version != 150 && version != 200) report.notes.push_back("unfamiliar .vox version " + std::to_string(version));

    std::vector<Model> models;
    std::map<int, SceneNode> nodes;
    // Chunks: id, content bytes, children bytes. MAIN's children hold the rest.
    while (r.pos < r.end) {
        r.need(12);
        char id[5] = {};
        std::memcpy(id, d.data() + r.pos, 4);
        r.pos += 4;
        const std::int32_t content = r.i32(), children = r.i32();
        if (content < 0 || children < 0) r.fail(std::string("negative size in chunk ") + id);
        if (std::strcmp(id, "MAIN") == 0) {
            r.need(std::size_t(content));
            r.pos += std::size_t(content);
            continue;  // step into its children
        }
        r.need(std::size_t(content));
        VoxReader c{d, r.pos, r.pos + std::size_t(content), path};
        if (std::strcmp(id, "SIZE") == 0) {
            Model m;
            m.size = {c.i32(), c.i32(), c.i32()};
            if (m.size.x < 0 || m.size.y < 0 || m.size.z < 0 || m.size.x > 4096 || m.size.y > 4096 || m.size.z > 4096)
                c.fail("model size out of range");
            models.push_back(std::move(m));
        } else if (std::strcmp(id, "XYZI") == 0) {
            if (models.empty() || !models.back().voxels.empty()) c.fail("XYZI without a SIZE before it");
            const std::int32_t n = c.i32();
            if (n < 0 || std::size_t(n) > (c.end - c.pos) / 4) c.fail("voxel count " + std::to_string(n) + " exceeds the chunk");
            models.back().voxels.resize(std::size_t(n));
            for (auto& v : models.back().voxels) {
                std::memcpy(v.data(), d.data() + c.pos, 4);
                c.pos += 4;
            }
        } else if (std::strcmp(id, "nTRN") == 0) {
            SceneNode n{SceneNode::Transform, {0, 0, 0}, false, {}};
            const int node_id = c.i32();
            (void)c.dict();
            n.children.push_back(c.i32());
            (void)c.i32();  // reserved
            (void)c.i32();  // layer
            const std::int32_t frames = c.i32();
            if (frames < 0 || frames > 65536) c.fail("bad frame count");
            for (std::int32_t k = 0; k < frames; ++k) {
                auto attrs = c.dict();
                if (k > 0) continue;  // frame 0 is the model's placement
                if (auto t = attrs.find("_t"); t != attrs.end()) {
                    std::istringstream ss(t->second);
                    if (!(ss >> n.translation.x >> n.translation.y >> n.translation.z)) c.fail("bad translation '" + t->second + "'");
                }
                if (auto rot = attrs.find("_r"); rot != attrs.end() && rot->second != "4") n.rotated = true;
            }
            nodes[node_id] = n;
        } else if (std::strcmp(id, "nGRP") == 0) {
            SceneNode n{SceneNode::Group, {0, 0, 0}, false, {}};
            const int node_id = c.i32();
            (void)c.dict();
            const std::int32_t k = c.i32();
            if (k < 0 || std::size_t(k) > (c.end - c.pos) / 4) c.fail("bad child count");
            for (std::int32_t i = 0; i < k; ++i) n.children.push_back(c.i32());
            nodes[node_id] = n;
        } else if (std::strcmp(id, "nSHP") == 0) {
            SceneNode n{SceneNode::Shape, {0, 0, 0}, false, {}};
            const int node_id = c.i32();
            (void)c.dict();
            const std::int32_t k = c.i32();
            if (k < 0 || std::size_t(k) > (c.end - c.pos) / 8) c.fail("bad model count");
            for (std::int32_t i = 0; i < k; ++i) {
                n.children.push_back(c.i32());
                (void)c.dict();
            }
            nodes[node_id] = n;
        }
        r.pos += std::size_t(content);
        // Children of non-MAIN chunks are not used by any known chunk type.
        r.need(std::size_t(children));
        r.pos += std::size_t(children);
    }
    if (models.empty()) throw LoadError(path, 0, "no models (SIZE/XYZI chunks)");

    std::map<int, BlockId> block_of;
    auto block_for = [&](int colour) {
        auto it = block_of.find(colour);
        if (it != block_of.end()) return it->second;
        BlockId id;
        if (auto m = opt.vox_palette.find(colour); m != opt.vox_palette.end()) {
            auto found = world.blocks().find(m->second);
            if (!found) throw LoadError(path, 0, "palette index " + std::to_string(colour) + " maps to unknown block '" + m->second + "'");
            id = *found;
        } else {
            id = world.blocks().add("vox_" + std::to_string(colour), BlockKind::Solid);
        }
        return block_of[colour] = id;
    };
    auto acc = detail::mutable_grid_of(world).getAccessor();
    auto place = [&](const Model& m, const Voxel& at) {
        for (const auto& v : m.voxels) {
            if (v[0] >= m.size.x || v[1] >= m.size.y || v[2] >= m.size.z)
                throw LoadError(path, 0, "voxel (" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ") outside its model");
            const Voxel p = opt.offset + Voxel(at.x + v[0], at.z + v[2], at.y + v[1]);
            if (opt.box && !opt.box->contains(p)) continue;
            acc.setValueOn(openvdb::Coord(p.x, p.y, p.z), block_for(v[3]));
            ++report.voxels_written;
        }
    };
    if (nodes.empty()) {
        for (const Model& m : models) place(m, {0, 0, 0});  // version 150: models at the origin
    } else {
        bool rotation_noted = false;
        std::function<void(int, Voxel, int)> visit = [&](int id, Voxel t, int depth) {
            auto it = nodes.find(id);
            if (it == nodes.end() || depth > 256) return;
            const SceneNode& n = it->second;
            if (n.kind == SceneNode::Transform) {
                if (n.rotated && !rotation_noted) {
                    report.notes.push_back("rotations in the scene graph are ignored");
                    rotation_noted = true;
                }
                for (int c : n.children) visit(c, t + n.translation, depth + 1);
            } else if (n.kind == SceneNode::Group) {
                for (int c : n.children) visit(c, t, depth + 1);
            } else {
                for (int mid : n.children) {
                    if (mid < 0 || std::size_t(mid) >= models.size()) throw LoadError(path, 0, "shape refers to missing model " + std::to_string(mid));
                    const Model& m = models[std::size_t(mid)];
                    // A translation names the model's centre.
                    place(m, t - Voxel(m.size.x / 2, m.size.y / 2, m.size.z / 2));
                }
            }
        };
        visit(0, {0, 0, 0}, 0);
    }
    world.note_change({});
}

}  // namespace voxnav
