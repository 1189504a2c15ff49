// SPDX-License-Identifier: MIT
// Picks a reader by the file's first bytes, then by its extension.
#include "voxnav/io/formats.hpp"
#include "voxnav/io/imports.hpp"
#include "nbt_file.hpp"

#include <sys/stat.h>

#include <cstring>
#include <fstream>

namespace voxnav {
namespace {

bool ends_with(const std::string& s, const char* suffix) {
    const std::size_t n = std::strlen(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

// A structure file's root has `size` and `blocks` lists; a chunk's has
// positions and sections. Both share the .nbt extension.
bool is_structure_file(const std::string& path) {
    try {
        const NbtValue root = detail::read_nbt_file(path);
        return root.find("size", NbtTag::List) && root.find("blocks", NbtTag::List);
    } catch (const std::exception&) {
        return false;  // the chunk reader reports what is wrong
    }
}

}  // namespace

WorldFormat detect_world_format(const std::string& path) {
    struct stat st {};
    if (stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return WorldFormat::AnvilFolder;
    std::ifstream f(path, std::ios::binary);
    char head[64] = {};
    if (f) f.read(head, sizeof head);
    const std::string h(head, static_cast<std::size_t>(f.gcount()));
    // OpenVDB files start with the magic number 0x56444220 ("VDB ") little-endian.
    if (h.size() >= 4 && std::memcmp(h.data(), " BDV", 4) == 0) return WorldFormat::Vdb;
    if (h.size() >= 4 && std::memcmp(h.data(), "VOX ", 4) == 0) return WorldFormat::MagicaVoxel;
    if (ends_with(path, ".mca")) return WorldFormat::AnvilRegion;
    if (ends_with(path, ".schem")) return WorldFormat::Schematic;
    if (ends_with(path, ".nbt")) return is_structure_file(path) ? WorldFormat::Structure : WorldFormat::ChunkNbt;
    if (ends_with(path, ".chunk")) return WorldFormat::ChunkNbt;
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
    ImportReport report;
    return load_world(path, report);
}

World load_world(const std::string& path, ImportReport& report, const ImportOptions& options) {
    const WorldFormat format = detect_world_format(path);
    if (format != WorldFormat::AnvilFolder) {
        std::ifstream probe(path, std::ios::binary);
        if (!probe) throw LoadError(path, 0, "cannot open file");
    }
    World world;
    switch (format) {
        case WorldFormat::Text: return load_text_world(path);
        case WorldFormat::Vdb: return load_vdb(path);
        case WorldFormat::MovingAi2D: return load_movingai_map(path);
        case WorldFormat::MovingAi3D: return load_movingai_3dmap(path);
        case WorldFormat::AnvilRegion: import_anvil_region(path, world, report, options); return world;
        case WorldFormat::AnvilFolder: import_anvil_folder(path, world, report, options); return world;
        case WorldFormat::ChunkNbt: import_chunk_nbt(path, world, report, options); return world;
        case WorldFormat::Structure: import_structure(path, world, report, options); return world;
        case WorldFormat::Schematic: import_schematic(path, world, report, options); return world;
        case WorldFormat::MagicaVoxel: import_vox(path, world, report, options); return world;
        case WorldFormat::Unknown: break;
    }
    throw LoadError(path, 0, "unknown world format (expected .vxw, .vdb, .map, .3dmap, .mca, a region folder, .chunk, .nbt (chunk or structure), .schem or .vox)");
}

}  // namespace voxnav
