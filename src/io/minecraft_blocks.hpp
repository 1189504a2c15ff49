// SPDX-License-Identifier: MIT
// Turns Minecraft block names into world block ids through the block table,
// caching each distinct name and remembering the unknown ones.
#pragma once

#include "block_states.hpp"
#include "voxnav/io/imports.hpp"

#include <set>
#include <string>
#include <unordered_map>

namespace voxnav {

struct NbtValue;

/// The Properties of a 1.13+ palette entry {Name, Properties{key: "value"}}
/// (Anvil sections and structure files); values that are not strings are skipped.
[[nodiscard]] detail::StateProperties state_properties(const NbtValue& palette_entry);

class BlockMapper {
public:
    BlockMapper(World& world, const MinecraftBlockTable& table) : world_(world), table_(table) {}
    /// Block id for a name and its state properties (table rule, then
    /// resolve_state); a passable block that is waterlogged becomes water.
    BlockId map(const std::string& name, const detail::StateProperties& props = {});
    /// Adds `voxels` to the report when `name` was not in the table.
    void count_unknown(ImportReport& report, const std::string& name, std::uint64_t voxels) const;

private:
    World& world_;
    const MinecraftBlockTable& table_;
    std::unordered_map<std::string, BlockId> cache_;
    std::set<std::string> unknown_;
};

}  // namespace voxnav
