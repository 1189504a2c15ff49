// SPDX-License-Identifier: MIT
#include "voxnav/pictures/viewer.hpp"
#include "world/block_store.hpp"

#include "voxnav/pictures/palette.hpp"

#include "route_ends.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>

// Text embedded at build time (tools/embed/embed_text.cpp): three.js and its
// orbit controls from Debian's libjs-three (empty when it was not found),
// and the page template src/pictures/viewer_page.html.
namespace voxnav::pictures::embedded {
extern const char three_js[];
extern const unsigned long three_js_size;
extern const char orbit_controls_js[];
extern const unsigned long orbit_controls_js_size;
extern const char viewer_page[];
extern const unsigned long viewer_page_size;
}  // namespace voxnav::pictures::embedded

namespace voxnav::pictures {
namespace {

enum : std::uint8_t { kAir, kSolid, kLiquid, kShaped };

std::string base64(const void* data, std::size_t bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const auto* p = static_cast<const std::uint8_t*>(data);
    std::string out;
    out.reserve((bytes + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes; i += 3) {
        const std::uint32_t n = std::uint32_t(p[i]) << 16 | (i + 1 < bytes ? std::uint32_t(p[i + 1]) << 8 : 0u) |
                                (i + 2 < bytes ? std::uint32_t(p[i + 2]) : 0u);
        out += digits[(n >> 18) & 63];
        out += digits[(n >> 12) & 63];
        out += i + 1 < bytes ? digits[(n >> 6) & 63] : '=';
        out += i + 2 < bytes ? digits[n & 63] : '=';
    }
    return out;
}

VoxelBox region_of(const World& world, const std::optional<VoxelBox>& region) {
    const VoxelBox b = region ? *region : world.bounds() ? *world.bounds() : world.populated_box();
    if (b.empty()) throw std::invalid_argument("viewer: the region to show is empty (an empty world, or an empty crop)");
    const Voxel s = b.size();
    if (s.x > 65535 || s.y > 65535 || s.z > 65535) throw std::invalid_argument("viewer: the region is over 65535 voxels on a side; crop it");
    return b;
}

// Positions inside the region as int16 triples relative to its low corner.
std::string node_list(const VoxelBox& b, const std::vector<Voxel>& at) {
    std::vector<std::int16_t> xyz;
    for (const Voxel& v : at) {
        if (!b.contains(v)) continue;
        const Voxel r = v - b.lo;
        if (r.x > 32767 || r.y > 32767 || r.z > 32767) continue;
        xyz.insert(xyz.end(), {std::int16_t(r.x), std::int16_t(r.y), std::int16_t(r.z)});
    }
    return base64(xyz.data(), xyz.size() * sizeof(std::int16_t));
}

std::vector<Voxel> positions(const std::vector<TraceNode>& nodes) {
    std::vector<Voxel> out;
    out.reserve(nodes.size());
    for (const TraceNode& n : nodes) out.push_back(n.position);
    return out;
}

nlohmann::json colour(Rgb c) { return {c.r, c.g, c.b}; }

// The template with each marker replaced, scanning the template only (text
// put in is never searched for markers).
std::string fill(const std::string& page, const std::vector<std::pair<std::string, std::string>>& parts) {
    std::string out;
    std::size_t from = 0;
    for (const auto& [marker, text] : parts) {
        const std::size_t at = page.find(marker, from);
        if (at == std::string::npos) throw std::runtime_error("viewer: the built-in page template lacks " + marker);
        out.append(page, from, at - from);
        out += text;
        from = at + marker.size();
    }
    out.append(page, from, std::string::npos);
    return out;
}

// Text placed inside <script>: "</" would end the element early.
std::string script_safe(std::string s) {
    for (std::size_t at = 0; (at = s.find("</", at)) != std::string::npos; at += 3) s.replace(at, 2, "<\\/");
    return s;
}

std::string html_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '&': out += "&amp;"; break;
            default: out += c;
        }
    }
    return out;
}

