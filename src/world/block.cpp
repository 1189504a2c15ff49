// SPDX-License-Identifier: MIT
#include "voxnav/world/block.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace voxnav {

namespace {

// Each enum's words, in one table that both directions read.
template <class E, std::size_t N>
using Names = std::array<std::pair<E, const char*>, N>;
constexpr Names<BlockKind, 3> kKindNames{{{BlockKind::Air, "air"}, {BlockKind::Solid, "solid"}, {BlockKind::Liquid, "liquid"}}};
constexpr Names<OpenClass, 4> kOpenNames{
    {{OpenClass::None, "none"}, {OpenClass::Hand, "hand"}, {OpenClass::Powered, "powered"}, {OpenClass::Owner, "owner"}}};
constexpr Names<Damage, 3> kDamageNames{{{Damage::None, "none"}, {Damage::Body, "body"}, {Damage::Floor, "floor"}}};

template <class E, std::size_t N>
const char* name_of(const Names<E, N>& names, E value) {
    for (const auto& [v, text] : names)
        if (v == value) return text;
    return names[0].second;
}

template <class E, std::size_t N>
std::optional<E> value_of(const Names<E, N>& names, std::string_view text) {
    for (const auto& [v, word] : names)
        if (text == word) return v;
    return std::nullopt;
}

}  // namespace

const char* to_string(BlockKind kind) { return name_of(kKindNames, kind); }
std::optional<BlockKind> parse_block_kind(std::string_view text) { return value_of(kKindNames, text); }
const char* to_string(OpenClass c) { return name_of(kOpenNames, c); }
std::optional<OpenClass> parse_open_class(std::string_view text) { return value_of(kOpenNames, text); }
const char* to_string(Damage d) { return name_of(kDamageNames, d); }
std::optional<Damage> parse_damage(std::string_view text) { return value_of(kDamageNames, text); }

std::string shape_problem(BlockKind kind, const BlockShape& s) {
    if (!(s.bottom < s.top) || s.top > 24 || s.bottom > 15) return "collision must be bottom < top <= 24/16 with bottom <= 15/16";
    if (s.stair_faces > 15) return "stair faces are 4 bits";
    if (kind != BlockKind::Solid) {
        if (s.bottom != 0 || s.top != 16) return "only a solid has a collision interval";
        if (s.stair_faces != 0) return "only a solid can be a stair";
        if (s.open_class != OpenClass::None) return "only a solid can be a door, gate or trapdoor";
    }
    if (s.stair_faces != 0 && (s.bottom != 0 || s.top != 16)) return "a stair fills its voxel (collision 0..16)";
    if (s.open && s.open_class == OpenClass::None) return "only a door, gate or trapdoor can be open";
    if (!(s.inside_speed > 0.0 && s.inside_speed <= 1.0) || !(s.inside_vspeed > 0.0 && s.inside_vspeed <= 4.0))
        return "a body's speed inside must be in (0, 1] across and (0, 4] up and down";
    if (!(s.floor_speed > 0.0 && s.floor_speed <= 1.0) || !(s.jump_factor > 0.0 && s.jump_factor <= 1.0))
        return "a floor's speed and jump factors must be in (0, 1]";
    if (kind == BlockKind::Solid && (s.inside_speed != 1.0 || s.inside_vspeed != 1.0))
        return "only a passable block slows a body inside it";
    if (kind != BlockKind::Solid && (s.floor_speed != 1.0 || s.jump_factor != 1.0)) return "only a solid is a floor with a speed";
    return {};
}

const char* shape_family(const BlockType& t) {
    const BlockShape& s = t.shape;
    if (s.damage != Damage::None) return "damage";
    if (s.climbable) return "climbable";
    if (t.kind == BlockKind::Liquid) return t.hazard ? "hazard" : "liquid";
    if (t.kind == BlockKind::Air) return "passable";
    if (s.open_class != OpenClass::None) return s.top > 16 ? "gate" : s.top - s.bottom < 16 ? "trapdoor" : "door";
    if (s.stair_faces != 0) return "stairs";
    if (s.top > 16) return "fence";
    if (s.bottom == 0 && s.top == 16) return "full";
    if ((s.bottom == 0 && s.top == 8) || (s.bottom == 8 && s.top == 16)) return "slab";
    if (s.bottom == 0 && s.top < 8) return "thin";
    return "partial";
}

