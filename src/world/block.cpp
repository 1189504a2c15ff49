#include "voxnav/world/block.hpp"

#include <stdexcept>

namespace voxnav {

const char* to_string(BlockKind kind) {
    switch (kind) {
        case BlockKind::Air: return "air";
        case BlockKind::Solid: return "solid";
        case BlockKind::Liquid: return "liquid";
    }
    return "air";
}

std::optional<BlockKind> parse_block_kind(std::string_view text) {
    if (text == "air") return BlockKind::Air;
    if (text == "solid") return BlockKind::Solid;
    if (text == "liquid") return BlockKind::Liquid;
    return std::nullopt;
}

const char* to_string(OpenClass c) {
    switch (c) {
        case OpenClass::None: return "none";
        case OpenClass::Hand: return "hand";
        case OpenClass::Powered: return "powered";
    }
    return "none";
}

std::optional<OpenClass> parse_open_class(std::string_view text) {
    if (text == "none") return OpenClass::None;
    if (text == "hand") return OpenClass::Hand;
    if (text == "powered") return OpenClass::Powered;
    return std::nullopt;
}

const char* to_string(Damage d) {
    switch (d) {
        case Damage::None: return "none";
        case Damage::Body: return "body";
        case Damage::Floor: return "floor";
    }
    return "none";
}

std::optional<Damage> parse_damage(std::string_view text) {
    if (text == "none") return Damage::None;
    if (text == "body") return Damage::Body;
    if (text == "floor") return Damage::Floor;
    return std::nullopt;
}

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
    return {};
}

BlockRegistry::BlockRegistry() {
    add("air", BlockKind::Air);
    add("stone", BlockKind::Solid);
    add("water", BlockKind::Liquid);
    add("lava", BlockKind::Liquid, true);
    add("mud", BlockKind::Solid);
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
    types_.push_back({name, kind, hazard, shape});
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
