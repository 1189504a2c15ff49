#include "agent/dig_moves.hpp"

#include <string_view>

namespace voxnav {

DigMoves::DigMoves(const BlockRegistry& blocks, const CheckedProfile& profile)
    : profile_(profile) {
    w_ = profile_->width;
    h_ = profile_->body_voxels();
    jump_ = profile_->jump_voxels();
    walk_ = 1.0 / profile_->walk_speed;
    info_.resize(blocks.size());
    for (std::size_t id = 0; id < blocks.size(); ++id) {
        const BlockType& t = blocks[static_cast<BlockId>(id)];
        Info& i = info_[id];
        const bool liquid = t.kind == BlockKind::Liquid;
        if (liquid) i.flags |= kLiquid;
        if (!t.blocks_body() && !liquid) i.flags |= kOpen;
        if (t.collides() && t.shape.top <= 16 && t.shape.damage != Damage::Floor) {
            i.flags |= kSupports;
            if (auto it = profile_->floor_cost.find(t.name); it != profile_->floor_cost.end()) i.floor = it->second;
        }
        if (t.material.falls) i.flags |= kFalls;
        if (t.material.replaceable && !t.collides()) i.flags |= kReplaceable;
        bool spared = false;
        // Patterns match the name as registered, or without its namespace and
        // block state ("minecraft:oak_planks[...]" is "oak_planks").
        std::string_view bare(t.name);
        bare = bare.substr(0, bare.find('['));
        if (bare.rfind("minecraft:", 0) == 0) bare.remove_prefix(10);
        for (const std::string& g : profile_->never_dig) spared = spared || glob_matches(g, t.name) || glob_matches(g, bare);
        if (profile_->dig && t.collides() && t.material.breakable() && !spared)
            i.break_time = t.material.hardness / profile_->dig_speed + profile_->dig_penalty;
    }
    // Ids added to the registry after this table was built read as stone
    // that is never dug (the search rebuilds the table when the registry changes).
    unknown_.flags = kSupports;
    // The most voxels one move digs or places: a jump's headroom and body.
    const std::size_t most = std::size_t(w_) * w_ * std::size_t(h_ + jump_ + 1);
    dug_.reserve(most);
    placed_.reserve(std::size_t(w_) * w_);
}

}  // namespace voxnav
