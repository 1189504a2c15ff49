// SPDX-License-Identifier: MIT
// Minecraft Anvil regions: the 4 KiB sector table, compressed chunk NBT and
// the three section layouts (1.18+, 1.13-1.17, pre-1.13 numeric ids).
#include "minecraft_blocks.hpp"
#include "world/block_store.hpp"
#include "text_lines.hpp"
#include "voxnav/io/imports.hpp"
#include "voxnav/io/nbt.hpp"

#include <array>
#include <dirent.h>
#include <fstream>
#include <regex>

namespace voxnav {
namespace {

constexpr int kSection = 4096;

std::vector<std::uint8_t> read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LoadError(path, 0, "cannot open file");
    return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(f), {});
}

// Writes one 16^3 section (indices y*256 + z*16 + x into a palette).
class SectionWriter {
public:
    SectionWriter(World& w, ImportReport& r, const ImportOptions& o, BlockMapper& m)
        : acc_(detail::mutable_grid_of(w).getAccessor()), report_(r), opt_(o), mapper_(m) {}

    void write(const Voxel& origin, const std::array<std::uint16_t, kSection>& idx, const std::vector<BlockId>& palette,
               const std::vector<std::string>& names) {
        std::vector<std::uint64_t> used(palette.size(), 0);
        for (int i = 0; i < kSection; ++i) {
            const BlockId id = palette[idx[i]];
            if (id == BlockRegistry::air) continue;
            const Voxel v = origin + Voxel(i & 15, i >> 8, (i >> 4) & 15);
            if (opt_.box && !opt_.box->contains(v)) continue;
            acc_.setValueOn(openvdb::Coord(v.x, v.y, v.z), id);
            ++used[idx[i]];
            ++report_.voxels_written;
        }
        for (std::size_t p = 0; p < palette.size(); ++p)
            if (used[p]) mapper_.count_unknown(report_, names[p], used[p]);
    }

private:
    detail::BlockGrid::Accessor acc_;
    ImportReport& report_;
    const ImportOptions& opt_;
    BlockMapper& mapper_;
};

struct ChunkContext {
    std::string where;  // "r.0.0.mca chunk (3, 4)"
    [[noreturn]] void fail(const std::string& m) const { throw NbtError(where + ": " + m); }
};

// Palette entries of the 1.13+ layouts: {Name, Properties{...}}.
void read_palette(const ChunkContext& cx, const NbtValue& list, BlockMapper& mapper, std::vector<BlockId>& ids,
                  std::vector<std::string>& names) {
    ids.clear();
    names.clear();
    if (list.tag != NbtTag::List || list.list.empty()) cx.fail("empty or missing block palette");
    for (const NbtValue& e : list.list) {
        const NbtValue* name = e.find("Name", NbtTag::String);
        if (!name) cx.fail("palette entry without a Name");
        ids.push_back(mapper.map(name->string, state_properties(e)));
        names.push_back(name->string);
    }
}

// Unpacks 4096 palette indices. `spanning`: 1.13-1.15 packing, where a value
// may continue into the next long; later versions pad each long instead.
void unpack(const ChunkContext& cx, const std::vector<std::int64_t>& data, std::size_t palette_size, bool spanning,
            std::array<std::uint16_t, kSection>& idx) {
    if (palette_size == 1 && data.empty()) {
        idx.fill(0);
        return;
    }
    int bits = 4;
    while ((std::size_t(1) << bits) < palette_size) ++bits;
    const std::uint64_t mask = (std::uint64_t(1) << bits) - 1;
    const std::size_t per_long = 64 / bits;
    const std::size_t need = spanning ? (std::size_t(kSection) * bits + 63) / 64 : (kSection + per_long - 1) / per_long;
    if (data.size() < need)
        cx.fail("block data has " + std::to_string(data.size()) + " longs, expected " + std::to_string(need));
    for (int i = 0; i < kSection; ++i) {
        std::uint64_t v;
        if (spanning) {
            const std::size_t bit = std::size_t(i) * bits, word = bit / 64, shift = bit % 64;
            v = std::uint64_t(data[word]) >> shift;
            if (shift + bits > 64) v |= std::uint64_t(data[word + 1]) << (64 - shift);
        } else {
            v = std::uint64_t(data[i / per_long]) >> ((i % per_long) * bits);
        }
        v &= mask;
        if (v >= palette_size) cx.fail("palette index " + std::to_string(v) + " out of range (palette has " + std::to_string(palette_size) + ")");
        idx[i] = static_cast<std::uint16_t>(v);
    }
}

std::string mapper_name_for_legacy(const ImportOptions& opt, int id) {
    const MinecraftBlockTable& table = opt.table ? *opt.table : MinecraftBlockTable::builtin();
    const std::string name = table.legacy_name(id);
    return name.empty() ? "legacy_" + std::to_string(id) : name;
}

bool is_full_status(const std::string& s) {
    return s == "full" || s == "minecraft:full" || s == "fullchunk" || s == "postprocessed";
}

