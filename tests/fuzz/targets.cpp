// SPDX-License-Identifier: MIT
#include "targets.hpp"

#include "bench/scenarios.hpp"
#include "voxnav/io/imports.hpp"
#include "voxnav/io/nbt.hpp"
#include "voxnav/voxnav.hpp"

#include "io/block_states.hpp"
#include "world/block_store.hpp"

#include <openvdb/openvdb.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace voxnav::fuzz {
namespace {

std::string text_of(const std::uint8_t* d, std::size_t n) { return std::string(reinterpret_cast<const char*>(d), n); }

// Readers that take a path get the bytes through one file per process,
// removed when the input is done with.
struct TempFile {
    std::string path;
    explicit TempFile(const char* suffix) : path("/tmp/voxnav_fuzz_" + std::to_string(getpid()) + suffix) {}
    TempFile(const std::uint8_t* d, std::size_t n, const char* suffix) : TempFile(suffix) {
        std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(d), std::streamsize(n));
    }
    ~TempFile() { std::remove(path.c_str()); }
};

// A few capped queries between positions picked from the input's bytes, on
// worlds small enough to derive facts for quickly.
void route_a_few(const World& world, const std::uint8_t* d, std::size_t n) {
    if (world.loaded_chunks().size() > 128) return;  // deriving more takes seconds under the sanitizers
    std::optional<VoxelBox> box = world.bounds();
    if (!box) box = world.populated_box();
    if (!box || box->empty()) return;
    AgentProfile agent;
    agent.jump_distance = 1;
    Navigator nav(world, agent);
    SearchLimits lim;
    lim.max_nodes = 300;
    const Voxel s = box->size();
    for (std::size_t q = 0; q < 3; ++q) {
        auto pick = [&](std::size_t k) {
            const std::uint32_t h = n ? d[(q * 7 + k) % n] * 2654435761u + std::uint32_t(q * 97 + k) : std::uint32_t(k);
            return Voxel(box->lo.x + int(h % std::uint32_t(s.x)), box->lo.y + int((h >> 8) % std::uint32_t(s.y)),
                         box->lo.z + int((h >> 16) % std::uint32_t(s.z)));
        };
        const Route r = nav.find_route(pick(0), pick(1), lim);
        (void)nav.find_route(pick(2), Goal::near(glm::dvec3(pick(3)), 2.0), QueryOptions{lim});
        if (r.usable() && !nav.check_route(r).valid) std::abort();  // a fresh route must be valid
    }
}

template <class Load>
int load_and_route(const std::uint8_t* d, std::size_t n, Load&& load) {
    World w;
    try {
        w = load();
    } catch (const LoadError&) {
        return 0;
    }
    route_a_few(w, d, n);
    return 0;
}

template <class Import>
int import_and_route(const std::uint8_t* d, std::size_t n, const char* suffix, Import&& import) {
    const TempFile file(d, n, suffix);
    return load_and_route(d, n, [&] {
        World w;
        ImportReport report;
        import(file.path, w, report);
        return w;
    });
}

}  // namespace

int text_world(const std::uint8_t* d, std::size_t n) {
    return load_and_route(d, n, [&] {
        std::istringstream in(text_of(d, n));
        return read_text_world(in, "fuzz.vxw");
    });
}

int movingai_map(const std::uint8_t* d, std::size_t n) {
    return load_and_route(d, n, [&] {
        std::istringstream in(text_of(d, n));
        return read_movingai_map(in, "fuzz.map");
    });
}

int movingai_3dmap(const std::uint8_t* d, std::size_t n) {
    return load_and_route(d, n, [&] {
        std::istringstream in(text_of(d, n));
        return read_movingai_3dmap(in, "fuzz.3dmap");
    });
}

int scenarios(const std::uint8_t* d, std::size_t n) {
    const TempFile file(d, n, ".scen");
    try {
        const ScenarioFile f = load_scenarios(file.path);
        for (const Scenario& s : f.scenarios) (void)matches_optimal(s.optimal, s.optimal);
    } catch (const LoadError&) {
    }
    return 0;
}

int profile(const std::uint8_t* d, std::size_t n) {
    try {
        const AgentProfile p = parse_agent_profile(text_of(d, n), "fuzz.json");
        p.validate();  // what parsed must be valid
        (void)parse_agent_profile(to_json(p), "round-trip");
    } catch (const ProfileError&) {
    }
    return 0;
}

int route_json(const std::uint8_t* d, std::size_t n) {
    try {
        const Route r = route_from_json(text_of(d, n));
        (void)route_from_json(to_json(r));
    } catch (const std::runtime_error&) {
    }
    return 0;
}

int trace_json(const std::uint8_t* d, std::size_t n) {
    try {
        const SearchTrace t = trace_from_json(text_of(d, n));
        if (to_json(trace_from_json(to_json(t))) != to_json(t)) std::abort();  // a parsed trace round-trips
        (void)rebuild_route(t);
    } catch (const std::runtime_error&) {
    } catch (const std::invalid_argument&) {  // rebuild_route: a damaged parent chain
    }
    return 0;
}

int block_table(const std::uint8_t* d, std::size_t n) {
    try {
        std::istringstream in(text_of(d, n));
        const MinecraftBlockTable t = MinecraftBlockTable::parse(in, "fuzz_blocks.txt");
        (void)t.classify("minecraft:stone");
        (void)t.classify("oak_slab");
        (void)t.legacy_name(1);
    } catch (const LoadError&) {
    }
    return 0;
}

int schematic(const std::uint8_t* d, std::size_t n) {
    return import_and_route(d, n, ".schem", [](const std::string& p, World& w, ImportReport& r) { import_schematic(p, w, r); });
}

