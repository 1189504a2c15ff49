// SPDX-License-Identifier: MIT
// Real worlds nobody here made: Minecraft regions, chunks, a schematic and
// MagicaVoxel models, cross-checked with the independent decoder in
// mini_nbt.hpp; damaged input of every kind.
#include "mini_nbt.hpp"
#include "reference_model.hpp"
#include "voxnav/io/nbt.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <sstream>

using namespace voxnav;

namespace {

// Real worlds copied into the repository (worlds/samples/SOURCES.md), so a
// fresh clone checks them; a missing file fails rather than passing unchecked.
const std::string kData = VOXNAV_SOURCE_DIR "/worlds/samples/";
bool have_data() { return std::ifstream(kData + "querz-nbt7_r.0.0.mca").good(); }

std::string strip(const std::string& n) { return n.rfind("minecraft:", 0) == 0 ? n.substr(10) : n; }

using Props = std::map<std::string, std::string>;

// Whether a voxel's block name is what a palette entry must become, by the
// documented rules: air for the air names; water for a waterlogged passable
// block; otherwise the name, with the state properties that shaped it in
// brackets, each as the file says it (or defaulted where the file is silent).
bool entry_matches(const std::string& got, const std::string& mc_name, const Props& props) {
    const std::string n = strip(mc_name);
    if (n == "air" || n == "cave_air" || n == "void_air") return got == "air";
    auto wl = props.find("waterlogged");
    if (got == "water" && n != "water") return wl != props.end() && wl->second == "true";
    const auto bracket = got.find('[');
    if (got.substr(0, bracket) != n) return false;
    if (bracket == std::string::npos) return true;
    std::stringstream pairs(got.substr(bracket + 1, got.size() - bracket - 2));
    std::string pair;
    while (std::getline(pairs, pair, ',')) {
        const auto eq = pair.find('=');
        auto it = props.find(pair.substr(0, eq));
        if (it != props.end() && it->second != pair.substr(eq + 1) && !(pair == "half=top" && it->first == "half")) return false;
    }
    return true;
}

Props props_of(const mini::Node& entry) {
    Props out;
    if (const mini::Node* p = entry.get("Properties"))
        for (const auto& [k, v] : p->members) out[k] = v.str;
    return out;
}

// Compares every voxel of a 1.13+ chunk (decoded independently) with the world.
int compare_chunk(const World& w, const mini::Node& root) {
    const mini::Node* level = root.get("Level");
    const mini::Node& h = level ? *level : root;
    const int cx = int(h.get("xPos")->num), cz = int(h.get("zPos")->num);
    const std::int64_t dv = root.get("DataVersion") ? root.get("DataVersion")->num : 0;
    const mini::Node* sections = h.get("sections") ? h.get("sections") : h.get("Sections");
    int checked = 0;
    for (const mini::Node& s : sections->items) {
        const mini::Node* states = s.get("block_states");
        const mini::Node* palette = states ? states->get("palette") : s.get("Palette");
        const mini::Node* data = states ? states->get("data") : s.get("BlockStates");
        if (!palette) continue;
        std::vector<std::string> names;
        std::vector<Props> props;
        for (const mini::Node& e : palette->items) {
            names.push_back(e.get("Name")->str);
            props.push_back(props_of(e));
        }
        int bits = 4;
        while ((1u << bits) < names.size()) ++bits;
        const bool spanning = dv < 2529;
        for (int i = 0; i < 4096; ++i) {
            std::uint64_t v = 0;
            if (data && !data->longs.empty()) {
                if (spanning) {
                    const std::uint64_t bit = std::uint64_t(i) * bits;
                    unsigned __int128 two = std::uint64_t(data->longs[bit / 64]);
                    if (bit / 64 + 1 < data->longs.size()) two |= (unsigned __int128)std::uint64_t(data->longs[bit / 64 + 1]) << 64;
                    v = std::uint64_t(two >> (bit % 64)) & ((1u << bits) - 1);
                } else {
                    const int per = 64 / bits;
                    v = (std::uint64_t(data->longs[i / per]) >> ((i % per) * bits)) & ((1u << bits) - 1);
                }
            }
            const Voxel p(cx * 16 + (i & 15), int(s.get("Y")->num) * 16 + (i >> 8), cz * 16 + ((i >> 4) & 15));
            INFO(w.block_type(p).name << " from " << names.at(v));
            REQUIRE(entry_matches(w.block_type(p).name, names.at(v), props.at(v)));
            ++checked;
        }
    }
    return checked;
}

bool full_status(const mini::Node& root) {
    const mini::Node* level = root.get("Level");
    const mini::Node& h = level ? *level : root;
    if (const mini::Node* s = h.get("Status")) return s->str == "full" || s->str == "minecraft:full";
    if (const mini::Node* t = h.get("TerrainPopulated")) return t->num != 0;
    return true;
}

}  // namespace

