#include "voxnav/pictures/viewer.hpp"

#include "voxnav/pictures/palette.hpp"

#include "route_ends.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <stdexcept>

// Text embedded at build time (tools/build/embed_text.cpp): three.js and its
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

enum : std::uint8_t { kAir, kSolid, kLiquid };

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
        if (at == std::string::npos) throw std::logic_error("viewer template lacks " + marker);
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

}  // namespace

FaceMesh visible_faces(const World& world, const VoxelBox& region) {
    const VoxelBox b = region_of(world, region);
    const Voxel s = b.size();
    // One read per voxel into a dense copy; the six sweeps below read it.
    std::vector<BlockId> vox(std::size_t(s.x) * s.y * s.z);
    auto acc = world.grid().getConstAccessor();
    for (int y = 0; y < s.y; ++y)
        for (int z = 0; z < s.z; ++z)
            for (int x = 0; x < s.x; ++x)
                vox[(std::size_t(y) * s.z + z) * s.x + x] = acc.getValue(openvdb::Coord(b.lo.x + x, b.lo.y + y, b.lo.z + z));
    std::vector<std::uint8_t> kind(world.blocks().size());
    for (std::size_t id = 0; id < kind.size(); ++id) {
        const BlockType& t = world.blocks()[BlockId(id)];
        kind[id] = t.kind == BlockKind::Solid ? kSolid : t.kind == BlockKind::Liquid ? kLiquid : kAir;
    }
    auto at = [&](const int p[3]) { return vox[(std::size_t(p[1]) * s.z + p[2]) * s.x + p[0]]; };

    FaceMesh mesh;
    std::vector<std::uint32_t> mask;  // block id + 1 of a visible face, 0 for none
    for (int a = 0; a < 3; ++a)
        for (int sign : {1, -1}) {
            const int u = (a + 1) % 3, v = (a + 2) % 3;
            const int su = s[u], sv = s[v];
            mask.assign(std::size_t(su) * sv, 0);
            for (int c = 0; c < s[a]; ++c) {
                for (int j = 0; j < sv; ++j)
                    for (int i = 0; i < su; ++i) {
                        int p[3];
                        p[a] = c, p[u] = i, p[v] = j;
                        const BlockId id = at(p);
                        std::uint32_t m = 0;
                        if (kind[id] != kAir) {
                            int q[3] = {p[0], p[1], p[2]};
                            q[a] += sign;
                            std::uint8_t next = kAir;
                            if (q[a] >= 0 && q[a] < s[a]) next = kind[at(q)];
                            else if (a == 1 && sign < 0) next = kSolid;  // the region's floor: not drawn
                            const bool visible = kind[id] == kSolid ? next != kSolid : next == kAir;
                            if (visible) m = std::uint32_t(id) + 1;
                        }
                        mask[std::size_t(j) * su + i] = m;
                        mesh.faces += m != 0;
                    }
                // Greedy merge: grow each face along u, then whole rows along v.
                for (int j = 0; j < sv; ++j)
                    for (int i = 0; i < su;) {
                        const std::uint32_t m = mask[std::size_t(j) * su + i];
                        if (!m) {
                            ++i;
                            continue;
                        }
                        int w = 1;
                        while (i + w < su && mask[std::size_t(j) * su + i + w] == m) ++w;
                        int h = 1;
                        for (; j + h < sv; ++h) {
                            bool row = true;
                            for (int k = 0; k < w && row; ++k) row = mask[std::size_t(j + h) * su + i + k] == m;
                            if (!row) break;
                        }
                        for (int jj = 0; jj < h; ++jj)
                            std::fill_n(mask.begin() + std::ptrdiff_t(std::size_t(j + jj) * su + i), w, 0u);
                        Voxel corner;
                        corner[a] = b.lo[a] + c, corner[u] = b.lo[u] + i, corner[v] = b.lo[v] + j;
                        mesh.quads.push_back({std::uint8_t(a * 2 + (sign < 0)), corner, w, h, BlockId(m - 1)});
                        i += w;
                    }
            }
        }
    return mesh;
}

bool viewer_available() { return embedded::three_js_size > 0 && embedded::orbit_controls_js_size > 0; }

std::string viewer_html(const World& world, const ViewerScene& scene) {
    if (!viewer_available())
        throw std::runtime_error("viewer: this build has no three.js (install Debian's libjs-three and reconfigure)");
    const VoxelBox b = region_of(world, scene.region);
    const FaceMesh mesh = visible_faces(world, b);
    if (mesh.quads.size() > scene.max_quads)
        throw std::length_error("viewer: the region has " + std::to_string(mesh.quads.size()) + " merged faces, over the limit of " +
                                std::to_string(scene.max_quads) + "; crop it");

    // Palette entries only for the block types the faces use.
    std::map<BlockId, std::uint16_t> entry;
    nlohmann::json palette = nlohmann::json::array();
    std::vector<std::uint16_t> packed;
    packed.reserve(mesh.quads.size() * 7);
    for (const FaceMesh::Quad& q : mesh.quads) {
        auto it = entry.find(q.block);
        if (it == entry.end()) {
            const BlockType& t = world.blocks()[q.block];
            it = entry.emplace(q.block, std::uint16_t(palette.size())).first;
            palette.push_back({{"name", t.name}, {"colour", colour(block_colour(t))}, {"liquid", t.kind == BlockKind::Liquid}});
        }
        const Voxel r = q.corner - b.lo;
        packed.insert(packed.end(), {q.direction, std::uint16_t(r.x), std::uint16_t(r.y), std::uint16_t(r.z), std::uint16_t(q.width),
                                     std::uint16_t(q.height), it->second});
    }

    nlohmann::json j;
    j["title"] = scene.title;
    j["notes"] = scene.notes;
    j["region"] = {{"lo", {b.lo.x, b.lo.y, b.lo.z}}, {"size", {b.size().x, b.size().y, b.size().z}}};
    j["agent_width"] = std::max(1, scene.agent_width);
    j["palette"] = palette;
    j["quads"] = base64(packed.data(), packed.size() * sizeof(std::uint16_t));
    auto& route = j["route"] = nlohmann::json::array();
    if (scene.route)
        for (const Waypoint& w : scene.route->waypoints) {
            const Voxel r = w.position - b.lo;
            route.push_back({r.x, r.y, r.z, int(w.action)});
        }
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
    for (Action a : {Action::Start, Action::Walk, Action::Jump, Action::Fall, Action::Swim, Action::Fly}) {
        names.push_back(to_string(a));
        actions.push_back(colour(action_colour(a)));
    }
    j["colours"]["expanded"] = colour(colours::expanded);
    j["colours"]["open"] = colour(colours::open);
    j["colours"]["reachable"] = colour(reach_colour(1));
    j["colours"]["start"] = colour(colours::start);
    j["colours"]["goal"] = colour(colours::goal);

    // The markers, in the order the template holds them.
    return fill(std::string(embedded::viewer_page, embedded::viewer_page_size),
                {{"@TITLE@", html_escape(scene.title)},
                 {"/*@THREE@*/", script_safe(std::string(embedded::three_js, embedded::three_js_size))},
                 {"/*@ORBIT@*/", script_safe(std::string(embedded::orbit_controls_js, embedded::orbit_controls_js_size))},
                 {"/*@SCENE@*/", script_safe(j.dump())}});
}

}  // namespace voxnav::pictures
