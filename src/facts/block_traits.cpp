#include "facts/block_traits.hpp"

#include <iterator>
#include <set>

namespace voxnav {

FloorClasses::FloorClasses() { multipliers_.fill(1.0); }

FloorClasses::FloorClasses(const std::vector<std::pair<std::string, double>>& floor_cost) : FloorClasses() {
    // Distinct multipliers ascending, so a larger class is a larger multiplier
    // (profiles hold at most 15 above 1: ProfileError otherwise).
    std::set<double> distinct;
    for (const auto& [name, m] : floor_cost) distinct.insert(m);
    unsigned n = 1;
    for (double m : distinct) multipliers_[n++] = m;
    // Each name gets its class here, once, from its own multiplier.
    for (const auto& [name, m] : floor_cost)
        by_name_[name] = std::uint8_t(1 + std::distance(distinct.begin(), distinct.find(m)));
}

unsigned FloorClasses::of(std::string_view name) const {
    const auto it = by_name_.find(name);
    return it == by_name_.end() ? 0u : it->second;
}

BlockTraitsTable::BlockTraitsTable(const BlockRegistry& registry, const AgentShape& shape, std::shared_ptr<const FloorClasses> floors)
    : registry_version_(registry.version()), floors_(std::move(floors)) {
    traits_.resize(registry.size());
    for (std::size_t id = 0; id < registry.size(); ++id) {
        const BlockType& t = registry[static_cast<BlockId>(id)];
        BlockTraits& b = traits_[id];
        b.collides = t.collides();
        b.blocks_body = t.blocks_body();
        b.liquid = t.kind == BlockKind::Liquid;
        b.water = t.is_water();
        b.shaped = t.is_shaped();
        b.door = t.shape.open_class != OpenClass::None;
        b.hurts_feet = t.shape.damage == Damage::Floor;
        if (b.collides) {
            b.lo = t.shape.bottom;
            b.hi = t.shape.top;
        } else if (b.blocks_body) {  // hazard liquids and damaging blocks without a collision fill their voxel
            b.lo = 0;
            b.hi = 16;
        }
        b.stairs = t.shape.stair_faces;
        b.supports = b.collides && !b.hurts_feet;
        b.agent_opens = t.kind == BlockKind::Solid && !t.shape.open && (shape.opens & open_bit(t.shape.open_class));
        b.climbable = t.shape.climbable && shape.climb;
        b.floor_class = std::uint8_t(b.supports ? floors_->of(t.name) : 0u);
        b.hardness = t.material.hardness;
        b.falls = t.material.falls;
        b.replaceable = t.material.replaceable && !b.collides;
    }
}

}  // namespace voxnav