TEST_CASE("Minecraft regions load: chunk counts match an independent decoder", "[imports][minecraft]") {
    REQUIRE(have_data());
    for (const char* file : {"querz-nbt7_r.0.0.mca", "prismarine_1.21.1_r.0.0.mca", "prismarine_1.20.6_r.0.0.mca",
                             "prismarine_1.12.2_r.0.-1.mca"}) {
        INFO(file);
        ImportReport report;
        const World w = load_world(kData + file, report);
        const auto chunks = mini::region_chunks(kData + file);
        std::uint64_t full = 0;
        for (const auto& [slot, root] : chunks) full += full_status(root);
        CHECK(report.errors.empty());
        CHECK(report.chunks_loaded == full);
        CHECK(report.chunks_loaded + report.chunks_skipped == chunks.size());
        CHECK(w.non_air_voxels() > 100000);
    }
}

TEST_CASE("1.18 region: bedrock floor at y = -64 under every loaded column, every voxel as decoded", "[imports][minecraft]") {
    REQUIRE(have_data());
    const std::string path = kData + "querz-nbt7_r.0.0.mca";
    ImportReport report;
    const World w = load_world(path, report);
    int columns = 0, compared = 0;
    for (const auto& [slot, root] : mini::region_chunks(path)) {
        if (!full_status(root)) continue;
        const int cx = int(root.get("xPos")->num), cz = int(root.get("zPos")->num);
        for (int z = 0; z < 16; ++z)
            for (int x = 0; x < 16; ++x) {
                REQUIRE(w.block_type({cx * 16 + x, -64, cz * 16 + z}).name == "bedrock");
                ++columns;
            }
        if (slot % 7 == 0) compared += compare_chunk(w, root);
    }
    CHECK(columns == 154 * 256);
    CHECK(compared > 100000);
}

TEST_CASE("1.20.6, 1.21.1 regions and the 1.17.1 and forge chunks decode voxel for voxel", "[imports][minecraft]") {
    REQUIRE(have_data());
    for (const char* file : {"prismarine_1.20.6_r.0.0.mca", "prismarine_1.21.1_r.0.0.mca"}) {
        const World w = load_world(kData + file);
        int compared = 0;
        for (const auto& [slot, root] : mini::region_chunks(kData + file))
            if (full_status(root)) compared += compare_chunk(w, root);
        CHECK(compared >= 16 * 4096);
    }
    for (const char* file : {"fastnbt_1.17.1.chunk", "fastnbt_forge-1.20.1.nbt"}) {
        INFO(file);
        std::ifstream f(kData + file, std::ios::binary);
        std::vector<std::uint8_t> raw(std::istreambuf_iterator<char>(f), {});
        const World w = load_world(kData + file);
        CHECK(compare_chunk(w, mini::decode(raw)) >= 4096);
    }
}

