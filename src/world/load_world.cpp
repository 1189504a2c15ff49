// Picks a reader by the file's first bytes, then by its extension.
#include "voxnav/world/formats.hpp"

#include <cstring>
#include <fstream>

namespace voxnav {
namespace {

bool ends_with(const std::string& s, const char* suffix) {
    const std::size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

}  // namespace

WorldFormat detect_world_format(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    char head[64] = {};
    if (f) f.read(head, sizeof head);
    const std::string h(head, static_cast<std::size_t>(f.gcount()));
    // OpenVDB files start with the magic number 0x56444220 ("VDB ") little-endian.
    if (h.size() >= 4 && std::memcmp(h.data(), " BDV", 4) == 0) return WorldFormat::Vdb;
    // Text formats may open with comments; look at the first meaningful token.
    std::size_t i = 0;
    while (i < h.size() && (h[i] == ' ' || h[i] == '\t' || h[i] == '\r' || h[i] == '\n')) ++i;
    const std::string first = h.substr(i);
    if (first.rfind("voxnav-world", 0) == 0) return WorldFormat::Text;
    if (first.rfind("type ", 0) == 0 || first.rfind("height ", 0) == 0 || first.rfind("width ", 0) == 0)
        return WorldFormat::MovingAi2D;
    if (first.rfind("voxel ", 0) == 0) return WorldFormat::MovingAi3D;
    if (ends_with(path, ".vxw")) return WorldFormat::Text;
    if (ends_with(path, ".vdb")) return WorldFormat::Vdb;
    if (ends_with(path, ".3dmap")) return WorldFormat::MovingAi3D;
    if (ends_with(path, ".map")) return WorldFormat::MovingAi2D;
    return WorldFormat::Unknown;
}

World load_world(const std::string& path) {
    {
        std::ifstream probe(path, std::ios::binary);
        if (!probe) throw LoadError(path, 0, "cannot open file");
    }
    switch (detect_world_format(path)) {
        case WorldFormat::Text: return load_text_world(path);
        case WorldFormat::Vdb: return load_vdb(path);
        case WorldFormat::MovingAi2D: return load_movingai_map(path);
        case WorldFormat::MovingAi3D: return load_movingai_3dmap(path);
        case WorldFormat::Unknown: break;
    }
    throw LoadError(path, 0, "unknown world format (expected .vxw, .vdb, .map or .3dmap)");
}

}  // namespace voxnav
