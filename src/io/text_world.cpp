// SPDX-License-Identifier: MIT
// The text world format (.vxw): see spec/world-text-format.md.
#include "shape_words.hpp"
#include "text_lines.hpp"
#include "voxnav/io/formats.hpp"
#include "voxnav/io/imports.hpp"

#include <array>
#include <cctype>
#include <fstream>
#include <set>

namespace voxnav {
namespace {

using detail::parse_int;
using detail::split_tokens;

constexpr BlockId kNone = 0xFFFF;  // legend slot not defined

struct TextWorldParser {
    std::istream& in;
    std::string name;
    detail::LineReader lines{in};
    World world;
    Voxel size{0, 0, 0};
    bool have_size = false;
    bool seen_layer = false;
    std::array<BlockId, 256> legend{};
    std::set<int> layers_seen;

    TextWorldParser(std::istream& i, std::string n) : in(i), name(std::move(n)) {
        legend.fill(kNone);
        const BlockRegistry& r = world.blocks();
        legend['.'] = BlockRegistry::air;
        legend['#'] = *r.find("stone");
        legend['~'] = *r.find("water");
        legend['!'] = *r.find("lava");
        legend[':'] = *r.find("mud");
    }

    [[noreturn]] void fail(const std::string& msg) const { throw LoadError(name, lines.number(), msg); }

    // Tokens of a directive line, with a trailing "# comment" removed. The
    // legend's character token (index 1) may itself be '#'.
    std::vector<std::string_view> directive_tokens(const std::string& line) const {
        auto tokens = split_tokens(line);
        const bool legend_line = !tokens.empty() && tokens[0] == "legend";
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            if (legend_line && i == 1) continue;
            if (tokens[i][0] == '#') {
                tokens.resize(i);
                break;
            }
        }
        return tokens;
    }

    int int_arg(std::string_view tok, const char* what) const {
        auto v = parse_int<int>(tok);
        if (!v) fail(std::string("bad ") + what + " '" + std::string(tok) + "'");
        return *v;
    }

    World parse() {
        std::string line;
        bool have_header = false;
        while (lines.next(line)) {
            auto tokens = directive_tokens(line);
            if (tokens.empty()) continue;  // blank or comment
            if (!have_header) {
                if (tokens.size() != 2 || tokens[0] != "voxnav-world")
                    fail("expected header 'voxnav-world 1'");
                if (tokens[1] != "1") fail("unsupported version '" + std::string(tokens[1]) + "', expected 1");
                have_header = true;
                continue;
            }
            const std::string_view key = tokens[0];
            if (key == "size") parse_size(tokens);
            else if (key == "legend") parse_legend(tokens);
            else if (key == "point") parse_point(tokens);
            else if (key == "layer") parse_layer(tokens);
            else fail("unknown directive '" + std::string(key) + "'");
        }
        if (!have_header) fail("missing header 'voxnav-world 1'");
        if (!have_size) fail("missing 'size' line");
        world.set_bounds(VoxelBox{{0, 0, 0}, size});
        return std::move(world);
    }

    void need_size_before(const char* what) const {
        if (!have_size) fail(std::string("'") + what + "' before 'size'");
    }

    void parse_size(const std::vector<std::string_view>& t) {
        if (have_size) fail("'size' given twice");
        if (t.size() != 4) fail("'size' needs three extents: size X Y Z");
        for (int i = 0; i < 3; ++i) {
            size[i] = int_arg(t[i + 1], "size");
            if (size[i] < 1) fail("size extents must be >= 1");
        }
        if (std::int64_t(size.x) * size.y * size.z > (std::int64_t(1) << 31))
            fail("size too large for a text world (limit 2^31 voxels)");
        if (World::chunks_overlapped({{0, 0, 0}, size}) > World::max_bounds_chunks)
            fail("size spans " + std::to_string(World::chunks_overlapped({{0, 0, 0}, size})) + " chunks of 16^3 (limit " +
                 std::to_string(World::max_bounds_chunks) + ")");
        have_size = true;
    }

    void parse_legend(const std::vector<std::string_view>& t) {
        need_size_before("legend");
        if (seen_layer) fail("'legend' after the first layer");
        if (t.size() < 4) fail("legend needs: legend <char> <block name> <air|solid|liquid> [hazard] [shape words]");
        if (t[1].size() != 1) fail("legend character must be a single character, got '" + std::string(t[1]) + "'");
        const auto kind = parse_block_kind(t[3]);
        if (!kind) fail("unknown block kind '" + std::string(t[3]) + "' (air, solid or liquid)");
        bool hazard = false;
        BlockShape shape;
        detail::MaterialWords material;
        try {
            for (std::size_t i = 4; i < t.size(); ++i)
                if (!detail::apply_block_word(t[i], *kind, hazard, shape) && !detail::apply_material_word(t[i], material))
                    fail("unexpected '" + std::string(t[i]) +
                         "' (after the kind: hazard, top=N, bottom=N, stairs=+x|-x|+z|-z, climb, open=hand|powered, opened, "
                         "damage=body|floor, hardness=N, unbreakable, falls, replaceable, fixed)");
            const std::string name(t[2]);
            const BlockId id = world.blocks().add(name, *kind, hazard, shape);
            world.blocks().set_material(id, material.over(default_material(name, *kind)));
            legend[static_cast<unsigned char>(t[1][0])] = id;
        } catch (const std::invalid_argument& e) {
            fail(e.what());
        }
    }

