// SPDX-License-Identifier: MIT
// voxnav info and voxnav convert: inspect any loadable world, save it natively.
#include "cli_common.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <fstream>
#include <cstdio>
#include <map>
#include <sstream>

namespace voxnav::cli {
namespace {

struct LoadArgs {
    std::string world;
    std::optional<std::string> blocks;  // Minecraft block table
    std::optional<std::string> box;     // x0,y0,z0,x1,y1,z1 (half-open)
    std::optional<std::string> offset;  // x,y,z for schematics and .vox
    std::optional<std::string> vox_palette;  // JSON {"<index>": "<block name>"}
};

void add_load_options(CLI::App* sub, LoadArgs& a) {
    sub->add_option("--blocks", a.blocks, "Minecraft block table (default: worlds/minecraft_blocks.txt)");
    sub->add_option("--box", a.box, "Load only voxels in [x0,y0,z0, x1,y1,z1)");
    sub->add_option("--offset", a.offset, "Place a schematic or .vox model at X,Y,Z");
    sub->add_option("--vox-palette", a.vox_palette, "JSON {\"<palette index>\": \"<block name>\"} for .vox colours");
}

std::vector<int> ints(const std::string& text, std::size_t n, const char* option) {
    std::vector<int> out;
    std::stringstream ss(text);
    std::string part;
    while (std::getline(ss, part, ',')) {
        try {
            std::size_t used = 0;
            out.push_back(std::stoi(part, &used));
            if (used != part.size()) throw std::invalid_argument("");
        } catch (const std::exception&) {
            throw UsageError(std::string(option) + ": bad number '" + part + "'");
        }
    }
    if (out.size() != n) throw UsageError(std::string(option) + ": expected " + std::to_string(n) + " comma-separated integers");
    return out;
}

struct Loaded {
    World world;
    ImportReport report;
    double seconds;
};

Loaded load(const LoadArgs& a) {
    ImportOptions opt;
    std::optional<MinecraftBlockTable> table;
    if (a.blocks) {
        try {
            table = MinecraftBlockTable::load(*a.blocks);
        } catch (const LoadError& e) {
            throw UsageError(e.what());
        }
        opt.table = &*table;
    }
    if (a.box) {
        auto v = ints(*a.box, 6, "--box");
        opt.box = VoxelBox{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
        if (opt.box->empty()) throw UsageError("--box is empty");
    }
    if (a.offset) {
        auto v = ints(*a.offset, 3, "--offset");
        opt.offset = {v[0], v[1], v[2]};
    }
    if (a.vox_palette) {
        std::ifstream f(*a.vox_palette);
        if (!f) throw UsageError(*a.vox_palette + ": cannot open file");
        std::stringstream text;
        text << f.rdbuf();
        try {
            opt.vox_palette = parse_vox_palette(text.str(), *a.vox_palette);
        } catch (const LoadError& e) {
            throw UsageError(e.what());
        }
    }
    const auto t0 = std::chrono::steady_clock::now();
    Loaded out{World{}, {}, 0.0};
    try {
        out.world = load_world(a.world, out.report, opt);
    } catch (const LoadError& e) {
        throw UsageError(e.what());
    }
    out.world.compact();
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

std::string box_text(const VoxelBox& b) {
    if (b.empty()) return "(empty)";
    char s[160];
    std::snprintf(s, sizeof s, "[%d, %d, %d] .. [%d, %d, %d) size %d x %d x %d", b.lo.x, b.lo.y, b.lo.z, b.hi.x, b.hi.y, b.hi.z,
                  b.size().x, b.size().y, b.size().z);
    return s;
}

int run_info(const LoadArgs& a) {
    const Loaded l = load(a);
    const World& w = l.world;
    std::printf("world          %s\n", a.world.c_str());
    std::printf("load time      %.3f s\n", l.seconds);
    std::printf("bounds         %s\n", w.bounds() ? box_text(*w.bounds()).c_str() : "none (unbounded)");
    std::printf("populated box  %s\n", box_text(w.populated_box()).c_str());
    // The World's own 16^3 chunks, whatever the format; a region's chunk
    // columns (what Anvil files count) only where there were any.
    std::printf("chunks         %zu loaded (16^3 voxels each)\n", w.loaded_chunks().size());
    if (l.report.chunks_loaded || l.report.chunks_skipped || !l.report.errors.empty())
        std::printf("region chunks  %llu read, %llu skipped (not fully generated), %zu damaged\n",
                    (unsigned long long)l.report.chunks_loaded, (unsigned long long)l.report.chunks_skipped, l.report.errors.size());
    std::printf("non-air voxels %llu\n", (unsigned long long)w.non_air_voxels());
    std::printf("memory         %.2f MiB (%.2f bytes per non-air voxel)\n", w.memory_bytes() / 1048576.0,
                store_bytes_per_voxel(w));
    std::printf("points         %zu\n", w.points().size());
    for (const auto& [name, v] : w.points()) std::printf("  %-12s %d, %d, %d\n", name.c_str(), v.x, v.y, v.z);
    const std::vector<std::uint64_t> counts = w.block_counts();
    std::vector<std::pair<std::uint64_t, BlockId>> sorted;
    for (std::size_t id = 0; id < counts.size(); ++id)
        if (counts[id] > 0) sorted.push_back({counts[id], BlockId(id)});
    std::sort(sorted.rbegin(), sorted.rend());
    std::printf("blocks         %zu kinds in use\n", sorted.size());
    for (const auto& [n, id] : sorted) {
        const BlockType& t = w.blocks()[id];
        std::printf("  %-28s %-6s%-7s %12llu\n", t.name.c_str(), to_string(t.kind), t.hazard ? " hazard" : "", (unsigned long long)n);
    }
    // Non-air voxels per shape family (world/block.hpp: shape_family), most first.
    std::map<std::string, std::uint64_t> family_counts;
    for (const auto& [n, id] : sorted)
        if (id != BlockRegistry::air) family_counts[shape_family(w.blocks()[id])] += n;
    std::vector<std::pair<std::uint64_t, std::string>> families;
    for (const auto& [family, n] : family_counts) families.push_back({n, family});
    std::sort(families.begin(), families.end(), [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; });
    std::printf("shape families %zu\n", families.size());
    for (const auto& [n, family] : families) std::printf("  %-28s %12llu\n", family.c_str(), (unsigned long long)n);
    if (!l.report.unknown_blocks.empty()) {
        std::printf("unknown names  %zu (loaded as solid; add them to the block table)\n", l.report.unknown_blocks.size());
        for (const auto& [name, n] : l.report.unknown_blocks) std::printf("  %-28s %12llu\n", name.c_str(), (unsigned long long)n);
    }
    for (const std::string& e : l.report.errors) std::printf("damaged        %s\n", e.c_str());
    for (const std::string& n : l.report.notes) std::printf("note           %s\n", n.c_str());
    return kOk;
}

int run_convert(const LoadArgs& a, const std::string& out) {
    const Loaded l = load(a);
    try {
        save_vdb(l.world, out);
    } catch (const LoadError& e) {
        throw UsageError(e.what());
    }
    std::printf("wrote %s: %llu non-air voxels, %zu block types (loaded in %.3f s)\n", out.c_str(),
                (unsigned long long)l.world.non_air_voxels(), l.world.blocks().size(), l.seconds);
    for (const std::string& e : l.report.errors) std::fprintf(stderr, "voxnav convert: skipped %s\n", e.c_str());
    return kOk;
}

}  // namespace

Command add_info_command(CLI::App& app) {
    auto args = std::make_shared<LoadArgs>();
    CLI::App* sub = app.add_subcommand("info", "Describe a world: bounds, chunks, block counts, memory, load time");
    sub->add_option("world", args->world, "World file or region folder")->required();
    add_load_options(sub, *args);
    return [sub, args]() -> int { return sub->parsed() ? run_info(*args) : -1; };
}

Command add_convert_command(CLI::App& app) {
    auto args = std::make_shared<LoadArgs>();
    auto out = std::make_shared<std::string>();
    CLI::App* sub = app.add_subcommand("convert", "Save any loadable world as a native .vdb");
    sub->add_option("in", args->world, "World file or region folder")->required();
    sub->add_option("out", *out, "Output .vdb file")->required();
    add_load_options(sub, *args);
    return [sub, args, out]() -> int { return sub->parsed() ? run_convert(*args, *out) : -1; };
}

}  // namespace voxnav::cli
