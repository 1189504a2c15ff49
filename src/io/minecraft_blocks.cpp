// SPDX-License-Identifier: MIT
#include "minecraft_blocks.hpp"

#include "shape_words.hpp"
#include "voxnav/io/nbt.hpp"
#include "text_lines.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <fstream>
#include <vector>

// Where minecraft_blocks.txt may be (src/CMakeLists.txt): the source tree's
// worlds/, the configured install folder, and that folder relative to the
// installed library and to the installed CLI (a package unpacked anywhere).
#ifndef VOXNAV_DATA_DIR
#define VOXNAV_DATA_DIR ""
#endif
#ifndef VOXNAV_INSTALL_DATA_DIR
#define VOXNAV_INSTALL_DATA_DIR ""
#endif
#ifndef VOXNAV_DATA_FROM_LIBDIR
#define VOXNAV_DATA_FROM_LIBDIR ""
#endif
#ifndef VOXNAV_DATA_FROM_BINDIR
#define VOXNAV_DATA_FROM_BINDIR ""
#endif

namespace voxnav {
namespace {

std::string strip_namespace(const std::string& name) {
    return name.rfind("minecraft:", 0) == 0 ? name.substr(10) : name;
}

std::optional<MinecraftBlockTable::States> parse_states(std::string_view w) {
    using S = MinecraftBlockTable::States;
    if (w == "slab") return S::Slab;
    if (w == "stairs") return S::Stairs;
    if (w == "door") return S::Door;
    if (w == "trapdoor") return S::Trapdoor;
    if (w == "gate") return S::Gate;
    if (w == "snow") return S::Snow;
    return std::nullopt;
}

}  // namespace

MinecraftBlockTable MinecraftBlockTable::parse(std::istream& in, const std::string& name) {
    MinecraftBlockTable t;
    detail::LineReader lines(in);
    std::string line;
    while (lines.next(line)) {
        auto tokens = detail::split_tokens(line);
        for (std::size_t i = 0; i < tokens.size(); ++i)
            if (tokens[i][0] == '#') {
                tokens.resize(i);
                break;
            }
        if (tokens.empty()) continue;
        auto fail = [&](const std::string& m) -> void { throw LoadError(name, lines.number(), m); };
        if (tokens[0] == "legacy") {
            if (tokens.size() != 3) fail("expected 'legacy <id> <name>'");
            auto id = detail::parse_int<int>(tokens[1]);
            if (!id || *id < 0 || *id > 4095) fail("bad legacy id '" + std::string(tokens[1]) + "'");
            t.legacy_[*id] = std::string(tokens[2]);
            continue;
        }
        if (tokens.size() < 2) fail("expected '<name> <air|solid|liquid> [hazard] [states=...] [shape words]'");
        auto kind = parse_block_kind(tokens[1]);
        if (!kind) fail("unknown kind '" + std::string(tokens[1]) + "'");
        Rule r;
        r.kind = *kind;
        detail::MaterialWords material;
        for (std::size_t i = 2; i < tokens.size(); ++i) {
            const std::string_view w = tokens[i];
            if (w.rfind("states=", 0) == 0) {
                const auto states = parse_states(w.substr(7));
                if (!states) fail("unknown '" + std::string(w) + "' (states=slab, stairs, door, trapdoor, gate or snow)");
                r.states = *states;
                continue;
            }
            try {
                if (!detail::apply_block_word(w, r.kind, r.hazard, r.shape) && !detail::apply_material_word(w, material))
                    fail("unknown word '" + std::string(w) + "'");
            } catch (const std::invalid_argument& e) {
                fail(e.what());
            }
        }
        r.material = material.over(BlockMaterial::of(r.kind));
        // The plainest state of the rule must be a valid shape for its kind.
        const detail::StatedBlock plain = detail::resolve_state("", r, {});
        if (const std::string why = shape_problem(plain.kind, plain.shape); !why.empty()) fail(why);
        std::string key = strip_namespace(std::string(tokens[0]));
        if (key.find('[') != std::string::npos) {
            // name[property=value,...]: a line for the states with those values
            detail::StateProperties props;
            const std::string name = detail::split_state_string(key, props);
            if (name.find('*') != std::string::npos) fail("a pattern cannot be keyed by state properties");
            if (key.back() != ']' || props.empty())
                fail("bad state key '" + key + "' (expected name[property=value,...])");
            for (const auto& [k, v] : props) r.state += (r.state.empty() ? "" : ",") + k + "=" + v;
            t.stated_[name].emplace_back(std::move(props), r);
        } else if (key.find('*') != std::string::npos) {
            t.patterns_.emplace_back(key, r);
        } else {
            t.exact_[key] = r;
        }
    }
    return t;
}

MinecraftBlockTable MinecraftBlockTable::load(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LoadError(path, 0, "cannot open block table");
    return parse(f, path);
}

namespace {

// The folder of the file this code was loaded from: libvoxnav.so, or the
// executable it is linked into. "" if the system cannot say.
std::string own_folder() {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&own_folder), &info) == 0 || info.dli_fname == nullptr) return "";
    // dli_fname is the path the file was loaded by (for an executable, as
    // it was started: maybe relative); made absolute so a chdir does not matter.
    std::string file = info.dli_fname;
    if (char* real = ::realpath(info.dli_fname, nullptr)) {
        file = real;
        std::free(real);
    }
    const std::size_t slash = file.rfind('/');
    return slash == std::string::npos ? std::string(".") : file.substr(0, slash);
}

}  // namespace

