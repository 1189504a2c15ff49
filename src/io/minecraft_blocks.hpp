// Turns Minecraft block names into world block ids through the block table,
// caching each distinct name and remembering the unknown ones.
#pragma once

#include "voxnav/io/imports.hpp"

#include <set>
#include <string>
#include <unordered_map>

namespace voxnav {

class BlockMapper {
public:
    BlockMapper(World& world, const MinecraftBlockTable& table) : world_(world), table_(table) {}
    /// Block id for a name; a passable block that is waterlogged becomes water.
    BlockId map(const std::string& name, bool waterlogged = false);
    /// Adds `voxels` to the report when `name` was not in the table.
    void count_unknown(ImportReport& report, const std::string& name, std::uint64_t voxels) const;

private:
    World& world_;
    const MinecraftBlockTable& table_;
    std::unordered_map<std::string, BlockId> cache_;
    std::set<std::string> unknown_;
};

}  // namespace voxnav