TEST_CASE("pre-1.13 numeric ids map through the legacy table", "[imports][minecraft]") {
    REQUIRE(have_data());
    const std::string path = kData + "prismarine_1.12.2_r.0.-1.mca";
    const World w = load_world(path);
    const auto& table = MinecraftBlockTable::builtin();
    int compared = 0;
    for (const auto& [slot, root] : mini::region_chunks(path)) {
        if (slot % 5 != 0 || !full_status(root)) continue;
        const mini::Node& level = *root.get("Level");
        const int cx = int(level.get("xPos")->num), cz = int(level.get("zPos")->num);
        for (const mini::Node& s : level.get("Sections")->items) {
            const auto& blocks = s.get("Blocks")->bytes;
            for (int i = 0; i < 4096; ++i) {
                const int id = blocks[i];  // the sample has no Add arrays
                std::string name = id == 0 ? "air" : table.legacy_name(id);
                if (name.empty()) name = "legacy_" + std::to_string(id);
                const Voxel p(cx * 16 + (i & 15), int(s.get("Y")->num) * 16 + (i >> 8), cz * 16 + ((i >> 4) & 15));
                INFO(w.block_type(p).name << " from " << name);
                REQUIRE(entry_matches(w.block_type(p).name, name, {}));
                ++compared;
            }
        }
    }
    CHECK(compared > 50000);
    // The 1.12 chunk file as well: bedrock at y = 0 under every column.
    const World c = load_world(kData + "fastnbt_1.12.chunk");
    const VoxelBox b = c.populated_box();
    for (int z = b.lo.z; z < b.hi.z; ++z)
        for (int x = b.lo.x; x < b.hi.x; ++x) REQUIRE(c.block_type({x, 0, z}).name == "bedrock");
}

TEST_CASE("Sponge schematic: every voxel as an independent varint decode says", "[imports][schematic]") {
    REQUIRE(have_data());
    const std::string path = kData + "mineflayer-pathfinder_parkour1.schem";
    std::ifstream f(path, std::ios::binary);
    const mini::Node root = mini::decode(mini::gunzip_or_inflate(std::vector<std::uint8_t>(std::istreambuf_iterator<char>(f), {})));
    const int W = int(root.get("Width")->num), H = int(root.get("Height")->num), L = int(root.get("Length")->num);
    CHECK((W == 16 && H == 18 && L == 16));
    std::map<std::int64_t, std::string> palette;
    std::map<std::int64_t, Props> states;
    for (const auto& [state, idx] : root.get("Palette")->members) {
        palette[idx.num] = strip(state.substr(0, state.find('[')));
        std::stringstream pairs(state.find('[') == std::string::npos ? "" : state.substr(state.find('[') + 1, state.size() - state.find('[') - 2));
        std::string pair;
        while (std::getline(pairs, pair, ','))
            if (pair.find('=') != std::string::npos) states[idx.num][pair.substr(0, pair.find('='))] = pair.substr(pair.find('=') + 1);
    }
    const auto& data = root.get("BlockData")->bytes;
    ImportOptions opt;
    opt.offset = {100, 64, -50};
    ImportReport report;
    World w;
    import_schematic(path, w, report, opt);
    std::size_t pos = 0;
    std::uint64_t solid = 0;
    for (int i = 0; i < W * H * L; ++i) {
        std::int64_t v = 0;
        for (int shift = 0;; shift += 7) {
            const std::uint8_t b = data[pos++];
            v |= std::int64_t(b & 0x7F) << shift;
            if (!(b & 0x80)) break;
        }
        const Voxel p = opt.offset + Voxel(i % W, i / (W * L), (i / W) % L);
        INFO(w.block_type(p).name << " from " << palette[v]);
        REQUIRE(entry_matches(w.block_type(p).name, palette[v], states[v]));
        solid += w.block_type(p).kind == BlockKind::Solid;
    }
    CHECK(solid > 100);
    // The parkour course can be crossed by a leaper and routes are legal.
    AgentProfile leaper = load_agent_profile(VOXNAV_SOURCE_DIR "/worlds/agents/leaper.json");
    Navigator nav(w, leaper);
    ref::Model model(w, leaper, nav.field().domain());
    int found = 0;
    std::vector<Voxel> spots;
    for (int y = 60; y < 90; ++y)
        for (int z = -50; z < -34; ++z)
            for (int x = 100; x < 116; ++x)
                if (nav.is_waypoint({x, y, z})) spots.push_back({x, y, z});
    REQUIRE(spots.size() > 10);
    std::mt19937 rng(7);
    for (int q = 0; q < 30; ++q) {
        const Voxel s = spots[rng() % spots.size()], g = spots[rng() % spots.size()];
        const Route r = nav.find_route(s, g);
        const double best = model.dijkstra(s, g);
        if (best < 0) {
            CHECK(r.status == SearchStatus::NoPath);
            continue;
        }
        ++found;
        CHECK(r.cost == Approx(best).epsilon(1e-9));
        CHECK(model.check_route(r) == "");
    }
    CHECK(found > 5);
}