// The region's blocks as a dense array (x fastest, then z, then y), filled
// from the tree's non-air values only: air is the tree's background.
std::vector<BlockId> dense_blocks(const World& world, const VoxelBox& b) {
    const Voxel s = b.size();
    std::vector<BlockId> vox(std::size_t(s.x) * s.y * s.z, BlockRegistry::air);
    const openvdb::CoordBBox clip(openvdb::Coord(b.lo.x, b.lo.y, b.lo.z), openvdb::Coord(b.hi.x - 1, b.hi.y - 1, b.hi.z - 1));
    for (auto it = detail::grid_of(world).tree().cbeginValueOn(); it; ++it) {
        openvdb::CoordBBox box = it.getBoundingBox();  // one voxel, or a tile
        box.intersect(clip);
        if (box.empty()) continue;
        const BlockId id = *it;
        for (int y = box.min().y(); y <= box.max().y(); ++y)
            for (int z = box.min().z(); z <= box.max().z(); ++z) {
                const std::size_t row = (std::size_t(y - b.lo.y) * s.z + std::size_t(z - b.lo.z)) * s.x;
                std::fill(vox.begin() + std::ptrdiff_t(row + std::size_t(box.min().x() - b.lo.x)),
                          vox.begin() + std::ptrdiff_t(row + std::size_t(box.max().x() - b.lo.x) + 1), id);
            }
    }
    return vox;
}

}  // namespace

FaceMesh visible_faces(const World& world, const VoxelBox& region) {
    const VoxelBox b = region_of(world, region);
    const Voxel s = b.size();
    const std::vector<BlockId> vox = dense_blocks(world, b);
    std::vector<std::uint8_t> kind(world.blocks().size());
    for (std::size_t id = 0; id < kind.size(); ++id) {
        const BlockType& t = world.blocks()[BlockId(id)];
        kind[id] = t.is_shaped() ? kShaped : t.kind == BlockKind::Solid ? kSolid : t.kind == BlockKind::Liquid ? kLiquid : kAir;
    }

    // Pass 1, in memory order: every visible voxel face, as a key (slice,
    // row, column in its plane) per direction. Cost: one look at each voxel
    // and its six neighbours.
    struct Face {
        std::uint64_t key;  // slice << 32 | v << 16 | u: sorting gives the greedy scan order
        BlockId block;
        bool operator<(const Face& o) const { return key < o.key; }
    };
    std::vector<Face> faces[6];
    const std::ptrdiff_t stride[3] = {1, std::ptrdiff_t(s.x) * s.z, s.x};  // x, y, z
    FaceMesh mesh;
    for (int y = 0; y < s.y; ++y)
        for (int z = 0; z < s.z; ++z) {
            const std::size_t row = (std::size_t(y) * s.z + z) * s.x;
            for (int x = 0; x < s.x; ++x) {
                const BlockId id = vox[row + x];
                const std::uint8_t k = kind[id];
                if (k == kAir) continue;
                if (k == kShaped) {
                    const bool spans_x = x > 0 && x + 1 < s.x && kind[vox[row + x - 1]] == kSolid && kind[vox[row + x + 1]] == kSolid;
                    mesh.shaped.push_back({b.lo + Voxel(x, y, z), id, spans_x});
                    continue;
                }
                const int p[3] = {x, y, z};
                for (int d = 0; d < 6; ++d) {
                    const int a = d / 2, sign = d % 2 ? -1 : 1;
                    const int q = p[a] + sign;
                    std::uint8_t next = kAir;
                    if (q >= 0 && q < s[a]) next = kind[vox[std::size_t(std::ptrdiff_t(row + x) + sign * stride[a])]];
                    else if (d == 3) continue;  // the region's floor: not drawn
                    if (k == kSolid ? next == kSolid : next != kAir) continue;
                    const int u = (a + 1) % 3, v = (a + 2) % 3;
                    faces[d].push_back({std::uint64_t(p[a]) << 32 | std::uint64_t(p[v]) << 16 | std::uint64_t(p[u]), id});
                }
            }
        }

    // Pass 2, per direction and plane: greedy rectangles of one block type,
    // grown along u, then whole rows along v. Only the faces are visited.
    std::vector<std::uint32_t> mask;  // block id + 1, 0 for none, per (u, v) of the plane being merged
    for (int d = 0; d < 6; ++d) {
        std::vector<Face>& list = faces[d];
        mesh.faces += list.size();
        std::sort(list.begin(), list.end());
        const int a = d / 2, u = (a + 1) % 3, v = (a + 2) % 3;
        const std::size_t su = std::size_t(s[u]);
        mask.assign(su * std::size_t(s[v]), 0);
        for (std::size_t first = 0; first < list.size();) {
            const std::uint64_t slice = list[first].key >> 32;
            std::size_t last = first;
            for (; last < list.size() && (list[last].key >> 32) == slice; ++last)
                mask[(list[last].key >> 16 & 0xFFFF) * su + (list[last].key & 0xFFFF)] = std::uint32_t(list[last].block) + 1;
            for (std::size_t f = first; f < last; ++f) {
                const std::size_t j = list[f].key >> 16 & 0xFFFF, i = list[f].key & 0xFFFF;
                const std::uint32_t m = mask[j * su + i];
                if (!m) continue;  // inside a quad already made
                std::size_t w = 1, h = 1;
                while (i + w < su && mask[j * su + i + w] == m) ++w;
                for (; j + h < std::size_t(s[v]); ++h) {
                    bool row = true;
                    for (std::size_t k = 0; k < w && row; ++k) row = mask[(j + h) * su + i + k] == m;
                    if (!row) break;
                }
                for (std::size_t jj = 0; jj < h; ++jj) std::fill_n(mask.begin() + std::ptrdiff_t((j + jj) * su + i), w, 0u);
                Voxel corner;
                corner[a] = b.lo[a] + int(slice), corner[u] = b.lo[u] + int(i), corner[v] = b.lo[v] + int(j);
                mesh.quads.push_back({std::uint8_t(d), corner, int(w), int(h), BlockId(m - 1)});
            }
            first = last;
        }
    }
    return mesh;
}

