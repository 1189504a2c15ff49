// SPDX-License-Identifier: MIT
// Minecraft block states (the properties of a palette entry) turned into
// voxnav block types through a table rule: the names and meanings of
// `type`, `half`, `facing`, `shape`, `open`, `layers` and `waterlogged` live
// here and in the table, never in the engine.
#pragma once

#include "voxnav/io/imports.hpp"

#include <map>
#include <string>

namespace voxnav::detail {

/// A block state's properties, e.g. {"facing": "east", "half": "bottom"}.
using StateProperties = std::map<std::string, std::string>;

/// What a state of a table rule becomes. `name` is the registry name: the
/// block name alone, or with the properties that shaped it in brackets
/// ("oak_stairs[facing=east,half=bottom]"), so each distinct shape is one type.
struct StatedBlock {
    std::string name;
    BlockKind kind = BlockKind::Solid;
    bool hazard = false;
    BlockShape shape;
    bool waterlogged = false;  ///< waterlogged=true (the caller turns a passable one into water)
};

/// Applies `props` to `rule` for the block called `name` (without namespace).
/// Missing or unknown property values take the plainest reading (a bottom
/// slab, a closed door, one snow layer, a stair without a known facing is a
/// full cube), never an error: real files carry states from many versions.
[[nodiscard]] StatedBlock resolve_state(const std::string& name, const MinecraftBlockTable::Rule& rule, const StateProperties& props);

/// Splits a Sponge palette key "minecraft:oak_stairs[facing=east,half=top]"
/// into the name and its properties.
[[nodiscard]] std::string split_state_string(const std::string& state, StateProperties& props);

}  // namespace voxnav::detail