    // A legend block named like a Minecraft block (bedrock, sand, obsidian)
    // gets that block's hardness, falling and replaceable from the shipped
    // block table; other names get their kind's default.
    static BlockMaterial default_material(const std::string& name, BlockKind kind) {
        try {
            if (auto rule = MinecraftBlockTable::builtin().classify(name); rule && rule->kind == kind) return rule->material;
        } catch (const LoadError&) {
            // No table installed: the kind's default.
        }
        return BlockMaterial::of(kind);
    }

    // The default characters of shaped blocks, registered when first used
    // (worlds without them keep a registry of plain blocks):
    //   _ bottom slab   = top slab   | fence   c carpet   1..8 snow layers
    //   > < v ^ stairs walked up towards +x, -x, +z, -z
    //   h ladder   d closed wooden door   o open wooden door   i iron door
    //   g closed fence gate   q open fence gate   * cactus   m magma   f fire
    BlockId shaped_default(unsigned char c) {
        BlockShape sh;
        BlockKind kind = BlockKind::Solid;
        std::string n;
        switch (c) {
            case '_': n = "slab_bottom", sh.top = 8; break;
            case '=': n = "slab_top", sh.bottom = 8; break;
            case '|': n = "fence", sh.top = 24; break;
            case 'c': n = "carpet", sh.top = 1; break;
            case '>': n = "stairs_up_east", sh.stair_faces = std::uint8_t(detail::stair_face_walked_towards("+x")); break;
            case '<': n = "stairs_up_west", sh.stair_faces = std::uint8_t(detail::stair_face_walked_towards("-x")); break;
            case 'v': n = "stairs_up_south", sh.stair_faces = std::uint8_t(detail::stair_face_walked_towards("+z")); break;
            case '^': n = "stairs_up_north", sh.stair_faces = std::uint8_t(detail::stair_face_walked_towards("-z")); break;
            case 'h': n = "ladder", kind = BlockKind::Air, sh.climbable = true; break;
            case 'd': n = "door_closed", sh.open_class = OpenClass::Hand; break;
            case 'o': n = "door_open", sh.open_class = OpenClass::Hand, sh.open = true; break;
            case 'i': n = "iron_door", sh.open_class = OpenClass::Powered; break;
            case 'g': n = "fence_gate", sh.top = 24, sh.open_class = OpenClass::Hand; break;
            case 'q': n = "fence_gate_open", sh.top = 24, sh.open_class = OpenClass::Hand, sh.open = true; break;
            case '*': n = "cactus", sh.damage = Damage::Floor; break;
            case 'm': n = "magma", sh.damage = Damage::Floor; break;
            case 'f': n = "fire", kind = BlockKind::Air, sh.damage = Damage::Body; break;
            default:
                if (c >= '1' && c <= '8') {
                    if (c == '1') return world.blocks().add("snow_1", BlockKind::Air);  // no collision
                    n = std::string("snow_") + char(c);
                    sh.top = std::uint8_t((c - '1') * 2);
                    break;
                }
                return kNone;
        }
        return world.blocks().add(n, kind, false, sh);
    }

    void add_point(const std::string& point_name, const Voxel& v) {
        try {
            world.add_point(point_name, v);
        } catch (const std::invalid_argument& e) {
            fail(e.what());
        }
    }

    void parse_point(const std::vector<std::string_view>& t) {
        need_size_before("point");
        if (seen_layer) fail("'point' after the first layer");
        if (t.size() != 5) fail("point needs: point <name> <x> <y> <z>");
        add_point(std::string(t[1]), {int_arg(t[2], "x"), int_arg(t[3], "y"), int_arg(t[4], "z")});
    }

    void parse_layer(const std::vector<std::string_view>& t) {
        need_size_before("layer");
        if (t.size() != 2) fail("layer needs: layer <y>");
        const int y = int_arg(t[1], "layer");
        if (y < 0 || y >= size.y) fail("layer " + std::to_string(y) + " outside size (0.." + std::to_string(size.y - 1) + ")");
        if (!layers_seen.insert(y).second) fail("layer " + std::to_string(y) + " given twice");
        seen_layer = true;
        std::vector<BlockId> row(size.x);
        std::string line;
        for (int z = 0; z < size.z; ++z) {
            if (!lines.next(line))
                fail("layer " + std::to_string(y) + " ends after " + std::to_string(z) + " rows, expected " + std::to_string(size.z));
            if (int(line.size()) != size.x)
                fail("row has " + std::to_string(line.size()) + " characters, expected " + std::to_string(size.x));
            for (int x = 0; x < size.x; ++x) {
                const unsigned char c = static_cast<unsigned char>(line[x]);
                BlockId id = legend[c];
                if (id == kNone) id = legend[c] = shaped_default(c);
                if (id == kNone) {
                    if (!std::isupper(c)) fail(std::string("unknown character '") + char(c) + "' at column " + std::to_string(x + 1));
                    add_point(std::string(1, char(c)), {x, y, z});
                    id = BlockRegistry::air;
                }
                if (id != BlockRegistry::air) world.set_block({x, y, z}, id);
            }
        }
    }
};

}  // namespace

World read_text_world(std::istream& in, const std::string& name) {
    TextWorldParser p(in, name);
    World w = p.parse();
    return w;
}

World load_text_world(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LoadError(path, 0, "cannot open file");
    return read_text_world(f, path);
}

}  // namespace voxnav