// Imports one chunk's root compound. Returns false when not fully generated.
bool import_chunk(const ChunkContext& cx, const NbtValue& root, World& world, ImportReport& report, const ImportOptions& opt,
                  BlockMapper& mapper, const Voxel* expected_xz) {
    if (root.tag != NbtTag::Compound) cx.fail("chunk root is not a compound");
    const NbtValue* level = root.find("Level", NbtTag::Compound);
    const NbtValue& holder = level ? *level : root;  // 1.18+ dropped the Level wrapper
    const NbtValue* xpos = holder.find("xPos");
    const NbtValue* zpos = holder.find("zPos");
    if (!xpos || !zpos || !xpos->is_integer() || !zpos->is_integer()) cx.fail("missing xPos/zPos");
    const Voxel chunk(static_cast<int>(xpos->integer), 0, static_cast<int>(zpos->integer));
    if (expected_xz && (chunk.x != expected_xz->x || chunk.z != expected_xz->z))
        cx.fail("chunk says it is at (" + std::to_string(chunk.x) + ", " + std::to_string(chunk.z) + ")");
    if (const NbtValue* status = holder.find("Status", NbtTag::String)) {
        if (!is_full_status(status->string)) return false;
    } else if (const NbtValue* populated = holder.find("TerrainPopulated"); populated && populated->is_integer()) {
        if (populated->integer == 0) return false;
    }
    const NbtValue* dv = root.find("DataVersion");
    const std::int64_t data_version = dv && dv->is_integer() ? dv->integer : 0;
    const NbtValue* sections = holder.find("sections", NbtTag::List);
    if (!sections) sections = holder.find("Sections", NbtTag::List);
    SectionWriter writer(world, report, opt, mapper);
    std::array<std::uint16_t, kSection> idx;
    std::vector<BlockId> palette;
    std::vector<std::string> names;
    if (sections)
        for (const NbtValue& s : sections->list) {
            const NbtValue* y = s.find("Y");
            if (!y || !y->is_integer()) cx.fail("section without Y");
            const Voxel origin(chunk.x * 16, static_cast<int>(y->integer) * 16, chunk.z * 16);
            if (opt.box && !opt.box->intersected(VoxelBox{origin, origin + Voxel(16)}).volume()) continue;
            if (const NbtValue* states = s.find("block_states", NbtTag::Compound)) {  // 1.18+
                const NbtValue* pal = states->find("palette", NbtTag::List);
                if (!pal) cx.fail("block_states without a palette");
                read_palette(cx, *pal, mapper, palette, names);
                const NbtValue* data = states->find("data", NbtTag::LongArray);
                unpack(cx, data ? data->longs : std::vector<std::int64_t>{}, palette.size(), false, idx);
            } else if (const NbtValue* pal = s.find("Palette", NbtTag::List)) {  // 1.13-1.17
                read_palette(cx, *pal, mapper, palette, names);
                const NbtValue* data = s.find("BlockStates", NbtTag::LongArray);
                unpack(cx, data ? data->longs : std::vector<std::int64_t>{}, palette.size(), data_version < 2529, idx);
            } else if (const NbtValue* blocks = s.find("Blocks", NbtTag::ByteArray)) {  // pre-1.13
                if (blocks->bytes.size() != kSection) cx.fail("Blocks array of " + std::to_string(blocks->bytes.size()) + " bytes");
                const NbtValue* add = s.find("Add", NbtTag::ByteArray);
                if (add && add->bytes.size() != kSection / 2) cx.fail("Add array of " + std::to_string(add->bytes.size()) + " bytes");
                palette.clear();
                names.clear();
                std::map<int, std::uint16_t> slot;
                for (int i = 0; i < kSection; ++i) {
                    int id = static_cast<std::uint8_t>(blocks->bytes[i]);
                    if (add) id |= ((static_cast<std::uint8_t>(add->bytes[i >> 1]) >> ((i & 1) * 4)) & 15) << 8;
                    auto [it, fresh] = slot.emplace(id, static_cast<std::uint16_t>(palette.size()));
                    if (fresh) {
                        std::string name = mapper_name_for_legacy(opt, id);
                        palette.push_back(mapper.map(name));
                        names.push_back(name);
                    }
                    idx[i] = it->second;
                }
            } else {
                continue;  // a section with lighting only
            }
            writer.write(origin, idx, palette, names);
        }
    return true;
}


// Imports a chunk's NBT; errors go to the report and the chunk is skipped.
void import_chunk_bytes(const ChunkContext& cx, const std::vector<std::uint8_t>& raw, World& world, ImportReport& report,
                        const ImportOptions& opt, BlockMapper& mapper, const Voxel* expected) {
    try {
        const NbtValue root = parse_nbt(raw, cx.where);
        if (import_chunk(cx, root, world, report, opt, mapper, expected))
            ++report.chunks_loaded;
        else
            ++report.chunks_skipped;
    } catch (const NbtError& e) {
        report.errors.push_back(e.what());
    }
}

}  // namespace