TEST_CASE("routes over the largest real region are legal and optimal", "[imports][minecraft][route]") {
    REQUIRE(have_data());
    const World w = load_world(kData + "querz-nbt7_r.0.0.mca");
    for (const char* agent : {"humanoid", "leaper", "brute"}) {
        INFO(agent);
        const AgentProfile a = load_agent_profile(std::string(VOXNAV_SOURCE_DIR "/worlds/agents/") + agent + ".json");
        Navigator nav(w, a);
        ref::Model model(w, a, nav.field().domain());
        // Standable surface positions: scan columns from the top.
        std::vector<Voxel> spots;
        for (int z = 2; z < 190; z += 3)
            for (int x = 2; x < 190; x += 3)
                for (int y = 110; y > -60; --y)
                    if (nav.is_waypoint({x, y, z})) {
                        spots.push_back({x, y, z});
                        break;
                    }
        REQUIRE(spots.size() > 1000);
        std::mt19937 rng(42);
        int found = 0;
        for (int q = 0; q < 10; ++q) {
            const Voxel s = spots[rng() % spots.size()];
            // Goals within 16 voxels keep the reference Dijkstra quick.
            Voxel g = s;
            for (int tries = 0; tries < 200; ++tries) {
                g = spots[rng() % spots.size()];
                if (std::abs(g.x - s.x) + std::abs(g.z - s.z) < 16) break;
            }
            INFO("from " << s.x << "," << s.y << "," << s.z << " to " << g.x << "," << g.y << "," << g.z);
            SearchLimits exhaustive;  // an unreachable goal must come back no_path, not partial
            exhaustive.max_nodes = 0xFFFFFFFFu;
            const Route r = nav.find_route(s, g, exhaustive);
            const double best = model.dijkstra(s, g, 100000);
            if (r.status == SearchStatus::Found) {
                ++found;
                CHECK(model.check_route(r) == "");
                if (best >= 0) CHECK(r.cost == Approx(best).epsilon(1e-9));
            } else {
                CHECK(r.status == SearchStatus::NoPath);
                CHECK(best < 0);
            }
        }
        CHECK(found > 3);
    }
}

TEST_CASE("MagicaVoxel models load, z-up turned y-up", "[imports][vox]") {
    const std::string dir = kData;
    REQUIRE(std::ifstream(dir + "dotvox_placeholder.vox").good());
    ImportReport report;
    const World p = load_world(dir + "dotvox_placeholder.vox", report);
    CHECK(p.non_air_voxels() > 0);
    CHECK(p.populated_box().size().y <= 2);
    const World a = load_world(dir + "dotvox_axes.vox", report);
    CHECK(a.non_air_voxels() > 1000);
    // A user mapping turns colours into blocks of the registry.
    World m;
    ImportOptions opt;
    for (int i = 1; i < 256; ++i) opt.vox_palette[i] = "water";
    import_vox(dir + "dotvox_placeholder.vox", m, report, opt);
    const std::vector<std::uint64_t> counts = m.block_counts();
    for (std::size_t id = 0; id < counts.size(); ++id)
        if (counts[id] > 0) CHECK(m.blocks()[BlockId(id)].name == "water");
}

