// SPDX-License-Identifier: MIT
#include "facts/block_traits.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

namespace voxnav {

FloorClasses::FloorClasses() {
    multipliers_.fill(1.0);
    block_part_.fill(1.0);
}

FloorClasses::FloorClasses(const std::vector<std::pair<std::string, double>>& floor_cost, const BlockRegistry* registry)
    : FloorClasses() {
    // Each name's pair (the shape's multiplier, the block's own slowness).
    std::map<std::string, std::pair<double, double>, std::less<>> pairs;
    for (const auto& [name, m] : floor_cost) pairs[name] = {m, 1.0};
    if (registry)
        for (const BlockType& t : registry->types()) {
            double slow = 1.0;
            if (t.collides() && t.shape.floor_speed < 1.0) slow = 1.0 / t.shape.floor_speed;
            else if (!t.collides() && t.shape.inside_speed < 1.0) slow = 1.0 / t.shape.inside_speed;
            if (slow == 1.0) continue;
            auto it = pairs.find(t.name);
            const double m = it == pairs.end() ? 1.0 : it->second.first;
            pairs[t.name] = {m, slow};
        }
    // Distinct pairs by their product ascending, so a larger class is a
    // dearer floor (profiles hold at most 15 multipliers above 1:
    // ProfileError otherwise; the block tables' slow blocks add a few).
    std::set<std::pair<double, double>> distinct;  // (product, block part)
    for (const auto& [name, p] : pairs) distinct.insert({p.first * p.second, p.second});
    unsigned n = 1;
    std::map<std::pair<double, double>, std::uint8_t> cls;
    for (const auto& d : distinct) {
        // Past 15 classes the dearest ones share the last (priced at the
        // cheapest of them: never dearer than the game).
        if (n < 16) {
            multipliers_[n] = d.first;
            block_part_[n] = d.second;
        }
        cls[d] = std::uint8_t(std::min(n, 15u));
        ++n;
    }
    // Each name gets its class here, once, from its own pair.
    for (const auto& [name, p] : pairs) by_name_[name] = cls[{p.first * p.second, p.second}];
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
        // (Only a block that slows the body: a profile's floor_cost of a
        // passable name prices no walk through it, as before.)
        b.inside_class = std::uint8_t(!b.collides && !b.blocks_body && t.shape.inside_speed < 1.0 ? floors_->of(t.name) : 0u);
        // Either factor below 1 holds the body (docs/movement.md, "Slow blocks").
        b.stuck = !b.collides && !b.blocks_body && (t.shape.inside_speed < 1.0 || t.shape.inside_vspeed < 1.0);
        if (b.stuck) least_inside_vspeed_ = std::min(least_inside_vspeed_, t.shape.inside_vspeed);
        b.low_jump = b.supports && t.shape.jump_factor < 1.0;
        b.jump_factor = b.supports ? t.shape.jump_factor : 1.0;
        least_jump_factor_ = std::min(least_jump_factor_, b.jump_factor);
        any_stuck_ = any_stuck_ || b.stuck;
        b.hardness = t.material.hardness;
        b.falls = t.material.falls;
        b.replaceable = t.material.replaceable && !b.collides;
    }
}

}  // namespace voxnav
