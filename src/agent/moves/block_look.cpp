// SPDX-License-Identifier: MIT
#include "agent/moves/block_look.hpp"

#include "facts/block_traits.hpp"
#include "facts/nav_snapshot.hpp"

#include <stdexcept>
#include <string_view>

namespace voxnav::moves {
namespace {

const BlockTraitsTable& traits_of(const NavSnapshot& s) {
    if (!s.block_traits() || !s.block_types())
        throw std::invalid_argument("BlockLook: the snapshot keeps no block types (NavField::keep_blocks) or no block traits");
    return *s.block_traits();
}

}  // namespace

BlockLook::BlockLook(const NavSnapshot& snapshot, const CheckedProfile& profile)
    : BlockLook(traits_of(snapshot), *snapshot.block_types(), profile) {}

BlockLook::BlockLook(const BlockTraitsTable& traits, const BlockRegistry& names, const CheckedProfile& profile)
    : profile_(profile) {
    w_ = profile_->width;
    h_ = profile_->body_voxels();
    jump_ = profile_->jump_voxels();
    // Everything but the break times is the traits table's; the break times
    // are this agent's (dig_speed, dig_penalty, never_dig), matched here once.
    auto table = std::make_shared<std::vector<Info>>(traits.size());
    for (std::size_t id = 0; id < traits.size(); ++id) {
        const BlockTraits& t = traits[static_cast<BlockId>(id)];
        Info& i = (*table)[id];
        if (t.liquid) i.flags |= kLiquid;
        if (!t.blocks_body && !t.liquid) i.flags |= kOpen;
        // The block forms stand on a support's top only within its
        // voxel (see the header): a fence's top is left to the ordinary moves.
        if (t.supports && t.hi <= 16) {
            i.flags |= kFloors;
            i.floor_class = t.floor_class;
        }
        if (t.falls) i.flags |= kFalls;
        if (t.replaceable) i.flags |= kReplaceable;
        if (!profile_->dig || !t.breakable()) continue;
        bool spared = false;
        if (!profile_->never_dig.empty() && id < names.size()) {
            // Patterns match the name as registered, or without its namespace
            // and block state ("minecraft:oak_planks[...]" is "oak_planks").
            const std::string& name = names[static_cast<BlockId>(id)].name;
            std::string_view bare(name);
            bare = bare.substr(0, bare.find('['));
            if (bare.rfind("minecraft:", 0) == 0) bare.remove_prefix(10);
            for (const std::string& g : profile_->never_dig) spared = spared || glob_matches(g, name) || glob_matches(g, bare);
        }
        if (!spared) i.break_time = t.hardness / profile_->dig_speed + profile_->dig_penalty;
    }
    info_ = table->data();
    info_size_ = table->size();
    table_ = std::move(table);
    // Ids beyond the table read as stone that is never dug (the table comes
    // with the block ids of the same registry version, so none should).
    unknown_.flags = kFloors;
    // The most voxels one move digs or places: a jump's headroom and body.
    const std::size_t most = std::size_t(w_) * w_ * std::size_t(h_ + jump_ + 1);
    dug_.reserve(most);
    placed_.reserve(std::size_t(w_) * w_);
}

}  // namespace voxnav::moves