TEST_CASE("damaged regions, chunks, NBT and .vox files are named, never crash", "[imports][errors]") {
    World w;
    ImportReport report;
    const std::string path = "voxnav_test_r.0.0.mca";
    const std::vector<std::int64_t> ones(256, 0x1111111111111111ll);  // 4 bits, index 1 everywhere
    SECTION("truncated header") {
        mini::write_file(path, std::vector<std::uint8_t>(5000, 0));
        try {
            import_anvil_region(path, w, report);
            FAIL("no error");
        } catch (const LoadError& e) {
            CHECK(std::string(e.what()).find("header truncated") != std::string::npos);
        }
    }
    SECTION("sector offset past the end") {
        auto f = mini::region({{0, mini::zlib_compress(mini::chunk_118(0, 0, {"air", "stone"}, ones))}});
        f[4 * 5 + 2] = 200, f[4 * 5 + 3] = 1;  // slot 5 points at sector 200
        mini::write_file(path, f);
        import_anvil_region(path, w, report);
        CHECK(report.chunks_loaded == 1);
        REQUIRE(report.errors.size() == 1);
        CHECK(report.errors[0].find("chunk (5, 0)") != std::string::npos);
        CHECK(report.errors[0].find("past the end") != std::string::npos);
        CHECK(w.block_type({3, 3, 3}).name == "stone");
    }
    SECTION("bad compression") {
        auto payload = mini::zlib_compress(mini::chunk_118(0, 0, {"air", "stone"}, ones));
        for (std::size_t i = 10; i < payload.size(); i += 3) payload[i] ^= 0x5A;
        mini::write_file(path, mini::region({{0, payload}}));
        import_anvil_region(path, w, report);
        REQUIRE(report.errors.size() == 1);
        CHECK(report.errors[0].find("compressed data") != std::string::npos);
        mini::write_file(path, mini::region({{0, payload}}, 9));
        report = {};
        import_anvil_region(path, w, report);
        CHECK(report.errors.at(0).find("unknown compression type 9") != std::string::npos);
    }
    SECTION("palette index out of range") {
        const std::vector<std::int64_t> threes(256, 0x3333333333333333ll);
        mini::write_file(path, mini::region({{0, mini::zlib_compress(mini::chunk_118(0, 0, {"air", "stone"}, threes))}}));
        import_anvil_region(path, w, report);
        REQUIRE(report.errors.size() == 1);
        CHECK(report.errors[0].find("palette index 3 out of range") != std::string::npos);
    }
    SECTION("short block data, wrong position, proto chunk") {
        mini::write_file(path, mini::region({{0, mini::zlib_compress(mini::chunk_118(0, 0, {"air", "stone"}, {1, 2}))},
                                             {1, mini::zlib_compress(mini::chunk_118(7, 7, {"stone"}, {}))},
                                             {2, mini::zlib_compress(mini::chunk_118(2, 0, {"stone"}, {}, "minecraft:features"))}}));
        import_anvil_region(path, w, report);
        CHECK(report.chunks_skipped == 1);
        INFO(report.errors.at(0));
        REQUIRE(report.errors.size() == 2);
        CHECK(report.errors[0].find("expected 256") != std::string::npos);
        CHECK(report.errors[1].find("says it is at (7, 7)") != std::string::npos);
    }
    SECTION("NBT with negative and huge lengths, deep nesting, unknown tags") {
        mini::Writer n;
        n.compound("");
        n.longs("data", {}, -5);
        CHECK_THROWS_WITH(parse_nbt(n.out, "neg"), Catch::Contains("negative length -5"));
        mini::Writer h;
        h.compound("");
        h.longs("data", {}, 0x7fffffff);
        CHECK_THROWS_WITH(parse_nbt(h.out, "huge"), Catch::Contains("exceeds the remaining"));
        std::vector<std::uint8_t> deep = {9, 0, 0};
        for (int i = 0; i < 1000; ++i) deep.insert(deep.end(), {9, 0, 0, 0, 1});
        CHECK_THROWS_WITH(parse_nbt(deep, "deep"), Catch::Contains("deeper than 512"));
        CHECK_THROWS_WITH(parse_nbt(std::vector<std::uint8_t>{10, 0, 0, 42}, "tag"), Catch::Contains("unknown tag type 42"));
        CHECK_THROWS_WITH(parse_nbt(std::vector<std::uint8_t>{10, 0}, "short"), Catch::Contains("truncated"));
    }
    SECTION(".vox: bad magic, truncation, voxel outside its model") {
        ImportReport r;
        CHECK_THROWS_WITH(import_vox_bytes({'N', 'O', 'P', 'E', 0, 0, 0, 0}, "x.vox", w, r), Catch::Contains("no 'VOX ' magic"));
        std::vector<std::uint8_t> v = {'V', 'O', 'X', ' ', 150, 0, 0, 0, 'M', 'A', 'I', 'N', 0, 0, 0, 0, 40, 0, 0, 0,
                                       'S', 'I', 'Z', 'E', 12, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0,
                                       'X', 'Y', 'Z', 'I', 8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 5, 0, 0, 1};
        CHECK_THROWS_WITH(import_vox_bytes(v, "x.vox", w, r), Catch::Contains("outside its model"));
        v.resize(v.size() - 6);
        CHECK_THROWS_WITH(import_vox_bytes(v, "x.vox", w, r), Catch::Contains("truncated"));
    }
    std::remove(path.c_str());
}