bool viewer_available() { return embedded::three_js_size > 0 && embedded::orbit_controls_js_size > 0; }

std::string viewer_html(const World& world, const ViewerScene& scene, ViewerStats* stats) {
    if (!viewer_available())
        throw std::runtime_error("viewer: this build has no three.js (install Debian's libjs-three and reconfigure)");
    const VoxelBox b = region_of(world, scene.region);
    const FaceMesh mesh = visible_faces(world, b);
    if (stats) *stats = {mesh.faces, mesh.quads.size()};
    if (mesh.quads.size() > scene.max_quads)
        throw std::length_error("viewer: the region has " + std::to_string(mesh.quads.size()) + " merged faces, over the limit of " +
                                std::to_string(scene.max_quads) + "; crop it");

    // Palette entries only for the block types the faces use.
    std::map<BlockId, std::uint16_t> entry;
    nlohmann::json palette = nlohmann::json::array();
    std::vector<std::uint16_t> packed;
    packed.reserve(mesh.quads.size() * 7);
    auto palette_entry = [&](BlockId id) {
        auto it = entry.find(id);
        if (it == entry.end()) {
            const BlockType& t = world.blocks()[id];
            it = entry.emplace(id, std::uint16_t(palette.size())).first;
            palette.push_back({{"name", t.name}, {"colour", colour(block_colour(t))}, {"liquid", t.kind == BlockKind::Liquid}});
        }
        return it->second;
    };
    for (const FaceMesh::Quad& q : mesh.quads) {
        const Voxel r = q.corner - b.lo;
        packed.insert(packed.end(), {q.direction, std::uint16_t(r.x), std::uint16_t(r.y), std::uint16_t(r.z), std::uint16_t(q.width),
                                     std::uint16_t(q.height), palette_entry(q.block)});
    }
    // Shaped voxels: x, y, z, palette entry, collision bottom and top in
    // sixteenths, flags (bits 0-3 stair faces, 4 climbable, 5 door/gate/
    // trapdoor, 6 open, 7 lies along x).
    std::vector<std::uint16_t> shaped;
    shaped.reserve(mesh.shaped.size() * 7);
    for (const FaceMesh::Shaped& v : mesh.shaped) {
        const BlockShape& sh = world.blocks()[v.block].shape;
        const Voxel r = v.position - b.lo;
        const unsigned flags = sh.stair_faces | (sh.climbable ? 16u : 0u) | (sh.open_class != OpenClass::None ? 32u : 0u) |
                               (sh.open ? 64u : 0u) | (v.spans_x ? 128u : 0u);
        shaped.insert(shaped.end(), {std::uint16_t(r.x), std::uint16_t(r.y), std::uint16_t(r.z), palette_entry(v.block), sh.bottom,
                                     sh.top, std::uint16_t(flags)});
    }

    nlohmann::json j;
    j["title"] = scene.title;
    j["notes"] = scene.notes;
    j["region"] = {{"lo", {b.lo.x, b.lo.y, b.lo.z}}, {"size", {b.size().x, b.size().y, b.size().z}}};
    j["agent_width"] = std::max(1, scene.agent_width);
    j["palette"] = palette;
    j["quads"] = base64(packed.data(), packed.size() * sizeof(std::uint16_t));
    j["shaped"] = base64(shaped.data(), shaped.size() * sizeof(std::uint16_t));
    auto& route = j["route"] = nlohmann::json::array();
    if (scene.route)
        for (const Waypoint& w : scene.route->waypoints) {
            const Voxel r = w.position - b.lo;
            route.push_back({r.x, w.feet_y - b.lo.y, r.z, int(w.action)});  // at the feet's real height
        }
    j["opened"] = scene.route && !scene.route->open.empty() ? node_list(b, scene.route->open) : "";
    j["dug"] = scene.route && !scene.route->dig.empty() ? node_list(b, scene.route->dig) : "";
    j["placed"] = scene.route && !scene.route->place.empty() ? node_list(b, scene.route->place) : "";
    j["expanded"] = scene.trace ? node_list(b, positions(scene.trace->expanded)) : "";
    j["open"] = scene.trace ? node_list(b, positions(scene.trace->open)) : "";
    j["reachable"] = scene.reachable.empty() ? "" : node_list(b, scene.reachable);
    auto rel = [&](const std::optional<Voxel>& v) {
        if (!v) return nlohmann::json();
        const Voxel r = *v - b.lo;
        return nlohmann::json{r.x, r.y, r.z};
    };
    j["start"] = rel(start_mark(scene.start, scene.route));
    j["goal"] = rel(goal_mark(scene.goal, scene.route));
    auto& names = j["action_names"] = nlohmann::json::array();
    auto& actions = j["colours"]["actions"] = nlohmann::json::array();
    // By value (a waypoint's action indexes them).
    for (std::size_t v = 0; v < kActions.size(); ++v) {
        names.push_back(to_string(Action(v)));
        actions.push_back(colour(action_colour(Action(v))));
    }
    j["colours"]["expanded"] = colour(colours::expanded);
    j["colours"]["open"] = colour(colours::open);
    j["colours"]["reachable"] = colour(reach_colour(1));
    j["colours"]["start"] = colour(colours::start);
    j["colours"]["goal"] = colour(colours::goal);
    j["colours"]["opened"] = colour(opened_colour());
    j["colours"]["dug"] = colour(dug_colour());
    j["colours"]["placed"] = colour(placed_colour());

    // The markers, in the order the template holds them.
    return fill(std::string(embedded::viewer_page, embedded::viewer_page_size),
                {{"@TITLE@", html_escape(scene.title)},
                 {"/*@THREE@*/", script_safe(std::string(embedded::three_js, embedded::three_js_size))},
                 {"/*@ORBIT@*/", script_safe(std::string(embedded::orbit_controls_js, embedded::orbit_controls_js_size))},
                 {"/*@SCENE@*/", script_safe(j.dump())}});
}

}  // namespace voxnav::pictures
