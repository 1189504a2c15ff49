// SPDX-License-Identifier: MIT
// Minecraft structure files (.nbt, as saved by a structure block and as
// builds and village pieces are shared): gzip-compressed NBT with
//   size     [W, H, L]                       (ints)
//   palette  [{Name, Properties{...}}, ...]  (or `palettes`: a list of them,
//                                             alternatives of which the first is read)
//   blocks   [{pos: [x, y, z], state: i}, ...]  (unlisted positions are structure voids)
#include "minecraft_blocks.hpp"
#include "nbt_file.hpp"
#include "world/block_store.hpp"
#include "voxnav/io/imports.hpp"
#include "voxnav/io/nbt.hpp"


namespace voxnav {

void import_structure(const std::string& path, World& world, ImportReport& report, const ImportOptions& opt) {
    try {
        const NbtValue root = detail::read_nbt_file(path);
        const NbtValue* size = root.find("size", NbtTag::List);
        if (!size || size->list.size() != 3) throw NbtError(path + ": missing 'size' (a list of three ints)");
        Voxel extent;
        for (int i = 0; i < 3; ++i) {
            const NbtValue& n = size->list[std::size_t(i)];
            if (!n.is_integer() || n.integer < 0 || n.integer > 4096)
                throw NbtError(path + ": size[" + std::to_string(i) + "] must be an int in 0..4096");
            extent[i] = static_cast<int>(n.integer);
        }
        const NbtValue* palette = root.find("palette", NbtTag::List);
        if (!palette)
            if (const NbtValue* palettes = root.find("palettes", NbtTag::List); palettes && !palettes->list.empty())
                palette = &palettes->list.front();
        if (!palette || palette->tag != NbtTag::List) throw NbtError(path + ": missing 'palette'");
        const NbtValue* blocks = root.find("blocks", NbtTag::List);
        if (!blocks) throw NbtError(path + ": missing 'blocks'");

        BlockMapper mapper(world, opt.table ? *opt.table : MinecraftBlockTable::builtin());
        std::vector<BlockId> ids;
        std::vector<std::string> names;
        for (std::size_t i = 0; i < palette->list.size(); ++i) {
            const NbtValue* name = palette->list[i].find("Name", NbtTag::String);
            if (!name) throw NbtError(path + ": palette entry " + std::to_string(i) + " has no Name");
            ids.push_back(mapper.map(name->string, state_properties(palette->list[i])));
            names.push_back(name->string);
        }
        std::vector<std::uint64_t> used(ids.size(), 0);
        auto acc = detail::mutable_grid_of(world).getAccessor();
        for (std::size_t b = 0; b < blocks->list.size(); ++b) {
            const NbtValue& e = blocks->list[b];
            const std::string where = path + ": block " + std::to_string(b);
            const NbtValue* pos = e.find("pos", NbtTag::List);
            const NbtValue* state = e.find("state");
            if (!pos || pos->list.size() != 3 || !state || !state->is_integer()) throw NbtError(where + " needs pos [x, y, z] and state");
            Voxel p;
            for (int i = 0; i < 3; ++i) {
                const NbtValue& c = pos->list[std::size_t(i)];
                if (!c.is_integer() || c.integer < 0 || c.integer >= extent[i])
                    throw NbtError(where + ": pos lies outside size " + std::to_string(extent.x) + " x " + std::to_string(extent.y) +
                                   " x " + std::to_string(extent.z));
                p[i] = static_cast<int>(c.integer);
            }
            if (state->integer < 0 || std::size_t(state->integer) >= ids.size())
                throw NbtError(where + ": state " + std::to_string(state->integer) + " is not in the palette (" +
                               std::to_string(ids.size()) + " entries)");
            const BlockId id = ids[std::size_t(state->integer)];
            if (id == BlockRegistry::air) continue;
            const Voxel v = opt.offset + p;
            if (opt.box && !opt.box->contains(v)) continue;
            acc.setValueOn(openvdb::Coord(v.x, v.y, v.z), id);
            ++used[std::size_t(state->integer)];
            ++report.voxels_written;
        }
        for (std::size_t i = 0; i < used.size(); ++i)
            if (used[i]) mapper.count_unknown(report, names[i], used[i]);
    } catch (const NbtError& e) {
        throw LoadError(path, 0, e.what());
    }
    world.note_change({});
}

}  // namespace voxnav