int chunk(const std::uint8_t* d, std::size_t n) {
    return import_and_route(d, n, ".nbt", [](const std::string& p, World& w, ImportReport& r) { import_chunk_nbt(p, w, r); });
}

int structure(const std::uint8_t* d, std::size_t n) {
    return import_and_route(d, n, ".nbt", [](const std::string& p, World& w, ImportReport& r) { import_structure(p, w, r); });
}

int anvil(const std::uint8_t* d, std::size_t n) {
    return import_and_route(d, n, ".mca", [](const std::string& p, World& w, ImportReport& r) { import_anvil_region(p, w, r); });
}

int vox(const std::uint8_t* d, std::size_t n) {
    World w;
    ImportReport r;
    try {
        import_vox_bytes(std::vector<std::uint8_t>(d, d + n), "fuzz.vox", w, r);
    } catch (const LoadError&) {
        return 0;
    }
    route_a_few(w, d, n);
    return 0;
}

int vox_palette(const std::uint8_t* d, std::size_t n) {
    try {
        ImportOptions opt;
        opt.vox_palette = parse_vox_palette(text_of(d, n), "fuzz_palette.json");
        // A small model coloured through the mapping.
        static const std::vector<std::uint8_t> model = [] {
            std::vector<std::uint8_t> v;
            auto put = [&](const char* s) { v.insert(v.end(), s, s + 4); };
            auto u32 = [&](std::uint32_t x) {
                for (int i = 0; i < 4; ++i) v.push_back(std::uint8_t(x >> (8 * i)));
            };
            put("VOX ");
            u32(150);
            put("MAIN");
            u32(0);
            u32(24 + 12 + 4 + 4 * 4);
            put("SIZE");
            u32(12);
            u32(0);
            u32(4);
            u32(4);
            u32(4);
            put("XYZI");
            u32(4 + 4 * 4);
            u32(0);
            u32(4);
            for (std::uint8_t i = 0; i < 4; ++i) {
                v.push_back(i);
                v.push_back(0);
                v.push_back(0);
                v.push_back(std::uint8_t(1 + i * 60));
            }
            return v;
        }();
        World w;
        ImportReport r;
        import_vox_bytes(model, "palette_model.vox", w, r, opt);
    } catch (const LoadError&) {
    }
    return 0;
}

int vdb_metadata(const std::uint8_t* d, std::size_t n) {
    // A valid grid whose voxnav metadata is the input: what voxnav parses,
    // not OpenVDB's own binary reader.
    openvdb::initialize();
    World src;
    src.set_block({0, 0, 0}, *src.blocks().find("stone"));
    src.set_block({1, 0, 0}, *src.blocks().find("stone"));
    detail::BlockGrid::Ptr grid = detail::grid_of(src).deepCopy();
    grid->setName("blocks");
    grid->insertMeta("voxnav_world", openvdb::StringMetadata(text_of(d, n)));
    const TempFile file(".vdb");
    {
        openvdb::io::File out(file.path);
        out.write(openvdb::GridCPtrVec{grid});
        out.close();
    }
    return load_and_route(d, n, [&] { return load_vdb(file.path); });
}

int query_syntax(const std::uint8_t* d, std::size_t n) {
    const std::string text = text_of(d, n);
    try {
        const Goal g = parse_goal(text);
        (void)parse_goal(g.describe().substr(0, g.describe().find(" or ")));
        (void)g.satisfied_by({0, 0, 0}, 1, 2);
    } catch (const std::invalid_argument&) {
    }
    try {
        (void)parse_threat(text);
    } catch (const std::invalid_argument&) {
    }
    try {
        const CostZone z = parse_zone(text);
        (void)z.contains({0, 0, 0});
    } catch (const std::invalid_argument&) {
    }
    return 0;
}

int nbt(const std::uint8_t* d, std::size_t n) {
    try {
        (void)parse_nbt(d, n, "fuzz.nbt");
    } catch (const NbtError&) {
    }
    try {
        (void)parse_nbt(inflate(d, n, "fuzz.nbt.gz", 1 << 20), "fuzz.nbt.gz");
    } catch (const NbtError&) {
    }
    return 0;
}

int block_state(const std::uint8_t* d, std::size_t n) {
    const std::string text = text_of(d, n);
    const std::string problem = detail::state_string_problem(text);
    detail::StateProperties props;
    const std::string bare = detail::split_state_string(text, props);
    if (!problem.empty()) return 0;  // refused before the table, as voxnav follow does
    const auto rule = MinecraftBlockTable::builtin().classify(bare, props);
    if (!rule) return 0;
    if (const auto bad = detail::unknown_state_value(*rule, props)) {
        (void)bad->sentence();
        return 0;
    }
    (void)detail::resolve_state(bare, *rule, props);
    return 0;
}

const std::vector<NamedTarget>& all_targets() {
    static const std::vector<NamedTarget> targets{
        {"text_world", text_world}, {"movingai_map", movingai_map}, {"movingai_3dmap", movingai_3dmap},
        {"scenarios", scenarios},   {"profile", profile},           {"route_json", route_json},
        {"block_table", block_table}, {"schematic", schematic},     {"chunk", chunk},
        {"anvil", anvil},           {"vox", vox},                   {"vox_palette", vox_palette},
        {"vdb_metadata", vdb_metadata}, {"query_syntax", query_syntax}, {"nbt", nbt},
        {"trace_json", trace_json}, {"structure", structure},   {"block_state", block_state},
    };
    return targets;
}

}  // namespace voxnav::fuzz
