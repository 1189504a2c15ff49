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

BlockRegistry::BlockRegistry() {
    add("air", BlockKind::Air);
    add("stone", BlockKind::Solid);
    add("water", BlockKind::Liquid);
    add("lava", BlockKind::Liquid, true);
    add("mud", BlockKind::Solid);
}

BlockId BlockRegistry::add(const std::string& name, BlockKind kind, bool hazard) {
    if (auto it = by_name_.find(name); it != by_name_.end()) {
        const BlockType& t = types_[it->second];
        if (t.kind != kind || t.hazard != hazard)
            throw std::invalid_argument("block '" + name + "' is already defined as " + to_string(t.kind) +
                                        (t.hazard ? " hazard" : ""));
        return it->second;
    }
    if (types_.size() >= 65536) throw std::invalid_argument("too many block types (limit 65536)");
    const auto id = static_cast<BlockId>(types_.size());
    types_.push_back({name, kind, hazard});
    ++version_;
    by_name_.emplace(name, id);
    return id;
}

BlockId BlockRegistry::define(const std::string& name, BlockKind kind, bool hazard) {
    if (auto it = by_name_.find(name); it != by_name_.end()) {
        if (it->second == air && (kind != BlockKind::Air || hazard))
            throw std::invalid_argument("block 'air' cannot be redefined");
        types_[it->second].kind = kind;
        types_[it->second].hazard = hazard;
        ++version_;
        return it->second;
    }
    return add(name, kind, hazard);
}

std::optional<BlockId> BlockRegistry::find(std::string_view name) const {
    auto it = by_name_.find(std::string(name));
    if (it == by_name_.end()) return std::nullopt;
    return it->second;
}

}  // namespace voxnav