void import_anvil_region(const std::string& path, World& world, ImportReport& report, const ImportOptions& opt) {
    const std::vector<std::uint8_t> file = read_file(path);
    if (file.size() < 8192)
        throw LoadError(path, 0, "region header truncated: " + std::to_string(file.size()) + " bytes, expected at least 8192");
    // Region coordinates from the name r.X.Z.mca, when it has that form.
    std::smatch m;
    const std::string name = detail::base_name(path);
    // (Also "<anything>_r.X.Z.mca", as the sample files are named.)
    const bool named = std::regex_search(name, m, std::regex(R"((^|[^0-9.])r\.(-?\d+)\.(-?\d+)\.mca$)"));
    const int rx = named ? std::stoi(m[2]) : 0, rz = named ? std::stoi(m[3]) : 0;
    BlockMapper mapper(world, opt.table ? *opt.table : MinecraftBlockTable::builtin());
    for (int i = 0; i < 1024; ++i) {
        const std::uint32_t offset = (std::uint32_t(file[i * 4]) << 16) | (std::uint32_t(file[i * 4 + 1]) << 8) | file[i * 4 + 2];
        const std::uint32_t sectors = file[i * 4 + 3];
        if (offset == 0 && sectors == 0) continue;
        const Voxel expected(rx * 32 + (i & 31), 0, rz * 32 + (i >> 5));
        ChunkContext cx{name + " chunk (" + std::to_string(expected.x) + ", " + std::to_string(expected.z) + ")"};
        if (opt.box && opt.box->intersected(VoxelBox{{expected.x * 16, opt.box->lo.y, expected.z * 16},
                                                     {expected.x * 16 + 16, opt.box->hi.y, expected.z * 16 + 16}})
                           .empty())
            continue;
        const std::size_t start = std::size_t(offset) * 4096;
        if (offset < 2 || start + 5 > file.size() || start + std::size_t(sectors) * 4096 > file.size()) {
            report.errors.push_back(cx.where + ": sector offset " + std::to_string(offset) + " (+" + std::to_string(sectors) +
                                    ") lies past the end of the file");
            continue;
        }
        const std::uint32_t length = (std::uint32_t(file[start]) << 24) | (std::uint32_t(file[start + 1]) << 16) |
                                     (std::uint32_t(file[start + 2]) << 8) | file[start + 3];
        const std::uint8_t compression = file[start + 4];
        if (length < 1 || start + 4 + length > file.size()) {
            report.errors.push_back(cx.where + ": chunk length " + std::to_string(length) + " runs past the end of the file");
            continue;
        }
        if (compression & 0x80) {
            report.errors.push_back(cx.where + ": stored in an external .mcc file (not read)");
            continue;
        }
        const std::uint8_t* payload = file.data() + start + 5;
        const std::size_t payload_size = length - 1;
        try {
            std::vector<std::uint8_t> raw;
            if (compression == 1 || compression == 2)
                raw = inflate(payload, payload_size, cx.where);
            else if (compression == 3)
                raw.assign(payload, payload + payload_size);
            else
                throw NbtError(cx.where + ": unknown compression type " + std::to_string(compression));
            import_chunk_bytes(cx, raw, world, report, opt, mapper, named ? &expected : nullptr);
        } catch (const NbtError& e) {
            report.errors.push_back(e.what());
        }
    }
    world.note_change({});
}

void import_anvil_folder(const std::string& dir, World& world, ImportReport& report, const ImportOptions& opt) {
    DIR* d = opendir(dir.c_str());
    if (!d) throw LoadError(dir, 0, "cannot open folder");
    std::vector<std::string> files;
    while (dirent* e = readdir(d)) {
        const std::string n = e->d_name;
        if (std::regex_match(n, std::regex(R"(r\.-?\d+\.-?\d+\.mca)"))) files.push_back(dir + "/" + n);
    }
    closedir(d);
    if (files.empty()) throw LoadError(dir, 0, "no region files (r.X.Z.mca) in the folder");
    std::sort(files.begin(), files.end());
    for (const std::string& f : files) import_anvil_region(f, world, report, opt);
}

void import_chunk_nbt(const std::string& path, World& world, ImportReport& report, const ImportOptions& opt) {
    std::vector<std::uint8_t> raw = read_file(path);
    if (raw.size() >= 2 && ((raw[0] == 0x1f && raw[1] == 0x8b) || raw[0] == 0x78)) {
        try {
            raw = inflate(raw.data(), raw.size(), path);
        } catch (const NbtError& e) {
            throw LoadError(path, 0, e.what());
        }
    }
    BlockMapper mapper(world, opt.table ? *opt.table : MinecraftBlockTable::builtin());
    const std::size_t errors_before = report.errors.size();
    import_chunk_bytes(ChunkContext{detail::base_name(path)}, raw, world, report, opt, mapper, nullptr);
    if (report.errors.size() > errors_before) throw LoadError(path, 0, report.errors.back());
    world.note_change({});
}

}  // namespace voxnav