// Iterative, retrying only from the last star: O(pattern x name). (It was
// recursive, and exponential in the stars: a fuzzed block-table line of 40
// stars took over 10 s to classify one name.)
bool glob_matches(std::string_view pattern, std::string_view name) {
    std::size_t p = 0, s = 0;
    std::size_t star = std::string_view::npos;  // the last '*' seen in the pattern
    std::size_t resume = 0;                     // where in the name that star's match ends now
    while (s < name.size()) {
        if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = s;
        } else if (p < pattern.size() && pattern[p] == name[s]) {
            ++p;
            ++s;
        } else if (star != std::string_view::npos) {
            p = star + 1;  // let the last star swallow one more character
            s = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*') ++p;
    return p == pattern.size();
}

BlockRegistry::BlockRegistry() {
    add("air", BlockKind::Air);
    add("stone", BlockKind::Solid);
    add("water", BlockKind::Liquid);
    add("lava", BlockKind::Liquid, true);
    add("mud", BlockKind::Solid);
    // Minecraft's hardness of the text format's default blocks.
    set_material(1, {1.5, false, false});
    set_material(4, {0.5, false, false});
}

void BlockRegistry::set_material(BlockId id, const BlockMaterial& material) {
    if (id >= types_.size()) throw std::invalid_argument("set_material: unknown block id " + std::to_string(id));
    if (!(material.hardness >= 0.0))
        throw std::invalid_argument("block '" + types_[id].name + "': hardness must be >= 0 seconds (or unbreakable)");
    if (types_[id].material == material) return;
    types_[id].material = material;
    ++version_;
}

BlockId BlockRegistry::add(const std::string& name, BlockKind kind, bool hazard, const BlockShape& shape) {
    if (const std::string why = shape_problem(kind, shape); !why.empty())
        throw std::invalid_argument("block '" + name + "': " + why);
    if (auto it = by_name_.find(name); it != by_name_.end()) {
        const BlockType& t = types_[it->second];
        if (t.kind != kind || t.hazard != hazard || t.shape != shape)
            throw std::invalid_argument("block '" + name + "' is already defined as " + to_string(t.kind) +
                                        (t.hazard ? " hazard" : "") + (t.shape != shape ? " with another shape" : ""));
        return it->second;
    }
    if (types_.size() >= 65536) throw std::invalid_argument("too many block types (limit 65536)");
    const auto id = static_cast<BlockId>(types_.size());
    types_.push_back({name, kind, hazard, shape, BlockMaterial::of(kind)});
    ++version_;
    by_name_.emplace(name, id);
    return id;
}

BlockId BlockRegistry::define(const std::string& name, BlockKind kind, bool hazard, const BlockShape& shape) {
    if (auto it = by_name_.find(name); it != by_name_.end()) {
        if (it->second == air && (kind != BlockKind::Air || hazard || shape != BlockShape{}))
            throw std::invalid_argument("block 'air' cannot be redefined");
        if (const std::string why = shape_problem(kind, shape); !why.empty())
            throw std::invalid_argument("block '" + name + "': " + why);
        // A new kind starts from that kind's material; the same kind keeps it.
        if (types_[it->second].kind != kind) types_[it->second].material = BlockMaterial::of(kind);
        types_[it->second].kind = kind;
        types_[it->second].hazard = hazard;
        types_[it->second].shape = shape;
        ++version_;
        return it->second;
    }
    return add(name, kind, hazard, shape);
}

std::optional<BlockId> BlockRegistry::find(std::string_view name) const {
    auto it = by_name_.find(std::string(name));
    if (it == by_name_.end()) return std::nullopt;
    return it->second;
}

}  // namespace voxnav
