// SPDX-License-Identifier: MIT
// Sponge schematics, versions 2 and 3: a palette of block states and varint
// block data, in gzip-compressed NBT.
#include "minecraft_blocks.hpp"
#include "nbt_file.hpp"
#include "world/block_store.hpp"
#include "voxnav/io/imports.hpp"
#include "voxnav/io/nbt.hpp"

#include <fstream>

namespace voxnav {

void import_schematic(const std::string& path, World& world, ImportReport& report, const ImportOptions& opt) {
    try {
        const NbtValue root = detail::read_nbt_file(path);
        // Version 3 nests everything in a "Schematic" compound.
        const NbtValue* s = root.find("Schematic", NbtTag::Compound);
        const NbtValue& sch = s ? *s : root;
        auto dim = [&](const char* key) {
            const NbtValue* v = sch.find(key);
            if (!v || !v->is_integer()) throw NbtError(path + ": missing " + key);
            const int n = static_cast<int>(static_cast<std::uint16_t>(v->integer));  // unsigned shorts
            if (n < 1) throw NbtError(path + ": " + key + " must be >= 1");
            return n;
        };
        const int W = dim("Width"), H = dim("Height"), L = dim("Length");
        const NbtValue* blocks = sch.find("Blocks", NbtTag::Compound);  // v3
        const NbtValue* palette = (blocks ? *blocks : sch).find("Palette", NbtTag::Compound);
        const NbtValue* data = (blocks ? *blocks : sch).find(blocks ? "Data" : "BlockData", NbtTag::ByteArray);
        if (!palette || !data) throw NbtError(path + ": missing Palette or block data");
        BlockMapper mapper(world, opt.table ? *opt.table : MinecraftBlockTable::builtin());
        std::map<std::int64_t, BlockId> ids;
        std::map<std::int64_t, std::string> names;
        for (const auto& [state, index] : palette->compound) {
            if (!index.is_integer()) throw NbtError(path + ": palette entry '" + state + "' is not a number");
            detail::StateProperties props;
            const std::string name = detail::split_state_string(state, props);
            ids[index.integer] = mapper.map(name, props);
            names[index.integer] = name;
        }
        auto acc = detail::mutable_grid_of(world).getAccessor();
        std::map<std::int64_t, std::uint64_t> used;
        std::size_t pos = 0;
        const std::int64_t total = std::int64_t(W) * H * L;
        for (std::int64_t i = 0; i < total; ++i) {
            std::int64_t value = 0;
            for (int shift = 0;; shift += 7) {
                if (pos >= data->bytes.size())
                    throw NbtError(path + ": block data ends at block " + std::to_string(i) + " of " + std::to_string(total));
                if (shift > 28) throw NbtError(path + ": varint too long at byte " + std::to_string(pos));
                const std::uint8_t b = static_cast<std::uint8_t>(data->bytes[pos++]);
                value |= std::int64_t(b & 0x7F) << shift;
                if (!(b & 0x80)) break;
            }
            auto it = ids.find(value);
            if (it == ids.end()) throw NbtError(path + ": palette index " + std::to_string(value) + " out of range at block " + std::to_string(i));
            if (it->second == BlockRegistry::air) continue;
            const int x = static_cast<int>(i % W), z = static_cast<int>((i / W) % L), y = static_cast<int>(i / (std::int64_t(W) * L));
            const Voxel v = opt.offset + Voxel(x, y, z);
            if (opt.box && !opt.box->contains(v)) continue;
            acc.setValueOn(openvdb::Coord(v.x, v.y, v.z), it->second);
            ++used[value];
            ++report.voxels_written;
        }
        for (const auto& [index, n] : used) mapper.count_unknown(report, names[index], n);
    } catch (const NbtError& e) {
        throw LoadError(path, 0, e.what());
    }
    world.note_change({});
}

}  // namespace voxnav