std::vector<std::string> MinecraftBlockTable::builtin_folders() {
    std::vector<std::string> dirs;
    if (const char* env = std::getenv("VOXNAV_DATA_DIR"); env != nullptr && *env != '\0') dirs.emplace_back(env);
    if (const std::string own = own_folder(); !own.empty()) {
        if (*VOXNAV_DATA_FROM_LIBDIR) dirs.push_back(own + "/" + VOXNAV_DATA_FROM_LIBDIR);
        if (*VOXNAV_DATA_FROM_BINDIR) dirs.push_back(own + "/" + VOXNAV_DATA_FROM_BINDIR);
    }
    for (const char* dir : {VOXNAV_INSTALL_DATA_DIR, VOXNAV_DATA_DIR})
        if (*dir) dirs.emplace_back(dir);
    return dirs;
}

const MinecraftBlockTable& MinecraftBlockTable::builtin() {
    static const MinecraftBlockTable table = [] {
        std::string tried;
        for (const std::string& dir : builtin_folders()) {
            const std::string path = dir + "/minecraft_blocks.txt";
            if (std::ifstream(path).good()) return load(path);
            tried += (tried.empty() ? "" : ", ") + dir;
        }
        throw LoadError("minecraft_blocks.txt", 0,
                        "the built-in block table is not installed (looked in " + tried +
                            "); set VOXNAV_DATA_DIR to its folder or pass a table explicitly");
    }();
    return table;
}

std::optional<MinecraftBlockTable::Rule> MinecraftBlockTable::classify(const std::string& full_name,
                                                                     const std::map<std::string, std::string>& props) const {
    const std::string name = strip_namespace(full_name);
    if (auto it = stated_.find(name); it != stated_.end())
        for (const auto& [want, rule] : it->second) {
            bool all = true;
            for (const auto& [k, v] : want) {
                const auto p = props.find(k);
                all = all && p != props.end() && p->second == v;
            }
            if (all) return rule;
        }
    if (auto it = exact_.find(name); it != exact_.end()) return it->second;
    for (const auto& [pattern, rule] : patterns_)
        if (glob_matches(pattern, name)) return rule;
    return std::nullopt;
}

std::string MinecraftBlockTable::legacy_name(int id) const {
    auto it = legacy_.find(id);
    return it == legacy_.end() ? std::string() : it->second;
}

detail::StateProperties state_properties(const NbtValue& entry) {
    detail::StateProperties props;
    if (const NbtValue* p = entry.find("Properties", NbtTag::Compound))
        for (const auto& [key, value] : p->compound)
            if (value.tag == NbtTag::String) props[key] = value.string;
    return props;
}

BlockId BlockMapper::map(const std::string& full_name, const detail::StateProperties& props) {
    std::string key = full_name;
    for (const auto& [k, v] : props) key += "|" + k + "=" + v;
    if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    const std::string name = strip_namespace(full_name);
    auto rule = table_.classify(full_name, props);
    if (!rule) {
        unknown_.insert(name);
        rule = MinecraftBlockTable::Rule{};
    }
    const detail::StatedBlock b = detail::resolve_state(name, *rule, props);
    BlockId id;
    if (b.kind == BlockKind::Air && b.waterlogged)
        id = *world_.blocks().find("water");
    else if (b.kind == BlockKind::Air && b.shape == BlockShape{} && (name == "air" || name == "cave_air" || name == "void_air"))
        id = BlockRegistry::air;
    else if (auto existing = world_.blocks().find(b.name); existing && (world_.blocks()[*existing].kind != b.kind ||
                                                                          world_.blocks()[*existing].hazard != b.hazard ||
                                                                          world_.blocks()[*existing].shape != b.shape))
        id = world_.blocks().define(b.name, b.kind, b.hazard, b.shape);  // the table decides what a name means
    else
        id = world_.blocks().add(b.name, b.kind, b.hazard, b.shape);
    // Water from waterlogging and air keep the registry's own material.
    if (id != BlockRegistry::air && world_.blocks()[id].name == b.name) world_.blocks().set_material(id, rule->material);
    cache_.emplace(key, id);
    return id;
}

void BlockMapper::count_unknown(ImportReport& report, const std::string& full_name, std::uint64_t voxels) const {
    const std::string name = strip_namespace(full_name);
    if (unknown_.count(name)) report.unknown_blocks[name] += voxels;
}

}  // namespace voxnav
